"""The trainer under torchrun: 2 CPU processes (gloo) match 1 process with the same global batch."""

import json
import os
import subprocess
import sys

import numpy as np
import pytest
import torch

from mlmstudio.store.database import Database
from mlmstudio.store.service import list_runs, load_curve

TRAIN_ARGS = [
    "train",
    "sample:facts",
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
    "--steps",
    "30",
    "--seq-len",
    "32",
    "--precision",
    "fp32",
    "--eval-every",
    "15",
    "--checkpoint-every",
    "15",
    "--seed",
    "5",
    "--json",
    "--lr",
    "3e-3",
]  # high enough that 30 steps show the loss falling


def train_losses(data_dir) -> np.ndarray:
    db = Database.open(data_dir)
    runs = list_runs(db)
    assert len(runs) == 1, "only rank 0 may record a run"
    return load_curve(db, runs[0].id, "train", "loss").values


@pytest.mark.slow
def test_two_processes_match_one_with_the_same_global_batch(tmp_path):
    # Both on the CPU (gloo) wherever this runs: on a GPU machine the single run would use the GPU.
    env = dict(os.environ, OMP_NUM_THREADS="1", CUDA_VISIBLE_DEVICES="")
    single = subprocess.run(
        [
            sys.executable,
            "-m",
            "mlmstudio",
            "--data-dir",
            str(tmp_path / "one"),
            *TRAIN_ARGS,
            "--batch-size",
            "8",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert single.returncode == 0, single.stderr
    multi = subprocess.run(
        [
            sys.executable,
            "-m",
            "torch.distributed.run",
            "--standalone",
            "--nproc_per_node",
            "2",
            "-m",
            "mlmstudio",
            "--data-dir",
            str(tmp_path / "two"),
            *TRAIN_ARGS,
            "--batch-size",
            "4",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert multi.returncode == 0, multi.stderr[-3000:]
    # Only rank 0 prints the summary.
    summary = json.loads(multi.stdout[multi.stdout.index("{") :])
    assert summary["status"] == "completed" and summary["steps"] == 30

    one, two = train_losses(tmp_path / "one"), train_losses(tmp_path / "two")
    assert len(one) == len(two) == 30
    # Same data, masks and initial weights; the only difference is that DDP averages the
    # two halves' mean losses instead of taking one mean over all masked tokens.
    assert abs(one[0] - two[0]) < 0.05
    assert np.mean(np.abs(one - two)) < 0.05
    assert two[-5:].mean() < two[:5].mean()
    checkpoints = list((tmp_path / "two" / "runs").glob("*/checkpoints/step-*"))
    assert checkpoints, "rank 0 writes the checkpoints"


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")
def test_cuda_training_uses_bf16_and_pinned_batches(tmp_path):
    from mlmstudio.config import ModelConfig, RunConfig, TokenizerConfig, TrainingConfig
    from mlmstudio.engine.samples import sample_text
    from mlmstudio.engine.trainer import Trainer

    config = RunConfig(
        tokenizer=TokenizerConfig(kind="char"),
        model=ModelConfig(d_model=32, num_layers=1, num_heads=2, ffn_dim=64, max_len=32),
        training=TrainingConfig(steps=10, batch_size=4, seq_len=32, device="cuda"),
    )
    trainer = Trainer(config, sample_text("facts")[:20_000], tmp_path / "run")
    assert trainer.device.type == "cuda" and trainer.precision == "bf16"
    result = trainer.run()
    assert result.status == "completed" and result.summary.device == "cuda"


@pytest.mark.parametrize(
    ("gpus", "expected"), [(1, ("gloo", "cpu")), (2, ("nccl", "cuda:1")), (0, ("gloo", ""))]
)
def test_more_processes_than_gpus_train_on_the_cpu(monkeypatch, gpus, expected):
    """torchrun --nproc_per_node 2 on a one-GPU machine: rank 1 has no GPU of its own."""
    from mlmstudio.engine import distributed

    for name, value in {"WORLD_SIZE": "2", "RANK": "1", "LOCAL_RANK": "1", "LOCAL_WORLD_SIZE": "2"}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(torch.cuda, "is_available", lambda: gpus > 0)
    monkeypatch.setattr(torch.cuda, "device_count", lambda: gpus)
    monkeypatch.setattr(torch.cuda, "set_device", lambda index: None)
    monkeypatch.setattr(distributed.dist, "is_initialized", lambda: False)
    backends = []
    monkeypatch.setattr(distributed.dist, "init_process_group", lambda backend: backends.append(backend))
    ctx = distributed.context()
    assert (backends[0], ctx.device) == expected
