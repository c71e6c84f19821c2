//! A game exporting `frost:game/game@0.1.0` with the wrong signatures (raw WIT, no SDK).
#![cfg(target_arch = "wasm32")]

wit_bindgen::generate!({ path: "wit", world: "frost-game" });

struct Changed;

impl exports::frost::game::game::Guest for Changed {
    fn describe() -> String {
        "a game with a changed interface".into()
    }
    fn configure(config: u32) -> Result<u32, String> {
        Ok(config)
    }
}

export!(Changed);
