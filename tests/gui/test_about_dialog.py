"""Help → About names the app's version and the versions it runs on, and whether it is the bundle."""

from __future__ import annotations

import platform
import sys
from importlib.metadata import version

from PySide6.QtCore import qVersion

import mlmstudio
from mlmstudio.gui.about_dialog import AboutDialog, about_rows


def test_about_shows_every_version_and_how_it_runs(qtbot, window, db):
    assert window.about_action in window.menuBar().actions()[-1].menu().actions()  # in the Help menu
    dialog = window.show_about()
    qtbot.addWidget(dialog)
    assert isinstance(dialog, AboutDialog) and dialog.isVisible()
    lines = dict(line.split(": ", 1) for line in dialog.text().splitlines())
    assert lines["MLM Studio"] == mlmstudio.__version__
    assert lines["Python"].startswith(platform.python_version())
    assert lines["PyTorch"] == version("torch")
    assert lines["Qt"] == qVersion()
    assert lines["PySide6"] == version("PySide6-Essentials")
    assert lines["tokenizers"] == version("tokenizers")
    assert lines["transformers"] == version("transformers")  # the test extra installs it
    assert lines["Runs from"] == f"a Python install ({sys.executable})"
    assert lines["Data directory"] == str(db.data_dir)
    assert version("torch") in dialog.label.text() and "THIRD_PARTY_NOTICES.md" in dialog.label.text()
    dialog.close()


def test_about_says_when_it_runs_from_the_bundle_and_without_transformers(monkeypatch):
    import importlib.metadata

    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", "/opt/MLM-Studio/_internal", raising=False)
    real = importlib.metadata.version

    def without_transformers(name):
        if name == "transformers":
            raise importlib.metadata.PackageNotFoundError(name)
        return real(name)

    monkeypatch.setattr("mlmstudio.gui.about_dialog.version", without_transformers)
    rows = dict(about_rows())
    assert rows["Runs from"] == f"the desktop bundle ({sys.executable})"
    assert rows["transformers"].startswith("not installed")
