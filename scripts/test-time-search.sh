#!/usr/bin/env bash
# Frost at test time as a search (issue 39): on the base model's held-out assignments at L = 8,
# four regimes of `eval --refine 8` against best-of-N sampling at the same D per block, by judge
# forwards, FLOPs and seconds: P = all D = 4 (training's round), P = 1 with D = 4, 16, 64
# (`--parents 1`: the backward on the best member only). One curve file per regime and seed,
# kept once written (resumable); then scripts/test-time.py's tables and figures per regime.
#   scripts/test-time-search.sh OUT_DIR [SEEDS] [ASSIGNMENTS]
# scripts/results.sh runs it with 8 seeds x 32 assignments; a smaller SEEDS ("0 1") and
# ASSIGNMENTS (4) check the pipeline in minutes. Seconds are wall-clock: run it on an idle
# machine, one thread.
set -euo pipefail
OUT=${1:?OUT_DIR}
SEEDS=${2:-"0 1 2 3 4 5 6 7"}
ASSIGNMENTS=${3:-32}
BIN=${FROST_HOST:-target/release/frost-host}
mkdir -p "$OUT/curves"
REGIMES="all-d4:0:4 p1-d4:1:4 p1-d16:1:16 p1-d64:1:64"
for regime in $REGIMES; do
  IFS=: read -r name parents d <<< "$regime"
  for s in $SEEDS; do
    file="$OUT/curves/$name-seed-$s.jsonl"
    [ -s "$file" ] && continue
    args=(--refine 8 --children "$d")
    [ "$parents" != 0 ] && args+=(--parents "$parents")
    "$BIN" eval base --game games/infill.wasm --set game.config.gap_tokens=8 \
      --set eval.assignments="$ASSIGNMENTS" --set seed="$s" --set run.threads=1 \
      --set run.progress=false "${args[@]}" --curve "$file.part" > "$OUT/curves/$name-seed-$s.txt"
    mv "$file.part" "$file"
  done
done
players=()
for regime in $REGIMES; do
  IFS=: read -r name _ _ <<< "$regime"
  players+=("$name=$(find "$OUT/curves" -name "$name-seed-*.jsonl" | sort | paste -sd, -)")
done
python3 scripts/test-time.py "$OUT" "${players[@]}" | tee "$OUT/table.md"
