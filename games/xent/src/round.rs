//! A [`Plan`] and the round's passages as the round the host plays: the judge program
//! (Xent's scores as weighted terms), the player's prompt and the move constraints.

use frost_sdk::{
    ChatMessage, JudgeProgram, JudgeSegment, JudgeTerm, Passage, Prompt, PromptSegment,
    SegmentContent,
};

use crate::eval::Plan;
use crate::value::{Piece, Seq, XStr};

fn content(p: &Piece, passages: &[Passage]) -> SegmentContent {
    match p {
        Piece::Text(t) => SegmentContent::Text(t.clone()),
        Piece::Story(i) => SegmentContent::Tokens(passages[*i].token_ids.clone()),
        Piece::Move => SegmentContent::Move,
    }
}

/// One judge sequence: the context unscored, then the scored string with its first token
/// unscored as Xent has it. Without context the host already leaves position 0 unscored (no
/// BOS: Xent's judge adds none); with context the scored string starts with a story (checked
/// by `eval`), whose first token id is split off.
fn segments(seq: &Seq, passages: &[Passage]) -> Vec<JudgeSegment> {
    let mut out: Vec<JudgeSegment> = seq
        .context
        .0
        .iter()
        .map(|p| JudgeSegment::unscored(content(p, passages)))
        .collect();
    let mut scored = seq.scored.0.iter();
    if !seq.context.is_empty() {
        if let Some(Piece::Story(i)) = scored.next() {
            let ids = &passages[*i].token_ids;
            out.push(JudgeSegment::unscored(SegmentContent::Tokens(
                ids[..1].to_vec(),
            )));
            out.push(JudgeSegment::scored(SegmentContent::Tokens(
                ids[1..].to_vec(),
            )));
        }
    }
    out.extend(scored.map(|p| JudgeSegment::scored(content(p, passages))));
    out
}

/// reward = sum of `coef * CE` (Xent) = sum of `-coef * log p` (Frost's terms): weight = -coef.
/// In nats; Xent reports the same quantity in bits (nats = bits x ln 2).
pub fn judge(plan: &Plan, passages: &[Passage]) -> JudgeProgram {
    JudgeProgram {
        terms: plan
            .reward
            .0
            .iter()
            .map(|(coef, seq)| JudgeTerm {
                weight: -coef,
                bos: false,
                segments: segments(seq, passages),
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
    text.push_str(&format!(
        "\nWrite `{}`: {} tokens of text that maximize your reward. Reply with the text only.",
        plan.move_var, plan.move_tokens
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
            segs.push(match content(p, passages) {
                SegmentContent::Tokens(ids) => PromptSegment::Tokens(ids),
                _ => PromptSegment::Text(flat(&XStr(vec![p.clone()]), passages)),
            });
        }
        segs.push(PromptSegment::Text("\n\n".into()));
    }
    segs.push(PromptSegment::Text(format!("{}:", plan.move_var)));
    Prompt::Raw(segs)
}
