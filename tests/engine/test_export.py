"""Hugging Face export: seed runs become a BertForMaskedLM folder, modern runs without the distance
bias an XLMRobertaXLForMaskedLM folder, and each predicts exactly as we do."""

import json
import os

import pytest
import torch

from mlmstudio.config import ModelConfig, RunConfig, TokenizerConfig, TrainingConfig
from mlmstudio.engine.artifacts import save_model_dir
from mlmstudio.engine.errors import MLMStudioError
from mlmstudio.engine.export import ExportError, can_export_hf, export_hf
from mlmstudio.engine.model import IGNORE_INDEX
from mlmstudio.engine.model_factory import build_model
from mlmstudio.engine.output_paths import OutputExistsError
from mlmstudio.engine.predict import Predictor
from mlmstudio.engine.tokenization import MLMTokenizer

# Parity must hold with no network: everything comes from the exported folder.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

CORPUS = "\n".join(
    [
        "the cat sat on the mat .",
        "the dog sat on the rug .",
        "the bird flew over the tree .",
        "a fish swam under the boat .",
    ]
    * 3
)
QUESTIONS = [
    "the cat sat on the [MASK] .",
    "the [MASK] sat on the [MASK] .",
    "a [MASK] swam under the boat .",
]


# The exportable kinds of model: (arch, distance_bias, positions) -> the transformers class.
EXPORTABLE = [
    ("seed", False, "learned", "BertForMaskedLM"),
    ("modern", False, "learned", "XLMRobertaXLForMaskedLM"),
    ("modern", False, "rotary", "EsmForMaskedLM"),
]


def trained_model_dir(
    path, kind, arch="seed", steps=30, dropout=0.1, distance_bias=True, positions="learned"
):
    """A model trained for a few steps (so no weight is still at its initial value), saved."""
    torch.manual_seed(0)
    tok = MLMTokenizer.train([CORPUS], TokenizerConfig(kind=kind, vocab_size=100, min_frequency=1))
    cfg = RunConfig(
        tokenizer=TokenizerConfig(kind=kind, vocab_size=100, min_frequency=1),
        model=ModelConfig(
            arch=arch,
            d_model=32,
            num_heads=4,
            num_layers=2,
            ffn_dim=64,
            max_len=64,
            dropout=dropout,
            distance_bias=distance_bias,
            positions=positions,
        ),
        training=TrainingConfig(seq_len=64),
    )
    model = build_model(cfg.model, tok.vocab_size, tok.pad_token_id)
    rows = [[tok.cls_token_id, *tok.encode(line), tok.sep_token_id] for line in CORPUS.splitlines()[:4]]
    T = max(map(len, rows))
    ids = torch.tensor([r + [tok.pad_token_id] * (T - len(r)) for r in rows])
    ordinary = ~torch.isin(ids, torch.tensor(tok.special_ids))
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    g = torch.Generator().manual_seed(0)
    for _ in range(steps):
        select = (torch.rand(ids.shape, generator=g) < 0.3) & ordinary
        labels = torch.where(select, ids, torch.full_like(ids, IGNORE_INDEX))
        inputs = torch.where(select, torch.full_like(ids, tok.mask_token_id), ids)
        loss = model(inputs, (ids != tok.pad_token_id).long(), labels).loss
        opt.zero_grad()
        loss.backward()
        opt.step()
    return save_model_dir(path, model.eval(), tok, cfg)


def test_seed_and_modern_without_distance_bias_can_be_exported():
    ok, reason = can_export_hf(RunConfig(model=ModelConfig(arch="modern", distance_bias=True)))
    assert not ok and "distance bias" in reason and "--no-distance-bias" in reason
    assert can_export_hf(RunConfig()) == (True, ""), "a run with the default settings exports"
    assert can_export_hf(ModelConfig(arch="seed")) == (True, "")
    assert can_export_hf(ModelConfig(arch="seed", distance_bias=True)) == (True, "")  # seed has none
    assert can_export_hf(RunConfig(model=ModelConfig(arch="modern", distance_bias=False))) == (True, "")
    assert can_export_hf(ModelConfig(positions="rotary", distance_bias=False)) == (True, "")
    assert not can_export_hf(ModelConfig(positions="rotary", distance_bias=True))[0]  # both: no match


def test_exporting_a_run_with_the_distance_bias_is_refused_without_writing(tmp_path):
    model_dir = trained_model_dir(tmp_path / "run", "wordpiece", arch="modern", steps=1)
    with pytest.raises(ExportError, match="distance bias") as info:
        export_hf(model_dir, tmp_path / "hf")
    assert isinstance(info.value, MLMStudioError)
    assert not (tmp_path / "hf").exists()


def test_export_into_a_file_is_refused(tmp_path):
    model_dir = trained_model_dir(tmp_path / "run", "wordpiece", steps=1)
    (tmp_path / "taken").write_text("x")
    with pytest.raises(MLMStudioError, match="is a file"):
        export_hf(model_dir, tmp_path / "taken")
    # A folder with the user's own files is refused too, unless overwrite (issue 13, A1).
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "README.md").write_text("my notes")
    with pytest.raises(OutputExistsError, match="not empty"):
        export_hf(model_dir, mine)
    assert [p.name for p in mine.iterdir()] == ["README.md"]
    with pytest.raises(MLMStudioError, match="empty"):
        export_hf(model_dir, "")


def test_the_export_folder_describes_the_model_exactly(tmp_path):
    out = export_hf(trained_model_dir(tmp_path / "run", "wordpiece", steps=1), tmp_path / "hf")
    assert {
        "config.json",
        "model.safetensors",
        "tokenizer.json",
        "tokenizer_config.json",
        "special_tokens_map.json",
    } <= set(os.listdir(out))
    config = json.loads((out / "config.json").read_text())
    assert config["architectures"] == ["BertForMaskedLM"] and config["model_type"] == "bert"
    assert (
        config["hidden_size"],
        config["num_hidden_layers"],
        config["num_attention_heads"],
        config["intermediate_size"],
        config["max_position_embeddings"],
    ) == (32, 2, 4, 64, 64)
    assert config["hidden_act"] == "gelu" and config["layer_norm_eps"] == 1e-5
    assert config["tie_word_embeddings"] is False and config["type_vocab_size"] == 1
    assert config["hidden_dropout_prob"] == 0.1
    post = json.loads((out / "tokenizer.json").read_text())["post_processor"]
    assert post["type"] == "TemplateProcessing"
    assert [p.get("SpecialToken", {}).get("id") for p in post["single"]] == ["[CLS]", None, "[SEP]"]
    tok_cfg = json.loads((out / "tokenizer_config.json").read_text())
    assert tok_cfg["mask_token"] == "[MASK]" and tok_cfg["model_max_length"] == 64

    from safetensors.torch import load_file

    weights = load_file(out / "model.safetensors")
    assert torch.all(weights["bert.embeddings.token_type_embeddings.weight"] == 0)
    assert weights["bert.encoder.layer.1.attention.self.value.weight"].shape == (32, 32)


@pytest.mark.parametrize("arch,distance_bias,positions,hf_class", EXPORTABLE)
@pytest.mark.parametrize("kind", ["wordpiece", "char", "bpe", "word"])
def test_hugging_face_pipeline_predicts_exactly_as_we_do(
    tmp_path, kind, arch, distance_bias, positions, hf_class
):
    transformers = pytest.importorskip("transformers")
    model_dir = trained_model_dir(
        tmp_path / "run", kind, arch=arch, distance_bias=distance_bias, positions=positions
    )
    out = export_hf(model_dir, tmp_path / "hf")
    assert json.loads((out / "config.json").read_text())["architectures"] == [hf_class]

    model, info = getattr(transformers, hf_class).from_pretrained(out, output_loading_info=True)
    assert not info["missing_keys"] and not info["unexpected_keys"] and not info["mismatched_keys"]
    fill = transformers.pipeline("fill-mask", model=str(out), device="cpu")
    assert type(fill.model).__name__ == hf_class
    ours = Predictor.from_dir(model_dir)
    for text in QUESTIONS:
        expected_ids = [
            ours.tokenizer.cls_token_id,
            *ours.tokenizer.encode(text),
            ours.tokenizer.sep_token_id,
        ]
        assert fill.tokenizer(text)["input_ids"] == expected_ids  # the same [CLS] ... [SEP] framing
        theirs = fill(text, top_k=5)
        mine = ours.fill_mask(text, top_k=5).masks
        if text.count("[MASK]") == 1:
            theirs = [theirs]
        assert len(theirs) == len(mine)
        for hf_list, our_list in zip(theirs, mine, strict=True):
            assert [p["token"] for p in hf_list] == [p["token"] for p in our_list]
            for hf_pred, our_pred in zip(hf_list, our_list, strict=True):
                assert abs(hf_pred["score"] - our_pred["score"]) < 1e-4


@pytest.mark.parametrize("arch,distance_bias,positions,hf_class", EXPORTABLE)
def test_padded_batches_give_the_same_logits_as_ours(tmp_path, arch, distance_bias, positions, hf_class):
    """Padding changes nothing at the real tokens, in either model (RoBERTa's pad-aware positions)."""
    transformers = pytest.importorskip("transformers")
    model_dir = trained_model_dir(
        tmp_path / "run", "wordpiece", arch=arch, distance_bias=distance_bias, positions=positions
    )
    out = export_hf(model_dir, tmp_path / "hf")
    theirs = getattr(transformers, hf_class).from_pretrained(out).eval()
    ours = Predictor.from_dir(model_dir)
    tok = ours.tokenizer
    rows = [[tok.cls_token_id, *tok.encode(text), tok.sep_token_id] for text in CORPUS.splitlines()[:3]]
    rows[1] = rows[1][:4]  # a short row: padded at the end
    T = max(map(len, rows))
    ids = torch.tensor([r + [tok.pad_token_id] * (T - len(r)) for r in rows])
    mask = (ids != tok.pad_token_id).long()
    with torch.no_grad():
        expected = ours.model(ids, attention_mask=mask).logits
        batched = theirs(input_ids=ids, attention_mask=mask).logits
        alone = theirs(input_ids=ids[1:2, :4]).logits  # the short row without any padding
    real = mask.bool()
    assert torch.allclose(batched[real], expected[real], atol=1e-4)
    assert torch.allclose(alone[0], expected[1, :4], atol=1e-4)


def test_trained_weights_not_only_initial_ones_are_exported(tmp_path):
    """Guards the parity test: a few training steps really moved every exported tensor."""
    pytest.importorskip("transformers")
    import transformers

    out = export_hf(trained_model_dir(tmp_path / "run", "wordpiece"), tmp_path / "hf")
    model = transformers.BertForMaskedLM.from_pretrained(out)
    ln = model.bert.encoder.layer[0].output.LayerNorm
    assert not torch.allclose(ln.weight, torch.ones_like(ln.weight))
    assert not torch.allclose(model.cls.predictions.bias, torch.zeros_like(model.cls.predictions.bias))
