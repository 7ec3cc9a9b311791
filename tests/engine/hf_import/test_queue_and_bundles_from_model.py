"""Issue 17 loose ends: 'queue add --from --add-words-file' extends the vocabulary as train does,
and bundles carry imported and continued runs (export, import elsewhere, same fill-mask top-k)."""

import json

import pytest

from mlmstudio.cli import main

DOMAIN = "the electroencephalography of the hippopotamus was unremarkable ."
QUESTION = "the [MASK] of the hippopotamus was unremarkable ."


def _corpus(tmp_path):
    from hf_family_models import TEXT

    path = tmp_path / "corpus.txt"
    path.write_text("\n".join(TEXT + [DOMAIN] * 40))
    return path


def _run_ids(data, capsys):
    capsys.readouterr()
    assert main(["runs", "list", "--json", "--data-dir", str(data)]) == 0
    return json.loads(capsys.readouterr().out)


def _fill(model, data, capsys, question=QUESTION):
    capsys.readouterr()
    assert main(["fill", model, question, "--top-k", "5", "--json", "--data-dir", str(data)]) == 0
    return json.loads(capsys.readouterr().out)


def _ids(listing):
    rows = listing if isinstance(listing, list) else listing.get("runs", listing)
    return [row["id"] for row in rows]


@pytest.mark.slow
def test_a_queued_continued_run_adds_the_words_file(family_folders, tmp_path, capsys):
    from mlmstudio.engine.tokenization import MLMTokenizer
    from mlmstudio.store.database import Database
    from mlmstudio.store.service import get_run, model_dir_of_run

    data, words = tmp_path / "data", tmp_path / "words.txt"
    words.write_text("# domain\nhippopotamus\n")
    argv = ["queue", "add", str(_corpus(tmp_path)), "--from", str(family_folders["bert"]),
            "--add-words-file", str(words), "--steps", "2", "--seq-len", "32", "--batch-size", "4",
            "--data-dir", str(data)]  # fmt: skip
    assert main(argv) == 0
    assert main(["queue", "run", "--data-dir", str(data)]) == 0
    (run_id,) = _ids(_run_ids(data, capsys))
    db = Database.open(data)
    assert str(get_run(db, run_id).summary.status) in ("completed", "RunStatus.COMPLETED")
    tokenizer = MLMTokenizer.load(model_dir_of_run(db, run_id) / "tokenizer.json")
    assert len(tokenizer.encode("hippopotamus")) == 1  # one token of its own
    assert len(tokenizer.encode("electroencephalography")) > 1  # only the listed word was added


def _export_hf(run_id, data, out):
    assert main(["export-hf", run_id, str(out), "--data-dir", str(data)]) == 0
    config = json.loads((out / "config.json").read_text())
    return config["architectures"], json.loads((out / "tokenizer.json").read_text())["model"]["vocab"]


@pytest.mark.slow
def test_bundles_carry_imported_and_continued_runs(family_folders, tmp_path, capsys):
    import shutil

    home, away = tmp_path / "home", tmp_path / "away"
    for family in ("bert", "roberta"):  # RoBERTa: its own <mask> spelling rides on origin.json
        assert main(["models", "open", str(family_folders[family]), "--data-dir", str(home)]) == 0
    argv = ["train", str(_corpus(tmp_path)), "--from", str(family_folders["bert"]), "--add-words", "2",
            "--steps", "2", "--seq-len", "32", "--batch-size", "4", "--data-dir", str(home)]  # fmt: skip
    assert main(argv) == 0
    runs = {row["id"]: row for row in _run_ids(home, capsys)}
    assert len(runs) == 3
    before = {}
    for run_id, row in runs.items():
        question = QUESTION.replace("[MASK]", "<mask>") if "RoBERTa" in row["name"] else QUESTION
        before[run_id] = (
            question,
            _fill(run_id, home, capsys, question),
            _export_hf(run_id, home, tmp_path / f"hf-{run_id}"),
        )
        assert (
            main(["runs", "export", run_id, str(tmp_path / f"{run_id}.mlmrun"), "--data-dir", str(home)]) == 0
        )
    shutil.rmtree(home)  # the bundles alone: nothing of the first history is left to lean on
    for run_id, (question, answers, exported) in before.items():
        capsys.readouterr()
        assert (
            main(["runs", "import", str(tmp_path / f"{run_id}.mlmrun"), "--json", "--data-dir", str(away)])
            == 0
        )
        new = json.loads(capsys.readouterr().out)
        assert new["tags"] == runs[run_id]["tags"] and new["final_metrics"] == runs[run_id]["final_metrics"]
        capsys.readouterr()
        assert main(["fill", new["id"], question, "--top-k", "5", "--json", "--data-dir", str(away)]) == 0
        assert json.loads(capsys.readouterr().out) == answers
        assert _export_hf(new["id"], away, tmp_path / f"hf-away-{run_id}") == exported  # same class, same ids


def test_a_bundle_with_an_unreadable_origin_is_refused(tmp_path, capsys):
    from mlmstudio.store import bundle

    path = tmp_path / "origin.json"
    path.write_text('{"source": "x"}')
    with pytest.raises(bundle.BundleError, match="origin.json in the bundle"):
        bundle._check_origin(path)
