"""The history database: one SQLite file, one engine per process, migrated on open.

Every connection runs in WAL mode with foreign keys on and a busy timeout, so
the GUI thread, a training thread and a second process can share the file.
Write transactions start with ``BEGIN IMMEDIATE``: a deferred transaction that
reads first and writes later can fail at once with "database is locked" when
another process committed in between (SQLite cannot upgrade a stale snapshot),
whereas an immediate one waits for the lock under the busy timeout.
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.exc import DatabaseError
from sqlalchemy.orm import Session, sessionmaker

from mlmstudio.store.db_errors import (
    damage_before_open,
    damaged_error,
    database_error_kind,
    describe_database_error,
)
from mlmstudio.store.errors import StoreError
from mlmstudio.store.paths import chosen_data_dir, database_path, runs_root
from mlmstudio.store.paths import data_dir as resolve_data_dir

if TYPE_CHECKING:
    from alembic.config import Config

log = logging.getLogger(__name__)

BUSY_TIMEOUT_SECONDS = 30.0
LEFTOVER_AGE_SECONDS = 3600.0
MIGRATIONS_DIR = Path(__file__).with_name("migrations")

# One engine per database file per process (SQLAlchemy's advice: an engine is a pool).
_engines: dict[Path, Engine] = {}
_identities: dict[Path, tuple[int, int] | None] = {}  # each cached engine's file (device, inode)
_engines_lock = threading.Lock()


def alembic_config(db_file: Path) -> Config:
    """An Alembic configuration in code: no alembic.ini needed, works from an installed package."""
    from alembic.config import Config  # alembic (and mako, pygments) only when a migration runs

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    cfg.set_main_option("sqlalchemy.url", f"sqlite:///{db_file}")
    return cfg


def make_engine(db_file: Path) -> Engine:
    """A new engine for ``db_file`` with the connection settings described above."""
    engine = create_engine(
        f"sqlite:///{db_file}",
        connect_args={"timeout": BUSY_TIMEOUT_SECONDS, "check_same_thread": False},
    )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record) -> None:
        # Let SQLAlchemy's "begin" event below issue BEGIN, not the sqlite3 module.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_SECONDS * 1000)}")
        cursor.execute("PRAGMA foreign_keys=ON")
        # In WAL mode NORMAL loses nothing to a killed process, only possibly to a power cut.
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection) -> None:
        mode = connection.get_execution_options().get("sqlite_begin", "IMMEDIATE")
        connection.exec_driver_sql(f"BEGIN {mode}")

    return engine


def migrate(engine: Engine, db_file: Path, revision: str = "head") -> None:
    """Bring the schema to ``revision`` (normally the newest) in one transaction."""
    from alembic import command

    cfg = alembic_config(db_file)
    with engine.begin() as connection:
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, revision)


def current_revision(engine: Engine) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head_revision() -> str:
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config(Path("unused"))).get_current_head()
    assert head is not None  # the migrations ship with the package
    return head


class Database:
    """The open history: its data directory, its engine and sessions."""

    def __init__(self, directory: Path, engine: Engine) -> None:
        self.data_dir = directory
        self.path = database_path(directory)
        self.runs_dir = runs_root(directory)
        self.engine = engine
        self._write_sessions = sessionmaker(engine, expire_on_commit=False)
        self._read_sessions = sessionmaker(
            engine.execution_options(sqlite_begin="DEFERRED"), expire_on_commit=False
        )

    @classmethod
    def open(cls, data_dir: str | Path | None = None, *, recover: bool = True) -> Database:
        """Open (creating and migrating if needed) the history in ``data_dir``.

        With ``recover``, runs left running or paused by a process that is gone
        become ``interrupted`` (see ``recovery.py``).
        """
        try:
            directory = resolve_data_dir(data_dir)
            runs_root(directory).mkdir(exist_ok=True)
        except OSError as exc:
            chosen, source = chosen_data_dir(data_dir)
            raise StoreError(
                f"The data directory {chosen} (from {source}) cannot be created or written "
                f"({exc.strerror or exc}). Choose another one with --data-dir or "
                "MLMSTUDIO_HOME."
            ) from exc
        _sweep_leftovers(directory)
        db_file = database_path(directory)
        damage = damage_before_open(db_file, runs_root(directory)) or _schema_problem(db_file)
        if damage:
            raise damaged_error(db_file, damage)
        try:
            db = cls(directory, _engine_for(db_file))
            if recover:
                from mlmstudio.store.recovery import abandoned_run_ids, recover_interrupted_runs

                # Read first, write only when a run is to be marked: a training process
                # suspended (Ctrl+Z) inside a write would otherwise block every open.
                with db.session(write=False) as session:
                    abandoned = abandoned_run_ids(session, runs_dir=db.runs_dir)
                recovered = []
                if abandoned:
                    with db.session() as session:
                        recovered = recover_interrupted_runs(session, runs_dir=db.runs_dir)
                if recovered:
                    log.info("Marked %d run(s) as interrupted: %s", len(recovered), ", ".join(recovered))
        except _alembic_command_error() as exc:  # evaluated only when something was raised
            raise StoreError(
                f"The run history at {db_file} was written by a newer version of MLM Studio "
                f"({exc}). Update MLM Studio, or choose another data directory."
            ) from exc
        except DatabaseError as exc:  # locked, read-only, disk full or damaged: each says so
            raise describe_database_error(exc, db_file) from exc
        return db

    def run_dir(self, run_id: str) -> Path:
        return self.runs_dir / run_id

    @contextmanager
    def session(self, *, write: bool = True) -> Iterator[Session]:
        """A session in one transaction: committed when the block ends, rolled back on error.

        Use ``write=False`` for pure reads: they then neither wait for nor block writers.
        """
        maker = self._write_sessions if write else self._read_sessions
        try:
            with maker.begin() as session:
                yield session
        except (DatabaseError, sqlite3.DatabaseError) as exc:  # e.g. damaged while the app is open
            raise describe_database_error(exc, self.path) from exc

    def close(self) -> None:
        """Close pooled connections (the engine stays usable and reconnects on demand)."""
        self.engine.dispose()


def _sweep_leftovers(directory: Path) -> None:
    """Remove what an import or a delete killed halfway left behind (old enough to be abandoned)."""
    cutoff = time.time() - LEFTOVER_AGE_SECONDS
    for parent, pattern in ((directory, ".import-*"), (runs_root(directory), ".deleting-*")):
        for leftover in parent.glob(pattern):
            try:
                if leftover.is_dir() and leftover.stat().st_mtime < cutoff:
                    shutil.rmtree(leftover, ignore_errors=True)
            except OSError:
                pass


def _schema_problem(db_file: Path) -> str | None:
    """A history with tables but no Alembic version table cannot be migrated safely: say so."""
    if not db_file.exists() or db_file.stat().st_size == 0:
        return None
    try:
        connection = sqlite3.connect(f"file:{db_file}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_SECONDS)
    except sqlite3.Error:
        return None  # cannot open read-only: SQLAlchemy's attempt says why
    try:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    except sqlite3.DatabaseError as exc:
        if database_error_kind(exc) != "damaged":
            return None
        return f"SQLite reports: {exc}"
    finally:
        connection.close()
    if tables and "alembic_version" not in tables and "runs" in tables:
        return "its schema version table (alembic_version) is missing, so its layout is unknown"
    return None


def forget_engine(db_file: Path) -> None:
    """Close and drop this process's engine for ``db_file`` (before the file is moved aside)."""
    key = db_file.resolve()
    with _engines_lock:
        engine = _engines.pop(key, None)
        _identities.pop(key, None)
    if engine is not None:
        engine.dispose()


def _alembic_command_error() -> type[Exception]:
    from alembic.util.exc import CommandError

    return CommandError


def head_revision_from_files() -> str | None:
    """The newest migration, read from the migration files without importing Alembic.

    None when the files do not name exactly one head (then Alembic decides).
    """
    revisions, parents = set(), set()
    for script in (MIGRATIONS_DIR / "versions").glob("*.py"):
        for line in script.read_text(encoding="utf-8").splitlines():
            name, _, value = line.partition("=")
            value = value.strip().strip("\"'")
            if name.strip() == "revision":
                revisions.add(value)
            elif name.strip() == "down_revision" and value != "None":
                parents.add(value)
    heads = revisions - parents
    return heads.pop() if len(heads) == 1 else None


def _at_head(engine: Engine) -> bool:
    """True when the schema is already the newest: opening then needs no Alembic (~0.3 s at start)."""
    head = head_revision_from_files()
    if head is None:
        return False
    with engine.connect() as connection:
        has_table = connection.exec_driver_sql(
            "SELECT 1 FROM sqlite_master WHERE type='table' AND name='alembic_version'"
        ).first()
        if not has_table:
            return False
        rows = connection.exec_driver_sql("SELECT version_num FROM alembic_version").fetchall()
    return [row[0] for row in rows] == [head]


def _engine_for(db_file: Path) -> Engine:
    """The process's engine for ``db_file``, created and migrated on first use."""
    key = db_file.resolve()
    with _engines_lock:
        engine = _engines.get(key)
        if engine is not None and _replaced(key):
            engine.dispose()  # the file was deleted, emptied or replaced behind our back: start afresh
            engine = None
        if engine is None:
            engine = make_engine(key)
            if not _at_head(engine):
                migrate(engine, key)
            _engines[key] = engine
            _identities[key] = _identity(key)
        return engine


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_dev, status.st_ino


def _replaced(path: Path) -> bool:
    """The cached engine's file is no longer the one it migrated: pooled connections would read
    the old inode, or an emptied file without its tables ('no such table: runs')."""
    try:
        empty = path.stat().st_size == 0
    except OSError:
        return True
    return empty or _identity(path) != _identities.get(path)
