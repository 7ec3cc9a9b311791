"""The Over training tab: a slider over the run's kept checkpoints, earlier answers, and bad input."""

from __future__ import annotations

import csv
import shutil

import pytest

from mlmstudio.engine.kept_checkpoints import load_predictor_at, planned_steps
from mlmstudio.engine.run_files import RunFolder
from mlmstudio.gui.pages.explore.checkpoints_tab import NONE_KEPT, CheckpointsTab

from explore_helpers import ANSWER_MS, SENTENCE, ask, predictor
from trained_history import STEPS


def open_tab(page, qtbot) -> CheckpointsTab:
    tab = page.tab(CheckpointsTab)
    page.tabs.setCurrentWidget(tab)
    qtbot.waitUntil(lambda: tab._steps_run is not None and not page.is_busy(), timeout=ANSWER_MS)
    return tab


def test_the_slider_covers_the_kept_steps_and_an_earlier_one_answers_differently(
    page, trained_db, history, qtbot, tmp_path
):
    tab = open_tab(page, qtbot)
    assert page.tabs.tabText(page.tabs.indexOf(tab)) == "Over training"
    assert tab.steps == planned_steps(STEPS, 8) == [1, 2, 4, 8, 16, 30]
    assert tab.slider.isEnabled() and tab.slider.maximum() == 5 and tab.selected_step() == 30
    assert "step 30 of 30" in tab.step_label.text() and "copy 6 of 6" in tab.step_label.text()
    page.sentence.set_text(SENTENCE)

    ask(qtbot, page, tab.show_button)
    at_end = [c["score"] for c in tab.result.masks[0]]
    expected_end = predictor(trained_db, history.modern_id).fill_mask(SENTENCE).masks[0]
    assert at_end == pytest.approx([c["score"] for c in expected_end], abs=1e-6)

    # Moving the slider asks the earlier copy once it rests.
    with qtbot.waitSignal(page.answered, timeout=ANSWER_MS):
        tab.slider.setValue(0)
    assert tab.result_step == 1 and "At step 1" in tab.best_guess.text()
    early = [c["score"] for c in tab.result.masks[0]]
    expected_early = load_predictor_at(trained_db.run_dir(history.modern_id), 1).fill_mask(SENTENCE).masks[0]
    assert early == pytest.approx([c["score"] for c in expected_early], abs=1e-6)
    assert early != pytest.approx(at_end, abs=1e-4)

    ask(qtbot, page, tab.timeline_button)
    assert tab.timeline.isVisible() and tab.timeline.rowCount() == 6
    assert [tab.timeline.item(r, 0).text() for r in range(6)] == ["1", "2", "4", "8", "16", "30"]
    assert tab.export.save_numbers(tmp_path / "t.csv") and tab.export.save_picture(tmp_path / "t.png")
    rows = list(csv.DictReader((tmp_path / "t.csv").open(encoding="utf-8")))
    assert {r["step"] for r in rows if r.get("timeline")} == {"1", "2", "4", "8", "16", "30"}


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "Type a sentence first"),
        ("The capital of France is Paris.", "Add [MASK]"),
    ],
)
def test_a_sentence_without_a_mask_is_a_sentence(page, qtbot, text, fragment):
    tab = open_tab(page, qtbot)
    page.sentence.set_text(text)
    assert not tab.show_at_step()
    assert fragment in page.message_text() and not page.is_busy()


def test_a_run_with_no_kept_checkpoints_says_so(page, trained_db, history, qtbot):
    shutil.rmtree(RunFolder(trained_db.run_dir(history.modern_id)).kept_checkpoints)
    tab = open_tab(page, qtbot)
    assert tab.steps == [] and not tab.slider.isEnabled() and tab.status.text() == NONE_KEPT
    assert not tab.show_button.isEnabled() and not tab.timeline_button.isEnabled()
    assert not tab.show_at_step() and page.message_text() == NONE_KEPT


def test_a_copy_gone_since_listing_is_a_sentence(page, trained_db, history, qtbot):
    tab = open_tab(page, qtbot)
    page.sentence.set_text(SENTENCE)
    RunFolder(trained_db.run_dir(history.modern_id)).kept_checkpoint(30).unlink()
    with qtbot.waitSignal(page.failed, timeout=ANSWER_MS):
        tab.show_button.click()
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=ANSWER_MS)
    assert "step 30 is no longer there" in page.message_text()


def test_a_deleted_run_is_a_sentence(page, trained_db, history, qtbot):
    tab = open_tab(page, qtbot)
    page.sentence.set_text(SENTENCE)
    shutil.rmtree(trained_db.run_dir(history.modern_id))
    with qtbot.waitSignal(page.failed, timeout=ANSWER_MS):
        tab.show_button.click()
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=ANSWER_MS)
    assert "no longer exists" in page.message_text()


def test_another_run_lists_its_own_steps(page, history, qtbot):
    tab = open_tab(page, qtbot)
    page.select_run(history.seed_id)
    qtbot.waitUntil(lambda: tab._steps_run == history.seed_id and not page.is_busy(), timeout=ANSWER_MS)
    assert tab.steps == [1, 2, 4, 8, 16, 30] and tab.result is None
