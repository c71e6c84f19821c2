#!/usr/bin/env python3
"""Frost at test time against sampling more, from `frost-host eval --refine R --curve FILE.jsonl`.

    scripts/test-time.py OUT_DIR PLAYER=FILE.jsonl[,FILE.jsonl...] ...

Each argument is one player (a model or checkpoint) with its curve files, one per seed (the same
player evaluated with `--set seed=S`, or the checkpoints of the runs of one setting). For every
round r: the mean over seeds and assignments of the best exact score after r Frost rounds on the
N draws, and of the best of N + r*D plain samples; their paired difference (Frost - sampled) with
a 95% bootstrap interval over seeds and assignments (seeds resampled, then assignments within
each, the resamples a function of the seeds and assignments compared, never of the order of
computation, so identical data always read the same interval), a sign-flip p at the same level (each seed's mean difference flipped whole: exact over
the 2^S patterns, so its floor is 2 / 2^S), and each arm's judge forwards, backwards, seconds
and GFLOP per assignment, and the player's log-probability of each arm's best move (mean over
seeds and assignments; nan in files from before it was measured). Writes OUT_DIR/best_vs_forwards.svg, OUT_DIR/best_vs_flops.svg and
OUT_DIR/best_vs_seconds.svg (both arms of every player, 95% intervals of each arm's level as
bars) and OUT_DIR/difference_vs_forwards.svg (the paired difference and its interval) and prints the
table in Markdown, with the verdict at the last round: Frost at test time beats sampling more at
equal judge budget **holds** when the interval is above 0 and p < 0.05, **does not hold** when it
is below 0 and p < 0.05, **unclear** otherwise (the report's rule).

The same test at equal FLOPs and at equal seconds: a Frost round and a block of D samples cost
different amounts, so for each block b of the sampled arm the Frost point compared is its last
round r whose cost (mean over seeds and assignments) is at most the sampled arm's after b blocks:
Frost never gets more than the samples did. Paired difference, interval, p and verdict as above,
per block, in one table per axis (curve files without FLOPs, from before they were counted, skip
that axis). The crossover budgets: per axis, the smallest budget from which Frost stays ahead of
the samples (point estimate) at every larger budget measured, and the smallest from which the
verdict holds at every larger one ("never" when it does not by the last). With several players, it
also prints how much more (or less) each player after the first gains from Frost at test time
than the first: the difference of their Frost − samples differences at the last common round,
with a 95% interval from resampling each player's seeds and assignments independently (an
unpaired comparison: the players' draws differ); **more** or **less** when the interval excludes
0, **level** otherwise. Standard library only.
"""
import functools
import json
import os
import random
import sys

RESAMPLES, SEED = 2000, 12345
W, H = 640, 380
LEFT, RIGHT, TOP, BOTTOM = 70, 200, 28, 52
COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]


def load(arg):
    if "=" not in arg:
        sys.exit(f"not PLAYER=FILE.jsonl[,FILE.jsonl...]: {arg!r}")
    name, files = arg.split("=", 1)
    seeds = []
    for path in files.split(","):
        lines = [json.loads(l) for l in open(path) if l.strip()]
        arms = {}
        for l in lines:
            arms.setdefault(l["arm"], {})[l["rounds"]] = l
        if set(arms) != {"frost", "sampled"}:
            sys.exit(f"{path}: not an `eval --refine --curve` file (arms {sorted(arms)})")
        seeds.append(arms)
    rounds = min(max(s["frost"]) for s in seeds)
    return name, seeds, rounds


def per_assignment(seeds, arm, r, field):
    """[[value per assignment] per seed]."""
    return [[p[field] for p in s[arm][r]["assignments"]] for s in seeds]


def mean2(groups):
    flat = [x for g in groups for x in g]
    return sum(flat) / len(flat)


@functools.lru_cache(maxsize=None)
def resamples(shape, role=""):
    """The bootstrap's draws for one design: RESAMPLES lists of (seed, [assignment, ...]) index
    pairs, seeds resampled, then assignments within each. A function of the design alone (how
    many seeds, how many assignments each) and, for an unpaired comparison, of the player's role
    in it: every comparison of the same seeds and assignments resamples the same pairs, whatever
    axis, round or order asked for it, so identical data always get an identical interval."""
    rng = random.Random(f"{SEED}:{role}:{','.join(map(str, shape))}")
    draws = []
    for _ in range(RESAMPLES):
        pick = [rng.randrange(len(shape)) for _ in shape]
        draws.append([(s, [rng.randrange(shape[s]) for _ in range(shape[s])]) for s in pick])
    return draws


def shape_of(groups):
    return tuple(len(g) for g in groups)


def resampled_means(groups, role=""):
    """The mean of every bootstrap resample of `groups` (see `resamples`)."""
    return [mean2([[groups[s][i] for i in within] for s, within in draw])
            for draw in resamples(shape_of(groups), role)]


def interval(stats):
    stats = sorted(stats)
    return stats[int(0.025 * RESAMPLES)], stats[int(0.975 * RESAMPLES) - 1]


def bootstrap(groups):
    """95% interval of the mean: seeds resampled, then assignments within each."""
    return interval(resampled_means(groups))


def sign_flip(groups):
    """Two-sided sign-flip p of the mean difference at the seed level, the level the interval
    resamples first: under "no difference" each seed's mean difference is as likely negative,
    so its sign is flipped whole (the assignments of one seed share its draws and, for a
    trained player, its run). Exact over the 2^S sign patterns up to 16 seeds (the floor is
    2 / 2^S: 0.125 at 4 seeds, 0.008 at 8), else 10,000 random patterns. The same test as the
    lab's (`host/src/lab/stats.rs`, `sign_flip_p`)."""
    means = [sum(g) / len(g) for g in groups]
    observed = abs(sum(means))
    tol = 1e-12 * sum(abs(m) for m in means)
    extreme = lambda signs: abs(sum(m if keep else -m for m, keep in zip(means, signs))) >= observed - tol
    n = len(means)
    if n <= 16:
        patterns = [[mask >> i & 1 == 0 for i in range(n)] for mask in range(1 << n)]
        return sum(extreme(s) for s in patterns) / len(patterns)
    rng = random.Random(f"{SEED}:flips:{n}")  # a function of the design, as `resamples`
    hits = sum(extreme([rng.random() < 0.5 for _ in means]) for _ in range(10000))
    return (hits + 1) / 10001


def gains(seeds, r):
    """[[Frost - samples per assignment] per seed] after round r."""
    f = per_assignment(seeds, "frost", r, "best")
    g = per_assignment(seeds, "sampled", r, "best")
    return [[a - b for a, b in zip(fs, gs)] for fs, gs in zip(f, g)]


def gain_against(first, other, r):
    """other's mean gain minus first's after round r, with its 95% interval (independent
    resampling of each player's seeds, then assignments: each player's draws keyed by its role,
    so two players of one design are not resampled alike)."""
    a, b = gains(first, r), gains(other, r)
    stats = [y - x for x, y in zip(resampled_means(a, "first"), resampled_means(b, "other"))]
    return (mean2(b) - mean2(a), *interval(stats))


def verdict(lo, hi, p):
    if lo > 0 and p < 0.05:
        return "holds"
    if hi < 0 and p < 0.05:
        return "does not hold"
    return "unclear"


def rows(name, seeds, rounds):
    out = []
    for r in range(rounds + 1):
        f = per_assignment(seeds, "frost", r, "best")
        g = per_assignment(seeds, "sampled", r, "best")
        d = [[a - b for a, b in zip(fs, gs)] for fs, gs in zip(f, g)]
        lo, hi = bootstrap(d)
        p = sign_flip(d)
        row = {"player": name, "r": r, "frost": mean2(f), "sampled": mean2(g), "diff": mean2(d),
               "lo": lo, "hi": hi, "p": p, "frost_ci": bootstrap(f),
               "sampled_ci": bootstrap(g), "n": seeds[0]["sampled"][r]["n"]}
        for arm in ("frost", "sampled"):
            for field in ("forwards", "backwards", "seconds", "flops", "best_logp"):
                row[f"{arm}_{field}"] = (mean2(per_assignment(seeds, arm, r, field))
                                         if has(seeds, field) else float("nan"))
        out.append(row)
    return out


def has(seeds, field):
    """Whether every point of every seed has `field` (FLOPs are missing from older files)."""
    return all(field in p for s in seeds for arm in s.values() for line in arm.values()
               for p in line["assignments"])


def cost(seeds, arm, r, field):
    return mean2(per_assignment(seeds, arm, r, field))


def equal_cost(name, seeds, rounds, field):
    """Per block b of the sampled arm: Frost at its last round costing at most what b blocks
    cost (by `field`, mean over seeds and assignments), the paired difference with its interval
    and p."""
    out = []
    for b in range(rounds + 1):
        budget = cost(seeds, "sampled", b, field)
        r = max(r for r in range(rounds + 1)
                if r == 0 or cost(seeds, "frost", r, field) <= budget)
        f = per_assignment(seeds, "frost", r, "best")
        g = per_assignment(seeds, "sampled", b, "best")
        d = [[x - y for x, y in zip(fs, gs)] for fs, gs in zip(f, g)]
        lo, hi = bootstrap(d)
        p = sign_flip(d)
        out.append({"player": name, "b": b, "r": r, "frost": mean2(f), "sampled": mean2(g),
                    "diff": mean2(d), "lo": lo, "hi": hi, "p": p, "budget": budget,
                    "frost_cost": cost(seeds, "frost", r, field)})
    return out


AXES = [("flops", "FLOPs", 1e9, "GFLOP"), ("seconds", "seconds", 1.0, "s")]


def crossover(table, scale, unit):
    """Where Frost overtakes the samples on one axis (rows of `equal_cost`): the smallest budget
    from which its point estimate stays above the samples' at every larger budget, and the
    smallest from which the verdict holds at every larger budget; "never" when it does not."""
    def first_from(ok):
        at = None
        for row in reversed(table[1:]):
            if not ok(row):
                break
            at = row
        return "never" if at is None else f"{at['budget'] / scale:.3g} {unit} (block {at['b']})"
    ahead = first_from(lambda row: row["diff"] > 0)
    holds = first_from(lambda row: verdict(row["lo"], row["hi"], row["p"]) == "holds")
    return f"ahead from {ahead}, holds from {holds}"


def print_crossovers(players):
    """Per player, the crossover budgets on every axis its curves count."""
    print("\nCrossover budgets (per assignment; Frost ahead of, and holding against, more samples "
          "at every larger budget measured):\n")
    for field, axis, scale, unit in [("forwards", "judge forwards", 1.0, "forwards")] + AXES:
        for name, seeds, rounds in players:
            if has(seeds, field):
                text = crossover(equal_cost(name, seeds, rounds, field), scale, unit)
                print(f"- {name}, by {axis}: {text}")


def print_equal_cost(players):
    """The equal-FLOPs and equal-seconds tables and verdicts."""
    for field, axis, scale, unit in AXES:
        usable = [(n, s, r) for n, s, r in players if has(s, field)]
        if not usable:
            continue
        print(f"\nAt equal {axis}: Frost at its last round costing at most the samples' {unit}")
        print()
        print(f"| player | blocks b | Frost rounds r | {unit} (Frost / samples) | Frost | samples "
              "| Frost − samples [95%] | p |")
        print("|---|---|---|---|---|---|---|---|")
        verdicts = []
        for name, seeds, rounds in usable:
            table = equal_cost(name, seeds, rounds, field)
            for row in table:
                print(f"| {name} | {row['b']} | {row['r']} | {row['frost_cost'] / scale:.3f} / "
                      f"{row['budget'] / scale:.3f} | {row['frost']:.2f} | {row['sampled']:.2f} | "
                      f"{row['diff']:+.2f} [{row['lo']:+.2f}, {row['hi']:+.2f}] | {row['p']:.3f} |")
            last = table[-1]
            verdicts.append(f"- {name}: Frost at test time beats sampling more at equal {axis}: "
                            f"**{verdict(last['lo'], last['hi'], last['p'])}** ({last['diff']:+.2f} "
                            f"[{last['lo']:+.2f}, {last['hi']:+.2f}], p = {last['p']:.3f}; "
                            f"{last['r']} rounds against {last['b']} blocks)")
        print()
        print("\n".join(verdicts))


def svg(path, title, xlabel, ylabel, series, zero=False):
    """A line figure: series of (label, color, dashed, points [(x, y, lo, hi)])."""
    pts = [p for _, _, _, ps in series for p in ps]
    x0, x1 = 0.0, max(p[0] for p in pts) * 1.05 or 1.0
    y0, y1 = min(p[2] for p in pts), max(p[3] for p in pts)
    if zero:
        y0, y1 = min(y0, 0.0), max(y1, 0.0)
    pad = 0.08 * (y1 - y0 or 1.0)
    y0, y1 = y0 - pad, y1 + pad
    px = lambda x: LEFT + (x - x0) / (x1 - x0) * (W - LEFT - RIGHT)
    py = lambda y: TOP + (y1 - y) / (y1 - y0) * (H - TOP - BOTTOM)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" '
           'font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{W / 2:.0f}" y="18" text-anchor="middle" font-size="14">{title}</text>',
           f'<line x1="{LEFT}" y1="{H - BOTTOM}" x2="{W - RIGHT}" y2="{H - BOTTOM}" stroke="black"/>',
           f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{H - BOTTOM}" stroke="black"/>',
           f'<text x="{(LEFT + W - RIGHT) / 2:.0f}" y="{H - 12}" text-anchor="middle">{xlabel}</text>',
           f'<text transform="translate(16,{(TOP + H - BOTTOM) / 2:.0f}) rotate(-90)" '
           f'text-anchor="middle">{ylabel}</text>']
    for i in range(5):
        x, y = x0 + (x1 - x0) * i / 4, y0 + (y1 - y0) * i / 4
        out.append(f'<text x="{px(x):.1f}" y="{H - BOTTOM + 16}" text-anchor="middle">{x:.3g}</text>')
        out.append(f'<text x="{LEFT - 6}" y="{py(y) + 4:.1f}" text-anchor="end">{y:.3g}</text>')
    if zero:
        out.append(f'<line x1="{LEFT}" y1="{py(0):.1f}" x2="{W - RIGHT}" y2="{py(0):.1f}" '
                   'stroke="#888" stroke-dasharray="2 3"/>')
    legend_y = TOP + 8
    for label, color, dashed, points in series:
        dash = ' stroke-dasharray="6 4"' if dashed else ""
        line = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y, _, _ in points)
        out.append(f'<polyline points="{line}" fill="none" stroke="{color}" stroke-width="2"{dash}/>')
        for x, y, lo, hi in points:
            out.append(f'<line x1="{px(x):.1f}" y1="{py(lo):.1f}" x2="{px(x):.1f}" y2="{py(hi):.1f}" '
                       f'stroke="{color}"/>')
            out.append(f'<rect x="{px(x) - 3:.1f}" y="{py(y) - 3:.1f}" width="6" height="6" '
                       f'fill="white" stroke="{color}"/>' if dashed else
                       f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3.5" fill="{color}"/>')
        out.append(f'<line x1="{W - RIGHT + 10}" y1="{legend_y}" x2="{W - RIGHT + 34}" '
                   f'y2="{legend_y}" stroke="{color}" stroke-width="2"{dash}/>')
        out.append(f'<text x="{W - RIGHT + 40}" y="{legend_y + 4}">{label}</text>')
        legend_y += 18
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def arms(table, names, xkey):
    """Both arms of every player, by `xkey` (forwards or seconds)."""
    out = []
    for c, name in enumerate(names):
        rs = [row for row in table if row["player"] == name]
        for arm, label in (("frost", "Frost rounds"), ("sampled", "more samples")):
            pts = [(row[f"{arm}_{xkey}"], row[arm], *row[f"{arm}_ci"]) for row in rs]
            out.append((f"{name}: {label}", COLORS[c % len(COLORS)], arm == "sampled", pts))
    return out


def main(args):
    if len(args) < 2:
        sys.exit(__doc__)
    out_dir, players = args[0], [load(a) for a in args[1:]]
    os.makedirs(out_dir, exist_ok=True)
    table = [row for name, seeds, rounds in players for row in rows(name, seeds, rounds)]
    names = [name for name, _, _ in players]
    svg(os.path.join(out_dir, "best_vs_forwards.svg"), "Test time: best score by judge forwards",
        "judge forwards per assignment", "held-out best score (nats)", arms(table, names, "forwards"))
    svg(os.path.join(out_dir, "best_vs_seconds.svg"), "Test time: best score by wall-clock",
        "seconds per assignment", "held-out best score (nats)", arms(table, names, "seconds"))
    flops = [name for name, seeds, _ in players if has(seeds, "flops")]
    if flops:
        svg(os.path.join(out_dir, "best_vs_flops.svg"), "Test time: best score by FLOPs",
            "FLOPs per assignment", "held-out best score (nats)", arms(table, flops, "flops"))
    diff = [(name, COLORS[c % len(COLORS)], False,
             [(row["sampled_forwards"], row["diff"], row["lo"], row["hi"])
              for row in table if row["player"] == name]) for c, name in enumerate(names)]
    svg(os.path.join(out_dir, "difference_vs_forwards.svg"),
        "Test time: Frost - more samples, paired", "judge forwards per assignment (samples arm)",
        "best score difference (nats)", diff, zero=True)
    print("| player | r | Frost best-of-N | best of N + r*D samples | Frost − samples [95%] | p "
          "| forwards (Frost / samples) | backwards | seconds (Frost / samples) "
          "| GFLOP (Frost / samples) | log pi of the best (Frost / samples) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for row in table:
        print(f"| {row['player']} | {row['r']} | {row['frost']:.2f} | {row['sampled']:.2f} (N = "
              f"{row['n']}) | {row['diff']:+.2f} [{row['lo']:+.2f}, {row['hi']:+.2f}] | {row['p']:.3f} "
              f"| {row['frost_forwards']:.1f} / {row['sampled_forwards']:.1f} "
              f"| {row['frost_backwards']:.1f} | {row['frost_seconds']:.3f} / "
              f"{row['sampled_seconds']:.3f} | {row['frost_flops'] / 1e9:.3f} / "
              f"{row['sampled_flops'] / 1e9:.3f} | {row['frost_best_logp']:.2f} / "
              f"{row['sampled_best_logp']:.2f} |")
    print()
    for name, seeds, rounds in players:
        last = [row for row in table if row["player"] == name][-1]
        print(f"- {name} ({len(seeds)} seeds, R = {rounds}): Frost at test time beats sampling "
              f"more at equal judge budget: **{verdict(last['lo'], last['hi'], last['p'])}** "
              f"({last['diff']:+.2f} [{last['lo']:+.2f}, {last['hi']:+.2f}], p = {last['p']:.3f})")
    print_equal_cost(players)
    print_crossovers(players)
    if len(players) > 1:
        first_name, first, first_rounds = players[0]
        print()
        for name, seeds, rounds in players[1:]:
            r = min(rounds, first_rounds)
            d, lo, hi = gain_against(first, seeds, r)
            word = "more" if lo > 0 else "less" if hi < 0 else "level"
            print(f"- {name} − {first_name}, the gain from Frost at test time (R = {r}): "
                  f"{d:+.2f} [{lo:+.2f}, {hi:+.2f}] nats, unpaired: **{word}**")


if __name__ == "__main__":
    main(sys.argv[1:])
