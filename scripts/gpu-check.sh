#!/usr/bin/env bash
# GPU check: build frost-host with CUDA torch, make a tiny random Qwen3 + corpus, and run a few
# Frost-GRPO and GRPO steps on CUDA in bf16; prints the per-phase timings of each, tokens/s of
# the update batch and the peak GPU memory (nvidia-smi, sampled every 200 ms).
# With a second argument `14b`, also runs a Qwen3-14B-shaped model with random weights
# (configs/shapes/qwen3-14b, the real Qwen3 tokenizer from .cache/fixtures/qwen3-tokenizer,
# LoRA r=64 on all projections): Frost K=4 D=4 and GRPO K=8, a few steps each.
# Usage: scripts/gpu-check.sh [STEPS] [14b]   (needs an NVIDIA GPU and the project venv: `make setup`;
#        for 14b also `make setup-test` for the tokenizer fixture)
set -euo pipefail
cd "$(dirname "$0")/.."
STEPS="${1:-4}"
SHAPE="${2:-}"
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

peak_mem_start() {
  ( while :; do nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -i 0; sleep 0.2; done ) \
    > "$WORK/mem.txt" 2>/dev/null &
  MEM_PID=$!
}
peak_mem_stop() {
  kill "$MEM_PID" 2>/dev/null || true; wait "$MEM_PID" 2>/dev/null || true
  sort -n "$WORK/mem.txt" | tail -1
}

# run NAME MOVE_TOKENS_PER_ROW -- extra --set arguments
run() {
  local name="$1" row_tokens="$2"; shift 2
  peak_mem_start
  "$BIN" --game games/infill.wasm --out "$WORK/$name" \
    --set corpus.source="\"$WORK/corpus\"" \
    --set model.device=cuda --set model.dtype=bf16 --set steps="$STEPS" \
    --set eval.every=0 --set run.progress=false --set run.checkpoint_every=0 "$@" >/dev/null
  local peak; peak="$(peak_mem_stop)"
  python - "$WORK/$name/metrics.jsonl" "$name" "$peak" "$row_tokens" "$WORK/$name/config.toml" <<'PY'
import json, sys, tomllib
rows = [json.loads(l) for l in open(sys.argv[1])][1:] or [json.loads(l) for l in open(sys.argv[1])]
cfg = tomllib.load(open(sys.argv[5], "rb"))
keys = ["sample", "score", "taylor", "verify", "update", "step"]
mean = {k: sum(r[f"time/{k}_s"] for r in rows) / len(rows) for k in keys}
rows_per_step = cfg["sampling"]["assignments_per_step"] * cfg["sampling"]["k"]
tokens = rows_per_step * int(sys.argv[4])
print(f"{sys.argv[2]:>16}: " + "  ".join(f"{k} {mean[k]:.3f}s" for k in keys)
      + f"  update {tokens / mean['update']:.0f} tokens/s (prompt+move, fwd+bwd)"
      + f"  peak GPU {int(sys.argv[3]) / 1024:.1f} GiB"
      + f"  (mean of {len(rows)} steps after the first)  judge fwd/step {rows[-1]['budget/judge_forwards']:.0f}")
PY
}
TINY=(--set model.path="\"$WORK/model\"")
run frost-k4d4 120 "${TINY[@]}"
run grpo-k8 120 "${TINY[@]}" --set frost.refinement='"none"' --set sampling.k=8

if [ "$SHAPE" = "14b" ]; then
  TOK=.cache/fixtures/qwen3-tokenizer
  [ -f "$TOK/tokenizer.json" ] || { echo "gpu-check: $TOK missing: run make setup-test"; exit 1; }
  # Rows of the update: the chat prompt (~64 + 32 passage tokens + template) and L = 8 moves.
  Q14=(--config configs/qwen3-14b-infill.toml --set model.init='"random"'
       --set model.path='"configs/shapes/qwen3-14b"' --set model.tokenizer="\"$TOK\""
       --set run.samples_every=0)
  run 14b-frost-k4d4 180 "${Q14[@]}"
  run 14b-grpo-k8 180 "${Q14[@]}" --set frost.refinement='"none"' --set frost.d=0 --set sampling.k=8
fi
echo "gpu-check: OK"
