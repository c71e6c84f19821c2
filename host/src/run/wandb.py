# The W&B side of host/src/run/wandb.rs, run in the interpreter embedded in frost-host. Frost
# passes JSON text; wandb's own SDK does the rest.
import json
import sys

import wandb

# An embedded interpreter may have no argv; wandb reads argv[0] for the program's name.
if not sys.argv or not sys.argv[0]:
    sys.argv = ["frost-host"]


def start(args):
    a = json.loads(args)
    run = wandb.init(
        project=a["project"],
        entity=a.get("entity"),
        name=a.get("name"),
        tags=a.get("tags") or None,
        mode=a["mode"],
        dir=a["dir"],
        id=a.get("id"),
        resume="allow",
        # Frost's terminal is its own (progress bar, its own line about W&B).
        settings=wandb.Settings(console="off", silent=True),
    )
    # A resume may change settings (--set steps=...): the config is updated, not refused.
    run.config.update(a["config"], allow_val_change=True)
    return run


def log(run, figures, step):
    run.log(json.loads(figures), step=step)


def finish(run, exit_code):
    run.finish(exit_code=exit_code)
