"""Help → Language: the system's, English or German, saved for the next start (issue 21 item 5)."""

from __future__ import annotations

from mlmstudio.gui import i18n


def test_the_language_menu_saves_the_choice_for_the_next_start(window, monkeypatch):
    monkeypatch.delenv(i18n.LANGUAGE_ENV, raising=False)
    actions = {a.data(): a for a in window.language_menu.actions()}
    assert set(actions) == {"", "en", *i18n.available_languages()} and "de" in actions
    assert actions["de"].text() == "Deutsch"
    assert actions[i18n.saved_language()].isChecked()
    actions["de"].trigger()
    assert i18n.saved_language() == "de" and actions["de"].isChecked() and not actions[""].isChecked()
    assert "next time" in window.statusBar().currentMessage()
    # What the next start installs: the saved German.
    try:
        from PySide6.QtWidgets import QApplication

        assert i18n.install_translations(QApplication.instance()) == "de"
    finally:
        i18n.remove_translations(QApplication.instance())
    actions[""].trigger()  # back to the system's language
    assert i18n.saved_language() == ""
