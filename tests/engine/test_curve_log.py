"""The run folder's curve file: the recorder's points, resumable, and read back strictly."""

from __future__ import annotations

import pytest

from mlmstudio.engine.curve_log import CurveLog, read_curve_points
from mlmstudio.engine.events import CheckpointEvent, EvalEvent, StartedEvent, StepEvent
from mlmstudio.engine.metric_points import MetricPoint, event_points


def started(step: int) -> StartedEvent:
    return StartedEvent(
        step=step,
        total_steps=100,
        vocab_size=50,
        baseline_loss=3.9,
        param_count=10,
        device="cpu",
        precision="fp32",
    )


def step(n: int, loss: float = 2.0) -> StepEvent:
    return StepEvent(
        step=n,
        total_steps=100,
        loss=loss,
        lr=1e-3,
        tokens_per_second=100.0,
        tokens_seen=n * 10,
        elapsed=n * 0.5,
        progress=n / 100,
    )


def evaluation(n: int) -> EvalEvent:
    return EvalEvent(step=n, val_loss=3.0 - n / 100, val_accuracy=0.25, perplexity=20.0, elapsed=n * 0.5)


def test_points_of_each_event_kind():
    assert {(p.split, p.name) for p in event_points(step(3))} == {
        ("train", "loss"),
        ("train", "lr"),
        ("train", "tokens_per_second"),
    }
    assert {(p.split, p.name) for p in event_points(evaluation(10))} == {
        ("val", "loss"),
        ("val", "accuracy"),
        ("val", "perplexity"),
    }
    assert [p.name for p in event_points(step(4, loss=float("nan")))] == ["lr", "tokens_per_second"]
    assert event_points(started(0)) == []


def test_the_file_holds_exactly_the_events_points(tmp_path):
    path = tmp_path / "curves.csv"
    log = CurveLog(path, flush_interval=3600)
    log(started(0))
    events = [step(1, 2.5), step(2, 2.25), evaluation(2), step(3, 1.0 / 3)]
    for event in events:
        log(event)
    log(CheckpointEvent(step=3, path=str(tmp_path)))
    expected = [p for event in events for p in event_points(event)]
    assert read_curve_points(path) == expected  # repr() round-trips every float exactly


def test_a_resumed_run_drops_the_points_after_its_checkpoint(tmp_path):
    path = tmp_path / "curves.csv"
    first = CurveLog(path, flush_interval=0)
    first(started(0))
    for n in range(1, 8):
        first(step(n))
    # Killed at step 7; the checkpoint was at step 5: the resumed run starts there.
    second = CurveLog(path, flush_interval=0)
    second(started(5))
    for n in range(6, 10):
        second(step(n, loss=1.0))
    steps = [p.step for p in read_curve_points(path) if p.name == "loss"]
    assert steps == list(range(1, 10))
    assert {p.value for p in read_curve_points(path) if p.name == "loss" and p.step > 5} == {1.0}


def test_a_restart_from_step_zero_starts_a_new_curve(tmp_path):
    path = tmp_path / "curves.csv"
    log = CurveLog(path, flush_interval=0)
    log(started(0))
    log(step(1))
    CurveLog(path)(started(0))
    assert read_curve_points(path) == []


def test_a_half_written_last_line_is_dropped_but_a_bad_middle_line_refused(tmp_path):
    path = tmp_path / "curves.csv"
    path.write_text("step,split,name,value,wall_time\n1,train,loss,2.0,0.5\n2,train,lo", encoding="utf-8")
    assert read_curve_points(path) == [MetricPoint(1, "train", "loss", 2.0, 0.5)]
    path.write_text(
        "step,split,name,value,wall_time\n1,train,loss,oops,0.5\n2,train,loss,2.0,1.0\n", encoding="utf-8"
    )
    with pytest.raises(ValueError, match="Line 2 of curves.csv"):
        read_curve_points(path)
    path.write_text("a,b\n1,2\n", encoding="utf-8")
    with pytest.raises(ValueError, match="header"):
        read_curve_points(path)


def test_a_write_error_does_not_stop_training(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    log = CurveLog(blocker / "curves.csv", flush_interval=0)
    log(started(0))  # cannot create the file under a file: logged, not raised
    log(step(1))
    log(evaluation(1))
    assert not (blocker / "curves.csv").exists()
