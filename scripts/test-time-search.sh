#!/usr/bin/env bash
# Frost at test time as a search (issues 39 and 40): on a player's held-out assignments, regimes
# of `eval --refine` against best-of-N sampling at the same D per block, by judge forwards, FLOPs
# and seconds. A regime is NAME:P:D[:R[:SELECTION]]: the backward on the best P members (0 = all:
# training's round), D children per round, R rounds (default 8), the selection rule (default the
# player's own, taylor-gated). One curve file per regime and seed, kept once written
# (resumable); then scripts/test-time.py's tables and figures per regime.
#   scripts/test-time-search.sh OUT_DIR [SEEDS] [ASSIGNMENTS]
# Environment: PLAYER (default `base`, the embedded default; or a checkpoint, where `{seed}` stands
# for the seed: one trained player per seed, e.g. runs/results/core-l8/runs/grpo-k8/seed-{seed}),
# GAP (move length,
# default 8), REGIMES (default "all-d4:0:4 p1-d4:1:4 p1-d16:1:16 p1-d64:1:64").
# scripts/results.sh runs it with 8 seeds; a smaller SEEDS ("0 1") and ASSIGNMENTS (4) check the
# pipeline in minutes. Seconds are wall-clock: run it on an idle machine, one thread.
set -euo pipefail
OUT=${1:?OUT_DIR}
SEEDS=${2:-"0 1 2 3 4 5 6 7"}
ASSIGNMENTS=${3:-32}
BIN=${FROST_HOST:-target/release/frost-host}
PLAYER=${PLAYER:-base}
GAP=${GAP:-8}
REGIMES=${REGIMES:-"all-d4:0:4 p1-d4:1:4 p1-d16:1:16 p1-d64:1:64"}
mkdir -p "$OUT/curves"
for regime in $REGIMES; do
  IFS=: read -r name parents d rounds selection <<< "$regime"
  for s in $SEEDS; do
    file="$OUT/curves/$name-seed-$s.jsonl"
    [ -s "$file" ] && continue
    args=(--refine "${rounds:-8}" --children "$d")
    [ "$parents" != 0 ] && args+=(--parents "$parents")
    [ -n "${selection:-}" ] && args+=(--set "frost.selection=\"$selection\"")
    [ "$PLAYER" = base ] && args+=(--game games/infill.wasm)
    "$BIN" eval "${PLAYER//\{seed\}/$s}" --set game.config.gap_tokens="$GAP" \
      --set eval.assignments="$ASSIGNMENTS" --set seed="$s" --set run.threads=1 \
      --set run.progress=false "${args[@]}" --curve "$file.part" > "$OUT/curves/$name-seed-$s.txt"
    mv "$file.part" "$file"
  done
done
players=()
for regime in $REGIMES; do
  IFS=: read -r name _ _ _ _ <<< "$regime"
  players+=("$name=$(find "$OUT/curves" -name "$name-seed-*.jsonl" | sort | paste -sd, -)")
done
python3 scripts/test-time.py "$OUT" "${players[@]}" | tee "$OUT/table.md"
