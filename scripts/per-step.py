#!/usr/bin/env python3
"""Where a setting wins or loses per step, from a sweep's run folders: each setting's mean
seconds and GFLOPs per training step (`time/step_s`, `budget/flops`), and held-out best-of-N at a
common step against a baseline setting, paired by seed (mean difference, a 95% percentile
bootstrap over seeds with 10000 resamples and a fixed seed, and the exact two-sided sign-flip p).

  python3 scripts/per-step.py SWEEP_DIR BASELINE STEP
"""
import itertools
import json
import os
import random
import sys


def lines(path):
    with open(path) as f:
        return [json.loads(l) for l in f if l.strip()]


def runs(sweep):
    """{setting: {seed: run folder}} of the runs whose status is done."""
    out = {}
    for setting in sorted(os.listdir(os.path.join(sweep, "runs"))):
        for seed_dir in os.listdir(os.path.join(sweep, "runs", setting)):
            status = os.path.join(sweep, "status", f"{setting}--{seed_dir}.json")
            if not os.path.exists(status) or json.load(open(status)).get("status") != "done":
                continue
            seed = int(seed_dir.removeprefix("seed-"))
            out.setdefault(setting, {})[seed] = os.path.join(sweep, "runs", setting, seed_dir)
    return out


def best_at(run, step):
    for e in lines(os.path.join(run, "eval.jsonl")):
        if e["step"] == step:
            return next(v for k, v in e.items() if k.startswith("eval/best_of_"))
    return None


def paired(xs):
    n = len(xs)
    mean = sum(xs) / n
    rng = random.Random(12)
    boots = sorted(sum(rng.choice(xs) for _ in range(n)) / n for _ in range(10000))
    lo, hi = boots[249], boots[9749]
    extreme = sum(1 for signs in itertools.product([1, -1], repeat=n)
                  if abs(sum(s * x for s, x in zip(signs, xs))) >= abs(sum(xs)) - 1e-12)
    return mean, lo, hi, extreme / 2 ** n


def main():
    sweep, baseline, step = sys.argv[1], sys.argv[2], int(sys.argv[3])
    settings = runs(sweep)
    print(f"| setting | seeds | seconds / step | GFLOP / step | held-out best at step {step} | "
          f"− {baseline} at step {step} (paired by seed) |")
    print("|---|---|---|---|---|---|")
    for name, seeds in settings.items():
        secs, flops = [], []
        for run in seeds.values():
            for m in lines(os.path.join(run, "metrics.jsonl")):
                secs.append(m["time/step_s"])
                flops.append(m.get("budget/flops", float("nan")) / 1e9)
        best = {s: best_at(r, step) for s, r in seeds.items()}
        have = [b for b in best.values() if b is not None]
        level = f"{sum(have) / len(have):.2f}" if have else "-"
        diffs = [best[s] - best_at(settings[baseline][s], step) for s in seeds
                 if best[s] is not None and s in settings.get(baseline, {})
                 and best_at(settings[baseline][s], step) is not None]
        if name != baseline and len(diffs) >= 2:
            m, lo, hi, p = paired(diffs)
            diff = f"{m:+.2f} [{lo:+.2f}, {hi:+.2f}], p = {p:.3f}"
        else:
            diff = "-"
        print(f"| {name} | {len(seeds)} | {sum(secs) / len(secs):.2f} | "
              f"{sum(flops) / len(flops):.1f} | {level} | {diff} |")


if __name__ == "__main__":
    main()
