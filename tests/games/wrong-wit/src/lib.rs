//! A game written against `frost:game@9.0.0` (raw WIT, no SDK).
#![cfg(target_arch = "wasm32")]

wit_bindgen::generate!({ path: "wit", world: "frost-game" });

struct Future;

impl exports::frost::game::game::Guest for Future {
    fn describe() -> String {
        "a game from the future".into()
    }
    fn play(_config: String, _seed: u64) -> Result<String, String> {
        Ok(String::new())
    }
}

export!(Future);
