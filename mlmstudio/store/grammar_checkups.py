"""A run's grammar check-ups: the engine's suite scores, found for a history run and kept with it.

``check_run(db, ref, suite)`` finds the run's model and kept checkpoints,
scores the suite (engine/inspect/grammar.py) at each kept checkpoint and at
the end, optionally its random twin too, and records the results in
``run_evaluations`` (kind ``grammar``, ``name`` the paradigm, ``step`` the
checkpoint's step; the final model is subject ``run`` with no step, the twin
subject ``twin``). All of a check-up is recorded in one transaction at the
end, replacing the run's earlier rows for those paradigms, so the history
never holds a half-finished curve; a run deleted meanwhile gets a sentence
and nothing is written.

``grammar_curves(db, ref)`` reads them back as one accuracy curve per
paradigm against training step (the final model at the run's last step),
for History's plot.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mlmstudio.store.database import Database
from mlmstudio.store.errors import StoreError
from mlmstudio.store.run_evaluations import (
    KIND_GRAMMAR,
    SUBJECT_CHECKPOINT,
    SUBJECT_RUN,
    SUBJECT_TWIN,
    Evaluation,
    list_evaluations,
    record_evaluations,
)
from mlmstudio.store.service import get_run

if TYPE_CHECKING:  # torch stays unimported until a check-up runs: History reads curves without it
    from mlmstudio.engine.inspect.grammar import GrammarCheck
    from mlmstudio.engine.inspect.grammar_suites import Suite

METRIC = "accuracy"


@dataclass(frozen=True)
class GrammarReport:
    run_id: str
    run_name: str
    final_step: int
    suite: str
    checks: tuple[GrammarCheck, ...]  # the checkpoints oldest first, then the final model
    twin: GrammarCheck | None
    stored: int  # rows written to the history


@dataclass(frozen=True)
class GrammarCurve:
    """One paradigm's accuracy against training step, as stored."""

    paradigm: str
    suite: str
    steps: tuple[int, ...]
    accuracies: tuple[float, ...]
    twin: float | None = None
    pairs: int = 0
    notes: tuple[str, ...] = field(default=())


def check_run(
    db: Database,
    ref: str,
    suite: Suite,
    *,
    checkpoints: bool = True,
    twin: bool = False,
    twin_seed: int = 0,
    on_model: Callable[[str], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> GrammarReport:
    """Score ``suite`` over the run's training and store it (see the module docstring)."""
    from mlmstudio.engine.inspect.grammar import GrammarCheck, check_grammar, check_over_training, random_twin

    detail = get_run(db, ref)
    summary = detail.summary
    if not summary.has_model:
        raise StoreError(summary.no_model_reason())
    final_step = int(summary.last_step)
    checks = tuple(
        check_over_training(
            summary.run_dir,
            suite,
            final_step=final_step,
            checkpoints=checkpoints,
            should_stop=should_stop,
            on_model=on_model,
        )
    )
    twin_check = None
    if twin:
        if on_model is not None:
            on_model("random twin")
        results = check_grammar(random_twin(summary.run_dir, twin_seed), suite, should_stop=should_stop)
        twin_check = GrammarCheck(None, False, suite.name, results)
    evaluations = evaluations_of(checks, twin_check, final_step=final_step, twin_seed=twin_seed)
    stored = record_evaluations(db, summary.id, evaluations)
    return GrammarReport(summary.id, summary.name, final_step, suite.name, checks, twin_check, stored)


def evaluations_of(
    checks: tuple[GrammarCheck, ...], twin: GrammarCheck | None, *, final_step: int, twin_seed: int = 0
) -> list[Evaluation]:
    """The history's rows for a check-up: one per paradigm and model."""
    rows = []
    for check in checks:
        subject = SUBJECT_RUN if check.final else SUBJECT_CHECKPOINT
        rows.extend(_rows(check, subject, check.step, {"final_step": final_step}))
    if twin is not None:
        rows.extend(_rows(twin, SUBJECT_TWIN, None, {"twin_seed": twin_seed}))
    return rows


def _rows(check: GrammarCheck, subject: str, step: int | None, extra: dict) -> list[Evaluation]:
    return [
        Evaluation(
            kind=KIND_GRAMMAR,
            name=p.paradigm,
            subject=subject,
            metric=METRIC,
            mean=p.accuracy,
            spread=0.0,  # one pass: PLL is deterministic, there is no seed to vary
            seeds=1,
            step=step,
            details={
                "suite": check.suite,
                "pairs": p.pairs,
                "correct": p.correct,
                "mean_margin": p.mean_margin,
                "unknown_pairs": p.unknown_pairs,
                **extra,
            },
        )
        for p in check.paradigms
    ]


def grammar_curves(db: Database, ref: str) -> list[GrammarCurve]:
    """Each stored paradigm's accuracy by step (checkpoints, then the final model at its step)."""
    by_name: dict[str, dict] = {}
    for e in list_evaluations(db, ref, kind=KIND_GRAMMAR):
        entry = by_name.setdefault(
            e.name, {"points": {}, "twin": None, "suite": str(e.details.get("suite", "")), "pairs": 0}
        )
        if e.subject == SUBJECT_TWIN:
            entry["twin"] = e.mean
            continue
        step = e.step
        if e.subject == SUBJECT_RUN:
            final = e.details.get("final_step")
            step = int(final) if isinstance(final, (int, float)) else step
        if step is None:
            continue
        entry["points"][int(step)] = e.mean
        entry["pairs"] = int(e.details.get("pairs", 0) or 0)
    curves = []
    for name, entry in by_name.items():
        steps = sorted(entry["points"])
        curves.append(
            GrammarCurve(
                name,
                entry["suite"],
                tuple(steps),
                tuple(entry["points"][s] for s in steps),
                entry["twin"],
                entry["pairs"],
            )
        )
    return curves
