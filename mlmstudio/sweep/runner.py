"""Run a sweep: ask Optuna for settings, train each trial as an ordinary recorded run, tell it the result.

The budget rule. A sweep of budget B planned as N trials gives each trial
``0.9 * B / N`` seconds of training (its ``time_budget``; the other tenth pays
for each run's start-up, evaluations and saving). A trial also ends at the base
recipe's step limit if it comes first. Without pruning the sweep runs N trials
(fewer if the wall clock runs out first). With pruning, a trial whose
validation loss is among the worse ones at a rung of Optuna's
``SuccessiveHalvingPruner`` (rungs at 1/9 and 1/3 of a trial's time, reduction
factor 3) is stopped there, and the time it leaves buys extra trials: beyond
the N planned, a new trial starts while a whole trial's time is left of B, up
to 3N trials (``max_trials``). Before N, a trial starts while half a trial's
time is left (its run's start-up may overrun the budget by that much).

With pruning, a trial is also stopped when the learning-curve forecast
(``engine/forecast.py``) puts its whole 80% band for the final loss above the
best completed trial's final loss. Pruning reports the validation loss at every
evaluation, keyed by the seconds of training so far (so trials of different sizes meet at the same time, as the
budget compares them). A pruned trial's run is stopped as a user stop is (a
final checkpoint and model, status ``stopped``), then gets the tag ``pruned``
and a message saying at which step and why.

Stopping and resuming. ``SweepControl.stop()`` stops the current trial after
its step; its run ends ``stopped`` and its settings are tried again first when
the sweep resumes. A trial whose process died (a crash, a kill) is found
``running`` in the study on resume: it is marked interrupted (its run in
History is ``interrupted`` too) and its settings are tried again once; a retry
that is interrupted again is skipped. The time such a trial used is not
charged to the budget. Only one process runs a sweep at a time (a lock file).
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mlmstudio.config import ConfigError, RunConfig
from mlmstudio.engine.events import EvalEvent, EventCallback, StepEvent, TrainerCallback, TrainingControl
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.store import repository, service
from mlmstudio.store.database import Database
from mlmstudio.store.errors import StoreError
from mlmstudio.store.lifecycle import prepare_run, run_recorded
from mlmstudio.store.run_lock import RunLock
from mlmstudio.sweep import study as records
from mlmstudio.sweep.space import SweepParam, SweepSpecError, apply_values, format_duration
from mlmstudio.sweep.study import SweepSpec, TrialRecord

if TYPE_CHECKING:
    from mlmstudio.engine.forecast import Forecast

log = logging.getLogger(__name__)

PRUNER_REDUCTION = 3


@dataclass(frozen=True)
class TrialStarted:
    number: int
    run_id: str
    run_name: str
    values: dict[str, Any]
    seconds: float  # its time budget
    retry_of: int | None = None


@dataclass(frozen=True)
class TrialEvaluated:
    number: int
    step: int
    elapsed: float
    val_loss: float


@dataclass(frozen=True)
class TrialEnded:
    record: TrialRecord


@dataclass(frozen=True)
class SweepEnded:
    name: str
    trials: tuple[TrialRecord, ...]
    best: TrialRecord | None
    stopped: bool  # by the user, before the budget was spent
    seconds_left: float


SweepEvent = TrialStarted | TrialEvaluated | TrialEnded | SweepEnded


class SweepControl:
    """Stop a sweep from another thread: the current trial stops after its step, no new one starts."""

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._trial: TrainingControl | None = None

    def stop(self) -> None:
        self._stop.set()
        with self._lock:
            if self._trial is not None:
                self._trial.stop()

    @property
    def stop_requested(self) -> bool:
        return self._stop.is_set()

    def _watch(self, control: TrainingControl | None) -> None:
        with self._lock:
            self._trial = control
            if control is not None and self._stop.is_set():
                control.stop()


def default_trials(budget_seconds: float, prune: bool) -> int:
    """Planned trials for a budget: one per 2 minutes, 3 to 20 (pruning adds more as it frees time)."""
    return int(min(20, max(3, round(budget_seconds / 120.0))))


def new_spec(
    name: str,
    corpus,
    base: RunConfig,
    params: Sequence[SweepParam],
    budget_seconds: float,
    *,
    trials: int | None = None,
    prune: bool = True,
    preset: str = "",
    seed: int = 0,
    max_trials: int | None = None,
) -> SweepSpec:
    """A checked spec: the base recipe must be valid with every setting at a corner of its range."""
    base = dataclasses.replace(base, corpus=dataclasses.replace(base.corpus, source=corpus.source))
    base.validate()
    trials = trials or default_trials(budget_seconds, prune)
    if trials < 1 or trials > 1000:
        raise SweepSpecError(f"A sweep plans 1 to 1000 trials, not {trials}.")
    spec = SweepSpec(
        name=records.check_name(name),
        corpus=corpus.source,
        corpus_sha256=corpus.stats.sha256,
        base_config_json=base.to_json(),
        params=tuple(params),
        budget_seconds=float(budget_seconds),
        trials=trials,
        prune=prune,
        preset=preset,
        seed=seed,
        max_trials=max_trials,
    )
    if spec.trial_seconds < 1.0:
        raise SweepSpecError(
            f"A budget of {format_duration(budget_seconds)} over {trials} trials leaves "
            "under a second per trial. Give a longer budget or fewer trials."
        )
    return spec


def create_sweep(db: Database, spec: SweepSpec):
    """Record a new sweep's study in its own journal; a name already used is refused (resume that sweep)."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return records.create_study(db, spec)


def run_sweep(
    db: Database,
    name: str,
    corpus,
    *,
    control: SweepControl | None = None,
    on_event: Callable[[SweepEvent], None] | None = None,
    trial_callbacks: Iterable[EventCallback] = (),
    pruner=None,
    sampler=None,
) -> SweepEnded:
    """Run (or resume) the sweep ``name`` on ``corpus`` until its budget is spent or it is stopped.

    ``pruner`` and ``sampler`` replace Optuna's defaults (tests force pruning with them).
    """
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    control = control or SweepControl()
    emit = on_event or (lambda event: None)
    study = records.load_study(db, name)
    spec = records.load_spec(study)
    if corpus.stats.sha256 != spec.corpus_sha256:
        raise SweepSpecError(
            f"The corpus of sweep '{name}' ({spec.corpus}) has changed since the sweep "
            "began, so its trials would not compare. Restore the text, or start a new sweep."
        )
    lock = RunLock(records.sweeps_dir(db.data_dir) / name)
    if not lock.acquire_setting_aside(db.data_dir):  # a folder where owner.lock belongs is set aside
        raise StoreError(f"Sweep '{name}' is running in another process or window. Stop it there first.")
    try:
        _settle_leftovers(study)
        runner = _Runner(
            db,
            study,
            spec,
            corpus,
            control,
            emit,
            list(trial_callbacks),
            pruner if pruner is not None else _default_pruner(spec),
            sampler or _default_sampler(spec, len(study.get_trials(deepcopy=False))),
        )
        return runner.run()
    finally:
        lock.release()


def sweep_trials(db: Database, name: str) -> tuple[SweepSpec, list[TrialRecord]]:
    study = records.load_study(db, name)
    return records.load_spec(study), records.trial_records(study)


def _default_sampler(spec: SweepSpec, trials_so_far: int):
    """TPE, seeded anew on each resume (the same seed would propose the first trials' settings again)."""
    import optuna

    return optuna.samplers.TPESampler(
        seed=spec.seed + 7919 * trials_so_far, n_startup_trials=min(5, spec.trials)
    )


def _default_pruner(spec: SweepSpec):
    import optuna

    if not spec.prune:
        return optuna.pruners.NopPruner()
    return optuna.pruners.SuccessiveHalvingPruner(
        min_resource=max(1, int(spec.trial_seconds / PRUNER_REDUCTION**2)), reduction_factor=PRUNER_REDUCTION
    )


def _settle_leftovers(study) -> None:
    """Trials left ``running`` by a process that died: mark them interrupted, re-try each once."""
    from optuna.trial import TrialState

    for trial in study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):
        study._storage.set_trial_user_attr(trial._trial_id, "outcome", records.INTERRUPTED)
        study._storage.set_trial_user_attr(
            trial._trial_id,
            "message",
            "Its process ended before the trial did; its settings are tried again."
            if "retry_of" not in trial.user_attrs
            else "Its process ended before the trial did, a second time; skipped.",
        )
        study.tell(trial.number, state=TrialState.FAIL)
        if "retry_of" not in trial.user_attrs and trial.params:
            study.enqueue_trial(trial.params, user_attrs={"retry_of": trial.number})
        log.info("Sweep %s: trial %d was interrupted.", study.study_name, trial.number)


class _PruneWatch(TrainerCallback):
    """Reports each evaluation to the trial and stops the run when Optuna prunes it.

    With ``best`` (the best completed trial's final loss, when pruning) it also
    prunes on the learning-curve forecast (``engine/forecast.py``): a trial
    whose whole 80% band for its final loss lies above the best final loss so
    far cannot be expected to beat it. Optuna's pruner compares trials at equal
    time; the forecast looks at where this one is heading.
    """

    def __init__(self, trial, control: TrainingControl, number: int, emit, best: float | None = None) -> None:
        self.trial, self.control, self.number, self.emit = trial, control, number, emit
        self.best = best
        self.curve: list[tuple[int, float]] = []
        self.last: EvalEvent | None = None
        self.pruned_at: EvalEvent | None = None
        self.forecast: Forecast | None = None  # the Forecast that pruned it, if the forecast did
        self._progress = 0.0
        self._total = 0
        self._reported: set[int] = set()

    def on_step(self, event: StepEvent) -> None:
        self._progress = event.progress
        self._total = event.total_steps

    def _forecast_prunes(self, event: EvalEvent) -> bool:
        from mlmstudio.engine.forecast import MIN_POINTS, forecast

        if self.best is None or len(self.curve) < MIN_POINTS or not 0 < self._progress < 1:
            return False
        steps, losses = zip(*self.curve, strict=True)
        result = forecast(steps, losses, event.step / self._progress, samples=100)
        if result is not None and result.low > self.best:
            self.forecast = result
            return True
        return False

    def on_eval(self, event: EvalEvent) -> None:
        self.last = event
        self.curve.append((event.step, event.val_loss))
        self.emit(TrialEvaluated(self.number, event.step, event.elapsed, event.val_loss))
        if self.pruned_at is not None:
            return
        resource = max(1, int(event.elapsed))  # seconds of training: trials meet at equal time
        if resource in self._reported:
            return
        self._reported.add(resource)
        self.trial.report(event.val_loss, resource)
        if self._progress >= 0.999 or (self._total and event.step >= self._total):
            return  # the run's last check: nothing left to save, so it completes as it is
        if self.trial.should_prune() or self._forecast_prunes(event):
            self.pruned_at = event
            self.control.stop()


class _Runner:
    def __init__(
        self,
        db,
        study,
        spec: SweepSpec,
        corpus,
        control: SweepControl,
        emit,
        trial_callbacks: list,
        pruner,
        sampler,
    ) -> None:
        self.db, self.study, self.spec, self.corpus = db, study, spec, corpus
        self.control, self.emit, self.trial_callbacks = control, emit, trial_callbacks
        self.study.pruner, self.study.sampler = pruner, sampler
        self.distributions = _distributions(spec.params)

    def run(self) -> SweepEnded:
        while not self.control.stop_requested and self._another_trial_fits():
            self._one_trial()
        trials = records.trial_records(self.study)
        ended = SweepEnded(
            self.spec.name,
            tuple(trials),
            records.best_trial(trials),
            self.control.stop_requested,
            self._seconds_left(),
        )
        self.emit(ended)
        return ended

    def _best_so_far(self) -> float | None:
        """The best completed trial's final loss, for the forecast's pruning (None without pruning)."""
        if not self.spec.prune:
            return None
        done = [
            t.value
            for t in self.study.get_trials(deepcopy=False)
            if t.value is not None and t.user_attrs.get("outcome") == records.COMPLETED
        ]
        return min(done) if done else None

    def _seconds_left(self) -> float:
        spent = sum(float(t.user_attrs.get("seconds", 0.0)) for t in self.study.get_trials(deepcopy=False))
        return max(0.0, self.spec.budget_seconds - spent)

    def _another_trial_fits(self) -> bool:
        """Within the trial count (planned, or max_trials with pruning) and within the budget's time."""
        used = [
            t
            for t in self.study.get_trials(deepcopy=False)
            if t.user_attrs.get("outcome") in (records.COMPLETED, records.PRUNED, records.FAILED)
        ]
        if len(used) >= self.spec.trial_limit:
            return False
        needed = self.spec.trial_seconds if len(used) >= self.spec.trials else 0.5 * self.spec.trial_seconds
        return self._seconds_left() >= needed

    def _one_trial(self) -> None:
        from optuna.trial import TrialState

        trial = self.study.ask(self.distributions)
        values = dict(trial.params)
        retry_of = trial.user_attrs.get("retry_of")
        started = time.monotonic()
        seconds = min(self.spec.trial_seconds, max(1.0, self._seconds_left()))

        def finish(outcome: records.TrialOutcome, state, *, value=None, **attrs) -> None:
            attrs = {"outcome": outcome, "seconds": time.monotonic() - started, **attrs}
            for key, item in attrs.items():
                trial.set_user_attr(key, item)
            self.study.tell(trial, value, state=state) if value is not None else self.study.tell(
                trial, state=state
            )
            record = next(r for r in records.trial_records(self.study) if r.number == trial.number)
            self.emit(TrialEnded(record))

        config = apply_values(self.spec.base_config, self.spec.params, values)
        config = dataclasses.replace(
            config, training=dataclasses.replace(config.training, time_budget=seconds)
        )
        try:
            config.validate()
            handle = prepare_run(self.db, config, self.corpus, name=f"{self.spec.name} #{trial.number}")
        except ConfigError as exc:
            finish(records.FAILED, TrialState.FAIL, message=f"These settings do not make a valid run: {exc}")
            return
        except Exception as exc:  # a memory refusal or a full disk: the trial fails, the sweep goes on
            from mlmstudio.errors import MLMStudioError

            if not isinstance(exc, MLMStudioError):
                raise
            finish(records.FAILED, TrialState.FAIL, message=str(exc))
            return
        service.tag_run(self.db, handle.run_id, add=[self.spec.tag])
        trial.set_user_attr("run_id", handle.run_id)
        self.emit(TrialStarted(trial.number, handle.run_id, handle.name, values, seconds, retry_of))
        trial_control = TrainingControl()
        watch = _PruneWatch(trial, trial_control, trial.number, self.emit, best=self._best_so_far())
        self.control._watch(trial_control)
        try:
            result = run_recorded(
                self.db,
                handle,
                self.corpus.text,
                control=trial_control,
                callbacks=[watch, *self.trial_callbacks],
            )
        except Exception as exc:  # a device or library error in one trial: it fails, the sweep goes on
            from mlmstudio.engine.run_end import decide_run_end

            log.debug("Trial %d failed", trial.number, exc_info=True)  # the sentence is the report
            message = decide_run_end(None, exc).message  # the sentence its run was recorded with
            finish(records.FAILED, TrialState.FAIL, run_id=handle.run_id, step=0, message=message)
            return
        finally:
            self.control._watch(None)
        summary = result.summary
        common = dict(
            run_id=handle.run_id,
            step=int(result.steps),
            val_loss=summary.val_loss if summary else None,
            val_accuracy=summary.val_accuracy if summary else None,
            curve=[list(p) for p in watch.curve],
        )
        # Pruned only if the prune stopped it: a prune called at the run's last evaluation (its time
        # was up anyway) leaves a completed run, and a completed trial.
        if watch.pruned_at is not None and result.status == RunStatus.STOPPED:
            at, f = watch.pruned_at, watch.forecast
            why = (
                f"its forecast final validation loss ({f.predicted:.3f}, 80% band {f.low:.3f}-{f.high:.3f}) "
                f"stays above the best trial's {watch.best:.3f}"
                if f is not None
                else f"its validation loss ({at.val_loss:.3f} after {at.elapsed:.0f} s) was among the worse of "
                "the trials at that time"
            )
            message = (
                f"Pruned by sweep {self.spec.name} at step {at.step}: {why}, so its time went to "
                "other settings."
            )
            _mark_pruned(self.db, handle.run_id, message)
            finish(records.PRUNED, TrialState.PRUNED, pruned_step=at.step, message=message, **common)
        elif result.status == RunStatus.COMPLETED and summary is not None and summary.val_loss is not None:
            finish(records.COMPLETED, TrialState.COMPLETE, value=float(summary.val_loss), **common)
        elif result.status == RunStatus.STOPPED:
            finish(
                records.STOPPED,
                TrialState.FAIL,
                message="Stopped with the sweep; its settings are tried again when the sweep resumes.",
                **common,
            )
            if retry_of is None:
                self.study.enqueue_trial(values, user_attrs={"retry_of": trial.number})
        else:
            finish(records.FAILED, TrialState.FAIL, message=result.message or "The run failed.", **common)


def _mark_pruned(db: Database, run_id: str, message: str) -> None:
    """The pruned run says so in History: its message, and the tag ``pruned``."""
    with db.session() as session:
        row = repository.find_run(session, run_id)
        if row.status == RunStatus.STOPPED:
            row.message = message
        repository.add_tags(row, [records.PRUNED_TAG])


def _distributions(params: Sequence[SweepParam]) -> dict[str, Any]:
    from optuna.distributions import CategoricalDistribution, FloatDistribution, IntDistribution

    out: dict[str, Any] = {}
    for p in params:
        if p.kind == "choice":
            out[p.name] = CategoricalDistribution(list(p.choices))
            continue
        assert p.low is not None and p.high is not None  # a range has both ends (space.py checks)
        if p.kind == "int":
            out[p.name] = IntDistribution(int(p.low), int(p.high), log=p.log, step=p.step or 1)
        else:
            out[p.name] = FloatDistribution(float(p.low), float(p.high), log=p.log)
    return out
