//! A [`Plan`] and the round's passages as the round the host plays: the judge program
//! (Xent's scores as weighted terms), the player's prompt and the move constraints.

use frost_sdk::{
    ChatMessage, JudgeProgram, JudgeSegment, JudgeTerm, Passage, Penalty, Prompt, PromptSegment,
    SegmentContent,
};

use crate::eval::Plan;
use crate::value::{Piece, Score, Seq, XStr};

/// A piece as a judge segment's content; with several elicits a move is one part of the
/// move the player writes (game API 0.2.0).
fn content(p: &Piece, plan: &Plan, passages: &[Passage]) -> SegmentContent {
    match p {
        Piece::Text(t) => SegmentContent::Text(t.clone()),
        Piece::Story(i) => SegmentContent::Tokens(passages[*i].token_ids.clone()),
        Piece::Move(_) if plan.moves.len() == 1 => SegmentContent::Move,
        Piece::Move(i) => SegmentContent::MovePart(*i as u32),
    }
}

/// One judge sequence: the context unscored, then the scored string with its first token
/// unscored as Xent has it (`skip_first`). Without context the host already leaves position 0
/// unscored (no BOS: Xent's judge adds none).
fn segments(seq: &Seq, plan: &Plan, passages: &[Passage]) -> Vec<JudgeSegment> {
    let mut out: Vec<JudgeSegment> = (seq.context.0.iter())
        .map(|p| JudgeSegment::unscored(content(p, plan, passages)))
        .collect();
    for (i, p) in seq.scored.0.iter().enumerate() {
        let c = content(p, plan, passages);
        out.push(match i == 0 && !seq.context.is_empty() {
            true => JudgeSegment::scored_from_second(c),
            false => JudgeSegment::scored(c),
        });
    }
    out
}

/// Xent's `sum coef * CE` as Frost's terms `sum -coef * log p`: weight = -coef. In nats;
/// Xent reports the same quantity in bits (nats = bits x ln 2).
fn terms(score: &Score, plan: &Plan, passages: &[Passage]) -> Vec<JudgeTerm> {
    (score.0.iter())
        .map(|(coef, seq)| JudgeTerm {
            weight: -coef,
            bos: false,
            segments: segments(seq, plan, passages),
            max_token_ce: None,
        })
        .collect()
}

/// The reward's terms and, per `ensure` on judge quantities, a hinge penalty of
/// `penalty_weight` nats per nat of violation.
pub fn judge(plan: &Plan, passages: &[Passage], penalty_weight: f64) -> JudgeProgram {
    JudgeProgram {
        terms: terms(&plan.reward, plan, passages),
        penalties: (plan.ensures.iter())
            .map(|(score, threshold)| {
                Penalty::at_least(terms(score, plan, passages), *threshold).weight(penalty_weight)
            })
            .collect(),
    }
}

fn flat(s: &XStr, passages: &[Passage]) -> String {
    let texts: Vec<String> = passages.iter().map(|p| p.text.clone()).collect();
    s.flat(&texts).unwrap_or_default()
}

/// A chat prompt: the program, the registers the player sees, the task.
pub fn chat_prompt(plan: &Plan, program: &str, passages: &[Passage]) -> Prompt {
    let mut text = format!(
        "You are playing a cross-entropy game. A language model (the judge) scores your text \
         with this Xent program:\n\n{}\n",
        program.trim()
    );
    for (name, value) in &plan.shown {
        text.push_str(&format!("\n{name}:\n{}\n", flat(value, passages)));
    }
    let moves: Vec<String> = (plan.moves.iter())
        .map(|(var, n)| format!("`{var}` ({n} tokens)"))
        .collect();
    text.push_str(&format!(
        "\nWrite {}, one right after the other, to maximize your reward. Reply with the text \
         only.",
        moves.join(" then ")
    ));
    Prompt::Chat(vec![ChatMessage {
        role: "user".into(),
        content: text,
    }])
}

/// A raw prompt for base models: `name:\nvalue` per register (stories as their token ids),
/// then `x:`; the move follows.
pub fn raw_prompt(plan: &Plan, passages: &[Passage]) -> Prompt {
    let mut segs = Vec::new();
    for (name, value) in &plan.shown {
        segs.push(PromptSegment::Text(format!("{name}:\n")));
        for p in &value.0 {
            segs.push(match content(p, plan, passages) {
                SegmentContent::Tokens(ids) => PromptSegment::Tokens(ids),
                _ => PromptSegment::Text(flat(&XStr(vec![p.clone()]), passages)),
            });
        }
        segs.push(PromptSegment::Text("\n\n".into()));
    }
    segs.push(PromptSegment::Text(format!("{}:", plan.moves[0].0)));
    Prompt::Raw(segs)
}
