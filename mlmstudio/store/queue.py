"""The run queue: run configurations waiting in order, kept in the history database.

The queue survives a restart and is shared by every process on the data
directory: the app and ``mlmstudio queue run`` may both run it, and never run
the same item twice. That rests on three things:

- ``claim_next`` picks the first item and marks it ``running`` inside one
  ``BEGIN IMMEDIATE`` transaction (``database.py``), so two claims are
  serialised by SQLite and the second sees the first's mark;
- the claiming process holds an OS lock on ``queue/item-N/owner.lock`` in the
  data directory for as long as it runs the item (``run_lock.RunLock``: held
  while the process lives, Ctrl+Z included, released by any death);
- ``recover_abandoned`` marks a ``running`` item whose lock is free (its process
  died) ``interrupted``, like crash recovery does for runs. Items without a
  lock file fall back to the pid on this host.

An item's life::

    waiting -> running -> done | failed | interrupted      (removed: taken out by the user)
    interrupted -> running                                 (resumed: its run continues)

The queue's settings are one row: ``paused`` (no new item is claimed; the run
in progress goes on), ``after_crash`` (``wait``: a crash pauses the queue with
a note; ``resume``: the interrupted item is resumed when the queue next runs)
and ``note`` (why the queue paused itself).

A damaged row (a state or a time the history cannot read, as a hand edit or a
damaged page of the file leaves it) is isolated: ``damaged_rows`` finds it with
a raw read, every query of the ORM leaves it out, the listing shows it as
``failed`` with a sentence naming the history file and the fix (remove it),
``remove_item`` removes it without reading it, and the other items run. An
item whose stored settings do not read fails when claimed, with its sentence.

Every function takes the ``Database`` and returns plain frozen records
(``QueueItem``, ``QueueSettings``), so the GUI, the CLI and a sweep can call them
from any thread. Bad input raises ``QueueError`` with a sentence.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import shutil
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import overload

from sqlalchemy import Engine, func, select, text, update
from sqlalchemy.orm import Session

from mlmstudio import command_hint
from mlmstudio.config import ConfigError, RunConfig
from mlmstudio.engine.run_end import RunEnd
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.store.database import Database
from mlmstudio.store.errors import StoreError
from mlmstudio.store.models import QueueItemRow, QueueSettingsRow, utcnow
from mlmstudio.store.recovery import hostname, process_alive
from mlmstudio.store.run_lock import RunLock, owner_alive

log = logging.getLogger(__name__)

QUEUE_FOLDER = "queue"
MAX_NAME = 500


class QueueError(StoreError):
    """The queue cannot do what was asked: an unknown item, a bad position, a running item, ..."""


class ItemState(StrEnum):
    WAITING = "waiting"  # in line
    RUNNING = "running"  # a live process has claimed it
    DONE = "done"  # its run completed
    FAILED = "failed"  # its run failed (or could not start); the message says why
    INTERRUPTED = "interrupted"  # its process ended or it was stopped: it resumes when the queue runs
    REMOVED = "removed"  # taken out of the queue by the user; kept for the record


# Items the queue still runs, in position order.
RUNNABLE_STATES = (ItemState.WAITING, ItemState.INTERRUPTED)


class AfterCrash(StrEnum):
    WAIT = "wait"  # a crash pauses the queue; the user starts it again
    RESUME = "resume"  # the interrupted item is resumed when the queue next runs


CRASH_NOTE = (
    "The queue was running when its process ended (a crash, a kill or a power cut), so it "
    "waits: item {items} was interrupted. Start the queue to resume it, or remove it first."
)
INTERRUPTED_ITEM_MESSAGE = (
    "The process running this item ended before it finished. It resumes from "
    "its last checkpoint when the queue runs again."
)
STOPPED_ITEM_MESSAGE = (
    "The run was stopped before it finished. It resumes from its last checkpoint when the queue runs again."
)


@dataclass(frozen=True)
class QueueItem:
    id: int
    position: int
    name: str
    config_json: str
    corpus_source: str
    state: ItemState
    run_id: str | None
    message: str
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    pid: int | None
    hostname: str | None

    @property
    def config(self) -> RunConfig:
        try:
            return RunConfig.from_json(self.config_json)
        except ConfigError as exc:  # still a ConfigError: callers tell refused settings by it
            raise ConfigError(
                f"The settings stored with queue item {self.id} cannot be read: {exc} Remove it "
                f"with '{command_hint.command(f'queue remove {self.id}')}' and add the run again."
            ) from exc

    @property
    def label(self) -> str:
        """How the item is named to the user: its name, else its corpus."""
        return self.name or self.corpus_source


@dataclass(frozen=True)
class QueueSettings:
    paused: bool
    after_crash: AfterCrash
    note: str  # why the queue paused itself ("" when the user paused it or it runs)


# --- records ------------------------------------------------------------------------------------


@overload
def _aware(value: datetime) -> datetime: ...
@overload
def _aware(value: None) -> None: ...
def _aware(value: datetime | None) -> datetime | None:
    return value.replace(tzinfo=UTC) if value is not None else None


def _item(row: QueueItemRow) -> QueueItem:
    return QueueItem(
        id=row.id,
        position=row.position,
        name=row.name,
        config_json=row.config_json,
        corpus_source=row.corpus_source,
        state=ItemState(row.state),
        run_id=row.run_id,
        message=row.message,
        created_at=_aware(row.created_at),
        started_at=_aware(row.started_at),
        finished_at=_aware(row.finished_at),
        pid=row.pid,
        hostname=row.hostname,
    )


def _settings_row(session: Session) -> QueueSettingsRow:
    row = session.get(QueueSettingsRow, 1)
    if row is None:  # the migration inserts it; a hand-edited history may have lost it
        row = QueueSettingsRow(id=1, paused=False, after_crash=AfterCrash.WAIT.value, note="")
        session.add(row)
        session.flush()
    return row


def _settings(row: QueueSettingsRow) -> QueueSettings:
    try:
        after_crash, note = AfterCrash(row.after_crash), row.note
    except ValueError:  # a damaged row: waiting is the safe choice, and the note says so
        after_crash = AfterCrash.WAIT
        note = (
            f"The queue's after-crash setting in the history is damaged ({row.after_crash!r}), so it "
            f"waits after a crash; choose again with '{command_hint.command('queue start --after-crash wait|resume')}'."
        )
    return QueueSettings(paused=bool(row.paused), after_crash=after_crash, note=note or "")


_COLUMNS = (
    "id, position, name, config_json, corpus_source, state, run_id, message, "
    "created_at, started_at, finished_at, pid, hostname"
)
_TIMES = {"created_at": "time it was added", "started_at": "start time", "finished_at": "end time"}
_STATES = {s.value for s in ItemState}


def _row_problem(raw: dict) -> str | None:
    """What in a raw row the ORM could not read (it would fail the whole query); None if sound."""
    if raw["state"] not in _STATES:
        return f"its state reads {raw['state']!r}"
    for column in _TIMES:
        value = raw[column]
        if value is None and column != "created_at":
            continue
        try:
            datetime.fromisoformat(value)
        except (TypeError, ValueError):
            return f"its {_TIMES[column]} reads {value!r}"
    if not isinstance(raw["id"], int) or not isinstance(raw["position"], int):
        return f"its position reads {raw['position']!r}"
    return None


def _damaged(session: Session) -> dict[int, QueueItem]:
    """Rows the ORM cannot read, each as an item shown ``failed`` with its sentence (raw read)."""
    found = {}
    for raw in session.execute(text(f"SELECT {_COLUMNS} FROM queue_items")).mappings():
        problem = _row_problem(dict(raw))
        if problem is None or raw["state"] == ItemState.REMOVED.value:
            continue
        item_id = raw["id"]
        found[item_id] = QueueItem(
            id=item_id,
            position=raw["position"] if isinstance(raw["position"], int) else 1 << 62,
            name=str(raw["name"] or ""),
            config_json=str(raw["config_json"] or ""),
            corpus_source=str(raw["corpus_source"] or ""),
            state=ItemState.FAILED,
            run_id=raw["run_id"] if isinstance(raw["run_id"], str) else None,
            message=(
                f"This item's record in the history {_history_file(session)} is damaged "
                f"({problem}), so the queue skips it. Remove it with '{command_hint.command(f'queue remove {item_id}')}' "
                "(or Remove on the Queue page) and add the run again."
            ),
            created_at=datetime.fromtimestamp(0, UTC),
            started_at=None,
            finished_at=None,
            pid=None,
            hostname=None,
        )
    return found


def _history_file(session: Session) -> str:
    bind = session.get_bind()
    engine = bind if isinstance(bind, Engine) else bind.engine
    return str(engine.url.database)


def damaged_items(db: Database) -> list[QueueItem]:
    """The items whose record the history cannot read, and waiting ones whose settings do not load."""
    with db.session(write=False) as session:
        damaged = _damaged(session)
        rows = _visible(session)
    found = list(damaged.values())
    for item in (_item(r) for r in rows if r.state in RUNNABLE_STATES):
        try:
            _ = item.config
        except ConfigError as exc:
            found.append(dataclasses.replace(item, state=ItemState.FAILED, message=str(exc)))
    return sorted(found, key=lambda i: i.id)


def _sound(session: Session):
    """The ORM's condition for rows it can read: every query of items goes through it."""
    damaged = list(_damaged(session))
    return QueueItemRow.id.not_in(damaged) if damaged else QueueItemRow.id.is_not(None)


def _visible(session: Session) -> list[QueueItemRow]:
    """The items the user sees, in queue order (removed ones are hidden, damaged ones apart)."""
    return list(
        session.scalars(
            select(QueueItemRow)
            .where(QueueItemRow.state != ItemState.REMOVED.value, _sound(session))
            .order_by(QueueItemRow.position, QueueItemRow.id)
        )
    )


def _find(session: Session, item_id: int) -> QueueItemRow:
    damaged = _damaged(session)
    if item_id in damaged:
        raise QueueError(damaged[item_id].message)
    row = session.get(QueueItemRow, item_id) if isinstance(item_id, int) else None
    if row is None or row.state == ItemState.REMOVED:
        raise QueueError(
            f"There is no item {item_id} in the queue. '{command_hint.command('queue list')}' shows "
            "the items and their numbers."
        )
    return row


# --- adding, listing, removing, reordering -------------------------------------------------------


def add_item(db: Database, config: RunConfig, name: str | None = None) -> QueueItem:
    """Put a validated run configuration at the end of the queue."""
    try:
        config.validate()
    except ConfigError as exc:
        raise QueueError(f"This configuration cannot be queued: {exc}") from exc
    name = " ".join((name or "").split())[:MAX_NAME]
    with db.session() as session:
        # Removed rows keep their old places; only the listed ones count.
        last = (
            session.scalar(
                select(func.max(QueueItemRow.position)).where(
                    QueueItemRow.state != ItemState.REMOVED.value, _sound(session)
                )
            )
            or 0
        )
        row = QueueItemRow(
            position=last + 1,
            name=name,
            config_json=config.to_json(),
            corpus_source=config.corpus.source,
            state=ItemState.WAITING.value,
            message="",
            created_at=utcnow(),
        )
        session.add(row)
        session.flush()
        return _item(row)


def list_items(db: Database, *, include_removed: bool = False) -> list[QueueItem]:
    """The queue in order: waiting and finished items alike (removed ones only when asked)."""
    with db.session(write=False) as session:
        if include_removed:
            rows = list(
                session.scalars(
                    select(QueueItemRow)
                    .where(_sound(session))
                    .order_by(QueueItemRow.position, QueueItemRow.id)
                )
            )
        else:
            rows = _visible(session)
        items = [_item(row) for row in rows] + list(_damaged(session).values())
        return sorted(items, key=lambda i: (i.position, i.id))


def get_item(db: Database, item_id: int) -> QueueItem:
    """The item (a damaged one as ``failed``, with the sentence saying so)."""
    with db.session(write=False) as session:
        damaged = _damaged(session)
        if item_id in damaged:
            return damaged[item_id]
        return _item(_find(session, item_id))


def remove_item(db: Database, item_id: int) -> QueueItem:
    """Take an item out of the queue (it stays in the database as ``removed``); not while it runs."""
    with db.session() as session:
        damaged = _damaged(session)
        if item_id in damaged:  # removed without reading it: the ORM cannot
            session.execute(
                update(QueueItemRow).where(QueueItemRow.id == item_id).values(state=ItemState.REMOVED.value)
            )
            _renumber(_visible(session))
            return dataclasses.replace(damaged[item_id], state=ItemState.REMOVED)
        row = _find(session, item_id)
        if row.state == ItemState.RUNNING:
            raise QueueError(
                f"Item {item_id} is running right now, so it cannot be removed. Stop its "
                f"run first (Stop on the Train page, or Ctrl+C in '{command_hint.command('queue run')}')."
            )
        row.state = ItemState.REMOVED.value
        visible = [r for r in _visible(session) if r.id != row.id]
        _renumber(visible)
        settings = session.get(QueueSettingsRow, 1)
        if (
            settings is not None
            and settings.note
            and not any(r.state == ItemState.INTERRUPTED for r in visible)
        ):
            settings.note = ""  # the crash note named the item(s) now gone
        return _item(row)


def move_item(db: Database, item_id: int, position: int) -> list[QueueItem]:
    """Move an item to ``position`` (1 = first) among the listed items; returns the new order."""
    with db.session() as session:
        row = _find(session, item_id)
        rows = [r for r in _visible(session) if r.id != row.id]
        if not isinstance(position, int) or not 1 <= position <= len(rows) + 1:
            raise QueueError(
                f"Position {position} is outside the queue: give a number from 1 to {len(rows) + 1}."
            )
        rows.insert(position - 1, row)
        _renumber(rows)
        return [_item(r) for r in rows]


def reorder(db: Database, item_ids: list[int]) -> list[QueueItem]:
    """Put the listed items in exactly this order (the app's drag and drop sends the whole list).

    Items the list leaves out (added meanwhile by another process) keep their
    turn after the listed ones.
    """
    with db.session() as session:
        damaged = _damaged(session)  # listed, but not moved: they are removed, not reordered
        item_ids = [i for i in item_ids if i not in damaged]
        rows = _visible(session)
        by_id = {r.id: r for r in rows}
        unknown = [i for i in item_ids if i not in by_id]
        if unknown or len(set(item_ids)) != len(item_ids):
            raise QueueError(
                "The queue changed meanwhile (an item was removed or listed twice). "
                "Reload the queue and move the item again."
            )
        ordered = [by_id[i] for i in item_ids] + [r for r in rows if r.id not in set(item_ids)]
        _renumber(ordered)
        return [_item(r) for r in ordered]


def _renumber(rows: list[QueueItemRow]) -> None:
    for position, row in enumerate(rows, start=1):
        if row.position != position:
            row.position = position


def clear_finished(db: Database) -> int:
    """Remove every done, failed item from the list; returns how many."""
    with db.session() as session:
        rows = _visible(session)
        gone = [r for r in rows if r.state in (ItemState.DONE, ItemState.FAILED)]
        for row in gone:
            row.state = ItemState.REMOVED.value
        _renumber([r for r in rows if r not in gone])
        return len(gone)


# --- settings -------------------------------------------------------------------------------------


def get_settings(db: Database) -> QueueSettings:
    with db.session(write=False) as session:
        row = session.get(QueueSettingsRow, 1)
        if row is None:
            return QueueSettings(False, AfterCrash.WAIT, "")
        return _settings(row)


def set_paused(db: Database, paused: bool, note: str = "") -> QueueSettings:
    """Pause (no new item starts; the current run goes on) or start the queue."""
    with db.session() as session:
        row = _settings_row(session)
        row.paused, row.note = bool(paused), note if paused else ""
        return _settings(row)


def set_after_crash(db: Database, after_crash: AfterCrash | str) -> QueueSettings:
    try:
        choice = AfterCrash(str(after_crash))
    except ValueError:
        raise QueueError(f"After a crash the queue can 'wait' or 'resume', not {after_crash!r}.") from None
    with db.session() as session:
        row = _settings_row(session)
        row.after_crash = choice.value
        return _settings(row)


# --- claiming and finishing (the runners) ------------------------------------------------------------


def item_dir(db: Database, item_id: int) -> Path:
    """The folder of an item's owner lock (``owner.lock``), while a process runs it."""
    return db.data_dir / QUEUE_FOLDER / f"item-{item_id}"


class Claim:
    """An item this process has claimed, with the lock that says so; ``release()`` when it ends."""

    def __init__(self, item: QueueItem, lock: RunLock, folder: Path) -> None:
        self.item = item
        self._lock = lock
        self._folder = folder

    @property
    def resuming(self) -> bool:
        """The item was interrupted after its run was recorded: that run continues."""
        return self.item.run_id is not None

    def release(self) -> None:
        if self._lock.held:
            # Removed while still held: a claimer that opened the old file meanwhile finds it locked.
            shutil.rmtree(self._folder, ignore_errors=True)
            self._lock.release()


def _owner_gone(db: Database, row: QueueItemRow) -> bool:
    alive = owner_alive(item_dir(db, row.id))
    if alive is not None:
        return not alive
    # No lock file (a moved data directory): the pid on this host is the only sign left.
    return row.pid is not None and row.hostname == hostname() and process_alive(row.pid) is False


def _recover(db: Database, session: Session) -> list[int]:
    """Mark running items whose process is gone ``interrupted``; pause the queue if told to wait."""
    recovered = []
    running = select(QueueItemRow).where(QueueItemRow.state == ItemState.RUNNING.value, _sound(session))
    for row in session.scalars(running):
        if _owner_gone(db, row):
            row.state = ItemState.INTERRUPTED.value
            row.message = INTERRUPTED_ITEM_MESSAGE
            row.finished_at = utcnow()
            recovered.append(row.id)
    if recovered:
        settings = _settings_row(session)
        if settings.after_crash == AfterCrash.WAIT:
            settings.paused = True
            settings.note = CRASH_NOTE.format(items=", ".join(str(i) for i in recovered))
        log.info("Queue items interrupted by a dead process: %s", recovered)
    return recovered


def abandoned_items(db: Database) -> list[int]:
    """Running items whose process is gone (a read: nothing is changed)."""
    with db.session(write=False) as session:
        rows = session.scalars(
            select(QueueItemRow).where(QueueItemRow.state == ItemState.RUNNING.value, _sound(session))
        )
        return [row.id for row in rows if _owner_gone(db, row)]


def recover_abandoned(db: Database) -> list[int]:
    """Mark items left running by a dead process ``interrupted`` (and pause, after_crash=wait).

    Reads first and writes only when there is an item to mark, like the runs'
    recovery. Their runs are marked interrupted by ``recovery.py`` on open.
    """
    if not abandoned_items(db):
        return []
    with db.session() as session:
        return _recover(db, session)


def claim_next(db: Database) -> Claim | None:
    """Claim the first waiting or interrupted item for this process, atomically; None when there
    is none or the queue is paused. The caller must ``release()`` the claim when the item ends."""
    claim = None
    try:
        with db.session() as session:  # BEGIN IMMEDIATE: one claimer at a time, across processes
            _recover(db, session)
            if _settings_row(session).paused:
                return None
            rows = session.scalars(
                select(QueueItemRow)
                .where(QueueItemRow.state.in_([s.value for s in RUNNABLE_STATES]), _sound(session))
                .order_by(QueueItemRow.position, QueueItemRow.id)
            )
            for row in rows:
                folder = item_dir(db, row.id)
                lock = RunLock(folder)
                try:  # a file or folder damaged where the item's lock belongs is set aside
                    taken = lock.acquire_setting_aside(db.data_dir)
                except OSError as exc:
                    raise StoreError(
                        f"The queue's folder {folder.parent} cannot be written "
                        f"({exc.strerror or exc}). Check the disk and the permissions."
                    ) from exc
                if not taken:  # the process that claimed it still lives (a stale row): leave it be
                    continue
                row.state = ItemState.RUNNING.value
                row.started_at, row.finished_at = utcnow(), None
                row.pid, row.hostname = os.getpid(), hostname()
                row.message = ""
                claim = Claim(_item(row), lock, folder)
                break
    except BaseException:
        if claim is not None:  # the mark was not committed: nobody may think we run it
            claim.release()
        raise
    return claim


def record_run(db: Database, claim: Claim, run_id: str) -> None:
    """The run the claimed item started: recorded before it trains, so a crash can resume it."""
    with db.session() as session:
        row = session.get(QueueItemRow, claim.item.id)
        if row is not None:
            row.run_id = run_id
    claim.item = dataclasses.replace(claim.item, run_id=run_id)


def finish_item(db: Database, claim: Claim, end: RunEnd) -> QueueItem | None:
    """Record how the claimed item's run ended, then release the claim.

    completed -> done; failed -> failed with the message; stopped or
    interrupted -> interrupted (it resumes when the queue runs again).
    """
    state, message = {
        RunStatus.COMPLETED: (ItemState.DONE, ""),
        RunStatus.FAILED: (ItemState.FAILED, end.message or "The run failed."),
        RunStatus.STOPPED: (ItemState.INTERRUPTED, STOPPED_ITEM_MESSAGE),
    }.get(end.status, (ItemState.INTERRUPTED, INTERRUPTED_ITEM_MESSAGE))
    try:
        with db.session() as session:
            row = session.get(QueueItemRow, claim.item.id)
            if row is None:
                return None
            row.state, row.message, row.finished_at = state.value, message, utcnow()
            return _item(row)
    except Exception:  # the database is gone or locked: the free lock marks it interrupted later
        log.exception("Could not record the end of queue item %s.", claim.item.id)
        return None
    finally:
        claim.release()


def fail_claim(db: Database, claim: Claim, message: str) -> QueueItem | None:
    """The claimed item could not start (its corpus is gone, its config is refused): failed."""
    return finish_item(db, claim, RunEnd(RunStatus.FAILED, 0, message))
