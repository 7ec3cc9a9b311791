"""File → Open a Model…: its wrapped sentences never overlap the model list (issue 21).

The dialog is sized when it opens, while it says "Reading the local Hugging Face cache…" on one
line. The listing's sentence (an empty cache's advice, a long cache path) or an error wraps onto
more lines; with plain wrapped QLabels the dialog kept its height and the note was drawn over the
bottom of the list (seen at 1920×1080; the dialog's size does not depend on the screen's).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QWidget

from mlmstudio.gui.open_model_dialog import OpenModelDialog

JOB_MS = 60_000


def _rect(dialog: QWidget, widget: QWidget) -> QRect:
    return QRect(widget.mapTo(dialog, QPoint(0, 0)), widget.size())


def _overlaps(dialog: OpenModelDialog) -> list[str]:
    """Pairs of shown parts of the dialog that cover each other, and parts outside it."""
    parts = {
        name: getattr(dialog, name)
        for name in ("cache_label", "models", "note", "message", "open_button")
        if getattr(dialog, name).isVisible()
    }
    rects = {name: _rect(dialog, widget) for name, widget in parts.items()}
    bad = []
    names = list(rects)
    for i, first in enumerate(names):
        if not QRect(QPoint(0, 0), dialog.size()).contains(rects[first]):
            bad.append(f"{first} {rects[first].getRect()} outside the dialog {dialog.size().toTuple()}")
        for second in names[i + 1 :]:
            if rects[first].intersects(rects[second]):
                bad.append(f"{first} {rects[first].getRect()} covers {second} {rects[second].getRect()}")
    for name in ("cache_label", "note", "message"):
        label = parts.get(name)
        if label is not None and label.heightForWidth(label.width()) > label.height():
            bad.append(f"{name} needs {label.heightForWidth(label.width())} px, has {label.height()}")
    return bad


def _settle() -> None:
    for _ in range(5):
        QApplication.processEvents()


def test_the_note_stays_below_the_list_when_the_cache_sentence_wraps(qtbot, db, tmp_path, monkeypatch):
    cache = tmp_path / "a-hugging-face-cache-folder-with-a-long-name" / "hub"
    cache.mkdir(parents=True)
    monkeypatch.setenv("HF_HUB_CACHE", str(cache))
    dialog = OpenModelDialog(db)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.listed, timeout=JOB_MS):
        dialog.show_for_opening()
    _settle()
    assert "holds no models" in dialog.cache_label.text()
    # The sentence takes more than one line at the dialog's width: the case that overlapped.
    assert dialog.cache_label.height() > 1.5 * dialog.cache_label.fontMetrics().height()
    assert _overlaps(dialog) == []

    # A long error under the list wraps too, and pushes nothing over anything.
    dialog._on_open_failed(RuntimeError("The model could not be read: " + "a long reason " * 30))
    _settle()
    assert dialog.message.isVisible()
    assert _overlaps(dialog) == []
    dialog.wait_idle()
