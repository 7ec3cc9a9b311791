"""Colours for runs and probes: colour-blind-friendly, far apart, and unique among the runs shown.

A run keeps its colour wherever it is drawn (the History table, Explore's run list, the compare
plot, the probe plot). The window's one run list (``gui/run_list.py``) hands every listing to
``assign_run_colours``, oldest run first: each run starts from a hash of its id and moves to the
next colour no older run holds. So up to twelve runs never share a colour, a new run never changes
an older run's colour, and past twelve the line style (dash) tells runs apart.

The twelve colours are Paul Tol's (bright, muted, vibrant and high-contrast schemes,
https://personal.sron.nl/~pault/), the subset of them whose smallest pairwise CIELAB distance is
largest (ΔE76 25.5) among those of lightness 30-80, readable on light and dark backgrounds alike.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

PALETTE: tuple[str, ...] = (
    "#4477AA",  # blue
    "#EE7733",  # orange
    "#228833",  # green
    "#EE3377",  # magenta
    "#33BBEE",  # cyan
    "#999933",  # olive
    "#AA4499",  # purple
    "#44AA99",  # teal
    "#CC6677",  # rose
    "#DDAA33",  # yellow
    "#882255",  # wine
    "#BBBBBB",  # grey
)

# Once every colour is taken, the line style tells runs apart.
LINE_STYLES: tuple[Qt.PenStyle, ...] = (
    Qt.PenStyle.SolidLine,
    Qt.PenStyle.DashLine,
    Qt.PenStyle.DotLine,
    Qt.PenStyle.DashDotLine,
)

# pyqtgraph symbol names; probe lines differ by marker as well as colour.
MARKERS: tuple[str, ...] = ("o", "s", "t", "d", "+", "x", "star", "t1")

_STYLES = len(PALETTE) * len(LINE_STYLES)
_assigned: dict[str, int] = {}  # run id -> slot (colour + style) of the last listing


def _hashed_slot(run_id: str) -> int:
    # hashlib, not hash(): Python salts str hashes per process, and colours must
    # stay the same from one launch of the app to the next.
    digest = hashlib.sha1(run_id.encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "big") % len(PALETTE)


def _free_slot(start: int, taken: set[int]) -> int:
    """The first (colour, style) slot from ``start`` that nobody holds; colours before dashes."""
    for attempt in range(_STYLES):
        slot = (start + attempt) % len(PALETTE) + (attempt // len(PALETTE)) * len(PALETTE)
        if slot not in taken:
            return slot
    return start  # more runs than colour-and-style pairs: share


def _style_of(slot: int) -> tuple[QColor, Qt.PenStyle]:
    return QColor(PALETTE[slot % len(PALETTE)]), LINE_STYLES[(slot // len(PALETTE)) % len(LINE_STYLES)]


def assign_run_colours(run_ids_oldest_first: Iterable[str]) -> None:
    """Give each listed run its slot, oldest first, so the runs shown never share a colour."""
    taken: set[int] = set()
    assigned: dict[str, int] = {}
    for run_id in run_ids_oldest_first:
        run_id = str(run_id)
        if run_id in assigned:
            continue
        slot = _free_slot(_hashed_slot(run_id), taken)
        taken.add(slot)
        assigned[run_id] = slot
    _assigned.clear()
    _assigned.update(assigned)


def run_style(run_id: str) -> tuple[QColor, Qt.PenStyle]:
    """The run's colour and line style, the same in every view."""
    return _style_of(_assigned.get(str(run_id), _hashed_slot(str(run_id))))


def run_color(run_id: str) -> QColor:
    """The run's own colour, the same in every view and every session."""
    return run_style(run_id)[0]


def distinct_styles(run_ids: Iterable[str]) -> dict[str, tuple[QColor, Qt.PenStyle]]:
    """A colour and line style for each run, distinct within this selection.

    Each run keeps its own (listed) style; a run whose style another in the selection already
    holds (a selection of runs from more than twelve) moves to the next free one, in a fixed
    order, so the same selection always looks the same.
    """
    styles: dict[str, tuple[QColor, Qt.PenStyle]] = {}
    taken: set[int] = set()
    for run_id in sorted({str(r) for r in run_ids}):
        own = _assigned.get(run_id, _hashed_slot(run_id))
        slot = own if own not in taken else _free_slot(own % len(PALETTE), taken)
        taken.add(slot)
        styles[run_id] = _style_of(slot)
    return styles


def probe_style(index: int) -> tuple[QColor, str, Qt.PenStyle]:
    """The colour, marker and dash of the index-th probe line: neighbours differ in all three.

    Twelve colours and eight markers: no two of the first 24 probes share both colour and marker.
    """
    colour = QColor(PALETTE[index % len(PALETTE)])
    marker = MARKERS[index % len(MARKERS)]
    dash = LINE_STYLES[(index // len(PALETTE)) % len(LINE_STYLES)]
    return colour, marker, dash
