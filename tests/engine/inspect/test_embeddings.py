"""Embedding neighbours and the PCA map, checked against plain numpy on really trained tiny models."""

from __future__ import annotations

import dataclasses
import json
from itertools import pairwise

import numpy as np
import pytest

from mlmstudio.config import TokenizerConfig
from mlmstudio.engine.errors import PredictionError
from mlmstudio.engine.inspect.embeddings import (
    TIED_NOTE,
    UNTIED_NOTE,
    embedding_map,
    explore_embeddings,
    frequent_token_ids,
    nearest_tokens,
    principal_components,
    resolve_word,
)
from mlmstudio.engine.predict import Predictor
from mlmstudio.engine.samples import sample_text
from mlmstudio.engine.trainer import Trainer

from tiny_configs import tiny_config

pytestmark = pytest.mark.slow


def _train(tmp_path_factory, arch: str, kind: str) -> Predictor:
    base = tiny_config(arch=arch, steps=30, lr=3e-3)
    config = dataclasses.replace(base, tokenizer=TokenizerConfig(kind=kind, vocab_size=300, min_frequency=1))
    out = tmp_path_factory.mktemp(f"{arch}-{kind}")
    Trainer(config, sample_text("facts")[:30_000], out).run()
    return Predictor.from_dir(out)


@pytest.fixture(scope="module")
def word_model(tmp_path_factory) -> Predictor:
    return _train(tmp_path_factory, "modern", "wordpiece")


@pytest.fixture(scope="module")
def seed_model(tmp_path_factory) -> Predictor:
    return _train(tmp_path_factory, "seed", "word")


def _numpy_neighbours(weight: np.ndarray, query: int, k: int) -> list[tuple[int, float]]:
    unit = weight / np.linalg.norm(weight, axis=1, keepdims=True)
    sims = unit @ unit[query]
    sims[query] = -np.inf
    sims[:5] = -np.inf  # special tokens left out
    order = np.argsort(-sims, kind="stable")[:k]
    return [(int(i), float(sims[i])) for i in order]


@pytest.mark.parametrize("which", ["word_model", "seed_model"])
def test_neighbours_agree_with_numpy_cosine(which, request):
    model = request.getfixturevalue(which)
    weight = model.model.tok_emb.weight.detach().numpy().astype(np.float64)
    word = model.tokenizer.token_str(7)
    result = nearest_tokens(model, word, k=8)
    assert result.word.piece_ids == [7] and result.word.note == ""
    expected = _numpy_neighbours(weight, 7, 8)
    assert [n.token_id for n in result.neighbours] == [i for i, _ in expected]
    assert [n.similarity for n in result.neighbours] == pytest.approx([s for _, s in expected], abs=1e-5)
    assert all(a.similarity >= b.similarity for a, b in pairwise(result.neighbours))
    assert not any(n.special for n in result.neighbours)
    assert result.embedding_note == (TIED_NOTE if which == "word_model" else UNTIED_NOTE)


def test_a_split_word_uses_the_mean_of_its_pieces_and_says_so(word_model):
    tok = word_model.tokenizer
    word = next(
        w
        for w in ("capitalisation", "parisians", "franceville", "berlinerisch")
        if len([i for i in tok.encode(w)]) > 1
    )
    resolved = resolve_word(tok, word)
    assert resolved.rule == "mean of pieces" and len(resolved.piece_ids) > 1
    assert "tokens for this model" in resolved.note and "+" in resolved.note
    result = nearest_tokens(word_model, word, k=5)
    assert not set(resolved.piece_ids) & {n.token_id for n in result.neighbours}
    weight = word_model.model.tok_emb.weight.detach().numpy().astype(np.float64)
    unit = weight / np.linalg.norm(weight, axis=1, keepdims=True)
    query = unit[resolved.piece_ids].mean(0)
    query /= np.linalg.norm(query)
    best = result.neighbours[0]
    assert best.similarity == pytest.approx(float(unit[best.token_id] @ query), abs=1e-5)


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "Type a word"),
        ("   ", "Type a word"),
        ("\u4e2d\u6587\u5b57", "not in this model's vocabulary"),
        ("[MASK]", "special token"),
    ],
)
def test_bad_words_are_sentences(word_model, text, fragment):
    with pytest.raises(PredictionError, match=fragment):
        nearest_tokens(word_model, text)


def test_special_tokens_only_when_asked_and_then_marked(word_model):
    word = word_model.tokenizer.token_str(6)
    weight = word_model.model.tok_emb.weight.detach().numpy().astype(np.float64)
    unit = weight / np.linalg.norm(weight, axis=1, keepdims=True)
    sims = unit @ unit[6]
    sims[6] = -np.inf
    k = int(
        np.argsort(-sims, kind="stable")
        .tolist()
        .index(int(np.argmax(np.where(np.arange(len(sims)) < 5, sims, -np.inf))))
        + 1
    )
    with_special = nearest_tokens(word_model, word, k=k, include_special=True)
    assert [n.token_id for n in with_special.neighbours] == np.argsort(-sims, kind="stable")[:k].tolist()
    assert with_special.neighbours[-1].special and with_special.neighbours[-1].token_id < 5
    assert all(n.special == (n.token_id < 5) for n in with_special.neighbours)
    assert not any(n.special for n in nearest_tokens(word_model, word, k=k).neighbours)


def test_pca_map_shape_and_variance_order(word_model):
    n = 60
    result = embedding_map(word_model, n)
    assert result.token_ids == frequent_token_ids(word_model.tokenizer.vocab_size, n) == list(range(5, 5 + n))
    xy = np.array(result.xy)
    assert xy.shape == (n, 2)
    assert np.allclose(xy.mean(0), 0.0, atol=1e-6)  # centred
    var = xy.var(0)
    assert var[0] >= var[1] > 0
    assert result.explained[0] >= result.explained[1] > 0 and sum(result.explained) <= 1.0 + 1e-9
    # The same shares from numpy's own SVD of the centred vectors.
    weight = word_model.model.tok_emb.weight.detach().numpy().astype(np.float64)[5 : 5 + n]
    s = np.linalg.svd(weight - weight.mean(0), compute_uv=False)
    assert result.explained == pytest.approx(tuple(s[:2] ** 2 / (s**2).sum()), rel=1e-6)
    assert var[0] / var.sum() == pytest.approx(s[0] ** 2 / (s[0] ** 2 + s[1] ** 2), rel=1e-6)


def test_components_are_orthonormal_with_a_fixed_sign():
    import torch

    torch.manual_seed(0)
    vectors = torch.randn(50, 8) * torch.tensor([5.0, 3, 1, 1, 1, 1, 1, 1])
    _, components, share = principal_components(vectors)
    assert torch.allclose(components @ components.T, torch.eye(2, dtype=torch.float64), atol=1e-9)
    _, flipped, _ = principal_components(-vectors)
    assert torch.allclose(components, flipped, atol=1e-9)  # the sign does not follow the data's sign
    assert share[0] > share[1]


def test_explore_view_highlights_the_word_and_neighbours_and_serialises(word_model):
    word = word_model.tokenizer.token_str(9)
    view = explore_embeddings(word_model, word, k=5, n_map=40)
    assert set(view.map.extra) == {n.token_id for n in view.neighbours.neighbours} | {9}
    # A highlighted token that is also on the map sits at the same place.
    for token_id, point in view.map.extra.items():
        if token_id in view.map.token_ids:
            assert point == pytest.approx(view.map.xy[view.map.token_ids.index(token_id)])
    assert view.map.query_xy == pytest.approx(view.map.extra[9])
    data = json.loads(view.to_json())
    assert data["neighbours"]["word"]["piece_ids"] == [9] and len(data["map"]["xy"]) == 40
    rows = view.csv_rows()
    assert [r["kind"] for r in rows].count("neighbour") == 5 and len(rows) == 45


def test_an_electra_model_uses_its_shared_embedding():
    import torch

    from mlmstudio.config import ModelConfig
    from mlmstudio.engine.inspect.embeddings import input_embedding
    from mlmstudio.engine.model_factory import build_model

    try:
        model = build_model(
            ModelConfig(
                arch="seed",
                d_model=32,
                num_layers=1,
                num_heads=2,
                ffn_dim=64,
                max_len=32,
                objective="electra",
            ),
            50,
        )
    except TypeError:
        pytest.skip("this version has no ELECTRA objective")
    weight, note = input_embedding(model)
    assert weight.shape == (50, 32) and note == TIED_NOTE
    assert torch.equal(weight, model.embeddings.tok_emb.weight.detach())
