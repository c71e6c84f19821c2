"""Peer benchmark: TRL's GRPOTrainer against frost-host GRPO K=8, per training step.

Both train the same tiny model (the embedded default, HF layout) with LoRA r=16 on every
projection, K=8 samples of L=8 tokens for each of 4 prompts per step, temperature 1, the
infilling reward (the base model's log-likelihood of the move and the suffix after BOS + the
prefix), one AdamW step per batch, no KL term, on the CPU with the same thread count. Runs
alternate (TRL, frost-host, TRL, ...) and each side's seconds per step is the median over the
steps after the first; the printed ratio is the median over repetitions of TRL / frost-host.

Run by `make bench-peers` in its own venv (.venv-peers, trl pinned); not part of the tests.
docs/performance.md lists what is matched and what cannot be.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# The raw infilling prompt is: suffix, this separator, prefix (games/infill RAW_SEPARATOR).
RAW_SEPARATOR = "\n\n[...]\n\n"
PROMPTS_PER_STEP, K, L = 4, 8, 8
LORA_TARGETS = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]


def default_model_dir() -> Path:
    cache = os.environ.get("FROST_CACHE") or Path.home() / ".cache" / "frost"
    return Path(cache) / "models" / "tiny-shakespeare"


def frost_run(args, out: Path, steps: int, samples: bool) -> list[float]:
    """frost-host GRPO K=8 for `steps` steps; its seconds per step (metrics.jsonl)."""
    sets = [
        f"steps={steps}",
        "eval.every=0",
        "run.checkpoint_every=0",
        f"run.samples_every={1 if samples else 0}",
        "run.progress=false",
        f"run.threads={args.threads}",
    ]
    if args.model_given:
        sets.append(f"model.path={json.dumps(str(args.model))}")
    cmd = [args.frost, "--config", "configs/tiny-infill-grpo-k8.toml", "--game", args.game,
           "--out", str(out)]
    for s in sets:
        cmd += ["--set", s]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    rows = [json.loads(x) for x in (out / "metrics.jsonl").read_text().splitlines()]
    return [r["time/step_s"] for r in rows if "time/step_s" in r]


def frost_prompts(args, work: Path) -> list[str]:
    """Prompts exactly as frost-host's dealer writes them, from a short run's samples."""
    out = work / "prompts"
    frost_run(args, out, 6, samples=True)
    prompts = []
    for line in (out / "samples.jsonl").read_text().splitlines():
        prompts += [a["prompt"] for a in json.loads(line)["assignments"]]
    return prompts


def trl_worker(args) -> None:
    """One TRL run in this process; prints its seconds per step as JSON."""
    import torch

    torch.set_num_threads(args.threads)
    from datasets import Dataset
    from peft import LoraConfig
    from transformers import AutoModelForCausalLM, AutoTokenizer, TrainerCallback
    from trl import GRPOConfig, GRPOTrainer

    tok = AutoTokenizer.from_pretrained(args.model)
    if tok.pad_token is None:
        tok.pad_token = tok.eos_token
    policy = AutoModelForCausalLM.from_pretrained(args.model, dtype=torch.float32)
    # The judge: the base weights, frozen (frost-host runs its policy with adapters off).
    judge = AutoModelForCausalLM.from_pretrained(args.model, dtype=torch.float32).eval()
    bos = tok.bos_token_id if tok.bos_token_id is not None else tok.eos_token_id

    def infill_reward(prompts, completions, completion_ids=None, **_):
        seqs, starts = [], []
        for p, ids in zip(prompts, completion_ids):
            suffix, prefix = p.split(RAW_SEPARATOR, 1)
            pre = tok(prefix, add_special_tokens=False).input_ids
            suf = tok(suffix, add_special_tokens=False).input_ids
            seqs.append([bos] + pre + list(ids) + suf)
            starts.append(1 + len(pre))  # first scored token: the move's first
        t = max(len(s) for s in seqs)
        ids = torch.zeros(len(seqs), t, dtype=torch.long)
        mask = torch.zeros(len(seqs), t, dtype=torch.long)
        for r, s in enumerate(seqs):
            ids[r, : len(s)] = torch.tensor(s)
            mask[r, : len(s)] = 1
        with torch.no_grad():
            logp = judge(input_ids=ids, attention_mask=mask).logits.log_softmax(-1)
        out = []
        for r, s in enumerate(seqs):
            pos = torch.arange(starts[r], len(s))
            out.append(logp[r, pos - 1, ids[r, pos]].sum().item())
        return out

    prompts = json.loads(Path(args.prompts).read_text())
    need = PROMPTS_PER_STEP * args.steps
    prompts = (prompts * (need // len(prompts) + 1))[:need]
    times: list[float] = []

    class StepTimer(TrainerCallback):
        def on_step_begin(self, *_, **__):
            self.t = time.perf_counter()

        def on_step_end(self, *_, **__):
            times.append(time.perf_counter() - self.t)

    with tempfile.TemporaryDirectory() as out:
        config = GRPOConfig(
            output_dir=out,
            per_device_train_batch_size=PROMPTS_PER_STEP * K,
            gradient_accumulation_steps=1,
            num_generations=K,
            max_completion_length=L,
            generation_kwargs={"min_new_tokens": L},
            temperature=1.0,
            top_p=1.0,
            top_k=0,
            beta=0.0,
            epsilon=0.2,
            num_iterations=1,
            loss_type="dapo",
            scale_rewards="group",
            learning_rate=3e-4,
            lr_scheduler_type="constant",
            warmup_steps=0,
            weight_decay=0.0,
            adam_beta1=0.9,
            adam_beta2=0.999,
            adam_epsilon=1e-8,
            max_grad_norm=1.0,
            # TRL turns activation checkpointing on by default; frost-host does not recompute.
            gradient_checkpointing=False,
            max_steps=args.steps,
            logging_steps=10**6,
            save_strategy="no",
            report_to="none",
            disable_tqdm=True,
            use_cpu=True,
            bf16=False,
            fp16=False,
            seed=0,
        )
        lora = LoraConfig(r=16, lora_alpha=16, lora_dropout=0.0, target_modules=LORA_TARGETS,
                          task_type="CAUSAL_LM")
        trainer = GRPOTrainer(
            model=policy,
            reward_funcs=infill_reward,
            args=config,
            train_dataset=Dataset.from_dict({"prompt": prompts}),
            processing_class=tok,
            peft_config=lora,
            callbacks=[StepTimer()],
        )
        trainer.train()
    print(json.dumps(times))


def trl_run(args, prompts_file: Path) -> list[float]:
    cmd = [sys.executable, __file__, "--trl-worker", "--prompts", str(prompts_file),
           "--steps", str(args.steps), "--threads", str(args.threads), "--model", str(args.model)]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frost", default="target/release/frost-host")
    ap.add_argument("--game", default="games/infill.wasm")
    ap.add_argument("--model", type=Path, help="an HF-layout Qwen3 (default: the embedded "
                    "default, which frost-host builds on first use)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--steps", type=int, default=6, help="steps per run (the first is dropped)")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--trl-worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--prompts", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.trl_worker:
        trl_worker(args)
        return
    args.model_given = args.model is not None
    if not args.model_given:
        args.model = default_model_dir()
    with tempfile.TemporaryDirectory() as work:
        work = Path(work)
        prompts_file = work / "prompts.json"
        # (Builds the embedded default model first if it is missing.)
        prompts_file.write_text(json.dumps(frost_prompts(args, work)))
        print(f"peer bench: {args.reps} reps x {args.steps} steps, {args.threads} threads, "
              f"model {args.model}", flush=True)
        ratios = []
        for rep in range(args.reps):
            # Alternate which side goes first, so a slow phase of the machine hits both.
            sides = ["trl", "frost"] if rep % 2 == 0 else ["frost", "trl"]
            med = {}
            for side in sides:
                if side == "trl":
                    t = trl_run(args, prompts_file)
                else:
                    t = frost_run(args, work / f"frost-{rep}", args.steps, samples=False)
                med[side] = statistics.median(t[1:])
            ratios.append(med["trl"] / med["frost"])
            print(f"  rep {rep + 1}: TRL GRPOTrainer {med['trl']:.3f} s/step, frost-host GRPO K=8 "
                  f"{med['frost']:.3f} s/step, ratio {ratios[-1]:.2f}x", flush=True)
    print(f"median TRL / frost-host per step: {statistics.median(ratios):.2f}x "
          f"({', '.join(f'{r:.2f}' for r in ratios)})")


if __name__ == "__main__":
    main()
