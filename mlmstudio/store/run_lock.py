"""Who owns a run: an OS lock on ``owner.lock`` in its folder, held while a process trains it.

A heartbeat cannot tell a dead trainer from a suspended one (Ctrl+Z, a laptop
lid, a debugger): both stop beating. The lock can. The operating system holds
it for exactly as long as the owning process lives, however long it sleeps,
and releases it when the process dies in any way, SIGKILL included. So:
- a run whose lock is held is alive, whatever its heartbeat says;
- a running run whose lock is free has lost its process: it is interrupted;
- training, resuming and deleting a run take the lock first, so two writers
  on one run are impossible, also across processes.
``flock`` on POSIX, ``msvcrt.locking`` on Windows. Locks are per open file, so
a second open in the owning process sees the lock as held too.
"""

from __future__ import annotations

import logging
import os
from datetime import datetime
from pathlib import Path

from mlmstudio.engine.run_files import RunFolder

log = logging.getLogger(__name__)

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt


class RunLock:
    """The exclusive lock on one run folder; ``acquire()`` is non-blocking."""

    def __init__(self, run_dir: Path) -> None:
        self.path = RunFolder(run_dir).lock
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock; False when another open file (in any process) holds it."""
        if self._fd is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            _lock(fd)
        except OSError:
            os.close(fd)
            return False
        self._fd = fd
        try:  # for people reading the folder; liveness never depends on it
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass
        return True

    def acquire_setting_aside(self, root: Path) -> bool:
        """``acquire()``, after setting aside what stands in its way below ``root``.

        For the locks of shared folders (a queue item's, a sweep's): a file where the lock's
        folder belongs, or a folder named like the lock file, makes every acquire fail with an
        OSError. Those names are ours and a lock holds no data, so such a thing is renamed
        ``NAME.damaged-DATE`` (with a warning) and the lock taken; a failure after that raises.
        """
        try:
            return self.acquire()
        except OSError:
            if clear_the_way(self.path, Path(root)) is None:
                raise
        return self.acquire()

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            _unlock(fd)
        except OSError:
            pass
        os.close(fd)

    def __enter__(self) -> RunLock:
        return self

    def __exit__(self, *exc_info) -> None:
        self.release()


def clear_the_way(path: Path, root: Path, *, is_file: bool = True) -> Path | None:
    """Rename the first thing of the wrong kind between ``root`` and ``path`` (a file where a folder
    belongs, a folder where the file ``path`` does) to ``NAME.damaged-DATE``; where it went, or None.

    Only for paths of our own naming that hold no data of their own (locks, a sweep's folder).
    """
    blocker = _blocker(path, root, is_file=is_file)
    if blocker is None:
        return None
    aside = blocker.with_name(f"{blocker.name}.damaged-{datetime.now().strftime('%Y%m%d-%H%M%S')}")
    os.replace(blocker, aside)
    log.warning("%s stood where %s belongs; it is kept as %s.", blocker, path, aside.name)
    return aside


def _blocker(lock_path: Path, root: Path, *, is_file: bool = True) -> Path | None:
    """The first thing of the wrong kind on the way from ``root`` down to ``lock_path``."""
    try:
        parts = lock_path.relative_to(root).parts
    except ValueError:
        return None
    path = root
    for index, part in enumerate(parts):
        path = path / part
        last = is_file and index == len(parts) - 1
        if path.is_symlink() or (path.exists() and (path.is_dir() if last else not path.is_dir())):
            return path
    return None


def owner_alive(run_dir: Path) -> bool | None:
    """Whether a live process holds the run's lock; None when the run has no lock file."""
    lock = RunLock(run_dir)
    if not lock.path.is_file():
        return None
    try:
        if lock.acquire():
            lock.release()
            return False
    except OSError:
        log.debug("Cannot test the lock of %s", run_dir, exc_info=True)
        return None
    return True


def _lock(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    else:  # pragma: no cover - Windows
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)


def _unlock(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_UN)
    else:  # pragma: no cover - Windows
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
