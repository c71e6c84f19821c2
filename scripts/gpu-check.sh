#!/usr/bin/env bash
# GPU check: build frost-host with CUDA torch, make a tiny random Qwen3 + corpus, and run a few
# Frost-GRPO and GRPO steps on CUDA in bf16; prints the per-phase timings of each, tokens/s of
# the update batch, the peak GPU memory (nvidia-smi, sampled every 200 ms), the attention kernel
# torch picks for the model's shapes and the largest gap between a move's score from the Taylor
# pass and from exact scoring.
# With a second argument `14b`, also runs a Qwen3-14B-shaped model with random weights
# (configs/shapes/qwen3-14b, the real Qwen3 tokenizer from .cache/fixtures/qwen3-tokenizer,
# LoRA r=64 on all projections): Frost K=4 D=4 and GRPO K=8, a few steps each. Then the
# data-parallel path: torchrun with one NCCL rank, and two ranks when there are two GPUs; and
# with two GPUs a model split over both (parallel.tensor = 2) against one process.
# With `qwen3.5` instead (or `all` for both), a Qwen3.5-2B-shaped model with random weights
# (configs/shapes/qwen3.5-2b, hybrid Gated DeltaNet + gated attention; the Qwen3.5 tokenizer from
# .cache/fixtures/qwen3_5-tokenizer) on the authors' demo preset configs/qwen3.5-2b-infill.toml:
# Frost K=4 D=4 and GRPO K=8, a few steps each, each run's figures printed as it ends.
# With `moe` (or `all`), the routed experts of a small random Qwen3 MoE written by transformers
# (16 experts, top-4, hidden 256) in bf16: the loop and the grouped GEMM (torch._grouped_mm) on
# the same inputs, forward+backward: each one's time and their largest difference
# (`bench --model`), and which form training picks on this GPU and torch.
# Usage: scripts/gpu-check.sh [STEPS] [14b|qwen3.5|moe|all]   (needs an NVIDIA GPU and the
#        project venv: `make setup`; for 14b, qwen3.5 and moe also `make setup-test`)
# Every check that fails stops the script with one line naming what is missing.
# Each figure is also appended, as it is measured, to GPU_CHECK_OUT (default
# gpu-check-DATE.txt in the current folder), so a run cut short keeps what it measured.
set -euo pipefail
RESULTS="$(readlink -f "${GPU_CHECK_OUT:-gpu-check-$(date -u +%Y%m%dT%H%M%SZ).txt}")"
cd "$(dirname "$0")/.."

# ---- Bundle mode (docs/install.md, "The bundle") ---------------------------------------------
# Run from an unpacked bundle (scripts/gpu-check.sh [--bundle] [STEPS] [14b]): the machine's own
# Python and torch (FROST_PYTHON, default python3) through the bundle's launcher `frost`, no
# make, no cargo, no venv; torchrun is that Python's torch.distributed.run.
BUNDLE=""
if [ "${1:-}" = "--bundle" ] || [ -f manifest.txt ]; then
  [ "${1:-}" != "--bundle" ] || shift
  if [ ! -f manifest.txt ] || [ ! -x frost ]; then
    echo "gpu-check: --bundle runs from an unpacked bundle (make bundle): no manifest.txt and frost in $PWD" >&2; exit 1
  fi
  BUNDLE=1
  BUNDLE_PY="${FROST_PYTHON:-python3}"
  command -v "$BUNDLE_PY" >/dev/null || { echo "gpu-check: no Python at '$BUNDLE_PY': set FROST_PYTHON" >&2; exit 1; }
  python() { "$BUNDLE_PY" "$@"; }
  torchrun() { "$BUNDLE_PY" -m torch.distributed.run "$@"; }
fi
# ---- end of bundle mode ------------------------------------------------------------------------
STEPS="${1:-4}"
SHAPE="${2:-}"
case "$SHAPE" in
  ""|14b|qwen3.5|moe|all) ;;
  *) echo "gpu-check: unknown shape '$SHAPE' (14b, qwen3.5, moe or all)" >&2; exit 1 ;;
esac
[ -n "$BUNDLE" ] || export VIRTUAL_ENV="$PWD/.venv" PATH="$PWD/.venv/bin:$PATH" LIBTORCH_USE_PYTORCH=1

# A failure also lands in the results file once there is one (a machine without a GPU gets no
# file: nothing was measured).
fail() { echo "gpu-check: $*" >&2; [ ! -f "$RESULTS" ] || echo "gpu-check: $*" >> "$RESULTS"; exit 1; }

command -v nvidia-smi >/dev/null \
  || fail "no NVIDIA driver on this machine (nvidia-smi not found): run it on a machine with an NVIDIA GPU"
DRIVER="$(nvidia-smi --query-gpu=driver_version,name --format=csv,noheader -i 0 2>/dev/null)" \
  || fail "nvidia-smi finds no GPU (driver not loaded, or no device visible: check CUDA_VISIBLE_DEVICES)"
echo "gpu-check $(date -u +%FT%TZ), results in $RESULTS"
{ echo "# gpu-check $(date -u +%FT%TZ) on $(hostname)"
  if [ -n "$BUNDLE" ]; then sed 's/^/# bundle /' manifest.txt
  else echo "# commit $(git rev-parse HEAD 2>/dev/null || echo unknown)"; fi
} >> "$RESULTS"
[ -n "$BUNDLE" ] || [ -x .venv/bin/python ] || fail "no project venv (.venv): run make setup"
echo "driver, GPU: $DRIVER" | tee -a "$RESULTS"
# The wheel's CUDA version against the driver's: a CUDA 13 wheel needs a driver >= 580.
python - <<'PY' | tee -a "$RESULTS" || fail "torch sees no CUDA device (see the line above)"
import sys, torch
cuda = torch.version.cuda
print(f"torch {torch.__version__}, built for CUDA {cuda}, python {sys.version.split()[0]}")
if cuda is None:
    print("gpu-check: this torch wheel is a CPU build: reinstall a CUDA one "
          "(make clean-venv && make setup TORCH_INDEX_URL=https://download.pytorch.org/whl/cu128)")
    sys.exit(1)
if not torch.cuda.is_available():
    print(f"gpu-check: torch is built for CUDA {cuda} but cannot use this driver (too old for it?): "
          "install a wheel for the driver's CUDA, e.g. make clean-venv && make setup "
          "TORCH_INDEX_URL=https://download.pytorch.org/whl/cu126 (nvidia-smi shows the driver's CUDA)")
    sys.exit(1)
print("devices:", torch.cuda.device_count(), torch.cuda.get_device_name(0))
PY

if [ -n "$BUNDLE" ]; then
  BIN="$PWD/frost"
  "$BIN" --version >/dev/null || fail "the bundle's launcher refused this machine's Python or torch (its line is above)"
  LINKED=bin/frost-host
else
  # Through make, so an offline build (CARGO_NET_OFFLINE=true) reads the vendored crates.
  make build
  BIN=target/release/frost-host
  LINKED="$BIN"
fi
# A build made before the venv's torch was swapped for a CUDA one links no libtorch_cuda.
if command -v readelf >/dev/null; then
  readelf -d "$LINKED" | grep -q 'libtorch_cuda\.so' \
    || fail "$LINKED does not link libtorch_cuda (built against a CPU torch): touch host/build.rs && make build"
fi

WORK="$(mktemp -d -t frost-gpu-check-XXXX)"
MEM_PID=""
cleanup() {
  if [ -n "$MEM_PID" ]; then kill "$MEM_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# The attention kernel torch's dispatcher picks for the call the model makes (an explicit mask
# with GQA) and for the causal, mask-free call, at the shapes of the runs below.
python - <<'PY' | tee -a "$RESULTS"
import torch
from torch.nn.attention import SDPBackend
def choice(b, h, kv, t, d, mask, gqa):
    q = torch.randn(b, h, t, d, device="cuda", dtype=torch.bfloat16)
    k = torch.randn(b, kv, t, d, device="cuda", dtype=torch.bfloat16)
    m = torch.ones(b, 1, t, t, device="cuda", dtype=torch.bool).tril() if mask else None
    kw = {"enable_gqa": gqa} if gqa else {}
    n = torch._fused_sdp_choice(q, k, k, m, 0.0, not mask, **kw)
    return SDPBackend(n).name
for name, (h, kv, d) in {"tiny": (4, 2, 32), "14b": (40, 8, 128)}.items():
    print(f"sdpa {name:>4}: mask+gqa -> {choice(4, h, kv, 192, d, True, h != kv)}, "
          f"causal, K/V repeated -> {choice(4, h, h, 192, d, False, False)}")
PY

# A small model barely trained (2 steps of the embedded default's preset, whose context of 256
# tokens holds the game's prompt and move; timings only) and a synthetic corpus.
mkdir -p "$WORK/corpus"
python - "$WORK/corpus" <<'PY'
import random, sys, pathlib
random.seed(0)
words = "the king queen dog ship garden river sees loves finds keeps by sea hall dawn hill red old cold".split()
for d in range(9):
    text = " ".join(random.choice(words) for _ in range(4000))
    pathlib.Path(sys.argv[1], f"doc{d}.txt").write_text(text)
PY
"$BIN" pretrain --corpus "$WORK/corpus" --out "$WORK/model" --config small --steps 2 >/dev/null

peak_mem_start() {
  ( while :; do nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -i 0; sleep 0.2; done ) \
    > "$WORK/mem.txt" 2>/dev/null &
  MEM_PID=$!
}
peak_mem_stop() {
  kill "$MEM_PID" 2>/dev/null || true; wait "$MEM_PID" 2>/dev/null || true
  MEM_PID=""
  sort -n "$WORK/mem.txt" | tail -1
}

# run NAME MOVE_TOKENS_PER_ROW -- extra --set arguments
run() {
  local name="$1" row_tokens="$2"; shift 2
  peak_mem_start
  "$BIN" --game games/infill.wasm --out "$WORK/$name" \
    --set corpus.source="\"$WORK/corpus\"" \
    --set model.device=cuda --set model.dtype=bf16 --set steps="$STEPS" \
    --set eval.every=0 --set run.progress=false --set run.checkpoint_every=0 "$@" >/dev/null \
    || fail "run $name failed (its error is above)"
  local peak; peak="$(peak_mem_stop)"
  python - "$WORK/$name/metrics.jsonl" "$name" "$peak" "$row_tokens" "$WORK/$name/config.toml" <<'PY' | tee -a "$RESULTS"
import json, re, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
rows = lines[1:] or lines
# [sampling] assignments_per_step and k from the resolved config (no tomllib: Python >= 3.8).
cfg = open(sys.argv[5]).read()
sampling = re.search(r"^\[sampling\]\n(.*?)(?=^\[|\Z)", cfg, re.M | re.S).group(1)
get = lambda key: int(re.search(rf"^{key} = (\d+)", sampling, re.M).group(1))
keys = ["sample", "score", "taylor", "verify", "update", "step"]
mean = {k: sum(r[f"time/{k}_s"] for r in rows) / len(rows) for k in keys}
tokens = get("assignments_per_step") * get("k") * int(sys.argv[4])
gaps = [r["frost/taylor_score_gap"] for r in lines if "frost/taylor_score_gap" in r]
gap = f"  taylor-vs-exact score gap {max(gaps):.3g} nats" if gaps else ""
print(f"{sys.argv[2]:>16}: " + "  ".join(f"{k} {mean[k]:.3f}s" for k in keys)
      + f"  update {tokens / mean['update']:.0f} tokens/s (prompt+move, fwd+bwd)"
      + f"  peak GPU {int(sys.argv[3]) / 1024:.1f} GiB"
      + f"  (mean of {len(rows)} steps after the first)  judge fwd/step {rows[-1]['budget/judge_forwards']:.0f}"
      + gap)
PY
}
TINY=(--set model.path="\"$WORK/model\"")
run frost-k4d4 120 "${TINY[@]}"
run grpo-k8 120 "${TINY[@]}" --set frost.refinement='"none"' --set sampling.k=8

# The largest gap between two runs' metrics on the figures the data-parallel comparison reads.
gap() {
  python - "$1" "$2" <<'PY'
import json, sys
one, two = ([json.loads(l) for l in open(f)] for f in sys.argv[1:3])
keys = ["sampled/mean", "refined/mean", "loss", "grad_norm"]
print(f"{max(abs(a[k] - b[k]) for a, b in zip(one, two) for k in keys if k in a and k in b):.3g}")
PY
}
# The same one-process run again: CUDA kernels (atomics in the backward, cuDNN's attention) need
# not be bit-reproducible, so this is the yardstick for the data-parallel gaps below.
"$BIN" --game games/infill.wasm --out "$WORK/frost-k4d4-again" --set corpus.source="\"$WORK/corpus\"" \
  --set model.device=cuda --set model.dtype=bf16 --set steps="$STEPS" --set eval.every=0 \
  --set run.progress=false --set run.checkpoint_every=0 "${TINY[@]}" >/dev/null \
  || fail "run frost-k4d4-again failed (its error is above)"
echo "      frost-k4d4: the same run again, largest gap on sampled/mean, refined/mean, loss, grad_norm: $(gap "$WORK/frost-k4d4/metrics.jsonl" "$WORK/frost-k4d4-again/metrics.jsonl")" | tee -a "$RESULTS"

# Data parallel on NCCL (docs/scaling.md): one rank under torchrun (the NCCL process group, its
# all-reduce and gathers on one GPU), and with two GPUs two ranks, whose metrics must equal the
# one-process run's (frost-k4d4 above) up to float summation order.
dist_run() {
  local name="$1" ranks="$2"
  OMP_NUM_THREADS=1 torchrun --standalone --nproc-per-node "$ranks" --no-python "$BIN" \
    --game games/infill.wasm --out "$WORK/$name" --set corpus.source="\"$WORK/corpus\"" \
    --set model.device=cuda --set model.dtype=bf16 --set steps="$STEPS" --set eval.every=0 \
    --set run.progress=false --set run.checkpoint_every=0 "${TINY[@]}" >/dev/null 2>"$WORK/$name.log" \
    || { tail -5 "$WORK/$name.log" >&2; fail "torchrun $name failed (its log is above)"; }
  python - "$WORK/$name/metrics.jsonl" "$name" "$(gap "$WORK/frost-k4d4/metrics.jsonl" "$WORK/$name/metrics.jsonl")" <<'PY' | tee -a "$RESULTS"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
rows = rows[1:] or rows
step = sum(r["time/step_s"] for r in rows) / len(rows)
reduce = sum(r["time/reduce_s"] for r in rows) / len(rows)
print(f"{sys.argv[2]:>16}: step {step:.3f}s, collectives {reduce:.3f}s;"
      f" largest gap to 1 process on sampled/mean, refined/mean, loss, grad_norm: {sys.argv[3]}"
      " (the same run again: the line above)")
PY
}
dist_run nccl-1rank 1
GPUS="$(nvidia-smi --query-gpu=name --format=csv,noheader | wc -l)"
if [ "$GPUS" -ge 2 ]; then
  dist_run nccl-2ranks 2
else
  echo "    nccl-2ranks: skipped (1 GPU here)" | tee -a "$RESULTS"
fi

# A split model (parallel.tensor = 2, docs/scaling.md "Running a split model") on two GPUs: a
# small random Qwen3 written by transformers (the vocabulary must split two ways, which the
# pretrained model's 323 tokens do not), trained on one process, again, and split over 2 ranks;
# the split's gap to one process is read against the rerun's.
if [ "$GPUS" -ge 2 ]; then
  STOK=.cache/fixtures/qwen3-tokenizer
  [ -z "$BUNDLE" ] || STOK=fixtures/qwen3-tokenizer
  [ -f "$STOK/tokenizer.json" ] || fail "$STOK missing: run make setup-test (before make bundle, for a bundle)"
  python - "$WORK/split-model" <<'PY' || fail "could not write the split check's checkpoint (transformers missing? run make setup-test)"
import sys
import torch
from transformers import Qwen3Config, Qwen3ForCausalLM
torch.manual_seed(0)
cfg = Qwen3Config(vocab_size=151936, hidden_size=512, intermediate_size=1536, num_hidden_layers=4,
                  num_attention_heads=8, num_key_value_heads=4, head_dim=64,
                  max_position_embeddings=2048, tie_word_embeddings=True)
Qwen3ForCausalLM(cfg).save_pretrained(sys.argv[1])
PY
  cp "$STOK"/tokenizer*.json "$WORK/split-model/"
  SPLIT=(--game games/infill.wasm --set corpus.source="\"$WORK/corpus\"" --set model.device=cuda
         --set model.dtype=bf16 --set steps="$STEPS" --set eval.every=0 --set run.progress=false
         --set run.checkpoint_every=0 --set model.path="\"$WORK/split-model\"")
  for name in split-one split-again; do
    "$BIN" "${SPLIT[@]}" --out "$WORK/$name" >/dev/null || fail "run $name failed (its error is above)"
  done
  OMP_NUM_THREADS=1 torchrun --standalone --nproc-per-node 2 --no-python "$BIN" "${SPLIT[@]}" \
    --out "$WORK/split-t2" --set parallel.tensor=2 >/dev/null 2>"$WORK/split-t2.log" \
    || { tail -5 "$WORK/split-t2.log" >&2; fail "torchrun split-t2 failed (its log is above)"; }
  python - "$WORK/split-one/metrics.jsonl" "$WORK/split-t2/metrics.jsonl" \
    "$(gap "$WORK/split-one/metrics.jsonl" "$WORK/split-again/metrics.jsonl")" \
    "$(gap "$WORK/split-one/metrics.jsonl" "$WORK/split-t2/metrics.jsonl")" <<'PY' | tee -a "$RESULTS"
import json, sys
def mean(path):
    rows = [json.loads(l) for l in open(path)]
    rows = rows[1:] or rows
    return sum(r["time/step_s"] for r in rows) / len(rows)
print(f"        split-t2: step {mean(sys.argv[2]):.3f}s (one process {mean(sys.argv[1]):.3f}s);"
      f" largest gap to 1 process {sys.argv[4]} (the same run again: {sys.argv[3]})")
PY
else
  echo "        split-t2: skipped (1 GPU here; parallel.tensor = 2 needs one GPU per rank)" | tee -a "$RESULTS"
fi

if [ "$SHAPE" = "14b" ] || [ "$SHAPE" = "all" ]; then
  TOK=.cache/fixtures/qwen3-tokenizer
  [ -z "$BUNDLE" ] || TOK=fixtures/qwen3-tokenizer
  [ -f "$TOK/tokenizer.json" ] || fail "$TOK missing: run make setup-test (before make bundle, for a bundle)"
  # Rows of the update: the chat prompt (~64 + 32 passage tokens + template) and L = 8 moves.
  Q14=(--config configs/qwen3-14b-infill.toml --set model.init='"random"'
       --set model.path='"configs/shapes/qwen3-14b"' --set model.tokenizer="\"$TOK\""
       --set run.samples_every=0)
  run 14b-frost-k4d4 180 "${Q14[@]}"
  run 14b-grpo-k8 180 "${Q14[@]}" --set frost.refinement='"none"' --set frost.d=0 --set sampling.k=8
fi
# --- Qwen3.5 stage: the 2B shape, random weights, on the authors' demo preset. ---
if [ "$SHAPE" = "qwen3.5" ] || [ "$SHAPE" = "all" ]; then
  TOK35=.cache/fixtures/qwen3_5-tokenizer
  [ -z "$BUNDLE" ] || TOK35=fixtures/qwen3_5-tokenizer
  [ -f "$TOK35/tokenizer.json" ] || fail "$TOK35 missing: run make setup-test (before make bundle, for a bundle)"
  # The full-attention layers' SDPA kernel at this shape (8 query heads, 2 KV heads of 256).
  { python - <<'PY'
import torch
from torch.nn.attention import SDPBackend
q = torch.randn(4, 8, 192, 256, device="cuda", dtype=torch.bfloat16)
k = torch.randn(4, 2, 192, 256, device="cuda", dtype=torch.bfloat16)
m = torch.ones(4, 1, 192, 192, device="cuda", dtype=torch.bool).tril()
n = torch._fused_sdp_choice(q, k, k, m, 0.0, False, enable_gqa=True)
print(f"sdpa qwen3.5-2b: mask+gqa -> {SDPBackend(n).name}")
PY
  } | tee -a "$RESULTS"
  # Rows of the update: the chat prompt with its empty thinking block (~190 tokens) and L = 8.
  Q35=(--config configs/qwen3.5-2b-infill.toml --set model.init='"random"'
       --set model.path='"configs/shapes/qwen3.5-2b"' --set model.tokenizer="\"$TOK35\""
       --set run.samples_every=0)
  run qwen3.5-2b-frost 200 "${Q35[@]}"
  run qwen3.5-2b-grpo-k8 200 "${Q35[@]}" --set frost.refinement='"none"' --set frost.d=0 --set sampling.k=8
fi
# --- MoE stage: the experts' two forms on the GPU (model/moe.rs, model/grouped_mm.rs). ---
if [ "$SHAPE" = "moe" ] || [ "$SHAPE" = "all" ]; then
  TOK=.cache/fixtures/qwen3-tokenizer
  [ -z "$BUNDLE" ] || TOK=fixtures/qwen3-tokenizer
  [ -f "$TOK/tokenizer.json" ] || fail "$TOK missing: run make setup-test (before make bundle, for a bundle)"
  python - "$WORK/moe" <<'PY' || fail "could not write the MoE checkpoint (transformers missing? run make setup-test)"
import sys
import torch
from transformers import Qwen3MoeConfig, Qwen3MoeForCausalLM
torch.manual_seed(0)
cfg = Qwen3MoeConfig(vocab_size=151936, hidden_size=256, intermediate_size=768, num_hidden_layers=4,
                     num_attention_heads=8, num_key_value_heads=4, head_dim=32,
                     max_position_embeddings=2048, tie_word_embeddings=True, num_experts=16,
                     num_experts_per_tok=4, moe_intermediate_size=192, norm_topk_prob=True)
Qwen3MoeForCausalLM(cfg).save_pretrained(sys.argv[1])
PY
  cp "$TOK"/tokenizer*.json "$WORK/moe/"
  FROST_LOG=info "$BIN" bench --model "$WORK/moe" --device cuda --shape 4x256 > "$WORK/moe.txt" 2>&1 \
    || { tail -5 "$WORK/moe.txt" >&2; fail "bench --model on the MoE checkpoint failed (its output is above)"; }
  # The experts' lines (each form's time; their largest difference) and the form training picks
  # (an info line when it falls back to the loop).
  grep -E "experts_(loop|grouped)|grouped vs loop|MoE experts on cuda" "$WORK/moe.txt" \
    | sed 's/^/moe: /' | tee -a "$RESULTS"
  grep -q "MoE experts on cuda" "$WORK/moe.txt" \
    || echo "moe: training runs the experts as one grouped GEMM on this GPU and torch" | tee -a "$RESULTS"
fi
echo "gpu-check: OK" | tee -a "$RESULTS"
