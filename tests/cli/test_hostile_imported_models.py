"""Hostile transformers folders through every door that opens one (issue 22, item 8).

Each folder below is something a user can be handed: a config.json claiming
10^11 parameters, negative, fractional or textual sizes, a vocabulary of a
billion rows, integer weights, a config.json that is a list, a link that leads
back to itself, a ``.bin`` pickle whose payload would create a marker file, a
cache snapshot whose link points at a deleted blob, a tokenizer without a mask,
a vocabulary size its tokenizer does not have, truncated safetensors. Each goes
through every door (fill, score, attention, neighbours, detect, models open,
train --from, queue add --from, and the Open-a-model dialog's loader
``record_imported_model``): one sentence, exit 2, and the data directory as it
was (no run, no queue item, no opened copy, no leftover).
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import shutil
from pathlib import Path

import pytest

from mlmstudio.cli import main

os.environ.setdefault("HF_HUB_OFFLINE", "1")
from hf_family_models import build_family  # noqa: E402  (tests/ is on the path)


class _Payload:
    """Unpickling this would create a file: proof that the pickle ran."""

    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (open, (str(self.marker), "w"))


def _edit_json(file: Path, change) -> None:
    data = json.loads(file.read_text())
    change(data)
    file.write_text(json.dumps(data))


def _sizes(**values):
    return lambda folder: _edit_json(folder / "config.json", lambda d: d.update(values))


def _pickle(folder: Path) -> None:
    (folder / "model.safetensors").unlink()
    with open(folder / "pytorch_model.bin", "wb") as handle:
        payload = {"bert.embeddings.word_embeddings.weight": _Payload(folder.parent / "the-pickle-ran")}
        pickle.dump(payload, handle, protocol=2)


def _deleted_blob(folder: Path) -> Path:
    """The folder as the hub cache keeps it (files are links to blobs), one blob deleted."""
    repo = folder.parent / "hub" / "models--someone--tiny-bert"
    snapshot, blobs = repo / "snapshots" / "0123abcd", repo / "blobs"
    snapshot.mkdir(parents=True)
    blobs.mkdir()
    for entry in sorted(folder.iterdir()):
        blob = blobs / hashlib.sha256(entry.read_bytes()).hexdigest()
        shutil.move(entry, blob)
        (snapshot / entry.name).symlink_to(os.path.relpath(blob, snapshot))
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text("0123abcd")
    (blobs / os.readlink(snapshot / "model.safetensors").split("/")[-1]).unlink()
    return snapshot


def _no_mask(folder: Path) -> None:
    _edit_json(folder / "tokenizer_config.json", lambda d: d.pop("mask_token", None))

    def rename(data):
        for token in data["added_tokens"]:
            if token["content"] == "[MASK]":
                token["content"] = "[BLANK]"
        vocab = data["model"]["vocab"]
        vocab["[BLANK]"] = vocab.pop("[MASK]")

    _edit_json(folder / "tokenizer.json", rename)


def _integer_weights(folder: Path) -> None:
    from safetensors.torch import load_file, save_file

    state = load_file(folder / "model.safetensors")
    name = "bert.embeddings.word_embeddings.weight"
    state[name] = (state[name] * 100).long()  # .float() of it opened (and trained) in silence
    save_file(state, folder / "model.safetensors")


def _link_loop(folder: Path) -> None:
    (folder / "model.safetensors").unlink()
    (folder / "model.safetensors").symlink_to("model.safetensors")


def _truncated(folder: Path) -> None:
    weights = folder / "model.safetensors"
    weights.write_bytes(weights.read_bytes()[: weights.stat().st_size // 2])


CASES = {
    "1e11 parameters": _sizes(vocab_size=10_000_000, hidden_size=10_000, intermediate_size=40_000),
    "negative size": _sizes(hidden_size=-32),
    "fractional size": _sizes(num_hidden_layers=1.5),
    "size as text": _sizes(num_attention_heads="4"),
    "huge vocabulary": _sizes(vocab_size=10**9),
    "a pickle in a .bin": _pickle,
    "a link to a deleted blob": _deleted_blob,
    "a tokenizer without a mask": _no_mask,
    "vocab_size mismatch": lambda folder: _edit_json(
        folder / "config.json", lambda d: d.update(vocab_size=d["vocab_size"] + 7)
    ),
    "truncated safetensors": _truncated,
    "integer weights": _integer_weights,
    "a config that is a list": lambda folder: (folder / "config.json").write_text("[1, 2]") and None,
    "a link that leads back to itself": _link_loop,
}
SAID = {
    "1e11 parameters": "more than MLM Studio opens",
    "negative size": "hidden_size = -32, which is not a positive whole number",
    "fractional size": "num_hidden_layers = 1.5",
    "size as text": "num_attention_heads = '4'",
    "huge vocabulary": "more than MLM Studio opens",
    "a pickle in a .bin": "a pickle can run code",
    "a link to a deleted blob": "is a link to a file that was deleted",
    "a tokenizer without a mask": "has no mask token",
    "vocab_size mismatch": "but its tokenizer has",
    "truncated safetensors": "damaged or not a safetensors file",
    "integer weights": "hold bert.embeddings.word_embeddings.weight as int64 values",
    "a config that is a list": "is not a JSON object, so it holds no model settings",
    "a link that leads back to itself": "holds a link that leads back to itself (model.safetensors)",
}
DOORS = {
    "fill": ["fill", "MODEL", "the cat [MASK] on the mat ."],
    "score": ["score", "MODEL", "the cat sat on the mat ."],
    "attention": ["attention", "MODEL", "the cat sat on the mat ."],
    "neighbours": ["neighbours", "MODEL", "cat"],
    "detect": ["detect", "MODEL", "the cat sat on the mat ."],
    "models open": ["models", "open", "MODEL"],
    "train --from": ["train", "sample:facts", "--from", "MODEL", "--steps", "2"],
    "queue add --from": ["queue", "add", "sample:facts", "--from", "MODEL", "--steps", "2"],
}


@pytest.fixture(scope="module")
def bert(tmp_path_factory) -> Path:
    return build_family("bert", tmp_path_factory.mktemp("bert") / "bert")


def hostile(bert: Path, tmp_path: Path, case: str) -> Path:
    folder = tmp_path / "given" / "model"
    shutil.copytree(bert, folder)
    return CASES[case](folder) or folder


def data_dir_state(home: Path) -> dict[str, str]:
    """Every path in the data directory with its bytes' hash (the history by its rows instead:
    SQLite may rewrite its pages and shared-memory file when it is only read)."""
    from mlmstudio.store import service
    from mlmstudio.store.database import Database
    from mlmstudio.store.queue import list_items

    state = {
        str(p.relative_to(home)): "dir" if p.is_dir() else hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(home.rglob("*"))
        if not p.name.startswith("history.sqlite3")
    }
    db = Database.open(home)
    state["runs"] = repr([r.id for r in service.list_runs(db)])
    state["queue"] = repr([i.id for i in list_items(db)])
    return state


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("door", list(DOORS))
def test_a_hostile_model_through_every_door_is_one_sentence_and_writes_nothing(
    bert, tmp_path, capsys, case, door
):
    source = hostile(bert, tmp_path, case)
    home = tmp_path / "data"
    before = data_dir_state(home)
    argv = [str(source) if a == "MODEL" else a for a in DOORS[door]]
    code = main(["--data-dir", str(home), *argv])
    out, err = capsys.readouterr()
    assert code == 2, (door, case, code, out, err)
    sentences = [line for line in err.strip().splitlines() if line.startswith("mlmstudio: ")]
    assert len(sentences) == 1 and "Traceback" not in err, err
    assert SAID[case] in sentences[0], (door, sentences[0])  # the sentence names what is wrong
    assert data_dir_state(home) == before, (door, case)
    assert not (tmp_path / "given" / "the-pickle-ran").exists()  # the payload never ran


@pytest.mark.parametrize("case", list(CASES))
def test_the_open_a_model_dialogs_loader_refuses_each_in_a_sentence(bert, tmp_path, case):
    """The GUI's door: the dialog opens a folder through store.imported_runs.open_imported_model
    (which says whether the folder was already open). Its source is read as text: a CLI test
    imports no Qt (it runs with --without-qt on a server that has none)."""
    import mlmstudio
    from mlmstudio.errors import MLMStudioError
    from mlmstudio.store.database import Database
    from mlmstudio.store.imported_runs import open_imported_model

    dialog = Path(mlmstudio.__file__).parent / "gui" / "open_model_dialog.py"
    assert "open_imported_model(db, source" in dialog.read_text(encoding="utf-8")
    source = hostile(bert, tmp_path, case)
    home = tmp_path / "data"
    before = data_dir_state(home)
    with pytest.raises(MLMStudioError) as refused:
        open_imported_model(Database.open(home), source)
    message = str(refused.value)
    assert "\n" not in message and len(message) > 30 and str(home) not in message, message
    assert data_dir_state(home) == before
    assert not (tmp_path / "given" / "the-pickle-ran").exists()


def test_models_open_of_a_cached_repo_whose_blob_was_deleted(bert, tmp_path, capsys, monkeypatch):
    snapshot = hostile(bert, tmp_path, "a link to a deleted blob")
    monkeypatch.setenv("HF_HUB_CACHE", str(snapshot.parents[2]))
    home = tmp_path / "data"
    before = data_dir_state(home)
    assert main(["--data-dir", str(home), "models", "open", "someone/tiny-bert"]) == 2
    err = capsys.readouterr().err
    assert "deleted" in err and "Download the model again" in err and "Traceback" not in err
    assert data_dir_state(home) == before


def test_queue_add_from_a_relative_folder_queues_its_absolute_engine_folder(
    bert, tmp_path, capsys, monkeypatch
):
    """queue add --from FOLDER resolves the folder as train does (it was queued as typed)."""
    from mlmstudio.store.database import Database
    from mlmstudio.store.queue import list_items

    monkeypatch.chdir(tmp_path)
    shutil.copytree(bert, tmp_path / "my bert")
    home = tmp_path / "data"
    assert (
        main(["--data-dir", str(home), "queue", "add", "sample:facts", "--from", "my bert", "--steps", "2"])
        == 0
    )
    capsys.readouterr()
    [item] = list_items(Database.open(home))
    start_from = Path(item.config.training.start_from)
    assert start_from.is_absolute() and (start_from / "model.safetensors").is_file()
    assert item.config.model.d_model == 32  # the model's own shape, not the defaults


@pytest.mark.parametrize("door", ["models open", "fill", "score"])
def test_a_folder_whose_name_is_not_utf8_is_one_sentence_through_the_doors(bert, tmp_path, capsys, door):
    """It ended in a UnicodeEncodeError traceback from folder_key (exit 1)."""
    source = Path(os.fsdecode(os.fsencode(tmp_path) + b"/mod\xffel"))
    shutil.copytree(bert, source)
    home = tmp_path / "data"
    before = data_dir_state(home)
    argv = [str(source) if a == "MODEL" else a for a in DOORS[door]]
    code = main(["--data-dir", str(home), *argv])
    err = capsys.readouterr().err
    assert code == 2, err
    sentences = [line for line in err.strip().splitlines() if line.startswith("mlmstudio: ")]
    assert len(sentences) == 1 and "Traceback" not in err, err
    assert "has a name that is not UTF-8 text" in sentences[0]
    assert data_dir_state(home) == before


@pytest.mark.parametrize(
    "changes, said",
    [
        ({"type_vocab_size": "x"}, "its type_vocab_size is 'x', not a whole number from 1 to 1,024"),
        ({"type_vocab_size": -3}, "its type_vocab_size is -3"),
    ],
)
def test_export_hf_of_a_run_whose_origin_was_edited_is_one_sentence(bert, tmp_path, capsys, changes, said):
    """An origin.json edited by hand ended in int('x') or torch.zeros(-3, d): a traceback, exit 1."""
    home = tmp_path / "data"
    assert main(["--data-dir", str(home), "models", "open", str(bert)]) == 0
    run = capsys.readouterr().out.split("as run ")[1].split(":")[0]
    origin = home / "runs" / run / "origin.json"
    data = json.loads(origin.read_text())
    data["hf_config"].update(changes)
    origin.write_text(json.dumps(data))
    before = data_dir_state(home)
    out = tmp_path / "export"
    code = main(["--data-dir", str(home), "export-hf", run, str(out)])
    err = capsys.readouterr().err
    assert code == 2, err
    sentences = [line for line in err.strip().splitlines() if line.startswith("mlmstudio: ")]
    assert len(sentences) == 1 and "Traceback" not in err, err
    assert said in sentences[0] and "Nothing was exported" in sentences[0]
    assert not out.exists() and data_dir_state(home) == before
