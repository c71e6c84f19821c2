//! Game API 0.2.0: penalties, the per-token cross-entropy clamp and move parts scored exactly
//! and differentiated right; a game built for 0.1.0 loading and playing unchanged (word rules:
//! `word_rules.rs`). The judge here is the committed tiny random Qwen3 of the `.xent` fixtures
//! (no pretraining needed).

use frost_host::corpus::Document;
use frost_host::game::{Game, GameLimits};
use frost_host::judge::{self, Budget, CompiledProgram};
use frost_host::model::{Input, LoadOptions, LoadedModel};
use frost_host::round::{Dealer, TokenizedSplit};
use frost_sdk::types::{JudgeProgram, JudgeSegment, JudgeTerm, Penalty, SegmentContent};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tch::{Kind, Tensor};

use crate::common;

pub(crate) fn judge_model(kind: Kind) -> LoadedModel {
    let mut opts = LoadOptions::cpu();
    opts.kind = Some(kind);
    LoadedModel::load(&common::root().join("tests/fixtures/xent/model"), &opts).unwrap()
}

/// Per-position log p(ids[p] | ids[..p]) for p >= 1, one forward.
pub(crate) fn token_logps(m: &LoadedModel, ids: &[i64]) -> Vec<f64> {
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
pub(crate) fn direct(m: &LoadedModel, ids: &[i64], scored: &[bool], clamp: Option<f64>) -> f64 {
    let lps = token_logps(m, ids);
    (1..ids.len())
        .filter(|&p| scored[p])
        .map(|p| clamp.map_or(lps[p - 1], |c| lps[p - 1].max(-c)))
        .sum()
}

pub(crate) fn seg(content: SegmentContent, scored: bool) -> JudgeSegment {
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
pub(crate) fn program(x: &[u32], s: &[u32], clamp: f64, threshold: f64) -> JudgeProgram {
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
pub(crate) fn direct_reward(
    m: &LoadedModel,
    x: &[u32],
    s: &[u32],
    mv: &[u32],
    clamp: f64,
    thr: f64,
) -> f64 {
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

pub(crate) fn random_moves(rng: &mut ChaCha8Rng, n: usize, l: usize, v: u32) -> Vec<Vec<u32>> {
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
