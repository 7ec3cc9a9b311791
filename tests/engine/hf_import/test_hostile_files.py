"""A damaged config.json in a transformers folder, and a cache whose refs/main names no snapshot (issue 17).

A config.json that is not UTF-8, too large, or a JSON list was not recognised as a transformers
folder's, so it was read as an MLM Studio run's config and the sentence asked for "a run.json
written by MLM Studio (--save-config)". A cache whose refs/main names a revision that is not in
snapshots/ (a download cut short) silently opened whichever other snapshot was newest, and a
refs/main of "../../elsewhere" could name a folder outside the cache.
"""

import os
import shutil
from pathlib import Path

import pytest

from mlmstudio.cli import main
from mlmstudio.engine.hf_import import ModelImportError
from mlmstudio.engine.hf_import.hub_cache import list_cached_models, snapshot_of


@pytest.mark.parametrize(
    "content, said",
    [
        (b'{"model_type": "bert\xff", "hidden_size": 32}', "cannot be read (is not UTF-8"),
        (b'{"model_type": "bert", "pad": "' + b"x" * 2_000_000 + b'"}', "cannot be read (is larger than"),
        (b"[1, 2, 3]", "is not a JSON object"),
        (b'{"model_type": "bert", ', "cannot be read (is not valid JSON"),
    ],
)
def test_a_damaged_config_in_a_transformers_folder_is_named_as_such(
    family_folders, tmp_path, capsys, content, said
):
    source = tmp_path / "model"
    shutil.copytree(family_folders["bert"], source)
    (source / "config.json").write_bytes(content)
    home = tmp_path / "data"
    code = main(["--data-dir", str(home), "fill", str(source), "the [MASK] sat ."])
    err = capsys.readouterr().err
    assert code == 2, err
    [sentence] = [line for line in err.splitlines() if line.startswith("mlmstudio: ")]
    assert said in sentence and "config.json" in sentence and "run.json" not in sentence, sentence
    assert not (home / "opened").exists() or not any((home / "opened").iterdir())


def _cache(folder: Path, root: Path, revision: str) -> Path:
    repo = root / "hub" / "models--org--tiny"
    shutil.copytree(folder, repo / "snapshots" / "abc123")
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text(revision)
    return root / "hub"


@pytest.mark.parametrize("revision", ["ffff0000", "../../../elsewhere", "..", "abc123/../abc123"])
def test_a_refs_main_that_names_no_snapshot_is_said(family_folders, tmp_path, revision):
    os.makedirs(tmp_path / "elsewhere")
    cache = _cache(family_folders["bert"], tmp_path, revision)
    with pytest.raises(ModelImportError, match="refs/main names the revision .* which has no snapshot"):
        snapshot_of("org/tiny", cache)
    [listed] = list_cached_models(cache)
    assert listed.snapshot is None and "has no snapshot" in listed.problem


def test_a_refs_main_that_names_its_snapshot_opens_it(family_folders, tmp_path):
    cache = _cache(family_folders["bert"], tmp_path, "abc123\n")
    assert snapshot_of("org/tiny", cache) == cache / "models--org--tiny" / "snapshots" / "abc123"


@pytest.mark.parametrize(
    "weight_map",
    [{}, {"bert.embeddings.word_embeddings.weight": 3}, {"a": "model.safetensors", "b": None}],
)
def test_a_weights_index_that_names_no_shard_files_is_said_to(family_folders, tmp_path, weight_map):
    """It was "no word embeddings under the names a bert model uses" (or a TypeError sorting them)."""
    import json

    from mlmstudio.engine.hf_import import open_transformers_folder

    source = tmp_path / "model"
    shutil.copytree(family_folders["bert"], source)
    (source / "model.safetensors").rename(source / "model-00001-of-00001.safetensors")
    (source / "model.safetensors.index.json").write_text(json.dumps({"weight_map": weight_map}))
    with pytest.raises(ModelImportError, match="names no shard files"):
        open_transformers_folder(source, tmp_path / "out")
    assert not (tmp_path / "out").exists()
