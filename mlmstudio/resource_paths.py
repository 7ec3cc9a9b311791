"""Where MLM Studio's shipped files are: the app icon, the page icons, the desktop entry.

They live in ``resources/`` at the top of the repository and are installed as
the package ``mlmstudio.resources`` (see setup.py), so ``importlib.resources``
finds them the same way in an editable install, a wheel and the PyInstaller
bundle. Qt and desktop tools want real file paths, so these functions return
``Path`` objects; every install we make keeps the files on disk (no zip import).
No Qt here: the GUI turns the paths into icons.
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path
from typing import cast

APP_ID = "io.github.mlmstudio.MLMStudio"
"""Reverse-DNS id: the desktop entry's and metainfo's name, and the icon's name."""

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
"""The sizes, in pixels, of the app icon's PNGs (resources/render_icons.sh makes them)."""

PAGE_NAMES = ("corpus", "setup", "train", "explore", "history", "sweep", "queue")


def resources_dir() -> Path:
    """The folder that holds the shipped files (``resources/`` of the source tree when editable)."""
    # A package on disk (every install we make): its Traversable is a PathLike.
    return Path(os.fspath(cast("os.PathLike[str]", files("mlmstudio.resources"))))


def resource_path(*parts: str) -> Path:
    """A shipped file by its path inside ``resources/``; raises FileNotFoundError if it is missing."""
    path = resources_dir().joinpath(*parts)
    if not path.exists():
        raise FileNotFoundError(
            f"MLM Studio's file {'/'.join(parts)} is missing from {resources_dir()}; reinstall MLM Studio."
        )
    return path


def app_icon_svg() -> Path:
    """The scalable app icon."""
    return resource_path("icons", "hicolor", "scalable", "apps", f"{APP_ID}.svg")


def app_icon_png(size: int) -> Path:
    """The app icon rendered at ``size`` pixels (one of ICON_SIZES)."""
    if size not in ICON_SIZES:
        raise ValueError(f"There is no {size} px app icon; the sizes are {', '.join(map(str, ICON_SIZES))}.")
    return resource_path("icons", "hicolor", f"{size}x{size}", "apps", f"{APP_ID}.png")


def page_icon(page: str) -> Path:
    """The icon of a main-window page ("corpus", "setup", "train", "explore" or "history")."""
    if page not in PAGE_NAMES:
        raise ValueError(f"There is no page called {page!r}; the pages are {', '.join(PAGE_NAMES)}.")
    return resource_path("icons", "pages", f"{page}.svg")


def desktop_entry() -> Path:
    """The freedesktop.org .desktop entry (its Exec line runs ``mlmstudio`` from PATH)."""
    return resource_path(f"{APP_ID}.desktop")


def metainfo() -> Path:
    """The AppStream metainfo that software centres read."""
    return resource_path(f"{APP_ID}.metainfo.xml")


def grammar_file(name: str) -> Path:
    """A shipped grammar file (``blimp-en.jsonl``, ``lexicon-en.json``; resources/grammar/README.md)."""
    return resource_path("grammar", name)
