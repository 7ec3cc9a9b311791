"""Probe points in the history (issue 10 item 4): recorded, reloaded, carried by bundles and
rebuilds, and whole after a SIGKILL and a resume."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from mlmstudio.config import ProbesConfig, ProbeSpec
from mlmstudio.engine.events import EvalEvent, ProbeResult, StepEvent
from mlmstudio.engine.inspect.probe_log import ProbeRecord, read_records, write_records
from mlmstudio.store import bundle, repository, service
from mlmstudio.store.database import Database, forget_engine
from mlmstudio.store.history_repair import rebuild_history
from mlmstudio.store.recorder import RunRecorder

from store_helpers import add_run, tiny_config

PROBES = (
    ProbeSpec("The quick brown [MASK] jumps over the lazy dog.", "fox"),
    ProbeSpec("Knowledge is [MASK].", "power"),
    ProbeSpec("All that glitters is not [MASK].", "gold"),
)


def probe_results(step: int) -> tuple[ProbeResult, ...]:
    return tuple(
        ProbeResult(
            p.sentence, p.answer, min(1.0, step / 100 + i / 10), "x" if step < 20 else p.answer, step >= 20
        )
        for i, p in enumerate(PROBES)
    )


def record(db: Database, run_id: str, steps=(10, 20, 30)) -> None:
    recorder = RunRecorder(db, run_id)
    for step in range(1, max(steps) + 1):
        recorder(
            StepEvent(
                step=step,
                total_steps=30,
                loss=1.0,
                lr=1e-3,
                tokens_per_second=1.0,
                tokens_seen=step,
                elapsed=step / 10,
                progress=step / 30,
            )
        )
        if step in steps:
            recorder(
                EvalEvent(
                    step=step,
                    val_loss=1.0,
                    val_accuracy=0.5,
                    perplexity=2.7,
                    elapsed=step / 10,
                    probes=probe_results(step),
                )
            )
    recorder.close()


def curves_as_lists(db: Database, ref: str):
    return [
        (
            c.probe,
            c.sentence,
            c.answer,
            c.steps.tolist(),
            c.probabilities.tolist(),
            list(c.top1),
            c.hits.tolist(),
        )
        for c in service.load_probe_curves(db, ref)
    ]


def test_probe_points_are_recorded_and_reloaded(db):
    run_id = add_run(db, status="running")
    record(db, run_id)
    curves = service.load_probe_curves(db, run_id)
    assert [(c.probe, c.sentence, c.answer) for c in curves] == [
        (i, p.sentence, p.answer) for i, p in enumerate(PROBES)
    ]
    for i, curve in enumerate(curves):
        assert curve.steps.tolist() == [10, 20, 30]
        assert curve.probabilities.tolist() == pytest.approx([0.1 + i / 10, 0.2 + i / 10, 0.3 + i / 10])
        assert curve.top1 == ("x", PROBES[i].answer, PROBES[i].answer)
        assert curve.hits.tolist() == [False, True, True]
        assert curve.wall_time.tolist() == pytest.approx([1.0, 2.0, 3.0])
    assert service.load_probe_curves(db, add_run(db)) == []  # a run without probes has none

    with db.session() as session:  # what a resume from step 20 does
        repository.delete_points_after(session, run_id, 20)
    assert all(c.steps.tolist() == [10, 20] for c in service.load_probe_curves(db, run_id))


def test_a_bundle_carries_the_probe_curves(db, model_files, tmp_path):
    run_id = add_run(db, model_files=model_files, steps=30)
    record(db, run_id)
    path = bundle.export_bundle(db, run_id, tmp_path / "probes.mlmrun")
    other = Database.open(tmp_path / "other")
    try:
        imported = bundle.import_bundle(other, path)
        assert curves_as_lists(other, imported) == curves_as_lists(db, run_id)
        # The imported folder keeps the file, so a later rebuild finds the probes too.
        assert [r.step for r in read_records(other.run_dir(imported) / "probes.jsonl")] == [10, 20, 30]
    finally:
        other.close()


def test_rebuild_history_brings_the_probes_back_from_the_run_folder(tmp_path, model_files):
    directory = tmp_path / "data"
    db = Database.open(directory)
    run_id = add_run(db, model_files=model_files, steps=30)
    record(db, run_id)
    before = curves_as_lists(db, run_id)
    write_records(
        db.run_dir(run_id) / "probes.jsonl",
        [ProbeRecord(step, step / 10, probe_results(step)) for step in (10, 20, 30)],
    )
    db.close()
    forget_engine(db.path)
    (directory / "history.sqlite3").write_bytes(b"this is not a database" * 100)

    report = rebuild_history(directory)
    assert run_id in report.runs
    db = Database.open(directory)
    try:
        assert curves_as_lists(db, run_id) == before
    finally:
        db.close()


# --- a hard kill, then resume ------------------------------------------------------------------

STEPS, EVAL_EVERY = 300, 10


def mlmstudio(data_dir: Path, *argv) -> subprocess.Popen:
    env = dict(os.environ, OMP_NUM_THREADS="1")
    return subprocess.Popen(
        [sys.executable, "-m", "mlmstudio", "--data-dir", str(data_dir), *[str(a) for a in argv]],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_past(proc: subprocess.Popen, data_dir: Path, step: int) -> str:
    """The id of the run ``proc`` trains, once its recorded step is past ``step``."""
    deadline = time.time() + 300
    while time.time() < deadline:
        try:
            with sqlite3.connect(data_dir / "history.sqlite3", timeout=30) as conn:
                row = conn.execute(
                    "SELECT id, last_step FROM runs WHERE status = 'running' AND pid = ?", (proc.pid,)
                ).fetchone()
        except sqlite3.OperationalError:
            row = None
        if row and row[1] > step:
            return row[0]
        if proc.poll() is not None:
            raise AssertionError(f"the training process ended early: {proc.communicate()[1]}")
        time.sleep(0.05)
    raise AssertionError("training did not get there in time")


def check_whole(data_dir: Path, run_id: str) -> int:
    """Every probe has a point at every evaluation the history recorded, once; the newest step."""
    db = Database.open(data_dir)
    try:
        val = service.load_curve(db, run_id, "val", "loss").steps.tolist()
        curves = service.load_probe_curves(db, run_id)
        assert [c.answer for c in curves] == [p.answer for p in PROBES]
        for curve in curves:
            assert curve.steps.tolist() == val == list(range(EVAL_EVERY, val[-1] + 1, EVAL_EVERY))
            assert np.all((curve.probabilities >= 0) & (curve.probabilities <= 1))
        return val[-1]
    finally:
        db.close()


@pytest.mark.slow
def test_sigkill_and_resume_keep_the_probe_curves_whole(tmp_path):
    data_dir = tmp_path / "data"
    config = tiny_config(steps=STEPS, eval_every=EVAL_EVERY, checkpoint_every=EVAL_EVERY)
    config = replace(config, probes=ProbesConfig(items=PROBES))
    config_file = tmp_path / "run.json"
    config_file.write_text(config.to_json())

    proc = mlmstudio(data_dir, "train", "--config", config_file, "--json")
    run_id = wait_past(proc, data_dir, 3 * EVAL_EVERY + 5)
    proc.kill()  # SIGKILL: no cleanup of any kind
    proc.communicate()
    last = check_whole(data_dir, run_id)

    proc = mlmstudio(data_dir, "runs", "resume", run_id, "--json")
    wait_past(proc, data_dir, last + EVAL_EVERY + 5)
    proc.kill()
    proc.communicate()
    check_whole(data_dir, run_id)

    proc = mlmstudio(data_dir, "runs", "resume", run_id, "--json")
    out, err = proc.communicate(timeout=900)
    assert proc.returncode == 0, err
    assert json.loads(out)["status"] == "completed"
    assert check_whole(data_dir, run_id) == STEPS
    # The run folder's own copy is the same curve, point for point.
    db = Database.open(data_dir)
    try:
        curves = service.load_probe_curves(db, run_id)
        records = read_records(db.run_dir(run_id) / "probes.jsonl")
    finally:
        db.close()
    assert [r.step for r in records] == list(range(EVAL_EVERY, STEPS + 1, EVAL_EVERY))
    for i, curve in enumerate(curves):
        assert [r.probes[i].probability for r in records] == pytest.approx(curve.probabilities.tolist())
        assert tuple(r.probes[i].top1 for r in records) == curve.top1


def test_import_folder_brings_the_probes_of_a_run_trained_elsewhere(db, model_files, tmp_path):
    import shutil

    from mlmstudio.store.folder_import import import_run_folder

    folder = tmp_path / "trained-elsewhere"
    shutil.copytree(model_files, folder)
    write_records(
        folder / "probes.jsonl", [ProbeRecord(step, step / 10, probe_results(step)) for step in (10, 20, 30)]
    )
    run_id = import_run_folder(db, folder)
    curves = service.load_probe_curves(db, run_id)
    assert [c.answer for c in curves] == [p.answer for p in PROBES]
    assert all(c.steps.tolist() == [10, 20, 30] for c in curves)
