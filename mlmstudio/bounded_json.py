"""Reading JSON a user handed us, with limits on its size and its nesting.

``json.loads`` has neither: ``--config /dev/urandom`` would read until memory
runs out, and ten thousand nested brackets end in a ``RecursionError``. Every
JSON file MLM Studio reads from outside (run configurations, model folders,
bundles) goes through here, so each reader states how big its file may be.
No torch, no Qt: the config layer uses it too.
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

MAX_CONFIG_BYTES = 1_000_000  # a run configuration is about 1 kB
MAX_DEPTH = 32  # our JSON files nest 3 levels; anything deeper is not ours

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


class JSONLimitError(ValueError):
    """The JSON is unreadable, too large or too deep; the message completes "The file ..."."""


def read_text(path: str | os.PathLike, *, max_bytes: int = MAX_CONFIG_BYTES) -> str:
    """The UTF-8 text of ``path``, reading at most ``max_bytes`` (+1 to notice more).

    Raises ``OSError`` when the file cannot be opened and ``JSONLimitError``
    when it is larger than ``max_bytes`` or not UTF-8 text.
    """
    with open(path, "rb") as f:
        data = f.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise JSONLimitError(f"is larger than {_size(max_bytes)}, far more than a file of this kind holds")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise JSONLimitError(f"is not UTF-8 text (byte {exc.start})") from exc


def loads(text: str | bytes, *, max_depth: int = MAX_DEPTH, max_chars: int | None = None) -> Any:
    """``json.loads`` that refuses text nested deeper than ``max_depth`` or longer than ``max_chars``."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JSONLimitError(f"is not UTF-8 text (byte {exc.start})") from exc
    if max_chars is not None and len(text) > max_chars:
        raise JSONLimitError(f"is larger than {_size(max_chars)}, far more than a file of this kind holds")
    depth = nesting_depth(text)
    if depth > max_depth:
        raise JSONLimitError(f"is nested {depth} levels deep; at most {max_depth} are expected")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise JSONLimitError(f"is not valid JSON ({exc.msg} at line {exc.lineno})") from exc
    except (ValueError, RecursionError) as exc:  # e.g. an integer of more than 4300 digits
        raise JSONLimitError(f"is not usable JSON ({exc})") from exc


def nesting_depth(text: str) -> int:
    """The deepest bracket nesting of a JSON text, brackets inside strings not counted."""
    depth = deepest = 0
    for match in _BRACKETS.finditer(_STRINGS.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _size(n: int) -> str:
    return f"{n / 1e6:g} MB" if n >= 1_000_000 else f"{n / 1e3:g} kB"
