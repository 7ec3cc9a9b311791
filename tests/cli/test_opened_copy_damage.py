"""The opened/ cache of transformers folders survives damage: a damaged copy is set aside and the
folder opened again, with a note (issue 22, item 2: shared stores; the cache serves every command)."""

from __future__ import annotations

import hashlib
import os

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from hf_family_models import build_family  # noqa: E402

from mlmstudio.cli.model_folders import cached_copy_damage, engine_folder_for  # noqa: E402


def _cut(path):
    data = path.read_bytes()
    path.write_bytes(data[:-7])


DAMAGES = {
    "weights cut by 7 bytes": lambda t: _cut(t / "model.safetensors"),
    "config garbage": lambda t: (t / "config.json").write_text("{not json"),
    "tokenizer gone": lambda t: (t / "tokenizer.json").unlink(),
    "origin not UTF-8": lambda t: (t / "origin.json").write_bytes(b"\xff\xfe\x00garbage"),
    "weights empty": lambda t: (t / "model.safetensors").write_bytes(b""),
}


@pytest.fixture(scope="module")
def bert_folder(tmp_path_factory):
    return build_family("bert", tmp_path_factory.mktemp("bert") / "bert")


def _digest(path):
    """The weights' tensors, not the file's bytes (the header's order may differ between opens)."""
    from safetensors.torch import load_file

    tensors = load_file(str(path))
    digest = hashlib.sha256()
    for name in sorted(tensors):
        digest.update(name.encode() + tensors[name].numpy().tobytes())
    return digest.hexdigest()


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_damaged_opened_copy_is_set_aside_and_opened_again(bert_folder, tmp_path, capsys, damage):
    data = tmp_path / "data"
    first = engine_folder_for(bert_folder, str(data))
    weights = _digest(first / "model.safetensors")
    assert cached_copy_damage(first) is None
    DAMAGES[damage](first)
    assert cached_copy_damage(first) is not None
    capsys.readouterr()
    again = engine_folder_for(bert_folder, str(data))
    said = capsys.readouterr().err
    assert again == first and cached_copy_damage(again) is None
    assert _digest(again / "model.safetensors") == weights
    assert "was damaged" in said and "opened again" in said
    assert [p.name for p in again.parent.iterdir() if ".damaged-" in p.name]  # kept, not deleted


def test_a_sound_copy_is_reused_without_a_note(bert_folder, tmp_path, capsys):
    data = tmp_path / "data"
    first = engine_folder_for(bert_folder, str(data))
    stamp = (first / "model.safetensors").stat().st_mtime_ns
    capsys.readouterr()
    assert engine_folder_for(bert_folder, str(data)) == first
    assert "damaged" not in capsys.readouterr().err
    assert (first / "model.safetensors").stat().st_mtime_ns == stamp
