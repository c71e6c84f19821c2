//! End-to-end tests: word rules (game API 0.2.0). Masks that forbid exactly the substitutions
//! that break a rule, rules held in every move of a training run, word lists past the limits,
//! a rule no move can meet. The judge is the committed tiny random Qwen3 of the `.xent` fixtures.

use crate::api::*;
use crate::common;
use frost_host::model::LoadedModel;
use frost_host::round::decoded_token_texts;
use frost_host::round::words::{TokenWords, WordRule};
use frost_sdk::types::MoveConstraints;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use tch::Kind;

/// Words with capitals and punctuation: the whitelist compares them exactly.
const WHITELIST: &str = "the King sees a red-bird at dawn, o";

/// A word rule over the fixture judge's tokenizer (token texts as decoded, case kept).
fn rule(m: &LoadedModel, c: &MoveConstraints) -> WordRule {
    let texts = decoded_token_texts(&m.tokenizer);
    let no_bans = vec![false; texts.len()];
    WordRule::new(c, Arc::new(TokenWords::new(&texts)), &no_bans, 16).unwrap()
}

/// Xent's `only_uses_words(allowed, text)`: every piece of `text` cut at single spaces is
/// exactly one of `allowed`'s.
fn only_uses_words(allowed: &str, text: &str) -> bool {
    let allowed: Vec<&str> = allowed.split(' ').collect();
    text.split(' ').all(|p| allowed.contains(&p))
}

/// Xent's words of a text.
fn words(text: &str) -> Vec<String> {
    let t: String = text.chars().filter(|c| !c.is_ascii_punctuation()).collect();
    t.to_lowercase()
        .split_whitespace()
        .map(String::from)
        .collect()
}

#[test]
fn word_rules_mask_exactly_the_substitutions_that_break_them() {
    let m = judge_model(Kind::Float);
    let tok = &m.tokenizer;
    let v = tok.vocab_size() as u32;
    let cases = [
        MoveConstraints {
            banned_words: words("the a and of to thy"),
            ..Default::default()
        },
        MoveConstraints {
            allowed_words: Some(WHITELIST.split(' ').map(String::from).collect()),
            ..Default::default()
        },
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for c in &cases {
        let r = rule(&m, c);
        let holds = |mv: &[u32]| {
            let text = tok.decode(mv);
            !mv.iter().any(|&t| tok.decode(&[t]).contains('\u{fffd}'))
                && words(&text).iter().all(|w| !c.banned_words.contains(w))
                && (c.allowed_words.is_none() || only_uses_words(WHITELIST, &text))
        };
        // Legal parents, by sampling each token from the rule's own next-token mask.
        let mut parents = Vec::new();
        while parents.len() < 6 {
            let mut mv = Vec::new();
            for step in 0..5 {
                let ban = r.next_token_ban(&mv, 4 - step);
                let ok: Vec<u32> = (0..v).filter(|&t| !ban[t as usize]).collect();
                assert!(!ok.is_empty(), "the rule strands a move at step {step}");
                mv.push(ok[rng.gen_range(0..ok.len())]);
            }
            assert!(holds(&mv) && r.allows(&mv), "sampled {:?}", tok.decode(&mv));
            parents.push(mv);
        }
        // Every substitution: banned exactly when the child breaks the rule.
        for p in &parents {
            for i in 0..p.len() {
                let ban = r.substitution_ban(p, i);
                for t in 0..v {
                    let mut child = p.clone();
                    child[i] = t;
                    assert_eq!(
                        !ban[t as usize],
                        holds(&child),
                        "{:?} at {i} -> {:?}",
                        tok.decode(p),
                        tok.decode(&child)
                    );
                }
            }
        }
    }
}

/// The decoded moves of every member of every samples line, with the raw prompt.
fn sampled_moves(out: &std::path::Path) -> Vec<(String, String)> {
    let mut moves = Vec::new();
    for line in crate::fixture::jsonl(&out.join("samples.jsonl")) {
        for a in line["assignments"].as_array().unwrap() {
            let prompt = a["prompt"].as_str().unwrap().to_string();
            for mv in a["moves"].as_array().unwrap() {
                for key in ["move", "sampled"] {
                    moves.push((prompt.clone(), mv[key].as_str().unwrap().to_string()));
                }
            }
        }
    }
    moves
}

/// `frost-host` on the xent game with `program`, on the committed tiny judge and corpus (CPU,
/// f32, raw prompt), plus `sets`; whatever its outcome.
fn xent_run(out: &std::path::Path, program: &str, sets: &[&str]) -> std::process::Output {
    let model = common::root().join("tests/fixtures/xent/model");
    let corpus = common::root().join("tests/fixtures/corpus-tiny");
    let mut cmd = common::frost_host();
    cmd.args(["--game", common::game_wasm("xent").to_str().unwrap()])
        .args(["--out", out.to_str().unwrap()])
        .args(["--set", &format!("model.path=\"{}\"", model.display())])
        .args([
            "--set",
            "model.device=\"cpu\"",
            "--set",
            "model.dtype=\"f32\"",
        ])
        .args(["--set", &format!("corpus.source=\"{}\"", corpus.display())])
        .args(["--set", &format!("game.config.program={program}")])
        .args([
            "--set",
            "game.config.prompt=\"raw\"",
            "--set",
            "run.progress=false",
        ]);
    for set in sets {
        cmd.args(["--set", set]);
    }
    cmd.env("FROST_LOG", "warn").output().unwrap()
}

fn train_xent(out: &std::path::Path, program: &str, tokens: u32) {
    let story = format!("game.config.story_tokens={tokens}");
    let o = xent_run(
        out,
        program,
        &[
            &story,
            "steps=2",
            "sampling.assignments_per_step=2",
            "frost.rounds=2",
            "run.samples_every=1",
            "eval.every=2",
            "eval.assignments=1",
        ],
    );
    assert!(
        o.status.success(),
        "{program}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn word_rules_hold_in_every_move_of_a_training_run_and_horizon_trains() {
    let dir = tempfile::tempdir().unwrap();
    // Condense: no word of the story in the move (host-enforced by default).
    let condense = "assign(s=story()); elicit(x, 6); assign(x1=remove_common_words(x, s)); reward(xed(s | x1))";
    let out = dir.path().join("condense");
    train_xent(&out, condense, 16);
    let moves = sampled_moves(&out);
    assert!(moves.len() >= 16);
    for (prompt, mv) in &moves {
        let story = prompt
            .split("s:\n")
            .nth(1)
            .unwrap()
            .split("\n\nx:")
            .next()
            .unwrap();
        let shared: Vec<String> = words(mv)
            .into_iter()
            .filter(|w| words(story).contains(w))
            .collect();
        assert!(shared.is_empty(), "{mv:?} shares {shared:?} with {story:?}");
    }
    // A whitelist, Alethiometer's rule: pieces between single spaces, compared exactly.
    let allowed = WHITELIST;
    let white = format!(
        "assign(s=story()); elicit(x, 6); ensure(only_uses_words(\"{allowed}\", x)); reward(xed(s | x))"
    );
    let out = dir.path().join("whitelist");
    train_xent(&out, &white, 16);
    for (_, mv) in sampled_moves(&out) {
        assert!(only_uses_words(allowed, &mv), "{mv:?}");
    }
    // Horizon as published: two moves in one generation, its ensures as penalties.
    let horizon = common::root().join("tests/fixtures/xent/games/Horizon.xent");
    let out = dir.path().join("horizon");
    train_xent(&out, &format!("@{}", horizon.display()), 16);
    let steps = crate::fixture::jsonl(&out.join("metrics.jsonl"));
    assert_eq!(steps.len(), 2);
    assert!(steps
        .iter()
        .all(|s| s["budget/judge_backwards"].as_u64().unwrap() > 0));
}

/// A word list past `game.limits.max_words` or with a word past `max_word_bytes` is refused with
/// one line naming the key, before any mask is built (a 4-line .xent program can ask for a
/// 1 MB allowed word).
#[test]
fn word_lists_past_the_limits_are_refused_naming_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let huge = "a".repeat(100_000);
    for (words, key) in [
        (huge.clone(), "max_word_bytes"),
        (
            (0..3000)
                .map(|i| format!("w{i}"))
                .collect::<Vec<_>>()
                .join(" "),
            "max_words",
        ),
    ] {
        let program = format!(
            "assign(s=story()); elicit(x, 6); ensure(only_uses_words(\"{words}\", x)); reward(xed(s | x))"
        );
        let file = dir.path().join(format!("{key}.xent"));
        std::fs::write(&file, &program).unwrap();
        let out = dir.path().join(key);
        let program = format!("@{}", file.display());
        let o = xent_run(&out, &program, &["steps=1"]);
        assert!(!o.status.success(), "{key}: trained");
        let err = String::from_utf8_lossy(&o.stderr);
        let last = err.lines().last().unwrap_or_default();
        assert!(last.contains(&format!("game.limits.{key}")), "{key}: {err}");
        assert!(
            err.len() < 2000,
            "{key}: the error quotes the whole list ({} bytes)",
            err.len()
        );
        assert!(!out.exists(), "{key}: a run directory was left");
    }
}

/// A whitelist no move of the asked length can meet ends in one error naming the game, the rule
/// and the lengths it admits, never in training on moves that break it; no run directory is
/// left. Cases: one allowed word far longer than the move's tokens can spell, and characters
/// the vocabulary holds only as byte fragments.
#[test]
fn a_word_rule_no_move_can_meet_is_an_error_not_a_trained_illegal_move() {
    let dir = tempfile::tempdir().unwrap();
    let long = "pneumonoultramicroscopicsilicovolcanoconiosis";
    let only = |w: &str, len: usize| {
        format!(
            "assign(s=story()); elicit(x, {len}); ensure(only_uses_words(\"{w}\", x)); reward(xed(s | x))"
        )
    };
    let cases = [
        ("long", only(long, 2)),
        ("fragments", only("\u{2603}\u{2603}\u{2603}", 3)),
    ];
    for (name, program) in cases {
        let out = dir.path().join(name);
        let o = xent_run(&out, &program, &["steps=2"]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            !o.status.success(),
            "{name}: trained on a rule no move meets: {err}"
        );
        let last = err.lines().last().unwrap_or_default();
        assert!(
            last.contains("game xent: its allowed_words admit no ")
                && last.contains("-token move")
                && last.contains("the move lengths they admit"),
            "{name}: {err}"
        );
        assert!(!out.exists(), "{name}: a run directory was left");
    }
}
