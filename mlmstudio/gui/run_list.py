"""The runs of the history, read once and shared by every page that shows them.

History shows every run; Explore offers the runs that have a model. Both used
to call ``service.list_runs`` themselves, on every page switch. Now the main
window owns one ``RunList``, refreshes it when runs change (a run started or
finished, a rename, a delete, an import, the user's "Reload"), and the pages
follow its signals: ``changed`` after a new listing, ``run_updated`` when one
run changed in place.

Listing is synchronous: it is one read query and measured fast (1,000 runs in
about 0.1 s, benchmarks/history_scale.py), and History's callers (delete, import)
rely on the table being current when they return.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject, Signal

from mlmstudio.engine.errors import MLMStudioError
from mlmstudio.gui.runs_table_model import RunsTableModel
from mlmstudio.store import service
from mlmstudio.store.database import Database
from mlmstudio.store.records import RunSummary

log = logging.getLogger(__name__)


class RunList(QObject):
    """The history's runs as one table model, with signals when they change."""

    changed = Signal()            # a new listing is in the model
    run_updated = Signal(str)     # one run changed in place (renamed, notes, tags): its id
    failed = Signal(str)          # the history could not be read: a sentence

    def __init__(self, db: Database, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.model = RunsTableModel(self)
        self.error = ""           # the last listing's failure, "" when it worked

    def refresh(self) -> bool:
        """Read the runs again; ``changed`` when it worked, ``failed`` with a sentence when not."""
        try:
            runs = service.list_runs(self.db)
        except MLMStudioError as exc:
            self.error = f"The history could not be read: {exc}"
            log.warning("%s", self.error)
            self.failed.emit(self.error)
            return False
        self.error = ""
        self.model.set_runs(runs)
        self.changed.emit()
        return True

    def update_run(self, run: RunSummary) -> None:
        """One run changed in place (after a rename, notes, tags)."""
        self.model.update_run(run)
        self.run_updated.emit(run.id)

    def runs(self) -> list[RunSummary]:
        return self.model.runs()

    def get(self, run_id: str) -> RunSummary | None:
        row = self.model.row_of(run_id)
        return None if row is None else self.model.run_at(row)

    def with_model(self) -> list[RunSummary]:
        """Runs whose saved model can be asked questions (Explore's choices)."""
        return [run for run in self.runs() if run.has_model and not run.missing_files]
