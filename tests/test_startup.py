"""The window comes first: nothing on the way to it imports the ML stack.

torch alone takes about 2 s to import here, more than the window itself. These
tests run in fresh interpreters (the test process has long imported torch) and
check ``sys.modules``, so they fail the moment any import chain from the app's
window, pages or widgets, or from ``mlmstudio --version``/``--help``, reaches
torch, tokenizers or transformers again (docs/PERFORMANCE.md, "Start-up").
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("torch", "tokenizers", "transformers")
# Not before the first frame either: the pages that plot or show runs bring them, built after it
# (pyqtgraph ~0.15 s, SQLAlchemy ~0.2 s, numpy ~0.08 s here; docs/PERFORMANCE.md, "Cold start").
AFTER_THE_FIRST_FRAME = ("pyqtgraph", "sqlalchemy", "numpy", "alembic", "optuna")

BUILD_WINDOW = r"""
import json, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from mlmstudio.gui import settings
settings.use_settings_dir(sys.argv[2])
import mlmstudio.gui.main_window as main_window
import mlmstudio.gui.open_model_dialog  # File → Open a Model… is built when asked for, but cheap to import
imported = sorted(m for m in HEAVY_SET | LATER_SET if m in sys.modules)

from mlmstudio.gui.app import create_application
from mlmstudio.store.database import Database
app = create_application(["mlmstudio"])
window = main_window.MainWindow(Database.open(sys.argv[1]))
window.show()
# Let the timers that the pages start at construction fire, as they would after a launch.
QTimer.singleShot(300, app.quit)
app.exec()
built = sorted(m for m in HEAVY_SET if m in sys.modules)
loading = window.engine_loading()
window.close()
print(json.dumps({"imported": imported, "built": built, "loading": loading}))
""".replace("HEAVY_SET", repr(set(HEAVY))).replace("LATER_SET", repr(set(AFTER_THE_FIRST_FRAME)))

# The real launch (launcher.main, run_app), stopped at its first frame: which modules are loaded then?
# The window closes at once instead of starting the engine's warm-up, so torch never loads.
AT_FIRST_FRAME = r"""
import json, sys
from PySide6.QtCore import QTimer
import mlmstudio.gui.app as app

seen = {}

def on_shown(callbacks):
    seen["modules"] = sorted(sys.modules)
    window = callbacks.window()
    seen["welcome"] = window.current_page() is window.welcome
    seen["history_pages_built"] = window.train_page is not None
    QTimer.singleShot(0, window, window.close)

app.WindowCallbacks.on_shown = on_shown
from mlmstudio.launcher import main
rc = main([])
print(json.dumps({"rc": rc, **seen}))
"""

VERSION_AND_HELP = r"""
import contextlib, io, json, sys
from mlmstudio.launcher import main
out = {}
for flag in ("--version", "--help"):
    with contextlib.redirect_stdout(io.StringIO()) as text:
        try:
            main([flag])
        except SystemExit as exc:
            out[flag] = exc.code
    out[flag + " text"] = text.getvalue()
out["heavy"] = sorted(m for m in HEAVY_SET if m in sys.modules)
print(json.dumps(out))
""".replace("HEAVY_SET", repr(set(HEAVY)))


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    # The user's settings and data stay untouched: QSettings and platformdirs follow XDG_*.
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        MLMSTUDIO_HOME=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_DATA_HOME=str(tmp_path / "share"),
    )
    env.pop(STARTUP_PROBE, None)
    env.pop(QUIT_AFTER, None)
    env.update(extra)
    return env


STARTUP_PROBE = "MLMSTUDIO_STARTUP_PROBE"
QUIT_AFTER = "MLMSTUDIO_QUIT_AFTER_MS"


def test_the_main_window_imports_and_opens_without_torch(tmp_path):
    result = subprocess.run(
        [sys.executable, "-c", BUILD_WINDOW, str(tmp_path / "data"), str(tmp_path / "settings")],
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["imported"] == [], "importing the main window's modules imported these"
    # With a history, the window builds every page at once: then the plots and the store are in.
    assert report["built"] == [], "building and showing the MainWindow imported these"
    assert report["loading"] is False  # without run_app nothing starts the warm-up


def test_the_first_frame_comes_before_pyqtgraph_sqlalchemy_and_the_pages_that_need_them(tmp_path):
    """Only the welcome, Corpus and Setup exist at the first frame; the rest is imported after it."""
    result = subprocess.run(
        [sys.executable, "-c", AT_FIRST_FRAME],
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["rc"] == 0
    assert report["welcome"] is True  # fresh settings: the first launch opens on the welcome
    assert report["history_pages_built"] is False
    loaded = {name.split(".")[0] for name in report["modules"]}
    early = sorted(loaded & set(HEAVY + AFTER_THE_FIRST_FRAME))
    assert early == [], f"loaded before the first frame: {early}"
    pages = {"mlmstudio.gui.pages." + page for page in ("train_page", "explore_page", "history_page")}
    assert sorted(pages & set(report["modules"])) == []
    assert "mlmstudio.store.database" not in report["modules"]


def test_version_and_help_need_no_torch(tmp_path):
    result = subprocess.run(
        [sys.executable, "-c", VERSION_AND_HELP],
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["--version"] == 0 and report["--help"] == 0
    assert report["--version text"].strip() == "mlmstudio 0.1.0"
    assert "doctor" in report["--help text"]
    assert report["heavy"] == []


def test_the_console_script_prints_its_version(tmp_path):
    script = Path(sys.executable).with_name("mlmstudio")
    if not script.exists():
        pytest.skip("the mlmstudio console script is not installed next to this Python")
    result = subprocess.run(
        [str(script), "--version"], env=_env(tmp_path), capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "mlmstudio 0.1.0"


@pytest.mark.slow
def test_the_window_is_shown_before_the_engine_loads_then_the_engine_loads(tmp_path):
    """The real launch: the probe is written at the first frame, before torch; then the warm-up runs."""
    probe = tmp_path / "probe.json"
    code = (
        "import sys, json\n"
        "from mlmstudio.launcher import main\n"
        "rc = main([])\n"
        "import gc\n"
        "print(json.dumps({'rc': rc, 'torch': 'torch' in sys.modules, 'gc': gc.isenabled()}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        env=_env(tmp_path, **{STARTUP_PROBE: str(probe), QUIT_AFTER: "0"}),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    end = json.loads(result.stdout.strip().splitlines()[-1])
    # The warm-up ran, the app waited for it at exit, and the collector the launcher paused is back.
    assert end == {"rc": 0, "torch": True, "gc": True}
    shown = json.loads(probe.read_text())
    assert shown["engine_loaded_at_show"] is False
    assert shown["platform"] == "offscreen"
    marks = shown["marks"]
    assert marks["run_app"] <= marks["window_built"] <= marks["shown"] == shown["shown"]
    assert marks["engine_loaded"] > marks["shown"]  # loaded in the background, after the frame


REOPEN_HISTORY = r"""
import json, sys
from mlmstudio.store.database import Database
Database.open(sys.argv[1]).close()
print(json.dumps({"alembic": "alembic" in sys.modules, "mako": "mako" in sys.modules}))
"""


def test_an_up_to_date_history_opens_without_alembic(tmp_path):
    """Alembic (with mako and pygments, ~0.3 s) is imported only when the schema must change."""
    from mlmstudio.store.database import Database, head_revision, head_revision_from_files

    assert head_revision_from_files() == head_revision()
    Database.open(tmp_path / "data").close()  # created and migrated here
    result = subprocess.run(
        [sys.executable, "-c", REOPEN_HISTORY, str(tmp_path / "data")],
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == {"alembic": False, "mako": False}
