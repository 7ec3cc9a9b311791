"""ESM-2's token dropout (issue 17, item 1 "ESM"): a real ESM-2 model has ``token_dropout: true``.

transformers' EsmEmbeddings zeroes the mask token's input vector and scales each sequence by
(1 - 0.12) / (1 - its share of mask tokens), at evaluation too; without it an opened ESM-2
predicts differently. The folder here is an ESM export of a model trained nowhere, switched to
token dropout, so transformers itself says what the logits must be.
"""

from __future__ import annotations

import json

import pytest
import torch
from hf_family_models import TEXT

from mlmstudio.config import ModelConfig, RunConfig, TokenizerConfig, TrainingConfig
from mlmstudio.engine.artifacts import save_model_dir
from mlmstudio.engine.export import export_hf
from mlmstudio.engine.hf_import import open_transformers_folder
from mlmstudio.engine.model_factory import build_model
from mlmstudio.engine.predict import Predictor
from mlmstudio.engine.tokenization import MLMTokenizer

transformers = pytest.importorskip("transformers")


@pytest.fixture(scope="module")
def esm2_folder(tmp_path_factory):
    """An EsmForMaskedLM folder with token_dropout on, as facebook/esm2_* models are."""
    root = tmp_path_factory.mktemp("esm2")
    torch.manual_seed(0)
    tok = MLMTokenizer.train(["\n".join(TEXT)], TokenizerConfig(kind="wordpiece", vocab_size=120))
    cfg = RunConfig(
        tokenizer=TokenizerConfig(kind="wordpiece", vocab_size=120),
        model=ModelConfig(arch="modern", d_model=32, num_heads=4, num_layers=2, ffn_dim=64, max_len=64,
                          distance_bias=False, positions="rotary"),
        training=TrainingConfig(seq_len=32),
    )  # fmt: skip
    model = build_model(cfg.model, tok.vocab_size).eval()
    with torch.no_grad():
        for p in model.parameters():
            p.add_(torch.randn_like(p) * 0.1)
    save_model_dir(root / "run", model, tok, cfg)
    export_hf(root / "run", root / "esm2")
    config_file = root / "esm2" / "config.json"
    config = json.loads(config_file.read_text())
    assert config["model_type"] == "esm" and config["token_dropout"] is False  # ours: off
    config["token_dropout"] = True
    config_file.write_text(json.dumps(config))
    return root / "esm2", tok


def _hf_logits(folder, ids):
    hf = transformers.AutoModelForMaskedLM.from_pretrained(folder, local_files_only=True).eval()
    with torch.no_grad():
        return hf(input_ids=ids, attention_mask=torch.ones_like(ids)).logits


def test_an_esm2_model_with_token_dropout_opens_and_matches_transformers(esm2_folder, tmp_path):
    folder, tok = esm2_folder
    open_transformers_folder(folder, tmp_path / "opened")
    opened = Predictor.from_dir(tmp_path / "opened")
    assert opened.model.cfg.token_dropout_id == opened.tokenizer.mask_token_id
    for text in ("[CLS] the cat sat on the [MASK] . [SEP]", "[CLS] [MASK] cat [MASK] on the mat . [SEP]"):
        ids = torch.tensor([tok.encode(text)])
        with torch.no_grad():
            ours = opened.model(ids, attention_mask=torch.ones_like(ids)).logits
        assert torch.allclose(ours, _hf_logits(folder, ids), atol=1e-4)


def test_token_dropout_changes_the_predictions_so_parity_can_only_come_from_it(esm2_folder, tmp_path):
    """The defining step: switched off, the same weights give other logits than transformers."""
    folder, tok = esm2_folder
    open_transformers_folder(folder, tmp_path / "opened")
    opened = Predictor.from_dir(tmp_path / "opened")
    ids = torch.tensor([tok.encode("[CLS] the cat sat on the [MASK] . [SEP]")])
    from dataclasses import replace

    plain = build_model(replace(opened.model.cfg, token_dropout_id=-1), opened.tokenizer.vocab_size).eval()
    plain.load_state_dict(opened.model.state_dict())
    with torch.no_grad():
        assert (plain(ids).logits - _hf_logits(folder, ids)).abs().max() > 1e-2


def test_a_continued_esm2_exports_back_with_token_dropout(esm2_folder, tmp_path):
    folder, tok = esm2_folder
    open_transformers_folder(folder, tmp_path / "opened")
    export_hf(tmp_path / "opened", tmp_path / "back")
    config = json.loads((tmp_path / "back" / "config.json").read_text())
    assert config["token_dropout"] is True
    ids = torch.tensor([tok.encode("[CLS] the [MASK] sat on the mat . [SEP]")])
    assert torch.allclose(_hf_logits(tmp_path / "back", ids), _hf_logits(folder, ids), atol=1e-4)


def test_token_dropout_belongs_to_the_esm_layout_only():
    from mlmstudio.config import ConfigError

    with pytest.raises(ConfigError, match="token dropout"):
        ModelConfig(arch="seed", token_dropout_id=4).validate()
    ModelConfig(arch="modern", positions="rotary", token_dropout_id=4).validate()
