#!/usr/bin/env bash
# GPU check: build frost-host with CUDA torch, make a tiny random Qwen3 + corpus, and run a few
# Frost-GRPO and GRPO steps on CUDA in bf16; prints the per-phase timings of each.
# Usage: scripts/gpu-check.sh [STEPS]   (needs an NVIDIA GPU and the project venv: `make setup`)
set -euo pipefail
cd "$(dirname "$0")/.."
STEPS="${1:-4}"
export VIRTUAL_ENV="$PWD/.venv" PATH="$PWD/.venv/bin:$PATH" LIBTORCH_USE_PYTORCH=1

python -c 'import torch, sys; ok = torch.cuda.is_available(); print("torch", torch.__version__, "cuda:", ok, torch.cuda.get_device_name(0) if ok else ""); sys.exit(0 if ok else 1)' \
  || { echo "gpu-check: torch in .venv sees no CUDA device (install a CUDA wheel of torch 2.13.0)"; exit 1; }

make games >/dev/null
cargo build --release -p frost-host
BIN=target/release/frost-host
WORK="$(mktemp -d -t frost-gpu-check-XXXX)"
trap 'rm -rf "$WORK"' EXIT

# A tiny random model (never trained: timings only) and a synthetic corpus.
mkdir -p "$WORK/corpus"
python - "$WORK/corpus" <<'PY'
import random, sys, pathlib
random.seed(0)
words = "the king queen dog ship garden river sees loves finds keeps by sea hall dawn hill red old cold".split()
for d in range(9):
    text = " ".join(random.choice(words) for _ in range(4000))
    pathlib.Path(sys.argv[1], f"doc{d}.txt").write_text(text)
PY
"$BIN" pretrain --corpus "$WORK/corpus" --out "$WORK/model" --config tiny --steps 2 >/dev/null

run() {
  local name="$1"; shift
  "$BIN" --game games/infill.wasm --out "$WORK/$name" \
    --set model.path="\"$WORK/model\"" --set corpus.source="\"$WORK/corpus\"" \
    --set model.device=cuda --set model.dtype=bf16 --set steps="$STEPS" \
    --set eval.every=0 --set run.progress=false --set run.checkpoint_every=0 "$@" >/dev/null
  python - "$WORK/$name/metrics.jsonl" "$name" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])][1:] or [json.loads(l) for l in open(sys.argv[1])]
keys = ["sample", "score", "taylor", "verify", "update", "step"]
mean = {k: sum(r[f"time/{k}_s"] for r in rows) / len(rows) for k in keys}
print(f"{sys.argv[2]:>10}: " + "  ".join(f"{k} {mean[k]:.3f}s" for k in keys)
      + f"  (mean of {len(rows)} steps after the first)  judge fwd/step {rows[-1]['budget/judge_forwards']:.0f}")
PY
}
run frost-k4d4
run grpo-k8 --set frost.refinement='"none"' --set sampling.k=8
echo "gpu-check: OK"
