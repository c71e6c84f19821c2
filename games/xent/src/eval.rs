//! Runs a parsed `.xent` program once, symbolically: stories are passage indices, the move
//! is a slot, rewards are linear combinations of judge cross-entropies. The result, a
//! [`Plan`], is what a round needs (passages, move length, prompt, judge terms, bans).
//!
//! What game API 0.2.0 cannot express is refused here, with the construct's position.

mod expr;

use std::collections::HashMap;

use crate::syntax::{Arg, Expr, ExprKind, Pos, Statement, XentError};
use crate::value::{Piece, Score, Truth, Value, XStr};

/// Settings from the game config that change how a program is read.
#[derive(Clone, Debug)]
pub struct Options {
    /// Tokens of a `story()` passage without an explicit length.
    pub story_tokens: u32,
    /// Play `remove_common_words(x, other)` as banned strings (0.1.0's approximation)
    /// instead of host-enforced banned words.
    pub approximate_word_bans: bool,
    /// Shortest banned word, in characters (approximate_word_bans only).
    pub min_banned_word_chars: usize,
}

/// A program run: everything a round is built from.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Token length of each `story()` passage, in call order.
    pub stories: Vec<u32>,
    /// The elicited registers and their lengths in tokens, in order: the player writes them
    /// one after the other in one generation.
    pub moves: Vec<(String, u32)>,
    /// The registers assigned before the first elicit, in order: what the player sees.
    pub shown: Vec<(String, XStr)>,
    /// The player's total reward, in Xent's units (a sum of coefficients x cross-entropies).
    pub reward: Score,
    /// `ensure` conditions on judge quantities: `score >= threshold` (nats).
    pub ensures: Vec<(Score, f64)>,
    /// Words the move must not use (`remove_common_words(x, s)` on the move): host-enforced
    /// banned words, or banned strings under `approximate_word_bans`.
    pub banned_words: Vec<String>,
    /// The only words the move may use (`ensure(only_uses_words(list, x))`).
    pub allowed_words: Option<Vec<String>>,
}

impl Plan {
    /// The whole move's length: every elicited move, in order.
    pub fn move_tokens(&self) -> u32 {
        self.moves.iter().map(|(_, n)| n).sum()
    }
}

const REGISTERS: &str = "a b c s t x y p";
const STATIC_REGISTERS: [&str; 3] = ["a", "b", "c"];
const PLAYERS: [&str; 6] = ["black", "white", "alice", "bob", "carol", "env"];
/// The player Frost trains: Xent's default (and omniscient) player.
const PLAYER: &str = "black";
/// Xent functions this runtime does not implement (a clearer error than "unknown").
const UNSUPPORTED: [&str; 15] = [
    "word_set",
    "common_word_set",
    "only_uses_chars",
    "sample",
    "shuffle",
    "punish_negative",
    "reward_positive",
    "is_true",
    "is_false",
    "first_n_tokens",
    "num_words",
    "len",
    "generate_list",
    "XString",
    "XList",
];
/// Where refusals point the reader.
const SEE: &str = "see docs/writing-a-game.md, `.xent` programs";

fn is_register(name: &str) -> bool {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) if "abcstxyp".contains(c) => ["", "1", "2", "3"].contains(&chars.as_str()),
        _ => false,
    }
}

/// Runs `program`. `stories` holds the round's passage texts (empty when only the
/// requirements are wanted: the plan's shape never depends on the texts).
pub fn run(program: &[Statement], opts: &Options, stories: &[String]) -> Result<Plan, XentError> {
    let mut ev = Eval {
        opts,
        stories,
        regs: HashMap::new(),
        order: Vec::new(),
        plan: Plan {
            stories: Vec::new(),
            moves: Vec::new(),
            shown: Vec::new(),
            reward: Score::default(),
            ensures: Vec::new(),
            banned_words: Vec::new(),
            allowed_words: None,
        },
        elicit_at: None,
    };
    for st in program {
        ev.statement(st)?;
    }
    let Some(at) = ev.elicit_at else {
        return Err(XentError::new(
            Pos { line: 1, col: 1 },
            "the program never elicits a move; add one, e.g. `elicit(x, 10)`",
        ));
    };
    let reads_move = ev.plan.reward.has_move() || ev.plan.ensures.iter().any(|(s, _)| s.has_move());
    if !reads_move {
        let var = &ev.plan.moves[0].0;
        return Err(XentError::new(
            at,
            format!(
                "no reward depends on the move `{var}`: reward a score that reads it, e.g. \
                 `reward(xed(s | {var}))`"
            ),
        ));
    }
    Ok(ev.plan)
}

struct Eval<'a> {
    opts: &'a Options,
    stories: &'a [String],
    regs: HashMap<String, XStr>,
    /// Registers in order of first assignment.
    order: Vec<String>,
    plan: Plan,
    elicit_at: Option<Pos>,
}

impl Eval<'_> {
    fn statement(&mut self, st: &Statement) -> Result<(), XentError> {
        let args = &st.args;
        match st.instr.as_str() {
            "assign" => self.assign(args, st.pos),
            "elicit" => self.elicit(no_keywords(args, "elicit")?, st.pos),
            "reveal" => {
                // The player is omniscient (Xent's `black`): a reveal shows it nothing new.
                for a in no_keywords(args, "reveal")? {
                    self.expr(a)?;
                }
                Ok(())
            }
            "reward" => self.reward(no_keywords(args, "reward")?, st.pos),
            "ensure" => self.ensure(no_keywords(args, "ensure")?, st.pos),
            "beacon" | "replay" => Err(XentError::new(
                st.pos,
                format!(
                    "`{}` is not supported: replay loops elicit again, and a Frost round has \
                     one move ({SEE})",
                    st.instr
                ),
            )),
            other => Err(XentError::new(
                st.pos,
                format!(
                    "unknown instruction `{other}` (instructions: assign, elicit, reveal, \
                     reward, ensure)"
                ),
            )),
        }
    }

    fn assign(&mut self, args: &[Arg], pos: Pos) -> Result<(), XentError> {
        if args.is_empty() {
            return Err(XentError::new(
                pos,
                "assign needs `register=value` arguments",
            ));
        }
        for a in args {
            let Some((name, npos)) = &a.name else {
                return Err(XentError::new(
                    a.value.pos,
                    "assign takes `register=value` arguments, e.g. `assign(s=story())`",
                ));
            };
            self.check_target(name, *npos)?;
            let value = match self.expr(&a.value)? {
                Value::Str(s) => s,
                v => {
                    return Err(XentError::new(
                        a.value.pos,
                        format!("assign stores strings; this is {}", v.kind()),
                    ))
                }
            };
            self.set(name, value);
        }
        Ok(())
    }

    fn check_target(&self, name: &str, pos: Pos) -> Result<(), XentError> {
        if STATIC_REGISTERS.contains(&name) {
            return Err(XentError::new(
                pos,
                format!("register `{name}` is static and cannot be assigned (use s, t, x, y or p)"),
            ));
        }
        if !is_register(name) {
            return Err(XentError::new(
                pos,
                format!(
                    "`{name}` is not a string register (registers: {REGISTERS}, each also with \
                     suffix 1, 2 or 3)"
                ),
            ));
        }
        Ok(())
    }

    fn set(&mut self, name: &str, value: XStr) {
        if !self.order.iter().any(|n| n == name) {
            self.order.push(name.to_string());
        }
        self.regs.insert(name.to_string(), value);
    }

    fn elicit(&mut self, args: Vec<&Expr>, pos: Pos) -> Result<(), XentError> {
        let (player, ppos, rest) = player(&args);
        if player != PLAYER {
            return Err(XentError::new(
                ppos.unwrap_or(pos),
                format!(
                    "elicit from `{player}`: Frost trains one player, `{PLAYER}` (other \
                     players' moves are not supported; {SEE})"
                ),
            ));
        }
        if rest.len() != 2 {
            return Err(XentError::new(
                pos,
                "elicit takes a register and a length in tokens, e.g. `elicit(x, 10)` (Frost \
                 plays one move per round)",
            ));
        }
        let ExprKind::Name(var) = &rest[0].kind else {
            return Err(XentError::new(
                rest[0].pos,
                "elicit needs a register, e.g. `x`",
            ));
        };
        self.check_target(var, rest[0].pos)?;
        let n = match self.expr(rest[1])? {
            Value::Num(n, true) if (1.0..=256.0).contains(&n) => n as u32,
            v => {
                return Err(XentError::new(
                    rest[1].pos,
                    format!(
                        "the move's length must be an integer from 1 to 256; this is {}",
                        v.kind()
                    ),
                ))
            }
        };
        if self.plan.moves.iter().any(|(v, _)| v == var) {
            return Err(XentError::new(
                rest[0].pos,
                format!("`{var}` is elicited twice; elicit each move into its own register"),
            ));
        }
        // Several elicits are one generation, moves in order (game API 0.2.0 move parts):
        // the player sees what was assigned before the first one.
        if self.elicit_at.is_none() {
            self.plan.shown = (self.order.iter())
                .map(|r| (r.clone(), self.regs[r].clone()))
                .collect();
            self.elicit_at = Some(pos);
        }
        self.plan.moves.push((var.clone(), n));
        if self.plan.move_tokens() > 256 {
            return Err(XentError::new(
                pos,
                "the moves add up to more than 256 tokens (Frost writes them in one generation)",
            ));
        }
        self.set(var, XStr(vec![Piece::Move(self.plan.moves.len() - 1)]));
        Ok(())
    }

    fn reward(&mut self, args: Vec<&Expr>, pos: Pos) -> Result<(), XentError> {
        let (player, ppos, rest) = player(&args);
        let [value] = rest else {
            return Err(XentError::new(
                pos,
                "reward takes one score, optionally after a player: `reward(xed(s | x))`",
            ));
        };
        let score = match self.expr(value)? {
            Value::Score(s) => s,
            v => {
                return Err(XentError::new(
                    value.pos,
                    format!(
                        "reward takes a score built from xent, xed, nex and dex; this is {}",
                        v.kind()
                    ),
                ))
            }
        };
        // Xent's `black` and `white` are a zero-sum pair: white's reward is black's loss.
        let sign = match player.as_str() {
            "black" => 1.0,
            "white" => -1.0,
            other => {
                return Err(XentError::new(
                    ppos.unwrap_or(pos),
                    format!(
                        "reward to `{other}`: Frost trains one player, `{PLAYER}` (rewards to \
                         `{PLAYER}` or its zero-sum opponent `white` only; {SEE})"
                    ),
                ))
            }
        };
        self.plan.reward = self.plan.reward.add_scaled(&score, sign);
        Ok(())
    }

    fn ensure(&mut self, args: Vec<&Expr>, pos: Pos) -> Result<(), XentError> {
        if args.is_empty() {
            return Err(XentError::new(pos, "ensure needs at least one condition"));
        }
        if self.elicit_at.is_none() {
            return Err(XentError::new(pos, "ensure must come after an elicit"));
        }
        for a in args {
            match self.expr(a)? {
                Value::Bool(Truth::Known(true)) => {}
                Value::Bool(Truth::Known(false)) => {
                    return Err(XentError::new(
                        a.pos,
                        "this condition is always false, so no move can pass the ensure",
                    ))
                }
                // A penalty (game API 0.2.0): the reward loses `weight` nats per nat of
                // violation, and the gate and the Taylor proposal see it.
                Value::Bool(Truth::Judge(score, threshold)) => {
                    self.plan.ensures.push((score, threshold))
                }
                Value::Bool(Truth::Story) => {
                    return Err(XentError::new(
                        a.pos,
                        "this condition depends on a story() passage, not on the move: no move \
                         can make it hold (Xent gives up on such a round)",
                    ))
                }
                // A host-enforced whitelist (game API 0.2.0); two of them: both hold.
                Value::Bool(Truth::MoveWords(allowed)) => {
                    let both = match self.plan.allowed_words.take() {
                        None => allowed,
                        Some(old) => old.into_iter().filter(|w| allowed.contains(w)).collect(),
                    };
                    self.plan.allowed_words = Some(both);
                }
                v => {
                    return Err(XentError::new(
                        a.pos,
                        format!(
                            "ensure takes conditions (comparisons, only_uses_words); this is {}",
                            v.kind()
                        ),
                    ))
                }
            }
        }
        Ok(())
    }
}

/// A leading player argument: `(player, its position, the other arguments)`; the player
/// defaults to `black`.
fn player<'b>(args: &'b [&'b Expr]) -> (String, Option<Pos>, &'b [&'b Expr]) {
    match args.first().map(|e| &e.kind) {
        Some(ExprKind::Name(n)) if PLAYERS.contains(&n.as_str()) => {
            (n.clone(), Some(args[0].pos), &args[1..])
        }
        _ => (PLAYER.to_string(), None, args),
    }
}

/// The positional arguments; keyword arguments are an error for everything but `assign`.
fn no_keywords<'a>(args: &'a [Arg], f: &str) -> Result<Vec<&'a Expr>, XentError> {
    args.iter()
        .map(|a| match &a.name {
            Some((n, p)) => Err(XentError::new(
                *p,
                format!("`{f}` takes no keyword arguments (`{n}=`)"),
            )),
            None => Ok(&a.value),
        })
        .collect()
}
