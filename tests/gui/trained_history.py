"""A history with two really trained tiny runs, trained once per test session.

Training is the slow part of the Explore and History tests, so it happens once:
the first test that asks trains two runs through the store (exactly as the app
does) into a template data directory. Every test then gets its own copy of
that directory as its MLMSTUDIO_HOME, so tests can rename, delete and import
without affecting each other.

The two runs differ in architecture and masking rate, so a comparison has
something to show and one of them (``seed``) can be exported to Hugging Face.
"""

from __future__ import annotations

import atexit
import dataclasses
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mlmstudio.config import RunConfig

STEPS = 30


@dataclass(frozen=True)
class TrainedHistory:
    data_dir: Path  # the template; copy it, never change it
    modern_id: str  # arch modern, 30% masking
    seed_id: str  # arch seed (exportable to Hugging Face), 15% masking


_template: TrainedHistory | None = None


def trained_history(make_config: Callable[..., RunConfig]) -> TrainedHistory:
    """Train the two runs on the first call; later calls return the same template."""
    global _template
    if _template is None:
        _template = _train(make_config)
    return _template


def _train(make_config: Callable[..., RunConfig]) -> TrainedHistory:
    from mlmstudio.engine.corpus import load_corpus
    from mlmstudio.store import lifecycle
    from mlmstudio.store.database import Database

    data_dir = Path(tempfile.mkdtemp(prefix="mlmstudio-gui-template-"))
    atexit.register(shutil.rmtree, data_dir, ignore_errors=True)
    db = Database.open(data_dir)
    corpus = load_corpus("sample:facts")
    ids = []
    for name, arch, rate in (("modern 30%", "modern", 0.30), ("seed 15%", "seed", 0.15)):
        base = make_config(steps=STEPS)
        config = dataclasses.replace(
            base,
            model=dataclasses.replace(base.model, arch=arch),
            masking=dataclasses.replace(base.masking, mlm_probability=rate),
        )
        handle = lifecycle.prepare_run(db, config, corpus, name=name)
        result = lifecycle.run_recorded(db, handle, corpus.text)
        assert result.status == "completed", result.message
        ids.append(handle.run_id)
    db.close()  # checkpoints the WAL, so copying history.sqlite3 copies everything
    return TrainedHistory(data_dir, ids[0], ids[1])


def copy_history(template: TrainedHistory, home: Path) -> None:
    """Give a test its own copy of the trained history."""
    shutil.copytree(template.data_dir, home, dirs_exist_ok=True)


def window_on_history(qtbot, db, runs: int = 2):
    """The main window on ``db``, shown on History once its ``runs`` runs are listed."""
    from mlmstudio.gui.main_window import PAGES, MainWindow
    from mlmstudio.gui.settings import AppSettings

    window = MainWindow(db, AppSettings())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.runs.wait_idle()
    window.show_page(PAGES.index("History"))
    qtbot.waitUntil(lambda: window.history_page.run_count() == runs, timeout=30_000)
    return window
