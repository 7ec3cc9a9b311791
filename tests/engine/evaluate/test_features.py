"""Mean-pooled last-layer features: padding never changes a text's features, for every architecture."""

from __future__ import annotations

import pytest
import torch

from mlmstudio.config import ModelConfig, TokenizerConfig
from mlmstudio.engine.evaluate.features import Encoded, encode_texts, hidden_states, pooled_features
from mlmstudio.engine.model_factory import build_model
from mlmstudio.engine.samples import TUTORIAL_TEXT
from mlmstudio.engine.tokenization import MLMTokenizer


@pytest.fixture(scope="module")
def tokenizer():
    return MLMTokenizer.train([TUTORIAL_TEXT], TokenizerConfig(kind="char", vocab_size=100, min_frequency=1))


@pytest.mark.parametrize(
    "model_config",
    [
        ModelConfig(arch="seed", d_model=16, num_layers=2, num_heads=2, ffn_dim=32, max_len=64),
        ModelConfig(arch="modern", d_model=16, num_layers=2, num_heads=2, ffn_dim=32, max_len=64),
        ModelConfig(
            arch="modern",
            d_model=16,
            num_layers=1,
            num_heads=2,
            ffn_dim=32,
            max_len=64,
            distance_bias=True,
            positions="learned",
        ),
        ModelConfig(
            arch="seed", d_model=16, num_layers=1, num_heads=2, ffn_dim=32, max_len=64, objective="electra"
        ),
    ],
    ids=["seed", "modern", "modern-distance-bias", "electra"],
)
def test_a_texts_features_do_not_depend_on_its_batch(tokenizer, model_config):
    torch.manual_seed(0)
    model = build_model(model_config, tokenizer.vocab_size, tokenizer.pad_token_id).eval()
    texts = ["Knowledge is power.", "All that glitters is not gold, to be or not to be."]
    encoded = encode_texts(tokenizer, texts, model.max_len)
    together = pooled_features(model, tokenizer, encoded, batch_size=2)  # the short one padded
    alone = torch.cat(
        [pooled_features(model, tokenizer, Encoded((ids,), 0), batch_size=1) for ids in encoded.ids]
    )
    assert together.shape == (2, 16)
    assert torch.allclose(together, alone, atol=1e-5)
    # The mean over the real tokens of the last layer's states, the framing tokens included.
    ids = torch.tensor([encoded.ids[0]])
    with torch.inference_mode():
        states = hidden_states(model, ids, torch.ones_like(ids))
    assert torch.allclose(alone[0], states[0].mean(0), atol=1e-6)


def test_texts_longer_than_the_model_are_cut_and_counted(tokenizer):
    encoded = encode_texts(tokenizer, ["a" * 10, "b" * 100], max_len=32)
    assert encoded.cut == 1
    assert [len(ids) for ids in encoded.ids] == [12, 32]
    assert encoded.ids[1][0] == tokenizer.cls_token_id and encoded.ids[1][-1] == tokenizer.sep_token_id
