"""Shared fixtures. Qt runs offscreen; no test touches the real data directory.

``--without-qt`` makes importing Qt fail, as if it were not installed: scripts/test.sh runs
tests/engine, tests/store and tests/sweep that way, so the layering (nothing below the GUI
needs Qt) is proven at run time, not only by import-linter (napari's headless job does the same).
"""

import importlib.abc
import os
import sys
from pathlib import Path

import pytest

DATA_DIR = Path(__file__).parent / "data"
LAPTOP_SCREEN = DATA_DIR / "screen_1280x800.json"

# Offscreen, on a 1280×800 screen: the smallest laptop the window must fit (the plugin's own
# default is 800×800). tests/gui/test_window_fits.py checks 1920×1080 in a child process.
# The app speaks the system's language (gui/i18n.py): tests read its English, whatever the locale.
os.environ["MLMSTUDIO_LANG"] = "en"
if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={LAPTOP_SCREEN}"

QT_PACKAGES = frozenset({"PySide6", "shiboken6", "PyQt6", "PyQt5", "PySide2", "qtpy", "pyqtgraph"})


class _QtIsNotInstalled(importlib.abc.MetaPathFinder):
    """Refuses every import of a Qt package, with the error Python gives for a missing one."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname.partition(".")[0] in QT_PACKAGES:
            raise ModuleNotFoundError(
                f"No module named {fullname!r} (Qt is blocked: --without-qt)", name=fullname
            )
        return None


def pytest_addoption(parser):
    parser.addoption(
        "--without-qt",
        action="store_true",
        help="make importing Qt (PySide6, pyqtgraph) fail, as if it were not installed; "
        "needs -p no:pytest-qt, which imports Qt when pytest starts",
    )


def pytest_configure(config):
    if not config.getoption("without_qt"):
        return
    if config.pluginmanager.has_plugin("pytest-qt"):
        raise pytest.UsageError(
            "--without-qt needs -p no:pytest-qt too: pytest-qt imports Qt when it starts."
        )
    loaded = sorted({name.partition(".")[0] for name in sys.modules} & QT_PACKAGES)
    if loaded:
        raise pytest.UsageError(
            f"--without-qt: Qt was imported before the tests started ({', '.join(loaded)})."
        )
    sys.meta_path.insert(0, _QtIsNotInstalled())


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path, monkeypatch):
    """Every test gets its own MLMSTUDIO_HOME, so the user's history is never touched."""
    home = tmp_path / "mlmstudio-home"
    monkeypatch.setenv("MLMSTUDIO_HOME", str(home))
    # Nor the user's cache: a time-budgeted run keeps its step-time calibration there.
    monkeypatch.setenv("MLMSTUDIO_CACHE", str(tmp_path / "mlmstudio-cache"))
    return home


@pytest.fixture(autouse=True)
def _no_thread_role_left_over():
    """An entry point a test ran (cli.main, the app's worker) records its thread role for the
    process; the next test starts as a library caller again (mlmstudio/thread_policy.py)."""
    yield
    from mlmstudio import thread_policy

    thread_policy.forget_role()


@pytest.fixture
def tutorial_corpus_path() -> Path:
    return DATA_DIR / "tutorial_corpus.txt"


@pytest.fixture
def tutorial_text(tutorial_corpus_path) -> str:
    return tutorial_corpus_path.read_text(encoding="utf-8")
