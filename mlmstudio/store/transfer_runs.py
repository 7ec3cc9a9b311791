"""Transfer evaluations of recorded runs: the history's half of ``engine.evaluate.transfer``.

The engine compares models on a labelled task; this module finds them for a run reference:
the run's final model, each of its kept checkpoints, the other runs asked for (imported models
are runs too), and the task itself (a file, a shipped ``sample:`` task, or one made from the
run's own corpus: ``shuffled`` and ``corpus-source``). The results are stored in
``run_evaluations`` only when the whole evaluation finished; a run deleted meanwhile gets
nothing, and a sentence says so. The CLI and the app's Explore tab both call it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from mlmstudio.engine.errors import ModelLoadError
from mlmstudio.store.database import Database
from mlmstudio.store.errors import RunNotFoundError, StoreError
from mlmstudio.store.records import RunDetail
from mlmstudio.store.run_corpus import load_run_corpus
from mlmstudio.store.run_evaluations import (
    KIND_TRANSFER,
    SUBJECT_CHECKPOINT,
    SUBJECT_RUN,
    Evaluation,
    other_run_subject,
    record_evaluations,
)
from mlmstudio.store.service import get_run

if TYPE_CHECKING:
    from mlmstudio.engine.artifacts import LoadedModel
    from mlmstudio.engine.evaluate.tasks import LabelledTask
    from mlmstudio.engine.evaluate.transfer import ProgressCallback, Subject, TransferReport

CORPUS_TASKS = ("shuffled", "corpus-source")


@dataclass(frozen=True)
class TransferOutcome:
    run_id: str
    run_name: str
    report: TransferReport
    stored: int  # rows written to the history (0 when not asked to store)


@dataclass(frozen=True)
class TaskChoice:
    """What ``--task`` names, with the options that shape it."""

    task: str  # a file, "sample:kinds", "shuffled" or "corpus-source"
    text_column: str = "text"
    label_column: str = "label"
    against: str = ""  # corpus-source: the second text (the run's corpus is the first)
    corpus: str = ""  # a corpus source instead of the run's own, for the corpus-made tasks


def load_task(db: Database, ref: str, choice: TaskChoice) -> LabelledTask:
    """The labelled task ``choice`` names, for the run ``ref`` (whose corpus the made tasks read)."""
    from mlmstudio.engine.corpus import SAMPLE_PREFIX, load_corpus
    from mlmstudio.engine.evaluate.corpus_tasks import shuffled_task, source_task
    from mlmstudio.engine.evaluate.demo_task import sample_task
    from mlmstudio.engine.evaluate.tasks import TaskError, load_task_file

    name = choice.task.strip()
    if not name:
        raise TaskError(
            "Say which task to evaluate on: a CSV, TSV or JSONL file, sample:kinds, shuffled or corpus-source."
        )
    if name.lower().startswith(SAMPLE_PREFIX):
        return sample_task(name[len(SAMPLE_PREFIX) :])
    if name in CORPUS_TASKS:
        if choice.corpus:
            corpus = load_corpus(choice.corpus)
            text = corpus.text
            source = choice.corpus if choice.corpus.startswith(SAMPLE_PREFIX) else corpus.name
        else:
            detail = get_run(db, ref)
            own = load_run_corpus(detail)
            text = own.text
            source = own.source if own.source.startswith(SAMPLE_PREFIX) else Path(own.source).name
        if name == "shuffled":
            return shuffled_task(text, source=source)
        if not choice.against:
            raise TaskError(
                "corpus-source asks which of two texts a sentence comes from: name the second text with "
                "--against FILE (or sample:NAME); the first is the run's corpus (or --corpus)."
            )
        other = load_corpus(choice.against)
        other_name = choice.against if choice.against.startswith(SAMPLE_PREFIX) else other.name
        return source_task(text, source, other.text, other_name)
    return load_task_file(name, text_column=choice.text_column, label_column=choice.label_column)


def transfer_subjects(
    db: Database, ref: str, compare: Sequence[str] = (), *, checkpoints: bool = True
) -> tuple[RunDetail, LoadedModel, list[Subject]]:
    """The run's detail, its loaded final model, and the subjects: the run, its kept checkpoints, others."""
    from mlmstudio.engine.artifacts import load_model_dir
    from mlmstudio.engine.evaluate.transfer import Subject
    from mlmstudio.engine.kept_checkpoints import list_kept

    detail = get_run(db, ref)
    summary = detail.summary
    if not summary.has_model:
        raise StoreError(summary.no_model_reason())
    loaded = load_model_dir(summary.run_dir)
    subjects: list[Subject] = [Subject(SUBJECT_RUN, "this run", lambda: loaded)]
    if checkpoints:
        for step, _ in list_kept(summary.run_dir):
            subjects.append(
                Subject(
                    SUBJECT_CHECKPOINT,
                    f"step {step:,}",
                    partial(_kept_model, summary.run_dir, step),
                    step=step,
                    finetune=False,
                )
            )
    seen = {detail.id}
    for other_ref in compare:
        other = get_run(db, other_ref)
        if other.id in seen:
            continue
        seen.add(other.id)
        if not other.summary.has_model:
            raise StoreError(f"Run {other.id} cannot be compared: {other.summary.no_model_reason()}")
        folder = other.summary.run_dir
        subjects.append(
            Subject(
                other_run_subject(other.id),
                other.summary.name or other.id,
                partial(load_model_dir, folder),
            )
        )
    return detail, loaded, subjects


def evaluate_run_transfer(
    db: Database,
    ref: str,
    choice: TaskChoice,
    *,
    compare: Sequence[str] = (),
    seeds: int = 3,
    finetune: bool = False,
    store: bool = True,
    progress: ProgressCallback | None = None,
    should_stop: Callable[[], bool] | None = None,
    checkpoints: bool = True,
    task: LabelledTask | None = None,
) -> TransferOutcome:
    """Evaluate the run ``ref`` on the task (``task`` when already loaded, else ``choice``'s) and, with
    ``store``, record the results with the run."""
    from mlmstudio.engine.evaluate.transfer import evaluate_transfer

    task = task or load_task(db, ref, choice)
    detail, loaded, subjects = transfer_subjects(db, ref, compare, checkpoints=checkpoints)
    try:
        report = evaluate_transfer(
            task, loaded, subjects, seeds=seeds, finetune=finetune, progress=progress, should_stop=should_stop
        )
    except ModelLoadError:
        if not _still_recorded(db, detail.id):
            raise StoreError(
                f"Run {detail.id} was deleted while it was being evaluated; the results were not stored."
            ) from None
        raise
    stored = record_evaluations(db, detail.id, evaluations_of(report)) if store else 0
    return TransferOutcome(detail.id, detail.summary.name, report, stored)


def evaluations_of(report: TransferReport) -> list[Evaluation]:
    """One stored row per subject and method: mean and spread over the seeds, the per-seed values in details."""
    rows = []
    for result in report.results:
        rows.append(
            Evaluation(
                kind=KIND_TRANSFER,
                name=report.task,
                subject=result.subject,
                metric=result.metric,
                mean=result.mean,
                spread=result.spread,
                seeds=len(result.per_seed),
                step=result.step,
                details={
                    "spread": "std (n - 1) over the seeds",
                    "method": result.method,
                    "label": result.label,
                    "per_seed": [round(v, 6) for v in result.per_seed],
                    "min": min(result.per_seed),
                    "max": max(result.per_seed),
                    "examples": report.examples,
                    "test_examples": report.test_examples,
                    "classes": list(report.classes)[:50],
                },
            )
        )
    return rows


def _kept_model(run_dir: Path, step: int) -> LoadedModel:
    from mlmstudio.engine.kept_checkpoints import load_predictor_at

    return load_predictor_at(run_dir, step).loaded


def _still_recorded(db: Database, run_id: str) -> bool:
    try:
        get_run(db, run_id)
    except RunNotFoundError:
        return False
    return True
