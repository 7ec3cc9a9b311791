"""Setup → Advanced → Probes (issue 10 item 4): the defaults pre-filled, rows added and removed, bad
rows refused with a sentence."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QTableWidgetItem

from mlmstudio.config import ProbesConfig, ProbeSpec, RunConfig
from mlmstudio.engine.samples import FACT_PROBES
from mlmstudio.gui.pages.setup_page import SetupPage
from mlmstudio.gui.widgets.probe_editor import ProbeEditor


@pytest.fixture
def editor(qtbot):
    widget = ProbeEditor()
    qtbot.addWidget(widget)
    widget.show()
    return widget


def test_the_facts_questions_are_pre_filled_and_stay_automatic_until_edited(editor, qtbot):
    editor.set_values(ProbesConfig(), "sample:facts")
    assert editor.table.rowCount() == len(FACT_PROBES) and editor.showing_defaults()
    assert editor.apply_to(ProbesConfig()) == ProbesConfig()  # automatic: nothing written
    with qtbot.waitSignal(editor.changed):
        editor.table.item(0, 1).setText("Paris")
    own = editor.apply_to(ProbesConfig()).items
    assert len(own) == len(FACT_PROBES) and own[0] == ProbeSpec("The capital of France is [MASK].", "Paris")
    editor.table.selectRow(1)
    editor.remove_button.click()
    assert len(editor.apply_to(ProbesConfig()).items) == len(FACT_PROBES) - 1
    editor.defaults_button.click()
    assert editor.showing_defaults() and editor.apply_to(ProbesConfig()).items == ()


def test_another_corpus_says_sentences_are_picked_and_a_row_can_be_added(editor):
    editor.set_values(ProbesConfig(auto_count=5), "sample:pydoc")
    assert editor.table.rowCount() == 0 and "5 sentences of the held-out text" in editor.note.text()
    editor.add_button.click()
    editor.table.setItem(0, 0, QTableWidgetItem("The sky is blue."))
    editor.table.setItem(0, 1, QTableWidgetItem("blue"))
    assert editor.apply_to(ProbesConfig()).items == (ProbeSpec("The sky is blue.", "blue"),)
    assert "has no [MASK]" in editor.table.item(0, 0).toolTip()  # the bad row says why


def test_setup_refuses_a_bad_probe_with_a_sentence(qtbot):
    page = SetupPage(RunConfig())
    qtbot.addWidget(page)
    page.set_view("advanced")
    page.show()
    assert page.probe_editor.showing_defaults()  # the default corpus is the facts sample
    page.probe_editor.add_button.click()
    row = page.probe_editor.table.rowCount() - 1
    page.probe_editor.table.item(row, 0).setText("Bees make honey.")
    page.probe_editor.table.item(row, 1).setText("honey")
    page.flush()
    assert not page.is_valid()
    problem = next(p for p in page.problems() if "Probe" in p)
    assert f"Probe {row + 1} 'Bees make honey.' has no [MASK]" in problem
    assert page.probe_editor.message.isVisible() and page.probe_editor.message.text() == problem
    page.probe_editor.table.item(row, 0).setText("Bees make [MASK].")
    page.flush()
    assert not any("Probe" in p for p in page.problems())
    assert page.config().probes.items[-1] == ProbeSpec("Bees make [MASK].", "honey")
    page.wait_idle()
