"""The shared evaluation (engine/inspect/detection_metric.py): an exact AUC over a fixed replacement task."""

import itertools

import numpy as np
import pytest
import torch

from mlmstudio.config import ModelConfig
from mlmstudio.engine.data import Batch
from mlmstudio.engine.inspect.detection_metric import (
    REPLACED_SHARE,
    detection_auc,
    detection_batches,
    roc_auc,
    token_scores,
)
from mlmstudio.engine.masking import IGNORE_INDEX
from mlmstudio.engine.model_factory import build_model

SPECIALS = [0, 1, 2, 3, 4]


def brute_force_auc(scores, positive):
    pos = [s for s, p in zip(scores, positive, strict=True) if p]
    neg = [s for s, p in zip(scores, positive, strict=True) if not p]
    wins = sum(1.0 if a > b else 0.5 if a == b else 0.0 for a, b in itertools.product(pos, neg))
    return wins / (len(pos) * len(neg))


@pytest.mark.parametrize("seed", range(5))
def test_the_auc_is_the_exact_pairwise_probability_ties_counting_half(seed):
    rng = np.random.default_rng(seed)
    scores = rng.integers(0, 6, 60).astype(float)  # many ties on purpose
    positive = rng.random(60) < 0.4
    assert roc_auc(scores, positive) == pytest.approx(brute_force_auc(scores, positive), abs=1e-12)


def test_auc_edge_cases():
    assert roc_auc([1, 2, 3], [True, True, True]) is None
    assert roc_auc([0.1, 0.9], [False, True]) == 1.0
    assert roc_auc([0.9, 0.1], [False, True]) == 0.0
    assert roc_auc([0.5, 0.5], [False, True]) == 0.5


def val_batches(vocab=60):
    g = torch.Generator().manual_seed(0)
    batches = []
    for _ in range(3):
        ids = torch.randint(5, vocab, (4, 30), generator=g)
        ids[:, 0], ids[:, -1] = 2, 3
        labels = torch.full_like(ids, IGNORE_INDEX)
        labels[:, 5] = ids[:, 5]
        masked = ids.clone()
        masked[:, 5] = 4
        batches.append(Batch(masked, torch.ones_like(ids), labels))
    return batches


def test_the_task_is_fixed_replaces_about_15_percent_never_specials_and_never_the_same_token():
    a = detection_batches(val_batches(), 60, SPECIALS)
    b = detection_batches(val_batches(), 60, SPECIALS)
    assert len(a) == 2  # the first half of the three validation batches (WINDOW_SHARE)
    for x, y in zip(a, b, strict=True):
        assert torch.equal(x.input_ids, y.input_ids) and torch.equal(x.positions, y.positions)
    replaced = torch.cat([d.replaced for d in a])
    total_real = sum(4 * 28 for _ in a)
    assert replaced.sum().item() / total_real == pytest.approx(REPLACED_SHARE, abs=0.05)
    for d, v in zip(a, val_batches(), strict=False):  # a holds the first two of the three
        original = torch.where(v.labels != IGNORE_INDEX, v.labels, v.input_ids).reshape(-1)
        flat = d.input_ids.reshape(-1)
        changed = (flat != original).nonzero().squeeze(1)
        assert set(changed.tolist()) == set(d.positions[d.replaced].tolist())  # replaced = changed
        assert not torch.isin(flat[changed], torch.tensor(SPECIALS)).any()
        assert (d.input_ids[:, 0] == 2).all() and (d.input_ids[:, -1] == 3).all()


@pytest.mark.parametrize("arch,objective", [("seed", "mlm"), ("modern", "mlm"), ("seed", "electra")])
def test_every_kind_of_model_gets_a_score_per_position_and_an_auc(arch, objective):
    torch.manual_seed(0)
    model = build_model(
        ModelConfig(
            arch=arch, objective=objective, d_model=32, num_layers=1, num_heads=2, ffn_dim=64, max_len=32
        ),
        60,
    )
    tasks = detection_batches(val_batches(), 60, SPECIALS)
    assert token_scores(model.eval(), tasks[0]).shape == tasks[0].positions.shape
    auc = detection_auc(model, tasks, torch.device("cpu"))
    assert 0.0 <= auc <= 1.0


def test_an_mlm_score_is_the_surprise_of_the_observed_token():
    torch.manual_seed(0)
    model = build_model(
        ModelConfig(arch="seed", d_model=32, num_layers=1, num_heads=2, ffn_dim=64, max_len=32), 60
    ).eval()
    task = detection_batches(val_batches(), 60, SPECIALS)[0]
    with torch.no_grad():
        log_probs = torch.log_softmax(model(task.input_ids).logits, -1).reshape(-1, 60)
    expected = -log_probs[task.positions, task.observed]
    assert torch.allclose(token_scores(model, task), expected, atol=1e-5)
