"""Every way a run executes trains with the thread policy's threads: train, runs resume, queue,
sweep and a capsule (the app's worker: tests/gui/test_thread_policy_worker.py).

The policy is given one core (``available_cores``) while torch is set to two before each
command, so a run that skipped the policy would report two threads inside its steps.
"""

from __future__ import annotations

import json

import pytest
import torch

from mlmstudio import thread_policy
from mlmstudio.cli import main
from mlmstudio.engine.trainer import Trainer
from mlmstudio.store import service
from mlmstudio.store.database import Database

TINY = [
    "--tokenizer",
    "char",
    "--d-model",
    "32",
    "--heads",
    "2",
    "--layers",
    "1",
    "--ffn",
    "64",
    "--seq-len",
    "32",
    "--batch-size",
    "8",
    "--precision",
    "fp32",
    "--device",
    "cpu",
    "--eval-every",
    "5",
    "--eval-batches",
    "1",
    "--checkpoint-every",
    "5",
    "--steps",
    "6",
]


@pytest.fixture
def threads_in_steps(monkeypatch):
    """The threads torch reports inside each training step of this test."""
    seen: list[int] = []
    stop_after: list[int] = []  # a test may ask the run to stop after this many steps
    step = Trainer._train_step

    def spying_step(self, batch):
        seen.append(torch.get_num_threads())
        if stop_after and len(seen) >= stop_after[0]:
            self.control.stop()
        return step(self, batch)

    monkeypatch.setattr(Trainer, "_train_step", spying_step)
    monkeypatch.setattr(thread_policy, "available_cores", lambda: 1)
    monkeypatch.delenv(thread_policy.THREADS_ENV, raising=False)
    monkeypatch.delenv("OMP_NUM_THREADS", raising=False)
    before = torch.get_num_threads()
    yield seen, stop_after
    torch.set_num_threads(before)


def run(capsys, *argv: str) -> str:
    out, code, err = _main(capsys, *argv)
    assert code == 0, err
    return out


def _stopped(capsys, *argv: str) -> str:
    out, code, err = _main(capsys, *argv)
    assert code in (0, 130), err  # a stop ends like Ctrl+C
    return out


def _main(capsys, *argv: str) -> tuple[str, int, str]:
    torch.set_num_threads(2)  # what torch would use here without the policy
    thread_policy.forget_role()  # each command is a fresh program
    code = main(list(argv))
    out, err = capsys.readouterr()
    return out, code, err


def test_train_and_runs_resume_use_the_policy(data_dir, capsys, threads_in_steps):
    seen, stop_after = threads_in_steps
    stop_after.append(3)  # the stop writes a checkpoint at step 3: resumable
    code = _stopped(capsys, "--data-dir", str(data_dir), "train", "sample:facts", *TINY, "--json")
    assert seen and set(seen) == {1}
    summary = json.loads(code)
    assert summary["threads"] == "1 (adaptive)" and summary["status"] == "stopped"
    run_id = summary["run_id"]
    db = Database.open(data_dir)
    assert service.get_run(db, run_id).summary.final_metrics["threads"] == "1 (adaptive)"

    seen.clear()
    stop_after.clear()
    run(capsys, "--data-dir", str(data_dir), "runs", "resume", run_id)
    assert len(seen) == 3 and set(seen) == {1}  # steps 4 to 6


def test_queue_run_uses_the_policy(data_dir, capsys, threads_in_steps):
    run(capsys, "--data-dir", str(data_dir), "queue", "add", "sample:facts", *TINY)
    run(capsys, "--data-dir", str(data_dir), "queue", "run")
    assert threads_in_steps[0] and set(threads_in_steps[0]) == {1}


@pytest.mark.slow
def test_a_sweep_uses_the_policy(data_dir, capsys, threads_in_steps):
    run(
        capsys,
        "--data-dir",
        str(data_dir),
        "sweep",
        "sample:facts",
        "--param",
        "lr=1e-4:3e-3:log",
        "--budget",
        "10m",
        "--trials",
        "2",
        "--no-prune",
        *TINY,
    )
    assert len(threads_in_steps[0]) >= 12 and set(threads_in_steps[0]) == {1}


def test_a_capsule_uses_the_policy_and_shares_the_cores_under_torchrun(
    data_dir, capsys, threads_in_steps, tmp_path, monkeypatch
):
    config = tmp_path / "tiny.json"
    run(capsys, "--data-dir", str(data_dir), "train", "sample:facts", *TINY, "--save-config", str(config))
    capsule = tmp_path / "cap"
    run(capsys, "--data-dir", str(data_dir), "capsule", str(config), str(capsule), "--no-estimate")
    threads_in_steps[0].clear()
    run(capsys, "train", "--capsule", str(capsule), "--no-record", "--out", str(tmp_path / "one"))
    assert threads_in_steps[0] and set(threads_in_steps[0]) == {1}

    # Two processes per node on four cores: each gets two (the rendezvous itself is tested elsewhere).
    monkeypatch.setattr(thread_policy, "available_cores", lambda: 4)
    monkeypatch.setenv("LOCAL_WORLD_SIZE", "2")
    threads_in_steps[0].clear()
    torch.set_num_threads(1)
    thread_policy.forget_role()
    assert main(["train", "--capsule", str(capsule), "--no-record", "--out", str(tmp_path / "two")]) == 0
    assert threads_in_steps[0] and set(threads_in_steps[0]) == {2}


def test_doctor_shows_the_policy(capsys, monkeypatch):
    monkeypatch.setenv(thread_policy.THREADS_ENV, "3")
    assert main(["doctor", "--json"]) in (0, 1)
    policy = json.loads(capsys.readouterr().out)["torch"]["thread_policy"]
    assert (policy["policy"], policy["threads"], policy["reason"]) == ("fixed", 3, "MLMSTUDIO_THREADS=3")
    monkeypatch.delenv(thread_policy.THREADS_ENV)
    monkeypatch.delenv("OMP_NUM_THREADS", raising=False)
    main(["doctor"])
    out = capsys.readouterr().out
    assert "Training threads  adaptive: train starts with" in out
    assert "reproducible only up to rounding" in " ".join(out.split())  # the line may wrap
