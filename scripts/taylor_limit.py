#!/usr/bin/env python3
"""What PyTorch itself achieves on the judge work of one Frost group (issue 39).

Runs, with transformers' Qwen3 on the embedded default model's config (its weights when the
folder exists, random otherwise) and the default infilling shape (a 64-token prefix run once
into a KV cache, then 41 tokens per sequence: the prefix's last token, the 8-token move and
the 32-token suffix; the move and the suffix scored, 40 rows through the LM head):

  score   no-grad forward over 2K sequences: what GRPO K=2K's scoring of a group costs;
  taylor  forward with grad on the move's input embeddings only (every weight frozen) and
          its backward, over K sequences: the core of Frost's Taylor pass;
  full    taylor plus the proposal's vocabulary work (g @ E^T, the target term's LM head and
          log-softmax at the move rows, the [K, L, V] estimate).

Prints median seconds of each and the ratios taylor / score and full / score, to compare with
`frost-host bench --phases` (its taylor phase per group over GRPO K=8's score per group).
The sides alternate `--repeats` times in one process; ratios within a run are what to read.

    .venv/bin/python scripts/taylor_limit.py --threads 1 --repeats 200
"""

import argparse
import json
import os
import statistics
import time

import torch
import transformers

# Seconds of this thread's CPU time: on a shared, loaded machine wall-clock seconds mostly
# measure the other jobs (`--clock wall` for wall-clock).
CLOCK = time.thread_time


def default_model_dir():
    return os.path.expanduser("~/.cache/frost/models/tiny-shakespeare")


def load(path):
    if os.path.exists(os.path.join(path, "model.safetensors")):
        model = transformers.AutoModelForCausalLM.from_pretrained(path, dtype=torch.float32)
        return model, "weights of " + path
    cfg = transformers.Qwen3Config(
        vocab_size=4096, hidden_size=192, intermediate_size=512, num_hidden_layers=4,
        num_attention_heads=4, num_key_value_heads=2, head_dim=64,
        max_position_embeddings=256, rms_norm_eps=1e-6, tie_word_embeddings=True,
        rope_theta=1e6,
    )
    torch.manual_seed(0)
    return transformers.Qwen3ForCausalLM(cfg), "random weights (no model at " + path + ")"


def prefix_cache(model, prefix, n):
    """The prefix's KV cache, run once on one row and repeated to `n` rows (not timed)."""
    with torch.no_grad():
        out = model.model(input_ids=prefix, use_cache=True)
    cache = out.past_key_values if hasattr(out, "past_key_values") else out.cache
    cache.batch_repeat_interleave(n)
    return cache


def scored_sums(model, hidden, targets, first):
    """Sum over the scored rows (positions first.. of `hidden`) of log p(target)."""
    h = hidden[:, first:first + targets.shape[1]]
    lp = model.lm_head(h).log_softmax(-1)
    return lp.gather(2, targets.unsqueeze(-1)).squeeze(-1).sum(1)


def run_score(model, prefix, seqs, targets):
    cache = prefix_cache(model, prefix, seqs.shape[0])
    p = prefix.shape[1]
    pos = torch.arange(p, p + seqs.shape[1]).unsqueeze(0).expand(seqs.shape[0], -1)
    t0 = CLOCK()
    with torch.no_grad():
        h = model.model(input_ids=seqs, cache=cache, position_ids=pos).last_hidden_state
        s = scored_sums(model, h, targets, 0)
    return CLOCK() - t0, s


def run_taylor(model, prefix, seqs, targets, move_len, full):
    k = seqs.shape[0]
    cache = prefix_cache(model, prefix, k)
    p = prefix.shape[1]
    pos = torch.arange(p, p + seqs.shape[1]).unsqueeze(0).expand(k, -1)
    e = model.get_input_embeddings().weight
    t0 = CLOCK()
    with torch.no_grad():
        base = e[seqs]
    me = base[:, 1:1 + move_len].clone().requires_grad_(True)
    x = torch.cat([base[:, :1], me, base[:, 1 + move_len:]], 1)
    h = model.model(inputs_embeds=x, cache=cache, position_ids=pos).last_hidden_state
    s = scored_sums(model, h, targets, 0)
    s.sum().backward()
    g = me.grad
    if full:
        with torch.no_grad():
            y = seqs[:, 1:1 + move_len]
            ge = g @ e.T
            gy = ge.gather(2, y.unsqueeze(-1))
            lp = model.lm_head(h.detach()[:, :move_len]).log_softmax(-1)
            tt = lp - lp.gather(2, y.unsqueeze(-1))
            est = s.detach().view(k, 1, 1) + ge - gy + tt
        del est
    return CLOCK() - t0, s.detach()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", default=default_model_dir())
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=100)
    ap.add_argument("--k", type=int, default=4, help="parents per group (GRPO scores 2K)")
    ap.add_argument("--prefix", type=int, default=64, help="cached tokens (BOS + prefix - 1)")
    ap.add_argument("--move", type=int, default=8)
    ap.add_argument("--suffix", type=int, default=32)
    ap.add_argument("--clock", choices=["cpu", "wall"], default="cpu")
    ap.add_argument("--json", help="write the figures here too")
    a = ap.parse_args()
    global CLOCK
    CLOCK = time.thread_time if a.clock == "cpu" else time.perf_counter
    torch.set_num_threads(a.threads)
    model, source = load(a.model)
    model.eval()
    for w in model.parameters():
        w.requires_grad_(False)
    v = model.config.vocab_size
    g = torch.Generator().manual_seed(0)
    prefix = torch.randint(1, v, (1, a.prefix), generator=g)
    rest = 1 + a.move + a.suffix
    seqs = torch.randint(1, v, (2 * a.k, rest), generator=g)
    seqs[:, 0] = prefix[0, -1]
    targets = seqs[:, 1:]
    # Same sums on both paths: the taylor forward is the score forward with grad.
    _, s_ref = run_score(model, prefix, seqs[: a.k], targets[: a.k])
    _, s_tay = run_taylor(model, prefix, seqs[: a.k], targets[: a.k], a.move, False)
    assert torch.allclose(s_ref, s_tay, atol=1e-3), (s_ref, s_tay)
    times = {"score": [], "taylor": [], "full": []}
    for _ in range(a.repeats):
        times["score"].append(run_score(model, prefix, seqs, targets)[0])
        times["taylor"].append(run_taylor(model, prefix, seqs[: a.k], targets[: a.k], a.move, False)[0])
        times["full"].append(run_taylor(model, prefix, seqs[: a.k], targets[: a.k], a.move, True)[0])
    med = {k: statistics.median(t) for k, t in times.items()}
    print(f"{source}; torch {torch.__version__}, transformers {transformers.__version__}, "
          f"{a.threads} thread(s), {a.repeats} alternated repeats, "
          f"prefix {a.prefix} cached + {rest} tokens, K={a.k}")
    print(f"  score  no-grad forward, {2 * a.k} seqs:        {med['score'] * 1e3:7.2f} ms")
    print(f"  taylor forward+input-grad backward, {a.k} seqs: {med['taylor'] * 1e3:7.2f} ms")
    print(f"  full   taylor + vocabulary work, {a.k} seqs:    {med['full'] * 1e3:7.2f} ms")
    print(f"  taylor / score = {med['taylor'] / med['score']:.2f}, "
          f"full / score = {med['full'] / med['score']:.2f}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"median_s": med, "threads": a.threads, "repeats": a.repeats}, f)


if __name__ == "__main__":
    main()
