"""The Train page's end-of-run line and History's details say when a run learned too little."""

from __future__ import annotations

from types import SimpleNamespace

from mlmstudio.engine.events import TrainingSummary
from mlmstudio.engine.run_end import RunEnd
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.gui.pages.history.details_pane import DetailsPane
from mlmstudio.gui.pages.train_page import TrainPage
from mlmstudio.gui.settings import AppSettings

BUSY = dict(steps=73, expected_steps=836, probes_answered=0, probes_asked=14)
FINE = dict(steps=820, expected_steps=836, probes_answered=12, probes_asked=14)


def summary(**numbers) -> TrainingSummary:
    return TrainingSummary(
        status=RunStatus.COMPLETED,
        params=100,
        vocab_size=50,
        baseline_loss=3.9,
        val_loss=2.0,
        val_accuracy=0.3,
        **numbers,
    )


def test_the_train_page_says_why_and_what_to_do(qtbot, db):
    page = TrainPage(db, AppSettings())
    qtbot.addWidget(page)
    busy = page._finished_text("Completed", RunEnd(RunStatus.COMPLETED, 73, summary=summary(**BUSY)))
    assert busy.startswith("Completed after 73 steps.")
    assert "made 73 steps of the 836 expected" in busy and "train longer" in busy
    assert "answers only 0 of its 14 fact questions" in busy
    fine = page._finished_text("Completed", RunEnd(RunStatus.COMPLETED, 820, summary=summary(**FINE)))
    assert "\n" not in fine and "expected" not in fine


def test_history_shows_it_with_the_run(qtbot):
    pane = DetailsPane()
    qtbot.addWidget(pane)
    run = SimpleNamespace(
        id="r1",
        name="busy run",
        display_status="completed",
        corpus_name="facts",
        missing_files=[],
        message="",
        notes="",
        tags=[],
        final_metrics=summary(**BUSY).as_dict(),
    )
    pane.show_run(run, 1)
    assert "73 steps of the 836 expected" in pane.title.text()
    pane.show_run(SimpleNamespace(**{**vars(run), "final_metrics": summary(**FINE).as_dict()}), 1)
    assert "expected" not in pane.title.text() and "busy run" in pane.title.text()
