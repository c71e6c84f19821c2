#!/usr/bin/env bash
# Memory of a split model per rank (docs/scaling.md, "Running a split model"): examples/tp_memory
# alone (T = 1) and under torchrun with 2 and 4 ranks (T = 2, 4), one thread per rank.
# Usage: scripts/tp-memory.sh   (after `cargo build --release -p frost-host --example tp_memory`)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=target/release/examples/tp_memory
[ -x "$bin" ] || { echo "$bin missing: cargo build --release -p frost-host --example tp_memory" >&2; exit 1; }
export OMP_NUM_THREADS=1
"$bin"
for n in 2 4; do
  .venv/bin/torchrun --standalone --nproc-per-node "$n" --no-python "$bin" 2>/dev/null | sort
done
