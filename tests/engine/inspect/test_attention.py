"""The attention inspection path: rows are distributions, and the weights are the ones the model uses.

The second claim is checked against the model's own forward: forward hooks
record each attention sublayer's output during a normal training-mode pass
(dropout 0, so it is deterministic), and the inspected weights times the values,
through the layer's output projection, must give the same numbers.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
import torch
from torch import nn

from mlmstudio.config import ModelConfig
from mlmstudio.engine.errors import PredictionError
from mlmstudio.engine.inspect.attention import attend, attention_layers, attention_weights
from mlmstudio.engine.model import SelfAttention
from mlmstudio.engine.model_factory import build_model

VOCAB = 50
# (arch, distance bias); "electra" is the ELECTRA objective on the seed layout (generator + discriminator),
# "rotary" the modern layout with rotary positions (RoPE)
ARCHS = [("seed", False), ("modern", True), ("modern", False), ("electra", False), ("rotary", False)]


def tiny_model(arch: str, distance_bias: bool = True, layers: int = 2, heads: int = 4) -> nn.Module:
    torch.manual_seed(0)
    objective = "electra" if arch == "electra" else "mlm"
    layout = {"electra": "seed", "rotary": "modern"}.get(arch, arch)
    cfg = ModelConfig(
        arch=layout,
        d_model=32,
        num_layers=layers,
        num_heads=heads,
        ffn_dim=64,
        max_len=24,
        dropout=0.0,
        distance_bias=distance_bias and arch == "modern",
        objective=objective,
        positions="rotary" if arch == "rotary" else "learned",
    )
    model = build_model(cfg, VOCAB)
    with torch.no_grad():  # untrained attention is nearly uniform: spread the weights so a mix-up shows
        for p in model.parameters():
            if p.dim() == 2:
                p.mul_(3.0)
    return model


def batch() -> tuple[torch.Tensor, torch.Tensor]:
    g = torch.Generator().manual_seed(1)
    ids = torch.randint(5, VOCAB, (2, 12), generator=g)
    mask = torch.ones_like(ids)
    mask[1, 8:] = 0  # the second text is 8 tokens long, padded to 12
    ids[1, 8:] = 0
    return ids, mask


@pytest.mark.parametrize("arch, distance_bias", ARCHS)
def test_rows_sum_to_one_and_padding_gets_nothing(arch, distance_bias):
    model = tiny_model(arch, distance_bias)
    ids, mask = batch()
    weights = attention_weights(model, ids, mask)
    L = 4 if arch == "electra" else 2  # ELECTRA: the generator's layers, then the discriminator's
    assert weights.shape == (2, L, 4, 12, 12)
    assert torch.allclose(weights.sum(-1), torch.ones(2, L, 4, 12), atol=1e-5)
    assert (weights >= 0).all()
    assert torch.count_nonzero(weights[1, ..., 8:]) == 0  # padded keys
    assert weights[1, ..., :8].min() > 0  # real keys all get something
    assert weights.std() > 0.02, "the weights should not be uniform in this test"


def _both_passes(model: nn.Module, ids, mask) -> None:
    """The normal forward, and for ELECTRA the discriminator's pass too (its forward runs the generator)."""
    model(ids, attention_mask=mask)
    if hasattr(model, "replaced_logits"):
        model.replaced_logits(ids, attention_mask=mask)


def _sublayer_outputs(model: nn.Module, ids, mask) -> list[torch.Tensor]:
    """What the normal forward computes at each attention sublayer (a training-mode pass, dropout 0)."""
    outputs: list[torch.Tensor] = []
    handles = []
    for layer in attention_layers(model):
        target = layer.self_attn if isinstance(layer, nn.TransformerEncoderLayer) else layer

        def keep(_m, _args, out):
            outputs.append((out[0] if isinstance(out, tuple) else out).detach().clone())

        handles.append(target.register_forward_hook(keep))
    model.train()  # the path training takes: every sublayer is a module call (no fused fast path)
    try:
        _both_passes(model, ids, mask)
    finally:
        for h in handles:
            h.remove()
        model.eval()
    return outputs


def _inputs(model: nn.Module, ids, mask) -> list[torch.Tensor]:
    """The hidden states each attention sublayer reads in the normal forward."""
    inputs: list[torch.Tensor] = []
    handles = []
    for layer in attention_layers(model):
        target = layer.self_attn if isinstance(layer, nn.TransformerEncoderLayer) else layer

        def keep(_m, args, kwargs):
            inputs.append((args[0] if args else next(iter(kwargs.values()))).detach().clone())

        handles.append(target.register_forward_pre_hook(keep, with_kwargs=True))
    model.train()
    try:
        _both_passes(model, ids, mask)
    finally:
        for h in handles:
            h.remove()
        model.eval()
    return inputs


def _values_and_projection(layer: nn.Module, x: torch.Tensor, heads: int):
    """(values [B, H, T, d/H], output projection) of one attention layer, from its own parameters."""
    B, T, d = x.shape
    if isinstance(layer, SelfAttention):
        v = layer.qkv(x).view(B, T, 3, heads, d // heads)[:, :, 2].transpose(1, 2)
        return v, layer.proj
    attn = layer.self_attn
    w_v, b_v = attn.in_proj_weight[2 * d :], attn.in_proj_bias[2 * d :]
    v = nn.functional.linear(x, w_v, b_v).view(B, T, heads, d // heads).transpose(1, 2)
    return v, attn.out_proj


@pytest.mark.parametrize("arch, distance_bias", ARCHS)
def test_weighted_values_reproduce_each_layers_attention_output(arch, distance_bias):
    model = tiny_model(arch, distance_bias)
    ids, mask = batch()
    weights = attention_weights(model, ids, mask)  # [B, L, H, T, T]
    expected = _sublayer_outputs(model, ids, mask)
    inputs = _inputs(model, ids, mask)
    layers = attention_layers(model)
    assert len(expected) == len(inputs) == len(layers) == weights.shape[1]
    with torch.no_grad():
        for index, layer in enumerate(layers):
            v, projection = _values_and_projection(layer, inputs[index], heads=4)
            mixed = weights[:, index] @ v  # [B, H, T, d/H]
            B, H, T, dh = mixed.shape
            rebuilt = projection(mixed.transpose(1, 2).reshape(B, T, H * dh))
            torch.testing.assert_close(rebuilt, expected[index], atol=1e-5, rtol=1e-5)
            # and the test can fail: uniform weights give a different output
            uniform = torch.full_like(weights[:, index], 1.0 / T) @ v
            assert not torch.allclose(
                projection(uniform.transpose(1, 2).reshape(B, T, H * dh)), expected[index], atol=1e-3
            )


@pytest.mark.parametrize("arch", ["seed", "modern", "electra"])
def test_inspection_leaves_the_model_as_it_was(arch):
    model = tiny_model(arch)
    model.train()
    ids, mask = batch()
    attention_weights(model, ids, mask)
    assert model.training
    assert all(not m._forward_pre_hooks for m in model.modules())
    assert all(not m._forward_hooks for m in model.modules())


class _FakeTokenizer:
    cls_token_id, sep_token_id = 2, 3

    def encode(self, text):
        return [5 + (ord(c) % 40) for c in text]

    def token_str(self, i):
        return {2: "[CLS]", 3: "[SEP]"}.get(i, f"t{i}")


class _FakePredictor:
    def __init__(self, model):
        self.model, self.tokenizer, self.device, self.max_len = model.eval(), _FakeTokenizer(), "cpu", 24


@pytest.mark.parametrize("arch", ["seed", "modern"])
def test_attend_frames_the_text_and_saves_distributions(arch):
    result = attend(_FakePredictor(tiny_model(arch)), "hello")
    assert result.tokens[0] == "[CLS]" and result.tokens[-1] == "[SEP]" and len(result.tokens) == 7
    assert result.weights.shape == (2, 4, 7, 7) and result.arch == arch
    assert not result.truncated and result.note == ""
    data = json.loads(result.to_json())
    assert np.allclose(np.asarray(data["weights"]).sum(-1), 1.0, atol=1e-6)
    assert data["tokens"] == result.tokens and data["layers"] == 2 and data["heads"] == 4
    assert np.allclose(result.head_average().sum(-1), 1.0, atol=1e-5)
    assert result.strongest(0, 1) == [int(i) for i in result.weights[0, 1].argmax(-1)]
    rows = result.to_csv().splitlines()
    assert rows[0].startswith("layer,head,query_index") and len(rows) == 1 + 2 * 5 * 7 * 7


def test_electra_layers_are_named_after_their_encoder():
    result = attend(_FakePredictor(tiny_model("electra")), "hello")
    assert result.layer_names == ["generator 1", "generator 2", "discriminator 1", "discriminator 2"]
    assert result.arch == "seed, electra" and result.weights.shape == (4, 4, 7, 7)
    assert attend(_FakePredictor(tiny_model("modern")), "hello").layer_names == ["layer 1", "layer 2"]


def test_text_longer_than_the_model_reads_is_cut_plainly_with_a_message():
    result = attend(_FakePredictor(tiny_model("modern")), "x" * 40)
    assert result.truncated and result.text_tokens == 40
    assert len(result.tokens) == 24 and result.tokens[-1] == "[SEP]"
    assert "40 tokens" in result.note and "first 22" in result.note


@pytest.mark.parametrize("text, fragment", [("", "empty"), ("   ", "empty")])
def test_empty_text_is_a_sentence(text, fragment):
    with pytest.raises(PredictionError, match=fragment):
        attend(_FakePredictor(tiny_model("seed")), text)
