//! Frost game SDK: write a cross-entropy game as a plain Rust crate, build it to a
//! WebAssembly component (`cargo build --target wasm32-wasip2`) or a native plugin.
//!
//! A game implements [`Game`] and calls [`export_game!`] once:
//!
//! ```ignore
//! struct MyGame;
//! impl frost_sdk::Game for MyGame { /* ... */ }
//! frost_sdk::export_game!(MyGame);
//! ```
//!
//! On `wasm32` the macro emits the component exports of the WIT world `frost:game@0.2.0`
//! (`sdk/wit/since_v0.2.0/game.wit`); on native targets it emits C-ABI exports (JSON across
//! the boundary, see [`native`]) for trusted plugins loaded with `--allow-native`.
//!
//! [`rules`] are the host's checks on what a game returns, and [`testing`] runs them from a
//! game's own `cargo test`. [`words`] is what a word is for the word rules (Xent's), for games
//! and the host alike. The SDK re-exports [`serde`], [`serde_json`] and [`schemars`], so a
//! game needs no other dependency (derives then name the crate:
//! `#[serde(crate = "frost_sdk::serde")]`, `#[schemars(crate = "frost_sdk::schemars")]`).

// Lets paths written as `frost_sdk::...` (in the generated bindings) resolve inside this crate too.
extern crate self as frost_sdk;

mod builders;
pub mod limits;
pub mod manifest;
pub mod rules;
pub mod testing;
pub mod types;
mod version;
pub mod words;

pub use builders::PromptStyle;
pub use types::*;
pub use version::{ABI_VERSION, SUPPORTED_ABI_VERSIONS, WIT_INTERFACE};
// The versions a game's config derives must match; re-exported so a game needs only the SDK.
pub use schemars;
pub use serde;
pub use serde_json;

#[cfg(not(target_arch = "wasm32"))]
pub mod native;

#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
#[path = "wasm.rs"]
pub mod __wasm;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// A cross-entropy game. Every function is pure: the same config, seed and passages give the
/// same round (the host relies on it to replay and to compare runs).
pub trait Game {
    /// The game's config. Parsed from JSON; put `#[serde(default, deny_unknown_fields)]` on it
    /// so a partial config works and a misspelled field is an error.
    type Config: Serialize + DeserializeOwned + JsonSchema + Default;
    const NAME: &'static str;
    const VERSION: &'static str;
    /// One paragraph for `frost-host game-info`.
    const DESCRIPTION: &'static str;

    /// Checks a config and says what a round needs (move length, passages). Return a message
    /// naming the field and the fix on a bad config.
    fn requirements(config: &Self::Config) -> Result<Requirements, String>;

    /// Builds one round. `passages` match [`Game::requirements`] (the SDK checks it before
    /// calling); `seed` is for any randomness the game needs.
    fn new_round(config: &Self::Config, seed: u64, passages: &[Passage]) -> Result<Round, String>;
}

/// The game's self-description, built from the trait's constants and the config's schema.
pub fn describe<G: Game>() -> GameInfo {
    GameInfo {
        name: G::NAME.to_string(),
        version: G::VERSION.to_string(),
        abi_version: ABI_VERSION.to_string(),
        description: G::DESCRIPTION.to_string(),
        config_schema: serde_json::to_string(&schemars::schema_for!(G::Config)).unwrap_or_default(),
        default_config: serde_json::to_string(&G::Config::default()).unwrap_or_default(),
    }
}

/// Parses a config; an empty string means the default config.
pub fn parse_config<G: Game>(config_json: &str) -> Result<G::Config, String> {
    if config_json.trim().is_empty() {
        return Ok(G::Config::default());
    }
    serde_json::from_str(config_json).map_err(|e| format!("invalid config: {e}"))
}

/// `configure` as the host calls it: parse the config, then [`Game::requirements`].
pub fn configure<G: Game>(config_json: &str) -> Result<Requirements, String> {
    G::requirements(&parse_config::<G>(config_json)?)
}

/// `new_round` as the host calls it: parse the config, check the passages against the
/// requirements, then [`Game::new_round`].
pub fn new_round<G: Game>(
    config_json: &str,
    seed: u64,
    passages: &[Passage],
) -> Result<Round, String> {
    let config = parse_config::<G>(config_json)?;
    rules::check_passages(&G::requirements(&config)?, passages)?;
    G::new_round(&config, seed, passages)
}

/// A small seeded generator (SplitMix64) for games that need randomness from the round seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }
}

/// Exports a [`Game`] implementation: component exports on `wasm32`, C-ABI plugin exports
/// on native targets. Call it once per crate, with the type's name (an identifier, not a
/// path), from a crate that depends on the SDK under the name `frost-sdk`.
#[macro_export]
macro_rules! export_game {
    ($game:ident) => {
        #[cfg(target_arch = "wasm32")]
        const _: () = {
            impl $crate::__wasm::Guest for $game {
                fn describe() -> $crate::GameInfo {
                    $crate::describe::<$game>()
                }
                fn configure(
                    config: ::std::string::String,
                ) -> ::std::result::Result<$crate::Requirements, ::std::string::String> {
                    $crate::configure::<$game>(&config)
                }
                fn new_round(
                    config: ::std::string::String,
                    seed: u64,
                    passages: ::std::vec::Vec<$crate::Passage>,
                ) -> ::std::result::Result<$crate::Round, ::std::string::String> {
                    $crate::new_round::<$game>(&config, seed, &passages)
                }
            }
            $crate::__wasm::bindings::__export_frost_game!($game with_types_in $crate::__wasm::bindings);
        };

        #[cfg(not(target_arch = "wasm32"))]
        const _: () = {
            #[no_mangle]
            pub extern "C" fn frost_game_abi_version() -> *const ::std::ffi::c_char {
                $crate::native::ABI_VERSION_C.as_ptr()
            }
            #[no_mangle]
            pub extern "C" fn frost_game_describe() -> $crate::native::FfiBuf {
                $crate::native::describe::<$game>()
            }
            /// # Safety
            /// `ptr..ptr+len` must be readable (the host passes its own buffer).
            #[no_mangle]
            pub unsafe extern "C" fn frost_game_configure(
                ptr: *const u8,
                len: usize,
            ) -> $crate::native::FfiBuf {
                unsafe { $crate::native::configure::<$game>(ptr, len) }
            }
            /// # Safety
            /// `ptr..ptr+len` must be readable (the host passes its own buffer).
            #[no_mangle]
            pub unsafe extern "C" fn frost_game_new_round(
                ptr: *const u8,
                len: usize,
            ) -> $crate::native::FfiBuf {
                unsafe { $crate::native::new_round::<$game>(ptr, len) }
            }
            /// # Safety
            /// `buf` must come from one of this plugin's exports, freed once.
            #[no_mangle]
            pub unsafe extern "C" fn frost_game_free(buf: $crate::native::FfiBuf) {
                unsafe { $crate::native::free(buf) }
            }
        };
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize, serde::Deserialize, JsonSchema)]
    #[serde(default, deny_unknown_fields)]
    struct Cfg {
        n: u32,
    }

    impl Default for Cfg {
        fn default() -> Self {
            Cfg { n: 2 }
        }
    }

    struct G;

    impl Game for G {
        type Config = Cfg;
        const NAME: &'static str = "g";
        const VERSION: &'static str = "1";
        const DESCRIPTION: &'static str = "test";
        fn requirements(c: &Cfg) -> Result<Requirements, String> {
            Ok(Requirements {
                move_tokens: c.n,
                passages: vec![PassageSpec { tokens: c.n }],
                ..Default::default()
            })
        }
        fn new_round(_: &Cfg, _: u64, _: &[Passage]) -> Result<Round, String> {
            Err("unused".into())
        }
    }

    #[test]
    fn config_defaults_and_errors() {
        assert_eq!(configure::<G>("").unwrap().move_tokens, 2);
        assert_eq!(configure::<G>("{}").unwrap().move_tokens, 2);
        assert_eq!(configure::<G>(r#"{"n": 5}"#).unwrap().move_tokens, 5);
        let e = configure::<G>(r#"{"m": 5}"#).unwrap_err();
        assert!(e.starts_with("invalid config: unknown field `m`"), "{e}");
        let info = describe::<G>();
        assert_eq!(
            (info.abi_version.as_str(), info.default_config.as_str()),
            (ABI_VERSION, r#"{"n":2}"#)
        );
        assert!(info.config_schema.contains("\"n\""));
        // Passages are checked against the requirements before the game sees them.
        let p = Passage {
            text: "ab".into(),
            token_ids: vec![1],
            offsets: vec![(0, 2)],
        };
        assert_eq!(
            new_round::<G>("", 0, &[p]).unwrap_err(),
            "passage 0 has 1 tokens and 1 offsets, the game needs 2 tokens"
        );
    }

    #[test]
    fn text_between_widens_to_whole_characters() {
        // "é" is two bytes split over two byte-level tokens.
        let p = Passage {
            text: "aé b".into(),
            token_ids: vec![1, 2, 3, 4],
            offsets: vec![(0, 1), (1, 2), (2, 3), (3, 5)],
        };
        assert_eq!(p.text_between(0, 2), "aé");
        assert_eq!(p.text_between(2, 4), "é b");
        assert_eq!(p.text_between(0, 4), "aé b");
        assert_eq!(p.text_between(3, 3), "");
    }

    #[test]
    fn rng_is_seeded() {
        let a: Vec<u64> = (0..4)
            .map({
                let mut r = Rng::new(7);
                move |_| r.below(10)
            })
            .collect();
        let b: Vec<u64> = (0..4)
            .map({
                let mut r = Rng::new(7);
                move |_| r.below(10)
            })
            .collect();
        assert_eq!(a, b);
        assert!(a.iter().all(|&x| x < 10));
    }
}
