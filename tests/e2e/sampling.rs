//! End-to-end tests: sampling and log-probs. Seeded, banned and padded sampling, the sampler's
//! own log-probs against teacher-forced ones, shared-prompt log-probs, a row left with no legal
//! token (on the tiny checkpoints of `model.rs`).

use crate::common::max_diff;
use crate::model::*;
use frost_host::model::{
    logprobs_from_logits, move_logprobs, move_logprobs_no_cache, LoraConfig, SampleRequest,
    SamplingParams,
};
use std::sync::Arc;
use tch::{Device, Kind, Tensor};

#[test]
fn seeded_sampling_is_reproducible_and_never_emits_banned_or_padding_rows() {
    let m = load("gqa_tied_nested", None);
    let prompts = vec![vec![5i64, 9, 11], vec![20i64, 3, 40, 41, 42]];
    // Prompt 0 bans even ids, prompt 1 bans ids below 40.
    let ids = Tensor::arange(EMB_VOCAB, (Kind::Int64, Device::Cpu));
    let banned = Tensor::stack(&[ids.remainder(2).eq(0), ids.lt(40)], 0);
    let hot = SamplingParams {
        temperature: 2.0,
        top_p: 1.0,
        top_k: 0,
    };
    let a = sample(&m.net, &prompts, 4, 12, &hot, &banned, 7);
    let b = sample(&m.net, &prompts, 4, 12, &hot, &banned, 7);
    let c = sample(&m.net, &prompts, 4, 12, &hot, &banned, 8);
    let nc = sample_no_cache(&m.net, &prompts, 4, 12, &hot, &banned, 7);
    assert_eq!(a.size(), [8, 12]);
    assert!(a.equal(&b), "same seed, different tokens");
    assert!(
        a.equal(&nc),
        "cache and recomputation draw different tokens with one seed"
    );
    assert!(!a.equal(&c), "different seeds gave identical samples");
    let toks: Vec<i64> = Vec::try_from(a.flatten(0, -1)).unwrap();
    let mut distinct = toks.clone();
    distinct.sort();
    distinct.dedup();
    assert!(
        distinct.len() > 10,
        "temperature 2 should spread: {distinct:?}"
    );
    for (i, t) in toks.iter().enumerate() {
        let row = i / 12 / 4;
        assert!(*t < TOK_VOCAB, "padding row {t} sampled");
        let banned_here = if row == 0 { t % 2 == 0 } else { *t < 40 };
        assert!(!banned_here, "banned {t} for prompt {row}");
    }
    // top_k = 1 and a tiny top_p both reduce to greedy (with the same ban).
    let greedy = sample(
        &m.net,
        &prompts,
        2,
        6,
        &SamplingParams::greedy(),
        &banned,
        1,
    );
    let k1 = SamplingParams {
        temperature: 1.0,
        top_p: 1.0,
        top_k: 1,
    };
    assert!(sample(&m.net, &prompts, 2, 6, &k1, &banned, 3).equal(&greedy));
    let p0 = SamplingParams {
        temperature: 1.0,
        top_p: 1e-6,
        top_k: 0,
    };
    assert!(sample(&m.net, &prompts, 2, 6, &p0, &banned, 4).equal(&greedy));
    // top_k = 3: every token is among the 3 best (unbanned) logits of its step.
    let k3 = SamplingParams {
        temperature: 1.0,
        top_p: 1.0,
        top_k: 3,
    };
    let moves = sample(&m.net, &prompts, 2, 6, &k3, &banned, 5);
    let lp = tch::no_grad(|| {
        let rows: Vec<Vec<i64>> = (0..4).map(|i| prompts[i / 2].clone()).collect();
        move_logprobs(
            &m.net,
            &rows,
            &moves,
            &banned.repeat_interleave_self_int(2, 0, None),
            1.0,
        )
    });
    let rank = lp
        .full
        .gt_tensor(&lp.token.unsqueeze(-1))
        .sum_dim_intlist(-1, false, Kind::Int64);
    assert!(
        rank.max().int64_value(&[]) < 3,
        "top-k 3 sampled a token ranked {rank}"
    );
}

#[test]
fn move_logprobs_match_unpadded_forward_and_respect_the_ban() {
    let m = load("untied_toplevel", None);
    let prompts = vec![vec![5i64, 9, 11, 12, 13], vec![20i64, 3]];
    let moves = Tensor::from_slice(&[7i64, 8, 9, 30, 31, 32]).view([2, 3]);
    let banned = no_ban(2);
    let _ = banned.get(0).narrow(0, 50, 10).fill_(1);
    let temp = 0.7;
    let lp = tch::no_grad(|| move_logprobs(&m.net, &prompts, &moves, &banned, temp));
    assert_eq!(lp.full.size(), [2, 3, EMB_VOCAB]);
    let total = lp.full.exp().sum_dim_intlist(-1, false, Kind::Double);
    assert!(max_diff(&total, &total.ones_like()) < 1e-5);
    for n in 0..2 {
        let mv: Vec<i64> = Vec::try_from(moves.get(n)).unwrap();
        let seq: Vec<i64> = prompts[n as usize]
            .iter()
            .copied()
            .chain(mv.iter().copied())
            .collect();
        let logits = logits_of(&m.net, &Tensor::from_slice(&seq).unsqueeze(0)).get(0);
        let p = prompts[n as usize].len() as i64;
        let mut want = logits.narrow(0, p - 1, 3) / temp;
        let ban = banned
            .get(n)
            .logical_or(&Tensor::arange(EMB_VOCAB, (Kind::Int64, Device::Cpu)).ge(TOK_VOCAB));
        want = want
            .masked_fill(&ban.unsqueeze(0), -1e9)
            .log_softmax(-1, Kind::Float);
        assert!(max_diff(&lp.full.get(n), &want) < 1e-4);
        let tok = want
            .gather(1, &moves.get(n).unsqueeze(-1), false)
            .squeeze_dim(-1);
        assert!(max_diff(&lp.token.get(n), &tok) < 1e-4);
        let banned_lp = lp
            .full
            .get(n)
            .masked_select(&ban.unsqueeze(0).expand([3, EMB_VOCAB], false));
        assert!(banned_lp.max().double_value(&[]) < -1e8);
    }
}

/// Frost's gate reads log pi of the sampled moves from the sampler's own logits: the same draws
/// as `sample`, and the same log-probs as a teacher-forced `move_logprobs` (left padding, a ban,
/// a temperature, LoRA adapters on).
#[test]
fn sampler_logits_give_the_teacher_forced_logprobs_of_the_sampled_moves() {
    let m = load("gqa_tied_nested", Some(LoraConfig::new(4, 8.0)));
    for mut v in m.trainable_variables() {
        tch::no_grad(|| v.copy_(&(v.randn_like() * 0.1)));
    }
    let prompts = vec![vec![5i64, 9, 11], vec![20i64, 3, 40, 41, 42]];
    let ids = Tensor::arange(EMB_VOCAB, (Kind::Int64, Device::Cpu));
    let banned = Tensor::stack(&[ids.remainder(2).eq(0), ids.lt(40)], 0);
    let params = SamplingParams {
        temperature: 0.7,
        top_p: 0.9,
        top_k: 0,
    };
    let (k, l) = (3usize, 5usize);
    let plain = sample(&m.net, &prompts, k, l, &params, &banned, 3);
    let seeds = seeds(3, prompts.len());
    let mut req = SampleRequest::new(&prompts, k, l, &params, &banned, &seeds);
    req.keep_logits = true;
    let out = frost_host::model::sample(&m.net, &req).unwrap();
    let (moves, logits) = (out.tokens, out.logits.unwrap());
    assert!(moves.equal(&plain), "keeping the logits changed the draws");
    assert_eq!(logits.size(), [6, l as i64, EMB_VOCAB]);
    let rows: Vec<Vec<i64>> = prompts
        .iter()
        .flat_map(|p| std::iter::repeat_n(p.clone(), k))
        .collect();
    let row_ban = banned.repeat_interleave_self_int(k as i64, 0, None);
    let kept = logprobs_from_logits(&m.net, &logits, &row_ban, 0.7);
    let forced = tch::no_grad(|| move_logprobs(&m.net, &rows, &moves, &row_ban, 0.7)).full;
    // Banned entries (about -1e9, where an f32 step is 64) compared as banned only.
    let legal = forced.gt(-1e6);
    assert!(legal.equal(&kept.gt(-1e6)), "the same entries are banned");
    let d = max_diff(
        &kept.where_self(&legal, &0.0.into()),
        &forced.where_self(&legal, &0.0.into()),
    );
    assert!(
        d < 1e-4,
        "sampler log-probs differ from teacher-forced by {d}"
    );
}

#[test]
fn shared_prompt_logprobs_equal_whole_rows_with_and_without_left_padding() {
    let m = load("gqa_tied_nested", Some(LoraConfig::new(4, 8.0)));
    // Train the adapters a little so they carry gradient to A as well as B.
    for mut v in m.trainable_variables() {
        tch::no_grad(|| v.copy_(&(v.randn_like() * 0.1)));
    }
    let (a, b) = (vec![5i64, 9, 11, 12, 13], vec![20i64, 3]);
    let cases: [(Vec<Vec<i64>>, i64); 3] = [
        (vec![a.clone(); 4], 3), // one prompt x 4 moves: no padding
        (
            vec![a.clone(), a.clone(), a.clone(), b.clone(), b.clone()],
            3,
        ), // left padding
        (vec![b.clone(), a.clone(), a], 1), // one-token moves
    ];
    for (prompts, l) in cases {
        let n = prompts.len() as i64;
        let moves = Tensor::randint_low(3, 60, [n, l], (Kind::Int64, Device::Cpu));
        let banned = no_ban(n);
        let _ = banned.get(0).narrow(0, 40, 10).fill_(1);
        let run = |shared: bool| {
            let f = if shared {
                move_logprobs
            } else {
                move_logprobs_no_cache
            };
            f(&m.net, &prompts, &moves, &banned, 0.7)
        };
        let (x, y) = (run(true), run(false));
        assert!(max_diff(&x.token, &y.token) < 1e-5);
        assert!(max_diff(&x.full, &y.full) < 1e-4);
        let gx = grads_of(&m, || run(true).token);
        let gy = grads_of(&m, || run(false).token);
        for (p, q) in gx.iter().zip(&gy) {
            assert!(
                max_diff(p, q) < 1e-4,
                "gradients differ by {}",
                max_diff(p, q)
            );
        }
        assert!(gx.iter().any(|g| g.abs().max().double_value(&[]) > 0.0));
    }
}

/// A row whose bans leave no token at some position is reported with that position and the
/// tokens before it, never filled with a banned token.
#[test]
fn the_sampler_reports_a_row_left_with_no_legal_token() {
    let m = load("gqa_tied_nested", None);
    let prompts = vec![vec![5i64, 9, 11], vec![20i64, 3]];
    let banned = no_ban(2);
    let params = SamplingParams::default();
    // Row 3 (prompt 1's second sample) finds every token banned at position 2.
    let all = Arc::new(vec![true; EMB_VOCAB as usize]);
    let step_ban = |row: usize, so_far: &[u32], _remaining: usize| {
        (row == 3 && so_far.len() == 2).then(|| all.clone())
    };
    let seeds = seeds(1, prompts.len());
    let mut req = SampleRequest::new(&prompts, 2, 4, &params, &banned, &seeds);
    req.step_ban = Some(&step_ban);
    let err = match frost_host::model::sample(&m.net, &req) {
        Ok(_) => panic!("sampled a banned token"),
        Err(e) => e,
    };
    assert_eq!((err.row, err.position, err.so_far.len()), (3, 2, 2));
    // The same request without the step ban samples, and row 3 starts with the same tokens.
    req.step_ban = None;
    let ok = frost_host::model::sample(&m.net, &req).unwrap().tokens;
    let row3: Vec<i64> = Vec::try_from(&ok.get(3).narrow(0, 0, 2)).unwrap();
    let got: Vec<i64> = err.so_far.iter().map(|&t| t as i64).collect();
    assert_eq!(row3, got);
}
