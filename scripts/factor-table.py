#!/usr/bin/env python3
"""The factor table of docs/results.md from `frost-host report` outputs (claims.json).

Each argument is ROW=REPORT_DIR:A=B, e.g. "the authors' update=docs/results/factor-update:frost-k4-d4=grpo-k8":
the row's label, the report folder, and the pair (as the report judged it) to show. Prints a
Markdown table: the pair, the seeds, the player model both arms trained (its content hash and
held-out bits per byte, from the runs' models.json), the final best-of-8 and the area under
best-of-8 against judge forwards (A - B, 95% interval, sign-flip p, verdict), and the held-out
entropy gap. Below the table, the Pearson correlation of the entropy gap with the area gap over
the rows against `grpo-k8` on the first row's player model (a correlation over settings, not a
causal test). Standard library only, so it runs with any python3.
"""
import statistics
import sys

from report_claims import pair_claims, split_pair


def fmt(x):
    return "—" if x is None else f"{x:+.2f}"


def interval(c):
    """A claim's value and 95% interval, `+v [lo, hi]`."""
    return "—" if c is None else f"{fmt(c['value'])} [{fmt(c['lo'])}, {fmt(c['hi'])}]"


def cell(c):
    if c is None:
        return "—"
    p = "—" if c["p"] is None else f"{c['p']:.3f}"
    return f"{interval(c)}, p = {p}, **{c['verdict'].replace('-', ' ')}**"


def models(doc, labels):
    """The distinct player models of the settings `labels`, as `hash8` (bits/byte)."""
    seen = []
    for setting in doc["settings"]:
        if setting["label"] not in labels:
            continue
        for m in setting.get("models") or []:
            player = m.get("player") or {}
            h = player.get("content_hash")
            bpb = (player.get("pretrain") or {}).get("heldout_bits_per_byte")
            key = "?" if not h else f"`{h[:8]}`" + ("" if bpb is None else f" ({bpb:.3f})")
            if key not in seen:
                seen.append(key)
    return ", ".join(seen) or "—"


def main(args):
    if not args:
        sys.exit(__doc__)
    print("| factor | A − B | seeds | player model | final best-of-8 | area at equal judge budget "
          "| entropy (nats/token) |")
    print("|---|---|---|---|---|---|---|")
    rows = []
    for arg in args:
        form = "ROW=REPORT_DIR:A=B"
        head, a, b = split_pair(arg, form)
        try:
            # The row's label may hold "=" and ":" itself; the folder and the pair do not.
            label, folder = head.rsplit("=", 1)
        except ValueError:
            sys.exit(f"not {form}: {arg!r}")
        doc, claims = pair_claims(folder, a, b)
        final, area = claims.get("final_best_of"), claims.get("auc_best_of")
        entropy = claims.get("final_entropy")
        n = (final or area or {}).get("n", 0)
        model = models(doc, {a, b})
        print(f"| {label} | {a} − {b} | {n} | {model} | {cell(final)} | {cell(area)} | {interval(entropy)} |")
        if area and entropy:
            rows.append((b, model, entropy["value"], area["value"]))
    if rows:
        model = rows[0][1]
        pts = [(e, x) for b, m, e, x in rows if b == "grpo-k8" and m == model]
        if len(pts) >= 3 and len({e for e, _ in pts}) > 1 and len({x for _, x in pts}) > 1:
            r = statistics.correlation([e for e, _ in pts], [x for _, x in pts])
            print(f"\nEntropy gap against area gap over the {len(pts)} rows against grpo-k8 on "
                  f"{model}: Pearson r = {r:+.2f}.")


if __name__ == "__main__":
    main(sys.argv[1:])
