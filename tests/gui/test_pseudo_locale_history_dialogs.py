"""History's dialogs under the pseudo-locale: every string translated, no label or button cut.

The views of the main window are checked by test_pseudo_locale.py; the dialogs that History and
Setup open (Open a Model, Run elsewhere) are windows of their own, checked here the same way:
each visible text is covered by the pseudo translation, and no label or button is narrower than
its 40 % longer text. The dialog must also still fit a 1280×800 screen.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QAbstractButton, QApplication, QTabBar
from test_pseudo_locale import _untranslated, _visible_texts
from test_window_fits import _cut_labels

from mlmstudio.gui.i18n import PseudoTranslator

from tiny_configs import tiny_config

JOB_MS = 60_000


@pytest.fixture
def pseudo(qapp):
    translator = PseudoTranslator()
    QCoreApplication.installTranslator(translator)
    yield translator
    QCoreApplication.removeTranslator(translator)


def _problems(dialog) -> dict[str, list[str]]:
    for _ in range(3):
        QApplication.processEvents()
    texts = _visible_texts(dialog)
    assert len(texts) >= 5, texts  # the dialog is shown: its title, labels and buttons were read
    untranslated = sorted({rest for _, text in texts if (rest := _untranslated(text))})
    cut = _cut_labels(dialog)
    for button in dialog.findChildren(QAbstractButton):
        if not button.isVisible() or not button.text() or isinstance(button.parent(), QTabBar):
            continue
        if button.sizeHint().width() > button.width() + 1 and not button.toolTip():
            cut.append(
                f"button {button.text()[:40]!r} needs {button.sizeHint().width()}, has {button.width()}"
            )
    room = dialog.screen().availableGeometry()
    if dialog.frameGeometry().width() > room.width() or dialog.frameGeometry().height() > room.height():
        cut.append(f"dialog {dialog.frameGeometry().getRect()} larger than the screen {room.getRect()}")
    return {"untranslated": untranslated, "cut": cut}


def test_open_a_model_is_translated_and_unclipped(pseudo, qtbot, db, tmp_path, monkeypatch):
    from mlmstudio.gui.open_model_dialog import OpenModelDialog

    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "empty-cache"))
    dialog = OpenModelDialog(db)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.listed, timeout=JOB_MS):
        dialog.show_for_opening()
    qtbot.waitExposed(dialog)
    assert "holds no models" in dialog.cache_label.text()
    assert dialog.cache_label.isVisible() and dialog.open_button.isVisible()  # the checks saw the dialog
    assert _problems(dialog) == {"untranslated": [], "cut": []}
    dialog.close()


def test_run_elsewhere_is_translated_and_unclipped(pseudo, qtbot):
    from mlmstudio.gui.capsule_dialog import CapsuleDialog

    dialog = CapsuleDialog(tiny_config())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.write_button.isVisible()  # the checks see the dialog
    try:
        found = _problems(dialog)
        # Once measured, the estimate is the engine's sentence (engine/capsule.py), not the dialog's.
        engine_sentence = _untranslated(dialog.expectation.text())
        found["untranslated"] = [t for t in found["untranslated"] if t != engine_sentence]
        assert found == {"untranslated": [], "cut": []}
    finally:
        dialog.runner.wait_idle(JOB_MS)
        dialog.close()
