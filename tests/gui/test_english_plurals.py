"""English reads "1 run" and "2 runs", not "2 run(s)": Qt resolves %n plurals only through a catalogue."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from mlmstudio.gui import i18n


def test_english_plurals_read_as_english(qapp, monkeypatch):
    monkeypatch.delenv(i18n.LANGUAGE_ENV, raising=False)
    try:
        assert i18n.install_translations(qapp, "en") == "en"
        assert QCoreApplication.translate("HistoryPage", "%n run(s)", None, 1) == "1 run"
        assert QCoreApplication.translate("HistoryPage", "%n run(s)", None, 3) == "3 runs"
        assert QCoreApplication.translate("HistoryPage", "%n run(s)", None, 0) == "0 runs"
        # Everything else passes it by: the source text, as without any translator.
        assert QCoreApplication.translate("HistoryPage", "Compare") == "Compare"
        assert QCoreApplication.translate("HistoryPage", "%n%", None, 5) == "5%"
    finally:
        i18n.remove_translations(qapp)
    assert QCoreApplication.translate("HistoryPage", "%n run(s)", None, 3) == "3 run(s)"  # what it fixes


def test_a_catalogue_still_wins_over_the_english_plurals(qapp):
    try:
        assert i18n.install_translations(qapp, "de") == "de"
        assert QCoreApplication.translate("MainWindow", "&Quit") != "&Quit"  # German from the catalogue
        german = QCoreApplication.translate("HistoryPage", "%n run(s)", None, 3)
        assert "(s)" not in german
    finally:
        i18n.remove_translations(qapp)
