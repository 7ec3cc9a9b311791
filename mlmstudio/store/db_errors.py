"""What is wrong with the history database, in a sentence: its bytes, SQLite's messages.

The lowest store module (``database.py``) needs these answers each time it
opens the file or a session fails, and rebuilding a damaged history
(``history_repair.py``) needs them too. Kept apart, the diagnosis depends on
nothing but the file system, so ``database.py`` sits below the rebuilding and
the run lifecycle instead of importing them.
"""

from __future__ import annotations

import struct
from pathlib import Path

from mlmstudio import command_hint
from mlmstudio.store.errors import StoreError

SQLITE_HEADER = b"SQLite format 3\x00"


class HistoryAccessError(StoreError):
    """SQLite failed (locked, read-only, disk full, damaged); the message says which and what to do."""

    exit_code = 1  # the input was fine; the history could not be read or written


class DamagedHistoryError(HistoryAccessError):
    """The history file is damaged; ``rebuild_history`` can move it aside and rebuild it."""

    def __init__(self, message: str, path: Path, reason: str) -> None:
        super().__init__(message)
        self.path = path
        self.reason = reason


def run_folders(runs_dir: Path) -> list[Path]:
    """Run folders on disk (hidden leftovers of imports and deletes excluded)."""
    if not runs_dir.is_dir():
        return []
    return sorted(p for p in runs_dir.iterdir() if p.is_dir() and not p.name.startswith("."))


def damage_before_open(db_file: Path, runs_dir: Path) -> str | None:
    """What is wrong with ``db_file`` as seen from its bytes, before SQLite touches it; None if nothing.

    A zero-byte file is only a problem when run folders exist: then an empty
    history would silently forget them.
    """
    if db_file.is_dir():  # SQLite would only say "unable to open", as if it were a permission
        return "it is a folder, not a file"
    try:
        size = db_file.stat().st_size
    except FileNotFoundError:
        return None
    except OSError:
        return None  # unreadable: let SQLite say why (permissions)
    if size == 0:
        folders = run_folders(runs_dir)
        if folders:
            return (
                f"it is empty (0 bytes), while {len(folders)} run folder"
                f"{'s' if len(folders) != 1 else ''} exist in {runs_dir}"
            )
        return None
    try:
        with open(db_file, "rb") as f:
            header = f.read(100)
    except OSError:
        return None
    if not header.startswith(SQLITE_HEADER):
        return "it is not an SQLite database (its first bytes are something else)"
    if len(header) < 100:
        return f"it is cut short ({size} bytes, less than an SQLite header)"
    page_size = struct.unpack(">H", header[16:18])[0]
    page_size = 65536 if page_size == 1 else page_size
    pages = struct.unpack(">I", header[28:32])[0]
    wal = Path(f"{db_file}-wal")
    has_wal = wal.exists() and wal.stat().st_size > 0
    if pages and not has_wal and size < pages * page_size:
        return f"it is cut short ({size:,} bytes of the {pages * page_size:,} its header announces)"
    return None


def database_error_kind(exc: BaseException) -> str:
    """'locked', 'disk', 'permission' or 'damaged', from SQLite's own message."""
    text = str(getattr(exc, "orig", None) or exc).lower()
    if "locked" in text or "busy" in text:
        return "locked"
    if "disk is full" in text or "disk i/o" in text:
        return "disk"
    if "readonly" in text or "read-only" in text or "unable to open" in text or "permission" in text:
        return "permission"
    return "damaged"


def describe_database_error(exc: BaseException, db_file: Path) -> HistoryAccessError:
    """A user-facing error for an SQLite failure: what is wrong and what to do, by its kind."""
    detail = str(getattr(exc, "orig", None) or exc).splitlines()[0]
    kind = database_error_kind(exc)
    if kind == "locked":
        return HistoryAccessError(
            f"The run history at {db_file} is busy: another program holds it locked "
            f"({detail}). Try again in a moment, or close the other MLM Studio."
        )
    if kind == "disk":
        return HistoryAccessError(
            f"The run history at {db_file} cannot be written ({detail}). Free some disk space and try again."
        )
    if kind == "permission":
        return HistoryAccessError(
            f"The run history at {db_file} cannot be opened for writing ({detail}). "
            "Check that the folder and the file are writable, or choose another data "
            "directory with --data-dir or MLMSTUDIO_HOME."
        )
    return damaged_error(db_file, f"SQLite reports: {detail}")


def damaged_error(db_file: Path, reason: str) -> DamagedHistoryError:
    return DamagedHistoryError(
        f"The run history at {db_file} is damaged: {reason}. The run folders are not affected. "
        f"'{command_hint.command('runs rebuild-history')}' keeps the damaged file (renamed with a date) and rebuilds the history "
        "from the run folders and whatever the damaged file still holds.",
        db_file,
        reason,
    )
