use super::*;

const GOOD: &str = r#"
name = "my-game"
version = "0.2.1"
api = "0.2.0"
description = "A game."
license = "MIT OR Apache-2.0"
authors = ["Ada"]

[[example]]
seed = 3
config = { gap_tokens = 4 }
move = " the"
score = [-40.0, -10.0]

[[example]]
name = "long gap"
text = "Some text."
move = " a b c"
score = [-80, -20]
"#;

fn with(from: &str, to: &str) -> String {
    assert!(GOOD.contains(from), "{from}");
    GOOD.replace(from, to)
}

fn err(text: &str) -> String {
    let e = Manifest::parse(text).unwrap_err().to_string();
    assert_eq!(e.lines().count(), 1, "{e}");
    e
}

#[test]
fn a_good_manifest_parses() {
    let m = Manifest::parse(GOOD).unwrap();
    assert_eq!(m.name_at_version(), "my-game@0.2.1");
    assert_eq!(m.examples.len(), 2);
    assert_eq!(m.examples[0].label(0), "example 1");
    assert_eq!(m.examples[1].label(1), "long gap");
    assert_eq!(
        m.examples[0].config_json(),
        serde_json::json!({"gap_tokens": 4})
    );
    assert_eq!(m.examples[1].score, [-80.0, -20.0]);
    assert_eq!(m.examples[1].seed, 0);
}

#[test]
fn each_mistake_is_one_line_naming_the_field() {
    let e = err(&with("version = \"0.2.1\"", "version = \"1.0\""));
    assert!(
        e.starts_with("frost-game.toml: version: \"1.0\" is not a semantic version"),
        "{e}"
    );
    assert!(
        e.ends_with("write MAJOR.MINOR.PATCH, e.g. \"0.1.0\""),
        "{e}"
    );
    let e = err(&with("authors", "author"));
    assert!(e.contains("unknown field `author`"), "{e}");
    assert!(e.starts_with("frost-game.toml: line 7, column 1"), "{e}");
    let e = err(&with("api = \"0.2.0\"", "api = \"9.0.0\""));
    assert!(e.contains("write api = \"0.2.0\""), "{e}");
    let e = err(&with("[-40.0, -10.0]", "[-10.0, -40.0]"));
    assert!(
        e.starts_with("frost-game.toml: example 1 (example 1): score"),
        "{e}"
    );
    let e = err(&with("\"MIT OR Apache-2.0\"", "\"MIT/Apache\""));
    assert!(e.contains("license: \"MIT/Apache\" is not an SPDX"), "{e}");
    let e = err(&with("[\"Ada\"]", "[]"));
    assert!(e.contains("authors: name at least one author"), "{e}");
    let e = err(&with("name = \"my-game\"", "name = \"My Game\""));
    assert!(e.contains("name: \"My Game\" is not a game name"), "{e}");
    let e = err(&with("name = \"long gap\"", "name = \"example 1\""));
    assert!(e.contains("another example has this name"), "{e}");
    let e = err(&with("move = \" the\"", "mvoe = \" the\""));
    assert!(e.contains("unknown field `mvoe`"), "{e}");
    let e = err("name = ");
    assert!(e.starts_with("frost-game.toml: line 1"), "{e}");
    let e = Manifest::from_bytes(&[0xff, 0xfe]).unwrap_err().to_string();
    assert_eq!(e, "frost-game.toml: the embedded manifest is not UTF-8");
    let e = Manifest::from_bytes(&vec![b'#'; MAX_BYTES + 1])
        .unwrap_err()
        .to_string();
    assert!(e.contains("over 1048576 bytes"), "{e}");
}

#[test]
fn disagreements_with_describe_are_named() {
    let m = Manifest::parse(GOOD).unwrap();
    let mut info = GameInfo {
        name: "my-game".into(),
        version: "0.2.1".into(),
        abi_version: "0.2.0".into(),
        description: "A game.\n".into(),
        config_schema: "{}".into(),
        default_config: "{}".into(),
    };
    assert_eq!(m.disagreements(&info), Vec::<String>::new());
    info.version = "0.2.0".into();
    assert_eq!(
        m.disagreements(&info),
        vec!["version is \"0.2.1\" in the manifest, \"0.2.0\" in describe()".to_string()]
    );
}
