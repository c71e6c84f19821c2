//! Frost's Taylor proposal: the gradient of the judge score with respect to the move's input
//! embeddings, turned into an estimate for every single-token substitution.

use tch::{Kind, Tensor};

use super::{penalty, term_forward, AdaptersOff, Budget, CompiledProgram, TermOut};
use crate::instrument::{flops, phases};
use crate::model::{self, CausalLm};

/// The score of each parent as a differentiable function of its move's input embeddings
/// `move_embeds` [K, L, H] (targets stay the parent's tokens). Returns [K] (f32), with graph.
/// Used by the Taylor proposal and by the finite-difference test.
pub fn score_from_move_embeds(
    judge: &CausalLm,
    prog: &CompiledProgram,
    parents: &[Vec<u32>],
    move_embeds: &Tensor,
) -> Tensor {
    forward_move_embeds(judge, prog, parents, move_embeds).0
}

/// The scores [K], every term's [K] sums (unweighted) and, per move term, (term index, its
/// forward). The terms are combined as the exact score combines them (penalties included).
fn forward_move_embeds(
    judge: &CausalLm,
    prog: &CompiledProgram,
    parents: &[Vec<u32>],
    move_embeds: &Tensor,
) -> (Tensor, Vec<Tensor>, Vec<(usize, TermOut)>) {
    let dev = judge.device();
    let k = parents.len() as i64;
    let mut sums: Vec<Tensor> = (prog.fixed_sums(judge).iter())
        .map(|&f| Tensor::full([k], f, (Kind::Float, dev)))
        .collect();
    let mut outs = Vec::new();
    for (j, term) in prog.terms.iter().enumerate() {
        if term.move_start.is_none() {
            continue;
        }
        let filled: Vec<Vec<i64>> = parents.iter().map(|p| prog.filled(term, p)).collect();
        let out = term_forward(judge, prog, j, &filled, Some(move_embeds));
        sums[j] = out.sums.shallow_clone();
        outs.push((j, out));
    }
    (penalty::combine_tensor(prog, &sums), sums, outs)
}

/// Frost's first-order proposal for a group of parents (docs/method.md#step-4-propose).
pub struct Taylor {
    /// R~(k, i, v): estimated score after putting token v at position i of parent k, [K, L, V_emb] f32.
    pub estimate: Tensor,
    /// R(y) from the same forward, [K], summed in f64 as `judge::score` sums it: the exact
    /// scores of the parents (up to float rounding), so a step need not score them again.
    pub score: Vec<f64>,
    /// Gradient of the score w.r.t. each move-token embedding, [K, L, H] f32.
    pub grad: Tensor,
    /// The exact target part `sum_terms w * (log p(v|..) - log p(y_i|..))`, [K, L, V_emb] f32.
    pub target_term: Tensor,
}

/// One judge forward + backward over the group with the move embeddings as the differentiated
/// input; `g @ E^T` gives every substitution's linear term in one matmul; where move tokens are
/// scored, the exact target change is added from the same forward's log-softmax.
pub fn taylor_proposal(
    judge: &CausalLm,
    prog: &CompiledProgram,
    parents: &[Vec<u32>],
    budget: &mut Budget,
) -> Taylor {
    let _off = AdaptersOff::new(judge);
    let dev = judge.device();
    let (k, l) = (parents.len() as i64, prog.move_len as i64);
    let v = judge.config().vocab_size;
    let flat: Vec<i64> = parents.iter().flatten().map(|&t| t as i64).collect();
    let y = Tensor::from_slice(&flat).view([k, l]).to_device(dev);
    // The differentiated input in f32 (f64 when the judge runs in f64, for exact checks).
    let gkind = model::acc_kind(judge.kind());
    let move_embeds = tch::no_grad(|| judge.embed(&y))
        .to_kind(gkind)
        .detach()
        .set_requires_grad(true);
    let (score, sums, outs) = forward_move_embeds(judge, prog, parents, &move_embeds);
    score.sum(Kind::Float).backward();
    budget.backwards += 1;
    let grad = move_embeds.grad().detach();
    let score_v = exact_scores(judge, prog, &outs, parents.len());
    let _guard = tch::no_grad_guard();
    // g_i . E_v for all v: [K, L, H] @ [H, V] in E's dtype, then f32.
    let ge = judge.embed_products(&grad).to_kind(Kind::Float);
    if phases::counting() {
        let f = flops::substitution_products(k * l, judge.config().hidden_size, v);
        phases::count_forward(f, 0, false, false);
    }
    let gy = ge.gather(2, &y.unsqueeze(-1), false);
    let slopes = penalty::slopes(prog, &term_sums(&sums)).to_device(dev);
    let target_term = target_term(judge, prog, &outs, &y, v, &slopes);
    let r = Tensor::from_slice(&score_v)
        .to_kind(Kind::Float)
        .to_device(dev)
        .view([k, 1, 1]);
    let estimate = r + &ge - gy + &target_term;
    Taylor {
        estimate,
        score: score_v,
        grad,
        target_term,
    }
}

/// The terms' [K] sums as rows of f64: [K][T].
fn term_sums(sums: &[Tensor]) -> Vec<Vec<f64>> {
    let t = Tensor::stack(sums, 1).detach().to_kind(Kind::Double);
    let (k, n) = (t.size()[0] as usize, t.size()[1] as usize);
    let flat = crate::instrument::sync::to_f64s(&t);
    (0..k).map(|r| flat[r * n..(r + 1) * n].to_vec()).collect()
}

/// The parents' scores from the same forward, combined as [`super::score`] combines them
/// (fixed terms' sums in f64, each move term's f32 sums taken to f64, then
/// [`penalty::combine`]), so that they can stand for the exact scores.
fn exact_scores(
    judge: &CausalLm,
    prog: &CompiledProgram,
    outs: &[(usize, TermOut)],
    k: usize,
) -> Vec<f64> {
    let mut rows = vec![prog.fixed_sums(judge).to_vec(); k];
    for (j, out) in outs {
        let sums = crate::instrument::sync::to_f64s(&out.sums.detach());
        for (row, x) in rows.iter_mut().zip(sums) {
            row[*j] = x;
        }
    }
    rows.iter().map(|row| penalty::combine(prog, row)).collect()
}

/// `sum over terms scoring the move of slope * (log p(v | before y_i) - log p(y_i | before y_i))`,
/// [K, L, V] (zero where the move token is not scored), log-probs floored at a term's clamp.
/// `slopes` [K, T] is each term's weight in the reward at each parent (a penalty term's is 0
/// where its constraint holds). Logits at the position before move token i depend only on
/// tokens before it, so this part of the one-hot substitution is exact (up to the hinge).
fn target_term(
    judge: &CausalLm,
    prog: &CompiledProgram,
    outs: &[(usize, TermOut)],
    y: &Tensor,
    v: i64,
    slopes: &Tensor,
) -> Tensor {
    let dev = y.device();
    let (k, l) = (y.size()[0], y.size()[1]);
    let mut out = Tensor::zeros([k, l, v], (Kind::Float, dev));
    for (j, fwd) in outs {
        let term = &prog.terms[*j];
        let s = term.move_start.expect("move term");
        // Slot position i holds move token span.start + i.
        let span = term.move_span.clone();
        let rows: Vec<i64> = (0..span.len())
            .filter(|&i| s + i >= 1 && term.scored[s + i])
            .map(|i| i as i64)
            .collect();
        if rows.is_empty() {
            continue;
        }
        let hidden = fwd.hidden.detach();
        // Slot token i is predicted at position s + i - 1, row s + i - 1 - offset of `hidden`.
        let first = (s - fwd.offset) as i64 - 1;
        let at =
            Tensor::from_slice(&rows.iter().map(|&i| first + i).collect::<Vec<_>>()).to_device(dev);
        let mut lp = judge
            .logits(&hidden.index_select(1, &at))
            .log_softmax(-1, Kind::Float); // [K, R, V]
        if let Some(c) = term.clamp {
            lp = lp.clamp_min(-c);
        }
        let moved: Vec<i64> = rows.iter().map(|&i| i + span.start as i64).collect();
        let rows_t = Tensor::from_slice(&moved).to_device(dev);
        let y_rows = y.index_select(1, &rows_t).unsqueeze(-1);
        let delta = &lp - lp.gather(2, &y_rows, false);
        let slope = slopes.select(1, *j as i64).view([k, 1, 1]);
        out = out.index_add(1, &rows_t, &(delta * slope));
    }
    out
}

/// The Taylor proposal computed `chunk` parents at a time (0 = all at once), to bound the
/// judge backward's activation memory. Exact: each parent's score depends on its own move
/// embeddings only, so the per-parent results do not depend on the chunking (up to float
/// rounding). Counts one judge backward per group, as the unchunked proposal does.
pub fn taylor_in_chunks(
    judge: &CausalLm,
    prog: &CompiledProgram,
    parents: &[Vec<u32>],
    chunk: usize,
    budget: &mut Budget,
) -> Taylor {
    if chunk == 0 || chunk >= parents.len() {
        return taylor_proposal(judge, prog, parents, budget);
    }
    let backwards = budget.backwards;
    let parts: Vec<Taylor> = parents
        .chunks(chunk)
        .map(|p| taylor_proposal(judge, prog, p, budget))
        .collect();
    budget.backwards = backwards + 1;
    let cat = |f: fn(&Taylor) -> &Tensor| Tensor::cat(&parts.iter().map(f).collect::<Vec<_>>(), 0);
    Taylor {
        estimate: cat(|t| &t.estimate),
        grad: cat(|t| &t.grad),
        target_term: cat(|t| &t.target_term),
        score: parts.iter().flat_map(|t| t.score.clone()).collect(),
    }
}

/// Whether the Taylor pass's scores of the parents can stand for their exact scores: on the CPU
/// in f32 or f64 the two passes (embeddings in grad mode, batch K; ids without grad, batch D)
/// agree to about 1e-6. In bf16/f16, or on CUDA (other kernels per shape, nondeterministic
/// reductions), they need not: the step then scores the parents exactly too, as the children.
pub fn taylor_scores_are_exact(judge: &CausalLm) -> bool {
    judge.device() == tch::Device::Cpu && matches!(judge.kind(), Kind::Float | Kind::Double)
}
