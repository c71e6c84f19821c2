#!/usr/bin/env python3
"""How the update sees Frost's children, from runs' samples.jsonl (every training group).

For each run directory given: the members a child replaced per group, and the share of those
whose advantage is negative (the update pushes the judge-approved edit down) when the baseline is
the final group's mean (the paper's) and when it is the sampled group's mean
(`frost.baseline = "sampled"`). The sign does not depend on the std division. Also the mean gain
of a replacement in nats and in units of the sampled group's std, and the share of replaced
members that were their group's best sample. Standard library only.
  scripts/replaced-advantage.py runs/results/core-l8/runs/frost-k4-d4/seed-*
"""
import json
import statistics
import sys


def groups(run):
    with open(f"{run}/samples.jsonl") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            for a in json.loads(line)["assignments"]:
                yield a["moves"]


def main(runs):
    if not runs:
        sys.exit(__doc__)
    total = dict(groups=0, members=0, replaced=0, neg_final=0, neg_sampled=0, best=0)
    gains, gains_sd = [], []
    for run in runs:
        for moves in groups(run):
            final = [m["score"] for m in moves]
            sampled = [m["sampled_score"] for m in moves]
            mean_f, mean_s = statistics.fmean(final), statistics.fmean(sampled)
            best_s = max(sampled)
            sd = statistics.pstdev(sampled)
            total["groups"] += 1
            total["members"] += len(moves)
            for m in moves:
                if not m["replaced"]:
                    continue
                total["replaced"] += 1
                total["neg_final"] += m["score"] < mean_f
                total["neg_sampled"] += m["score"] < mean_s
                total["best"] += m["sampled_score"] == best_s
                gain = m["score"] - m["sampled_score"]
                gains.append(gain)
                if sd > 0:
                    gains_sd.append(gain / sd)
    r = max(total["replaced"], 1)
    print(f"runs: {len(runs)}, groups: {total['groups']}, members: {total['members']}")
    print(f"replaced: {total['replaced']} ({total['replaced'] / max(total['members'], 1):.1%} of members)")
    print(f"replaced with a negative advantage, final-group baseline: {total['neg_final'] / r:.1%}")
    print(f"replaced with a negative advantage, sampled-group baseline: {total['neg_sampled'] / r:.1%}")
    print(f"replaced members that were their group's best sample: {total['best'] / r:.1%}")
    if gains:
        print(f"gain of a replacement: mean {statistics.fmean(gains):.3f} nats, "
              f"median {statistics.median(gains):.3f}; in sampled-group std: "
              f"mean {statistics.fmean(gains_sd):.3f}, median {statistics.median(gains_sd):.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
