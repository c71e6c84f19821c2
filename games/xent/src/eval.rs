//! Runs a parsed `.xent` program once, symbolically: stories are passage indices, the move
//! is a slot, rewards are linear combinations of judge cross-entropies. The result, a
//! [`Plan`], is what a round needs (passages, move length, prompt, judge terms, bans).
//!
//! What game API 0.1.0 cannot express is refused here, with the construct's position.

use std::collections::HashMap;

use crate::syntax::{Arg, Expr, ExprKind, Op, Pos, Statement, XentError};
use crate::value::{Piece, Score, Seq, Truth, Value, XStr};
use crate::words;

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

    fn expr(&mut self, e: &Expr) -> Result<Value, XentError> {
        match &e.kind {
            ExprKind::Num(n, int) => Ok(Value::Num(*n, *int)),
            ExprKind::Str(s) => Ok(Value::Str(XStr::text(s))),
            ExprKind::Name(n) => self.name(n, e.pos),
            ExprKind::Call(f, args) => self.call(f, args, e.pos),
            ExprKind::Neg(inner) => match self.expr(inner)? {
                Value::Num(n, int) => Ok(Value::Num(-n, int)),
                Value::Score(s) => Ok(Value::Score(s.scale(-1.0))),
                v => Err(XentError::new(e.pos, format!("cannot negate {}", v.kind()))),
            },
            ExprKind::Binary(op, l, r) => {
                let (a, b) = (self.expr(l)?, self.expr(r)?);
                binary(op, a, b, e.pos)
            }
        }
    }

    fn name(&self, n: &str, pos: Pos) -> Result<Value, XentError> {
        if PLAYERS.contains(&n) {
            return Ok(Value::Player(n.to_string()));
        }
        if n.starts_with('l') && is_register(&n.replacen('l', "s", 1)) {
            return Err(XentError::new(
                pos,
                format!("list registers (`{n}`) are not supported"),
            ));
        }
        if n == "flag_1" || n == "flag_2" {
            return Err(XentError::new(
                pos,
                format!("`{n}` (beacons and replay) is not supported"),
            ));
        }
        if !is_register(n) {
            return Err(XentError::new(
                pos,
                format!(
                    "unknown name `{n}` (registers: {REGISTERS}, each also with suffix 1, 2 or 3)"
                ),
            ));
        }
        // An unassigned register holds the empty string, as in Xent.
        Ok(Value::Str(self.regs.get(n).cloned().unwrap_or_default()))
    }

    fn call(&mut self, f: &str, args: &[Arg], pos: Pos) -> Result<Value, XentError> {
        let args = no_keywords(args, f)?;
        match f {
            "story" => self.story(&args, pos),
            "xent" | "xed" | "nex" | "dex" => self.judge_fn(f, &args, pos),
            "remove_common_words" => {
                let [t, o] = self.strings::<2>(f, &args, pos)?;
                self.remove_common_words(t, o, pos)
            }
            "only_uses_words" => {
                let [allowed, text] = self.strings::<2>(f, &args, pos)?;
                Ok(Value::Bool(
                    match (allowed.flat(self.stories), text.flat(self.stories)) {
                        (Some(a), Some(t)) => Truth::Known(words::only_uses_words(&a, &t)),
                        _ => Truth::MoveWords,
                    },
                ))
            }
            _ if UNSUPPORTED.contains(&f) => Err(XentError::new(
                pos,
                format!(
                    "the Xent function `{f}` is not supported by Frost's .xent runtime ({SEE})"
                ),
            )),
            _ => Err(XentError::new(
                pos,
                format!(
                    "unknown function `{f}` (functions: story, xent, xed, nex, dex, \
                     remove_common_words, only_uses_words)"
                ),
            )),
        }
    }

    /// `N` string arguments.
    fn strings<const N: usize>(
        &mut self,
        f: &str,
        args: &[&Expr],
        pos: Pos,
    ) -> Result<[XStr; N], XentError> {
        if args.len() != N {
            return Err(XentError::new(
                pos,
                format!("`{f}` takes {N} string argument(s), got {}", args.len()),
            ));
        }
        let mut out = Vec::with_capacity(N);
        for a in args {
            match self.expr(a)? {
                Value::Str(s) => out.push(s),
                v => {
                    return Err(XentError::new(
                        a.pos,
                        format!("`{f}` takes strings; this is {}", v.kind()),
                    ))
                }
            }
        }
        Ok(out.try_into().expect("N strings"))
    }

    fn story(&mut self, args: &[&Expr], pos: Pos) -> Result<Value, XentError> {
        let tokens = match args {
            [] => self.opts.story_tokens,
            [n] => match self.expr(n)? {
                Value::Num(v, true) if (2.0..=65536.0).contains(&v) => v as u32,
                v => {
                    return Err(XentError::new(
                        n.pos,
                        format!(
                        "a story's length must be an integer from 2 to 65536 tokens; this is {}",
                        v.kind()
                    ),
                    ))
                }
            },
            _ => {
                return Err(XentError::new(
                    pos,
                    "story takes no argument, or its length in tokens: `story()`, `story(64)`",
                ))
            }
        };
        self.plan.stories.push(tokens);
        Ok(Value::Str(XStr(vec![Piece::Story(
            self.plan.stories.len() - 1,
        )])))
    }

    /// `xent(s | p)`, `xed`, `nex`, `dex`; an optional second argument is prepended to the
    /// condition (Xent's `pre_prompt`).
    fn judge_fn(&mut self, f: &str, args: &[&Expr], pos: Pos) -> Result<Value, XentError> {
        let (scored, mut context) = match args.first().map(|a| self.expr(a)).transpose()? {
            Some(Value::Str(s)) => (s, XStr::default()),
            Some(Value::Cond(s, p)) => (s, p),
            Some(v) => {
                return Err(XentError::new(
                    args[0].pos,
                    format!(
                        "`{f}` takes a string or `string | condition`; this is {}",
                        v.kind()
                    ),
                ))
            }
            None => {
                return Err(XentError::new(
                    pos,
                    format!("`{f}` needs a string, e.g. `{f}(s | x)`"),
                ))
            }
        };
        match args.get(1).map(|a| self.expr(a)).transpose()? {
            None if args.len() == 1 => {}
            Some(Value::Str(pre)) if args.len() == 2 => context = pre.concat(&context),
            _ => {
                return Err(XentError::new(
                    pos,
                    format!("`{f}` takes a string and optionally a prefix string"),
                ))
            }
        }
        let seq = Seq { context, scored };
        check_sequence(&seq, f, pos)?;
        let given = Score::xent(seq.clone());
        let alone = Score::xent(Seq {
            context: XStr::default(),
            scored: seq.scored,
        });
        let score = match f {
            "xent" => given,
            "nex" => given.scale(-1.0),
            "xed" => alone.add_scaled(&given, -1.0),
            _ => given.add_scaled(&alone, -1.0), // dex
        };
        Ok(Value::Score(score))
    }

    fn remove_common_words(
        &mut self,
        target: XStr,
        other: XStr,
        pos: Pos,
    ) -> Result<Value, XentError> {
        let stories = self.stories;
        match (target.flat(stories), other.flat(stories)) {
            (Some(t), Some(o)) => Ok(Value::Str(XStr::text(&words::remove_common_words(&t, &o)))),
            (None, Some(o)) if target.0 == [Piece::Move] => {
                if !self.opts.approximate_word_bans {
                    return Err(XentError::new(
                        pos,
                        format!(
                            "`remove_common_words` on the move: game API 0.1.0 can only \
                             approximate it with banned strings (a word spread over several \
                             tokens and words under {} characters get through, and the judge \
                             reads the move as sampled, not trimmed); set \
                             `approximate_word_bans = true` in the game config to play it that \
                             way, or wait for host-enforced word constraints (0.2.0; {SEE})",
                            self.opts.min_banned_word_chars
                        ),
                    ));
                }
                for w in words::words(&o) {
                    if w.chars().count() >= self.opts.min_banned_word_chars
                        && !self.plan.banned_words.contains(&w)
                    {
                        self.plan.banned_words.push(w);
                    }
                }
                Ok(Value::Str(target))
            }
            _ => Err(XentError::new(
                pos,
                format!(
                    "`remove_common_words` is supported on texts and stories, or on the move \
                     alone against a text; here the move is inside a longer string or is the \
                     second argument ({SEE})"
                ),
            )),
        }
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

/// What game API 0.1.0 can score: one move slot per sequence, and Xent's unscored first
/// token of the scored string (expressible when that string starts with a story, whose
/// first token id the game knows, or when nothing comes before it).
fn check_sequence(seq: &Seq, f: &str, pos: Pos) -> Result<(), XentError> {
    if seq.scored.is_empty() {
        return Err(XentError::new(
            pos,
            format!("`{f}` of an empty string scores nothing"),
        ));
    }
    if seq.context.moves() + seq.scored.moves() > 1 {
        return Err(XentError::new(
            pos,
            format!(
                "the move appears twice in one `{f}`: game API 0.1.0 has one move slot per \
                 judge sequence ({SEE})"
            ),
        ));
    }
    if !seq.context.is_empty() && !matches!(seq.scored.0[0], Piece::Story(_)) {
        let what = if seq.scored.0[0] == Piece::Move {
            "the move"
        } else {
            "a text"
        };
        return Err(XentError::new(
            pos,
            format!(
                "`{f}` scores {what} after a condition: Xent leaves the first token of the \
                 scored string unscored, which game API 0.1.0 can express only when that string \
                 starts with a story() ({SEE})"
            ),
        ));
    }
    Ok(())
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

fn binary(op: &Op, a: Value, b: Value, pos: Pos) -> Result<Value, XentError> {
    use Value::*;
    let kinds = (a.kind(), b.kind());
    let cmp = |x: f64, y: f64| match op {
        Op::Lt => x < y,
        Op::Le => x <= y,
        Op::Gt => x > y,
        Op::Ge => x >= y,
        Op::Eq => x == y,
        _ => x != y,
    };
    Ok(match (op, a, b) {
        (Op::Add, Str(x), Str(y)) => Str(x.concat(&y)),
        (Op::Add, Score(x), Score(y)) => Score(x.add_scaled(&y, 1.0)),
        (Op::Sub, Score(x), Score(y)) => Score(x.add_scaled(&y, -1.0)),
        (Op::Add, Num(x, i), Num(y, j)) => Num(x + y, i && j),
        (Op::Sub, Num(x, i), Num(y, j)) => Num(x - y, i && j),
        (Op::Mul, Num(x, i), Num(y, j)) => Num(x * y, i && j),
        (Op::Mul, Num(k, _), Score(s)) | (Op::Mul, Score(s), Num(k, _)) => Score(s.scale(k)),
        (Op::Pipe, Str(s), Str(p)) => Cond(s, p),
        (Op::Add | Op::Sub | Op::Mul | Op::Pipe, ..) => {
            return Err(type_error(op, kinds, pos));
        }
        (_, Num(x, _), Num(y, _)) => Bool(Truth::Known(cmp(x, y))),
        (_, Score(_), Score(_) | Num(..)) | (_, Num(..), Score(_)) => Bool(Truth::Judge),
        _ => {
            return Err(XentError::new(
                pos,
                format!(
                    "type error: cannot compare {} with {} (compare scores and numbers)",
                    kinds.0, kinds.1
                ),
            ))
        }
    })
}

fn type_error(op: &Op, (a, b): (&str, &str), pos: Pos) -> XentError {
    let rule = match op {
        Op::Add => "`+` joins two strings or adds two scores (or numbers)",
        Op::Sub => "`-` subtracts scores (or numbers)",
        Op::Mul => "`*` multiplies a score by a number",
        _ => "`|` conditions a string on a string: `s | x`",
    };
    XentError::new(pos, format!("type error: {a} and {b}: {rule}"))
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
