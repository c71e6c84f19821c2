//! A game's manifest, `frost-game.toml` in its crate's folder: name, version, description,
//! license, authors and example rounds with a reference move each (docs/writing-a-game.md,
//! "The manifest"). [`game_manifest!`](crate::game_manifest) puts the file into the component
//! as the custom section [`SECTION`] (where `frost-host game-info` and `game-check --validate`
//! read it) and defines `MANIFEST`, its text, so the game's constants can come from it:
//!
//! ```ignore
//! frost_sdk::game_manifest!();
//!
//! impl frost_sdk::Game for MyGame {
//!     const NAME: &'static str = frost_sdk::manifest::string(MANIFEST, "name");
//!     const VERSION: &'static str = frost_sdk::manifest::string(MANIFEST, "version");
//!     const DESCRIPTION: &'static str = frost_sdk::manifest::string(MANIFEST, "description");
//!     // ...
//! }
//! ```
//!
//! [`string`] runs at compile time: a key the manifest lacks, or a value it cannot read
//! without a TOML parser (a string with escapes), fails the build at the constant that reads
//! it. The host parses the whole file and checks it (`frost-host game-check --validate`).

/// The name of the custom section holding the manifest's text, in a component (the host's
/// `game build` writes it there for a Python game) or in its core module (a Rust game's
/// [`game_manifest!`](crate::game_manifest)).
pub const SECTION: &str = "frost-game-manifest";

/// The manifest's file name, in the game's folder.
pub const FILE: &str = "frost-game.toml";

/// Embeds the crate folder's `frost-game.toml` (or the file named, relative to the crate's
/// folder) into the game's component as the custom section [`SECTION`], and defines
/// `pub const MANIFEST: &str`, its text. Call it once, at the crate's top level.
#[macro_export]
macro_rules! game_manifest {
    () => {
        $crate::game_manifest!("frost-game.toml");
    };
    ($file:literal) => {
        /// The game's manifest (its `frost-game.toml`), as text.
        pub const MANIFEST: &str = ::core::include_str!(::core::concat!(
            ::core::env!("CARGO_MANIFEST_DIR"),
            "/",
            $file
        ));
        // A custom section of the core module, which the component keeps: read by the host.
        #[cfg(target_arch = "wasm32")]
        #[used]
        #[link_section = "frost-game-manifest"]
        static __FROST_GAME_MANIFEST: [u8; MANIFEST.len()] = *::core::include_bytes!(
            ::core::concat!(::core::env!("CARGO_MANIFEST_DIR"), "/", $file)
        );
    };
}

/// The value of the top-level string `key` of a manifest (before the first table), at compile
/// time: a basic string without escapes (`key = "value"`), a literal string (`key = 'value'`),
/// or a multi-line literal string (`key = '''value'''`, for a text with both kinds of quote).
/// Panics (a compile error at the `const` that reads it) when there is none, or when the
/// value is another kind of string (one with escapes, or `"""`).
pub const fn string(manifest: &'static str, key: &str) -> &'static str {
    let b = manifest.as_bytes();
    let k = key.as_bytes();
    let mut line = 0;
    while line < b.len() {
        let mut i = skip_blanks(b, line);
        if i < b.len() && b[i] == b'[' {
            break; // The first table: top-level keys come before it.
        }
        if starts_with(b, i, k) {
            i = skip_blanks(b, i + k.len());
            if i < b.len() && b[i] == b'=' {
                return value(b, skip_blanks(b, i + 1), key);
            }
        }
        line = next_line(b, line);
    }
    panic!("frost-game.toml: a top-level string key the game reads is missing (name, version or description?)")
}

const fn value(b: &'static [u8], start: usize, _key: &str) -> &'static str {
    if start >= b.len() || (b[start] != b'"' && b[start] != b'\'') {
        panic!("frost-game.toml: a key the game reads is not a string on its line")
    }
    let quote = b[start];
    if start + 2 < b.len() && b[start + 1] == quote && b[start + 2] == quote {
        if quote == b'"' {
            panic!("frost-game.toml: a key the game reads is a \"\"\" string; write it as '''literal'''")
        }
        return multi_line_literal(b, start + 3);
    }
    let mut end = start + 1;
    while end < b.len() && b[end] != quote {
        if b[end] == b'\n' {
            panic!("frost-game.toml: a string the game reads is not closed on its line")
        }
        if quote == b'"' && b[end] == b'\\' {
            panic!("frost-game.toml: a string the game reads has an escape (\\); write it as a 'literal string' instead")
        }
        end += 1;
    }
    if end >= b.len() {
        panic!("frost-game.toml: a string the game reads is not closed")
    }
    slice(b, start + 1, end)
}

/// A `'''` string's text from `start` (after the quotes): a line break right after the
/// opening quotes is not part of it (TOML's rule).
const fn multi_line_literal(b: &'static [u8], mut start: usize) -> &'static str {
    if start < b.len() && b[start] == b'\n' {
        start += 1;
    }
    let mut end = start;
    while end + 2 < b.len() && !(b[end] == b'\'' && b[end + 1] == b'\'' && b[end + 2] == b'\'') {
        end += 1;
    }
    if end + 2 >= b.len() {
        panic!("frost-game.toml: a ''' string the game reads is not closed")
    }
    slice(b, start, end)
}

const fn slice(b: &'static [u8], start: usize, end: usize) -> &'static str {
    let (_, rest) = b.split_at(start);
    let (text, _) = rest.split_at(end - start);
    match core::str::from_utf8(text) {
        Ok(s) => s,
        Err(_) => panic!("frost-game.toml is not UTF-8"),
    }
}

const fn skip_blanks(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    i
}

/// Whether `b[i..]` starts with `key` followed by a blank or `=` (not a longer key).
const fn starts_with(b: &[u8], i: usize, key: &[u8]) -> bool {
    let mut j = 0;
    while j < key.len() {
        if i + j >= b.len() || b[i + j] != key[j] {
            return false;
        }
        j += 1;
    }
    i + j < b.len() && (b[i + j] == b' ' || b[i + j] == b'\t' || b[i + j] == b'=')
}

const fn next_line(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i] != b'\n' {
        i += 1;
    }
    i + 1
}

#[cfg(test)]
mod tests {
    use super::string;

    const M: &str = "# a game\nname = \"my-game\"\nversion= '1.2.0'\n\
        description = \"It's \"\nnamed = \"no\"\nquoted = '''a \"b\" c's'''\n\
        long = '''\nline 1\nline 2'''\n[[example]]\nlicense = \"MIT\"\n";

    #[test]
    fn top_level_strings_are_read_at_compile_time() {
        const NAME: &str = string(M, "name");
        assert_eq!(NAME, "my-game");
        assert_eq!(string(M, "version"), "1.2.0");
        assert_eq!(string(M, "description"), "It's ");
        assert_eq!(string(M, "quoted"), "a \"b\" c's");
        assert_eq!(string(M, "long"), "line 1\nline 2");
    }

    #[test]
    #[should_panic(expected = "missing")]
    fn a_key_after_the_first_table_is_not_top_level() {
        string(M, "license");
    }

    #[test]
    #[should_panic(expected = "escape")]
    fn an_escape_is_refused() {
        string("name = \"a\\\"b\"\n", "name");
    }
}
