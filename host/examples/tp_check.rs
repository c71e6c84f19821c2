//! Checks the tensor-parallel building blocks (`frost_host::model::tensor_parallel`) on this
//! machine's torch.distributed: every rank builds the same small weights and inputs from one
//! seed, computes each block unsharded (what one process computes) and on its share with the
//! group's collectives, and compares: the MLP (column- then row-parallel) with its input's and
//! weights' gradients (the backward's sum over the group), grouped-query attention by heads with
//! the same gradients (key/value heads replicated when the group is
//! larger than them), the vocabulary-parallel embedding, log-softmax and its gradient, the tokens' log-probs
//! and their gradient, the top k over a split vocabulary (ties included), sampling, and the
//! collectives on bf16, f16 and f64; then two-layer models of each family (Qwen3, Qwen3 MoE,
//! Qwen3.5 with a Gated DeltaNet layer, Qwen3.5 MoE) under LoRA built on the rank's share
//! (`CausalLm::new_sharded`, the embedding and LM head by vocabulary rows): their logits, the
//! tokens' log-probs, `g . E^T`, the embedding, the input embeddings' gradient through logits
//! and log-probs, and the adapter gradients. Under
//! torchrun with R ranks it checks every group size that divides R (1 excluded); alone, a
//! group of one. Each rank prints one line per group size and what the group sent.
//!
//! `torchrun --standalone --nproc-per-node 4 --no-python target/release/examples/tp_check`
use anyhow::{ensure, Context};
use frost_host::dist::{Dist, Group, ReduceOp, World};
use frost_host::model::tensor_parallel as tp;
use std::sync::Arc;

use frost_host::model::tensor_parallel::Shard;
use frost_host::model::{CausalLm, Input, LoraConfig, ModelConfig, SamplingParams};
use tch::{nn, Device, Kind, Tensor};

/// What the sharded results may differ by (summation order); the exact checks use 0.
const TOL: f64 = 1e-5;

fn main() -> anyhow::Result<()> {
    let world = World::from_env(|v| std::env::var(v).ok())?;
    let d = Dist::init(world.clone(), Device::Cpu, 60, 60)?;
    let sizes: Vec<usize> = match world.size {
        1 => vec![1],
        n => (2..=n).filter(|t| n % t == 0).collect(),
    };
    for t in sizes {
        let g = Arc::new(d.tensor_group(t)?);
        let rank = world.rank;
        let worst = check_all(&g).with_context(|| format!("rank {rank} at T = {t}"))?;
        println!(
            "rank {rank} of {}, T = {t}: linear, attention, embedding, log-softmax, top-k, \
             sampling, bf16/f16/f64 collectives ok (largest difference {worst:.1e}); sent: {}",
            world.size,
            sent(&g)
        );
        let worst = model(&g).with_context(|| format!("rank {rank} at T = {t}: the model"))?;
        println!(
            "rank {rank} of {}, T = {t}: the model's logits and LoRA gradients ok (largest \
             difference {worst:.1e}); sent: {}",
            world.size,
            sent(&g)
        );
    }
    Ok(())
}

/// What the group sent since the last call, one phrase per kind of collective.
fn sent(g: &Group) -> String {
    let sent: Vec<String> = (g.take_traffic().iter())
        .map(|(op, c)| format!("{op} {} calls {} B", c.calls, c.bytes))
        .collect();
    sent.join(", ")
}

/// A two-layer Qwen3 under LoRA (adapters made non-zero), whole and as this rank's share of it
/// (`CausalLm::new_sharded`, every tensor copied from the whole model's: a split one as the
/// part `Shard::held` names): the logits, and each adapter's gradient summed over the group,
/// equal one process's.
fn model(g: &Arc<Group>) -> anyhow::Result<f64> {
    let dense = ModelConfig::new(64, 16, 24, 2, 8, 2, 4, false);
    let worst = model_of(g, &dense, &LoraConfig::new(2, 4.0), 28)?;
    // Qwen3 MoE: layer 0 dense, layer 1 with 4 experts of width 8, top 2 (each rank runs its
    // own experts' tokens), adapters on the experts too.
    let mut moe = dense.clone();
    moe.model_type = Some("qwen3_moe".into());
    moe.num_experts = Some(4);
    moe.num_experts_per_tok = Some(2);
    moe.moe_intermediate_size = Some(8);
    moe.mlp_only_layers = Some(vec![0]);
    let mut lora = LoraConfig::new(2, 4.0);
    lora.target_parameters = LoraConfig::EXPERT_TARGETS.map(String::from).to_vec();
    // 7 projections of layer 0 and 4 of layer 1, and the experts' two: A and B of each.
    let worst = worst.max(model_of(g, &moe, &lora, 26)?);
    // Qwen3.5: layer 0 Gated DeltaNet (4 key heads, 8 value heads, split by heads), layer 1
    // gated full attention; adapters on every projection of both.
    let mut hybrid = dense.clone();
    hybrid.model_type = Some("qwen3_5_text".into());
    hybrid.layer_types = Some(vec!["linear_attention".into(), "full_attention".into()]);
    hybrid.partial_rotary_factor = Some(0.5);
    hybrid.linear_num_key_heads = Some(4);
    hybrid.linear_num_value_heads = Some(8);
    hybrid.linear_key_head_dim = Some(4);
    hybrid.linear_value_head_dim = Some(4);
    hybrid.linear_conv_kernel_dim = Some(4);
    let mut lora = LoraConfig::new(2, 4.0);
    lora.target_modules = (LoraConfig::LINEAR_ATTENTION_TARGETS.iter())
        .chain(&LoraConfig::ALL_TARGETS)
        .map(|t| t.to_string())
        .collect();
    // 5 + 3 projections of layer 0, 4 + 3 of layer 1.
    let worst = worst.max(model_of(g, &hybrid, &lora, 30)?);
    // The other order, adapters on attention and MLPs only: layer 0's gradients pass back
    // through the Gated DeltaNet's input.
    let mut after = hybrid.clone();
    after.layer_types = Some(vec!["full_attention".into(), "linear_attention".into()]);
    let worst = worst.max(model_of(g, &after, &LoraConfig::new(2, 4.0), 20)?);
    // Qwen3.5 MoE: every MLP sparse, 4 experts of width 8 and a shared expert of width 8 (split
    // by its intermediate columns), adapters on the experts too.
    let mut hybrid_moe = hybrid.clone();
    hybrid_moe.model_type = Some("qwen3_5_moe_text".into());
    hybrid_moe.num_experts = Some(4);
    hybrid_moe.num_experts_per_tok = Some(2);
    hybrid_moe.moe_intermediate_size = Some(8);
    hybrid_moe.shared_expert_intermediate_size = Some(8);
    lora.target_parameters = LoraConfig::EXPERT_TARGETS.map(String::from).to_vec();
    // Layer 0: 5 projections, the shared expert's 3, the experts' 2; layer 1: 4 + 3 + 2.
    Ok(worst.max(model_of(g, &hybrid_moe, &lora, 38)?))
}

/// [`model`] for one shape: `adapters` trainable tensors expected.
fn model_of(
    g: &Arc<Group>,
    cfg: &ModelConfig,
    lora: &LoraConfig,
    adapters_want: usize,
) -> anyhow::Result<f64> {
    let cfg = cfg.clone();
    let lora = lora.clone();
    tch::manual_seed(11);
    let vs_full = nn::VarStore::new(Device::Cpu);
    let full = CausalLm::new(vs_full.root(), &cfg, Some(&lora))?;
    let whole = vs_full.variables();
    // In name order: a map's own order differs between processes, and every rank must draw
    // the same numbers into the same tensors.
    let mut names: Vec<&String> = whole.keys().collect();
    names.sort();
    tch::no_grad(|| {
        for (name, t) in names.iter().map(|n| (n, &whole[*n])) {
            if name.contains("lora_B") {
                t.shallow_clone().copy_(&(t.randn_like() * 0.1));
            }
        }
    });
    let shard = Shard::new(Arc::clone(g), &cfg)?;
    let vs = nn::VarStore::new(Device::Cpu);
    let mine = CausalLm::new_sharded(vs.root(), &cfg, Some(&lora), &shard)?;
    for (name, t) in vs.variables() {
        let src = &whole[&name];
        let src = match src.size() == t.size() {
            true => src.shallow_clone(),
            false => shard.held(&name)?.take(src),
        };
        tch::no_grad(|| t.shallow_clone().copy_(&src));
    }
    let ids = Tensor::randint(64, [2, 70], (Kind::Int64, Device::Cpu));
    let positions = Tensor::arange(70, (Kind::Int64, Device::Cpu)).expand([2, 70], true);
    let c = Tensor::randn([2, 70, 64], (Kind::Float, Device::Cpu));
    // Row 1 left-padded by 2 tokens, as batches of moves of different lengths are.
    let pad = Tensor::ones([2, 70], (Kind::Bool, Device::Cpu));
    let _ = pad.get(1).narrow(0, 0, 2).fill_(0);
    let mut worst = 0f64;
    // The gradient with respect to the input embeddings (what the Taylor estimate reads):
    // every rank of the group holds all of it.
    let embeds = Tensor::randn([2, 70, 16], (Kind::Float, Device::Cpu));
    // Through the logits (gathered whole) and through the tokens' log-probs (the judge's
    // scores, reduced across the split without whole rows), as the Taylor pass differentiates.
    let grad_of = |m: &CausalLm| -> anyhow::Result<(Tensor, Tensor)> {
        let e = embeds.copy().set_requires_grad(true);
        let hidden = m.forward_hidden(Input::Embeds(&e), &positions, Some(&pad), None);
        let out = m.logits(&hidden);
        let lp = m.token_logprobs(&hidden.view([-1, 16]), &ids.view([-1]));
        g.take_failure()?;
        ((&out * &c).sum(Kind::Float) + lp.sum(Kind::Float)).f_backward()?;
        Ok((e.grad(), lp.detach()))
    };
    let ((want_e, want_lp), (got_e, got_lp)) = (grad_of(&full)?, grad_of(&mine)?);
    close("tokens' log-probs", &got_lp, &want_lp, TOL, &mut worst)?;
    let scale = want_e.abs().max().double_value(&[]).max(1.0);
    close(
        "input gradient",
        &(got_e / scale),
        &(want_e / scale),
        TOL,
        &mut worst,
    )?;
    // Frost's first-order term g . E_v for every row v, and the lookup, from this rank's rows.
    let (want, got) = (full.embed_products(&embeds), mine.embed_products(&embeds));
    g.take_failure()?;
    close("g . E^T", &got, &want, TOL, &mut worst)?;
    let (want, got) = (full.embed(&ids), mine.embed(&ids));
    g.take_failure()?;
    close("embedding", &got, &want, 0.0, &mut worst)?;
    for t in vs_full
        .trainable_variables()
        .iter()
        .chain(&vs.trainable_variables())
    {
        let _ = t.grad().f_zero_()?;
    }
    let want = full.forward(Input::Ids(&ids), &positions, Some(&pad), None);
    (&want * &c).sum(Kind::Float).backward();
    let got = mine.forward(Input::Ids(&ids), &positions, Some(&pad), None);
    g.take_failure()?;
    (&got * &c).sum(Kind::Float).f_backward()?;
    close("logits", &got, &want, TOL, &mut worst)?;
    let mut adapters = 0;
    let mut vars: Vec<(String, Tensor)> = vs.variables().into_iter().collect();
    vars.sort_by(|a, b| a.0.cmp(&b.0)); // every rank sums the same tensor at the same time
    for (name, t) in vars {
        if !t.requires_grad() {
            continue;
        }
        let grad = t.grad().contiguous();
        g.all_reduce(&grad, ReduceOp::Sum)?;
        // Relative to the gradient's size: four ranks' partial sums round differently.
        let want = whole[&name].grad();
        let scale = want.abs().max().double_value(&[]).max(1.0);
        close(
            &format!("{name} gradient"),
            &(grad / scale),
            &(want / scale),
            TOL,
            &mut worst,
        )?;
        adapters += 1;
    }
    ensure!(
        adapters == adapters_want,
        "{adapters} trainable tensors, want {adapters_want}"
    );
    Ok(worst)
}

/// A Qwen3 shape the group sizes 2 and 4 split: 8 query heads, 2 key/value heads of 4 (at 4
/// ranks each key/value head is held by two), intermediate 24, vocabulary 64.
fn shape() -> ModelConfig {
    ModelConfig::new(64, 16, 24, 1, 8, 2, 4, false)
}

fn max_diff(a: &Tensor, b: &Tensor) -> f64 {
    (a.to_kind(Kind::Double) - b.to_kind(Kind::Double))
        .abs()
        .max()
        .double_value(&[])
}

fn close(what: &str, a: &Tensor, b: &Tensor, tol: f64, worst: &mut f64) -> anyhow::Result<()> {
    ensure!(
        a.size() == b.size(),
        "{what}: shapes {:?} and {:?}",
        a.size(),
        b.size()
    );
    let diff = max_diff(a, b);
    ensure!(diff <= tol, "{what}: differs by {diff:e} (allowed {tol:e})");
    *worst = worst.max(diff);
    Ok(())
}

/// This rank's part of `w` as a new leaf with a gradient.
fn part(cfg: &ModelConfig, g: &Group, name: &str, w: &Tensor) -> anyhow::Result<Tensor> {
    let held = tp::held(cfg, name, g.size as i64, g.rank as i64)?;
    Ok(held.take(&w.detach()).copy().set_requires_grad(true))
}

fn leaf(t: Tensor) -> Tensor {
    t.set_requires_grad(true)
}

fn check_all(g: &Group) -> anyhow::Result<f64> {
    let cfg = shape();
    tp::check(&cfg, g.size as i64)?;
    tch::manual_seed(7);
    let mut worst = 0f64;
    mlp(&cfg, g, &mut worst)?;
    attention(&cfg, g, &mut worst)?;
    vocabulary(&cfg, g, &mut worst)?;
    top_k(g)?;
    sampling(g)?;
    kinds(g)?;
    Ok(worst)
}

/// The collectives on the other kinds the model computes in (bf16 and f16 travel as 16-bit
/// words): sums of small whole numbers and a maximum, exact in every kind.
fn kinds(g: &Group) -> anyhow::Result<()> {
    let r = g.rank as f64;
    let want = (g.size * (g.size + 1) / 2) as f64;
    for kind in [Kind::BFloat16, Kind::Half, Kind::Double] {
        let t = Tensor::full([3], r + 1.0, (kind, Device::Cpu));
        g.all_reduce(&t, ReduceOp::Sum)?;
        ensure!(
            t.kind() == kind && t.double_value(&[2]) == want,
            "{kind:?} sum: {t}"
        );
    }
    let t = Tensor::full([2], r, (Kind::Double, Device::Cpu));
    g.all_reduce(&t, ReduceOp::Max)?;
    ensure!(t.double_value(&[1]) == (g.size - 1) as f64, "max: {t}");
    Ok(())
}

/// The whole gradient of a split weight from this rank's share of it (`mine`, a leaf): put in
/// the unsharded layout and summed over the group (a key/value head held twice gets both
/// ranks' parts: what the LoRA reduction will do).
fn whole_grad(
    cfg: &ModelConfig,
    g: &Group,
    name: &str,
    mine: &Tensor,
    full: &Tensor,
) -> anyhow::Result<Tensor> {
    let held = tp::held(cfg, name, g.size as i64, g.rank as i64)?;
    let t = held.put(&mine.grad(), &full.size()).contiguous();
    g.all_reduce(&t, ReduceOp::Sum)?;
    Ok(t)
}

/// down(silu(gate x) * up x): gate/up by rows, down by columns, one all-reduce forward and one
/// backward; the output, the input's gradient and the three weights' gradients equal the
/// unsharded ones.
fn mlp(cfg: &ModelConfig, g: &Group, worst: &mut f64) -> anyhow::Result<()> {
    let (h, i, n) = (cfg.hidden_size, cfg.intermediate_size, 5);
    let opts = (Kind::Float, Device::Cpu);
    let x = leaf(Tensor::randn([n, h], opts));
    let c = Tensor::randn([n, h], opts);
    let gate = leaf(Tensor::randn([i, h], opts) * 0.3);
    let up = leaf(Tensor::randn([i, h], opts) * 0.3);
    let down = leaf(Tensor::randn([h, i], opts) * 0.3);
    let y = (x.matmul(&gate.tr()).silu() * x.matmul(&up.tr())).matmul(&down.tr());
    (&y * &c).sum(Kind::Float).backward();

    let p = "model.layers.0.mlp";
    let x_tp = leaf(x.detach().copy());
    let gate_r = part(cfg, g, &format!("{p}.gate_proj.weight"), &gate)?;
    let up_r = part(cfg, g, &format!("{p}.up_proj.weight"), &up)?;
    let down_r = part(cfg, g, &format!("{p}.down_proj.weight"), &down)?;
    let [gx, ux] = <[Tensor; 2]>::try_from(tp::column_parallel(g, &x_tp, &[&gate_r, &up_r]))
        .map_err(|_| anyhow::anyhow!("two projections"))?;
    let y_tp = tp::row_parallel(g, &(gx.silu() * ux), &down_r)?;
    (&y_tp * &c).sum(Kind::Float).f_backward()?;
    close("mlp output", &y_tp, &y, TOL, worst)?;
    close("mlp input gradient", &x_tp.grad(), &x.grad(), TOL, worst)?;
    for (name, full, mine) in [
        ("gate_proj", &gate, &gate_r),
        ("up_proj", &up, &up_r),
        ("down_proj", &down, &down_r),
    ] {
        let got = whole_grad(cfg, g, &format!("{p}.{name}.weight"), mine, full)?;
        close(&format!("{name} gradient"), &got, &full.grad(), TOL, worst)?;
    }
    Ok(())
}

/// Causal grouped-query attention: q/k/v by heads, o by columns (one all-reduce forward, one
/// backward); the output, the input's gradient and the four weights' gradients (a key/value
/// head held by two ranks summed over both) equal the unsharded ones.
fn attention(cfg: &ModelConfig, g: &Group, worst: &mut f64) -> anyhow::Result<()> {
    let (h, hd, nq, nkv) = (
        cfg.hidden_size,
        cfg.head_dim(),
        cfg.num_attention_heads,
        cfg.kv_heads(),
    );
    let (b, s) = (2, 6);
    let opts = (Kind::Float, Device::Cpu);
    let x = leaf(Tensor::randn([b, s, h], opts));
    let c = Tensor::randn([b, s, h], opts);
    let wq = leaf(Tensor::randn([nq * hd, h], opts) * 0.3);
    let wk = leaf(Tensor::randn([nkv * hd, h], opts) * 0.3);
    let wv = leaf(Tensor::randn([nkv * hd, h], opts) * 0.3);
    let wo = leaf(Tensor::randn([h, nq * hd], opts) * 0.3);
    // Each head's output before o, [b, s, heads * hd]: query head h reads key/value head
    // h / (query heads / key-value heads), as in the model.
    let attend = |q: &Tensor, k: &Tensor, v: &Tensor| {
        let heads = |t: &Tensor| t.view([b, s, -1, hd]).transpose(1, 2);
        let (q, k, v) = (heads(q), heads(k), heads(v));
        let repeat = q.size()[1] / k.size()[1];
        let k = k.repeat_interleave_self_int(repeat, 1, None);
        let v = v.repeat_interleave_self_int(repeat, 1, None);
        let causal = true;
        Tensor::scaled_dot_product_attention(&q, &k, &v, None::<Tensor>, 0.0, causal, None, false)
            .transpose(1, 2)
            .reshape([b, s, -1])
    };
    let full = attend(
        &x.matmul(&wq.tr()),
        &x.matmul(&wk.tr()),
        &x.matmul(&wv.tr()),
    );
    let want = full.matmul(&wo.tr());
    (&want * &c).sum(Kind::Float).backward();

    let p = "model.layers.0.self_attn";
    let name = |proj: &str| format!("{p}.{proj}.weight");
    let mine = |proj: &str, w: &Tensor| part(cfg, g, &name(proj), w);
    let (q, k, v, o) = (
        mine("q_proj", &wq)?,
        mine("k_proj", &wk)?,
        mine("v_proj", &wv)?,
        mine("o_proj", &wo)?,
    );
    let x_tp = leaf(x.detach().copy());
    let qkv = tp::column_parallel(g, &x_tp, &[&q, &k, &v]);
    let got = tp::row_parallel(g, &attend(&qkv[0], &qkv[1], &qkv[2]), &o)?;
    (&got * &c).sum(Kind::Float).f_backward()?;
    close("attention output", &got, &want, TOL, worst)?;
    close(
        "attention input gradient",
        &x_tp.grad(),
        &x.grad(),
        TOL,
        worst,
    )?;
    for (proj, full, mine) in [
        ("q_proj", &wq, &q),
        ("k_proj", &wk, &k),
        ("v_proj", &wv, &v),
        ("o_proj", &wo, &o),
    ] {
        let got = whole_grad(cfg, g, &name(proj), mine, full)?;
        close(&format!("{proj} gradient"), &got, &full.grad(), TOL, worst)?;
    }
    Ok(())
}

/// The embedding (bit for bit), the log-softmax, the tokens' log-probs and their gradient.
fn vocabulary(cfg: &ModelConfig, g: &Group, worst: &mut f64) -> anyhow::Result<()> {
    let (v, h, n) = (cfg.vocab_size, cfg.hidden_size, 5);
    let opts = (Kind::Float, Device::Cpu);
    let first = tp::first_row(g, v);
    let cols = v / g.size as i64;
    let table = Tensor::randn([v, h], opts);
    let ids = Tensor::randint(v, [2, 7], (Kind::Int64, Device::Cpu));
    let rows = tp::held(
        cfg,
        "model.embed_tokens.weight",
        g.size as i64,
        g.rank as i64,
    )?
    .take(&table);
    let got = tp::embedding(g, &rows, &ids, first)?;
    let want = Tensor::embedding(&table, &ids, -1, false, false);
    close("embedding", &got, &want, 0.0, worst)?;

    let logits = leaf(Tensor::randn([n, v], opts) * 3.0);
    let targets = Tensor::randint(v, [n], (Kind::Int64, Device::Cpu));
    let logp = logits.log_softmax(-1, Kind::Float);
    let picked = logp
        .gather(-1, &targets.unsqueeze(-1), false)
        .squeeze_dim(-1);
    picked.sum(Kind::Float).backward();

    let mine = leaf(logits.detach().narrow(1, first, cols).copy());
    let logp_tp = tp::log_softmax(g, &mine)?;
    close(
        "log-softmax",
        &logp_tp,
        &logp.narrow(1, first, cols),
        TOL,
        worst,
    )?;
    // Its gradient: every rank's columns read the shared log-sum-exp (summed in the backward).
    let c = Tensor::randn([n, v], opts);
    let again = leaf(logits.detach().copy());
    (again.log_softmax(-1, Kind::Float) * &c)
        .sum(Kind::Float)
        .backward();
    let mine2 = leaf(mine.detach().copy());
    (tp::log_softmax(g, &mine2)? * c.narrow(1, first, cols))
        .sum(Kind::Float)
        .f_backward()?;
    let want = again.grad().narrow(1, first, cols);
    close("log-softmax gradient", &mine2.grad(), &want, TOL, worst)?;
    let picked_tp = tp::target_logprobs(g, &mine, &targets, first)?;
    close("target log-probs", &picked_tp, &picked, TOL, worst)?;
    picked_tp.sum(Kind::Float).backward();
    let want = logits.grad().narrow(1, first, cols);
    close("log-prob gradient", &mine.grad(), &want, TOL, worst)
}

/// The top k over a split vocabulary: the unsharded torch top k on distinct values (values and
/// indices), and, with ties, the lower index first (checked against a plain sort).
fn top_k(g: &Group) -> anyhow::Result<()> {
    let (p, m, v, k) = (2, 3, 64, 7);
    let first = v / g.size as i64 * g.rank as i64;
    let cols = v / g.size as i64;
    let x = Tensor::randn([p, m, v], (Kind::Float, Device::Cpu));
    let (want_v, want_i) = x.reshape([p, m * v]).topk(k, -1, true, true);
    let (got_v, got_i) = tp::top_k(g, &x.narrow(2, first, cols), k, v, first)?;
    ensure!(got_v.equal(&want_v), "top-k values {got_v} and {want_v}");
    ensure!(got_i.equal(&want_i), "top-k indices {got_i} and {want_i}");

    let ties = Tensor::randint(4, [1, m, v], (Kind::Int64, Device::Cpu)).to_kind(Kind::Float);
    let all = Vec::<f32>::try_from(ties.reshape([-1]))?;
    let mut order: Vec<usize> = (0..all.len()).collect();
    order.sort_by(|&a, &b| all[b].total_cmp(&all[a]).then(a.cmp(&b)));
    let want: Vec<i64> = order[..k as usize].iter().map(|&i| i as i64).collect();
    let (_, got) = tp::top_k(g, &ties.narrow(2, first, cols), k, v, first)?;
    ensure!(
        Vec::<i64>::try_from(got.reshape([-1]))? == want,
        "tied top-k: {got} (want {want:?})"
    );
    Ok(())
}

/// Sampling from split logits draws the tokens one process draws, with the same entropies,
/// for plain, top-k, top-p and greedy sampling, bans included.
fn sampling(g: &Group) -> anyhow::Result<()> {
    let (n, v) = (6, 64);
    let first = v / g.size as i64 * g.rank as i64;
    let cols = v / g.size as i64;
    let opts = (Kind::Float, Device::Cpu);
    let logits = Tensor::randn([n, v], opts) * 2.0;
    // About a third banned; token 0 legal in every row.
    let ban = Tensor::rand([n, v], opts).lt(0.3);
    let _ = ban.narrow(1, 0, 1).fill_(0);
    let u = Tensor::rand([n], (Kind::Double, Device::Cpu));
    let modes = [
        SamplingParams::default(),
        SamplingParams {
            temperature: 0.7,
            top_p: 1.0,
            top_k: 5,
        },
        SamplingParams {
            temperature: 1.3,
            top_p: 0.8,
            top_k: 0,
        },
        SamplingParams::greedy(),
    ];
    let one = Group::single();
    for params in &modes {
        let (want, want_h, _) = tp::sample_rows(&one, &logits, &ban, params, &u)?;
        let (got, got_h, rows) =
            tp::sample_rows(g, &logits.narrow(1, first, cols), &ban, params, &u)?;
        ensure!(rows.equal(&logits), "gathered rows differ");
        ensure!(
            got.equal(&want),
            "{params:?}: drew {got}, one process {want}"
        );
        ensure!(got_h.equal(&want_h), "{params:?}: entropies differ");
    }
    Ok(())
}
