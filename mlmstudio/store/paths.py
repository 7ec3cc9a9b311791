"""Where MLM Studio keeps its data: one SQLite file plus one folder per run.

The data directory is, in order of precedence: an explicit override (the
``--data-dir`` flag), the ``MLMSTUDIO_HOME`` environment variable, or the
platform's user data directory from ``platformdirs``.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

ENV_VAR = "MLMSTUDIO_HOME"
DATABASE_FILENAME = "history.sqlite3"
RUNS_DIRNAME = "runs"


def chosen_data_dir(override: str | Path | None = None) -> tuple[Path, str]:
    """The data directory that applies (not created) and where that choice came from, in words."""
    if override is not None and str(override).strip():
        return Path(override).expanduser(), "--data-dir"
    if os.environ.get(ENV_VAR, "").strip():
        return Path(os.environ[ENV_VAR]).expanduser(), ENV_VAR
    return Path(platformdirs.user_data_dir("mlmstudio", appauthor=False)), "the platform's default"


def data_dir(override: str | Path | None = None) -> Path:
    """The data directory, created if missing."""
    path, _ = chosen_data_dir(override)
    path.mkdir(parents=True, exist_ok=True)
    return path.resolve()


def database_path(directory: Path) -> Path:
    return directory / DATABASE_FILENAME


def runs_root(directory: Path) -> Path:
    return directory / RUNS_DIRNAME
