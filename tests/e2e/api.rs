//! Game API 0.2.0: penalties, the per-token cross-entropy clamp and move parts scored exactly
//! and differentiated right; word rules held in sampling, Frost's children and every move of
//! a training run; a game built for 0.1.0 loading and playing unchanged. The judge here is the
//! committed tiny random Qwen3 of the `.xent` fixtures (no pretraining needed).

use std::sync::Arc;

use frost_host::corpus::Document;
use frost_host::game::{Game, GameLimits};
use frost_host::judge::{self, Budget, CompiledProgram};
use frost_host::model::{Input, LoadOptions, LoadedModel};
use frost_host::round::words::{TokenWords, WordRule};
use frost_host::round::{decoded_token_texts, Dealer, TokenizedSplit};
use frost_sdk::types::{
    JudgeProgram, JudgeSegment, JudgeTerm, MoveConstraints, Penalty, SegmentContent,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tch::{Kind, Tensor};

use crate::common;

fn judge_model(kind: Kind) -> LoadedModel {
    let mut opts = LoadOptions::cpu();
    opts.kind = Some(kind);
    LoadedModel::load(&common::root().join("tests/fixtures/xent/model"), &opts).unwrap()
}

/// Per-position log p(ids[p] | ids[..p]) for p >= 1, one forward.
fn token_logps(m: &LoadedModel, ids: &[i64]) -> Vec<f64> {
    let t = Tensor::from_slice(ids).unsqueeze(0);
    let pos = Tensor::arange(ids.len() as i64, (Kind::Int64, tch::Device::Cpu)).unsqueeze(0);
    let lp = tch::no_grad(|| m.net.forward(Input::Ids(&t), &pos, None, None))
        .get(0)
        .to_kind(Kind::Double)
        .log_softmax(-1, Kind::Double);
    (1..ids.len())
        .map(|p| lp.double_value(&[p as i64 - 1, ids[p]]))
        .collect()
}

/// Sum over the scored positions of `max(log p, -clamp)`, directly.
fn direct(m: &LoadedModel, ids: &[i64], scored: &[bool], clamp: Option<f64>) -> f64 {
    let lps = token_logps(m, ids);
    (1..ids.len())
        .filter(|&p| scored[p])
        .map(|p| clamp.map_or(lps[p - 1], |c| lps[p - 1].max(-c)))
        .sum()
}

fn seg(content: SegmentContent, scored: bool) -> JudgeSegment {
    JudgeSegment {
        content,
        scored,
        skip_first: false,
    }
}

/// A program with every 0.2.0 feature over a 4-token move in two parts of 2:
/// - reward term A: `[BOS, x, part 1 scored]`, per-token CE clamped at `clamp`;
/// - reward term B (-0.5): `[part 0, part 1 scored from its second token, s scored]`;
/// - a penalty `[BOS, move scored] >= threshold`, weight 2.
fn program(x: &[u32], s: &[u32], clamp: f64, threshold: f64) -> JudgeProgram {
    let a = JudgeTerm::new(1.0)
        .bos()
        .context_tokens(x.to_vec())
        .segment(SegmentContent::MovePart(1), true)
        .max_token_ce(clamp);
    let b = JudgeTerm::new(-0.5)
        .segment(SegmentContent::MovePart(0), false)
        .push(JudgeSegment::scored_from_second(SegmentContent::MovePart(
            1,
        )))
        .scored_tokens(s.to_vec());
    let g = JudgeTerm::new(1.0)
        .bos()
        .push(seg(SegmentContent::Move, true));
    JudgeProgram {
        terms: vec![a, b],
        penalties: vec![Penalty::at_least(vec![g], threshold).weight(2.0)],
    }
}

/// The same reward computed directly, term by term.
fn direct_reward(m: &LoadedModel, x: &[u32], s: &[u32], mv: &[u32], clamp: f64, thr: f64) -> f64 {
    let bos = m.tokenizer.bos_id().or(m.tokenizer.eos_id()).unwrap() as i64;
    let l = |v: &[u32]| v.iter().map(|&t| t as i64).collect::<Vec<i64>>();
    let mut a = vec![bos];
    a.extend(l(x));
    a.extend(l(&mv[2..]));
    let a_scored: Vec<bool> = (0..a.len()).map(|p| p >= a.len() - 2).collect();
    let mut b = l(mv);
    b.extend(l(s));
    let b_scored: Vec<bool> = (0..b.len()).map(|p| p >= 3).collect();
    let mut g = vec![bos];
    g.extend(l(mv));
    let g_scored = vec![true; g.len()];
    let gv = direct(m, &g, &g_scored, None);
    direct(m, &a, &a_scored, Some(clamp))
        - 0.5 * direct(m, &b, &b_scored, None)
        - 2.0 * (thr - gv).max(0.0)
}

fn random_moves(rng: &mut ChaCha8Rng, n: usize, l: usize, v: u32) -> Vec<Vec<u32>> {
    (0..n)
        .map(|_| (0..l).map(|_| rng.gen_range(1..v)).collect())
        .collect()
}

#[test]
fn penalties_clamp_and_move_parts_score_exactly() {
    let m = judge_model(Kind::Float);
    let tok = &m.tokenizer;
    let (x, s) = (
        tok.encode(" the old king sees"),
        tok.encode(" a red bird at dawn"),
    );
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let moves = random_moves(&mut rng, 4, 4, tok.vocab_size() as u32);
    // The penalty's g of each move; a threshold between them violates some and not others.
    let gs: Vec<f64> = moves
        .iter()
        .map(|mv| {
            let bos = tok.bos_id().or(tok.eos_id()).unwrap() as i64;
            let mut ids = vec![bos];
            ids.extend(mv.iter().map(|&t| t as i64));
            direct(&m, &ids, &vec![true; ids.len()], None)
        })
        .collect();
    let mut sorted = gs.clone();
    sorted.sort_by(f64::total_cmp);
    let thr = (sorted[1] + sorted[2]) / 2.0;
    // A clamp some tokens of term A go past and some don't.
    let clamp = 5.9;
    let prog = program(&x, &s, clamp, thr);
    let cp = CompiledProgram::compile_moves(&prog, tok, 4, &[2, 2]).unwrap();
    let got = judge::score(&m.net, &cp, &moves, &mut Budget::default());
    let mut hinged = 0;
    for (k, mv) in moves.iter().enumerate() {
        let want = direct_reward(&m, &x, &s, mv, clamp, thr);
        assert!(
            (got[k] - want).abs() < 1e-4,
            "move {k}: judge {} vs direct {want}",
            got[k]
        );
        hinged += usize::from(gs[k] < thr);
    }
    assert_eq!(hinged, 2, "the threshold splits the moves");
    // Without the clamp some scores are lower: the clamp is live in this test.
    let loose =
        CompiledProgram::compile_moves(&program(&x, &s, 1e6, thr), tok, 4, &[2, 2]).unwrap();
    let free = judge::score(&m.net, &loose, &moves, &mut Budget::default());
    assert!(
        got.iter().zip(&free).all(|(a, b)| a >= b),
        "{got:?} vs {free:?}"
    );
    assert!(
        got.iter().zip(&free).any(|(a, b)| a > &(b + 1e-3)),
        "{got:?} vs {free:?}"
    );
    // An undeclared part is a judge error, not a panic; so are parts past the move, and parts
    // whose lengths overflow when added (the host checks again what the SDK's rules check).
    assert!(CompiledProgram::compile_moves(&prog, tok, 4, &[4]).is_err());
    for parts in [[2u32, 3], [3, 3], [u32::MAX, 5], [5, u32::MAX]] {
        let e = CompiledProgram::compile_moves(&prog, tok, 4, &parts);
        assert!(e.is_err(), "{parts:?}");
    }
}

#[test]
fn the_taylor_gradient_sees_penalties_and_the_clamp() {
    let m = judge_model(Kind::Double);
    let tok = &m.tokenizer;
    let (x, s) = (tok.encode(" the old king"), tok.encode(" a red bird"));
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let v = tok.vocab_size() as u32;
    let parents = random_moves(&mut rng, 2, 4, v);
    // Violated by one parent by a clear margin, held by the other (away from the kink).
    let g = |mv: &[u32]| {
        let bos = tok.bos_id().or(tok.eos_id()).unwrap() as i64;
        let mut ids = vec![bos];
        ids.extend(mv.iter().map(|&t| t as i64));
        direct(&m, &ids, &vec![true; ids.len()], None)
    };
    let (g0, g1) = (g(&parents[0]), g(&parents[1]));
    assert!((g0 - g1).abs() > 0.5, "{g0} {g1}");
    let thr = (g0 + g1) / 2.0;
    let prog = program(&x, &s, 5.9, thr);
    let cp = CompiledProgram::compile_moves(&prog, tok, 4, &[2, 2]).unwrap();
    let mut budget = Budget::default();
    let tay = judge::taylor_proposal(&m.net, &cp, &parents, &mut budget);
    let exact = judge::score(&m.net, &cp, &parents, &mut budget);
    for (a, b) in tay.score.iter().zip(&exact) {
        // (The proposal sums its terms in f32.)
        assert!(
            (a - b).abs() < 1e-5 * (1.0 + b.abs()),
            "proposal's forward {a} vs exact {b}"
        );
    }
    let e = m.net.embed_weight().to_kind(Kind::Double);
    let flat: Vec<i64> = parents.iter().flatten().map(|&t| t as i64).collect();
    let y = Tensor::from_slice(&flat).view([2, 4]);
    let base = e.index_select(0, &y.view([-1])).view([2, 4, -1]);
    for trial in 0..8 {
        let (k, i) = (trial % 2, trial / 2);
        let tok_v = rng.gen_range(1..v) as i64;
        let dir = Tensor::zeros_like(&base);
        dir.get(k as i64)
            .get(i as i64)
            .copy_(&(e.get(tok_v) - e.get(flat[k * 4 + i])));
        let h = 1e-3;
        let f = |t: f64| {
            let _g = tch::no_grad_guard();
            let x = &base + &dir * t;
            judge::score_from_move_embeds(&m.net, &cp, &parents, &x).double_value(&[k as i64])
        };
        let fd = (f(h) - f(-h)) / (2.0 * h);
        let lin = tay.estimate.double_value(&[k as i64, i as i64, tok_v])
            - tay.score[k]
            - tay.target_term.double_value(&[k as i64, i as i64, tok_v]);
        assert!(
            (fd - lin).abs() < 2e-3 * (1.0 + fd.abs()),
            "parent {k} pos {i}: finite difference {fd} vs g.(E_v - E_y) {lin}"
        );
    }
    // The target term of move token 0 (scored only by the penalty, from BOS): slope 2 where
    // the penalty is violated, 0 where it holds.
    let violated = if g0 < thr { 0 } else { 1 };
    let bos = tok.bos_id().or(tok.eos_id()).unwrap() as i64;
    let t = Tensor::from_slice(&[bos]).unsqueeze(0);
    let pos = Tensor::zeros([1, 1], (Kind::Int64, tch::Device::Cpu));
    let first = tch::no_grad(|| m.net.forward(Input::Ids(&t), &pos, None, None))
        .get(0)
        .get(0)
        .to_kind(Kind::Double)
        .log_softmax(-1, Kind::Double);
    for (k, parent) in parents.iter().enumerate() {
        let yk = parent[0] as i64;
        let want = first.double_value(&[7]) - first.double_value(&[yk]);
        let slope = if k == violated { 2.0 } else { 0.0 };
        let got = tay.target_term.double_value(&[k as i64, 0, 7]);
        assert!(
            (got - slope * want).abs() < 1e-6,
            "parent {k}: {got} vs {}",
            slope * want
        );
    }
}

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

/// Words with capitals and punctuation: the whitelist compares them exactly.
const WHITELIST: &str = "the King sees a red-bird at dawn, o";

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

#[test]
fn a_game_built_for_0_1_0_loads_and_plays_unchanged() {
    let path = common::root().join("target/wasm32-wasip2/release/frost_test_v010.wasm");
    let mut game = Game::load(&path, &GameLimits::default(), false).unwrap();
    assert_eq!(game.info().abi_version, "0.1.0");
    let req = game.configure("{}").unwrap();
    assert_eq!((req.move_tokens, req.moves.len()), (2, 0));
    let m = judge_model(Kind::Float);
    let tok = &m.tokenizer;
    let doc = Document {
        name: "d".into(),
        text: common::SAMPLE.to_string(),
    };
    let split = TokenizedSplit::new("train", &[doc], tok);
    let v_emb = m.net.embed_weight().size()[0];
    let mut dealer = Dealer::new(game, "{}", tok, v_emb, tch::Device::Cpu).unwrap();
    let asg = dealer.deal_verified(tok, &split, 3).unwrap();
    // Every 0.2.0 field reads as "as in 0.1.0".
    let r = &asg.round;
    assert!(r.judge.penalties.is_empty() && asg.words.is_none());
    assert!(r.judge.terms[0].segments.iter().all(|s| !s.skip_first));
    assert_eq!(r.judge.terms[0].max_token_ce, None);
    assert_eq!(r.constraints.banned_strings, vec!["zzz".to_string()]);
    let reference = asg.reference_move.clone().unwrap();
    let got = judge::score(&m.net, &asg.program, &[reference], &mut Budget::default())[0];
    assert!(got.is_finite() && got < 0.0, "{got}");
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
