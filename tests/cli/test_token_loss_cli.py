"""`mlmstudio token-loss RUN [--compare RUN2] [--html FILE | --json]`: numbers, pages and plain refusals."""

from __future__ import annotations

import json
import shutil

import pytest

from mlmstudio.cli import main
from mlmstudio.engine.samples import sample_text

TINY = [
    "--tokenizer",
    "char",
    "--d-model",
    16,
    "--heads",
    2,
    "--layers",
    1,
    "--ffn",
    32,
    "--seq-len",
    16,
    "--max-len",
    32,
    "--batch-size",
    4,
    "--eval-batches",
    2,
    "--precision",
    "fp32",
]


def run_cli(capsys, data_dir, *argv):
    code = main(["--data-dir", str(data_dir), *(str(a) for a in argv)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """Two runs on one corpus file (2 and 6 steps) and one on another file; trained once."""
    root = tmp_path_factory.mktemp("token-loss")
    (root / "tutorial.txt").write_text(sample_text("tutorial"), encoding="utf-8")
    (root / "facts.txt").write_text(sample_text("facts"), encoding="utf-8")
    data = root / "data"
    for corpus, steps, name in (
        ("tutorial.txt", 2, "short"),
        ("tutorial.txt", 6, "longer"),
        ("facts.txt", 2, "facts"),
    ):
        code = main(
            [
                "--data-dir",
                str(data),
                "train",
                str(root / corpus),
                *(str(a) for a in TINY),
                "--steps",
                str(steps),
                "--name",
                name,
            ]
        )
        assert code == 0
    return root


@pytest.fixture
def home(template, tmp_path):
    """This test's own copy of the trained history and its corpus files."""
    copy = tmp_path / "copy"
    shutil.copytree(template, copy)
    # The corpus records name the template's files: point them at this copy's.
    from mlmstudio.store.database import Database
    from mlmstudio.store.models import CorpusRow

    db = Database.open(copy / "data")
    with db.session() as session:
        for row in session.query(CorpusRow):
            row.source = str(copy / row.source.rsplit("/", 1)[-1])
    db.close()
    return copy


def test_text_output_lists_tokens_and_the_mean_is_the_validation_loss(capsys, home):
    code, out, err = run_cli(capsys, home / "data", "token-loss", "short", "--top", 3)
    assert code == 0, err
    code, raw, err = run_cli(capsys, home / "data", "token-loss", "short", "--json")
    data = json.loads(raw)
    assert data["mean_loss"] == pytest.approx(data["recorded_val_loss"], abs=1e-5)
    assert f"Mean loss {data['mean_loss']:.4f}" in out
    assert "Costliest tokens:" in out and "Cheapest tokens:" in out
    worst = max(data["tokens"], key=lambda t: t["loss"])
    assert f"{worst['loss']:.3f}" in out
    assert len(data["tokens"]) == data["evaluated_tokens"] > 0


def test_html_page_colours_the_validation_text(capsys, home, tmp_path):
    page = tmp_path / "loss.html"
    code, out, err = run_cli(capsys, home / "data", "token-loss", "short", "--html", page)
    assert code == 0, err and str(page) in out
    html = page.read_text(encoding="utf-8")
    code, raw, _ = run_cli(capsys, home / "data", "token-loss", "short", "--json")
    data = json.loads(raw)
    assert html.startswith("<!DOCTYPE html>") and "<script" not in html
    assert html.count("<span style='background-color") == len(data["tokens"]) + 6  # + the legend's steps
    assert "title='token " in html and "light = learned" in html


def test_compare_two_runs_of_one_corpus(capsys, home, tmp_path):
    code, out, err = run_cli(capsys, home / "data", "token-loss", "short", "--compare", "longer", "--top", 2)
    assert code == 0, err
    assert "words hidden in both runs" in out and "Learned by B and not by A" in out
    code, raw, err = run_cli(capsys, home / "data", "token-loss", "short", "--compare", "longer", "--json")
    data = json.loads(raw)
    assert data["compared_words"] == len(data["words"]) > 0
    assert data["mean_difference"] == pytest.approx(
        sum(w["loss_a"] - w["loss_b"] for w in data["words"]) / len(data["words"])
    )
    page = tmp_path / "diff.html"
    assert (
        run_cli(capsys, home / "data", "token-loss", "short", "--compare", "longer", "--html", page)[0] == 0
    )
    assert "blue = B has learned it better" in page.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["no-such-run"], "No run matches 'no-such-run'"),
        (["short", "--compare", "facts"], "different corpora"),
        (["short", "--compare", "short"], "Choose two different runs"),
        (["short", "--top", "0"], "--top must be between 1 and 1000"),
    ],
)
def test_bad_input_is_a_sentence_and_exit_2(capsys, home, argv, fragment):
    code, out, err = run_cli(capsys, home / "data", "token-loss", *argv)
    assert code == 2 and fragment in err and "Traceback" not in err and out == ""


def test_a_deleted_run_folder_or_corpus_is_a_sentence(capsys, home):
    from mlmstudio.store.database import Database
    from mlmstudio.store.service import get_run

    db = Database.open(home / "data")
    short_dir = get_run(db, "short").summary.run_dir
    (home / "tutorial.txt").write_text(sample_text("tutorial") + "\nA changed line.\n", encoding="utf-8")
    code, _, err = run_cli(capsys, home / "data", "token-loss", "short")
    assert code == 2 and "has changed since the run was trained" in err
    (home / "tutorial.txt").unlink()
    code, _, err = run_cli(capsys, home / "data", "token-loss", "short")
    assert code == 2 and "cannot be read" in err and "tutorial.txt" in err
    shutil.rmtree(short_dir)
    code, _, err = run_cli(capsys, home / "data", "token-loss", "short")
    assert code == 2 and "deleted or moved" in err and "Traceback" not in err


def test_html_and_json_together_are_refused(capsys, home, tmp_path):
    with pytest.raises(SystemExit) as exit_info:
        main(
            ["--data-dir", str(home / "data"), "token-loss", "short", "--json", "--html", str(tmp_path / "x")]
        )
    assert exit_info.value.code == 2
    assert "not allowed with" in capsys.readouterr().err


def test_the_html_page_never_replaces_a_file_unasked(capsys, home, tmp_path):
    notes = tmp_path / "notes.html"
    notes.write_text("precious notes", encoding="utf-8")
    code, out, err = run_cli(capsys, home / "data", "token-loss", "short", "--html", notes)
    assert code == 2 and "already exists" in err and "--overwrite" in err and out == ""
    assert notes.read_text(encoding="utf-8") == "precious notes"
    for target, fragment in (
        (tmp_path / "notes.txt", "ending in .html or .htm"),
        (tmp_path / "missing" / "x.html", "does not exist"),
    ):
        code, _, err = run_cli(capsys, home / "data", "token-loss", "short", "--html", target)
        assert code == 2 and fragment in err and not target.exists()
    code, _, err = run_cli(capsys, home / "data", "token-loss", "short", "--html", notes, "--overwrite")
    assert code == 0, err
    assert notes.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_a_chosen_text_is_measured_from_its_start_not_the_held_out_share(capsys, home):
    """--text: the whole chosen text's windows; a run of one corpus can be measured on another."""
    code, raw, err = run_cli(
        capsys, home / "data", "token-loss", "short", "--json", "--text", home / "facts.txt"
    )
    assert code == 0, err
    on_facts = json.loads(raw)
    assert on_facts["recorded_val_loss"] is None  # not the held-out text the run recorded
    facts = sample_text("facts")
    first = min(on_facts["tokens"], key=lambda t: t["start"])
    assert first["start"] < 200 and facts[first["start"] : first["end"]] == first["text"]  # its start
    code, raw, _ = run_cli(capsys, home / "data", "token-loss", "short", "--json")
    own = json.loads(raw)
    assert abs(on_facts["mean_loss"] - own["mean_loss"]) > 1e-3
    code, out, err = run_cli(
        capsys, home / "data", "token-loss", "short", "--text", "sample:facts", "--top", 2
    )
    assert code == 0, err
    assert "windows of sample:facts" in out and "the loss on sample:facts" in out
    # Two runs of different corpora compare on one chosen text.
    code, raw, err = run_cli(
        capsys, home / "data", "token-loss", "short", "--compare", "facts", "--text", "sample:facts", "--json"
    )
    assert code == 0, err and json.loads(raw)["compared_words"] > 0


@pytest.mark.parametrize("text, fragment", [("sample:nosuch", "sample"), ("missing.txt", "missing.txt")])
def test_a_chosen_text_that_cannot_be_read_is_a_sentence(capsys, home, text, fragment):
    code, out, err = run_cli(
        capsys, home / "data", "token-loss", "short", "--text", str(home / text) if "." in text else text
    )
    assert code == 2 and fragment in err and "Traceback" not in err and out == ""


def test_an_opened_model_needs_a_chosen_text(capsys, home, tmp_path):
    from hf_family_models import build_family

    folder = build_family("bert", tmp_path / "bert")
    code, out, err = run_cli(capsys, home / "data", "models", "open", folder)
    assert code == 0, err
    code, out, err = run_cli(capsys, home / "data", "token-loss", "latest")
    assert code == 2 and "has no held-out text of its own" in err and "--text" in err
    code, raw, err = run_cli(
        capsys, home / "data", "token-loss", "latest", "--text", home / "tutorial.txt", "--json"
    )
    assert code == 0, err
    report = json.loads(raw)
    assert report["evaluated_tokens"] > 0 and report["mean_loss"] > 0
