"""Temporary files and folders that become what the user shares, made with ordinary modes.

Everything MLM Studio writes goes to a temporary name first and is renamed into
place. ``tempfile.mkstemp`` and ``mkdtemp`` make their files 0600 and folders 0700
(they guard secrets in a shared /tmp), and the rename keeps the mode: an exported
model or a run folder a teacher shares with a class was unreadable to everyone
else. These create the same unguessable sibling names with the modes ``open`` and
``mkdir`` give by default (0666 and 0777 less the umask: 0644 and 0755 under the
usual 022, still private under 077).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

_ATTEMPTS = 100  # a clash of 64 random bits is never expected; the bound keeps a loop finite


def temp_file(folder: Path, prefix: str, suffix: str = ".tmp") -> tuple[int, Path]:
    """Create a new empty file ``folder/PREFIX<random>SUFFIX``; its descriptor (open for writing) and path."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(_ATTEMPTS):
        path = folder / f"{prefix}{secrets.token_hex(8)}{suffix}"
        try:
            return os.open(path, flags, 0o666), path
        except FileExistsError:
            continue
    raise FileExistsError(17, "No free temporary name", str(folder))


def temp_folder(parent: Path, prefix: str, suffix: str = "") -> Path:
    """Create a new empty folder ``parent/PREFIX<random>SUFFIX`` and return it."""
    for _ in range(_ATTEMPTS):
        path = parent / f"{prefix}{secrets.token_hex(8)}{suffix}"
        try:
            path.mkdir()
            return path
        except FileExistsError:
            continue
    raise FileExistsError(17, "No free temporary name", str(parent))
