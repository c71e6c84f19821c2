//! End-to-end tests: docs/writing-a-game.md's Python path, run as the doc writes it: `game new`
//! writes the doc's game.py and test_game.py, the game's tests pass in plain CPython,
//! `game build` makes the component, `game-check` shows the Rust Bridge game's round, and
//! training runs (the last two with the fixture model's run config added, the one thing the
//! doc's commands leave to the machine). Also `game new --lang rust`, the refusals of
//! `game new` and `game build`, and the doc's table of the Rust constructors' Python names.

use std::path::Path;
use std::process::Command;

use frost_host::authoring::{scaffold, Lang};

use crate::common::{frost_host, root};
use crate::fixture::{jsonl, run_cli, tmp};
use crate::writing_a_game::embedded_on_fixture;

fn doc() -> String {
    std::fs::read_to_string(root().join("docs/writing-a-game.md")).unwrap()
}

/// The doc's "In Python" section.
fn python_section() -> String {
    let doc = doc();
    let start = doc
        .find("## In Python")
        .expect("the doc has an \"In Python\" section");
    let rest = &doc[start..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 3);
    rest[..end].to_string()
}

fn blocks(section: &str, lang: &str) -> Vec<String> {
    (section.split(&format!("```{lang}\n")).skip(1))
        .map(|b| b.split("```").next().unwrap().to_string())
        .collect()
}

#[test]
fn the_docs_python_game_is_what_game_new_writes() {
    let section = python_section();
    let files = scaffold::files(Lang::Python, "mygame");
    let file = |name: &str| files.iter().find(|(p, _)| *p == name).unwrap().1.clone();
    assert_eq!(
        blocks(&section, "python"),
        [file("game.py"), file("test_game.py")],
        "the doc's Python blocks must be game.py and test_game.py as `game new --lang python mygame` writes them"
    );
}

#[test]
fn the_docs_python_path_runs_as_written() {
    let dir = tmp("py-doc");
    std::fs::create_dir_all(&dir).unwrap();
    let cfg = embedded_on_fixture(&dir);
    let bin = Path::new(env!("CARGO_BIN_EXE_frost-host"))
        .parent()
        .unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let lines: Vec<String> = blocks(&python_section(), "sh")[0]
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(lines.len(), 5, "{lines:?}");
    let mut outputs = Vec::new();
    for line in &lines {
        // The fixture model stands in for the embedded default model.
        let cmd = match line.starts_with("frost-host game-check")
            || line.starts_with("frost-host --game")
        {
            true => format!("{line} --config {}", cfg.display()),
            false => line.clone(),
        };
        let o = Command::new("sh")
            .args(["-c", &cmd])
            .current_dir(&dir)
            .env("PATH", &path)
            .env("FROST", root())
            .env("FROST_LOG", "warn")
            .output()
            .unwrap();
        let (out, err) = (
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr),
        );
        assert!(o.status.success(), "`{cmd}` failed:\n{out}\n{err}");
        outputs.push(format!("{out}{err}"));
    }
    assert!(
        outputs[1].contains("Ran 2 tests") && outputs[1].contains("OK"),
        "{}",
        outputs[1]
    );
    assert!(
        outputs[2].contains("built mygame/mygame.wasm"),
        "{}",
        outputs[2]
    );
    // The Python Bridge plays the Rust Bridge's round (tests/e2e/writing_a_game.rs).
    let shown = &outputs[3];
    assert!(
        shown.starts_with("game mygame 0.1.0: move of 4 tokens"),
        "{shown}"
    );
    assert!(
        shown.contains("fits the model's context: prompt 32 + move 4 = 36 of 64 tokens"),
        "{shown}"
    );
    let runs: Vec<_> = std::fs::read_dir(dir.join("runs")).unwrap().collect();
    assert_eq!(runs.len(), 1);
    let run = runs[0].as_ref().unwrap().path();
    assert_eq!(jsonl(&run.join("metrics.jsonl")).len(), 2);
}

#[test]
fn game_new_writes_a_rust_crate_and_refuses_what_it_cannot_write() {
    let dir = tmp("rust-new");
    std::fs::create_dir_all(&dir).unwrap();
    let game = dir.join("my-rust-game");
    let o = run_cli(&["game", "new", "--lang", "rust", game.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lib = std::fs::read_to_string(game.join("src/lib.rs")).unwrap();
    assert!(lib.contains("const NAME: &'static str = \"my-rust-game\";"));
    let manifest = std::fs::read_to_string(game.join("Cargo.toml")).unwrap();
    let sdk = manifest
        .split("path = \"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    // The folder's own copy of the SDK, not a path out of it.
    assert_eq!(sdk, "frost-sdk", "{manifest}");
    assert!(
        game.join(sdk).join("wit/since_v0.2.0/game.wit").is_file(),
        "{manifest}"
    );
    for (args, says) in [
        (
            vec!["game", "new", game.to_str().unwrap()],
            "already exists",
        ),
        (vec!["game", "new", "Bad Name"], "is not a game name"),
        (
            vec!["game", "build", dir.to_str().unwrap()],
            "holds neither game.py",
        ),
    ] {
        let o = frost_host().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// The doc's table of Rust constructors and their Python names: (Rust cell, Python cell).
fn name_table() -> Vec<(String, String)> {
    let doc = doc();
    let start = doc
        .find("| Rust (`frost_sdk`) | Python (`frost_game`) |")
        .expect("the doc has the table of Python names");
    (doc[start..].lines().skip(2))
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            (cells[1].to_string(), cells[2].to_string())
        })
        .collect()
}

/// The names in `cell`'s code spans that `before` precedes and `(` follows (`.` for methods,
/// `::` for associated functions).
fn called(cell: &str, before: &str) -> Vec<String> {
    let mut names = Vec::new();
    for span in cell.split('`').skip(1).step_by(2) {
        for part in span.split(before).skip(1) {
            let name: String = part
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if part[name.len()..].starts_with('(') && !name.is_empty() {
                names.push(name);
            }
        }
    }
    names
}

#[test]
fn the_doc_gives_the_python_name_of_every_rust_constructor() {
    let table = name_table();
    // Every builder of the Rust SDK is in the Rust column.
    let builders = std::fs::read_to_string(root().join("sdk/src/builders.rs")).unwrap();
    let rust: Vec<String> = table
        .iter()
        .flat_map(|(r, _)| [called(r, "."), called(r, "::")].concat())
        .collect();
    for line in builders
        .lines()
        .filter(|l| l.trim_start().starts_with("pub fn "))
    {
        let name = line.trim_start()["pub fn ".len()..]
            .split('(')
            .next()
            .unwrap();
        assert!(
            rust.iter().any(|r| r == name),
            "docs/writing-a-game.md's table lacks the Rust SDK's `{name}`"
        );
    }
    // Every Python name in the other column exists: a top-level name of frost_game, a method
    // of one of its classes (callable: `bos` is a field, `with_bos` the method), a field.
    let mut tops = Vec::new();
    let (mut methods, mut fields) = (Vec::new(), Vec::new());
    for (_, py) in &table {
        methods.extend(called(py, "."));
        for span in py.split('`').skip(1).step_by(2) {
            let head: String = span
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if head.starts_with(|c: char| c.is_ascii_uppercase()) {
                tops.push(head);
            }
            for kw in span.split(", ").skip(1).filter_map(|a| a.split_once('=')) {
                fields.push(kw.0.to_string());
            }
        }
    }
    assert!(
        methods.iter().any(|m| m == "with_max_token_ce"),
        "{methods:?}"
    );
    let code = format!(
        "import dataclasses, inspect, json\nimport frost_game as fg\n\
         from frost_game import types\n\
         classes = [c for m in (fg, types) for c in vars(m).values() if inspect.isclass(c)]\n\
         tops, methods, fields = {tops:?}, {methods:?}, {fields:?}\n\
         missing = [t for t in tops if not hasattr(fg, t)]\n\
         missing += [m for m in methods if not any(callable(getattr(c, m, None)) for c in classes)]\n\
         missing += [f for f in fields if not any(dataclasses.is_dataclass(c) and f in \
         [x.name for x in dataclasses.fields(c)] for c in classes)]\n\
         print(json.dumps(missing))"
    );
    let out = Command::new(crate::common::python())
        .args(["-c", &code])
        .env("PYTHONPATH", root().join("sdk/python"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "[]",
        "Python names in docs/writing-a-game.md's table that frost_game lacks"
    );
}
