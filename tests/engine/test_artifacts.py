"""The model directory: atomic writes, exact round-trips, plain errors for bad folders."""

import json
import os

import pytest
import torch

from mlmstudio.config import ModelConfig, RunConfig, TokenizerConfig, TrainingConfig
from mlmstudio.engine.artifacts import (
    LoadedModel,
    atomic_save_safetensors,
    load_model_dir,
    save_model_dir,
)
from mlmstudio.engine.errors import ModelLoadError
from mlmstudio.engine.model_factory import build_model
from mlmstudio.engine.tokenization import MLMTokenizer


def run_config(arch="modern", **model):
    shape = dict(arch=arch, d_model=32, num_heads=4, num_layers=2, ffn_dim=64, max_len=32)
    shape.update(model)
    return RunConfig(
        tokenizer=TokenizerConfig(kind="wordpiece", vocab_size=120, min_frequency=1),
        model=ModelConfig(**shape),
        training=TrainingConfig(seq_len=32),
    )


@pytest.fixture(scope="module")
def tokenizer():
    corpus = (
        "The quick brown fox jumps over the lazy dog.\n"
        "A journey of a thousand miles begins with a single step.\n"
    ) * 5
    return MLMTokenizer.train([corpus], TokenizerConfig(kind="wordpiece", vocab_size=120, min_frequency=1))


def saved(tmp_path, tokenizer, arch="modern", metrics=None):
    torch.manual_seed(0)
    cfg = run_config(arch)
    model = build_model(cfg.model, tokenizer.vocab_size, tokenizer.pad_token_id)
    with torch.no_grad():  # make every parameter distinctive, biases included
        for p in model.parameters():
            p.add_(torch.randn_like(p) * 0.1)
    path = save_model_dir(tmp_path / "model", model, tokenizer, cfg, metrics)
    return path, model.eval(), cfg


@pytest.mark.parametrize("arch", ["modern", "seed"])
def test_save_then_load_gives_identical_logits(tmp_path, tokenizer, arch):
    path, model, cfg = saved(tmp_path, tokenizer, arch, metrics={"val_loss": 1.5, "step": 3})
    assert sorted(os.listdir(path)) == ["config.json", "metrics.json", "model.safetensors", "tokenizer.json"]

    loaded = load_model_dir(path)
    assert isinstance(loaded, LoadedModel)
    assert loaded.config == cfg and loaded.metrics == {"val_loss": 1.5, "step": 3}
    assert loaded.path == path and not loaded.model.training
    assert loaded.tokenizer.to_str() == tokenizer.to_str()
    ids = torch.tensor([tokenizer.encode("the quick brown [MASK] jumps")])
    with torch.inference_mode():
        assert torch.equal(loaded.model(ids).logits, model(ids).logits)


def test_tied_decoder_is_stored_once_and_comes_back_tied(tmp_path, tokenizer):
    path, _, _ = saved(tmp_path, tokenizer, "modern")
    from safetensors import safe_open

    with safe_open(path / "model.safetensors", "pt") as f:
        names = set(f.keys())
    assert "tok_emb.weight" in names and not any(n.startswith("decoder.weight") for n in names)
    loaded = load_model_dir(path).model
    with torch.no_grad():
        loaded.tok_emb.weight[9].fill_(0.0)
        loaded.decoder_bias.zero_()
    assert torch.all(loaded(torch.tensor([[5, 6]])).logits[..., 9] == 0)


def test_metrics_are_optional(tmp_path, tokenizer):
    path, _, _ = saved(tmp_path, tokenizer)
    assert not (path / "metrics.json").exists()
    assert load_model_dir(path).metrics == {}
    (path / "metrics.json").write_text("{not json")
    assert load_model_dir(path).metrics == {}  # a damaged metrics file costs only the metrics


@pytest.mark.parametrize("name", ["config.json", "tokenizer.json", "model.safetensors"])
def test_a_missing_file_is_named(tmp_path, tokenizer, name):
    path, _, _ = saved(tmp_path, tokenizer)
    (path / name).unlink()
    with pytest.raises(ModelLoadError, match=f"has no {name}.*written by MLM Studio"):
        load_model_dir(path)


def test_missing_folder_and_a_file_instead_of_a_folder(tmp_path):
    with pytest.raises(ModelLoadError, match="does not exist"):
        load_model_dir(tmp_path / "nowhere")
    (tmp_path / "file").write_text("x")
    with pytest.raises(ModelLoadError, match="is a file"):
        load_model_dir(tmp_path / "file")


@pytest.mark.parametrize("damage", ["truncate", "garbage", "empty"])
def test_damaged_weights(tmp_path, tokenizer, damage):
    path, _, _ = saved(tmp_path, tokenizer)
    file = path / "model.safetensors"
    data = file.read_bytes()
    file.write_bytes(
        {"truncate": data[: len(data) // 2], "garbage": b"\x00" * 64 + b"junk", "empty": b""}[damage]
    )
    with pytest.raises(ModelLoadError, match="model.safetensors.*damaged"):
        load_model_dir(path)


def test_damaged_config_and_tokenizer(tmp_path, tokenizer):
    path, _, _ = saved(tmp_path, tokenizer)
    good = (path / "config.json").read_text()
    (path / "config.json").write_text("{ nope")
    with pytest.raises(ModelLoadError, match="config.json"):
        load_model_dir(path)
    bad_shape = json.loads(good)
    bad_shape["model"]["num_heads"] = 5  # 32 is not divisible by 5
    (path / "config.json").write_text(json.dumps(bad_shape))
    with pytest.raises(ModelLoadError, match="config.json.*divisible"):
        load_model_dir(path)
    (path / "config.json").write_text(good)
    (path / "tokenizer.json").write_text('{"model": 1}')
    with pytest.raises(ModelLoadError, match="tokenizer.json"):
        load_model_dir(path)


def test_weights_that_do_not_match_the_config(tmp_path, tokenizer):
    path, _, _ = saved(tmp_path, tokenizer)
    other = json.loads((path / "config.json").read_text())
    other["model"]["num_layers"] = 3
    (path / "config.json").write_text(json.dumps(other))
    with pytest.raises(ModelLoadError, match="do not match"):
        load_model_dir(path)
    other["model"]["num_layers"] = 2
    other["model"]["d_model"] = 64
    (path / "config.json").write_text(json.dumps(other))
    with pytest.raises(ModelLoadError, match="wrong shape"):
        load_model_dir(path)


def test_atomic_save_safetensors_round_trip(tmp_path):
    from safetensors.torch import load_file

    t = {"a": torch.arange(6.0).view(2, 3).t(), "b": torch.ones(2, dtype=torch.int64)}  # non-contiguous
    atomic_save_safetensors(t, tmp_path / "w.safetensors", metadata={"k": "v"})
    back = load_file(tmp_path / "w.safetensors")
    assert torch.equal(back["a"], t["a"]) and torch.equal(back["b"], t["b"])


# --- a model folder's config.json is a config entering from outside (issue 13, A5/A6) ----------


@pytest.mark.parametrize(
    "config_text, fragment",
    [
        ('{"model": {"d_model": 1000000000, "num_heads": 1}}', "model.d_model"),
        ('{"model": {"num_layers": 100000}}', "model.num_layers"),
        ('{"model": {"dropout": NaN}}', "finite"),
        ('{"training": {"seed": 99999999999999999999}}', "training.seed"),
        ("[" * 100_000 + "]" * 100_000, "nested"),
    ],
)
def test_a_model_folder_config_out_of_bounds_is_refused_before_building(
    tmp_path, tokenizer, config_text, fragment
):
    path, _, _ = saved(tmp_path, tokenizer)
    (path / "config.json").write_text(config_text)
    with pytest.raises(ModelLoadError, match=fragment):
        load_model_dir(path)


def test_a_huge_model_folder_config_is_not_read_whole(tmp_path, tokenizer):
    path, _, _ = saved(tmp_path, tokenizer)
    (path / "config.json").write_text(json.dumps({"corpus": {"source": "x" * 3_000_000}}))
    with pytest.raises(ModelLoadError, match="larger than 1 MB"):
        load_model_dir(path)


def test_a_model_bigger_than_free_memory_is_refused_before_building(tmp_path, tokenizer, monkeypatch):
    from mlmstudio.engine import system_memory

    path, _, _ = saved(tmp_path, tokenizer)
    monkeypatch.setattr(system_memory, "available_memory_bytes", lambda: 1000)
    with pytest.raises(ModelLoadError, match="needs about .* only .* is free"):
        load_model_dir(path)
