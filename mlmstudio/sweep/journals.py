"""One Optuna journal per sweep, checked before Optuna reads it, repaired by keeping what precedes damage.

Each sweep keeps its trials in ``DATA_DIR/sweeps/NAME/journal.log`` (beside the
folder's ``owner.lock``), an append-only ``JournalStorage`` file. One file per
sweep, not one for all: a kill or a full disk mid-append cuts a line short,
and Optuna cannot read past such a line, so a shared file would stop every
sweep, new ones included; now damage stops only its own sweep.

Before Optuna opens a journal, ``journal_damage`` reads it line by line and
replays its records through Optuna itself (a file backend of its own, in
memory), so the first line Optuna would fail on is named, with the trials
recorded before it. ``repair_journal`` keeps those records and sets the damaged
file aside under a dated name; a file that keeps nothing (a folder in its
place, a sweep cut off before its settings were written) is set aside whole.

Until then every sweep shared one file, ``DATA_DIR/sweeps/optuna-journal.log``.
``split_legacy_journal`` copies each of its studies into its own journal once
(each written under a temporary name, then linked into place so that a
journal already there is never overwritten) and renames the old file
``optuna-journal.log.migrated-DATE``; a damaged old file is repaired first
(``sweep --repair``) and meanwhile only its sweeps are unreadable.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from mlmstudio import command_hint
from mlmstudio.errors import MLMStudioError
from mlmstudio.store.run_lock import clear_the_way

SWEEPS_DIRNAME = "sweeps"
JOURNAL_FILENAME = "journal.log"
LEGACY_JOURNAL_FILENAME = "optuna-journal.log"
DAMAGED_MARK = ".damaged-"
MIGRATED_MARK = ".migrated-"
CREATE_STUDY, SET_STUDY_USER_ATTR, CREATE_TRIAL = 0, 2, 4  # Optuna's JournalOperation codes
BUSY_WAIT_SECONDS = 1.0  # how long a torn last line may be another process's append in progress
MAX_JOURNAL_BYTES = 256 << 20  # thousands of trials fit in a few MB; beyond this it is not a journal
LEFTOVER_SECONDS = 600.0  # a temporary journal this old was left by a killed process


class SweepJournalError(MLMStudioError):
    """A sweep's journal is damaged; ``repair_journal`` (``sweep --repair``) keeps what precedes it."""

    exit_code = 1  # the input was fine; a stored file is not


def sweeps_dir(data_dir: Path) -> Path:
    return Path(data_dir) / SWEEPS_DIRNAME


def sweep_dir(data_dir: Path, name: str) -> Path:
    return sweeps_dir(data_dir) / name


def journal_path(data_dir: Path, name: str) -> Path:
    return sweep_dir(data_dir, name) / JOURNAL_FILENAME


def legacy_journal_path(data_dir: Path) -> Path:
    return sweeps_dir(data_dir) / LEGACY_JOURNAL_FILENAME


@dataclass(frozen=True)
class JournalDamage:
    """What is wrong with one journal file, and what a repair keeps of it."""

    path: Path
    reason: str  # in words: "its last line is cut short", "it is a folder, not a file", ...
    line: int | None = None  # the first damaged line (1-based); None when the file as a whole is unusable
    lines: int = 0
    trials_kept: int = 0  # the trials created in the records before the damage
    names: tuple[str, ...] = ()  # the sweeps its records before the damage name
    keeps_sweep: bool = False  # the records before the damage still hold a whole sweep (its settings)

    @property
    def records_kept(self) -> int:
        return self.line - 1 if self.line else 0

    def what(self) -> str:
        """'is damaged at line 12 of 40 (its last line is cut short)' or 'is unusable: ...'."""
        if self.line is None:
            return f"is unusable: {self.reason}"
        return f"is damaged at line {self.line} of {self.lines} ({self.reason})"


def sweep_damage_message(name: str, damage: JournalDamage) -> str:
    """The sentence for a sweep whose own journal is damaged: the file, the line, the repair."""
    if damage.keeps_sweep:
        keeps = (
            f"keeps the {_trials(damage.trials_kept)} recorded before it ({damage.records_kept} "
            "records) and sets the damaged file aside"
        )
    else:
        keeps = (
            "sets it aside: nothing before the damage holds the sweep's settings, so the sweep is "
            f"forgotten, while its runs stay in History (tag sweep:{name})"
        )
    return (
        f"Sweep '{name}' cannot be read: its journal {damage.path} {damage.what()}, as a kill or a "
        f"full disk while writing can leave it. '{command_hint.command(f'sweep --repair {name}')}' {keeps}. "
        "The other sweeps are not affected."
    )


def legacy_damage_message(damage: JournalDamage) -> str:
    """The sentence for the old shared journal (before one journal per sweep) when it is damaged."""
    which = f" (sweeps {', '.join(damage.names)})" if damage.names else ""
    if damage.keeps_sweep:
        repair = (
            f"keeps the {_trials(damage.trials_kept)} recorded before the damage, sets the damaged file "
            "aside and gives each of its sweeps its own journal"
        )
    else:
        repair = "sets it aside: nothing before the damage names a sweep, while their runs stay in History"
    return (
        f"The old shared sweeps' journal {damage.path}{which} {damage.what()}, so the sweeps in it "
        "cannot be read; new sweeps and the sweeps with their own journal are not affected. "
        f"'{command_hint.command('sweep --repair')}' {repair}."
    )


def _trials(count: int) -> str:
    return f"{count} trial{'s' if count != 1 else ''}"


# Reading and checking ----------------------------------------------------------------------------


def journal_damage(path: Path, *, sweep: str | None = None) -> JournalDamage | None:
    """What is wrong with the journal at ``path``; None when it is sound (or absent).

    ``sweep`` names the one sweep a per-sweep journal must hold, with its
    settings; without it (the old shared file) any number of sweeps is sound.
    A torn last line while the journal's append lock is held is another
    process writing: it is read again for up to a second before it counts.
    """
    stamp = _stamp(path)
    if stamp is not None and _sound.get((path, sweep)) == stamp:
        return None  # unchanged since it was found sound: the replay costs about as much as Optuna's
    deadline = time.monotonic() + BUSY_WAIT_SECONDS
    while True:
        damage = _damage_now(path, sweep)
        busy = Path(f"{path}.lock").exists()
        if damage is None or not busy or damage.line != damage.lines or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    # Remembered only once it is older than a clock tick: a same-size overwrite within one keeps the time.
    if damage is None and stamp is not None and time.time_ns() - stamp[1] > 2_000_000_000:
        if stamp == _stamp(path):
            _sound[(path, sweep)] = stamp
    return damage


_sound: dict[tuple[Path, str | None], tuple[int, int, int]] = {}  # journals found sound, by their stamp


def _stamp(path: Path) -> tuple[int, int, int] | None:
    """Size, modification time and inode: any append, truncation or replacement changes it."""
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_size, status.st_mtime_ns, status.st_ino


def _damage_now(path: Path, sweep: str | None) -> JournalDamage | None:
    if not path.exists() and not path.is_symlink():
        return None
    if not path.is_file():
        return JournalDamage(path, "it is a folder or a broken link, not a file")
    try:
        if path.stat().st_size > MAX_JOURNAL_BYTES:
            return JournalDamage(path, f"it is larger than a journal can be ({path.stat().st_size:,} bytes)")
        data = path.read_bytes()
    except OSError as exc:
        return JournalDamage(path, f"it cannot be read ({exc.strerror or exc})")
    parts = data.split(b"\n")
    tail = parts.pop()  # after the last newline: empty in a sound journal
    lines = len(parts) + bool(tail)
    records: list[dict[str, Any]] = []
    for number, line in enumerate([*parts, tail] if tail else parts, start=1):
        reason = _line_problem(line, torn=bool(tail) and number == lines)
        if reason is not None:
            return _damage_at(path, records, number, lines, reason, sweep)
        records.append(json.loads(line))
    replay = _Replay(records)
    failed_at = replay.run()
    if failed_at is not None:
        return _damage_at(
            path,
            records[: failed_at - 1],
            failed_at,
            lines,
            "a record that does not fit the ones before it",
            sweep,
        )
    if sweep is not None and not _holds_sweep(replay.storage, sweep):
        empty = "it is empty" if not records else "it holds no settings for the sweep"
        return JournalDamage(path, f"{empty} (its creation was cut short)", names=_names(records))
    return None


def _line_problem(line: bytes, *, torn: bool) -> str | None:
    if torn:
        return "its last line is cut short"
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        return "it holds bytes that are not text"
    try:
        record = json.loads(text)
    except ValueError:
        return "a line that is not a whole record"
    if not isinstance(record, dict) or not isinstance(record.get("op_code"), int):
        return "a line that is not a journal record"
    return None


def _damage_at(
    path: Path, kept: list[dict[str, Any]], line: int, lines: int, reason: str, sweep: str | None
) -> JournalDamage:
    replay = _Replay(kept)
    whole = replay.run() is None
    return JournalDamage(
        path,
        reason,
        line=line,
        lines=lines,
        trials_kept=sum(1 for r in kept if r.get("op_code") == CREATE_TRIAL),
        names=_names(kept),
        keeps_sweep=whole
        and (_holds_sweep(replay.storage, sweep) if sweep is not None else bool(_names(kept))),
    )


def _names(records: list[dict[str, Any]]) -> tuple[str, ...]:
    return tuple(str(r.get("study_name")) for r in records if r.get("op_code") == CREATE_STUDY)


def _holds_sweep(storage, name: str) -> bool:
    """Exactly the study ``name``, with the spec MLM Studio writes right after creating it."""
    if storage is None:
        return False
    studies = storage.get_all_studies()
    if [s.study_name for s in studies] != [name]:
        return False
    spec = studies[0].user_attrs.get("spec")
    try:
        return isinstance(spec, str) and isinstance(json.loads(spec), dict)
    except ValueError:
        return False


class _Replay:
    """Optuna's own replay of parsed records, to find the first one it would fail on."""

    def __init__(self, records: list[dict[str, Any]]) -> None:
        self.records = records
        self.read = 0
        self.storage: Any = None

    def run(self) -> int | None:
        """None when every record applies; else the 1-based number of the one that fails."""
        import optuna
        from optuna.storages.journal import BaseJournalBackend

        replay = self

        class Backend(BaseJournalBackend):
            def read_logs(self, log_number_from: int) -> Iterator[dict[str, Any]]:
                for number in range(log_number_from, len(replay.records)):
                    replay.read = number + 1
                    yield replay.records[number]

            def append_logs(self, logs: list[dict[str, Any]]) -> None:
                raise RuntimeError("a checked journal is only read")

        try:
            self.storage = optuna.storages.JournalStorage(Backend())
        except Exception:  # noqa: BLE001 - whatever Optuna raises, the record it read last is damaged
            return max(1, self.read)
        return None


def open_journal(path: Path):
    """Optuna's storage over the journal file at ``path`` (the caller has checked it)."""
    import optuna
    from optuna.storages.journal import JournalFileBackend, JournalFileOpenLock

    # An open()-based lock works on every platform (the symlink lock needs symlink rights on Windows).
    backend = JournalFileBackend(str(path), lock_obj=JournalFileOpenLock(str(path)))
    return optuna.storages.JournalStorage(backend)


def write_new_journal(target: Path, fill) -> bool:
    """Write a journal with ``fill(storage)`` under a temporary name, then put it in place at ``target``.

    False (and nothing changed) when a journal is already there: one is never overwritten, so two
    processes creating or migrating the same sweep at once cannot lose each other's trials.
    """
    clear_the_way(target.parent, target.parents[2], is_file=False)  # a file where sweeps/ or NAME/ belongs
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.new-{os.getpid()}-{time.monotonic_ns()}")
    try:
        fill(open_journal(temporary))
        return _publish(temporary, target)
    finally:
        for leftover in (temporary, Path(f"{temporary}.lock")):
            leftover.unlink(missing_ok=True)


def clean_leftovers(folder: Path) -> list[Path]:
    """Remove the temporary journals a killed process left in ``folder`` (ours by their names)."""
    removed = []
    for leftover in folder.glob(f".{JOURNAL_FILENAME}.*-*"):
        try:
            if time.time() - leftover.stat().st_mtime > LEFTOVER_SECONDS:
                leftover.unlink()
                removed.append(leftover)
        except OSError:
            continue
    return removed


def _publish(temporary: Path, target: Path) -> bool:
    try:
        os.link(temporary, target)  # atomic, and refuses to replace an existing file
    except FileExistsError:
        return False
    except OSError:  # a file system without hard links (FAT): the next best, check then rename
        if target.exists():
            return False
        os.replace(temporary, target)
    return True


# Repairing -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Repaired:
    path: Path
    damage: JournalDamage
    aside: Path
    kept: bool  # the records before the damage were kept (else the file was set aside whole)
    names: tuple[str, ...] = field(default=())


def repair_journal(path: Path, damage: JournalDamage) -> Repaired:
    """Keep the records before ``damage``; the damaged file stays beside it under a dated name.

    A kill at any moment leaves the damaged journal or the repaired one in place, never neither:
    the damaged bytes are copied aside first, then the kept records replace the file in one rename.
    """
    aside = path.with_name(f"{path.name}{DAMAGED_MARK}{datetime.now().strftime('%Y%m%d-%H%M%S')}")
    if not damage.keeps_sweep or damage.line is None:
        os.replace(path, aside)  # nothing worth keeping (or not a file): set it aside whole
        return Repaired(path, damage, aside, kept=False, names=damage.names)
    kept = b"".join(part + b"\n" for part in path.read_bytes().split(b"\n")[: damage.records_kept])
    temporary = path.with_name(f".{path.name}.repair-{os.getpid()}")
    temporary.write_bytes(kept)
    shutil.copyfile(path, aside)
    os.replace(temporary, path)
    return Repaired(path, damage, aside, kept=True, names=damage.names)


# The old shared journal ---------------------------------------------------------------------------------


def split_legacy_journal(data_dir: Path, *, valid_name) -> str | None:
    """Give each sweep of the old shared journal its own journal, once; a note saying so, or None.

    Nothing happens while the old file is damaged (``sweep --repair`` repairs it first) or absent.
    ``valid_name`` tells a name that can be a folder (every sweep name was checked so).
    """
    legacy = legacy_journal_path(data_dir)
    if not legacy.is_file() or journal_damage(legacy) is not None:
        return None
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)  # its "A new study created" per copy is noise
    old = open_journal(legacy)
    names = [s.study_name for s in old.get_all_studies()]
    odd = [n for n in names if not valid_name(n)]
    if odd:  # cannot be a folder's name: leave the old file as it is, readable as before
        return None
    for name in names:
        write_new_journal(
            journal_path(data_dir, name),
            lambda storage, name=name: optuna.copy_study(
                from_study_name=name, from_storage=old, to_storage=storage
            ),
        )
    aside = legacy.with_name(f"{legacy.name}{MIGRATED_MARK}{datetime.now().strftime('%Y%m%d-%H%M%S')}")
    try:
        os.replace(legacy, aside)
    except FileNotFoundError:  # another process finished the split meanwhile
        return None
    Path(f"{legacy}.lock").unlink(missing_ok=True)
    if not names:
        return f"The old shared sweeps' journal {legacy} held no sweep; it is kept as {aside.name}."
    return (
        f"The sweeps' shared journal {legacy} was split into one journal per sweep ({', '.join(names)}), "
        f"so damage to one no longer stops the others; the old file is kept as {aside.name}."
    )
