"""Where we may write: a user's files are never replaced without asking.

Exports and ``train --out`` write into a folder or a file the user named. An
empty name would mean "the current folder"; a folder that already holds files
may hold the user's own ``README.md`` or ``config.json``. Both are refused
before any work is done, and an existing target is only replaced when the
caller says so (``--overwrite`` on the command line, a question in the app).
"""

from __future__ import annotations

import os
from pathlib import Path

from mlmstudio.engine.errors import MLMStudioError

FOLDER_HINT = "Choose a new or empty folder, or allow replacing its files (--overwrite)."
FILE_HINT = "Choose another name, or allow replacing the file (--overwrite)."


class OutputExistsError(MLMStudioError):
    """The target exists and holds something; asking again with ``overwrite=True`` replaces it."""

    def __init__(self, message: str, path: Path) -> None:
        super().__init__(message)
        self.path = path


def check_output_folder(
    path: str | os.PathLike, *, overwrite: bool = False, what: str = "output folder"
) -> Path:
    """``path`` as a folder we may write into: new, empty, or non-empty with ``overwrite``."""
    out = _given(path, what)
    _check_parent(out, what)
    if out.exists() and not out.is_dir():
        raise MLMStudioError(f"The {what} {out} is a file, not a folder. Choose a folder (new or empty).")
    if out.is_dir() and not overwrite:
        try:
            present = sorted(entry.name for entry in os.scandir(out))
        except OSError as exc:
            raise MLMStudioError(
                f"The {what} {out} cannot be read ({exc.strerror or exc}). Choose another folder."
            ) from exc
        if present:
            shown = ", ".join(present[:4]) + (", ..." if len(present) > 4 else "")
            raise OutputExistsError(
                f"The {what} {out} already exists and is not empty ({shown}). {FOLDER_HINT}", out
            )
    return out


def check_output_file(path: str | os.PathLike, *, overwrite: bool = False, what: str = "output file") -> Path:
    """``path`` as a file we may write: new, or existing with ``overwrite``; never a folder."""
    out = _given(path, what)
    _check_parent(out, what)
    if out.is_dir():
        raise MLMStudioError(f"The {what} {out} is a folder. Give a file name.")
    if out.exists() and not out.is_file():  # /dev/null, a pipe: a rename would replace the device itself
        raise MLMStudioError(
            f"The {what} {out} is not a regular file (a device, a pipe or a socket). Give a file name."
        )
    if out.exists() and not overwrite:
        raise OutputExistsError(f"The {what} {out} already exists. {FILE_HINT}", out)
    return out


def check_report_file(
    path: str | os.PathLike, *, overwrite: bool, what: str, suffixes: tuple[str, ...]
) -> Path:
    """A file a command writes its result to, checked before any work: a name with one of
    ``suffixes``, in a folder that exists, never replacing a file unless ``overwrite``."""
    target = check_output_file(path, overwrite=overwrite, what=what)
    if not target.absolute().parent.is_dir():
        raise MLMStudioError(
            f"The folder {target.parent} does not exist. Create it first or choose "
            f"another place for the {what}."
        )
    if target.suffix.lower() not in suffixes:
        raise MLMStudioError(
            f"The {what} needs a file name ending in {' or '.join(suffixes)} (got {os.fspath(path)})."
        )
    return target


def check_outside(
    path: str | os.PathLike, protected: Path, *, what: str = "output folder", owner: str = "the run history"
) -> None:
    """Refuse ``path`` when it is ``protected`` or inside it (an export into a run's own folder
    would replace that run's config.json and weights, whatever ``overwrite`` says)."""
    try:
        out, root = Path(path).expanduser().resolve(), protected.resolve()
    except (OSError, RuntimeError):
        return  # unresolvable: the write itself will say what is wrong
    if out == root or root in out.parents:
        raise MLMStudioError(
            f"The {what} {path} is inside {owner} ({protected}). Choose a folder "
            "outside it: writing there would replace the files of a run."
        )


def _check_parent(out: Path, what: str) -> None:
    """Refuse a path under a file (``notes.txt/model``): no folder can be made there, and finding
    out only after training would leave a recorded run whose model has nowhere to go."""
    for ancestor in out.absolute().parents:
        if ancestor.exists() or ancestor.is_symlink():
            if not ancestor.is_dir():
                raise MLMStudioError(
                    f"The {what} {out} cannot be made: {ancestor} is a file, "
                    "not a folder. Choose a path inside a folder."
                )
            return


def _given(path: str | os.PathLike, what: str) -> Path:
    text = os.fspath(path)
    if not str(text).strip():
        raise MLMStudioError(f"No {what} given (the name is empty). Give the path to write to.")
    return Path(text).expanduser()
