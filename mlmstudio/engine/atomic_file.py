"""One file written whole or not at all: a temporary sibling, synced, then renamed over it.

Everything MLM Studio keeps (a model's config and tokenizer, an export's cards, the
step-time cache, a capsule's scripts, a run's curve and probe files) goes through
here, so a crash or a full disk mid-write leaves the previous file or the new one,
never half of either. Only the standard library is imported: the command line's
light commands and the store write files without loading torch (the weights'
writer, ``artifacts.atomic_save_safetensors``, builds on ``atomic_write_with``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mlmstudio.engine.atomic_folder import file_written, fsync_dir
from mlmstudio.engine.temp_files import temp_file

PathLike = str | os.PathLike


def atomic_write_bytes(path: PathLike, data: bytes, *, mode: int | None = None) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and a rename.

    ``mode`` (0o755 for a script) is set on the temporary file, so the file never
    appears under its name without it; by default it gets the usual 0666 less the umask.
    """
    atomic_write_with(path, fill=lambda handle: handle.write(data), mode=mode)


def atomic_write_text(path: PathLike, text: str, *, mode: int | None = None) -> None:
    atomic_write_bytes(path, text.encode("utf-8"), mode=mode)


def atomic_write_with(
    path: PathLike,
    fill: Callable[[Any], Any] | None = None,
    fill_by_name: Callable[[Path], Any] | None = None,
    mode: int | None = None,
) -> None:
    """A temporary file in ``path``'s folder, written by ``fill(handle)`` or by ``fill_by_name(its
    name)`` (which may replace the file: its mode is set back), synced and renamed to ``path``.

    An ``OSError`` names ``path`` (the file the user knows), never the temporary name.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    # Not mkstemp: its 0600 would survive the rename, and a shared export must be readable (temp_files.py).
    fd, tmp = temp_file(path.parent, prefix=f".{path.name}.")
    try:
        if mode is not None:
            os.chmod(tmp, mode)
        kept_mode = os.fstat(fd).st_mode & 0o7777
        if fill_by_name is not None:
            os.close(fd)
            fill_by_name(tmp)
            os.chmod(tmp, kept_mode)  # safetensors writes its own file and renames it here, 0600
            fd = os.open(tmp, os.O_RDWR | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "r+b" if fill_by_name is not None else "wb") as f:
            if fill is not None:
                fill(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        if isinstance(exc, OSError) and exc.errno is not None:  # name the file the user knows, not our temp
            raise OSError(exc.errno, exc.strerror, str(path)) from None
        raise
    fsync_dir(path.parent)
    file_written(path)  # a file boundary: where the tests inject a kill (engine/atomic_folder.py)
