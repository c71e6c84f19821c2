use frost_sdk::schemars::JsonSchema;
use frost_sdk::serde::{Deserialize, Serialize};
use frost_sdk::{
    export_game, Game, JudgeTerm, Passage, PassageSpec, Prompt, PromptSegment, Requirements, Round,
};

/// The config: `default` makes every field optional, `deny_unknown_fields` turns a typo
/// into an error instead of a silently ignored setting. The `crate = ...` attributes point the
/// derives at the SDK's re-exports.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(crate = "frost_sdk::serde", default, deny_unknown_fields)]
#[schemars(crate = "frost_sdk::schemars")]
pub struct Config {
    /// Tokens the player sees.
    pub context_tokens: u32,
    /// Tokens the player writes.
    pub move_tokens: u32,
    /// Tokens after the move that the judge scores.
    pub target_tokens: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            context_tokens: 32,
            move_tokens: 4,
            target_tokens: 16,
        }
    }
}

pub struct Bridge;

impl Game for Bridge {
    type Config = Config;
    const NAME: &'static str = "bridge";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "Write a bridge that makes what follows likely.";

    /// Validate the config and say what a round needs.
    fn requirements(c: &Config) -> Result<Requirements, String> {
        if c.move_tokens == 0 || c.target_tokens == 0 {
            return Err("move_tokens and target_tokens must be at least 1".into());
        }
        Ok(Requirements {
            move_tokens: c.move_tokens,
            passages: vec![PassageSpec {
                tokens: c.context_tokens + c.move_tokens + c.target_tokens,
            }],
            moves: vec![], // one move (see "Game API 0.2.0" for several)
        })
    }

    /// One round. The SDK has already checked the passages against `requirements`.
    fn new_round(c: &Config, _seed: u64, passages: &[Passage]) -> Result<Round, String> {
        let p = &passages[0];
        let (ctx, mv) = (c.context_tokens as usize, c.move_tokens as usize);
        let context = p.token_ids[..ctx].to_vec();
        let target = p.token_ids[ctx + mv..].to_vec();
        // A base-model layout; `Prompt::Chat(vec![ChatMessage::user(..)])` for chat models.
        let prompt = Prompt::Raw(vec![PromptSegment::Tokens(context.clone())]);
        // reward = 1.0 * -CE(target | BOS, context, move)
        let judge = JudgeTerm::new(1.0)
            .bos()
            .context_tokens(context)
            .context_move()
            .scored_tokens(target);
        Ok(
            Round::new(prompt, vec![judge])
                .with_reference_move(p.token_ids[ctx..ctx + mv].to_vec()),
        )
    }
}

export_game!(Bridge);

#[cfg(test)]
mod tests {
    use super::*;
    use frost_sdk::testing::{check_round, check_rounds, tokenize};

    #[test]
    fn rounds_pass_the_host_rules() {
        check_rounds::<Bridge>("", 0..20).unwrap();
        check_rounds::<Bridge>(r#"{"move_tokens": 8}"#, 0..20).unwrap();
        assert!(check_rounds::<Bridge>(r#"{"move_tokens": 0}"#, 0..1).is_err());
    }

    #[test]
    fn the_move_is_between_context_and_target() {
        let config = r#"{"context_tokens": 2, "move_tokens": 1, "target_tokens": 2}"#;
        let p = tokenize("one two three four five");
        let round = check_round::<Bridge>(config, 0, std::slice::from_ref(&p)).unwrap();
        assert_eq!(round.reference_move, Some(vec![p.token_ids[2]]));
    }
}
