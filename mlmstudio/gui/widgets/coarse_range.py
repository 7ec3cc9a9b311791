"""Axis ranges that change in coarse steps while a curve grows.

Auto-ranging a live plot changes its axes at every redraw, and regenerating
the tick labels is most of pyqtgraph's redraw cost (docs/PERFORMANCE.md, GUI
overhead). A coarse range only moves when the data leave it, then jumps to a
"nice" bound with headroom, so the axes are usually untouched between redraws.
"""

from __future__ import annotations

import math

HEADROOM = 1.5  # when the data pass the edge, the new edge leaves this much room
SHRINK_BELOW = 0.3  # the range shrinks only when the data use less than this share of it


def nice_ceiling(value: float) -> float:
    """The smallest of 1, 2, 2.5, 5 x 10^k that is >= value (value > 0)."""
    if value <= 0:
        return 1.0
    exponent = math.floor(math.log10(value))
    for mantissa in (1.0, 2.0, 2.5, 5.0, 10.0):
        candidate = mantissa * 10.0**exponent
        if candidate >= value * (1 - 1e-12):
            return candidate
    return 10.0 ** (exponent + 1)


def grow_upper(
    current: tuple[float, float] | None, low: float, data_max: float, margin: float = 0.0
) -> tuple[float, float]:
    """A range [low, upper] that holds data_max, moving only when it must.

    ``margin``: the share of the range kept free above the data, so a curve
    that levels off at the edge (a constant learning rate) is not drawn on
    the plot's frame, where it cannot be seen.
    """
    if current is not None:
        c_low, c_high = current
        span = c_high - c_low
        if c_low == low and data_max <= c_high - margin * span and (data_max - low) >= SHRINK_BELOW * span:
            return current
    extent = max(data_max - low, 1e-12)
    return (low, low + nice_ceiling(extent * HEADROOM))


def span_range(current: tuple[float, float] | None, data_min: float, data_max: float) -> tuple[float, float]:
    """A range holding [data_min, data_max] with some margin, moving only when it must."""
    if current is not None:
        c_low, c_high = current
        inside = c_low <= data_min and data_max <= c_high
        used = (data_max - data_min) / max(c_high - c_low, 1e-12)
        if inside and used >= SHRINK_BELOW:
            return current
    spread = max(data_max - data_min, abs(data_max) * 0.05, 1e-6)
    step = nice_ceiling(spread / 4)
    return (
        math.floor((data_min - spread * 0.1) / step) * step,
        math.ceil((data_max + spread * 0.1) / step) * step,
    )
