#!/usr/bin/env python3
"""The entropy bonus's coefficient for factor-entropy, from the entropy-search sweep's runs.

    scripts/pick-entropy.py SWEEP_DIR [LAST]

For every run under SWEEP_DIR/runs/*/seed-*: its update.entropy_coef (config.toml) and its final
held-out best-of-N (the mean of its last LAST evaluations, default 3, as `frost-host report`
takes a run's final figure). Prints a Markdown table (coefficient, seeds, mean final best-of-N
and held-out entropy) and, on its last line, the positive coefficient with the highest mean: the
pick. The search's 0 is the no-bonus baseline the table reports, never the pick: a factor row with
no bonus would be core-l8 again and could not move the gap. When 0 beats every positive
coefficient a line before the pick says so. Chosen once, on GRPO alone, before the factor's runs.
Standard library only.
"""
import glob
import json
import os
import statistics
import sys
import tomllib


def final(run, last):
    lines = [json.loads(l) for l in open(os.path.join(run, "eval.jsonl")) if l.strip()]
    if len(lines) < last:
        sys.exit(f"{run}: {len(lines)} evaluations, fewer than {last}: is the sweep finished?")
    best = [v for l in lines[-last:] for k, v in l.items() if k.startswith("eval/best_of_")]
    ent = [l["eval/entropy"] for l in lines[-last:]]
    return statistics.mean(best), statistics.mean(ent)


def main(args):
    if not args:
        sys.exit(__doc__)
    sweep, last = args[0], int(args[1]) if len(args) > 1 else 3
    by_coef = {}
    for run in sorted(glob.glob(os.path.join(sweep, "runs", "*", "seed-*"))):
        with open(os.path.join(run, "config.toml"), "rb") as f:
            coef = tomllib.load(f)["update"].get("entropy_coef", 0.0)
        by_coef.setdefault(coef, []).append(final(run, last))
    if not by_coef:
        sys.exit(f"{sweep}: no runs under runs/*/seed-*")
    print("| entropy_coef | seeds | final best-of-N (mean) | held-out entropy (mean) |")
    print("|---|---|---|---|")
    for coef, xs in sorted(by_coef.items()):
        print(f"| {coef:g} | {len(xs)} | {statistics.mean(b for b, _ in xs):.2f} "
              f"| {statistics.mean(e for _, e in xs):.3f} |")
    score = {c: statistics.mean(b for b, _ in xs) for c, xs in by_coef.items()}
    positive = [c for c in score if c > 0]
    if not positive:
        sys.exit(f"{sweep}: no run with a positive entropy_coef to pick from")
    pick = max(positive, key=score.get)
    if 0.0 in score and score[0.0] > score[pick]:
        print(f"\nNo bonus beat none on GRPO alone: 0 ({score[0.0]:.2f}) is above the best "
              f"positive coefficient ({pick:g}: {score[pick]:.2f}), which is the pick.\n")
    print(f"{pick:g}")


if __name__ == "__main__":
    main(sys.argv[1:])
