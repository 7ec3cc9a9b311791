"""Helpers of the Explore tests: the sentence they ask, and asking while waiting for the answer."""

from __future__ import annotations

from mlmstudio.engine.predict import Predictor
from mlmstudio.gui.pages.explore_page import ExplorePage
from mlmstudio.store.database import Database

SENTENCE = "The capital of France is [MASK]."
ANSWER_MS = 30_000


def predictor(db: Database, run_id: str) -> Predictor:
    return Predictor.from_dir(db.run_dir(run_id))


def ask(qtbot, page: ExplorePage, button) -> None:
    """Click an ask button and wait until the answer is drawn."""
    with qtbot.waitSignal(page.answered, timeout=ANSWER_MS):
        button.click()
