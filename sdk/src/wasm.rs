//! The component side of [`crate::export_game!`]: bindings generated from
//! `sdk/wit/since_v0.2.0/game.wit`.
//!
//! Every WIT type is mapped (`with`) onto the SDK's own type of the same shape in
//! [`crate::types`], so the generated glue lifts and lowers those directly: there is no second
//! set of types and nothing to convert. A type that drifts from its WIT twin fails this build.
//! The keys name the interface with its version (the form wit-bindgen matches); the version
//! test checks they agree with [`crate::ABI_VERSION`].

pub mod bindings {
    wit_bindgen::generate!({
        path: "wit/since_v0.2.0",
        world: "frost-game",
        pub_export_macro: true,
        export_macro_name: "__export_frost_game",
        default_bindings_module: "frost_sdk::__wasm::bindings",
        runtime_path: "frost_sdk::__wasm::wit_bindgen_rt",
        with: {
            "frost:game/game@0.2.0/game-info": frost_sdk::types::GameInfo,
            "frost:game/game@0.2.0/passage-spec": frost_sdk::types::PassageSpec,
            "frost:game/game@0.2.0/requirements": frost_sdk::types::Requirements,
            "frost:game/game@0.2.0/passage": frost_sdk::types::Passage,
            "frost:game/game@0.2.0/chat-message": frost_sdk::types::ChatMessage,
            "frost:game/game@0.2.0/prompt-segment": frost_sdk::types::PromptSegment,
            "frost:game/game@0.2.0/prompt": frost_sdk::types::Prompt,
            "frost:game/game@0.2.0/segment-content": frost_sdk::types::SegmentContent,
            "frost:game/game@0.2.0/judge-segment": frost_sdk::types::JudgeSegment,
            "frost:game/game@0.2.0/judge-term": frost_sdk::types::JudgeTerm,
            "frost:game/game@0.2.0/penalty": frost_sdk::types::Penalty,
            "frost:game/game@0.2.0/judge-program": frost_sdk::types::JudgeProgram,
            "frost:game/game@0.2.0/move-constraints": frost_sdk::types::MoveConstraints,
            "frost:game/game@0.2.0/round": frost_sdk::types::Round,
        },
    });
}

pub use bindings::exports::frost::game::game::Guest;
pub use wit_bindgen::rt as wit_bindgen_rt;
