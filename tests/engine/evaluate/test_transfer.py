"""The transfer probe on a really trained model: it beats its random twin where a word decides the label,
and sits at chance with everyone else when the labels mean nothing."""

from __future__ import annotations

import random

import pytest
import torch

from mlmstudio.config import CorpusConfig, ModelConfig, RunConfig, TokenizerConfig, TrainingConfig
from mlmstudio.engine.artifacts import load_model_dir
from mlmstudio.engine.corpus import load_corpus
from mlmstudio.engine.evaluate import features
from mlmstudio.engine.evaluate.demo_task import kinds_task
from mlmstudio.engine.evaluate.tasks import make_task
from mlmstudio.engine.evaluate.transfer import METHOD_FINETUNE, Subject, evaluate_transfer
from mlmstudio.engine.kept_checkpoints import list_kept, load_predictor_at
from mlmstudio.engine.trainer import Trainer

# Measured on the shipped demo task (docs/PERFORMANCE.md, "Transfer probe"): this model (500 steps,
# 15-35 s) scored 0.87 against its twin's 0.36 (3 seeds); a default quick run 0.95 against 0.25.
MIN_GAP = 0.25
CHANCE_TOLERANCE = 0.12


def word_model_config(steps: int = 500) -> RunConfig:
    """A one-layer word-level model of the facts sample: small enough to train in seconds."""
    return RunConfig(
        corpus=CorpusConfig(source="sample:facts", val_fraction=0.05),
        tokenizer=TokenizerConfig(kind="word", vocab_size=1000, min_frequency=1, lowercase=True),
        model=ModelConfig(arch="modern", d_model=32, num_layers=1, num_heads=2, ffn_dim=64, max_len=16),
        training=TrainingConfig(
            steps=steps, batch_size=32, seq_len=16, lr=3e-3, schedule="constant", eval_every=steps,
            eval_batches=2, checkpoint_every=0, precision="fp32", device="cpu", keep_checkpoints=3,
        ),
    )  # fmt: skip


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    out = tmp_path_factory.mktemp("transfer") / "run"
    result = Trainer(word_model_config(), load_corpus("sample:facts").text, out).run()
    assert result.status.value == "completed"
    return out


def _run_subject(loaded) -> list[Subject]:
    return [Subject("run", "this run", lambda: loaded)]


@pytest.mark.slow
def test_the_trained_model_beats_its_random_twin_where_one_word_decides(trained):
    loaded = load_model_dir(trained)
    report = evaluate_transfer(kinds_task(), loaded, _run_subject(loaded), seeds=3)
    run, twin, majority = report.result("run"), report.result("twin"), report.result("majority")
    assert majority.mean == pytest.approx(1 / 3)
    assert run.mean > twin.mean + MIN_GAP, report.as_dict()
    assert run.mean > majority.mean + MIN_GAP
    assert len(run.per_seed) == 3 and run.spread == pytest.approx(torch.tensor(run.per_seed).std().item())
    # The table's rows: one per subject with every seed's number.
    rows = {row["subject"]: row for row in report.csv_rows()}
    assert rows["run"]["mean"] == pytest.approx(run.mean, abs=1e-6) and "seed_2" in rows["run"]


@pytest.mark.slow
def test_on_shuffled_labels_the_run_and_its_twin_sit_at_chance(trained):
    loaded = load_model_dir(trained)
    task = kinds_task()
    names = [task.classes[label] for label in task.labels]
    random.Random(7).shuffle(names)  # the labels no longer say anything about the texts
    shuffled = make_task("shuffled labels", task.texts, names)
    report = evaluate_transfer(shuffled, loaded, _run_subject(loaded), seeds=3)
    for subject in ("run", "twin", "majority"):
        assert abs(report.result(subject).mean - 1 / 3) < CHANCE_TOLERANCE, (subject, report.as_dict())


@pytest.mark.slow
def test_zeroed_features_leave_the_run_no_better_than_the_majority(trained, monkeypatch):
    """The probe's own test broken on purpose: features that say nothing must score the majority class."""
    loaded = load_model_dir(trained)
    real = features.mean_pooled
    monkeypatch.setattr(features, "mean_pooled", lambda *a: torch.zeros_like(real(*a)))
    report = evaluate_transfer(kinds_task(), loaded, _run_subject(loaded), seeds=2)
    assert report.result("run").mean == pytest.approx(report.result("majority").mean)
    assert not report.result("run").mean > report.result("twin").mean + MIN_GAP


@pytest.mark.slow
def test_kept_checkpoints_are_subjects_and_the_final_one_equals_the_run(trained):
    loaded = load_model_dir(trained)
    steps = [step for step, _ in list_kept(trained)]
    assert steps[-1] == 500 and len(steps) == 3
    subjects = _run_subject(loaded) + [
        Subject(
            "checkpoint",
            f"step {s}",
            lambda s=s: load_predictor_at(trained, s).loaded,
            step=s,
            finetune=False,
        )
        for s in steps
    ]
    report = evaluate_transfer(kinds_task(), loaded, subjects, seeds=2)
    assert report.result("checkpoint", step=500).per_seed == report.result("run").per_seed
    assert report.result("checkpoint", step=steps[0]).mean < report.result("run").mean


@pytest.mark.slow
def test_the_fine_tune_trains_a_copy_and_reports_each_seed(trained):
    loaded = load_model_dir(trained)
    before = {k: v.clone() for k, v in loaded.model.state_dict().items()}
    report = evaluate_transfer(kinds_task(), loaded, _run_subject(loaded), seeds=2, finetune=True)
    tuned = report.result("run", METHOD_FINETUNE)
    assert len(tuned.per_seed) == 2 and all(0.0 <= v <= 1.0 for v in tuned.per_seed)
    assert report.result("twin", METHOD_FINETUNE).per_seed
    assert tuned.mean > 1 / 3  # the fine-tuned run still knows the kinds of unseen words
    assert all(torch.equal(before[k], v) for k, v in loaded.model.state_dict().items())
