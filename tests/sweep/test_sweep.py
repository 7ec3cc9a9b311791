"""Sweeps: tiny real sweeps record tagged runs, prune when told to, and resume after an interruption."""

from __future__ import annotations

from dataclasses import replace

import optuna
import pytest

from mlmstudio.engine.corpus import load_corpus
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.store import service
from mlmstudio.store.database import Database
from mlmstudio.sweep import runner
from mlmstudio.sweep.journals import journal_path
from mlmstudio.sweep.space import SweepSpecError, apply_values, parse_duration, parse_param, parse_params
from mlmstudio.sweep.study import (
    COMPLETED,
    PRUNED,
    PRUNED_TAG,
    SweepSpec,
    TrialRecord,
    best_trial,
    sweep_names,
)

from tiny_configs import tiny_config

BASE = tiny_config(steps=8, eval_every=4, eval_batches=1)


@pytest.fixture
def db(tmp_path):
    database = Database.open(tmp_path / "data")
    yield database
    database.close()


@pytest.fixture(scope="module")
def corpus():
    return load_corpus(BASE.corpus.source)


def start(db, corpus, name, *params, trials=3, prune=False, max_trials=None):
    spec = runner.new_spec(
        name,
        corpus,
        BASE,
        parse_params(params or ["lr=1e-4:3e-3:log"], BASE),
        600,
        trials=trials,
        prune=prune,
        max_trials=max_trials,
    )
    runner.create_sweep(db, spec)
    return spec


class AlwaysPrune(optuna.pruners.BasePruner):
    """Prunes every trial at its first report: pruning on demand, whatever the losses."""

    def prune(self, study, trial) -> bool:
        return bool(trial.intermediate_values)


# --- the settings ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, words",
    [
        ("colour=1:2", "not a run setting"),
        ("lr=3e-3:1e-4", "is empty"),
        ("lr=1e-3:1e-3", "is empty"),
        ("layers=2", "only one choice"),
        ("lr=", "has no range"),
        ("lr", "not a sweep setting"),
        ("layers=0,2", "between 1 and 48"),
        ("warmup=0:0.5:log", "log-scale range cannot start at 0"),
        ("time_budget=10:20", "cannot be swept"),
        ("schedule=constant,weekly", "Choose one of"),
    ],
)
def test_bad_settings_are_refused_with_a_sentence(text, words):
    with pytest.raises(SweepSpecError, match=words):
        parse_param(text)


def test_settings_take_their_type_and_bounds_from_the_config():
    lr = parse_param("lr=1e-4:3e-3:log")
    assert (lr.section, lr.field, lr.kind, lr.low, lr.high, lr.log) == (
        "training",
        "lr",
        "float",
        1e-4,
        3e-3,
        True,
    )
    layers = parse_param("layers=1,2,4")
    assert (layers.section, layers.field, layers.choices) == ("model", "num_layers", (1, 2, 4))
    width = parse_param("width=30:100", BASE)  # steps by the base recipe's 2 heads
    assert (width.kind, width.low, width.high, width.step) == ("int", 30, 100, 2)
    config = apply_values(BASE, [lr, layers], {"lr": 2e-3, "num_layers": 4})
    assert config.training.lr == 2e-3 and config.model.num_layers == 4
    assert parse_duration("20m") == 1200 and parse_duration("90") == 90 and parse_duration("1.5h") == 5400


def test_one_to_four_settings_each_once():
    with pytest.raises(SweepSpecError, match="at least one"):
        parse_params([])
    with pytest.raises(SweepSpecError, match="at most 4"):
        parse_params(["lr=1e-4:1e-3", "layers=1,2", "warmup=0:0.1", "dropout=0:0.1", "seed=1,2"])
    with pytest.raises(SweepSpecError, match="given twice"):
        parse_params(["lr=1e-4:1e-3", "training.lr=1e-3:2e-3"])


def test_a_width_range_starts_at_a_multiple_of_the_heads_and_is_never_log_scaled():
    """Guards ``_parse_range``'s width rule: every proposed width divides by the base's heads, so the low
    end is rounded up to a multiple of them, a range holding none is refused, and ':log' is dropped."""
    four_heads = replace(BASE, model=replace(BASE.model, num_heads=4))
    width = parse_param("width=33:100:log", four_heads)
    assert (width.low, width.high, width.step, width.log) == (36, 100, 4, False)
    with pytest.raises(SweepSpecError, match="divides by the 4 attention heads"):
        parse_param("width=33:35", four_heads)


def test_four_settings_are_allowed():
    """Guards the limit's edge in ``parse_params``: four settings pass, the fifth is refused above."""
    assert len(parse_params(["lr=1e-4:1e-3", "layers=1,2", "warmup=0:0.1", "dropout=0:0.1"])) == 4


def test_a_longer_sequence_than_the_model_holds_raises_its_length():
    """Guards ``apply_values``: a trial whose sequences outgrow the model's max length gets a model that
    holds them, instead of a config the trainer refuses."""
    params = [parse_param("layers=1,2"), parse_param("seq_len=32,128")]
    config = apply_values(BASE, params, {"num_layers": 2, "seq_len": 128})
    assert BASE.model.max_len == 64
    assert (config.model.num_layers, config.training.seq_len, config.model.max_len) == (2, 128, 128)


def test_the_budget_is_split_into_trials_with_a_share_kept_for_start_up():
    """Guards ``SweepSpec``'s arithmetic: each trial trains for its equal share of the budget less 10%,
    pruning buys up to 3x the planned trials (or ``max_trials``), and the planned count is one per
    2 minutes, 3 to 20; the spec survives its JSON round trip."""
    spec = SweepSpec(
        "s", "sample:facts", "", BASE.to_json(), tuple(parse_params(["lr=1e-4:1e-3"])), 600.0, 3, False
    )
    assert spec.trial_seconds == pytest.approx(180.0) and spec.trial_limit == 3
    assert replace(spec, prune=True).trial_limit == 9
    assert replace(spec, prune=True, max_trials=4).trial_limit == 4
    again = SweepSpec.from_json(spec.to_json())
    assert again.base_config == spec.base_config
    assert replace(again, base_config_json=spec.base_config_json) == spec
    assert [runner.default_trials(s, True) for s in (60, 600, 1500, 36_000)] == [3, 5, 12, 20]


def test_the_best_trial_is_the_completed_one_with_the_lowest_loss():
    """Guards ``best_trial``: lowest final loss wins, and a pruned trial never does, however low."""
    records = [
        TrialRecord(0, {}, COMPLETED, val_loss=3.0),
        TrialRecord(1, {}, PRUNED, val_loss=1.0),
        TrialRecord(2, {}, COMPLETED, val_loss=2.5),
        TrialRecord(3, {}, COMPLETED, val_loss=None),
    ]
    assert best_trial(records).number == 2
    assert best_trial(records[1:2]) is None


def test_a_name_is_used_once(db, corpus):
    start(db, corpus, "once")
    assert sweep_names(db) == ["once"] and journal_path(db.data_dir, "once").is_file()
    with pytest.raises(SweepSpecError, match="exists already"):
        start(db, corpus, "once")
    with pytest.raises(SweepSpecError, match="no sweep named 'other'"):
        runner.run_sweep(db, "other", corpus)


# --- real tiny sweeps --------------------------------------------------------------------------


@pytest.mark.slow
def test_a_tiny_sweep_records_three_runs_tagged_with_it(db, corpus):
    spec = start(db, corpus, "tiny", "lr=1e-4:3e-3:log", "layers=1,2")
    events = []
    ended = runner.run_sweep(db, "tiny", corpus, on_event=events.append)
    assert [t.outcome for t in ended.trials] == ["completed"] * 3
    runs = service.list_runs(db, tag=spec.tag)
    assert len(runs) == 3 and {r.id for r in runs} == {t.run_id for t in ended.trials}
    assert all(
        r.status == RunStatus.COMPLETED and r.config.training.time_budget == spec.trial_seconds for r in runs
    )
    by_id = {t.run_id: t for t in ended.trials}
    for run in runs:  # each run trained with its trial's settings
        assert run.config.training.lr == pytest.approx(by_id[run.id].values["lr"])
        assert run.config.model.num_layers == by_id[run.id].values["num_layers"]
    assert ended.best.val_loss == min(t.val_loss for t in ended.trials)
    assert sum(isinstance(e, runner.TrialEvaluated) for e in events) == 3 * 2  # 8 steps, every 4
    assert isinstance(events[-1], runner.SweepEnded)


@pytest.mark.slow
def test_pruning_stops_a_trial_and_says_so_in_history(db, corpus):
    spec = start(db, corpus, "pruned", prune=True, max_trials=2)
    ended = runner.run_sweep(db, "pruned", corpus, pruner=AlwaysPrune())
    assert [t.outcome for t in ended.trials] == ["pruned", "pruned"]
    assert all(t.pruned_step == 4 for t in ended.trials)
    for trial in ended.trials:
        run = service.get_run(db, trial.run_id).summary
        assert run.status == RunStatus.STOPPED and run.last_step < 8
        assert run.message.startswith("Pruned by sweep pruned at step 4")
        assert set(run.tags) == {spec.tag, PRUNED_TAG}
    assert ended.best is None


@pytest.mark.slow
def test_a_sweep_resumes_after_an_interruption(db, corpus):
    start(db, corpus, "again")

    def crash_in_the_second_trial(event):
        if isinstance(event, runner.TrialEvaluated) and event.number == 1:
            raise KeyboardInterrupt  # as if the process died in the middle of trial 1

    with pytest.raises(KeyboardInterrupt):
        runner.run_sweep(db, "again", corpus, on_event=crash_in_the_second_trial)
    _, trials = runner.sweep_trials(db, "again")
    assert [t.outcome for t in trials] == ["completed", "running"]
    cut = trials[1]
    assert service.get_run(db, cut.run_id).summary.status == RunStatus.INTERRUPTED

    ended = runner.run_sweep(db, "again", corpus)
    outcomes = [(t.number, t.outcome, t.retry_of) for t in ended.trials]
    assert outcomes == [
        (0, "completed", None),
        (1, "interrupted", None),
        (2, "completed", 1),
        (3, "completed", None),
    ]
    assert ended.trials[2].values == cut.values  # the interrupted settings, tried again
    assert len(service.list_runs(db, tag="sweep:again")) == 4


@pytest.mark.slow
def test_stopping_a_sweep_retries_the_stopped_trial_on_resume(db, corpus):
    start(db, corpus, "halt", trials=2)
    control = runner.SweepControl()

    def stop_at_first_eval(event):
        if isinstance(event, runner.TrialEvaluated):
            control.stop()

    ended = runner.run_sweep(db, "halt", corpus, control=control, on_event=stop_at_first_eval)
    assert ended.stopped and [t.outcome for t in ended.trials] == ["stopped"]
    ended = runner.run_sweep(db, "halt", corpus)
    assert [(t.outcome, t.retry_of) for t in ended.trials] == [
        ("stopped", None),
        ("completed", 0),
        ("completed", None),
    ]


class FakeTrial:
    def __init__(self):
        self.reports = []

    def report(self, value, step):
        self.reports.append((step, value))

    def should_prune(self):
        return False


def test_the_forecast_prunes_a_trial_heading_above_the_best():
    from mlmstudio.engine.events import EvalEvent, StepEvent, TrainingControl

    def feed(best):
        control = TrainingControl()
        watch = runner._PruneWatch(FakeTrial(), control, 0, lambda e: None, best=best)
        for i, step in enumerate(range(100, 700, 100), start=1):
            watch(StepEvent(step, 10_000, 3.0, 1e-3, 1000.0, step * 100, i * 10.0, step / 2000))
            watch(EvalEvent(step, 3.0 + 5.0 * step**-0.5, 0.3, 20.0, i * 10.0 + 0.5))
        return watch, control

    heading_to_3_11 = 3.0 + 5.0 * 2000**-0.5
    watch, control = feed(best=2.5)  # far below where it is heading: pruned
    assert control.stop_requested and watch.pruned_at.step == 400  # at the 4th evaluation
    assert watch.forecast.low > 2.5 and abs(watch.forecast.predicted - heading_to_3_11) < 0.02
    watch, control = feed(best=3.2)  # it may still beat 3.2: kept
    assert not control.stop_requested and watch.forecast is None
    watch, control = feed(best=None)  # no completed trial yet: nothing to beat
    assert not control.stop_requested


def test_the_forecast_prunes_only_when_its_whole_band_lies_above_the_best():
    """Guards ``_PruneWatch._forecast_prunes``: a noisy curve whose forecast final loss is above the best
    but whose 80% band still reaches below it is kept (pruning on the forecast's middle would cut it)."""
    from mlmstudio.engine.events import EvalEvent, StepEvent, TrainingControl

    control = TrainingControl()
    watch = runner._PruneWatch(FakeTrial(), control, 0, lambda e: None, best=3.03)
    for i, step in enumerate(range(100, 700, 100), start=1):
        watch(StepEvent(step, 10_000, 3.0, 1e-3, 1000.0, step * 100, i * 10.0, step / 2000))
        # heading to about 3.1 with +-0.05 of noise: the band's low end stays under 3.0
        watch(EvalEvent(step, 3.0 + 5.0 * step**-0.5 + 0.05 * (-1) ** i, 0.3, 20.0, i * 10.0 + 0.5))
    assert not control.stop_requested and watch.pruned_at is None


@pytest.mark.slow
def test_a_prune_at_the_last_evaluation_leaves_a_completed_trial(db, corpus):
    spec = runner.new_spec(
        "late",
        corpus,
        tiny_config(steps=4, eval_every=4, eval_batches=1),
        parse_params(["lr=1e-4:3e-3:log"]),
        600,
        trials=1,
        prune=True,
        max_trials=1,
    )
    runner.create_sweep(db, spec)
    ended = runner.run_sweep(db, "late", corpus, pruner=AlwaysPrune())  # prunes at the only check
    assert [(t.outcome, t.pruned_step) for t in ended.trials] == [("completed", None)]
    run = service.get_run(db, ended.trials[0].run_id).summary
    assert run.status == RunStatus.COMPLETED and PRUNED_TAG not in run.tags
    assert ended.best is not None


def test_trial_outcomes_are_an_enum_stored_as_their_old_text():
    """The journal keeps the text it always stored; the records read it back as a TrialOutcome."""
    from mlmstudio.sweep.study import TrialOutcome, trial_records

    study = optuna.create_study()
    for outcome in ("completed", "pruned", "nonsense"):
        trial = study.ask()
        trial.set_user_attr("outcome", outcome)
        study.tell(trial, 1.0)
    assert [t.user_attrs["outcome"] for t in study.trials][:2] == ["completed", "pruned"]
    outcomes = [r.outcome for r in trial_records(study)]
    assert outcomes == [TrialOutcome.COMPLETED, TrialOutcome.PRUNED, TrialOutcome.COMPLETED]
    assert all(type(o) is TrialOutcome for o in outcomes)  # unknown text: the trial's own state decides
    assert PRUNED is TrialOutcome.PRUNED and f"{PRUNED}" == "pruned"
