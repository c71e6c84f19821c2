#!/usr/bin/env bash
# Regenerates the evidence in docs/results.md: the sweeps, the selection study and the reports
# (figures under docs/results/). Hours of CPU on a laptop: every sweep resumes where it stopped,
# so this can be run again after an interruption. Run from the repository root after `make demo`
# (the embedded default model) and `make games`.
#   scripts/results.sh [JOBS]
set -euo pipefail
JOBS=${1:-2}
BIN=${FROST_HOST:-target/release/frost-host}
RUNS=${FROST_RESULTS:-runs/results}
OUT=docs/results

for sweep in core-l8 k-vs-2k gap-lengths xent-games xent-contrast-seeds-4-5 selection-rules; do
  "$BIN" sweep "configs/sweeps/$sweep.toml" --jobs "$JOBS" --out "$RUNS/$sweep"
done

# The selection rules on the same sampled parents, every child rescored exactly: tuned on the
# training split, judged on held-out assignments, for the base model and a trained policy.
"$BIN" analyze-selection --split heldout --assignments 64 --out "$RUNS/selection-base.json" \
  | tee "$OUT/selection-base.txt"
"$BIN" analyze-selection --checkpoint "$RUNS/core-l8/runs/frost-k4-d4/seed-0" --split heldout \
  --assignments 64 --out "$RUNS/selection-trained.json" | tee "$OUT/selection-trained.txt"

"$BIN" report "$RUNS/core-l8" --out "$OUT/core-l8" --selection "$RUNS/selection-base.json"
"$BIN" report "$RUNS/k-vs-2k" --out "$OUT/k-vs-2k"
"$BIN" report "$RUNS/gap-lengths" --out "$OUT/gap-lengths" \
  --pair L4_frost-k4-d4=L4_grpo-k8 --pair L12_frost-k4-d4=L12_grpo-k8
"$BIN" report "$RUNS/xent-games" "$RUNS/xent-contrast-seeds-4-5" --out "$OUT/xent-games" \
  --pair condense_frost-k4-d4=condense_grpo-k8 --pair contrast_frost-k4-d4=contrast_grpo-k8
# The selection rules in training: their runs against core-l8's taylor-gated Frost and GRPO.
"$BIN" report "$RUNS/core-l8" "$RUNS/selection-rules" --out "$OUT/selection-rules" \
  --pair frost-taylor-gain-rr=frost-k4-d4 --pair frost-prior-taylor-rr=frost-k4-d4 \
  --pair frost-top-prob-rr=frost-k4-d4 --pair frost-taylor-gain-rr=frost-top-prob-rr \
  --pair frost-prior-taylor-rr=frost-top-prob-rr --pair frost-taylor-gain-rr=grpo-k8
