"""How the user starts MLM Studio here, for every message that tells them what to type.

A hint such as "see 'mlmstudio runs list'" is right after a pip install or
``scripts/setup.sh``, where ``mlmstudio`` is a console script on the PATH. Inside
the desktop bundle (PyInstaller sets ``sys.frozen`` and ``sys._MEIPASS``) there is
no such command and no ``scripts/setup.sh``: the user runs the bundle's launcher,
``./mlmstudio`` from its folder, or by its path from anywhere else. A ``.deb``
links ``/usr/bin/mlmstudio`` to the launcher, so there the plain name is right
again. Every message that names a command or a way to reinstall builds it here,
so the hints are right in each of these places. No torch, no Qt: every layer may
use it.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path

NAME = "mlmstudio"


def is_frozen() -> bool:
    """Whether this process is the PyInstaller bundle's launcher rather than a Python install."""
    return bool(getattr(sys, "frozen", False)) and hasattr(sys, "_MEIPASS")


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def program() -> str:
    """What to type in a shell to run MLM Studio: ``mlmstudio``, ``./mlmstudio`` or the launcher's path."""
    if not is_frozen():
        return NAME
    launcher = Path(sys.executable)
    on_path = shutil.which(NAME)
    if on_path is not None and _same_file(Path(on_path), launcher):
        return NAME  # the .deb's /usr/bin/mlmstudio, or the user's own link on the PATH
    try:
        here = Path.cwd()
    except OSError:  # the working folder was deleted
        here = None
    if here is not None and _same_file(here, launcher.parent):
        return f"./{launcher.name}"
    return shlex.quote(os.fspath(launcher))


def command(arguments: str) -> str:
    """A command line to show the user: ``command("runs list")`` is ``mlmstudio runs list`` or ``./mlmstudio runs list``."""
    return f"{program()} {arguments}" if arguments else program()


def reinstall_advice(what: str = "MLM Studio") -> str:
    """What to do when a library the program needs is missing or broken, said for how it was installed."""
    if is_frozen():
        return (
            f"The bundle is damaged: unpack the MLM Studio archive again into a new folder "
            f"(or reinstall the .deb), then run {command('doctor')}."
        )
    return f"Run scripts/setup.sh again, or reinstall {what} in this Python (see README.md, 'Install')."


def optional_package_advice(package: str) -> str:
    """How to add an optional package (``jieba``), said for how MLM Studio was installed."""
    if is_frozen():
        return f"the desktop bundle does not hold {package}; a pip install of MLM Studio can add it"
    return f"pip install {package}"
