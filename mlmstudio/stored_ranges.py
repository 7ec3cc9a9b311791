"""The ranges numbers are stored in, so a number read from a file is checked against them.

SQLite's INTEGER is a 64-bit signed integer: a curve step of 10^20 read from a
``curves.csv`` ended in ``OverflowError: Python int too large to convert to
SQLite INTEGER``. Readers of files (curves, metrics, checkpoint names) check
their numbers here and name the file and line; the history's own listener
(``store/int_range.py``) refuses whatever still gets through with a sentence.
No imports: every layer may use it.
"""

from __future__ import annotations

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1


def int_fits(value: int) -> bool:
    """Whether ``value`` fits a SQLite INTEGER (64-bit signed)."""
    return INT64_MIN <= value <= INT64_MAX
