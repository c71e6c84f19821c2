//! The game API version, written once. The WIT package line (`package frost:game@X;`) and
//! the folder holding it (`wit/since_vX/`) must carry the same version; the test below
//! reads them, so a bump that misses one fails `cargo test -p frost-sdk`.

/// The game API version as a string literal, for `concat!` in this crate and in the host
/// (`ABI_VERSION` is a `const`, which `concat!` cannot read).
#[doc(hidden)]
#[macro_export]
macro_rules! abi_version {
    () => {
        "0.2.0"
    };
}

/// Version of the game interface: the WIT package `frost:game@<ABI_VERSION>` in
/// `sdk/wit/since_v<ABI_VERSION>/game.wit`. A host plays only games built for its version.
pub const ABI_VERSION: &str = abi_version!();

/// Every game API version a host built with this SDK plays, newest first. A game built for
/// an older one loads unchanged: its data reads as the newest version's with the new fields
/// at their defaults (which mean "as in that version").
pub const SUPPORTED_ABI_VERSIONS: [&str; 2] = [ABI_VERSION, "0.1.0"];

/// The interface a game component exports: `frost:game/game@<ABI_VERSION>`.
pub const WIT_INTERFACE: &str = concat!("frost:game/game@", abi_version!());

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_use_of_the_version_agrees() {
        let folder = format!("since_v{ABI_VERSION}");
        let wit_path = format!("{}/wit/{folder}/game.wit", env!("CARGO_MANIFEST_DIR"));
        let wit = std::fs::read_to_string(&wit_path)
            .unwrap_or_else(|e| panic!("the WIT for {ABI_VERSION} is not at {wit_path}: {e}"));
        let package = wit
            .lines()
            .find_map(|l| l.trim().strip_prefix("package "))
            .expect("the WIT has a package line");
        assert_eq!(package, format!("frost:game@{ABI_VERSION};"));
        assert_eq!(WIT_INTERFACE, format!("frost:game/game@{ABI_VERSION}"));
        // The component bindings read the WIT from the folder of this version, and their
        // type mappings name the interface of this version.
        let bindings = include_str!("wasm.rs");
        assert!(
            bindings.contains(&format!("path: \"wit/{folder}\"")),
            "sdk/src/wasm.rs must generate its bindings from wit/{folder}"
        );
        let mut mapped = bindings.split("\"frost:game/game@").skip(1).peekable();
        assert!(mapped.peek().is_some(), "sdk/src/wasm.rs maps no WIT type");
        for key in mapped {
            assert!(
                key.starts_with(&format!("{ABI_VERSION}/")),
                "sdk/src/wasm.rs maps a type of another version: frost:game/game@{key:.20}"
            );
        }
        assert_eq!(crate::native::ABI_VERSION_C.to_str().unwrap(), ABI_VERSION);
        // Every older version keeps its WIT folder, unchanged, for the host's bindings.
        for v in &SUPPORTED_ABI_VERSIONS[1..] {
            let old = format!("{}/wit/since_v{v}/game.wit", env!("CARGO_MANIFEST_DIR"));
            let wit = std::fs::read_to_string(&old).expect("an older version's WIT is kept");
            assert!(wit.contains(&format!("package frost:game@{v};")), "{old}");
        }
    }
}
