#!/usr/bin/env bash
# Data-parallel scaling on this machine (docs/scaling.md): the same run with 1 process and with
# RANKS ranks under the venv's torchrun (Gloo on the CPU, 1 libtorch thread per rank), and the
# seconds per step, the scaling efficiency and the seconds per step spent in collectives
# (time/reduce_s: the gradient all-reduce, the step's agreement and gathers, waiting for the
# slowest rank included). A benchmark, not a test: figures depend on the machine's load.
#   scripts/bench-dist.sh            # A=8, 6 steps, 2 ranks, the embedded default model
#   A=16 STEPS=10 RANKS=4 scripts/bench-dist.sh --set model.path=... (extra frost-host args)
set -euo pipefail
cd "$(dirname "$0")/.."
A=${A:-8}
STEPS=${STEPS:-6}
RANKS=${RANKS:-2}
BIN=target/release/frost-host
TORCHRUN=.venv/bin/torchrun
for f in "$BIN" "$TORCHRUN" games/infill.wasm; do
    [ -e "$f" ] || { echo "bench-dist: $f missing: run \`make build games setup\` first" >&2; exit 1; }
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
args=(--game games/infill.wasm --set "steps=$STEPS" --set "sampling.assignments_per_step=$A"
    --set eval.every=0 --set run.threads=1 --set run.tensorboard=false --set run.progress=false
    --set run.checkpoint_every=0 --set run.samples_every=0 "$@")
export FROST_LOG=${FROST_LOG:-warn} OMP_NUM_THREADS=1
"$BIN" "${args[@]}" --out "$out/one" >/dev/null
"$TORCHRUN" --standalone --nproc-per-node "$RANKS" --no-python "$BIN" "${args[@]}" \
    --out "$out/many" >/dev/null 2>"$out/torchrun.log" || { cat "$out/torchrun.log" >&2; exit 1; }
.venv/bin/python - "$out" "$RANKS" "$A" <<'PY'
import json, statistics, sys
out, ranks, a = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def figures(run):
    lines = [json.loads(l) for l in open(f"{out}/{run}/metrics.jsonl")][1:]  # step 1 warms up
    med = lambda k: statistics.median(l[k] for l in lines)
    return med("time/step_s"), med("time/reduce_s"), len(lines)
t1, _, n = figures("one")
tr, reduce, _ = figures("many")
print(f"A={a}, 1 thread per rank, median over {n} steps (step 1 left out)")
print(f"  1 process : {t1:.3f} s/step")
print(f"  {ranks} ranks   : {tr:.3f} s/step, of which {reduce:.3f} s in collectives")
print(f"  speed-up {t1 / tr:.2f}x, scaling efficiency {t1 / (ranks * tr):.0%}")
PY
