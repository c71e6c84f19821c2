"""Reading `frost-host report` outputs for the results scripts (factor-table.py,
scale-figure.py): the `KEY=REPORT_DIR:A=B` arguments and one judged pair's claims."""
import json
import sys


def split_pair(arg, form):
    """`HEAD:A=B` as (HEAD, A, B); exits naming `form` when `arg` is not of it."""
    try:
        head, pair = arg.rsplit(":", 1)
        a, b = pair.split("=", 1)
    except ValueError:
        sys.exit(f"not {form}: {arg!r}")
    return head, a, b


def pair_claims(folder, a, b):
    """The report in `folder`'s claims.json and its claims for the pair A=B, by claim id."""
    with open(f"{folder}/claims.json") as f:
        doc = json.load(f)
    found = [p for p in doc["pairs"] if p["a"] == a and p["b"] == b]
    if not found:
        have = ", ".join(f"{p['a']}={p['b']}" for p in doc["pairs"])
        sys.exit(f"{folder}/claims.json has no pair {a}={b} (it has {have})")
    return doc, {c["id"]: c for c in found[0]["claims"]}
