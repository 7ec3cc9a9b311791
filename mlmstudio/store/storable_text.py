"""Every text the history stores is text UTF-8 can hold, whatever bytes a file name had.

A file named in bytes that are not UTF-8 (a Latin-1 ``café.txt`` from a USB
stick) reaches Python with lone surrogates (PEP 383). It opens the file, but
SQLite cannot store it: a corpus source, a queue item's corpus, an output
folder ended in ``UnicodeEncodeError: surrogates not allowed``. Instead of a
check at each of those doors, one listener rewrites such a parameter, for
every statement, into its printable form (``caf\\xe9.txt``, see
``unicode_text.storable``): the history shows the name; the run's config JSON
(``ensure_ascii``) keeps the exact one. Importing this module installs it.
"""

from __future__ import annotations

from sqlalchemy import event
from sqlalchemy.engine import Engine

from mlmstudio.unicode_text import is_text, storable


def _clean(value):
    return storable(value) if isinstance(value, str) and not is_text(value) else value


def _clean_row(params):
    if isinstance(params, dict):
        return {k: _clean(v) for k, v in params.items()}
    if isinstance(params, (list, tuple)):
        return type(params)(_clean(v) for v in params)
    return params


def _needs_cleaning(params) -> bool:
    values = params.values() if isinstance(params, dict) else params
    return any(isinstance(v, str) and not is_text(v) for v in values)


@event.listens_for(Engine, "before_cursor_execute", retval=True)
def _storable_parameters(conn, cursor, statement, parameters, context, executemany):
    if not parameters:
        return statement, parameters
    if executemany:
        if any(_needs_cleaning(row) for row in parameters if isinstance(row, (dict, list, tuple))):
            parameters = type(parameters)(_clean_row(row) for row in parameters)
    elif isinstance(parameters, (dict, list, tuple)) and _needs_cleaning(parameters):
        parameters = _clean_row(parameters)
    return statement, parameters
