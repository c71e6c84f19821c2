//! The Rust SDK as built into this binary: `game new --lang rust` writes it into the new folder
//! (`NAME/frost-sdk/`, the game's path dependency), so a game folder needs no Frost checkout and
//! builds against exactly the SDK of the `frost-host` that wrote it. Its manifest is made
//! standalone here: the workspace's inherited keys (`version.workspace = true`, ...) are filled
//! in from the workspace manifest this binary was built with.

use toml::{Table, Value};

/// The folder of a Rust game that holds its copy of the SDK (the template's `path`).
pub const RUST_SDK_DIR: &str = "frost-sdk";
/// Where [`rust_sdk_manifest`] goes in a game folder.
pub const RUST_SDK_MANIFEST: &str = "frost-sdk/Cargo.toml";

/// `sdk/<path>` as a game folder's `frost-sdk/<path>`, with its text.
macro_rules! sdk_files {
    ($($path:literal),* $(,)?) => {
        &[$((concat!("frost-sdk/", $path), include_str!(concat!("../../../sdk/", $path)))),*]
    };
}

/// The Rust SDK's sources and WIT (path in a game folder, text), in file order; its manifest
/// is [`rust_sdk_manifest`].
pub const RUST_SDK: &[(&str, &str)] = sdk_files![
    "src/builders.rs",
    "src/lib.rs",
    "src/limits.rs",
    "src/manifest.rs",
    "src/native.rs",
    "src/rules.rs",
    "src/rules/tests.rs",
    "src/sample_text.txt",
    "src/testing.rs",
    "src/types.rs",
    "src/version.rs",
    "src/wasm.rs",
    "src/words.rs",
    "wit/since_v0.1.0/game.wit",
    "wit/since_v0.2.0/game.wit",
];

const SDK_MANIFEST: &str = include_str!("../../../sdk/Cargo.toml");
const WORKSPACE_MANIFEST: &str = include_str!("../../../Cargo.toml");

/// The SDK's Cargo.toml as a crate of its own: what it inherits from the workspace written
/// out, the workspace's lints left out (they are the Frost project's, not a game's).
pub fn rust_sdk_manifest() -> String {
    let parse = |text: &str| {
        text.parse::<Table>()
            .expect("the built-in manifests are TOML")
    };
    let (mut sdk, workspace) = (parse(SDK_MANIFEST), parse(WORKSPACE_MANIFEST));
    let ws = &workspace["workspace"];
    sdk.remove("lints");
    if let Some(Value::Table(package)) = sdk.get_mut("package") {
        inherit(package, &ws["package"]);
    }
    if let Some(Value::Table(deps)) = sdk.get_mut("dependencies") {
        inherit(deps, &ws["dependencies"]);
    }
    if let Some(Value::Table(targets)) = sdk.get_mut("target") {
        for (_, target) in targets.iter_mut() {
            if let Some(Value::Table(deps)) = target.get_mut("dependencies") {
                inherit(deps, &ws["dependencies"]);
            }
        }
    }
    // [package] first, as people write it (a table serializes its keys in order).
    let package = Table::from_iter(sdk.remove("package").map(|p| ("package".to_string(), p)));
    let toml = |t: &Table| toml::to_string(t).expect("a manifest serializes");
    let version = env!("CARGO_PKG_VERSION");
    format!(
        "# frost-sdk {version}, as built into frost-host {version}: `frost-host game new` wrote \
         this copy.\n# A newer frost-host plays games built with it; `frost-host game new` with \
         that frost-host writes its own SDK.\n{}\n{}",
        toml(&package),
        toml(&sdk)
    )
}

/// Replaces each `key.workspace = true` of `table` by the workspace's `key` (a dependency's
/// own keys, such as `features`, kept beside it).
fn inherit(table: &mut Table, from: &Value) {
    for (key, value) in table.iter_mut() {
        let Value::Table(own) = value else { continue };
        if own.get("workspace") != Some(&Value::Boolean(true)) {
            continue;
        }
        own.remove("workspace");
        let inherited = from
            .get(key)
            .unwrap_or_else(|| panic!("the workspace defines `{key}`"));
        *value = match inherited {
            Value::Table(base) if !own.is_empty() => {
                let mut merged = base.clone();
                let features = features(base).chain(features(own)).cloned().collect();
                merged.extend(own.clone());
                if merged.contains_key("features") {
                    merged.insert("features".into(), Value::Array(features));
                }
                Value::Table(merged)
            }
            Value::String(version) if !own.is_empty() => {
                let mut merged = own.clone();
                merged.insert("version".into(), Value::String(version.clone()));
                Value::Table(merged)
            }
            other => other.clone(),
        };
    }
}

/// A dependency's `features` (cargo takes the inherited ones and its own together).
fn features(t: &Table) -> impl Iterator<Item = &Value> {
    t.get("features")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn files_under(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                files_under(root, &p, out);
            } else {
                out.push(p.strip_prefix(root).unwrap().display().to_string());
            }
        }
    }

    #[test]
    fn the_built_in_rust_sdk_is_every_file_of_sdk_src_and_sdk_wit() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../sdk");
        let mut on_disk = Vec::new();
        for dir in ["src", "wit"] {
            files_under(&root, &root.join(dir), &mut on_disk);
        }
        let mut on_disk: Vec<String> = on_disk
            .into_iter()
            .map(|p| format!("{RUST_SDK_DIR}/{p}"))
            .collect();
        on_disk.sort();
        let built: Vec<&str> = RUST_SDK.iter().map(|(p, _)| *p).collect();
        assert_eq!(
            on_disk, built,
            "list every file of sdk/src and sdk/wit in RUST_SDK"
        );
    }

    #[test]
    fn the_sdk_manifest_stands_alone_at_this_binarys_version() {
        let text = rust_sdk_manifest();
        let m: Table = text.parse().unwrap();
        assert!(!text.contains("workspace"), "{text}");
        let package = m["package"].as_table().unwrap();
        assert_eq!(package["name"].as_str(), Some("frost-sdk"));
        assert_eq!(package["version"].as_str(), Some(env!("CARGO_PKG_VERSION")));
        assert_eq!(package["edition"].as_str(), Some("2021"));
        let deps = m["dependencies"].as_table().unwrap();
        assert_eq!(deps["serde_json"].as_str(), Some("1"));
        let serde = deps["serde"].as_table().unwrap();
        assert_eq!(serde["version"].as_str(), Some("1"));
        assert_eq!(serde["features"].as_array().unwrap().len(), 1);
        let wasm = &m["target"]["cfg(target_arch = \"wasm32\")"]["dependencies"];
        assert_eq!(wasm["wit-bindgen"]["version"].as_str(), Some("0.57"));
        assert!(m.get("lints").is_none());
    }

    #[test]
    fn a_dependencys_own_keys_are_kept_beside_the_inherited_ones() {
        let from: Value = "a = \"1\"\nb = { version = \"2\", features = [\"x\"] }\n"
            .parse::<Table>()
            .unwrap()
            .into();
        let mut deps: Table = "a = { workspace = true, optional = true }\n\
                               b = { workspace = true, default-features = false, features = [\"y\"] }\n\
                               c = \"3\"\n"
            .parse()
            .unwrap();
        inherit(&mut deps, &from);
        let want: Table = "a = { version = \"1\", optional = true }\n\
                           b = { version = \"2\", features = [\"x\", \"y\"], default-features = false }\n\
                           c = \"3\"\n"
            .parse()
            .unwrap();
        assert_eq!(deps, want);
    }
}
