"""A sweep's lasting record: an Optuna study in its own journal file in the data directory.

Optuna keeps the trials (their settings, reported losses, states) in
``DATA_DIR/sweeps/optuna-journal.log``, an append-only ``JournalStorage`` file,
beside the history database and never inside it: the history's schema is
Alembic's, and a journal file needs no server and survives a killed process
(a torn last line is skipped on reading). What MLM Studio adds lives in the
study's and the trials' user attributes: the sweep's spec (corpus, base
recipe, settings, budget, pruning) and, per trial, its run id in History, its
outcome and the seconds it used. The runs themselves are ordinary runs in the
history, tagged ``sweep:NAME``.
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

from mlmstudio.config import RunConfig
from mlmstudio.errors import MLMStudioError
from mlmstudio.store.database import Database
from mlmstudio.sweep.space import SweepParam, SweepSpecError

log = logging.getLogger(__name__)

SWEEPS_DIRNAME = "sweeps"
JOURNAL_FILENAME = "optuna-journal.log"
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


def sweeps_dir(data_dir: Path) -> Path:
    return Path(data_dir) / SWEEPS_DIRNAME


def journal_path(data_dir: Path) -> Path:
    return sweeps_dir(data_dir) / JOURNAL_FILENAME


class SweepJournalError(MLMStudioError):
    """The sweeps' journal is damaged; ``repair_journal`` (``sweep --repair``) keeps what precedes it."""

    exit_code = 1  # the input was fine; a stored file is not


def journal_damage(path: Path) -> tuple[int, int] | None:
    """(first damaged line, lines) of a journal whose lines are not all whole JSON records; None if sound.

    A kill or a full disk mid-append leaves a line cut short (no newline); garbage, bytes that
    are not UTF-8, or a later append glued onto the cut line spoil one in the middle.
    """
    if not path.is_file():
        return None
    lines = path.read_bytes().split(b"\n")
    tail = lines.pop()  # after the last newline: empty in a sound journal
    for number, line in enumerate([*lines, tail] if tail else lines, start=1):
        try:
            record = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return number, len(lines) + bool(tail)
        if not isinstance(record, dict) or (line is tail):
            return number, len(lines) + bool(tail)
    return None


def _damaged(path: Path, line: int, lines: int) -> SweepJournalError:
    return SweepJournalError(
        f"The sweeps' journal {path} is damaged at line {line} of {lines} (cut short or overwritten, "
        "as a kill or a full disk can leave it), so no sweep can be read or started. "
        f"'mlmstudio sweep --repair' keeps the {line - 1} records before it (every trial told "
        "before the damage) and sets the damaged file aside."
    )


def repair_journal(db: Database) -> str:
    """Keep the journal's whole records before its first damaged line; the damaged file set aside."""
    path = journal_path(db.data_dir)
    damage = journal_damage(path)
    if damage is None:
        return f"The sweeps' journal {path} is sound; nothing to repair."
    line, lines = damage
    kept = b"".join(part + b"\n" for part in path.read_bytes().split(b"\n")[: line - 1])
    aside = path.with_name(f"{path.name}.damaged-{datetime.now().strftime('%Y%m%d-%H%M%S')}")
    temporary = path.with_name(f".{path.name}.repair")
    temporary.write_bytes(kept)
    os.replace(path, aside)  # the damaged file stays, under a dated name
    os.replace(temporary, path)
    return (
        f"Repaired the sweeps' journal {path}: kept its first {line - 1} of {lines} lines; the "
        f"damaged file is kept as {aside.name}. Resume an interrupted sweep with --resume NAME."
    )


def open_storage(db: Database):
    """The Optuna journal storage of this data directory (created on first use)."""
    import optuna
    from optuna.storages.journal import JournalFileBackend, JournalFileOpenLock

    path = journal_path(db.data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    damage = journal_damage(path)  # a sentence and a repair, not Optuna's JSONDecodeError
    if damage is not None:
        raise _damaged(path, *damage)
    # An open()-based lock works on every platform (the symlink lock needs symlink rights on Windows).
    backend = JournalFileBackend(str(path), lock_obj=JournalFileOpenLock(str(path)))
    return optuna.storages.JournalStorage(backend)


def check_name(name: str) -> str:
    name = name.strip()
    if not NAME_PATTERN.match(name):
        raise SweepSpecError(
            f"'{name}' cannot name a sweep: use up to 60 letters, digits, dots, dashes "
            "or underscores, starting with a letter or digit (e.g. pydoc-lr)."
        )
    return name


def sweep_names(db: Database) -> list[str]:
    if not journal_path(db.data_dir).exists():
        return []
    storage = open_storage(db)
    return [s.study_name for s in storage.get_all_studies()]


def load_study(db: Database, name: str):
    """The study of a sweep; a sentence naming the sweeps there are when it does not exist."""
    import optuna

    names = sweep_names(db)
    if name not in names:
        known = f" The sweeps recorded here: {', '.join(names)}." if names else " No sweep is recorded yet."
        raise SweepSpecError(f"There is no sweep named '{name}'.{known}")
    return optuna.load_study(study_name=name, storage=open_storage(db))


def load_spec(study) -> SweepSpec:
    return SweepSpec.from_json(study.user_attrs["spec"])


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
