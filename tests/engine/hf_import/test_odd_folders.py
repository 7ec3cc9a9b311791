"""Odd transformers folders found by a hostile pass from outside (issue 17): an empty weights file
(a download cut short at once), a folder whose tokenizer is only a SentencePiece model file (a slow
tokenizer's folder, no tokenizer.json), and tokenizer files that cannot be read. Each is one
sentence that says what is wrong and what to do, through `models open`, `fill` and `train --from`:
exit 2, no traceback, nothing written into the data directory."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mlmstudio.cli import main


def _bert(family_folders, tmp_path) -> Path:
    folder = tmp_path / "given" / "model"
    shutil.copytree(family_folders["bert"], folder)
    return folder


def _empty_safetensors(folder: Path) -> None:
    (folder / "model.safetensors").write_bytes(b"")


def _empty_bin(folder: Path) -> None:
    (folder / "model.safetensors").unlink()
    (folder / "pytorch_model.bin").write_bytes(b"")


def _sentencepiece_only(folder: Path) -> None:
    for name in ("tokenizer.json", "vocab.txt"):
        (folder / name).unlink(missing_ok=True)
    (folder / "sentencepiece.bpe.model").write_bytes(b"\x0a\x0bnot read here")


def _tokenizer_not_json(folder: Path) -> None:
    (folder / "tokenizer.json").write_text("{ cut sh")


def _empty_tokenizer_config(folder: Path) -> None:
    (folder / "tokenizer_config.json").write_text("")


def _tensorflow_only(folder: Path) -> None:
    (folder / "model.safetensors").unlink()
    (folder / "tf_model.h5").write_bytes(b"\x89HDF\r\n\x1a\n" + bytes(64))


CASES = {
    "TensorFlow weights only": (_tensorflow_only, ["only as tf_model.h5", "from_tf=True"]),
    "empty model.safetensors": (
        _empty_safetensors,
        ["model.safetensors is empty (0 bytes)", "Copy the model again"],
    ),
    "empty pytorch_model.bin": (_empty_bin, ["pytorch_model.bin is empty (0 bytes)", "Copy the model again"]),
    "SentencePiece model only": (
        _sentencepiece_only,
        ["only as a SentencePiece model (sentencepiece.bpe.model)", "save_pretrained(folder)"],
    ),
    "tokenizer.json not JSON": (
        _tokenizer_not_json,
        ["tokenizer.json in", "cannot be read", "copy the model's"],
    ),
    "empty tokenizer_config.json": (
        _empty_tokenizer_config,
        ["tokenizer_config.json in", "cannot be read", "copy the model's"],
    ),
}
DOORS = {
    "models open": ["models", "open", "MODEL"],
    "fill": ["fill", "MODEL", "the cat [MASK] on the mat ."],
    "train --from": ["train", "CORPUS", "--from", "MODEL", "--steps", "2", "--seq-len", "32"],
}


def _data_state(home: Path) -> list[str]:
    """The data directory's files (an empty runs/ folder made ready is not one) and its runs."""
    from mlmstudio.store import service
    from mlmstudio.store.database import Database

    files = sorted(
        str(p.relative_to(home))
        for p in home.rglob("*")
        if p.is_file() and not p.name.startswith("history.sqlite3")
    )
    return files + [repr([r.id for r in service.list_runs(Database.open(home))])]


@pytest.mark.parametrize("door", list(DOORS))
@pytest.mark.parametrize("case", list(CASES))
def test_an_odd_folder_is_one_sentence_with_what_to_do(family_folders, tmp_path, capsys, case, door):
    make, said = CASES[case]
    folder = _bert(family_folders, tmp_path)
    make(folder)
    home = tmp_path / "data"
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("the cat sat on the mat .\n" * 200)
    before = _data_state(home)
    argv = [str(folder) if a == "MODEL" else str(corpus) if a == "CORPUS" else a for a in DOORS[door]]
    code = main([*argv, "--data-dir", str(home)])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "Traceback" not in err
    message = [line for line in err.splitlines() if line.startswith("mlmstudio:")]
    assert len(message) == 1, err
    for fragment in said:
        assert fragment in message[0], message[0]
    assert _data_state(home) == before


class _Payload:
    """Unpickling it would create the marker file: the weights-only loader must refuse it."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


def _bin_shards(folder: Path) -> list[str]:
    """The folder's weights as two pytorch_model-0000N-of-00002.bin shards with their index, as
    save_pretrained wrote large models before safetensors; the shard names."""
    import json

    import torch
    from safetensors.torch import load_file

    state = load_file(folder / "model.safetensors")
    (folder / "model.safetensors").unlink()
    names = sorted(state)
    parts = {
        "pytorch_model-00001-of-00002.bin": names[: len(names) // 2],
        "pytorch_model-00002-of-00002.bin": names[len(names) // 2 :],
    }
    for shard, keys in parts.items():
        torch.save({k: state[k] for k in keys}, folder / shard)
    weight_map = {k: shard for shard, keys in parts.items() for k in keys}
    (folder / "pytorch_model.bin.index.json").write_text(
        json.dumps({"metadata": {}, "weight_map": weight_map})
    )
    return list(parts)


def test_sharded_pytorch_bins_with_their_index_open_as_the_one_file_does(
    family_folders, opened_folders, tmp_path
):
    """A pytorch_model.bin.index.json and its shards were "no weights"; they open, each shard
    through the weights-only loader, with the same model as the single-file folder."""
    from mlmstudio.engine.hf_import import open_transformers_folder
    from mlmstudio.engine.predict import Predictor

    folder = _bert(family_folders, tmp_path)
    _bin_shards(folder)
    origin = open_transformers_folder(folder, tmp_path / "opened")
    assert origin.family == "BERT"
    question = "the cat sat on the [MASK] ."
    ours = Predictor.from_dir(tmp_path / "opened").fill_mask(question, 5).masks[0]
    single = Predictor.from_dir(opened_folders["bert"][1]).fill_mask(question, 5).masks[0]
    assert [c["token_str"] for c in ours] == [c["token_str"] for c in single]
    assert [c["score"] for c in ours] == pytest.approx([c["score"] for c in single], abs=1e-6)


def test_a_pickle_in_one_bin_shard_is_refused_and_never_run(family_folders, tmp_path, capsys):
    import pickle

    folder = _bert(family_folders, tmp_path)
    shards = _bin_shards(folder)
    marker = tmp_path / "the-pickle-ran"
    with open(folder / shards[1], "wb") as handle:
        pickle.dump({"bert.pooler.dense.weight": _Payload(marker)}, handle, protocol=2)
    home = tmp_path / "data"
    code = main(["models", "open", str(folder), "--data-dir", str(home)])
    err = capsys.readouterr().err
    assert code == 2 and "a pickle can run code" in err and shards[1] in err and "Traceback" not in err
    assert not marker.exists()
    assert [p for p in home.rglob("*") if p.is_file() and not p.name.startswith("history.sqlite3")] == []
