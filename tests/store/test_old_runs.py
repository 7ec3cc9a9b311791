"""Old runs still work (issue 11): runs, history rows and .mlmrun bundles written before the
export and ELECTRA work (their config JSON has no objective, generator or probes settings) load
with the architecture they were trained with, predict exactly as before, compare, and say
correctly whether they export to Hugging Face."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from mlmstudio.config import RunConfig
from mlmstudio.engine.artifacts import load_model_dir, save_model_dir
from mlmstudio.engine.hf_compat import can_export_hf
from mlmstudio.engine.predict import Predictor
from mlmstudio.store import bundle, compare, service
from mlmstudio.store.database import Database

from store_helpers import add_run, tiny_config

# Settings that configs written before issue 11 do not have.
NEW_MODEL_KEYS = ("objective", "generator_fraction", "discriminator_weight")
NEW_SECTIONS = ("probes",)
QUESTION = "the [MASK] sat on the mat ."


def old_format(config: RunConfig) -> str:
    """The config as the previous version wrote it: the newer keys simply absent."""
    data = config.to_dict()
    for key in NEW_MODEL_KEYS:
        data["model"].pop(key, None)
    for section in NEW_SECTIONS:
        data.pop(section, None)
    return json.dumps(data, indent=2, sort_keys=True)


def old_model_folder(folder: Path, distance_bias: bool) -> tuple[Path, RunConfig]:
    """A modern model folder whose config.json is in the old format."""
    import torch

    from mlmstudio.engine.corpus import load_corpus
    from mlmstudio.engine.model_factory import build_model
    from mlmstudio.engine.tokenization import MLMTokenizer

    config = tiny_config()
    config = replace(config, model=replace(config.model, arch="modern", distance_bias=distance_bias))
    tokenizer = MLMTokenizer.train([load_corpus("sample:tutorial").text], config.tokenizer)
    torch.manual_seed(1)
    model = build_model(config.model, tokenizer.vocab_size, tokenizer.pad_token_id)
    save_model_dir(folder, model, tokenizer, config, {"val_loss": 2.5, "status": "completed"})
    (folder / "config.json").write_text(old_format(config))
    return folder, config


def answers(model_dir: Path) -> list[tuple[str, float]]:
    return [
        (p["token"], p["score"]) for p in Predictor.from_dir(model_dir).fill_mask(QUESTION, top_k=5).masks[0]
    ]


@pytest.mark.parametrize("distance_bias", [True, False])
def test_an_old_model_folder_loads_with_its_architecture_and_predicts_as_before(tmp_path, distance_bias):
    folder, config = old_model_folder(tmp_path / "old", distance_bias)
    assert "objective" not in json.loads((folder / "config.json").read_text())["model"]
    loaded = load_model_dir(folder)
    assert loaded.config == config  # the missing settings take the values those runs had
    assert loaded.config.model.arch == "modern" and loaded.config.model.distance_bias is distance_bias
    assert hasattr(loaded.model, "slopes") is distance_bias  # the very architecture it was trained with

    # The same weights under the current format predict exactly the same.
    current = tmp_path / "current"
    current.mkdir()
    for name in ("tokenizer.json", "model.safetensors"):
        (current / name).write_bytes((folder / name).read_bytes())
    (current / "config.json").write_text(config.to_json())
    assert answers(folder) == answers(current)
    assert can_export_hf(loaded.config)[0] is (not distance_bias)


def test_an_old_history_row_and_bundle_load_predict_and_compare(db, tmp_path):
    folder, config = old_model_folder(tmp_path / "old", distance_bias=True)
    old_json = (folder / "config.json").read_text()
    run_id = add_run(
        db, name="from before", config=config, model_files=folder, steps=20, config_json=old_json
    )
    other_id = add_run(db, name="another", config=config, model_files=folder, steps=20)
    assert service.run_config(db, run_id) == config
    assert service.get_run(db, run_id).summary.config == config
    ok, reason = can_export_hf(service.run_config(db, run_id))
    assert not ok and "distance bias" in reason
    curves = compare.load_curves(db, [run_id, other_id], "val_loss")
    assert len(curves[run_id]) == len(curves[other_id]) == 2

    exported = bundle.export_bundle(db, run_id, tmp_path / "out" / "old-run")
    elsewhere = Database.open(tmp_path / "elsewhere")
    try:
        imported = service.get_run(elsewhere, bundle.import_bundle(elsewhere, exported))
        assert imported.summary.config == config and imported.summary.has_model
        assert load_model_dir(imported.summary.run_dir).config == config
        assert answers(imported.summary.run_dir) == answers(folder)
    finally:
        elsewhere.close()
