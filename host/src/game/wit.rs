//! The host's side of the component interface: the types wasmtime generates from
//! `sdk/wit/since_v0.2.0/game.wit`, their conversion to the SDK's types, and the size of a
//! reply (what `game.limits.max_output_bytes` caps). Games built for 0.1.0 go through
//! `wit_v010.rs`, into the same SDK types.
//!
//! The SDK's bindings use its own types directly (wit-bindgen maps each WIT type onto them);
//! wasmtime's `bindgen!` can remap interfaces and resources but not records or variants, so
//! this file is the one conversion left. Every field is named, so a WIT change that the SDK's
//! types do not follow fails to compile here.

use frost_sdk::types as t;

mod bindings {
    wasmtime::component::bindgen!({
        path: "../sdk/wit/since_v0.2.0",
        world: "frost-game",
    });
}

use bindings::exports::frost::game::game as wit;
pub use bindings::{FrostGame, FrostGamePre};

/// The interface's name without the version: a component exporting it at another version was
/// built for another host.
pub const INTERFACE_PREFIX: &str = "frost:game/game@";

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
        moves: r.moves,
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
    let c = r.constraints;
    t::Round {
        prompt,
        judge: t::JudgeProgram {
            terms: r.judge.terms.into_iter().map(term).collect(),
            penalties: r
                .judge
                .penalties
                .into_iter()
                .map(|p| t::Penalty {
                    terms: p.terms.into_iter().map(term).collect(),
                    threshold: p.threshold,
                    weight: p.weight,
                })
                .collect(),
        },
        constraints: t::MoveConstraints {
            banned_token_ids: c.banned_token_ids,
            banned_strings: c.banned_strings,
            banned_words: c.banned_words,
            allowed_words: c.allowed_words,
            allowed_special: c.allowed_special,
        },
        reference_move: r.reference_move,
    }
}

fn term(term: wit::JudgeTerm) -> t::JudgeTerm {
    t::JudgeTerm {
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
                    wit::SegmentContent::MovePart(k) => t::SegmentContent::MovePart(k),
                },
                scored: s.scored,
                skip_first: s.skip_first,
            })
            .collect(),
        max_token_ce: term.max_token_ce,
    }
}

/// The size of a description: the bytes of its strings.
pub fn info_size(i: &t::GameInfo) -> u64 {
    (i.name.len()
        + i.version.len()
        + i.abi_version.len()
        + i.description.len()
        + i.config_schema.len()
        + i.default_config.len()) as u64
}

/// The size of requirements: 4 bytes per number.
pub fn requirements_size(r: &t::Requirements) -> u64 {
    4 + 4 * (r.passages.len() + r.moves.len()) as u64
}

/// The size of a round: the bytes of its strings, 4 per token id, 8 per judge segment and
/// per banned string.
pub fn round_size(r: &t::Round) -> u64 {
    let ids = |ids: &[u32]| 4 * ids.len() as u64;
    let mut size: u64 = match &r.prompt {
        t::Prompt::Chat(msgs) => msgs
            .iter()
            .map(|m| (m.role.len() + m.content.len()) as u64)
            .sum(),
        t::Prompt::Raw(segs) => segs
            .iter()
            .map(|s| match s {
                t::PromptSegment::Text(s) => s.len() as u64,
                t::PromptSegment::Tokens(t) => ids(t),
            })
            .sum(),
    };
    let penalty_terms = r.judge.penalties.iter().flat_map(|p| &p.terms);
    for s in r
        .judge
        .terms
        .iter()
        .chain(penalty_terms)
        .flat_map(|term| &term.segments)
    {
        size += 8 + match &s.content {
            t::SegmentContent::Text(s) => s.len() as u64,
            t::SegmentContent::Tokens(t) => ids(t),
            t::SegmentContent::Move | t::SegmentContent::MovePart(_) => 0,
        };
    }
    size += ids(&r.constraints.banned_token_ids);
    let c = &r.constraints;
    let allowed = c.allowed_words.iter().flatten();
    size += (c.banned_strings.iter())
        .chain(&c.banned_words)
        .chain(allowed)
        .chain(&c.allowed_special)
        .map(|s| s.len() as u64 + 8)
        .sum::<u64>();
    size + r.reference_move.as_deref().map_or(0, ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bindings_read_the_wit_of_the_sdk_version() {
        let folder = format!("since_v{}", frost_sdk::ABI_VERSION);
        assert!(
            include_str!("wit.rs").contains(&format!("path: \"../sdk/wit/{folder}\"")),
            "host/src/game/wit.rs must generate its bindings from sdk/wit/{folder}"
        );
        assert_eq!(
            frost_sdk::WIT_INTERFACE,
            format!("{INTERFACE_PREFIX}{}", frost_sdk::ABI_VERSION)
        );
    }

    #[test]
    fn a_round_converts_field_for_field_and_has_its_size() {
        let wit_round = wit::Round {
            prompt: wit::Prompt::Raw(vec![
                wit::PromptSegment::Text("ab".into()),
                wit::PromptSegment::Tokens(vec![1, 2]),
            ]),
            judge: wit::JudgeProgram {
                terms: vec![wit::JudgeTerm {
                    weight: -1.0,
                    bos: true,
                    segments: vec![
                        wit::JudgeSegment {
                            content: wit::SegmentContent::Move,
                            scored: false,
                            skip_first: false,
                        },
                        wit::JudgeSegment {
                            content: wit::SegmentContent::Text("xyz".into()),
                            scored: true,
                            skip_first: false,
                        },
                        wit::JudgeSegment {
                            content: wit::SegmentContent::Tokens(vec![3]),
                            scored: true,
                            skip_first: false,
                        },
                    ],
                    max_token_ce: None,
                }],
                penalties: vec![],
            },
            constraints: wit::MoveConstraints {
                banned_token_ids: vec![4, 5],
                banned_strings: vec!["no".into()],
                banned_words: vec![],
                allowed_words: None,
                allowed_special: vec![],
            },
            reference_move: Some(vec![6]),
        };
        let expected = t::Round::new(
            t::Prompt::Raw(vec![
                t::PromptSegment::Text("ab".into()),
                t::PromptSegment::Tokens(vec![1, 2]),
            ]),
            vec![t::JudgeTerm::new(-1.0)
                .bos()
                .context_move()
                .scored_text("xyz")
                .scored_tokens(vec![3])],
        )
        .with_banned_token_ids(vec![4, 5])
        .with_banned_strings(vec!["no".into()])
        .with_reference_move(vec![6]);
        let converted = round(wit_round);
        assert_eq!(converted, expected);
        // prompt 2 + 8, segments 3 * 8 + 3 + 4, banned ids 8, banned string 2 + 8, reference 4
        assert_eq!(round_size(&converted), 10 + 31 + 8 + 10 + 4);
    }
}
