"""The app's side of the run queue: keeps its listing fresh and runs it through the Train page.

The queue lives in the history (``store/queue.py``); this QObject reads and
changes it in background calls, never on the GUI thread. While the user has
started it here, the controller takes the next item (``queue_runner.take_next``:
the claim, the corpus read and the run recorded, in a background call) and
hands its training to the Train page as a job for the ordinary training
worker, so a queued run is watched, paused and stopped like any other. When
the Train page is free again, the next item follows.

A queued run the user stops (Stop, or closing the window) leaves its item
interrupted and the queue no longer running here. At start-up, an item left
running by a process that died is marked interrupted; the queue then waits
(paused, with a note) or, if the user chose "resume", the app resumes it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from mlmstudio.config import RunConfig
from mlmstudio.engine.run_end import RunEnd
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.gui.background import TaskRunner, user_message
from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import translate
from mlmstudio.store import queue, queue_runner
from mlmstudio.store.database import Database

log = logging.getLogger(__name__)

POLL_MS = 2000  # the listing follows other processes ('mlmstudio queue run', 'queue add') this often


class QueueController(QObject):
    items_changed = Signal(object)  # list[QueueItem], in queue order
    settings_changed = Signal(object)  # QueueSettings
    active_changed = Signal(bool)  # whether this app is running the queue
    message = Signal(str, str)  # kind ("info", "warning" or "error"), sentence
    busy_changed = Signal(bool)

    def __init__(self, db: Database, train_page, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.train_page = train_page
        self.items: list[queue.QueueItem] = []
        self.settings = queue.QueueSettings(False, queue.AfterCrash.WAIT, "")
        self.active = False
        self.current: queue_runner.PreparedItem | None = None  # the item the Train page trains
        self._pending: queue_runner.PreparedItem | None = None  # taken while Train was busy
        self._taking = False
        self._closing = False
        self._write_count = 0
        self.tasks = TaskRunner(self)
        self.tasks.busy_changed.connect(self.busy_changed)
        self._poll = QTimer(self)
        self._poll.setObjectName("queue poll")
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self.refresh)
        self._watchers = 0
        train_page.busy_changed.connect(self._on_training_busy)
        train_page.run_finished.connect(self._on_run_finished)

    # Reading ----------------------------------------------------------------------
    @Slot()
    def refresh(self) -> None:
        """List the queue and its settings in the background (the newest listing wins)."""

        def read():
            return queue.list_items(self.db), queue.get_settings(self.db)

        self.tasks.run(
            read,
            self._on_listed,
            self._on_error(translate("QueueController", "Reading the queue")),
            topic="list",
            name="queue list",
        )

    def _on_listed(self, listing) -> None:
        self.items, self.settings = listing
        self.items_changed.emit(self.items)
        self.settings_changed.emit(self.settings)

    def set_watched(self, watched: bool) -> None:
        """A view shows the queue: keep the listing fresh while it does (or while the queue runs)."""
        self._watchers = max(0, self._watchers + (1 if watched else -1))
        self._update_poll()
        if watched:
            self.refresh()

    def _update_poll(self) -> None:
        want = (self._watchers > 0 or self.active) and not self._closing
        if want and not self._poll.isActive():
            self._poll.start()
        elif not want and self._poll.isActive():
            self._poll.stop()

    # Changing ------------------------------------------------------------------------
    def _write(
        self,
        fn: Callable[[], Any],
        done: Callable[[Any], None] | None = None,
        what: str | None = None,
    ) -> None:
        """A change in the background, then a fresh listing; each write gets its own answer."""
        if what is None:
            what = translate("QueueController", "Changing the queue")
        self._write_count += 1

        def answered(value) -> None:
            if done is not None:
                done(value)
            self.refresh()

        self.tasks.run(
            fn,
            answered,
            self._on_error(what, refresh=True),
            topic=("write", self._write_count),
            name="queue write",
        )

    def add(self, config: RunConfig, name: str = "") -> None:
        self._write(
            lambda: queue.add_item(self.db, config, name=name),
            lambda item: self.message.emit(
                "info",
                translate("QueueController", "Added to the queue as item {item} ({label}).").format(
                    item=item.id, label=item.label
                ),
            ),
            translate("QueueController", "Adding to the queue"),
        )

    def remove(self, item_ids: list[int]) -> None:
        def remove_all():
            return [queue.remove_item(self.db, item_id) for item_id in item_ids]

        self._write(remove_all, what=translate("QueueController", "Removing from the queue"))

    def reorder(self, item_ids: list[int]) -> None:
        self._write(
            lambda: queue.reorder(self.db, item_ids),
            what=translate("QueueController", "Reordering the queue"),
        )

    def clear_finished(self) -> None:
        self._write(
            lambda: queue.clear_finished(self.db), what=translate("QueueController", "Clearing the queue")
        )

    def set_after_crash(self, choice: str) -> None:
        self._write(
            lambda: queue.set_after_crash(self.db, choice),
            what=translate("QueueController", "Changing the queue"),
        )

    # Running -------------------------------------------------------------------------
    def start(self) -> None:
        """Start the queue (in the history too) and run it here, one item after another."""
        self._set_active(True)  # at once: the buttons follow the click, the take follows the write
        self._write(
            lambda: queue.set_paused(self.db, False),
            lambda _s: self._take_next(),
            translate("QueueController", "Starting the queue"),
        )

    def pause(self) -> None:
        """Start no further item; a queued run in progress finishes."""
        self._set_active(False)
        self._write(
            lambda: queue.set_paused(self.db, True), what=translate("QueueController", "Pausing the queue")
        )

    def start_up(self) -> None:
        """At app start: an item left running by a dead process becomes interrupted; follow the
        crash setting (wait: the queue is paused with a note; resume: run it here)."""

        def recover():
            recovered = queue.recover_abandoned(self.db)
            return recovered, queue.get_settings(self.db)

        self.tasks.run(
            recover,
            self._on_recovered,
            self._on_error(translate("QueueController", "Reading the queue")),
            topic="start-up",
            name="queue recovery",
        )

    def _on_recovered(self, answer) -> None:
        recovered, settings = answer
        self.refresh()
        if not recovered:
            return
        items = ", ".join(str(i) for i in recovered)
        if settings.after_crash == queue.AfterCrash.RESUME and not settings.paused:
            self.message.emit(
                "warning",
                translate(
                    "QueueController",
                    "The queue was running when the app ended; item {items} was interrupted and now resumes.",
                ).format(items=items),
            )
            self._run_here()
        else:
            self.message.emit(
                "warning",
                settings.note
                or translate("QueueController", "Item {items} was interrupted.").format(items=items),
            )

    def _run_here(self) -> None:
        self._set_active(True)
        self._take_next()

    def _set_active(self, active: bool) -> None:
        if active != self.active:
            self.active = active
            self.active_changed.emit(active)
        self._update_poll()

    def _take_next(self) -> None:
        if (
            not self.active
            or self._closing
            or self._taking
            or self._pending is not None
            or self.train_page.is_training()
        ):
            return
        self._taking = True

        def take():
            skipped: list[queue.QueueItem] = []
            prepared = queue_runner.take_next(self.db, on_skipped=skipped.append)
            return prepared, skipped, queue.get_settings(self.db).paused

        self.tasks.run(take, self._on_taken, self._on_take_failed, topic="take", name="queue take")

    def _on_taken(self, answer) -> None:
        self._taking = False
        prepared, skipped, paused = answer
        for item in skipped:
            self.message.emit(
                "error",
                translate("QueueController", "Item {item} ({label}) could not start: {message}").format(
                    item=item.id, label=item.label, message=translated(item.message)
                ),
            )
        if prepared is None:
            self._set_active(False)
            self.message.emit(
                "info",
                translate("QueueController", "The queue is paused.")
                if paused
                else translate("QueueController", "The queue is done: nothing is waiting."),
            )
            self.refresh()
            return
        if self.train_page.is_training():  # the user started a run meanwhile: this one follows it
            self._pending = prepared
        else:
            self._begin(prepared)
        self.refresh()

    def _on_take_failed(self, exc: BaseException) -> None:
        self._taking = False
        self._set_active(False)
        self.message.emit(
            "error", user_message(exc, translate("QueueController", "Taking the next queued run"))
        )
        self.refresh()

    def _begin(self, prepared: queue_runner.PreparedItem) -> None:
        db = self.db

        def job(callback, control):
            return queue_runner.train_prepared(db, prepared, callbacks=(callback,), control=control)

        self.current = prepared
        self.train_page.start_job(prepared.run_id, prepared.run_name, job, resumed=prepared.resuming)

    @Slot(bool)
    def _on_training_busy(self, busy: bool) -> None:
        if busy:
            return
        if self._pending is not None and not self._closing:
            prepared, self._pending = self._pending, None
            self._begin(prepared)
        else:
            self._take_next()

    @Slot(str, object)
    def _on_run_finished(self, run_id: str, outcome) -> None:
        if self.current is None or self.current.run_id != run_id:
            return
        self.current = None
        if outcome.status == RunStatus.STOPPED:  # the user stopped it, or the window closes
            self._set_active(False)
            self.message.emit(
                "info",
                translate(
                    "QueueController",
                    "The queued run was stopped, so the queue no longer runs here. Start the queue to resume it.",
                ),
            )
        elif outcome.status == RunStatus.FAILED:
            self.message.emit(
                "error",
                translate("QueueController", "A queued run failed; the queue goes on. {message}").format(
                    message=translated(outcome.message)
                ),
            )
        self.refresh()

    # Errors and shutdown ---------------------------------------------------------------
    def _on_error(self, what: str, refresh: bool = False) -> Callable[[BaseException], None]:
        def show(exc: BaseException) -> None:
            self.message.emit("error", user_message(exc, what))
            if refresh:
                self.refresh()

        return show

    def shutdown(self, msecs: int = 30_000) -> bool:
        """Run no further item and wait for the background calls (the window closes)."""
        self._closing = True
        self._set_active(False)
        self._poll.stop()
        done = self.tasks.wait_idle(msecs)
        pending, self._pending = self._pending, None
        if pending is not None:  # taken but never trained: it resumes next time
            queue.finish_item(self.db, pending.claim, RunEnd(RunStatus.STOPPED, 0, "The app closed."))
        return done

    def wait_idle(self, msecs: int = 30_000) -> bool:
        return self.tasks.wait_idle(msecs)
