"""`mlmstudio fill` on a transformers folder, `models list` and `models open`: the pipeline's answers,
a run of kind "imported" in the history, and one sentence (nothing written) for each bad folder."""

from __future__ import annotations

import json
import os
import shutil

import pytest
from hf_family_models import build_family

from mlmstudio.cli import main
from mlmstudio.store.database import Database
from mlmstudio.store.models import RUN_KIND_IMPORTED, RunRow

os.environ.setdefault("HF_HUB_OFFLINE", "1")


@pytest.fixture(scope="module")
def roberta_folder(tmp_path_factory):
    return build_family("roberta", tmp_path_factory.mktemp("hf") / "tiny-roberta")


@pytest.fixture(scope="module")
def bert_folder(tmp_path_factory):
    return build_family("bert", tmp_path_factory.mktemp("hf") / "tiny-bert")


def _fill_json(capsys, argv):
    assert main(argv) == 0
    out = capsys.readouterr()
    return json.loads(out.out), out.err


def test_fill_on_a_transformers_folder_gives_the_pipelines_answer(capsys, roberta_folder, data_dir):
    from transformers import pipeline

    text = "the cat sat on the<mask> ."
    result, err = _fill_json(
        capsys, ["fill", str(roberta_folder), text, "--json", "--data-dir", str(data_dir)]
    )
    assert "Opened" in err and "RoBERTa" in err
    assert "mask token is <mask>; read as [MASK]" in err
    theirs = pipeline("fill-mask", model=str(roberta_folder), top_k=5)(text)
    ours = result["masks"][0]
    assert [c["token_str"] for c in ours] == [c["token_str"].strip() or c["token_str"] for c in theirs]
    for a, b in zip(ours, theirs, strict=True):
        assert a["score"] == pytest.approx(b["score"], abs=1e-4)
    # The second question reuses the opened copy.
    again, err = _fill_json(
        capsys,
        ["fill", str(roberta_folder), "the [MASK] sat on the mat .", "--json", "--data-dir", str(data_dir)],
    )
    assert "Opened" not in err and len(list((data_dir / "opened").iterdir())) == 1


def test_score_and_token_loss_take_a_transformers_folder(capsys, bert_folder, data_dir):
    assert main(["score", str(bert_folder), "the cat sat on the mat .", "--data-dir", str(data_dir)]) == 0
    assert "the cat sat" in capsys.readouterr().out


def test_models_open_records_an_imported_run_that_fill_latest_uses(capsys, bert_folder, data_dir):
    assert main(["models", "open", str(bert_folder), "--name", "my bert", "--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr().out
    assert "BERT" in out and "weights SHA-256" in out
    with Database.open(data_dir).session(write=False) as session:
        [row] = session.query(RunRow).all()
        assert row.kind == RUN_KIND_IMPORTED and row.status == "completed" and row.name == "my bert"
        metrics = json.loads(row.final_metrics_json)
        run_id = row.id
    assert metrics["parameters"] > 0 and len(metrics["weights_sha256"]) == 64
    assert metrics["imported_from"] == str(bert_folder.resolve())
    assert main(["runs", "show", run_id, "--data-dir", str(data_dir)]) == 0
    shown = capsys.readouterr().out
    assert (
        "imported" in shown and metrics["weights_sha256"] in shown and f"{metrics['parameters']:,}" in shown
    )
    copy = data_dir.parent / "bert-copy"  # another folder: another run (the same one reuses its run)
    shutil.copytree(bert_folder, copy)
    assert main(["models", "open", str(copy), "--name", "again", "--data-dir", str(data_dir)]) == 0
    capsys.readouterr()
    assert main(["runs", "compare", run_id, "again", "--data-dir", str(data_dir)]) == 0
    assert f"{metrics['parameters']:,}" in capsys.readouterr().out  # the params row, side by side
    result, _ = _fill_json(
        capsys, ["fill", "latest", "the cat sat on the [MASK] .", "--json", "--data-dir", str(data_dir)]
    )
    assert len(result["masks"][0]) == 5


def _imported_ids(data_dir):
    with Database.open(data_dir).session(write=False) as session:
        return sorted(r.id for r in session.query(RunRow).filter(RunRow.kind == RUN_KIND_IMPORTED))


def test_opening_the_same_folder_again_reuses_its_run(capsys, bert_folder, tmp_path, data_dir):
    from mlmstudio.store.imported_runs import record_imported_model

    folder = tmp_path / "bert"
    shutil.copytree(bert_folder, folder)
    assert main(["models", "open", str(folder), "--data-dir", str(data_dir)]) == 0
    capsys.readouterr()
    [first] = _imported_ids(data_dir)
    assert main(["models", "open", str(folder), "--name", "other", "--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr().out
    assert f"is already open as run {first} (BERT bert)" in out and "no second run" in out
    assert f"runs rename {first} NAME" in out  # the name it asked for is not taken in silence
    assert _imported_ids(data_dir) == [first]
    # The app's loaders go through the same function.
    assert record_imported_model(Database.open(data_dir), folder)[0] == first
    # A folder whose files changed is opened as a new run.
    config = folder / "config.json"
    os.utime(config, ns=(config.stat().st_atime_ns, config.stat().st_mtime_ns + 10**9))
    assert main(["models", "open", str(folder), "--data-dir", str(data_dir)]) == 0
    assert "Opened" in capsys.readouterr().out
    ids = _imported_ids(data_dir)
    assert len(ids) == 2
    [second] = [i for i in ids if i != first]
    # A run whose folder lost its model is not reused: the folder is opened again, nothing is lost.
    (data_dir / "runs" / second / "model.safetensors").unlink()
    assert main(["models", "open", str(folder), "--data-dir", str(data_dir)]) == 0
    assert "Opened" in capsys.readouterr().out and len(_imported_ids(data_dir)) == 3


def test_models_list_shows_the_cache_and_what_opens(capsys, bert_folder, tmp_path, monkeypatch):
    cache = tmp_path / "hub"
    snapshot = cache / "models--org--tiny-bert" / "snapshots" / "rev1"
    shutil.copytree(bert_folder, snapshot)
    (cache / "models--org--tiny-bert" / "refs").mkdir()
    (cache / "models--org--tiny-bert" / "refs" / "main").write_text("rev1")
    monkeypatch.setenv("HF_HUB_CACHE", str(cache))
    assert main(["models", "list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed["cache"] == str(cache)
    assert listed["models"] == [
        {"model": "org/tiny-bert", "family": "BERT", "folder": str(snapshot), "problem": ""}
    ]
    data = tmp_path / "data"
    assert main(["models", "open", "org/tiny-bert", "--data-dir", str(data)]) == 0
    assert "as run" in capsys.readouterr().out


def _refused(capsys, argv, fragment, data_dir):
    capsys.readouterr()  # what building the folder printed
    assert main(argv) != 0
    err = capsys.readouterr().err
    assert fragment in err and "Traceback" not in err
    assert len(err.strip().splitlines()) <= 2
    runs = data_dir / "runs"
    assert not runs.exists() or not [p for p in runs.iterdir() if not p.name.startswith(".")]
    opened = data_dir / "opened"
    assert not opened.exists() or not list(opened.iterdir())


def test_a_decoder_only_folder_is_refused_in_one_sentence(capsys, tmp_path, data_dir):
    from transformers import GPT2Config, GPT2LMHeadModel

    source = tmp_path / "gpt2"
    GPT2LMHeadModel(
        GPT2Config(vocab_size=50, n_embd=16, n_layer=1, n_head=2, n_positions=32)
    ).save_pretrained(source)
    _refused(
        capsys,
        ["models", "open", str(source), "--data-dir", str(data_dir)],
        "this is a text generator",
        data_dir,
    )
    _refused(
        capsys,
        ["fill", str(source), "a [MASK] .", "--data-dir", str(data_dir)],
        "this is a text generator",
        data_dir,
    )


def test_a_folder_without_a_tokenizer_is_refused_in_one_sentence(capsys, bert_folder, tmp_path, data_dir):
    source = tmp_path / "no-tokenizer"
    shutil.copytree(bert_folder, source)
    (source / "tokenizer.json").unlink()
    _refused(
        capsys, ["models", "open", str(source), "--data-dir", str(data_dir)], "has no tokenizer", data_dir
    )


def test_a_model_missing_from_the_cache_is_not_downloaded(capsys, tmp_path, monkeypatch, data_dir):
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "empty-hub"))
    _refused(
        capsys, ["models", "open", "org/absent", "--data-dir", str(data_dir)], "never downloads", data_dir
    )
