//! `frost-host game-check`'s view of an assignment: the prompt and the judge's texts exactly as
//! the models read them.

use frost_sdk::types::Prompt;
use tch::Device;

use super::Assignment;
use crate::model::Tok;

/// What the player and the judge read for one assignment, as text: the rendered prompt, each
/// judge term token by token (scored spans marked ⟦..⟧, the move slot as `<MOVE: n tokens>`),
/// the banned tokens and the reference move. `frost-host game-check` prints this.
pub fn describe(asg: &Assignment, tok: &Tok) -> String {
    let mut out = String::new();
    let n = asg.move_len;
    let kind = match &asg.round.prompt {
        Prompt::Chat(_) => "chat, rendered with the tokenizer's chat template",
        Prompt::Raw(_) => "raw segments",
    };
    out.push_str(&format!(
        "=== player prompt ({kind}; {} tokens, the move follows) ===\n{}<MOVE: {n} tokens>\n",
        asg.prompt_ids.len(),
        asg.prompt_text
    ));
    out.push_str("\n=== judge program ===\n");
    out.push_str(
        "reward = sum over terms of weight * (sum of log-probs of the ⟦scored⟧ tokens), in nats\n",
    );
    for (t, term) in asg.program.terms.iter().enumerate() {
        let scored = term.scored.iter().filter(|&&s| s).count();
        let part = match term.penalty {
            Some(p) => format!("penalty {p} "),
            None => String::new(),
        };
        let clamp = term
            .clamp
            .map_or(String::new(), |c| format!(", CE per token clamped at {c}"));
        out.push_str(&format!(
            "\n{part}term {t}: weight {:+}, {} tokens, {scored} scored{}{clamp}\n",
            term.weight,
            term.ids.len(),
            match term.move_start {
                Some(_) if term.move_span.len() == n => ", has the move".to_string(),
                Some(_) => format!(", has move tokens {:?}", term.move_span),
                None => ", no move (baseline)".to_string(),
            }
        ));
        out.push_str(&judge_text(tok, term));
        out.push('\n');
    }
    for (p, pen) in asg.program.penalties.iter().enumerate() {
        out.push_str(&format!(
            "\npenalty {p}: reward -= {} * max(0, {} - g), g = its terms summed as the reward's\n",
            pen.weight, pen.threshold
        ));
    }
    let banned: Vec<bool> =
        Vec::<bool>::try_from(&asg.banned.to_device(Device::Cpu)).unwrap_or_default();
    let all = banned.iter().take(tok.vocab_size()).filter(|&&b| b).count();
    let c = &asg.round.constraints;
    out.push_str(&format!(
        "\n=== move constraints ===\nbanned by the game: {} ids, strings {:?}; the tokenizer's {} \
         added/special tokens are banned too: {all} of {} tokens banned in all\n",
        c.banned_token_ids.len(),
        c.banned_strings,
        tok.added_token_ids().len(),
        tok.vocab_size()
    ));
    if !c.allowed_special.is_empty() {
        out.push_str(&format!(
            "special tokens allowed: {:?}\n",
            c.allowed_special
        ));
    }
    if !c.banned_words.is_empty() {
        out.push_str(&format!(
            "words the move may not use: {:?}\n",
            c.banned_words
        ));
    }
    if let Some(a) = &c.allowed_words {
        out.push_str(&format!("the only words the move may use: {a:?}\n"));
    }
    match &asg.reference_move {
        Some(m) => out.push_str(&format!(
            "\nreference move: {:?} ({} tokens)\n",
            tok.decode(m),
            m.len()
        )),
        None => out.push_str("\nreference move: none\n"),
    }
    // The prompt and judge texts are the game's and the corpus's: escaped for the terminal.
    crate::terminal::printable(&out).into_owned()
}

/// One judge term as text: runs of scored tokens in ⟦..⟧, the move slot as `<MOVE: n tokens>`
/// (scored or not as the term says), a leading BOS as `<BOS>`.
fn judge_text(tok: &Tok, term: &crate::judge::TermTemplate) -> String {
    let slot = term.move_span.len();
    let is_move = |i: usize| term.move_start.is_some_and(|s| i >= s && i < s + slot);
    let mut out = String::new();
    let mut i = 0;
    while i < term.ids.len() {
        let (scored, mv) = (term.scored[i], is_move(i));
        let mut j = i + 1;
        while j < term.ids.len() && term.scored[j] == scored && is_move(j) == mv {
            j += 1;
        }
        let text = if mv {
            format!("<MOVE: {} tokens>", j - i)
        } else {
            let ids: Vec<u32> = term.ids[i..j].iter().map(|&t| t as u32).collect();
            let bos = (i == 0 && term.bos).then(|| tok.decode(&ids[..1]));
            match bos {
                Some(b) if ids.len() == 1 => format!("<BOS {b}>"),
                Some(b) => format!("<BOS {b}>{}", tok.decode(&ids[1..])),
                None => tok.decode(&ids),
            }
        };
        if scored {
            out.push_str(&format!("⟦{text}⟧"));
        } else {
            out.push_str(&text);
        }
        i = j;
    }
    out
}
