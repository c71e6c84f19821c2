#!/usr/bin/env python3
"""The scale trend of docs/results.md: Frost - GRPO against model size, from `frost-host report`
outputs (claims.json).

    scripts/scale-figure.py OUT.svg PARAMS=REPORT_DIR:A=B ...

Each argument is one model size: its parameter count, the report folder, and the pair (as the
report judged it), e.g. "2558144=docs/results/core-l8:frost-k4-d4=grpo-k8". Draws the final
best-of-8 and the area at equal judge budget (A - B, 95% interval, verdict in the label) on a
log-size axis, and prints the points as a Markdown table. Standard library only.
"""
import math
import sys

from report_claims import pair_claims, split_pair

W, H = 640, 360
LEFT, RIGHT, TOP, BOTTOM = 64, 170, 24, 48
SERIES = [("final_best_of", "final best-of-8", "#1f77b4"), ("auc_best_of", "area at equal budget", "#d62728")]


def size_label(n):
    return f"{n / 1e6:.1f}M" if n >= 1e6 else f"{n / 1e3:.0f}k"


def marker(x, y, verdict, color):
    """A filled circle where the claim holds, an open one where unclear, a square where not."""
    if verdict == "does-not-hold":
        return f'<rect x="{x - 4.5:.1f}" y="{y - 4.5:.1f}" width="9" height="9" fill="{color}"/>'
    fill = color if verdict == "holds" else "white"
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4.5" fill="{fill}" stroke="{color}" stroke-width="2"/>'


def load(arg):
    form = "PARAMS=REPORT_DIR:A=B"
    head, a, b = split_pair(arg, form)
    try:
        params, folder = head.split("=", 1)
        params = int(params)
    except ValueError:
        sys.exit(f"not {form}: {arg!r}")
    _, claims = pair_claims(folder, a, b)
    return params, folder, {sid: claims.get(sid) for sid, _, _ in SERIES}


def main(args):
    if len(args) < 2:
        sys.exit(__doc__)
    out, points = args[0], sorted(load(a) for a in args[1:])
    vals = [v for _, _, cs in points for c in cs.values() if c for v in (c["lo"], c["hi"])] + [0.0]
    lo, hi = min(vals), max(vals)
    pad = 0.1 * (hi - lo or 1.0)
    lo, hi = lo - pad, hi + pad
    xs = [math.log10(p) for p, _, _ in points]
    x0, x1 = min(xs) - 0.15, max(xs) + 0.15

    def px(x):
        return LEFT + (x - x0) / (x1 - x0) * (W - LEFT - RIGHT)

    def py(y):
        return TOP + (hi - y) / (hi - lo) * (H - TOP - BOTTOM)

    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<line x1="{LEFT}" y1="{py(0):.1f}" x2="{W - RIGHT}" y2="{py(0):.1f}" stroke="#888" stroke-dasharray="4 3"/>',
           f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{H - BOTTOM}" stroke="black"/>',
           f'<line x1="{LEFT}" y1="{H - BOTTOM}" x2="{W - RIGHT}" y2="{H - BOTTOM}" stroke="black"/>',
           f'<text x="{LEFT - 48}" y="{TOP - 8}">Frost − GRPO (nats)</text>',
           f'<text x="{(LEFT + W - RIGHT) / 2 - 60}" y="{H - 10}">model parameters (log)</text>']
    # At most about 8 ticks, on a 1-2-5 step.
    step = next(m * 10 ** e for e in range(-2, 4) for m in (1, 2, 5) if (hi - lo) / (m * 10 ** e) <= 8)
    for k in range(math.ceil(lo / step), math.floor(hi / step) + 1):
        tick = k * step
        svg.append(f'<text x="{LEFT - 6}" y="{py(tick) + 4:.1f}" text-anchor="end">{"0" if k == 0 else f"{tick:+.1f}"}</text>')
        svg.append(f'<line x1="{LEFT - 3}" y1="{py(tick):.1f}" x2="{LEFT}" y2="{py(tick):.1f}" stroke="black"/>')
    for (p, _, _), x in zip(points, xs):
        svg.append(f'<text x="{px(x):.1f}" y="{H - BOTTOM + 16}" text-anchor="middle">{size_label(p)}</text>')
    for k, (sid, name, color) in enumerate(SERIES):
        shift = (k - 0.5) * 8
        line = []
        for (p, _, cs), x in zip(points, xs):
            c = cs[sid]
            if not c:
                continue
            cx, cy = px(x) + shift, py(c["value"])
            line.append(f"{cx:.1f},{cy:.1f}")
            svg.append(f'<line x1="{cx:.1f}" y1="{py(c["lo"]):.1f}" x2="{cx:.1f}" y2="{py(c["hi"]):.1f}" stroke="{color}" stroke-width="2"/>')
            svg.append(marker(cx, cy, c["verdict"], color))
        svg.append(f'<polyline points="{" ".join(line)}" fill="none" stroke="{color}" stroke-opacity="0.5"/>')
        ly = TOP + 16 + 20 * k
        svg.append(f'<line x1="{W - RIGHT + 14}" y1="{ly - 4}" x2="{W - RIGHT + 34}" y2="{ly - 4}" stroke="{color}" stroke-width="2"/>')
        svg.append(f'<text x="{W - RIGHT + 40}" y="{ly}">{name}</text>')
    legend = TOP + 70
    for k, verdict in enumerate(["holds", "unclear", "does-not-hold"]):
        ly = legend + 18 * k
        svg.append(marker(W - RIGHT + 24, ly - 4, verdict, "#555"))
        svg.append(f'<text x="{W - RIGHT + 40}" y="{ly}">{verdict.replace("-", " ")}</text>')
    svg.append(f'<text x="{W - RIGHT + 14}" y="{legend + 64}" font-size="10">bars: 95% interval</text>')
    svg.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(svg) + "\n")
    print("| parameters | report | seeds | final best-of-8 | area at equal judge budget |")
    print("|---|---|---|---|---|")
    for p, folder, cs in points:
        cells = []
        for sid, _, _ in SERIES:
            c = cs[sid]
            cells.append("—" if not c else f"{c['value']:+.2f} [{c['lo']:+.2f}, {c['hi']:+.2f}], **{c['verdict'].replace('-', ' ')}**")
        n = next((c["n"] for c in cs.values() if c), 0)
        print(f"| {size_label(p)} | `{folder}` | {n} | {cells[0]} | {cells[1]} |")


if __name__ == "__main__":
    main(sys.argv[1:])
