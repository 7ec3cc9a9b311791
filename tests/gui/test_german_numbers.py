"""Numbers, dates and plurals in German: the app's text follows the locale of its language.

The reviewer saw "Comparing 3 runs." and "Probes (3 runs)" in English inside the German app,
"2,500" for 2.500, "0.5" for 0,5 and "Dec 03" in History's Created column. Each is checked here
through the shipped catalogue (``install_translations(app, "de")``, as the app starts), and
the English the same code shows without it.
"""

from __future__ import annotations

import ast
import datetime as dt
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale

from mlmstudio.gui import i18n
from mlmstudio.gui.i18n import number, translate

GUI = Path(__file__).resolve().parents[2] / "mlmstudio" / "gui"


@pytest.fixture
def english(qapp):
    assert i18n.install_translations(qapp, "en") == "en"
    yield
    i18n.remove_translations(qapp)


def test_the_german_catalogue_names_its_locale_and_qt_follows_it(deutsch):
    assert i18n.ui_locale().name() == "de_DE"
    assert QLocale().name() == "de_DE"  # Qt's own numbers (%Ln, spin boxes) too


def test_numbers_in_german_sentences_use_german_separators(deutsch):
    text = translate("SimpleSetup", "No time limit: training stops after {steps:,} steps.")
    assert text.format(steps=2500) == "Kein Zeitlimit: Das Training endet nach 2.500 Schritten."
    assert number(2500) == "2.500"
    assert number(1234567) == "1.234.567"
    assert number(0.5, ".1f") == "0,5"
    assert number(0.405, ".1%") == "40,5%"
    assert translate("X", "{a:,.2f} · {b} · {c}").format(a=12345.678, b=0.25, c="v1.2") == (
        "12.345,68 · 0,25 · v1.2"  # a text value (a version, a name) stays as it is
    )


def test_english_keeps_its_own_separators(english):
    text = translate("SimpleSetup", "No time limit: training stops after {steps:,} steps.")
    assert text.format(steps=2500) == "No time limit: training stops after 2,500 steps."
    assert (number(2500), number(0.5, ".1f")) == ("2,500", "0.5")


@pytest.mark.parametrize(
    ("context", "source", "one", "three"),
    [
        ("HistoryPage", "Comparing %Ln run(s).", "1 Lauf wird verglichen.", "3 Läufe werden verglichen."),
        ("HistoryPage", "Probes (%Ln run(s))", "Prüfsätze (1 Lauf)", "Prüfsätze (3 Läufe)"),
        ("HistoryPage", "%Ln run(s)", "1 Lauf", "3 Läufe"),
        ("DetailsPane", "%Ln run(s) selected", "1 Lauf ausgewählt", "3 Läufe ausgewählt"),
        ("RunActions", "Deleted %Ln run(s).", "1 Lauf gelöscht.", "3 Läufe gelöscht."),
        ("SentenceScoresTab", "%Ln token(s)", "1 Token", "3 Tokens"),
    ],
)
def test_german_plurals_take_the_form_of_their_count(deutsch, context, source, one, three):
    assert translate(context, source, None, 1) == one
    assert translate(context, source, None, 3) == three


def test_a_large_count_is_grouped_in_german_and_in_english(qapp):
    assert i18n.install_translations(qapp, "de") == "de"
    try:
        assert translate("HistoryPage", "%Ln run(s)", None, 2500) == "2.500 Läufe"
    finally:
        i18n.remove_translations(qapp)
    assert i18n.install_translations(qapp, "en") == "en"
    try:
        assert translate("HistoryPage", "%Ln run(s)", None, 2500) == "2,500 runs"
        assert translate("HistoryPage", "%Ln run(s)", None, 1) == "1 run"
    finally:
        i18n.remove_translations(qapp)


def test_english_plurals_read_right_without_any_catalogue(qapp):
    i18n.remove_translations(qapp)
    assert translate("HistoryPage", "Comparing %Ln run(s).", None, 1) == "Comparing 1 run."
    assert translate("HistoryPage", "Comparing %Ln run(s).", None, 3) == "Comparing 3 runs."


def test_the_masking_preview_counts_words_in_german(deutsch):
    words = translate(
        "MaskingPreview", "%Ln word(s): the pieces of a word touch, a wide gap separates words.", None, 1
    )
    assert words.startswith("1 Wort:")
    words = translate(
        "MaskingPreview", "%Ln word(s): the pieces of a word touch, a wide gap separates words.", None, 3
    )
    assert words.startswith("3 Wörter:")


def test_history_dates_are_written_in_german(deutsch):
    from mlmstudio.gui.runs_table_model import _short_time

    this_year = dt.datetime.now().year
    assert _short_time(dt.datetime(this_year, 12, 3, 14, 5)) == "3. Dez. 14:05"
    assert _short_time(dt.datetime(this_year - 1, 12, 3, 14, 5)) == f"03.12.{this_year - 1} 14:05"


def test_history_dates_stay_english_in_english(english):
    from mlmstudio.gui.runs_table_model import _short_time

    this_year = dt.datetime.now().year
    assert _short_time(dt.datetime(this_year, 12, 3, 14, 5)) == "Dec 03 14:05"
    assert _short_time(dt.datetime(this_year - 1, 12, 3, 14, 5)) == f"{this_year - 1}-12-03 14:05"


def _plural_calls_with_an_expression_as_count():
    found = []
    for path in sorted(GUI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or len(node.args) < 4:
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name == "translate" and not isinstance(node.args[3], ast.Name | ast.Constant):
                found.append(f"{path.relative_to(GUI)}:{node.lineno}: {ast.unparse(node.args[3])}")
    return found


def test_every_plural_call_passes_its_count_as_a_plain_name():
    """pyside6-lupdate skips ``translate(ctx, text, None, len(runs))``: its text never reached the .ts.

    That is how "Comparing 3 runs." stayed English in German: the message was not in the
    catalogue to translate. A count held in a name first (``count = len(runs)``) is extracted.
    """
    assert _plural_calls_with_an_expression_as_count() == []


def test_plot_axes_write_their_numbers_in_german(deutsch, qapp):
    import pyqtgraph as pg

    from mlmstudio.gui.theme import configure_plots

    configure_plots(qapp.palette())  # as the first page that plots does
    axis = pg.AxisItem(orientation="left")
    assert axis.tickStrings([2.5, 3.0], 1.0, 0.5) == ["2,5", "3,0"]
    i18n.install_translations(qapp, "en")
    assert axis.tickStrings([2.5, 3.0], 1.0, 0.5) == ["2.5", "3.0"]


def test_a_probe_count_of_one_reads_right_in_both_languages(qapp):
    text = (
        "Empty: the run picks %Ln sentence(s) of the held-out text when it starts, each with one word hidden."
    )
    assert translate("ProbeEditor", text, None, 1).startswith("Empty: the run picks 1 sentence of")
    assert i18n.install_translations(qapp, "de") == "de"
    try:
        assert "1 Satz aus" in translate("ProbeEditor", text, None, 1)
        assert "3 Sätze aus" in translate("ProbeEditor", text, None, 3)
    finally:
        i18n.remove_translations(qapp)


def test_a_settings_number_box_shows_and_reads_german_decimals(deutsch, qtbot):
    from mlmstudio.gui.widgets.config_form import NumberSpinBox

    box = NumberSpinBox(1e-6, 1.0, 0.002)
    qtbot.addWidget(box)
    box.setValue(0.002)
    assert box.text() == "0,002"
    assert box.valueFromText("0,0005") == pytest.approx(0.0005)
    assert box.valueFromText("0.0005") == pytest.approx(0.0005)  # as Python writes it, too
    assert box.validate("0,5", 3)[0] == box.validate("0.5", 3)[0]


def test_a_settings_number_box_stays_english_in_english(english, qtbot):
    from mlmstudio.gui.widgets.config_form import NumberSpinBox

    box = NumberSpinBox(1e-6, 1.0, 0.002)
    qtbot.addWidget(box)
    box.setValue(0.002)
    assert box.text() == "0.002"
