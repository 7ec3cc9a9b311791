"""The logit lens: its last row is the model's own answer, for every architecture and an opened model.

Each variant (variant_models.py: the tiny configuration with one thing changed,
saved and loaded back) is asked through a Predictor as the Predictions tab asks.
An opened transformers model (BERT, and an ELECTRA discriminator with its
generator) goes through the same path.
"""

from __future__ import annotations

import dataclasses
import json
import os

import numpy as np
import pytest
from variant_models import QUESTION, VARIANTS, variant_predictor

from mlmstudio.engine.errors import PredictionError
from mlmstudio.engine.inspect import logit_lens as lens_module
from mlmstudio.engine.inspect.logit_lens import logit_lens
from mlmstudio.engine.inspect.temperature import with_temperature
from mlmstudio.engine.predict import Predictor

os.environ.setdefault("HF_HUB_OFFLINE", "1")


def assert_last_row_is_fill_mask(predictor: Predictor, question: str) -> None:
    lens = logit_lens(predictor, question, top_k=5)
    fill = predictor.fill_mask(question, top_k=5)
    assert lens.num_masks == len(fill.masks) == question.count("[MASK]")
    assert lens.num_stages == len(lens.stage_names)
    for m, expected in enumerate(fill.masks):
        probs = lens.probabilities(m, 1.0)  # [S, 5]
        assert [int(i) for i in lens.top_ids[m, -1]] == [c["token"] for c in expected]
        assert lens.top_tokens[m][-1] == [c["token_str"] for c in expected]
        np.testing.assert_allclose(probs[-1], [c["score"] for c in expected], rtol=0, atol=1e-6)
        # every stage is a distribution over the vocabulary, and the stages really differ
        full = with_temperature(lens.logits[m], 1.0)
        np.testing.assert_allclose(full.sum(-1), 1.0, atol=1e-6)
        assert not np.allclose(lens.logits[m, 0], lens.logits[m, -1], atol=1e-3)


@pytest.mark.parametrize("name", VARIANTS)
def test_the_last_row_equals_the_predictions_tab(name, tmp_path):
    predictor = variant_predictor(name, tmp_path)
    assert_last_row_is_fill_mask(predictor, QUESTION)
    lens = logit_lens(predictor, QUESTION)
    layers = 2
    assert lens.num_stages == layers + 1 and lens.stage_names[0] == "embeddings"
    if name == "electra":
        assert lens.stage_names[1:] == ["generator 1", "generator 2"] and "generator" in lens.note
    else:
        assert lens.stage_names[1:] == ["layer 1", "layer 2"] and lens.note == ""
    assert [lens.tokens[p] for p in lens.mask_positions] == ["[MASK]", "[MASK]"]


def test_an_opened_bert_and_electra_read_through_their_own_heads(tmp_path):
    pytest.importorskip("transformers")
    from hf_family_models import build_family

    from mlmstudio.engine.hf_import import open_transformers_folder

    for family in ("bert", "electra"):
        folder = build_family(family, tmp_path / f"{family}-source")
        open_transformers_folder(folder, tmp_path / family)
        predictor = Predictor.from_dir(tmp_path / family)
        assert_last_row_is_fill_mask(predictor, "paris is the [MASK] of [MASK] .")
        assert logit_lens(predictor, "the [MASK] sat on the rug .").num_stages == 3


def test_a_wrong_head_fails_the_last_row(tmp_path, monkeypatch):
    """The check has teeth: reading the modern model without its final LayerNorm changes the answer."""
    predictor = variant_predictor("modern-learned", tmp_path)
    real_route = lens_module._route

    def without_final_norm(model):
        route = real_route(model)
        return dataclasses.replace(route, readout=lambda h: model._vocab_logits(h))

    monkeypatch.setattr(lens_module, "_route", without_final_norm)
    with pytest.raises(AssertionError):
        assert_last_row_is_fill_mask(predictor, QUESTION)


def test_temperature_redraws_without_reordering(tmp_path):
    predictor = variant_predictor("modern-rotary", tmp_path)
    lens = logit_lens(predictor, QUESTION, top_k=5)
    fill = predictor.fill_mask(QUESTION, top_k=5)
    np.testing.assert_allclose(lens.probabilities(0, 1.0)[-1], [c["score"] for c in fill.masks[0]], atol=1e-6)
    logits = lens.logits[0, -1].astype(np.float64)
    for t in (0.1, 0.5, 2.0, 5.0):
        probs = with_temperature(lens.logits[0], t)[-1]
        expected = np.exp(
            logits / t - np.log(np.exp(logits / t - (logits / t).max()).sum()) - (logits / t).max()
        )
        np.testing.assert_allclose(probs, expected, rtol=1e-5, atol=1e-7)
        assert list(np.argsort(-probs)[:5]) == [int(i) for i in lens.top_ids[0, -1]]
    sharp, flat = lens.probabilities(0, 0.1)[-1], lens.probabilities(0, 5.0)[-1]
    one = lens.probabilities(0, 1.0)[-1]
    assert sharp[0] > one[0] > flat[0]  # the best guess: surer when sharpened, less when flattened
    assert flat[0] - flat[-1] < one[0] - one[-1]


@pytest.mark.parametrize("bad", [0.0, 0.05, 5.5, float("nan"), -1.0])
def test_a_temperature_out_of_range_is_a_sentence(bad):
    with pytest.raises(PredictionError, match="temperature"):
        with_temperature(np.zeros((2, 3)), bad)


def test_exports_and_bad_questions(tmp_path):
    predictor = variant_predictor("seed", tmp_path)
    lens = logit_lens(predictor, QUESTION, top_k=3)
    rows = lens.rows(temperature=2.0)
    assert len(rows) == 2 * 3 * 3  # masks x stages x ranks
    assert {r["after"] for r in rows} == {"embeddings", "layer 1", "layer 2"}
    data = json.loads(json.dumps(lens.as_dict(temperature=2.0)))
    assert data["temperature"] == 2.0 and len(data["masks"]) == 2
    assert data["masks"][0]["stages"][-1]["top"][0]["token_id"] == int(lens.top_ids[0, -1, 0])
    with pytest.raises(PredictionError, match="MASK"):
        logit_lens(predictor, "no blank here")
    with pytest.raises(PredictionError, match="top_k"):
        logit_lens(predictor, QUESTION, top_k=0)
