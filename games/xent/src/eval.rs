//! Runs a parsed `.xent` program once, symbolically: stories are passage indices, the move
//! is a slot, rewards are linear combinations of judge cross-entropies. The result, a
//! [`Plan`], is what a round needs (passages, move length, prompt, judge terms, bans).
//!
//! What game API 0.1.0 cannot express is refused here, with the construct's position.

mod expr;

use std::collections::HashMap;

use crate::syntax::{Arg, Expr, ExprKind, Pos, Statement, XentError};
use crate::value::{Piece, Score, Truth, Value, XStr};

/// Settings from the game config that change how a program is read.
#[derive(Clone, Debug)]
pub struct Options {
    /// Tokens of a `story()` passage without an explicit length.
    pub story_tokens: u32,
    /// Play `remove_common_words(x, other)` as banned strings (an approximation).
    pub approximate_word_bans: bool,
    /// Shortest banned word, in characters.
    pub min_banned_word_chars: usize,
}

/// A program run: everything a round is built from.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Token length of each `story()` passage, in call order.
    pub stories: Vec<u32>,
    /// The elicited register and the move's length in tokens.
    pub move_var: String,
    pub move_tokens: u32,
    /// The registers assigned before the elicit, in order: what the player sees.
    pub shown: Vec<(String, XStr)>,
    /// The player's total reward, in Xent's units (a sum of coefficients x cross-entropies).
    pub reward: Score,
    /// Words the move must not contain (`approximate_word_bans`).
    pub banned_words: Vec<String>,
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
            move_var: String::new(),
            move_tokens: 0,
            shown: Vec::new(),
            reward: Score::default(),
            banned_words: Vec::new(),
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
    if !ev.plan.reward.has_move() {
        return Err(XentError::new(
            at,
            format!(
                "no reward depends on the move `{}`: reward a score that reads it, e.g. \
                 `reward(xed(s | {}))`",
                ev.plan.move_var, ev.plan.move_var
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
        if let Some(first) = self.elicit_at {
            return Err(XentError::new(
                pos,
                format!(
                    "a second elicit (the first is at {first}): game API 0.1.0 has one move \
                     per round, so games with two moves (Horizon) are not supported yet ({SEE})"
                ),
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
        self.plan.shown = self
            .order
            .iter()
            .map(|r| (r.clone(), self.regs[r].clone()))
            .collect();
        self.plan.move_var = var.clone();
        self.plan.move_tokens = n;
        self.elicit_at = Some(pos);
        self.set(var, XStr(vec![Piece::Move]));
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
            // Refused before its parts are checked: the ensure is the reason, not its terms.
            if reads_judge(a) {
                return Err(judge_ensure(a.pos));
            }
            match self.expr(a)? {
                Value::Bool(Truth::Known(true)) => {}
                Value::Bool(Truth::Known(false)) => {
                    return Err(XentError::new(
                        a.pos,
                        "this condition is always false, so no move can pass the ensure",
                    ))
                }
                Value::Bool(Truth::Judge) => return Err(judge_ensure(a.pos)),
                Value::Bool(Truth::Story) => {
                    return Err(XentError::new(
                        a.pos,
                        "this condition depends on a story() passage, not on the move: no move \
                         can make it hold (Xent gives up on such a round)",
                    ))
                }
                Value::Bool(Truth::MoveWords) => {
                    return Err(XentError::new(
                        a.pos,
                        format!(
                            "`ensure(only_uses_words(..., move))` is a word whitelist on the \
                             move; banned strings cannot express it exactly and game API 0.1.0 \
                             has no host-enforced word constraints (0.2.0; {SEE})"
                        ),
                    ))
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

fn judge_ensure(pos: Pos) -> XentError {
    XentError::new(
        pos,
        format!(
            "`ensure` on a judge quantity is not supported by game API 0.1.0: the judge program \
             has no constraints; 0.2.0 adds them as differentiable penalties ({SEE})"
        ),
    )
}

/// Whether `e` calls a judge function (xent, xed, nex, dex) anywhere.
fn reads_judge(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Call(f, args) => {
            matches!(f.as_str(), "xent" | "xed" | "nex" | "dex")
                || args.iter().any(|a| reads_judge(&a.value))
        }
        ExprKind::Neg(x) => reads_judge(x),
        ExprKind::Binary(_, l, r) => reads_judge(l) || reads_judge(r),
        _ => false,
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
