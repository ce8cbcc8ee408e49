"""An inline SVG line chart of running totals (chips), for the game tally."""

from __future__ import annotations

import math
from typing import Mapping, Sequence

from markupsafe import Markup, escape

COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#117a65", "#515a5a")


def _ticks(low: int, high: int, count: int = 5) -> list[int]:
    """Round tick values covering low..high (at least two)."""
    raw = max(high - low, 1) / count
    step = min(u * 10 ** m for u in (1, 2, 5) for m in range(9) if u * 10 ** m >= raw)
    first, last = math.floor(low / step) * step, math.ceil(high / step) * step
    if first == last:
        last += step
    return list(range(first, last + step, step))


def _signed(v: int) -> str:
    return f"{v:+d}" if v else "0"


def running_totals_svg(running: Mapping[str, Sequence[int]], labels: Sequence[str],
                       width: int = 640, height: int = 230, font: str = "NanumGothic") -> Markup:
    """SVG of each player's running total after each hand (x: hands, y: chips).

    ``running[player]`` starts with 0 (before the first hand); ``labels`` name
    the x positions after the start (one per hand, e.g. month names).
    """
    left, right, top, bottom = 48, 110, 12, 28
    values = [v for series in running.values() for v in series] or [0]
    ticks = _ticks(min(min(values), 0), max(max(values), 0))
    lo, hi = ticks[0], ticks[-1]
    n = max(len(s) for s in running.values()) if running else 1
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(i: int) -> float:
        return left + plot_w * i / max(n - 1, 1)

    def y(v: int) -> float:
        return top + plot_h * (hi - v) / max(hi - lo, 1)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" font-family="{escape(font)}" viewBox="0 0 {width} {height}" '
             f'width="{width}" height="{height}" role="img" aria-label="running totals">']
    for t in ticks:
        stroke = 'stroke="#777" stroke-width="0.9"' if t == 0 else 'stroke="#ddd" stroke-width="0.6"'
        parts.append(f'<line {stroke} x1="{left}" x2="{left + plot_w}" y1="{y(t):.1f}" y2="{y(t):.1f}"/>'
                     f'<text font-size="9" fill="#444" x="{left - 6}" y="{y(t) + 4:.1f}" text-anchor="end">{t}</text>')
    for i in range(n):
        label = "0" if i == 0 else (labels[i - 1] if i - 1 < len(labels) else str(i))
        parts.append(f'<text font-size="9" fill="#444" x="{x(i):.1f}" y="{height - 8}" text-anchor="middle">{escape(label)}</text>')
    ends: list[tuple[float, str, str, int]] = []
    for k, (player, series) in enumerate(running.items()):
        colour = COLOURS[k % len(COLOURS)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(series))
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}"/>')
        for i, v in enumerate(series):
            parts.append(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="2.2" fill="{colour}"/>')
        ends.append((y(series[-1]), player, colour, series[-1]))
    ends.sort()
    last = -1e9
    for ypos, player, colour, value in ends:  # keep the end labels from overlapping
        ypos = max(ypos, last + 13)
        last = ypos
        parts.append(f'<text font-size="10" font-weight="bold" x="{left + plot_w + 8}" '
                     f'y="{ypos + 4:.1f}" fill="{colour}">{escape(player)} {_signed(value)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
