"""No number beyond SQLite's 64-bit INTEGER reaches the history: a sentence instead of OverflowError.

The readers of files check their numbers first and name the file and line
(``stored_ranges``); this listener is the backstop for every other door (a
bundle, a capsule's folder, a checkpoint's name): the statement is refused
with a ``StoreError`` naming the number, and its transaction writes nothing.
Importing this module installs it (``models.py`` does).
"""

from __future__ import annotations

from sqlalchemy import event
from sqlalchemy.engine import Engine

from mlmstudio.store.errors import StoreError
from mlmstudio.stored_ranges import INT64_MAX, int_fits


class NumberOutOfRangeError(StoreError):
    """A whole number too large for the history (beyond 64-bit signed)."""


def _too_large(values) -> int | None:
    for value in values.values() if isinstance(values, dict) else values:
        if isinstance(value, int) and not isinstance(value, bool) and not int_fits(value):
            return value
    return None


@event.listens_for(Engine, "before_cursor_execute")
def _refuse_numbers_out_of_range(conn, cursor, statement, parameters, context, executemany):
    rows = parameters if executemany else [parameters]
    for row in rows or ():
        if isinstance(row, (dict, list, tuple)):
            value = _too_large(row)
            if value is not None:
                shown = (
                    str(value) if len(str(value)) <= 30 else f"{str(value)[:12]}...({len(str(value))} digits)"
                )
                raise NumberOutOfRangeError(
                    f"The number {shown} is larger than the history can store (at most {INT64_MAX}); "
                    "the file it was read from is damaged or was not written by MLM Studio. "
                    "Nothing was recorded."
                )
