//! The values a `.xent` program computes with. Strings are kept as pieces (text, a story
//! passage, the move) rather than flattened, because the judge must read a story as the
//! corpus' token ids and the move as the move slot; scores are linear combinations of
//! cross-entropies of judge sequences, exactly what a judge program's weighted terms are.

/// One piece of a string.
#[derive(Clone, Debug, PartialEq)]
pub enum Piece {
    Text(String),
    /// The `i`-th `story()` passage of the round.
    Story(usize),
    /// The `i`-th elicited move (programs with several elicits, e.g. Horizon, have more).
    Move(usize),
}

/// A string: its pieces in order, adjacent text merged.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct XStr(pub Vec<Piece>);

impl XStr {
    pub fn text(s: &str) -> Self {
        let mut x = XStr::default();
        x.push(Piece::Text(s.to_string()));
        x
    }

    pub fn push(&mut self, p: Piece) {
        if let (Some(Piece::Text(a)), Piece::Text(b)) = (self.0.last_mut(), &p) {
            a.push_str(b);
        } else {
            self.0.push(p);
        }
    }

    pub fn concat(&self, other: &XStr) -> XStr {
        let mut out = self.clone();
        for p in &other.0 {
            out.push(p.clone());
        }
        out
    }

    pub fn has_move(&self) -> bool {
        self.moves() > 0
    }

    pub fn moves(&self) -> usize {
        self.0
            .iter()
            .filter(|p| matches!(p, Piece::Move(_)))
            .count()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The plain text, with `stories[i]` for each story piece (`None` if it holds the move).
    pub fn flat(&self, stories: &[String]) -> Option<String> {
        let mut s = String::new();
        for p in &self.0 {
            match p {
                Piece::Text(t) => s.push_str(t),
                Piece::Story(i) => s.push_str(stories.get(*i).map_or("", |t| t.as_str())),
                Piece::Move(_) => return None,
            }
        }
        Some(s)
    }
}

/// One judge sequence: `context` read unscored, then `scored`, whose first token Xent also
/// leaves unscored (its cross-entropy sums over tokens 2.. of the scored string).
#[derive(Clone, Debug, PartialEq)]
pub struct Seq {
    pub context: XStr,
    pub scored: XStr,
}

/// A linear combination `sum coef * xent(seq)` (Xent's units: cross-entropies).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Score(pub Vec<(f64, Seq)>);

impl Score {
    pub fn xent(seq: Seq) -> Self {
        Score(vec![(1.0, seq)])
    }

    /// `self + k * other`, equal sequences merged and cancelled terms dropped.
    pub fn add_scaled(&self, other: &Score, k: f64) -> Score {
        let mut out = self.0.clone();
        for (c, seq) in &other.0 {
            match out.iter_mut().find(|(_, s)| s == seq) {
                Some((oc, _)) => *oc += k * c,
                None => out.push((k * c, seq.clone())),
            }
        }
        out.retain(|(c, _)| *c != 0.0);
        Score(out)
    }

    pub fn scale(&self, k: f64) -> Score {
        Score::default().add_scaled(self, k)
    }

    pub fn has_move(&self) -> bool {
        self.0
            .iter()
            .any(|(_, s)| s.context.has_move() || s.scored.has_move())
    }
}

/// What a condition's truth depends on.
#[derive(Clone, Debug, PartialEq)]
pub enum Truth {
    Known(bool),
    /// A comparison of judge quantities, known only with the judge model: `score >=
    /// threshold` (the score in Xent's units, the threshold in nats).
    Judge(Score, f64),
    /// A word whitelist on the move (`only_uses_words(list, x)`): the allowed words.
    MoveWords(Vec<String>),
    /// A word rule on a story passage: true or not by the luck of the draw.
    Story,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Str(XStr),
    /// `s | p`: `s` read after the condition `p`.
    Cond(XStr, XStr),
    Score(Score),
    /// A number; `true` when it is an integer.
    Num(f64, bool),
    Bool(Truth),
    Player(String),
}

impl Value {
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Str(_) => "a string",
            Value::Cond(..) => "a conditioned string `a | b`",
            Value::Score(_) => "a score",
            Value::Num(..) => "a number",
            Value::Bool(_) => "a condition",
            Value::Player(_) => "a player",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_merges_and_scores_cancel() {
        let a = XStr::text("a").concat(&XStr::text("b"));
        assert_eq!(a, XStr::text("ab"));
        let s = XStr(vec![Piece::Story(0)]);
        let plain = Seq {
            context: XStr::default(),
            scored: s.clone(),
        };
        let cond = Seq {
            context: XStr(vec![Piece::Move(0)]),
            scored: s,
        };
        // xed(s | x) - xed(s | x) is nothing; xent(s) - xent(s | x) keeps both.
        let xed = Score::xent(plain.clone()).add_scaled(&Score::xent(cond.clone()), -1.0);
        assert_eq!(xed.0.len(), 2);
        assert!(xed.add_scaled(&xed, -1.0).0.is_empty());
        assert_eq!(xed.scale(-2.0).0[1], (2.0, cond));
        assert!(xed.has_move());
        assert!(!Score::xent(plain).has_move());
    }
}
