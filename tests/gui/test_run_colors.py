"""Run and probe colours: far apart in CIELAB, unique among the runs shown, stable as runs arrive."""

from __future__ import annotations

import itertools
import math
from datetime import datetime, timedelta
from types import SimpleNamespace

import pytest

from mlmstudio.gui import run_colors
from mlmstudio.gui.run_colors import (
    PALETTE,
    assign_run_colours,
    distinct_styles,
    probe_style,
    run_color,
    run_style,
)
from mlmstudio.gui.runs_table_model import RunsTableModel


def _lab(hex_colour: str) -> tuple[float, float, float]:
    """sRGB (D65) to CIELAB, the textbook formulas."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(hex_colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(v: float) -> float:
        return v ** (1 / 3) if v > 0.008856 else 7.787 * v + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


@pytest.fixture(autouse=True)
def _fresh_assignment():
    saved = dict(run_colors._assigned)
    yield
    run_colors._assigned.clear()
    run_colors._assigned.update(saved)


def test_twelve_colours_at_least_delta_e_20_apart():
    assert len(PALETTE) >= 12
    distances = [math.dist(_lab(a), _lab(b)) for a, b in itertools.combinations(PALETTE[:12], 2)]
    assert min(distances) >= 20
    # Neither near-black nor near-white: each colour reads on light and on dark backgrounds.
    assert all(30 <= _lab(c)[0] <= 80 for c in PALETTE)


def test_twelve_listed_runs_get_twelve_different_colours():
    ids = [f"{i:032x}" for i in range(12)]
    assign_run_colours(ids)
    assert len({run_color(r).name() for r in ids}) == 12
    assert all(run_style(r)[1] == run_colors.LINE_STYLES[0] for r in ids)


def test_a_thirteenth_run_keeps_older_colours_and_differs_by_dash():
    ids = [f"{i:032x}" for i in range(13)]
    assign_run_colours(ids[:12])
    before = {r: run_color(r).name() for r in ids[:12]}
    assign_run_colours(ids)
    assert {r: run_color(r).name() for r in ids[:12]} == before
    assert len({(run_style(r)[0].name(), run_style(r)[1]) for r in ids}) == 13  # colour + dash unique


def test_the_history_listing_assigns_oldest_first():
    start = datetime(2026, 1, 1)
    runs = [
        SimpleNamespace(id=f"run{i}", created_at=start + timedelta(minutes=i), config={}) for i in range(12)
    ]
    model = RunsTableModel()
    model.set_runs(list(reversed(runs)))  # newest first, as the history lists them
    colours = {model.data(model.index(row, 0), 1).name() for row in range(12)}  # DecorationRole
    assert len(colours) == 12
    # The compare plot's styles agree with the table for the same runs.
    styles = distinct_styles(r.id for r in runs[:3])
    assert all(styles[r.id][0].name() == run_color(r.id).name() for r in runs[:3])


def test_neighbouring_probes_differ_in_colour_and_marker():
    styles = [probe_style(i) for i in range(24)]
    pairs = {(colour.name(), marker) for colour, marker, _ in styles}
    assert len(pairs) == 24
    for (c1, m1, _), (c2, m2, _) in itertools.pairwise(styles):
        assert c1 != c2 and m1 != m2
