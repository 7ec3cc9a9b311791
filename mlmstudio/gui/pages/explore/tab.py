"""What an Explore tab is: a widget that asks the chosen model one kind of question.

The page is every tab's host. A tab never loads a model, never touches the
history and never runs torch on the GUI thread: it builds a question (a plain
function of a ``Predictor`` and a ``Question``) and hands it to ``host.ask``,
which checks the sentence, runs the question in a worker thread with the
run's cached model, shows the busy state, and calls the tab back with the
answer, unless the user has moved on to another run by then.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QAbstractButton, QWidget

from mlmstudio.gui.i18n import translate
from mlmstudio.store.records import RunSummary

if TYPE_CHECKING:
    from mlmstudio.engine.predict import Predictor
    from mlmstudio.engine.predictor_cache import PredictorCache


@dataclass(frozen=True)
class Question:
    """What the user asked, captured on the GUI thread when they asked it."""

    run: RunSummary
    text: str
    top_k: int


# Runs in a worker thread: the model's answer (plain data, never a widget).
Asking = Callable[["Predictor", Question], Any]
# Runs in the GUI thread with the answer.
Answered = Callable[[Any, Question], None]


class ExploreHost(Protocol):
    """What the page offers its tabs."""

    cache: PredictorCache  # the loaded models (a tab's worker may ask it for a kept checkpoint's)

    def current_run(self) -> RunSummary | None: ...

    def model_runs(self) -> list[RunSummary]: ...

    def ask(self, asking: Asking, answered: Answered, *, what: str = "", needs_mask: bool = True) -> bool: ...

    def ask_runs(
        self,
        runs: Sequence[RunSummary],
        asking: Asking,
        answered: Callable[[dict[str, Any], str], None],
        *,
        what: str,
    ) -> bool: ...

    def show_error(self, text: str) -> None: ...

    def show_info(self, text: str) -> None: ...

    def clear_message(self) -> None: ...


class ExploreTab(QWidget):
    """One tab of the Explore page. Subclasses set ``title`` and build their widgets.

    ``title`` is written ``QT_TRANSLATE_NOOP("ExploreTabs", "Predictions")`` (a class attribute
    is made at import, before a translator is installed); ``translated_title`` is what the tab
    bar shows.
    """

    title = ""
    status_message = Signal(str)
    answered = Signal()  # an answer was drawn (tests and scripts wait on it)

    def __init__(self, host: ExploreHost, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host

    def translated_title(self) -> str:
        return translate("ExploreTabs", self.title)

    def action_buttons(self) -> list[QAbstractButton]:
        """The buttons that ask the model; disabled while an answer is being computed."""
        return []

    def can_ask(self) -> bool:
        """Whether this tab's question can be asked now (beyond having a run and not being busy)."""
        return True

    def update_actions(self, has_run: bool, busy: bool) -> None:
        enabled = has_run and not busy and self.can_ask()
        for button in self.action_buttons():
            button.setEnabled(enabled)

    def set_runs(self, runs: list[RunSummary]) -> None:
        """The runs that have a model changed (trained, renamed, deleted, imported)."""

    def run_changed(self, run: RunSummary | None) -> None:
        """Another run answers now."""
