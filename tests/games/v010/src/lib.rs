//! A game built against `frost:game@0.1.0`, straight from the kept WIT
//! (`sdk/wit/since_v0.1.0`) without the SDK, as a game compiled before 0.2.0 was: a 0.2.0
//! host must load and play it unchanged. The round is infilling: the player sees the text
//! around a 2-token gap, the judge scores the text after the gap given the move.
#![cfg(target_arch = "wasm32")]

wit_bindgen::generate!({ path: "../../../sdk/wit/since_v0.1.0", world: "frost-game" });

use exports::frost::game::game::{
    GameInfo, Guest, JudgeProgram, JudgeSegment, JudgeTerm, MoveConstraints, Passage, PassageSpec,
    Prompt, PromptSegment, Requirements, Round, SegmentContent,
};

struct Old;

impl Guest for Old {
    fn describe() -> GameInfo {
        GameInfo {
            name: "old-infill".into(),
            version: "0.1.0".into(),
            abi_version: "0.1.0".into(),
            description: "An infill game built for game API 0.1.0.".into(),
            config_schema: "{}".into(),
            default_config: "{}".into(),
        }
    }

    fn configure(_config: String) -> Result<Requirements, String> {
        Ok(Requirements {
            move_tokens: 2,
            passages: vec![PassageSpec { tokens: 8 }],
        })
    }

    fn new_round(_config: String, _seed: u64, passages: Vec<Passage>) -> Result<Round, String> {
        let ids = &passages[0].token_ids;
        let seg = |content, scored| JudgeSegment { content, scored };
        Ok(Round {
            prompt: Prompt::Raw(vec![PromptSegment::Tokens(ids[..3].to_vec())]),
            judge: JudgeProgram {
                terms: vec![JudgeTerm {
                    weight: 1.0,
                    bos: true,
                    segments: vec![
                        seg(SegmentContent::Tokens(ids[..3].to_vec()), false),
                        seg(SegmentContent::Move, false),
                        seg(SegmentContent::Tokens(ids[5..].to_vec()), true),
                    ],
                }],
            },
            constraints: MoveConstraints {
                banned_token_ids: vec![],
                banned_strings: vec!["zzz".into()],
            },
            reference_move: Some(ids[3..5].to_vec()),
        })
    }
}

export!(Old);
