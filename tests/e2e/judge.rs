//! End-to-end tests: the judge. Exact scores of weighted multi-term programs against direct
//! log-probs, and the Taylor proposal against finite differences and exact rescoring.

use frost_host::judge::{self, Budget, CompiledProgram};
use frost_host::model::{Input, LoadedModel};
use frost_sdk::types::{JudgeProgram, JudgeSegment, JudgeTerm, SegmentContent};
use tch::{Kind, Tensor};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::fixture::{load, synthetic_text};

/// An infilling judge program (BOS, unscored prefix, scored move, scored suffix) over the
/// fixture tokenizer, built without the game so the judge is tested alone.
pub fn infill_program(
    m: &LoadedModel,
    text: &str,
    pre: usize,
    gap: usize,
    suf: usize,
) -> (JudgeProgram, Vec<u32>, Vec<i64>) {
    let ids = m.tokenizer.encode(text);
    assert!(ids.len() >= pre + gap + suf);
    let prefix = ids[..pre].to_vec();
    let reference = ids[pre..pre + gap].to_vec();
    let suffix = ids[pre + gap..pre + gap + suf].to_vec();
    let prog = JudgeProgram {
        penalties: vec![],
        terms: vec![JudgeTerm {
            max_token_ce: None,
            weight: 1.0,
            bos: true,
            segments: vec![
                JudgeSegment {
                    content: SegmentContent::Tokens(prefix.clone()),
                    scored: false,
                    skip_first: false,
                },
                JudgeSegment {
                    content: SegmentContent::Move,
                    scored: true,
                    skip_first: false,
                },
                JudgeSegment {
                    content: SegmentContent::Tokens(suffix),
                    scored: true,
                    skip_first: false,
                },
            ],
        }],
    };
    (prog, reference, prefix.iter().map(|&t| t as i64).collect())
}

#[test]
fn taylor_estimate_matches_finite_differences_and_target_term_is_exact() {
    let m = load(Kind::Double);
    let net = &m.net;
    let text = synthetic_text(&mut ChaCha8Rng::seed_from_u64(11), 20);
    let (prog, reference, prefix) = infill_program(&m, &text, 12, 4, 8);
    let cp = CompiledProgram::compile(&prog, &m.tokenizer, 4).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let v = m.tokenizer.vocab_size() as u32;
    let parents: Vec<Vec<u32>> = vec![
        reference.clone(),
        (0..4).map(|_| rng.gen_range(3..v)).collect(),
    ];
    let mut budget = Budget::default();
    let tay = judge::taylor_proposal(net, &cp, &parents, &mut budget);
    assert_eq!(budget.backwards, 1);
    let exact = judge::score(net, &cp, &parents, &mut budget);
    for (a, b) in tay.score.iter().zip(&exact) {
        assert!(
            (a - b).abs() < 1e-6,
            "forward of the proposal {a} != exact {b}"
        );
    }
    let e = net.embed_weight().to_kind(Kind::Double);
    let flat: Vec<i64> = parents.iter().flatten().map(|&t| t as i64).collect();
    let y = Tensor::from_slice(&flat).view([2, 4]);
    let base = e.index_select(0, &y.view([-1])).view([2, 4, -1]);
    for trial in 0..6 {
        let (k, i) = (trial % 2, rng.gen_range(0..4usize));
        let tok = rng.gen_range(3..v) as i64;
        // Straight line from E_y to E_v at position i of parent k, targets fixed.
        let dir = Tensor::zeros_like(&base);
        dir.get(k as i64)
            .get(i as i64)
            .copy_(&(e.get(tok) - e.get(flat[k * 4 + i])));
        let h = 1e-2;
        let f = |t: f64| {
            let _g = tch::no_grad_guard();
            let x = &base + &dir * t;
            judge::score_from_move_embeds(net, &cp, &parents, &x).double_value(&[k as i64])
        };
        let fd = (f(h) - f(-h)) / (2.0 * h);
        let lin = tay.estimate.double_value(&[k as i64, i as i64, tok])
            - tay.score[k]
            - tay.target_term.double_value(&[k as i64, i as i64, tok]);
        assert!(
            (fd - lin).abs() < 2e-3 * (1.0 + fd.abs()),
            "parent {k} pos {i} token {tok}: finite difference {fd} vs g.(E_v - E_y) {lin}"
        );
        // The exact target term: log p(v | BOS, prefix, y_<i) - log p(y_i | ...), computed directly.
        let mut ctx: Vec<i64> = vec![m.tokenizer.bos_id().or(m.tokenizer.eos_id()).unwrap() as i64];
        ctx.extend(&prefix);
        ctx.extend(parents[k][..i].iter().map(|&t| t as i64));
        let ids = Tensor::from_slice(&ctx).unsqueeze(0);
        let pos = Tensor::arange(ctx.len() as i64, (Kind::Int64, tch::Device::Cpu)).unsqueeze(0);
        let lp = tch::no_grad(|| net.forward(Input::Ids(&ids), &pos, None, None))
            .get(0)
            .get(ctx.len() as i64 - 1)
            .to_kind(Kind::Double)
            .log_softmax(-1, Kind::Double);
        let direct = lp.double_value(&[tok]) - lp.double_value(&[parents[k][i] as i64]);
        let got = tay.target_term.double_value(&[k as i64, i as i64, tok]);
        assert!(
            (direct - got).abs() < 1e-4,
            "target term {got} vs direct {direct}"
        );
    }
    // At v = y_i the estimate is the parent's own score.
    let at_self = tay.estimate.double_value(&[1, 2, parents[1][2] as i64]);
    assert!((at_self - exact[1]).abs() < 1e-4);
}

/// Sum over scored tokens of log p(token | earlier), computed directly with one forward.
fn direct_logp(m: &LoadedModel, ids: &[i64], scored: &[bool]) -> f64 {
    let t = Tensor::from_slice(ids).unsqueeze(0);
    let pos = Tensor::arange(ids.len() as i64, (Kind::Int64, tch::Device::Cpu)).unsqueeze(0);
    let lp = tch::no_grad(|| m.net.forward(Input::Ids(&t), &pos, None, None))
        .get(0)
        .log_softmax(-1, Kind::Float);
    (1..ids.len())
        .filter(|&p| scored[p])
        .map(|p| lp.double_value(&[p as i64 - 1, ids[p]]))
        .sum()
}

#[test]
fn judge_sums_weighted_terms_dedups_moves_and_counts_sequences() {
    let m = load(Kind::Float);
    let tok = &m.tokenizer;
    let (x, s) = ("The old king sees", " the red bird at dawn.");
    let seg = |c: SegmentContent, scored: bool| JudgeSegment {
        content: c,
        scored,
        skip_first: false,
    };
    // Contrast-like: 1.0 * nex(move | x) - 0.5 * nex(s | move) + 0.25 * nex(s) (a baseline).
    let prog = JudgeProgram {
        penalties: vec![],
        terms: vec![
            JudgeTerm {
                max_token_ce: None,
                weight: 1.0,
                bos: true,
                segments: vec![
                    seg(SegmentContent::Text(x.into()), false),
                    seg(SegmentContent::Move, true),
                ],
            },
            JudgeTerm {
                max_token_ce: None,
                weight: -0.5,
                bos: false,
                segments: vec![
                    seg(SegmentContent::Move, false),
                    seg(SegmentContent::Text(s.into()), true),
                ],
            },
            JudgeTerm {
                max_token_ce: None,
                weight: 0.25,
                bos: true,
                segments: vec![seg(SegmentContent::Text(s.into()), true)],
            },
        ],
    };
    let cp = CompiledProgram::compile(&prog, tok, 3).unwrap();
    let a: Vec<u32> = tok.encode(" the dog")[..2]
        .iter()
        .chain(&tok.encode(" runs")[..1])
        .copied()
        .collect();
    let b: Vec<u32> = vec![a[2], a[1], a[0]];
    let mut budget = Budget::default();
    let got = judge::score(&m.net, &cp, &[a.clone(), a.clone(), b.clone()], &mut budget);
    assert_eq!(budget.forwards, 2 * 2, "2 distinct moves x 2 move terms");
    assert_eq!(got[0], got[1]);
    let bos = tok.bos_id().or(tok.eos_id()).unwrap() as i64;
    let ids = |t: &str| {
        tok.encode(t)
            .into_iter()
            .map(|x| x as i64)
            .collect::<Vec<i64>>()
    };
    for (mv, g) in [(&a, got[0]), (&b, got[2])] {
        let mv: Vec<i64> = mv.iter().map(|&t| t as i64).collect();
        let (xi, si) = (ids(x), ids(s));
        let t1: Vec<i64> = std::iter::once(bos)
            .chain(xi.clone())
            .chain(mv.clone())
            .collect();
        let sc1: Vec<bool> = (0..t1.len()).map(|p| p > xi.len()).collect();
        let t2: Vec<i64> = mv.iter().copied().chain(si.clone()).collect();
        let sc2: Vec<bool> = (0..t2.len()).map(|p| p >= mv.len()).collect();
        let t3: Vec<i64> = std::iter::once(bos).chain(si.clone()).collect();
        let sc3: Vec<bool> = (0..t3.len()).map(|p| p >= 1).collect();
        let want = direct_logp(&m, &t1, &sc1) - 0.5 * direct_logp(&m, &t2, &sc2)
            + 0.25 * direct_logp(&m, &t3, &sc3);
        assert!((g - want).abs() < 1e-3, "judge {g} vs direct {want}");
    }
}

/// Cached (prefix run once per program) versus uncached judge: exact scores, the Taylor pass's
/// scores and estimates, on `prog` for `moves` (duplicates, and more than one judge chunk).
fn assert_prefix_cache_exact(m: &LoadedModel, prog: &JudgeProgram, l: usize, moves: &[Vec<u32>]) {
    let cached = CompiledProgram::compile(prog, &m.tokenizer, l).unwrap();
    let whole = CompiledProgram::compile(prog, &m.tokenizer, l)
        .unwrap()
        .without_prefix_cache();
    let (mut b1, mut b2) = (Budget::default(), Budget::default());
    let s1 = judge::score(&m.net, &cached, moves, &mut b1);
    let s2 = judge::score(&m.net, &whole, moves, &mut b2);
    assert_eq!(b1, b2, "the budget counts sequences, cached or not");
    for (a, b) in s1.iter().zip(&s2) {
        assert!((a - b).abs() < 1e-4, "cached score {a} vs uncached {b}");
    }
    assert_eq!(judge::sequences_scored(&cached, moves), b1.forwards);
    let parents = &moves[..4];
    let t1 = judge::taylor_proposal(&m.net, &cached, parents, &mut b1);
    let t2 = judge::taylor_proposal(&m.net, &whole, parents, &mut b2);
    for (a, b) in t1.score.iter().zip(&t2.score) {
        assert!((a - b).abs() < 1e-4, "Taylor forward {a} vs uncached {b}");
    }
    // A Frost step takes its sampled moves' exact scores from the Taylor pass's forward.
    for (a, b) in t1.score.iter().zip(&s1) {
        assert!(
            (a - b).abs() < 1e-4,
            "Taylor forward {a} vs exact score {b}"
        );
    }
    let diff = (&t1.estimate - &t2.estimate).abs().max().double_value(&[]);
    assert!(diff < 1e-4, "Taylor estimates differ by {diff}");
    let grad = (&t1.grad - &t2.grad).abs().max().double_value(&[]);
    assert!(grad < 1e-4, "Taylor gradients differ by {grad}");
}

fn random_moves(m: &LoadedModel, n: usize, l: usize, seed: u64) -> Vec<Vec<u32>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let v = m.tokenizer.vocab_size() as u32;
    let mut moves: Vec<Vec<u32>> = (0..n)
        .map(|_| (0..l).map(|_| rng.gen_range(3..v)).collect())
        .collect();
    moves[2] = moves[0].clone();
    moves
}

#[test]
fn prefix_cached_judge_equals_uncached_on_infilling() {
    let m = load(Kind::Float);
    let text = synthetic_text(&mut ChaCha8Rng::seed_from_u64(5), 20);
    let (prog, reference, _) = infill_program(&m, &text, 20, 4, 10);
    let mut moves = random_moves(&m, 35, 4, 1);
    moves[1] = reference;
    assert_prefix_cache_exact(&m, &prog, 4, &moves);
}

#[test]
fn prefix_cached_judge_equals_uncached_on_multi_term_programs() {
    let m = load(Kind::Float);
    let seg = |c: SegmentContent, scored: bool| JudgeSegment {
        content: c,
        scored,
        skip_first: false,
    };
    let text = |t: &str| SegmentContent::Text(t.into());
    let (x, s) = (
        "The old king sees the red bird at dawn. The small dog",
        " the quiet river in the hall.",
    );
    // Condense-like: a baseline term without the move (scored prefix, cached as the baseline)
    // minus a term with the move between a partly scored prefix and a scored suffix; plus a
    // term with the move first (nothing to cache) and one without BOS.
    let prog = JudgeProgram {
        penalties: vec![],
        terms: vec![
            JudgeTerm {
                max_token_ce: None,
                weight: 1.0,
                bos: true,
                segments: vec![seg(text(x), true), seg(text(s), true)],
            },
            JudgeTerm {
                max_token_ce: None,
                weight: -1.0,
                bos: true,
                segments: vec![
                    seg(text("The red ship"), true),
                    seg(text(x), false),
                    seg(SegmentContent::Move, true),
                    seg(text(s), true),
                ],
            },
            JudgeTerm {
                max_token_ce: None,
                weight: 0.5,
                bos: false,
                segments: vec![seg(SegmentContent::Move, false), seg(text(s), true)],
            },
            JudgeTerm {
                max_token_ce: None,
                weight: 0.25,
                bos: false,
                segments: vec![seg(text(x), true), seg(SegmentContent::Move, true)],
            },
        ],
    };
    assert_prefix_cache_exact(&m, &prog, 3, &random_moves(&m, 6, 3, 2));
}
