"""One attention cell's arithmetic: it reproduces the Attention tab's weights and the layer's own output.

For every architecture variant (variant_models.py) and an opened BERT: the
softmax of q·k/√d (+ the layer's term) equals ``attention.attend``'s weights to
1e-6, and the heads' weighted value sums, through the layer's output
projection, equal what the normal forward computes in that attention sublayer.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from torch import nn
from variant_models import VARIANTS, variant_predictor

from mlmstudio.engine.errors import PredictionError
from mlmstudio.engine.inspect.attention import attend, attention_layers
from mlmstudio.engine.inspect.attention_cell import attention_arithmetic
from mlmstudio.engine.predict import Predictor

SENTENCE = "the cat sat on the mat ."


def _ids(predictor: Predictor, text: str) -> torch.Tensor:
    tok = predictor.tokenizer
    return torch.tensor([[tok.cls_token_id, *tok.encode(text), tok.sep_token_id]])


def _sublayer_outputs(model: nn.Module, ids: torch.Tensor) -> list[torch.Tensor]:
    """What the normal forward computes in each attention sublayer."""
    outputs: list[torch.Tensor] = []
    handles = []
    for layer in attention_layers(model):
        target = layer.self_attn if isinstance(layer, nn.TransformerEncoderLayer) else layer

        def keep(_m, _args, out):
            outputs.append((out[0] if isinstance(out, tuple) else out).detach().clone())

        handles.append(target.register_forward_hook(keep))
    # Eval mode (an opened model keeps its dropout) without the fused inference path, so every
    # sublayer is a module call its hook sees.
    fast = torch.backends.mha.get_fastpath_enabled()
    torch.backends.mha.set_fastpath_enabled(False)
    try:
        with torch.no_grad():
            model(ids)
            if hasattr(model, "replaced_logits"):
                model.replaced_logits(ids)
    finally:
        torch.backends.mha.set_fastpath_enabled(fast)
        for h in handles:
            h.remove()
    return outputs


def _output_projection(layer: nn.Module) -> tuple[torch.Tensor, torch.Tensor]:
    if isinstance(layer, nn.TransformerEncoderLayer):
        return layer.self_attn.out_proj.weight, layer.self_attn.out_proj.bias
    return layer.proj.weight, layer.proj.bias


def check_cells(predictor: Predictor, text: str) -> None:
    shown = attend(predictor, text)  # what the Attention tab draws
    ids = _ids(predictor, text)
    arithmetic = attention_arithmetic(predictor.model, ids)
    assert [a.name for a in arithmetic] == shown.layer_names
    forward = _sublayer_outputs(predictor.model, ids)
    layers = attention_layers(predictor.model)
    T = ids.shape[1]
    for index, (layer_math, layer) in enumerate(zip(arithmetic, layers, strict=True)):
        heads = []
        for h in range(layer_math.num_heads):
            np.testing.assert_allclose(layer_math.weights(h), shown.weights[index, h], rtol=0, atol=1e-6)
            heads.append(layer_math.outputs(h))  # [T, d_head]
        concat = torch.tensor(np.concatenate(heads, axis=-1), dtype=torch.float32)  # [T, d]
        weight, bias = _output_projection(layer)
        with torch.no_grad():
            projected = F.linear(concat, weight, bias)
        torch.testing.assert_close(projected, forward[index][0], rtol=0, atol=1e-5)

        # one cell: its row is the map's row, and its numbers add up as the panel shows them
        query, key = T // 2, 1
        cell = layer_math.cell(h, query, key, shown.tokens)
        np.testing.assert_allclose(cell.weights, shown.weights[index, h, query], atol=1e-6)
        assert cell.weight == pytest.approx(float(shown.weights[index, h, query, key]), abs=1e-6)
        assert cell.dots[key] == pytest.approx(float(cell.q @ cell.k) * cell.scale, abs=1e-9)
        np.testing.assert_allclose(cell.output, (cell.weights[:, None] * cell.values).sum(0), atol=1e-12)
        np.testing.assert_allclose(cell.output, heads[h][query], atol=1e-9)
        assert cell.scale == pytest.approx(cell.q.shape[0] ** -0.5)


@pytest.mark.parametrize("name", VARIANTS)
def test_the_cell_arithmetic_reproduces_the_attention_tab(name, tmp_path):
    predictor = variant_predictor(name, tmp_path)
    check_cells(predictor, SENTENCE)
    arithmetic = attention_arithmetic(predictor.model, _ids(predictor, SENTENCE))
    if "distance-bias" in name:
        assert arithmetic[0].extra_name == "distance bias" and "ALiBi" in arithmetic[0].positions
        assert arithmetic[0].extra is not None and arithmetic[0].extra[0, 0, 1] < 0
    else:
        assert arithmetic[0].extra is None
    if "rotary" in name:
        assert "RoPE" in arithmetic[0].positions
    if name == "electra":
        assert [a.name for a in arithmetic] == [
            "generator 1", "generator 2", "discriminator 1", "discriminator 2"
        ]  # fmt: skip


def test_an_opened_bert_gives_the_same_arithmetic(tmp_path):
    pytest.importorskip("transformers")
    from hf_family_models import build_family

    from mlmstudio.engine.hf_import import open_transformers_folder

    open_transformers_folder(build_family("bert", tmp_path / "source"), tmp_path / "bert")
    check_cells(Predictor.from_dir(tmp_path / "bert"), "paris is the capital of france .")


def test_a_padded_key_gets_no_weight(tmp_path):
    predictor = variant_predictor("modern-distance-bias", tmp_path)
    ids = _ids(predictor, SENTENCE)
    mask = torch.ones_like(ids)
    mask[0, -2:] = 0
    arithmetic = attention_arithmetic(predictor.model, ids, mask)
    cell = arithmetic[1].cell(0, 1, 2, ["t"] * ids.shape[1])
    assert np.all(cell.weights[-2:] == 0) and cell.weights.sum() == pytest.approx(1.0)
    seed = variant_predictor("seed", tmp_path)
    seed_cell = attention_arithmetic(seed.model, ids.clamp(max=seed.tokenizer.vocab_size - 1), mask)[0].cell(
        1, 0, 0, ["t"] * ids.shape[1]
    )
    assert seed_cell.extra_name == "padding" and np.all(seed_cell.weights[-2:] == 0)


def test_cell_records_and_bad_cells(tmp_path):
    predictor = variant_predictor("modern-rotary", tmp_path)
    shown = attend(predictor, SENTENCE)
    arithmetic = attention_arithmetic(predictor.model, _ids(predictor, SENTENCE))
    cell = arithmetic[0].cell(1, 3, 2, shown.tokens)
    data = json.loads(json.dumps(cell.as_dict()))
    assert (
        data["head"] == 2 and data["query_token"] == shown.tokens[3] and data["key_token"] == shown.tokens[2]
    )
    assert len(data["softmax_row"]) == len(shown.tokens) and data["extra"] is None
    assert data["weighted_value"] == pytest.approx(list(cell.contribution))
    with pytest.raises(PredictionError, match="head"):
        arithmetic[0].cell(9, 0, 0, shown.tokens)
