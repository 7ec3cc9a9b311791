"""The two architectures: sizes, shapes, the labelled-only head, masks, learning."""

import math

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from torch import nn

from mlmstudio.config import ModelConfig
from mlmstudio.engine.model import (
    IGNORE_INDEX,
    ModernMLM,
    SeedMLM,
    alibi_slopes,
    count_parameters,
    estimate_parameters,
    estimate_training_memory,
    explicit_attention,
    init_output_bias,
)
from mlmstudio.engine.model_factory import build_model

TUTORIAL = dict(d_model=128, num_heads=4, num_layers=2, ffn_dim=512, max_len=128)


def tiny(arch="modern", **kw):
    base = dict(arch=arch, d_model=32, num_heads=4, num_layers=2, ffn_dim=64, max_len=32)
    base.update(kw)
    return ModelConfig(**base)


def batch(vocab=50, B=3, T=12, seed=0, fraction=0.3):
    g = torch.Generator().manual_seed(seed)
    ids = torch.randint(5, vocab, (B, T), generator=g)
    labels = torch.where(torch.rand(B, T, generator=g) < fraction, ids, torch.full_like(ids, IGNORE_INDEX))
    labels[0, 1] = ids[0, 1]  # at least one label
    return ids, labels


def test_seed_is_the_tutorial_tinymlm_with_686952_parameters():
    model = build_model(ModelConfig(arch="seed", **TUTORIAL), vocab_size=1000)
    assert isinstance(model, SeedMLM)
    assert count_parameters(model) == 686_952
    layer = model.encoder.layers[0]
    assert isinstance(model.encoder, nn.TransformerEncoder)
    assert layer.norm_first is False and layer.activation_relu_or_gelu == 2  # post-LN, GELU
    assert layer.linear1.out_features == 512 and layer.self_attn.batch_first
    assert model.decoder.weight is not model.tok_emb.weight  # untied


@pytest.mark.parametrize("arch", ["seed", "modern"])
@pytest.mark.parametrize(
    "kw",
    [
        {},
        dict(num_heads=6, d_model=48),
        dict(distance_bias=False, num_layers=3),
        dict(positions="rotary", distance_bias=False),
    ],
)
def test_estimate_parameters_equals_the_built_model(arch, kw):
    cfg = tiny(arch, **kw)
    assert estimate_parameters(cfg, 77) == count_parameters(build_model(cfg, 77))


def test_modern_decoder_is_tied_to_the_token_embedding():
    model = build_model(tiny(), 50)
    assert isinstance(model, ModernMLM)
    assert "decoder.weight" not in dict(model.named_parameters())
    with torch.no_grad():
        model.tok_emb.weight[7].zero_()
        model.decoder_bias.zero_()
    model.eval()
    logits = model(torch.tensor([[5, 6, 8]])).logits
    assert torch.all(logits[..., 7] == 0)  # a zero embedding row gives a zero logit: the same tensor


def test_modern_init_is_bert_like():
    model = build_model(tiny(), 50)
    w = model.blocks[0].ffn.fc1.weight
    assert abs(w.std().item() - 0.02) < 0.004
    assert torch.all(model.blocks[0].ffn.fc1.bias == 0)
    assert torch.all(model.final_norm.weight == 1) and torch.all(model.final_norm.bias == 0)


@pytest.mark.parametrize("distance_bias", [True, False])
def test_modern_labels_give_logits_only_at_labelled_positions_and_the_same_loss(distance_bias):
    torch.manual_seed(0)
    model = build_model(tiny(distance_bias=distance_bias), 50).eval()
    ids, labels = batch()
    mask = torch.ones_like(ids)
    full = model(ids, mask)
    assert full.loss is None and full.logits.shape == (3, 12, 50)

    out = model(ids, mask, labels)
    n = int((labels != IGNORE_INDEX).sum())
    assert out.logits.shape == (n, 50) and out.labels.shape == (n,)
    expected = F.cross_entropy(full.logits.view(-1, 50), labels.view(-1), ignore_index=IGNORE_INDEX)
    assert abs(out.loss.item() - expected.item()) < 1e-5
    torch.testing.assert_close(out.logits, full.logits[labels != IGNORE_INDEX], atol=1e-5, rtol=1e-5)


def test_seed_labels_give_logits_only_at_labelled_positions_and_the_same_loss():
    """The seed layout (BERT's, opened BERT-family models train on it) runs its head sparsely too."""
    torch.manual_seed(0)
    model = build_model(tiny("seed"), 50).eval()
    ids, labels = batch()
    full = model(ids)
    out = model(ids, labels=labels)
    n = int((labels != IGNORE_INDEX).sum())
    assert out.logits.shape == (n, 50) and torch.equal(out.labels, labels[labels != IGNORE_INDEX])
    expected = F.cross_entropy(full.logits.view(-1, 50), labels.view(-1), ignore_index=IGNORE_INDEX)
    assert abs(out.loss.item() - expected.item()) < 1e-5
    torch.testing.assert_close(out.logits, full.logits[labels != IGNORE_INDEX], atol=1e-5, rtol=1e-5)
    empty = model(ids, labels=torch.full_like(ids, IGNORE_INDEX))
    assert empty.loss.item() == 0.0


def test_labelled_view_is_the_same_for_both_architectures():
    ids, labels = batch()
    n = int((labels != IGNORE_INDEX).sum())
    for arch in ("seed", "modern"):
        out = build_model(tiny(arch), 50)(ids, labels=labels)
        logits, targets = out.labelled(labels)
        assert logits.shape == (n, 50)
        assert torch.equal(targets, labels[labels != IGNORE_INDEX])
        assert abs(F.cross_entropy(logits, targets).item() - out.loss.item()) < 1e-5


def test_modern_without_any_label_has_a_zero_loss_that_backpropagates():
    model = build_model(tiny(), 50)
    ids, _ = batch()
    out = model(ids, labels=torch.full_like(ids, IGNORE_INDEX))
    assert out.loss.item() == 0.0
    out.loss.backward()


@pytest.mark.parametrize("arch,distance_bias", [("seed", False), ("modern", True), ("modern", False)])
def test_padding_is_never_attended(arch, distance_bias):
    torch.manual_seed(0)
    model = build_model(tiny(arch, distance_bias=distance_bias), 50).eval()
    ids, _ = batch(B=2, T=10)
    mask = torch.ones_like(ids)
    mask[1, 6:] = 0
    changed = ids.clone()
    changed[1, 6:] = torch.tensor([9, 10, 11, 12])
    with torch.inference_mode():
        a = model(ids, mask).logits
        b = model(changed, mask).logits
        unmasked = model(changed).logits
    torch.testing.assert_close(a[:, :6], b[:, :6], atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(a[0], b[0])
    assert not torch.allclose(a[1, :6], unmasked[1, :6], atol=1e-4)  # the mask did something


def test_distance_bias_uses_alibi_slopes_and_is_cached():
    assert torch.allclose(alibi_slopes(4), torch.tensor([2**-2, 2**-4, 2**-6, 2**-8]))
    six = alibi_slopes(6)
    assert six.shape == (6,) and torch.all(six > 0) and len(set(six.tolist())) == 6
    model = build_model(tiny(distance_bias=True), 50)
    cpu = torch.device("cpu")
    bias = model._distance_bias(5, cpu, torch.float32)
    assert bias is model._distance_bias(5, cpu, torch.float32)
    assert bias.shape == (1, 4, 5, 5)
    longer = model._distance_bias(9, cpu, torch.float32)
    shorter = model._distance_bias(5, cpu, torch.float32)
    assert shorter.data_ptr() == longer.data_ptr() and torch.equal(shorter, bias)  # one tensor, sliced
    assert len(model._bias_cache) == 1
    assert bias[0, 0, 1, 3].item() == pytest.approx(-0.25 * 2)
    assert torch.equal(bias, bias.transpose(-1, -2))  # symmetric


def test_bf16_autocast_forward_is_close_to_fp32():
    torch.manual_seed(0)
    model = build_model(tiny(), 50)
    ids, labels = batch()
    fp32 = model(ids, labels=labels).loss.item()
    with torch.autocast("cpu", dtype=torch.bfloat16):
        out = model(ids, torch.ones_like(ids), labels=labels)
    assert out.logits.dtype == torch.bfloat16 and out.loss.dtype == torch.float32
    assert abs(out.loss.item() - fp32) < 0.05
    out.loss.backward()


@pytest.mark.parametrize("mask_kind", ["none", "bool", "bias"])
def test_explicit_attention_is_sdpa_written_out(mask_kind):
    g = torch.Generator().manual_seed(0)
    q, k, v = (torch.randn(2, 4, 7, 8, generator=g) for _ in range(3))
    keep = torch.ones(2, 1, 1, 7, dtype=torch.bool)
    keep[1, ..., 5:] = False
    bias = -torch.rand(1, 4, 7, 7, generator=g)
    mask = {"none": None, "bool": keep, "bias": bias.masked_fill(~keep, float("-inf"))}[mask_kind]
    expected = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
    torch.testing.assert_close(explicit_attention(q, k, v, mask), expected, atol=1e-5, rtol=1e-5)


def test_bf16_on_cpu_takes_the_explicit_attention_and_never_attends_padding(monkeypatch):
    calls = []
    monkeypatch.setattr(
        F,
        "scaled_dot_product_attention",
        lambda *a, **k: calls.append("sdpa") or pytest.fail("SDPA under bf16 on a CPU"),
    )
    torch.manual_seed(0)
    model = build_model(tiny(), 50).eval()
    ids, _ = batch(B=2, T=10)
    mask = torch.ones_like(ids)
    mask[1, 6:] = 0
    changed = ids.clone()
    changed[1, 6:] = torch.tensor([9, 10, 11, 12])
    with torch.inference_mode(), torch.autocast("cpu", dtype=torch.bfloat16):
        a = model(ids, mask).logits
        b = model(changed, mask).logits
    assert not calls
    torch.testing.assert_close(a[:, :6], b[:, :6], atol=0, rtol=0)  # padding weighs exactly zero


def test_too_long_input_is_refused():
    model = build_model(tiny(max_len=16), 50)
    with pytest.raises(ValueError, match="max_len"):
        model(torch.zeros(1, 17, dtype=torch.long))


@pytest.mark.parametrize("arch", ["modern", "seed"])
def test_overfits_one_batch(arch):
    torch.manual_seed(0)
    model = build_model(tiny(arch, d_model=64, ffn_dim=128), 40)
    ids, labels = batch(vocab=40, B=4, T=16, seed=1)
    inputs = torch.where(labels != IGNORE_INDEX, torch.full_like(ids, 4), ids)  # 4 plays [MASK]
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    first = None
    for _ in range(200):
        loss = model(inputs, labels=labels).loss
        first = first if first is not None else loss.item()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if loss.item() < 0.05:
            break
    assert first > 3.0
    assert loss.item() < 0.1


@pytest.mark.parametrize("arch", ["modern", "seed"])
def test_init_output_bias_sets_the_unigram_log_probabilities(arch):
    model = build_model(tiny(arch), 20).eval()
    counts = np.arange(1, 21, dtype=np.float64)
    log_probs = np.log(counts / counts.sum())
    init_output_bias(model, log_probs)
    torch.testing.assert_close(model.output_bias.detach(), torch.tensor(log_probs, dtype=torch.float32))
    with pytest.raises(ValueError):
        init_output_bias(model, log_probs[:-1])
    with pytest.raises(ValueError):
        init_output_bias(model, np.full(20, -np.inf))


def test_modern_with_unigram_bias_starts_near_the_unigram_loss():
    model = build_model(tiny(), 20)
    probs = np.linspace(1, 10, 20)
    probs /= probs.sum()
    init_output_bias(model, np.log(probs))
    g = torch.Generator().manual_seed(0)
    ids = torch.multinomial(torch.tensor(probs), 16 * 12, replacement=True, generator=g).view(16, 12)
    loss = model(ids, labels=ids).loss.item()
    entropy = float(-(probs * np.log(probs)).sum())
    assert abs(loss - entropy) < 0.1 < abs(math.log(20) - entropy) + 0.1


def test_memory_estimate_grows_with_batch_and_covers_the_optimizer_state():
    cfg = tiny()
    params = estimate_parameters(cfg, 1000)
    small = estimate_training_memory(cfg, 1000, batch_size=4, seq_len=32)
    large = estimate_training_memory(cfg, 1000, batch_size=64, seq_len=32)
    assert 16 * params < small < large
    seed = estimate_training_memory(tiny("seed"), 1000, batch_size=64, seq_len=32)
    assert seed > large  # the attention weights the seed's MultiheadAttention materialises
    bf16 = estimate_training_memory(cfg, 1000, batch_size=64, seq_len=32, precision="bf16")
    assert bf16 < large


def test_label_positions_from_the_host_give_the_same_loss_as_finding_them_on_the_device():
    """The trainer passes the labelled positions it found on the CPU (no GPU sync per step)."""
    from mlmstudio.engine.data import Batch

    torch.manual_seed(0)
    model = build_model(ModelConfig(d_model=32, num_layers=1, num_heads=2, ffn_dim=64, max_len=16), 50)
    ids = torch.randint(5, 50, (3, 16))
    labels = torch.full_like(ids, IGNORE_INDEX)
    labels[:, ::4] = ids[:, ::4]
    batch = Batch.with_positions(ids, torch.ones_like(ids), labels)
    assert batch.label_positions.tolist() == [r * 16 + c for r in range(3) for c in range(0, 16, 4)]
    found = model(ids, labels=labels)
    given = model(ids, labels=labels, label_positions=batch.label_positions)
    assert torch.equal(found.logits, given.logits) and torch.equal(found.loss, given.loss)


def test_rotary_positions_make_attention_see_only_relative_offsets():
    """RoPE: a query at i and a key at j score the same as at i + s and j + s; no position vectors."""
    model = build_model(tiny(positions="rotary", distance_bias=False), 50)
    assert model.pos_emb is None and all(block.attn.rotary for block in model.blocks)
    attn = model.blocks[0].attn
    g = torch.Generator().manual_seed(0)
    q1 = torch.randn(1, 1, 1, 8, generator=g).expand(1, 1, 20, 8)  # the same query at every position
    k1 = torch.randn(1, 1, 1, 8, generator=g).expand(1, 1, 20, 8)
    q, k = attn._rotate(q1, k1)
    scores = (q @ k.transpose(-2, -1))[0, 0]  # [20, 20]
    for offset in (-3, 0, 5):
        diagonal = torch.diagonal(scores, offset)
        assert torch.allclose(diagonal, diagonal[0].expand_as(diagonal), atol=1e-5)
    assert not torch.allclose(torch.diagonal(scores, 1)[0], torch.diagonal(scores, 5)[0])


def test_rotary_positions_need_an_even_width_per_head():
    with pytest.raises(ValueError, match="even width per head"):
        tiny(positions="rotary", d_model=36, num_heads=4).validate()
    tiny(arch="seed", positions="rotary", d_model=36, num_heads=4).validate()  # seed ignores it
