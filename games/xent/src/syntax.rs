//! The `.xent` syntax: one instruction call per line (`assign(s=story())`), arguments are
//! Python-like expressions over strings, numbers, registers and function calls. This module
//! turns program text into statements with line:column positions; it knows nothing of what
//! the instructions mean (that is `eval`).
//!
//! Frost extension: `;` separates statements on one line, so a program fits in one
//! `--set game.config.program='...'`.

use std::fmt;

/// A 1-based line and column (in characters) in the program text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    pub line: usize,
    pub col: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// An error in a program, at a place in its text.
#[derive(Clone, Debug, PartialEq)]
pub struct XentError {
    pub pos: Pos,
    pub msg: String,
}

impl XentError {
    pub fn new(pos: Pos, msg: impl Into<String>) -> Self {
        XentError {
            pos,
            msg: msg.into(),
        }
    }
}

impl fmt::Display for XentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pos, self.msg)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Pipe,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A number; `true` when written as an integer.
    Num(f64, bool),
    Str(String),
    Name(String),
    Call(String, Vec<Arg>),
    Neg(Box<Expr>),
    Binary(Op, Box<Expr>, Box<Expr>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub pos: Pos,
}

/// A call argument: positional, or `name=value` (the name and its position).
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    pub name: Option<(String, Pos)>,
    pub value: Expr,
}

/// One instruction: `name(args)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Statement {
    pub instr: String,
    pub pos: Pos,
    pub args: Vec<Arg>,
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Name(String),
    Num(f64, bool),
    Str(String),
    Punct(&'static str),
    /// End of a statement: a newline, `;` or the end of the text.
    End,
}

/// Xent's own runtime refuses longer programs.
pub const MAX_LINES: usize = 64;

/// Parses a whole program into its statements.
pub fn parse(text: &str) -> Result<Vec<Statement>, XentError> {
    let lines = text.lines().count();
    if lines > MAX_LINES {
        return Err(XentError::new(
            Pos {
                line: MAX_LINES + 1,
                col: 1,
            },
            format!("the program has {lines} lines; a Xent program has at most {MAX_LINES}"),
        ));
    }
    let toks = lex(text)?;
    let mut p = Parser { toks, at: 0 };
    let mut out = Vec::new();
    loop {
        while p.peek() == &Tok::End && p.at + 1 < p.toks.len() {
            p.at += 1;
        }
        if p.at + 1 >= p.toks.len() {
            return Ok(out);
        }
        out.push(p.statement()?);
    }
}

/// Punctuation, longest first so `>=` wins over `>`.
const PUNCT: &[&str] = &[
    "//", "**", ">=", "<=", "==", "!=", "(", ")", ",", "=", "+", "-", "*", "/", "%", "|", "<", ">",
    "[", "]", "{", "}", ".", ":", "&", "^", "~", ";",
];

fn lex(text: &str) -> Result<Vec<(Tok, Pos)>, XentError> {
    let mut out = Vec::new();
    for (l, line) in text.lines().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let pos = Pos {
                line: l + 1,
                col: i + 1,
            };
            if c.is_whitespace() {
                i += 1;
            } else if c == '#' {
                break;
            } else if c == '"' || c == '\'' {
                let (s, next) = lex_string(&chars, i, pos)?;
                out.push((Tok::Str(s), pos));
                i = next;
            } else if c.is_ascii_digit() {
                let start = i;
                while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
                    i += 1;
                }
                let s: String = chars[start..i].iter().collect();
                let n = s
                    .parse::<f64>()
                    .map_err(|_| XentError::new(pos, format!("bad number `{s}`")))?;
                out.push((Tok::Num(n, !s.contains('.')), pos));
            } else if c.is_alphabetic() || c == '_' {
                let start = i;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                out.push((Tok::Name(chars[start..i].iter().collect()), pos));
            } else if let Some(p) = PUNCT.iter().find(|p| line_has(&chars, i, p)).copied() {
                out.push((if p == ";" { Tok::End } else { Tok::Punct(p) }, pos));
                i += p.chars().count();
            } else {
                return Err(XentError::new(pos, format!("unexpected character `{c}`")));
            }
        }
        out.push((
            Tok::End,
            Pos {
                line: l + 1,
                col: chars.len() + 1,
            },
        ));
    }
    let end = out.last().map(|t| t.1).unwrap_or(Pos { line: 1, col: 1 });
    out.push((Tok::End, end));
    Ok(out)
}

fn line_has(chars: &[char], i: usize, p: &str) -> bool {
    p.chars()
        .enumerate()
        .all(|(k, c)| chars.get(i + k) == Some(&c))
}

/// A quoted string starting at `chars[start]`, with Python's common escapes. Returns the
/// string and the index after its closing quote.
fn lex_string(chars: &[char], start: usize, pos: Pos) -> Result<(String, usize), XentError> {
    let quote = chars[start];
    let mut s = String::new();
    let mut i = start + 1;
    while i < chars.len() {
        match chars[i] {
            c if c == quote => return Ok((s, i + 1)),
            '\\' if i + 1 < chars.len() => {
                let e = chars[i + 1];
                match e {
                    'n' => s.push('\n'),
                    't' => s.push('\t'),
                    'r' => s.push('\r'),
                    '\\' | '\'' | '"' => s.push(e),
                    // Python keeps an unknown escape as it is.
                    _ => {
                        s.push('\\');
                        s.push(e);
                    }
                }
                i += 2;
            }
            c => {
                s.push(c);
                i += 1;
            }
        }
    }
    Err(XentError::new(
        pos,
        "unterminated string (a string ends on its own line)",
    ))
}

struct Parser {
    toks: Vec<(Tok, Pos)>,
    at: usize,
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Name(n) => format!("`{n}`"),
        Tok::Num(n, _) => format!("`{n}`"),
        Tok::Str(_) => "a string".into(),
        Tok::Punct(p) => format!("`{p}`"),
        Tok::End => "the end of the statement".into(),
    }
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.at].0
    }

    fn pos(&self) -> Pos {
        self.toks[self.at].1
    }

    fn next(&mut self) -> (Tok, Pos) {
        let t = self.toks[self.at].clone();
        if self.at + 1 < self.toks.len() {
            self.at += 1;
        }
        t
    }

    fn eat(&mut self, p: &str) -> bool {
        if matches!(self.peek(), Tok::Punct(q) if *q == p) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, p: &str, what: &str) -> Result<(), XentError> {
        if self.eat(p) {
            Ok(())
        } else {
            Err(XentError::new(
                self.pos(),
                format!("expected `{p}` {what}, found {}", describe(self.peek())),
            ))
        }
    }

    fn statement(&mut self) -> Result<Statement, XentError> {
        let (tok, pos) = self.next();
        let Tok::Name(instr) = tok else {
            return Err(XentError::new(
                pos,
                format!(
                    "a statement is an instruction call such as `assign(...)`; found {}",
                    describe(&tok)
                ),
            ));
        };
        self.expect("(", &format!("after `{instr}`"))?;
        let args = self.args()?;
        if self.peek() != &Tok::End {
            return Err(XentError::new(
                self.pos(),
                format!(
                    "expected the end of the statement after `{instr}(...)`, found {}",
                    describe(self.peek())
                ),
            ));
        }
        Ok(Statement { instr, pos, args })
    }

    /// Arguments after `(`, through the closing `)`.
    fn args(&mut self) -> Result<Vec<Arg>, XentError> {
        let mut args = Vec::new();
        while !self.eat(")") {
            let keyword = match (&self.toks[self.at].0, self.toks.get(self.at + 1)) {
                (Tok::Name(n), Some((Tok::Punct("="), _))) => Some((n.clone(), self.pos())),
                _ => None,
            };
            if keyword.is_some() {
                self.at += 2;
            }
            args.push(Arg {
                name: keyword,
                value: self.expr()?,
            });
            if !self.eat(",") {
                self.expect(")", "to close the call")?;
                break;
            }
        }
        Ok(args)
    }

    fn expr(&mut self) -> Result<Expr, XentError> {
        let lhs = self.pipe()?;
        let op = match self.peek() {
            Tok::Punct("<") => Op::Lt,
            Tok::Punct("<=") => Op::Le,
            Tok::Punct(">") => Op::Gt,
            Tok::Punct(">=") => Op::Ge,
            Tok::Punct("==") => Op::Eq,
            Tok::Punct("!=") => Op::Ne,
            _ => return Ok(lhs),
        };
        let pos = self.pos();
        self.at += 1;
        let rhs = self.pipe()?;
        if matches!(
            self.peek(),
            Tok::Punct("<" | "<=" | ">" | ">=" | "==" | "!=")
        ) {
            return Err(XentError::new(
                self.pos(),
                "chained comparisons are not supported",
            ));
        }
        Ok(binary(op, lhs, rhs, pos))
    }

    fn pipe(&mut self) -> Result<Expr, XentError> {
        let mut lhs = self.sum()?;
        while matches!(self.peek(), Tok::Punct("|")) {
            let pos = self.pos();
            self.at += 1;
            let rhs = self.sum()?;
            lhs = binary(Op::Pipe, lhs, rhs, pos);
        }
        Ok(lhs)
    }

    fn sum(&mut self) -> Result<Expr, XentError> {
        let mut lhs = self.product()?;
        loop {
            let op = match self.peek() {
                Tok::Punct("+") => Op::Add,
                Tok::Punct("-") => Op::Sub,
                _ => return Ok(lhs),
            };
            let pos = self.pos();
            self.at += 1;
            let rhs = self.product()?;
            lhs = binary(op, lhs, rhs, pos);
        }
    }

    fn product(&mut self) -> Result<Expr, XentError> {
        let mut lhs = self.unary()?;
        loop {
            match self.peek() {
                Tok::Punct("*") => {
                    let pos = self.pos();
                    self.at += 1;
                    let rhs = self.unary()?;
                    lhs = binary(Op::Mul, lhs, rhs, pos);
                }
                Tok::Punct(p @ ("/" | "//" | "%" | "**")) => {
                    return Err(XentError::new(
                        self.pos(),
                        format!("the operator `{p}` is not supported (use +, -, * and |)"),
                    ))
                }
                _ => return Ok(lhs),
            }
        }
    }

    fn unary(&mut self) -> Result<Expr, XentError> {
        let pos = self.pos();
        if self.eat("-") {
            let inner = self.unary()?;
            return Ok(Expr {
                kind: ExprKind::Neg(Box::new(inner)),
                pos,
            });
        }
        if self.eat("+") {
            return self.unary();
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<Expr, XentError> {
        let (tok, pos) = self.next();
        let kind = match tok {
            Tok::Num(n, int) => ExprKind::Num(n, int),
            Tok::Str(s) => ExprKind::Str(s),
            Tok::Name(n) if self.eat("(") => ExprKind::Call(n, self.args()?),
            Tok::Name(n) => ExprKind::Name(n),
            Tok::Punct("(") => {
                let e = self.expr()?;
                self.expect(")", "to close the parenthesis")?;
                return Ok(e);
            }
            t => {
                return Err(XentError::new(
                    pos,
                    format!("expected a value, found {}", describe(&t)),
                ))
            }
        };
        if matches!(self.peek(), Tok::Punct("." | "[")) {
            return Err(XentError::new(
                self.pos(),
                "methods, lists and indexing are not supported",
            ));
        }
        Ok(Expr { kind, pos })
    }
}

fn binary(op: Op, lhs: Expr, rhs: Expr, pos: Pos) -> Expr {
    Expr {
        kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
        pos,
    }
}

#[cfg(test)]
mod tests;
