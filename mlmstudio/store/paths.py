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


def data_dir(override: str | Path | None = None) -> Path:
    """The data directory, created if missing."""
    if override is not None and str(override).strip():
        path = Path(override).expanduser()
    elif os.environ.get(ENV_VAR, "").strip():
        path = Path(os.environ[ENV_VAR]).expanduser()
    else:
        path = Path(platformdirs.user_data_dir("mlmstudio", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path.resolve()


def database_path(directory: Path) -> Path:
    return directory / DATABASE_FILENAME


def runs_root(directory: Path) -> Path:
    return directory / RUNS_DIRNAME
