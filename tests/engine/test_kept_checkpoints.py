"""Kept checkpoints: the documented spacing, N of them on disk, resume intact, earlier answers differ."""

from __future__ import annotations

import json

import pytest
import torch
from safetensors.torch import load_file

from mlmstudio.config import RunConfig
from mlmstudio.engine.errors import ModelLoadError
from mlmstudio.engine.events import StepEvent, TrainingControl
from mlmstudio.engine.kept_checkpoints import (
    kept_bytes,
    kept_steps,
    list_kept,
    load_predictor_at,
    planned_steps,
)
from mlmstudio.engine.predict import Predictor
from mlmstudio.engine.predictor_cache import PredictorCache
from mlmstudio.engine.samples import sample_text
from mlmstudio.engine.trainer import Trainer

from tiny_configs import tiny_config

STEPS, KEEP = 40, 4
SENTENCE = "The capital of France is [MASK]."


def config(**training) -> RunConfig:
    return tiny_config(
        max_len=32,
        **{
            "steps": STEPS,
            "batch_size": 4,
            "checkpoint_every": 10,
            "lr": 3e-3,
            "seed": 3,
            "keep_checkpoints": KEEP,
            **training,
        },
    )


@pytest.fixture(scope="module")
def text():
    return sample_text("facts")[:20_000]


@pytest.fixture(scope="module")
def straight(tmp_path_factory, text):
    out = tmp_path_factory.mktemp("straight")
    assert Trainer(config(), text, out).run().status == "completed"
    return out


def test_the_documented_spacing():
    assert planned_steps(1000, 8) == [8, 16, 32, 64, 128, 256, 512, 1000]
    assert planned_steps(30, 8) == [1, 2, 4, 8, 16, 30]  # a short run keeps fewer than N
    assert planned_steps(64, 3) == [16, 32, 64]  # the end is a power of two itself
    assert planned_steps(40, 1) == [40] and planned_steps(40, 0) == [] and planned_steps(0, 8) == []
    # A stopped run's end (20) goes once later copies exist; powers of two stay.
    assert kept_steps([1, 2, 4, 8, 16, 20, 32], 4) == [4, 8, 16, 32]
    assert kept_bytes(1_000_000, 8) == 32_000_000 and kept_bytes(10, 0) == 0


def test_old_configs_load_with_the_default():
    raw = json.loads(RunConfig().to_json())
    del raw["training"]["keep_checkpoints"]
    assert RunConfig.from_dict(raw).training.keep_checkpoints == 8


@pytest.mark.slow
def test_a_run_keeps_n_copies_at_the_documented_steps(straight):
    kept = list_kept(straight)
    assert [s for s, _ in kept] == planned_steps(STEPS, KEEP) == [8, 16, 32, 40]
    assert len(kept) == KEEP
    params = Predictor.from_dir(straight).model
    expected = sum(t.numel() for t in params.state_dict().values())
    assert all(p.stat().st_size >= expected * 4 for _, p in kept)
    # The last copy is the final model.
    final = load_file(straight / "model.safetensors")
    last = load_file(kept[-1][1])
    assert final.keys() == last.keys() and all(torch.equal(final[k], last[k]) for k in final)


@pytest.mark.slow
def test_keep_zero_keeps_none(tmp_path, text):
    Trainer(config(keep_checkpoints=0, steps=8), text, tmp_path / "run").run()
    assert list_kept(tmp_path / "run") == [] and not (tmp_path / "run" / "kept-checkpoints").exists()


@pytest.mark.slow
def test_a_stopped_and_resumed_run_keeps_the_same_copies(tmp_path, text, straight):
    out = tmp_path / "run"
    control = TrainingControl()

    def stop_at_20(event):
        if isinstance(event, StepEvent) and event.step == 20:
            control.stop()

    assert Trainer(config(), text, out, callbacks=[stop_at_20], control=control).run().status == "stopped"
    assert [s for s, _ in list_kept(out)] == kept_steps([1, 2, 4, 8, 16, 20], KEEP) == [4, 8, 16, 20]

    # Resume from the checkpoint at step 10: the copies after it (16, 20) belong to the part trained again.
    resumed = Trainer.resume(out, text, checkpoint=out / "checkpoints" / "step-00000010")
    assert resumed.run().status == "completed"
    assert [s for s, _ in list_kept(out)] == [8, 16, 32, 40]
    for (step, mine), (_, theirs) in zip(list_kept(out), list_kept(straight), strict=True):
        a, b = load_file(mine), load_file(theirs)
        assert all(torch.allclose(a[k], b[k], atol=1e-6) for k in a), f"step {step} differs"


@pytest.mark.slow
def test_an_earlier_copy_answers_differently(straight):
    final = Predictor.from_dir(straight).fill_mask(SENTENCE, top_k=5)
    early = load_predictor_at(straight, 8).fill_mask(SENTENCE, top_k=5)
    assert [c["score"] for c in early.masks[0]] != pytest.approx(
        [c["score"] for c in final.masks[0]], abs=1e-4
    )
    cache = PredictorCache()
    at_8 = cache.get_at_step(straight, 8)
    assert cache.get_at_step(straight, 8) is at_8 and cache.get(straight) is not at_8 and len(cache) == 2
    assert cache.get_at_step(straight, 8).fill_mask(SENTENCE).masks == early.masks
    cache.keep_only([straight])
    assert len(cache) == 2
    cache.keep_only([])
    assert len(cache) == 0


@pytest.mark.slow
def test_a_missing_copy_or_run_is_a_sentence(straight, tmp_path):
    with pytest.raises(ModelLoadError, match="step 3 is no longer kept"):
        load_predictor_at(straight, 3)
    with pytest.raises(ModelLoadError, match="no longer exists"):
        load_predictor_at(tmp_path / "gone", 8)
    cache = PredictorCache()
    with pytest.raises(ModelLoadError, match="step 3 is no longer there"):
        cache.get_at_step(straight, 3)
    with pytest.raises(ModelLoadError, match="no longer exists"):
        cache.get_at_step(tmp_path / "gone", 8)


def test_a_killed_write_leaves_no_copy_and_its_leftover_goes_on_resume(tmp_path):
    from mlmstudio.engine.kept_checkpoints import drop_kept_after
    from mlmstudio.engine.run_files import RunFolder

    folder = RunFolder(tmp_path).kept_checkpoints
    folder.mkdir()
    (folder / "step-00000004.safetensors").write_bytes(b"x")
    (folder / "step-00000016.safetensors").write_bytes(b"x")
    (folder / ".step-00000032.safetensors.abcd.tmp").write_bytes(b"half")
    assert [s for s, _ in list_kept(tmp_path)] == [4, 16]  # the half-written one is no copy
    drop_kept_after(tmp_path, 8)
    assert sorted(p.name for p in folder.iterdir()) == ["step-00000004.safetensors"]
