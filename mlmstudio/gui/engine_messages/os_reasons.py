"""The operating system's and SQLite's own reasons, as they appear inside the engine's sentences."""

from __future__ import annotations

SENTENCES: tuple[tuple[str, str], ...] = ()
