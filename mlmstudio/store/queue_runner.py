"""Running the queue: take the next item, train it as an ordinary run, record how it ended.

Both faces run the queue through these functions, and both train an item
exactly as they train any run: ``lifecycle.prepare_run`` + ``run_recorded``
(``mlmstudio train`` and the app's Start), or ``lifecycle.resume_run`` for an
item that was interrupted after its run was recorded (History's Resume).

    take_next       claim the next item and record its run (or find the run it resumes);
                    an item that cannot start (its corpus is gone, its settings are refused)
                    is marked failed with the sentence, and the next one is taken
    train_prepared  train it on the calling thread; whatever happens, the item's end is recorded
    run_queue       the loop of ``mlmstudio queue run``: until the queue is empty, paused or stopped

The app calls ``take_next`` in a background call and ``train_prepared`` as its
training worker's job, so the Train page shows the queued run like any other.
A failed run never stops the queue; a stopped one (Stop, Ctrl+C, SIGTERM)
stops the loop and leaves its item ``interrupted``, to resume next time.
The engine (and torch) is imported only when an item trains.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mlmstudio.engine.events import EventCallback, TrainingControl
from mlmstudio.engine.run_end import RunEnd, decide_run_end
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.errors import MLMStudioError
from mlmstudio.store import lifecycle, queue, repository
from mlmstudio.store.database import Database
from mlmstudio.store.errors import RunNotFoundError

if TYPE_CHECKING:
    from mlmstudio.engine.trainer import TrainResult

log = logging.getLogger(__name__)


@dataclass
class PreparedItem:
    """A claimed item with its run recorded, ready to train; ``corpus_text`` None when it resumes."""

    claim: queue.Claim
    run_id: str
    run_name: str
    corpus_text: str | None
    finished: queue.QueueItem | None = None  # the item as recorded at its end
    end: RunEnd | None = None

    @property
    def item(self) -> queue.QueueItem:
        return self.claim.item

    @property
    def resuming(self) -> bool:
        return self.corpus_text is None


def take_next(
    db: Database, *, on_skipped: Callable[[queue.QueueItem], None] | None = None
) -> PreparedItem | None:
    """The next item, claimed and with its run recorded; None when the queue is empty or paused.

    Items that cannot start are recorded as failed (``on_skipped`` hears of
    each) and the queue goes on with the next one.
    """
    while True:
        claim = queue.claim_next(db)
        if claim is None:
            return None
        try:
            prepared = _prepare(db, claim)
        except Exception as exc:  # noqa: BLE001 - the item fails with a sentence; the queue goes on
            if not isinstance(exc, MLMStudioError):
                log.exception("Queue item %s could not start", claim.item.id)
            item = queue.fail_claim(db, claim, _start_failure(exc))
            if item is not None and on_skipped is not None:
                on_skipped(item)
            continue
        if prepared is not None:
            return prepared


def _start_failure(exc: BaseException) -> str:
    if isinstance(exc, MLMStudioError):
        return f"The run could not start: {exc}"
    if isinstance(exc, OSError):
        return f"The run could not start: {exc.strerror or exc}."
    return f"The run could not start because of an internal error ({type(exc).__name__}: {exc})."


def _prepare(db: Database, claim: queue.Claim) -> PreparedItem | None:
    """Record the item's run, or find the run an interrupted item continues (None: nothing left to do)."""
    item = claim.item
    if claim.resuming and item.run_id is not None:  # without its run id, it trains afresh
        try:
            with db.session(write=False) as session:
                run = repository.find_run(session, item.run_id)
                status, name = RunStatus(run.status), run.name
        except RunNotFoundError:  # its run was deleted from History: train the item afresh
            log.info("The run of queue item %s is gone; training it afresh.", item.id)
        else:
            if status == RunStatus.COMPLETED:  # it ended just before its process did
                queue.finish_item(db, claim, RunEnd(RunStatus.COMPLETED))
                return None
            return PreparedItem(claim, item.run_id, name, None)
    from mlmstudio.engine.corpus import load_corpus

    config = item.config
    corpus = load_corpus(
        config.corpus.source,
        text_field=config.corpus.text_field,
        csv_column=config.corpus.csv_column,
        encoding=config.corpus.encoding,
    )
    handle = lifecycle.prepare_run(db, config, corpus, name=item.name or None)
    queue.record_run(db, claim, handle.run_id)
    return PreparedItem(claim, handle.run_id, handle.name, corpus.text)


def train_prepared(
    db: Database,
    prepared: PreparedItem,
    *,
    callbacks: Iterable[EventCallback] = (),
    control: TrainingControl | None = None,
) -> TrainResult:
    """Train (or resume) the prepared item's run here; its end is recorded whatever happens."""
    result, error = None, None
    try:
        if prepared.resuming:
            result = lifecycle.resume_run(db, prepared.run_id, callbacks=callbacks, control=control)
        else:
            assert prepared.corpus_text is not None  # a new run's item carries its text
            result = lifecycle.run_recorded(
                db, prepared.run_id, prepared.corpus_text, callbacks=callbacks, control=control
            )
        return result
    except BaseException as exc:
        error = exc
        raise
    finally:
        prepared.end = decide_run_end(result, error, step=getattr(result, "steps", 0) or 0)
        prepared.finished = queue.finish_item(db, prepared.claim, prepared.end)


@dataclass
class QueueRunSummary:
    """What one ``run_queue`` call did."""

    finished: list[queue.QueueItem] = field(default_factory=list)  # in the order they ended
    stopped: bool = False  # a stop was asked (Ctrl+C, SIGTERM): the loop ended early

    def count(self, state: queue.ItemState) -> int:
        return sum(1 for item in self.finished if item.state == state)


def run_queue(
    db: Database,
    *,
    control: TrainingControl | None = None,
    callbacks_for: Callable[[PreparedItem], Iterable[EventCallback]] = lambda _p: (),
    on_start: Callable[[PreparedItem], None] | None = None,
    on_end: Callable[[queue.QueueItem], None] | None = None,
) -> QueueRunSummary:
    """Run items one after another until the queue is empty or paused, or ``control`` stops it."""
    control = control or TrainingControl()
    summary = QueueRunSummary()

    def ended(item: queue.QueueItem) -> None:
        summary.finished.append(item)
        if on_end is not None:
            on_end(item)

    while not control.stop_requested:
        prepared = take_next(db, on_skipped=ended)
        if prepared is None:
            break
        if on_start is not None:
            on_start(prepared)
        try:
            train_prepared(db, prepared, callbacks=callbacks_for(prepared), control=control)
        except Exception:  # noqa: BLE001 - recorded as the item's failure; the queue goes on
            log.exception("Queue item %s failed", prepared.item.id)
        if prepared.finished is not None:
            ended(prepared.finished)
    summary.stopped = control.stop_requested
    return summary
