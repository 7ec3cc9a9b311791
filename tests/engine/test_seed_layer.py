"""The seed layout's encoder layer: torch's TransformerEncoderLayer's names, shapes and numbers."""

from __future__ import annotations

import pytest
import torch
from torch import nn

from mlmstudio.config import ModelConfig
from mlmstudio.engine.model import SeedEncoderLayer, SeedMLM

KW = dict(
    d_model=32, nhead=4, dim_feedforward=64, dropout=0.0, activation="gelu",
    batch_first=True, norm_first=False, layer_norm_eps=1e-12,
)  # fmt: skip


def pair() -> tuple[SeedEncoderLayer, nn.TransformerEncoderLayer]:
    torch.manual_seed(0)
    ours = SeedEncoderLayer(**KW)
    ref = nn.TransformerEncoderLayer(**KW)
    ref.load_state_dict(ours.state_dict())
    return ours, ref


def test_same_state_dict_names_and_shapes_as_torchs_layer():
    ours, ref = pair()
    assert {k: v.shape for k, v in ours.state_dict().items()} == {
        k: v.shape for k, v in ref.state_dict().items()
    }
    assert isinstance(ours, nn.TransformerEncoderLayer)
    model = SeedMLM(ModelConfig(arch="seed", d_model=32, num_layers=2, num_heads=4, ffn_dim=64), 50)
    assert isinstance(model.encoder.layers[1], SeedEncoderLayer)
    assert "encoder.layers.1.self_attn.in_proj_weight" in model.state_dict()


@pytest.mark.parametrize("mode", ["train", "eval"])
@pytest.mark.parametrize("padded", [False, True])
def test_outputs_and_gradients_match_torchs_layer_in_fp32(mode, padded):
    ours, ref = pair()
    getattr(ours, mode)()
    getattr(ref, mode)()
    x = torch.randn(3, 10, 32, requires_grad=True)
    padding = torch.zeros(3, 10, dtype=torch.bool)
    if padded:
        padding[1, 6:] = True
    a, b = ours(x, src_key_padding_mask=padding), ref(x, src_key_padding_mask=padding)
    torch.testing.assert_close(a, b, atol=1e-5, rtol=1e-5)
    grads_a = torch.autograd.grad(a.sum(), [x, *ours.parameters()])
    grads_b = torch.autograd.grad(b.sum(), [x, *ref.parameters()])
    for ga, gb in zip(grads_a, grads_b, strict=True):
        torch.testing.assert_close(ga, gb, atol=1e-5, rtol=1e-5)


def test_bf16_autocast_on_a_cpu_stays_close_to_torchs_layer():
    ours, ref = pair()
    x = torch.randn(2, 8, 32)
    with torch.no_grad(), torch.autocast("cpu", torch.bfloat16):
        a, b = ours(x), ref(x)
    torch.testing.assert_close(a.float(), b.float(), atol=3e-2, rtol=3e-2)


def test_attention_dropout_drops_in_training_only():
    torch.manual_seed(0)
    layer = SeedEncoderLayer(**{**KW, "dropout": 0.5})
    x = torch.randn(2, 8, 32)
    layer.eval()
    torch.testing.assert_close(layer(x), layer(x))
    layer.train()
    assert not torch.equal(layer(x), layer(x))


def test_initialised_as_torchs_layer_from_the_same_seed_and_attention_still_a_multiheadattention():
    torch.manual_seed(3)
    ours = SeedEncoderLayer(**KW)
    torch.manual_seed(3)
    ref = nn.TransformerEncoderLayer(**KW)
    for (name, a), (_, b) in zip(ours.state_dict().items(), ref.state_dict().items(), strict=True):
        assert torch.equal(a, b), name
    assert isinstance(ours.self_attn, nn.MultiheadAttention)
    x = torch.randn(1, 5, 32)
    _, weights = ours.self_attn(x, x, x, need_weights=True)  # inspection's call: torch's own path
    assert weights is not None and weights.shape == (1, 5, 5)
