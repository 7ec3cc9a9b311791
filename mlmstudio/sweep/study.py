"""A sweep's lasting record: an Optuna study in its own journal file in the data directory.

Optuna keeps each sweep's trials (their settings, reported losses, states) in
``DATA_DIR/sweeps/NAME/journal.log``, an append-only ``JournalStorage`` file
(``journals.py``: one per sweep, checked before Optuna reads it, repaired by
``sweep --repair``), beside the history database and never inside it: the
history's schema is Alembic's, and a journal file needs no server and survives
a killed process. ``list_sweeps`` lists every sweep, a damaged one with the
sentence that names its file, line and repair. What MLM Studio adds lives in the
study's and the trials' user attributes: the sweep's spec (corpus, base
recipe, settings, budget, pruning) and, per trial, its run id in History, its
outcome and the seconds it used. The runs themselves are ordinary runs in the
history, tagged ``sweep:NAME``.
"""

from __future__ import annotations

import json
import logging
import math
import re
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from mlmstudio.config import RunConfig
from mlmstudio.store.database import Database
from mlmstudio.store.run_lock import RunLock
from mlmstudio.sweep import journals
from mlmstudio.sweep.journals import SweepJournalError, sweeps_dir
from mlmstudio.sweep.space import SweepParam, SweepSpecError

log = logging.getLogger(__name__)

TAG_PREFIX = "sweep:"
PRUNED_TAG = "pruned"
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$")
TRIAL_OVERHEAD_SHARE = 0.1  # of each trial's share of the budget: start-up, evaluations, saving


class TrialOutcome(StrEnum):
    """How a trial ended, as the study's user attribute "outcome" and the page's legend say it.

    A ``StrEnum``: the journal stores, and the faces print, exactly the text it stored before.
    """

    COMPLETED = "completed"  # trained to its share of the budget; its loss counts
    PRUNED = "pruned"  # stopped early by the pruner (worse than the others at the same step)
    STOPPED = "stopped"  # the user stopped the sweep during it
    INTERRUPTED = "interrupted"  # its process died mid-trial (found when the sweep resumes)
    FAILED = "failed"  # invalid settings, or the run failed; the message says why
    RUNNING = "running"  # training now


# The outcomes by their short names, as the runner and the faces import them.
COMPLETED, PRUNED, STOPPED = TrialOutcome.COMPLETED, TrialOutcome.PRUNED, TrialOutcome.STOPPED
INTERRUPTED, FAILED, RUNNING = TrialOutcome.INTERRUPTED, TrialOutcome.FAILED, TrialOutcome.RUNNING


@dataclass(frozen=True)
class SweepSpec:
    """Everything a sweep needs to start or resume, stored with its study."""

    name: str
    corpus: str  # the corpus source, as a run's config names it
    corpus_sha256: str
    base_config_json: str  # the recipe every trial starts from
    params: tuple[SweepParam, ...]
    budget_seconds: float
    trials: int  # planned trials: each gets an equal share of the budget
    prune: bool
    preset: str = ""
    seed: int = 0
    max_trials: int | None = None  # with pruning: the most trials the freed time may buy

    @property
    def trial_limit(self) -> int:
        """Without pruning the planned trials; with it, up to 3x as many (or ``max_trials``)."""
        if not self.prune:
            return self.trials
        return self.max_trials or 3 * self.trials

    @property
    def tag(self) -> str:
        return TAG_PREFIX + self.name

    @property
    def trial_seconds(self) -> float:
        """Each trial's training time: an equal share of the budget, less the share for its start-up."""
        return self.budget_seconds / self.trials * (1.0 - TRIAL_OVERHEAD_SHARE)

    @property
    def base_config(self) -> RunConfig:
        return RunConfig.from_json(self.base_config_json)

    def to_json(self) -> str:
        return json.dumps(
            {
                "name": self.name,
                "corpus": self.corpus,
                "corpus_sha256": self.corpus_sha256,
                "base_config": json.loads(self.base_config_json),
                "params": [p.as_dict() for p in self.params],
                "budget_seconds": self.budget_seconds,
                "trials": self.trials,
                "prune": self.prune,
                "preset": self.preset,
                "seed": self.seed,
                "max_trials": self.max_trials,
            }
        )

    @classmethod
    def from_json(cls, text: str) -> SweepSpec:
        data = json.loads(text)
        return cls(
            name=data["name"],
            corpus=data["corpus"],
            corpus_sha256=data["corpus_sha256"],
            base_config_json=json.dumps(data["base_config"]),
            params=tuple(SweepParam.from_dict(p) for p in data["params"]),
            budget_seconds=float(data["budget_seconds"]),
            trials=int(data["trials"]),
            prune=bool(data["prune"]),
            preset=data.get("preset", ""),
            seed=int(data.get("seed", 0)),
            max_trials=data.get("max_trials"),
        )


@dataclass(frozen=True)
class TrialRecord:
    """One trial as the faces show it: its settings, its run, and how it ended."""

    number: int
    values: dict[str, Any]
    outcome: TrialOutcome
    run_id: str = ""
    val_loss: float | None = None  # the last evaluation's (the final one for a completed trial)
    val_accuracy: float | None = None
    step: int = 0  # the step it ended at
    pruned_step: int | None = None  # the step whose evaluation pruned it
    seconds: float = 0.0  # wall-clock seconds, start-up included
    message: str = ""
    retry_of: int | None = None  # the interrupted trial whose settings it re-tries
    curve: tuple[tuple[int, float], ...] = field(default=())  # (step, validation loss) reported

    def as_dict(self) -> dict[str, Any]:
        return {
            "trial": self.number,
            **{f"param_{k}": v for k, v in self.values.items()},
            "outcome": self.outcome,
            "run_id": self.run_id,
            "val_loss": self.val_loss,
            "val_accuracy": self.val_accuracy,
            "step": self.step,
            "pruned_step": self.pruned_step,
            "seconds": round(self.seconds, 2),
            "message": self.message,
            "retry_of": self.retry_of,
        }


@dataclass(frozen=True)
class SweepEntry:
    """A sweep as the data directory holds it: its journal, and what is wrong with it (None: sound)."""

    name: str  # "" for an old shared journal too damaged to name its sweeps
    journal: Path
    damage: journals.JournalDamage | None = None
    legacy: bool = False  # still in the old shared journal (damaged, so not yet split)

    @property
    def problem(self) -> str | None:
        """The sentence naming the file, the line and the repair; None when the sweep reads."""
        if self.damage is None:
            return None
        if self.legacy:
            return journals.legacy_damage_message(self.damage)
        return journals.sweep_damage_message(self.name, self.damage)


def split_old_journal(db: Database) -> str | None:
    """Give each sweep of the old shared journal its own (once); the note saying so, or None."""
    return journals.split_legacy_journal(db.data_dir, valid_name=lambda n: bool(NAME_PATTERN.match(n)))


def list_sweeps(db: Database) -> list[SweepEntry]:
    """Every sweep of this data directory, damaged ones included (each with its problem), by name."""
    split_old_journal(db)
    root = sweeps_dir(db.data_dir)
    for folder in sorted(root.iterdir()) if root.is_dir() else []:
        for leftover in journals.clean_leftovers(folder) if folder.is_dir() else []:
            log.info("Removed %s, a temporary journal left by a process that was killed.", leftover)
    return journal_entries(db.data_dir)


def journal_entries(data_dir: Path) -> list[SweepEntry]:
    """The sweeps' journals as they are (read only: the old shared journal is not split here)."""
    root = sweeps_dir(data_dir)
    entries = []
    folders = sorted(root.iterdir()) if root.is_dir() else []
    for folder in folders:
        path = folder / journals.JOURNAL_FILENAME
        if folder.is_dir() and NAME_PATTERN.match(folder.name) and (path.exists() or path.is_symlink()):
            entries.append(SweepEntry(folder.name, path, journals.journal_damage(path, sweep=folder.name)))
    legacy = journals.legacy_journal_path(data_dir)
    damage = journals.journal_damage(legacy)  # a sound one is split by list_sweeps
    if damage is not None:
        own = {e.name for e in entries}
        entries += [SweepEntry(n, legacy, damage, legacy=True) for n in damage.names if n not in own]
        if not damage.names:
            entries.append(SweepEntry("", legacy, damage, legacy=True))
    return entries


def sweep_names(db: Database) -> list[str]:
    """The sweeps that can be read (resumed, shown); damaged ones are in ``list_sweeps``."""
    return [e.name for e in list_sweeps(db) if e.damage is None]


def damaged_sweeps(db: Database) -> list[SweepEntry]:
    return [e for e in list_sweeps(db) if e.damage is not None]


def repair_sweeps(db: Database, name: str | None = None) -> list[str]:
    """Repair the damaged journal of sweep ``name``, or every damaged one; a sentence per file."""
    entries = list_sweeps(db)
    damaged = [e for e in entries if e.damage is not None and (name is None or e.name == name)]
    if name is not None and not damaged:
        if any(e.name == name for e in entries):
            return [f"The journal of sweep '{name}' is sound; nothing to repair."]
        raise _no_such_sweep(name, entries)
    if not damaged:
        return [f"Every sweep's journal is sound ({len(entries)} sweeps); nothing to repair."]
    messages = []
    for entry in {e.journal: e for e in damaged}.values():  # the old shared file once
        assert entry.damage is not None
        lock = None if entry.legacy else RunLock(journals.sweep_dir(db.data_dir, entry.name))
        if lock is not None and not lock.acquire_setting_aside(db.data_dir):
            messages.append(
                f"Sweep '{entry.name}' is running in another process or window, so its journal is "
                "left as it is. Stop the sweep there, then repair it."
            )
            continue
        try:
            repaired = journals.repair_journal(entry.journal, entry.damage)
        finally:
            if lock is not None:
                lock.release()
        messages.append(_repaired_message(entry, repaired))
        if entry.legacy:
            note = split_old_journal(db)
            if note:
                messages.append(note)
    return messages


def _repaired_message(entry: SweepEntry, repaired: journals.Repaired) -> str:
    damage = repaired.damage
    if entry.legacy:
        subject = f"the old shared sweeps' journal {entry.journal}"
    else:
        subject = f"the journal of sweep '{entry.name}' ({entry.journal})"
    if repaired.kept:
        return (
            f"Repaired {subject}: kept its first {damage.records_kept} of {damage.lines} lines "
            f"({damage.trials_kept} trials); the damaged file is kept as {repaired.aside.name}. "
            f"Resume the sweep with --resume {entry.name or 'NAME'}."
        )
    return (
        f"Set aside {subject}, which {damage.what()}: nothing before the damage holds a sweep's "
        f"settings, so the sweep is forgotten. The file is kept as {repaired.aside.name}; the runs "
        "stay in History."
    )


def _no_such_sweep(name: str, entries: list[SweepEntry]) -> SweepSpecError:
    names = [e.name + (" (damaged)" if e.damage else "") for e in entries if e.name]
    known = f" The sweeps recorded here: {', '.join(names)}." if names else " No sweep is recorded yet."
    return SweepSpecError(f"There is no sweep named '{name}'.{known}")


def create_study(db: Database, spec: SweepSpec):
    """A new sweep's study in its own new journal; a name already used is refused."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    path = journals.journal_path(db.data_dir, spec.name)
    taken = SweepSpecError(
        f"A sweep named '{spec.name}' exists already. Resume it (--resume {spec.name}) or choose another name."
    )
    if any(e.name == spec.name for e in list_sweeps(db)):
        raise taken

    def fill(storage) -> None:
        study = optuna.create_study(study_name=spec.name, storage=storage, direction="minimize")
        study.set_user_attr("spec", spec.to_json())

    if not journals.write_new_journal(path, fill):  # another process created it meanwhile
        raise taken
    return optuna.load_study(study_name=spec.name, storage=journals.open_journal(path))


def check_name(name: str) -> str:
    name = name.strip()
    if not NAME_PATTERN.match(name):
        raise SweepSpecError(
            f"'{name}' cannot name a sweep: use up to 60 letters, digits, dots, dashes "
            "or underscores, starting with a letter or digit (e.g. pydoc-lr)."
        )
    return name


def load_study(db: Database, name: str):
    """The study of a sweep; a sentence naming its damaged journal, or the sweeps there are."""
    import optuna

    split_old_journal(db)
    path = journals.journal_path(db.data_dir, name)
    if NAME_PATTERN.match(name) and (path.exists() or path.is_symlink()):
        damage = journals.journal_damage(path, sweep=name)
        if damage is not None:
            raise SweepJournalError(journals.sweep_damage_message(name, damage))
        return optuna.load_study(study_name=name, storage=journals.open_journal(path))
    entries = list_sweeps(db)
    for entry in entries:
        if entry.name == name and entry.problem:
            raise SweepJournalError(entry.problem)
    unnamed = next((e.problem for e in entries if not e.name and e.problem), None)
    if unnamed:  # the old shared journal is too damaged to say which sweeps it holds
        raise SweepJournalError(f"No readable journal holds a sweep named '{name}'. {unnamed}")
    raise _no_such_sweep(name, entries)


def load_spec(study) -> SweepSpec:
    try:
        return SweepSpec.from_json(study.user_attrs["spec"])
    except (KeyError, TypeError, ValueError) as exc:  # a hand-edited journal
        raise SweepJournalError(
            f"Sweep '{study.study_name}' cannot be read: the settings in its journal are damaged "
            f"({type(exc).__name__}: {exc}). Start a new sweep; its runs stay in History."
        ) from exc


def trial_records(study) -> list[TrialRecord]:
    """Every trial of the study, oldest first, with what the runner recorded about it."""
    from optuna.trial import TrialState

    records = []
    for t in study.get_trials(deepcopy=False):
        if t.state == TrialState.WAITING:  # settings queued for a re-try, not a trial yet
            continue
        attrs = t.user_attrs
        outcome = _outcome(attrs.get("outcome")) or {
            TrialState.COMPLETE: COMPLETED,
            TrialState.PRUNED: PRUNED,
            TrialState.RUNNING: RUNNING,
        }.get(t.state, FAILED)
        curve = tuple(sorted((int(step), float(value)) for step, value in attrs.get("curve", [])))
        records.append(
            TrialRecord(
                number=t.number,
                values=dict(t.params),
                outcome=outcome,
                run_id=attrs.get("run_id", ""),
                val_loss=_finite(attrs.get("val_loss")),
                val_accuracy=_finite(attrs.get("val_accuracy")),
                step=int(attrs.get("step", 0)),
                pruned_step=attrs.get("pruned_step"),
                seconds=float(attrs.get("seconds", 0.0)),
                message=attrs.get("message", ""),
                retry_of=attrs.get("retry_of"),
                curve=curve,
            )
        )
    return records


def best_trial(records: list[TrialRecord]) -> TrialRecord | None:
    """The completed trial with the lowest final validation loss."""
    done = [(r.val_loss, r) for r in records if r.outcome == COMPLETED and r.val_loss is not None]
    return min(done, key=lambda scored: scored[0])[1] if done else None


def _outcome(text: Any) -> TrialOutcome | None:
    """The outcome a trial's "outcome" attribute names; None when it names none (then its state says)."""
    try:
        return TrialOutcome(text)
    except ValueError:
        return None


def _finite(value: Any) -> float | None:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None
