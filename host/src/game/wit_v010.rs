//! Games built for game API 0.1.0: the types wasmtime generates from
//! `sdk/wit/since_v0.1.0/game.wit` (kept unchanged) and their conversion to the SDK's
//! current types, every field 0.2.0 added at its default, which means "as in 0.1.0". A
//! 0.1.0 component therefore loads and plays unchanged.

use frost_sdk::types as t;

mod bindings {
    wasmtime::component::bindgen!({
        path: "../sdk/wit/since_v0.1.0",
        world: "frost-game",
    });
}

use bindings::exports::frost::game::game as wit;
pub use bindings::{FrostGame, FrostGamePre};

/// The interface a 0.1.0 component exports.
pub const INTERFACE: &str = "frost:game/game@0.1.0";

pub fn game_info(i: wit::GameInfo) -> t::GameInfo {
    t::GameInfo {
        name: i.name,
        version: i.version,
        abi_version: i.abi_version,
        description: i.description,
        config_schema: i.config_schema,
        default_config: i.default_config,
    }
}

pub fn requirements(r: wit::Requirements) -> t::Requirements {
    t::Requirements {
        move_tokens: r.move_tokens,
        passages: r
            .passages
            .into_iter()
            .map(|p| t::PassageSpec { tokens: p.tokens })
            .collect(),
        moves: Vec::new(),
    }
}

pub fn passage(p: &t::Passage) -> wit::Passage {
    wit::Passage {
        text: p.text.clone(),
        token_ids: p.token_ids.clone(),
        offsets: p.offsets.clone(),
    }
}

pub fn round(r: wit::Round) -> t::Round {
    let prompt = match r.prompt {
        wit::Prompt::Chat(msgs) => t::Prompt::Chat(
            msgs.into_iter()
                .map(|m| t::ChatMessage {
                    role: m.role,
                    content: m.content,
                })
                .collect(),
        ),
        wit::Prompt::Raw(segs) => t::Prompt::Raw(
            segs.into_iter()
                .map(|s| match s {
                    wit::PromptSegment::Text(s) => t::PromptSegment::Text(s),
                    wit::PromptSegment::Tokens(ids) => t::PromptSegment::Tokens(ids),
                })
                .collect(),
        ),
    };
    let terms = r.judge.terms.into_iter().map(|term| t::JudgeTerm {
        weight: term.weight,
        bos: term.bos,
        segments: term
            .segments
            .into_iter()
            .map(|s| t::JudgeSegment {
                content: match s.content {
                    wit::SegmentContent::Text(s) => t::SegmentContent::Text(s),
                    wit::SegmentContent::Tokens(ids) => t::SegmentContent::Tokens(ids),
                    wit::SegmentContent::Move => t::SegmentContent::Move,
                },
                scored: s.scored,
                skip_first: false,
            })
            .collect(),
        max_token_ce: None,
    });
    t::Round {
        prompt,
        judge: t::JudgeProgram {
            terms: terms.collect(),
            penalties: Vec::new(),
        },
        constraints: t::MoveConstraints {
            banned_token_ids: r.constraints.banned_token_ids,
            banned_strings: r.constraints.banned_strings,
            ..Default::default()
        },
        reference_move: r.reference_move,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_bindings_read_the_kept_0_1_0_wit() {
        assert!(include_str!("wit_v010.rs").contains("path: \"../sdk/wit/since_v0.1.0\""));
        assert!(frost_sdk::SUPPORTED_ABI_VERSIONS.contains(&"0.1.0"));
        assert_eq!(
            super::INTERFACE,
            format!("{}0.1.0", super::super::wit::INTERFACE_PREFIX)
        );
    }
}
