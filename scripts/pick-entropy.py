#!/usr/bin/env python3
"""The entropy bonus's coefficient, from a search sweep's runs (GRPO at several coefficients).

    scripts/pick-entropy.py SWEEP_DIR [LAST]            factor-entropy's pick (best score)
    scripts/pick-entropy.py --match SWEEP_DIR [LAST]    sharpening-test's pick (Frost's entropy)

For every run under SWEEP_DIR/runs/*/seed-*: its update.entropy_coef (config.toml) and its final
held-out best-of-N (the mean of its last LAST evaluations, default 3, as `frost-host report`
takes a run's final figure). Prints a Markdown table (coefficient, seeds, mean final best-of-N
and held-out entropy) and, on its last line, the positive coefficient with the highest mean: the
pick. The search's 0 is the no-bonus baseline the table reports, never the pick: a factor row with
no bonus would be core-l8 again and could not move the gap. When 0 beats every positive
coefficient a line before the pick says so. Chosen once, on GRPO alone, before the factor's runs.

With --match (issue 40's causal test of sharpening) the sweep also holds Frost runs without a
bonus (`frost.refinement = "frost"`): their mean held-out entropy is the target, and the pick is
the GRPO coefficient whose mean held-out entropy is closest to it (the score plays no part). The
table then ends with Frost's row.
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


def runs(sweep, last):
    """(is_frost, coefficient, (final best-of-N, entropy)) for every run of the sweep."""
    out = []
    for run in sorted(glob.glob(os.path.join(sweep, "runs", "*", "seed-*"))):
        with open(os.path.join(run, "config.toml"), "rb") as f:
            cfg = tomllib.load(f)
        frost = cfg.get("frost", {}).get("refinement", "none") == "frost"
        out.append((frost, cfg["update"].get("entropy_coef", 0.0), final(run, last)))
    if not out:
        sys.exit(f"{sweep}: no runs under runs/*/seed-*")
    return out


def table(by_coef):
    print("| entropy_coef | seeds | final best-of-N (mean) | held-out entropy (mean) |")
    print("|---|---|---|---|")
    for coef, xs in sorted(by_coef.items()):
        print(f"| {coef:g} | {len(xs)} | {statistics.mean(b for b, _ in xs):.2f} "
              f"| {statistics.mean(e for _, e in xs):.3f} |")


def pick_best(by_coef, sweep):
    score = {c: statistics.mean(b for b, _ in xs) for c, xs in by_coef.items()}
    positive = [c for c in score if c > 0]
    if not positive:
        sys.exit(f"{sweep}: no run with a positive entropy_coef to pick from")
    pick = max(positive, key=score.get)
    if 0.0 in score and score[0.0] > score[pick]:
        print(f"\nNo bonus beat none on GRPO alone: 0 ({score[0.0]:.2f}) is above the best "
              f"positive coefficient ({pick:g}: {score[pick]:.2f}), which is the pick.\n")
    return pick


def pick_match(by_coef, frost, sweep):
    if not frost:
        sys.exit(f"{sweep}: --match needs Frost runs (frost.refinement = \"frost\") as the target")
    target = statistics.mean(e for _, e in frost)
    print(f"| Frost, no bonus (target) | {len(frost)} | "
          f"{statistics.mean(b for b, _ in frost):.2f} | {target:.3f} |")
    ent = {c: statistics.mean(e for _, e in xs) for c, xs in by_coef.items()}
    pick = min(ent, key=lambda c: (abs(ent[c] - target), c))
    print(f"\nGRPO's held-out entropy closest to Frost's {target:.3f}: {ent[pick]:.3f} at "
          f"{pick:g} (off by {ent[pick] - target:+.3f}).\n")
    return pick


def main(args):
    match = "--match" in args
    args = [a for a in args if a != "--match"]
    if not args:
        sys.exit(__doc__)
    sweep, last = args[0], int(args[1]) if len(args) > 1 else 3
    all_runs = runs(sweep, last)
    by_coef = {}
    for is_frost, coef, fig in all_runs:
        if not is_frost:
            by_coef.setdefault(coef, []).append(fig)
    if not by_coef:
        sys.exit(f"{sweep}: no GRPO runs to pick a coefficient from")
    table(by_coef)
    if match:
        pick = pick_match(by_coef, [f for is_frost, _, f in all_runs if is_frost], sweep)
    else:
        pick = pick_best(by_coef, sweep)
    print(f"{pick:g}")


if __name__ == "__main__":
    main(sys.argv[1:])
