"""A produced folder appears whole or not at all: written beside its place, then renamed into it.

Every file is written with a temporary file and a rename, but a folder of
several files was not: an export killed between its weights and its
``config.json`` left a folder that looked like an export and did not load.
``atomic_folder(target)`` hands the caller a sibling temporary folder
(``.NAME.partial-ID``); when the caller's block ends without an error it is
renamed ``.NAME.ready-ID`` (the commit point: it is complete), the old folder,
if any, is moved aside (``.NAME.old-ID``), the ready one takes its place, and
the old one is deleted. An error removes the partial folder; the old one
stays as it was.

A kill can stop this at any moment. What it leaves carries our own names, and
``recover_leftovers(target)`` (run by the next ``atomic_folder`` on the same
place, and by whoever wants to look) finishes it: a partial folder is removed
(the old state stands), a ready one is moved into place if the place is free
(the new state), an old one beside a present target is removed. Each step it
takes comes back as a note for the user.

``after_each_file`` is the fault-injection point of the tests: ``atomic_write_bytes``
calls it after every file it writes, so a test can stop a write at each file
boundary without timing anything.
"""

from __future__ import annotations

import logging
import os
import shutil
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger(__name__)

PARTIAL, READY, OLD = "partial", "ready", "old"

# Called with each file's path once atomic_write_bytes has renamed it into place (tests only).
after_each_file: Callable[[Path], None] | None = None


def file_written(path: Path) -> None:
    """A file boundary (a file written, a folder renamed): the fault-injection hook, when set."""
    if after_each_file is not None:
        after_each_file(path)


def _sibling(target: Path, kind: str, token: str) -> Path:
    return target.parent / f".{target.name}.{kind}-{token}"


def _leftovers(target: Path, kind: str) -> list[Path]:
    prefix = f".{target.name}.{kind}-"
    try:
        return sorted(p for p in target.parent.iterdir() if p.name.startswith(prefix) and p.is_dir())
    except OSError:
        return []


def recover_leftovers(target: str | os.PathLike) -> list[str]:
    """Finish or undo what an interrupted ``atomic_folder`` on ``target`` left; a note per step."""
    target = Path(target)
    notes: list[str] = []
    for partial in _leftovers(target, PARTIAL):
        shutil.rmtree(partial, ignore_errors=True)
        notes.append(
            f"removed {partial.name}, an unfinished copy of {target.name} left by an interrupted write"
        )
    for ready in _leftovers(target, READY):
        if not target.exists():
            os.replace(ready, target)
            notes.append(f"finished an interrupted write: the complete {target.name} was moved into place")
        else:
            shutil.rmtree(ready, ignore_errors=True)
            notes.append(f"removed {ready.name}, a copy of {target.name} that a later write replaced")
    for old in _leftovers(target, OLD):
        if target.exists():
            _remove_tree(old)
            notes.append(f"removed {old.name}, the replaced {target.name} an interrupted write left")
        else:  # nothing took its place: the old state comes back
            os.replace(old, target)
            notes.append(f"put back {target.name}: an interrupted write had moved it aside")
    for note in notes:
        log.warning("%s", note)
    return notes


@contextmanager
def atomic_folder(
    target: str | os.PathLike,
    *,
    replaceable: Callable[[Path], bool] | None = None,
    notes: list[str] | None = None,
) -> Iterator[Path]:
    """Yield an empty sibling folder to fill; it becomes ``target`` whole when the block succeeds.

    An existing ``target`` is replaced only if ``replaceable(target)`` says it may be (the
    caller's ``--overwrite``, and what it holds); otherwise ``FileExistsError``. Notes about
    leftovers cleaned first are appended to ``notes``.
    """
    target = Path(target)
    cleaned: list[str] = []
    if target.is_symlink() and target.is_dir():  # the user's link to a folder: write into that folder
        cleaned = recover_leftovers(target)  # (an older version moved the link itself aside)
        target = target.resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    cleaned += recover_leftovers(target)
    if notes is not None:
        notes.extend(cleaned)
    if target.exists() and not (replaceable is not None and replaceable(target)):
        raise FileExistsError(17, "The folder exists and may not be replaced", str(target))
    token = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
    partial = _sibling(target, PARTIAL, token)
    partial.mkdir()
    try:
        yield partial
    except BaseException:
        _discard(partial)  # the old folder stays as it was
        raise
    ready = _sibling(target, READY, token)
    os.replace(partial, ready)  # the commit point: from here on the new folder is the outcome
    fsync_dir(target.parent)
    file_written(ready)
    old = _sibling(target, OLD, token)
    if target.exists():
        os.replace(target, old)
        file_written(old)
    os.replace(ready, target)
    fsync_dir(target.parent)
    file_written(target)
    _discard(old)


def carry_over(old: Path, staging: Path, *, ours: set[str]) -> None:
    """Into the new folder, the old one's entries that are not ``ours`` (the user's own files):
    an overwrite replaces what we write and keeps the rest. Hard links where possible."""
    if not old.is_dir():
        return
    for entry in os.scandir(old):
        if entry.name in ours or entry.name.startswith(f".{old.name}."):
            continue
        source, copy = Path(entry.path), staging / entry.name
        if entry.is_dir(follow_symlinks=False):
            shutil.copytree(source, copy, symlinks=True, copy_function=_link_or_copy)
        else:
            _link_or_copy(source, copy)


def _link_or_copy(source, copy) -> None:
    """A hard link where the file system has them (no second copy of a big file), else a copy."""
    if Path(source).is_symlink():
        shutil.copy2(source, copy, follow_symlinks=False)
        return
    try:
        os.link(source, copy)
    except OSError:
        shutil.copy2(source, copy)


def _discard(folder: Path) -> None:
    """Remove one of our temporary folders (a kill skips this; recover_leftovers does it then)."""
    _remove_tree(folder)


def _remove_tree(folder: Path) -> None:
    if folder.is_symlink():  # rmtree refuses a link (silently, with ignore_errors): it stayed
        folder.unlink(missing_ok=True)
    else:
        shutil.rmtree(folder, ignore_errors=True)


def fsync_dir(folder: Path) -> None:
    """Make renames into ``folder`` durable (POSIX); a no-op where folders cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
