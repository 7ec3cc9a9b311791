"""Help → About MLM Studio: the app's version, the versions it runs on, and where it keeps things.

What a bug report needs in one place: MLM Studio's version, Python, PyTorch (with its CUDA
build, if any), Qt and PySide6, pyqtgraph, tokenizers and transformers (when installed),
whether this is the desktop bundle or a Python install, and the data folder, history and
settings file. Versions are read from the installed packages' metadata, never by importing
them: torch alone takes seconds to import, and the dialog opens on the GUI thread.
"""

from __future__ import annotations

import platform
import sys
from html import escape
from importlib.metadata import PackageNotFoundError, version

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, qVersion
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from mlmstudio import __version__, command_hint
from mlmstudio.gui.i18n import translate

ABOUT_TEXT = QT_TRANSLATE_NOOP(
    "AboutDialog",
    "Train small BERT-style masked language models on your own text, watch them learn, and "
    "explore what they predict. MIT licence; the components it uses are listed in "
    "THIRD_PARTY_NOTICES.md.",
)


def package_version(name: str, missing: str | None = None) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return translate("AboutDialog", "not installed") if missing is None else missing


def _pyside_version() -> str:
    import PySide6

    return PySide6.__version__


def _pyqtgraph_version() -> str:
    import pyqtgraph

    return pyqtgraph.__version__


def how_it_runs() -> str:
    if command_hint.is_frozen():
        return translate("AboutDialog", "the desktop bundle ({path})").format(path=sys.executable)
    return translate("AboutDialog", "a Python install ({path})").format(path=sys.executable)


def about_rows(places: list[tuple[str, str]] | None = None) -> list[tuple[str, str]]:
    """(label, value) rows: the versions, how it runs, and ``places`` (folders and files) after them."""
    # In the bundle the metadata of some packages is left out; their modules say then.
    rows = [
        ("MLM Studio", __version__),
        ("Python", f"{platform.python_version()} ({platform.system()} {platform.machine()})"),
        ("PyTorch", package_version("torch")),
        ("Qt", qVersion()),
        (
            "PySide6",
            package_version("PySide6-Essentials", "") or package_version("PySide6", "") or _pyside_version(),
        ),
        ("pyqtgraph", package_version("pyqtgraph", "") or _pyqtgraph_version()),
        ("tokenizers", package_version("tokenizers")),
        (
            "transformers",
            package_version(
                "transformers",
                translate("AboutDialog", "not installed (only Export to transformers needs it)"),
            ),
        ),
        (translate("AboutDialog", "Runs from"), how_it_runs()),
    ]
    return rows + list(places or [])


def about_html(rows: list[tuple[str, str]]) -> str:
    table = "".join(
        f"<tr><td><b>{escape(label)}</b>&nbsp;&nbsp;</td><td>{escape(value)}</td></tr>"
        for label, value in rows
    )
    return f"<p>{escape(translate('AboutDialog', ABOUT_TEXT))}</p><table>{table}</table>"


class AboutDialog(QDialog):
    """The rows as a table the user can select and copy into a bug report."""

    def __init__(self, rows: list[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("AboutDialog", "About MLM Studio"))
        self.rows = rows
        self.label = QLabel(about_html(rows))
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.label.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        layout.addWidget(buttons)

    def text(self) -> str:
        """The rows as plain lines, ``label: value``."""
        return "\n".join(f"{label}: {value}" for label, value in self.rows)
