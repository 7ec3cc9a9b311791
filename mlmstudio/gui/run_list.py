"""The runs of the history, read once and shared by every page that shows them.

History shows every run; Explore offers the runs that have a model. Both used
to call ``service.list_runs`` themselves, on every page switch. Now the main
window owns one ``RunList``, refreshes it when runs change (a run started or
finished, the user's "Reload"), and the pages follow its signals: ``changed``
after a new listing, ``run_updated`` when one run changed in place. A rename,
a delete or an import changes the list at once (``update_run``, ``remove``,
``put``), without reading every run again.

Listing 1,000 runs takes 0.3-1.2 s here (parsing every stored configuration;
benchmarks/history_scale.py), too long for the GUI thread, so the window's
list reads in a worker thread (``background=True``); ``loading_changed`` lets a
page show it. A page built alone (tests, scripts) lists at once by default.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from PySide6.QtCore import QObject, Signal

from mlmstudio.engine.errors import MLMStudioError
from mlmstudio.gui.background import TaskRunner, user_message
from mlmstudio.gui.i18n import translate
from mlmstudio.gui.runs_table_model import RunsTableModel
from mlmstudio.store import service
from mlmstudio.store.database import Database
from mlmstudio.store.loss_before_after import BeforeAfter, loss_before_after
from mlmstudio.store.records import RunSummary

log = logging.getLogger(__name__)


def list_with_losses(db: Database) -> tuple[list[RunSummary], dict[str, BeforeAfter]]:
    """Every run, and the held-out loss before -> after of those started from a model.

    The losses are two small queries over the stored curves; if they fail, the runs are
    still listed (their final loss alone), and the failure is logged.
    """
    runs = service.list_runs(db)
    try:
        losses = loss_before_after(db, [run.id for run in runs])
    except Exception:  # noqa: BLE001 - the table still lists every run
        log.exception("Could not read the held-out losses before -> after")
        losses = {}
    return runs, losses


class RunList(QObject):
    """The history's runs as one table model, with signals when they change."""

    changed = Signal()  # a new listing (or a run added or removed) is in the model
    run_updated = Signal(str)  # one run changed in place (renamed, notes, tags): its id
    failed = Signal(str)  # the history could not be read: a sentence
    loading_changed = Signal(bool)  # a background listing started / ended

    def __init__(self, db: Database, parent: QObject | None = None, *, background: bool = False) -> None:
        super().__init__(parent)
        self.db = db
        self.background = background
        self.model = RunsTableModel(self)
        self.loaded = False  # a listing has arrived at least once
        self.error = ""  # the last listing's failure, "" when it worked
        self._runner = TaskRunner(self)
        self._runner.busy_changed.connect(self.loading_changed)

    # -- reading the history -------------------------------------------------------------

    def refresh(self) -> bool:
        """Read the runs again: in a worker thread with ``background``, else at once.

        ``changed`` follows when it worked, ``failed`` with a sentence when not.
        In the background the call returns True at once (a newer refresh replaces
        one still running).
        """
        if not self.background:
            return self.refresh_now()
        db = self.db
        self._runner.run(
            lambda: list_with_losses(db),
            self._on_listed,
            self._on_list_failed,
            topic="list",
            name="list-runs",
        )
        return True

    def refresh_now(self) -> bool:
        """Read the runs on this thread; True when it worked."""
        try:
            listing = list_with_losses(self.db)
        except MLMStudioError as exc:
            self._on_list_failed(exc)
            return False
        self._on_listed(listing)
        return True

    def is_loading(self) -> bool:
        return self._runner.is_busy()

    def wait_idle(self, msecs: int = 30_000) -> bool:
        """Block until a background listing has ended (window shutdown, tests)."""
        return self._runner.wait_idle(msecs)

    # -- changes known without reading everything again ---------------------------------

    def update_run(self, run: RunSummary) -> None:
        """One run changed in place (after a rename, notes, tags)."""
        self.model.update_run(run)
        self.run_updated.emit(run.id)

    def put(self, run: RunSummary) -> None:
        """Add a run (an import), or replace it if it is listed already."""
        if self.model.row_of(run.id) is not None:
            self.update_run(run)
            return
        self.model.set_runs([run, *self.model.runs()])  # newest first, as list_runs orders them
        self.changed.emit()

    def remove(self, run_ids: Iterable[str]) -> None:
        """Drop deleted runs from the list at once."""
        gone = set(run_ids)
        if not any(self.model.row_of(r) is not None for r in gone):
            return
        self.model.set_runs([run for run in self.model.runs() if run.id not in gone])
        self.changed.emit()

    # -- lookups -------------------------------------------------------------------------

    def runs(self) -> list[RunSummary]:
        return self.model.runs()

    def get(self, run_id: str) -> RunSummary | None:
        row = self.model.row_of(run_id)
        return None if row is None else self.model.run_at(row)

    def with_model(self) -> list[RunSummary]:
        """Runs whose saved model can be asked questions (Explore's choices)."""
        return [run for run in self.runs() if run.has_model and not run.missing_files]

    # -- results -------------------------------------------------------------------------

    def _on_listed(self, listing: tuple[list[RunSummary], dict[str, BeforeAfter]]) -> None:
        runs, losses = listing
        self.error = ""
        self.loaded = True
        self.model.set_runs(runs, losses)
        self.changed.emit()

    def _on_list_failed(self, exc: BaseException) -> None:
        reason = user_message(exc, translate("RunList", "Reading the history"))
        self.error = translate("RunList", "The history could not be read: {reason}").format(reason=reason)
        log.warning("%s", self.error)
        self.failed.emit(self.error)
