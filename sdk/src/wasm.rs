//! The component side of [`crate::export_game!`]: bindings generated from `sdk/wit/game.wit`
//! and the conversions between them and the SDK's plain types.

pub mod bindings {
    wit_bindgen::generate!({
        path: "wit",
        world: "frost-game",
        pub_export_macro: true,
        export_macro_name: "__export_frost_game",
        default_bindings_module: "frost_sdk::__wasm::bindings",
        runtime_path: "frost_sdk::__wasm::wit_bindgen_rt",
    });
}

pub use bindings::exports::frost::game::game as wit;
pub use wit::{GameInfo, Guest, Passage, Requirements, Round};
pub use wit_bindgen::rt as wit_bindgen_rt;

use crate::{types as t, Game};

pub fn describe<G: Game>() -> GameInfo {
    let i = crate::describe::<G>();
    GameInfo {
        name: i.name,
        version: i.version,
        abi_version: i.abi_version,
        description: i.description,
        config_schema: i.config_schema,
        default_config: i.default_config,
    }
}

pub fn configure<G: Game>(config: &str) -> Result<Requirements, String> {
    let r = crate::configure::<G>(config)?;
    Ok(Requirements {
        move_tokens: r.move_tokens,
        passages: r
            .passages
            .into_iter()
            .map(|p| wit::PassageSpec { tokens: p.tokens })
            .collect(),
    })
}

pub fn new_round<G: Game>(
    config: &str,
    seed: u64,
    passages: Vec<Passage>,
) -> Result<Round, String> {
    let passages: Vec<t::Passage> = passages
        .into_iter()
        .map(|p| t::Passage {
            text: p.text,
            token_ids: p.token_ids,
            offsets: p.offsets,
        })
        .collect();
    let round = crate::new_round::<G>(config, seed, &passages)?;
    Ok(round_to_wit(round))
}

fn round_to_wit(r: t::Round) -> Round {
    let prompt = match r.prompt {
        t::Prompt::Chat(msgs) => wit::Prompt::Chat(
            msgs.into_iter()
                .map(|m| wit::ChatMessage {
                    role: m.role,
                    content: m.content,
                })
                .collect(),
        ),
        t::Prompt::Raw(segs) => wit::Prompt::Raw(
            segs.into_iter()
                .map(|s| match s {
                    t::PromptSegment::Text(s) => wit::PromptSegment::Text(s),
                    t::PromptSegment::Tokens(ids) => wit::PromptSegment::Tokens(ids),
                })
                .collect(),
        ),
    };
    let terms = r
        .judge
        .terms
        .into_iter()
        .map(|term| wit::JudgeTerm {
            weight: term.weight,
            bos: term.bos,
            segments: term
                .segments
                .into_iter()
                .map(|s| wit::JudgeSegment {
                    content: match s.content {
                        t::SegmentContent::Text(s) => wit::SegmentContent::Text(s),
                        t::SegmentContent::Tokens(ids) => wit::SegmentContent::Tokens(ids),
                        t::SegmentContent::Move => wit::SegmentContent::Move,
                    },
                    scored: s.scored,
                })
                .collect(),
        })
        .collect();
    Round {
        prompt,
        judge: wit::JudgeProgram { terms },
        constraints: wit::MoveConstraints {
            banned_token_ids: r.constraints.banned_token_ids,
            banned_strings: r.constraints.banned_strings,
        },
        reference_move: r.reference_move,
    }
}
