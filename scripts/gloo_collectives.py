"""Gloo's cost on this CPU for the messages tensor parallelism sends (docs/scaling.md, "Tensor and
expert parallel: the design").

For 2 and 4 ranks (processes on 127.0.0.1, one thread each) it times, back to back:
- the all-reduce of one decode step's layer output, [rows, 4096] bf16 and f32 (Qwen3-235B-A22B's
  hidden size; rows = 1 and 32): two of these per layer per decoded token under Megatron TP;
- the all-reduce of a teacher-forced pass's layer output, [32 rows x 40 tokens, 4096] (the judge's
  move + suffix after a cached prefix; the update's rows are about three times longer);
- the all-gather of one decode step's logits, [32, 151936 / ranks] bf16 per rank (the sampler's
  full row, see the design).
Each prints the median seconds per call over its repetitions and the bus bandwidth
2 (R - 1) / R x bytes / t (all-gather: (R - 1) / R x the gathered bytes / t).

    OMP_NUM_THREADS=1 .venv/bin/python scripts/gloo_collectives.py
Runs in well under a minute. Not part of the tests.
"""

import os
import socket
import statistics
import time

import torch
import torch.distributed as dist
import torch.multiprocessing as mp

HIDDEN, VOCAB = 4096, 151936
CASES = [
    # (label, op, rows, columns, dtype, repetitions)
    ("decode layer out, 1 row", "all_reduce", 1, HIDDEN, torch.bfloat16, 200),
    ("decode layer out, 1 row", "all_reduce", 1, HIDDEN, torch.float32, 200),
    ("decode layer out, 32 rows", "all_reduce", 32, HIDDEN, torch.bfloat16, 100),
    ("decode layer out, 32 rows", "all_reduce", 32, HIDDEN, torch.float32, 100),
    ("forward layer out, 32x40 rows", "all_reduce", 32 * 40, HIDDEN, torch.bfloat16, 8),
    ("forward layer out, 32x40 rows", "all_reduce", 32 * 40, HIDDEN, torch.float32, 8),
    ("decode logits, 32 rows", "all_gather", 32, VOCAB, torch.bfloat16, 8),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def worker(rank: int, size: int, port: int, out):
    torch.set_num_threads(1)
    os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    dist.init_process_group("gloo", rank=rank, world_size=size)
    for label, op, rows, cols, dtype, reps in CASES:
        if op == "all_reduce":
            t = torch.randn(rows, cols).to(dtype)
            payload = t.numel() * t.element_size()
            call = lambda: dist.all_reduce(t)
            moved = 2 * (size - 1) / size * payload
        else:
            local = torch.randn(rows, cols // size).to(dtype)
            full = torch.empty(size, rows, cols // size, dtype=dtype)
            parts = list(full.unbind(0))
            payload = local.numel() * local.element_size()
            call = lambda: dist.all_gather(parts, local)
            moved = (size - 1) / size * payload * size
        for _ in range(3):
            call()
        times = []
        for _ in range(reps):
            dist.barrier()
            start = time.perf_counter()
            call()
            times.append(time.perf_counter() - start)
        med = statistics.median(times)
        if rank == 0:
            out.put((size, label, op, str(dtype).removeprefix("torch."), payload, med, moved / med))
    dist.destroy_process_group()


def main():
    ctx = mp.get_context("spawn")
    for size in (2, 4):
        q = ctx.Queue()
        mp.start_processes(worker, args=(size, free_port(), q), nprocs=size, start_method="spawn")
        while not q.empty():
            size_, label, op, dtype, payload, med, bw = q.get()
            print(f"{size_} ranks  {op:10s} {label:30s} {dtype:8s} {payload / 1024:10.1f} KiB"
                  f"  {med * 1e6:10.1f} us  {bw / 1e9:6.2f} GB/s")


if __name__ == "__main__":
    main()
