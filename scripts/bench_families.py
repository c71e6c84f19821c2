"""Family benchmark: frost-host against transformers' own torch implementation, per family.

For each family (dense Qwen3, Qwen3.5, Qwen3 MoE, Qwen3.5 MoE) a small random checkpoint is
written by transformers (f32, the shapes below), then both sides time, on the same checkpoint,
the same [B x T] shape and the same CPU thread count, in this one run:
  forward           no graph;
  forward+backward  next-token cross-entropy, every parameter trainable (full fine-tuning);
and two parts, each timed alone on random inputs at the model's shapes and multiplied by the
number of layers that have it, as a share of the whole forward / forward+backward:
  delta_rule        the chunked gated delta rule (Frost's pure-tch form; transformers'
                    torch_chunk_gated_delta_rule, what it runs without flash-linear-attention);
  experts           the routed experts without the router (Frost's loop over experts and its
                    grouped-GEMM form; transformers' default `grouped_mm` and its `eager` loop).
Every figure is the median of 5 runs after a warm-up. With --repeats N the two sides alternate N
times per family (against a machine whose load drifts); seconds are then medians over the
repeats and the ratio, frost-host's seconds over transformers' (below 1: frost-host is faster),
the median of the repeats' ratios. Transformers' MoE whole-model figures use
its default experts implementation (grouped_mm); the eager one is printed beside it.

    python scripts/bench_families.py --threads 1      # `make bench-families`

Not part of the tests (figures, no assertions); docs/performance.md records a run.
"""

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import torch
from transformers import Qwen3Config, Qwen3ForCausalLM, Qwen3MoeConfig, Qwen3MoeForCausalLM
from transformers.models.qwen3_5 import Qwen3_5ForCausalLM, Qwen3_5TextConfig
from transformers.models.qwen3_5.modeling_qwen3_5 import torch_chunk_gated_delta_rule
from transformers.models.qwen3_5_moe import Qwen3_5MoeForCausalLM, Qwen3_5MoeTextConfig

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "fixtures"))
from qwen3_5_reference import write_tokenizer  # noqa: E402  (a tiny tokenizer: Frost loads one)

REPS = 5
DENSE = dict(vocab_size=8192, hidden_size=256, intermediate_size=768, num_hidden_layers=4,
             num_attention_heads=8, num_key_value_heads=4, head_dim=32,
             max_position_embeddings=2048, tie_word_embeddings=True)
LINEAR = dict(linear_num_key_heads=4, linear_num_value_heads=8, linear_key_head_dim=32,
              linear_value_head_dim=32, linear_conv_kernel_dim=4, full_attention_interval=4)
# 16 experts, top-4 of 192: a token's active MLP is as wide as the dense one (768).
MOE = dict(num_experts=16, num_experts_per_tok=4, moe_intermediate_size=192, norm_topk_prob=True)
FAMILIES = {
    "qwen3": lambda: Qwen3ForCausalLM(Qwen3Config(**DENSE)),
    "qwen3_5": lambda: Qwen3_5ForCausalLM(Qwen3_5TextConfig(**DENSE, **LINEAR)),
    "qwen3_moe": lambda: Qwen3MoeForCausalLM(Qwen3MoeConfig(**DENSE, **MOE)),
    "qwen3_5_moe": lambda: Qwen3_5MoeForCausalLM(Qwen3_5MoeTextConfig(
        **DENSE, **LINEAR, **MOE, shared_expert_intermediate_size=192)),
}


def median_seconds(f) -> float:
    f()
    ts = []
    for _ in range(REPS):
        t = time.perf_counter()
        f()
        ts.append(time.perf_counter() - t)
    return statistics.median(ts)


def time_model(model, ids) -> tuple[float, float]:
    def forward():
        with torch.no_grad():
            model(input_ids=ids)

    def step():
        logits = model(input_ids=ids).logits[:, :-1]
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]).float(),
                                                 ids[:, 1:].reshape(-1))
        loss.backward()

    return median_seconds(forward), median_seconds(step)


def time_part(run) -> tuple[float, float]:
    """run(backward: bool) once; (forward, forward+backward) seconds."""
    return median_seconds(lambda: run(False)), median_seconds(lambda: run(True))


def delta_rule_part(cfg, b, t):
    hk, hv = cfg.linear_num_key_heads, cfg.linear_num_value_heads
    dk, dv = cfg.linear_key_head_dim, cfg.linear_value_head_dim
    leaf = lambda x: x.requires_grad_(True)
    q, k = leaf(torch.randn(b, t, hk, dk)), leaf(torch.randn(b, t, hk, dk))
    v = leaf(torch.randn(b, t, hv, dv))
    g, beta = leaf(-torch.rand(b, t, hv) * 0.5), leaf(torch.rand(b, t, hv))
    cot = torch.randn(b, t, hv, dv)

    def run(backward):
        with torch.set_grad_enabled(backward):
            out, _ = torch_chunk_gated_delta_rule(q, k, v, g=g, beta=beta,
                                                  use_qk_l2norm_in_kernel=True)
            if backward:
                (out * cot).sum().backward()
    return run


def experts_part(experts, cfg, b, t):
    n = b * t
    x = torch.randn(n, cfg.hidden_size, requires_grad=True)
    w, i = torch.randn(n, cfg.num_experts).softmax(-1).topk(cfg.num_experts_per_tok, -1)
    cot = torch.randn(n, cfg.hidden_size)

    def run(backward):
        with torch.set_grad_enabled(backward):
            out = experts(x, i, w)
            if backward:
                (out * cot).sum().backward()
    return run


def transformers_side(name, model, d, b, t) -> dict:
    cfg = model.config
    ids = torch.randint(cfg.vocab_size, (b, t), generator=torch.Generator().manual_seed(0))
    fwd, fb = time_model(model, ids)
    figures = {"forward_s": fwd, "forward_backward_s": fb, "parts": {}}
    layer_types = getattr(cfg, "layer_types", None) or []
    linear = sum(1 for x in layer_types if x == "linear_attention")
    if linear:
        f, fbp = time_part(delta_rule_part(cfg, b, t))
        figures["parts"]["delta_rule"] = dict(layers=linear, forward_s=linear * f,
                                              forward_backward_s=linear * fbp)
    if "moe" in name:
        experts = [layer.mlp.experts for layer in model.model.layers if hasattr(layer.mlp, "experts")]
        for impl in ["grouped_mm", "eager"]:
            model.set_experts_implementation(impl)
            f, fbp = time_part(experts_part(experts[0], cfg, b, t))
            n = len(experts)
            figures["parts"][f"experts_{impl}"] = dict(layers=n, forward_s=n * f,
                                                       forward_backward_s=n * fbp)
        fwd_e, fb_e = time_model(model, ids)
        figures["eager"] = {"forward_s": fwd_e, "forward_backward_s": fb_e}
        model.set_experts_implementation("grouped_mm")
    return figures


def frost_side(args, d) -> dict:
    cmd = [args.frost, "bench", "--model", str(d), "--threads", str(args.threads),
           "--shape", args.shape]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    line = next(x for x in out.splitlines() if x.startswith("figures: "))
    return json.loads(line[len("figures: "):])


def median_of(runs):
    """The median of each number over a list of equally shaped dicts."""
    first = runs[0]
    if isinstance(first, dict):
        return {k: median_of([r[k] for r in runs]) for k in first}
    if isinstance(first, (int, float)):
        return first if all(r == first for r in runs) else statistics.median(runs)
    return first


def show(name, tfs, frs):
    tf, fr = median_of(tfs), median_of(frs)
    print(f"\n{name}: seconds (frost-host / transformers = ratio, below 1 = frost-host faster), "
          f"{len(tfs)} repeat(s)")
    for key, label in [("forward_s", "forward"), ("forward_backward_s", "forward+backward")]:
        extra = ""
        if "eager" in tf:
            extra = f"  (transformers eager experts {tf['eager'][key]:.4f})"
        ratio = statistics.median(f[key] / t[key] for f, t in zip(frs, tfs))
        print(f"  {label:<17} frost-host {fr[key]:.4f}  transformers {tf[key]:.4f}  "
              f"ratio {ratio:.2f}{extra}")
    for side, figs in [("frost-host", fr), ("transformers", tf)]:
        for part, p in figs["parts"].items():
            print(f"  {side:<12} {part:<22} x{p['layers']}: forward {p['forward_s']:.4f} "
                  f"({100 * p['forward_s'] / figs['forward_s']:4.1f}%)  forward+backward "
                  f"{p['forward_backward_s']:.4f} "
                  f"({100 * p['forward_backward_s'] / figs['forward_backward_s']:4.1f}%)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--shape", default="4x256", help="rows x tokens (BxT)")
    ap.add_argument("--repeats", type=int, default=1, help="alternations of the two sides")
    ap.add_argument("--frost", default=str(ROOT / "target" / "release" / "frost-host"))
    ap.add_argument("--families", nargs="+", default=list(FAMILIES), choices=list(FAMILIES))
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    b, t = (int(x) for x in args.shape.split("x"))
    print(f"torch {torch.__version__}, {args.threads} threads, [{b}x{t}] tokens, f32, CPU")
    with tempfile.TemporaryDirectory(prefix="frost-bench-families-") as tmp:
        for name in args.families:
            torch.manual_seed(0)
            model = FAMILIES[name]().float()
            d = Path(tmp) / name
            model.save_pretrained(d)
            write_tokenizer(d)
            model.train()
            tfs, frs = [], []
            for _ in range(args.repeats):
                tfs.append(transformers_side(name, model, d, b, t))
                frs.append(frost_side(args, d))
            del model
            show(name, tfs, frs)


if __name__ == "__main__":
    main()
