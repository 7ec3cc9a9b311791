"""The operating system's, SQLite's and zipfile's own reasons, as they appear inside the engine's sentences.

The engine puts them in as they came: ``exc.strerror`` ("No space left on device"), ``str(exc)``
of an ``OSError`` ("[Errno 28] No space left on device: '/data/x'") or SQLite's message
("database is locked"). The operating system's are known by their errno, so its own wording
(which differs between systems) does not matter; SQLite's by its English text, which is the
same everywhere. A reason not listed here stays as it came.
"""

from __future__ import annotations

import errno
import os
import re

from PySide6.QtCore import QT_TRANSLATE_NOOP

from mlmstudio.gui.i18n import translate

_BY_ERRNO = {
    errno.ENOSPC: QT_TRANSLATE_NOOP("EngineMessages", "No space left on device"),
    errno.EDQUOT: QT_TRANSLATE_NOOP("EngineMessages", "Disk quota exceeded"),
    errno.EACCES: QT_TRANSLATE_NOOP("EngineMessages", "Permission denied"),
    errno.EPERM: QT_TRANSLATE_NOOP("EngineMessages", "Operation not permitted"),
    errno.EROFS: QT_TRANSLATE_NOOP("EngineMessages", "Read-only file system"),
    errno.ENOENT: QT_TRANSLATE_NOOP("EngineMessages", "No such file or directory"),
    errno.EEXIST: QT_TRANSLATE_NOOP("EngineMessages", "File exists"),
    errno.EISDIR: QT_TRANSLATE_NOOP("EngineMessages", "Is a directory"),
    errno.ENOTDIR: QT_TRANSLATE_NOOP("EngineMessages", "Not a directory"),
    errno.ENOTEMPTY: QT_TRANSLATE_NOOP("EngineMessages", "Directory not empty"),
    errno.EIO: QT_TRANSLATE_NOOP("EngineMessages", "Input/output error"),
    errno.ENAMETOOLONG: QT_TRANSLATE_NOOP("EngineMessages", "File name too long"),
    errno.EBUSY: QT_TRANSLATE_NOOP("EngineMessages", "Device or resource busy"),
    errno.EFBIG: QT_TRANSLATE_NOOP("EngineMessages", "File too large"),
    errno.EMFILE: QT_TRANSLATE_NOOP("EngineMessages", "Too many open files"),
    errno.ELOOP: QT_TRANSLATE_NOOP("EngineMessages", "Too many levels of symbolic links"),
}
# This system's own wording of each (strerror), and the usual Linux one where it differs.
_ERRNO_OF_TEXT = {os.strerror(code): code for code in _BY_ERRNO} | {
    "Permission denied": errno.EACCES,
    "Read-only file system": errno.EROFS,
    "No space left on device": errno.ENOSPC,
}

_SQLITE = {
    "database is locked": QT_TRANSLATE_NOOP("EngineMessages", "database is locked"),
    "database table is locked": QT_TRANSLATE_NOOP("EngineMessages", "database table is locked"),
    "disk I/O error": QT_TRANSLATE_NOOP("EngineMessages", "disk I/O error"),
    "database disk image is malformed": QT_TRANSLATE_NOOP(
        "EngineMessages", "database disk image is malformed"
    ),
    "attempt to write a readonly database": QT_TRANSLATE_NOOP(
        "EngineMessages", "attempt to write a readonly database"
    ),
    "unable to open database file": QT_TRANSLATE_NOOP("EngineMessages", "unable to open database file"),
    "file is not a database": QT_TRANSLATE_NOOP("EngineMessages", "file is not a database"),
    "database or disk is full": QT_TRANSLATE_NOOP("EngineMessages", "database or disk is full"),
}

# Python's zipfile, whose words a damaged .mlmrun bundle's sentence carries.
_ZIPFILE = {
    "File is not a zip file": QT_TRANSLATE_NOOP("EngineMessages", "File is not a zip file"),
    "Truncated file header": QT_TRANSLATE_NOOP("EngineMessages", "Truncated file header"),
    "Bad magic number for file header": QT_TRANSLATE_NOOP(
        "EngineMessages", "Bad magic number for file header"
    ),
}

# str() of an OSError: "[Errno 28] No space left on device", then ": 'path'" (and " -> 'other'").
_OS_ERROR = re.compile(r"\[Errno (?P<code>\d+)\] (?P<text>.+?)(?P<rest>: '.*)?", re.DOTALL)


def in_language(reason: str) -> str | None:
    """The operating system's, SQLite's or zipfile's ``reason`` in the user's language, or None if unknown."""
    if reason in _SQLITE:
        return translate("EngineMessages", _SQLITE[reason])
    if reason in _ZIPFILE:
        return translate("EngineMessages", _ZIPFILE[reason])
    if reason in _ERRNO_OF_TEXT:
        return translate("EngineMessages", _BY_ERRNO[_ERRNO_OF_TEXT[reason]])
    found = _OS_ERROR.fullmatch(reason)
    if found is None:
        return None
    code = int(found["code"])
    if code not in _BY_ERRNO:
        return None
    return f"[Errno {code}] {translate('EngineMessages', _BY_ERRNO[code])}{found['rest'] or ''}"
