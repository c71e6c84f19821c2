//! Expressions: strings, scores, numbers and conditions, with their type rules and the
//! functions of the language.

use crate::syntax::{Arg, Expr, ExprKind, Op, Pos, XentError};
use crate::value::{Piece, Score, Seq, Truth, Value, XStr};
use crate::words;

use super::{is_register, no_keywords, Eval, PLAYERS, REGISTERS, SEE, UNSUPPORTED};

impl Eval<'_> {
    pub(super) fn expr(&mut self, e: &Expr) -> Result<Value, XentError> {
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
                self.only_uses_words(allowed, text, pos)
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

    /// `xent(s | p)`, `xed`, `nex`, `dex`, with an optional second argument, the pre-prompt:
    /// as in Xent's `Judge` (`xent/runtime/judge.py`), every term reads `pre + condition`
    /// before `s`, and `xed`'s unconditioned term keeps the pre-prompt, `xent(s, pre)`.
    fn judge_fn(&mut self, f: &str, args: &[&Expr], pos: Pos) -> Result<Value, XentError> {
        let (scored, cond) = match args.first().map(|a| self.expr(a)).transpose()? {
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
        let pre = match args.get(1).map(|a| self.expr(a)).transpose()? {
            None if args.len() == 1 => XStr::default(),
            Some(Value::Str(pre)) if args.len() == 2 => pre,
            _ => {
                return Err(XentError::new(
                    pos,
                    format!("`{f}` takes a string and optionally a pre-prompt string"),
                ))
            }
        };
        // Xent's `Judge.xent(s | c, pre)`: `pre + c` unscored, then `s`.
        let xent = |cond: &XStr| -> Result<Score, XentError> {
            let seq = Seq {
                context: pre.concat(cond),
                scored: scored.clone(),
            };
            check_sequence(&seq, f, pos)?;
            Ok(Score::xent(seq))
        };
        let given = xent(&cond)?;
        let score = match f {
            "xent" => given,
            "nex" => given.scale(-1.0),
            "xed" => xent(&XStr::default())?.add_scaled(&given, -1.0),
            _ => given.add_scaled(&xent(&XStr::default())?, -1.0), // dex
        };
        Ok(Value::Score(score))
    }

    /// `only_uses_words(allowed, text)`: known on texts, a host-enforced whitelist when
    /// `text` is a move (game API 0.2.0).
    fn only_uses_words(&self, allowed: XStr, text: XStr, pos: Pos) -> Result<Value, XentError> {
        let has_story = |s: &XStr| s.0.iter().any(|p| matches!(p, Piece::Story(_)));
        if allowed.has_move() {
            return Err(XentError::new(
                pos,
                "`only_uses_words` takes the allowed words first and the checked text second; \
                 here the move is in the allowed words",
            ));
        }
        let list = allowed.flat(self.stories).unwrap_or_default();
        if text.has_move() {
            if !matches!(text.0.as_slice(), [Piece::Move(_)]) {
                return Err(XentError::new(
                    pos,
                    format!(
                        "`only_uses_words` on the move inside a longer string: the host checks \
                         the words of a move alone, e.g. `only_uses_words(s1, x)` ({SEE})"
                    ),
                ));
            }
            return Ok(Value::Bool(Truth::MoveWords(words::pieces(&list))));
        }
        let truth = match text.flat(self.stories) {
            _ if has_story(&allowed) || has_story(&text) => Truth::Story,
            Some(t) => Truth::Known(words::only_uses_words(&list, &t)),
            None => unreachable!("the text holds no move"),
        };
        Ok(Value::Bool(truth))
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
            (None, Some(o)) if matches!(target.0.as_slice(), [Piece::Move(_)]) => {
                // Game API 0.2.0: the host keeps every word of `o` out of the move, so Xent's
                // removal removes nothing. 0.1.0's banned strings remain as an option.
                let min = match self.opts.approximate_word_bans {
                    true => self.opts.min_banned_word_chars,
                    false => 1,
                };
                for w in words::words(&o) {
                    if w.chars().count() >= min && !self.plan.banned_words.contains(&w) {
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

/// What game API 0.2.0 can score: in one sequence, the moves read form one run (one move,
/// or several elicited one after the other, in order, side by side, e.g. `s + x1 + x2`).
/// Xent's unscored first token of the scored string is a segment's `skip_first`.
fn check_sequence(seq: &Seq, f: &str, pos: Pos) -> Result<(), XentError> {
    if seq.scored.is_empty() {
        return Err(XentError::new(
            pos,
            format!("`{f}` of an empty string scores nothing"),
        ));
    }
    let pieces: Vec<&Piece> = seq.context.0.iter().chain(&seq.scored.0).collect();
    let at: Vec<(usize, usize)> = (pieces.iter().enumerate())
        .filter_map(|(i, p)| match p {
            Piece::Move(m) => Some((i, *m)),
            _ => None,
        })
        .collect();
    let one_run = at
        .windows(2)
        .all(|w| w[1].0 == w[0].0 + 1 && w[1].1 == w[0].1 + 1);
    if !one_run {
        return Err(XentError::new(
            pos,
            format!(
                "`{f}` reads the moves apart or out of order: a judge sequence holds the moves as \
                 one run, in the order they were elicited, side by side ({SEE})"
            ),
        ));
    }
    Ok(())
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
        (Op::Eq | Op::Ne, Score(_), _) | (Op::Eq | Op::Ne, _, Score(_)) => {
            return Err(XentError::new(
                pos,
                "`==` and `!=` on judge quantities cannot be a penalty; compare with >= or <=",
            ))
        }
        (_, Score(x), Score(y)) => judge_truth(op, x.add_scaled(&y, -1.0), 0.0),
        (_, Score(x), Num(c, _)) => judge_truth(op, x, c),
        (_, Num(c, _), Score(y)) => judge_truth(op, y.scale(-1.0), -c),
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

/// `d OP c` (d a score, c a number in Xent's bits) as `score >= threshold` in nats: strict and
/// non-strict comparisons are the same hinge.
fn judge_truth(op: &Op, d: Score, c: f64) -> Value {
    let c = c * std::f64::consts::LN_2;
    match op {
        Op::Ge | Op::Gt => Value::Bool(Truth::Judge(d, c)),
        _ => Value::Bool(Truth::Judge(d.scale(-1.0), -c)),
    }
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
