"""`mlmstudio grammar RUN [--suite ...] [--json]`: accuracies per checkpoint, kept in the history."""

from __future__ import annotations

import json
import shutil

import pytest

from mlmstudio.cli import main
from mlmstudio.store.database import Database
from mlmstudio.store.grammar_checkups import grammar_curves
from mlmstudio.store.run_evaluations import list_evaluations

TEXT = (
    "the cat sees the dog . the cats see the dogs . the dog likes this mat . the dogs like these mats . "
    "the book is in the box . the books are in the boxes .\n"
) * 30
TINY = [
    "--tokenizer", "word", "--d-model", 16, "--heads", 2, "--layers", 1, "--ffn", 32, "--steps", 8,
    "--seq-len", 16, "--max-len", 32, "--batch-size", 4, "--keep-checkpoints", 3, "--precision", "fp32",
]  # fmt: skip
SUITE = [
    {"paradigm": "sva", "good": "the cats see the dog .", "bad": "the cats sees the dog ."},
    {"paradigm": "sva", "good": "the cat sees the dog .", "bad": "the cat see the dog ."},
    {"paradigm": "det", "good": "the dog likes this mat .", "bad": "the dog likes this mats ."},
]


def run_cli(capsys, data_dir, *argv):
    code = main(["--data-dir", str(data_dir), *(str(a) for a in argv)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    root = tmp_path_factory.mktemp("grammar")
    (root / "agree.txt").write_text(TEXT, encoding="utf-8")
    assert main(["--data-dir", str(root / "data"), "train", str(root / "agree.txt"), *map(str, TINY)]) == 0
    (root / "suite.jsonl").write_text("\n".join(json.dumps(r) for r in SUITE) + "\n", encoding="utf-8")
    return root


@pytest.fixture
def data_dir(template, tmp_path):
    shutil.copytree(template / "data", tmp_path / "data")
    return tmp_path / "data"


def test_each_checkpoint_and_the_final_model_are_printed_and_stored(capsys, template, data_dir):
    code, out, err = run_cli(
        capsys, data_dir, "grammar", "latest", "--suite", template / "suite.jsonl", "--json"
    )
    assert code == 0, err
    data = json.loads(out)
    assert [(c["step"], c["final"]) for c in data["checks"]] == [(2, False), (4, False), (None, True)]
    assert data["final_step"] == 8 and data["chance"] == 0.5
    for check in data["checks"]:
        assert [p["paradigm"] for p in check["paradigms"]] == ["sva", "det"]
        assert [p["pairs"] for p in check["paradigms"]] == [2, 1]
        assert all(0.0 <= p["accuracy"] <= 1.0 for p in check["paradigms"])
    stored = list_evaluations(Database.open(data_dir), "latest", kind="grammar")
    assert sorted((e.name, e.subject, e.step) for e in stored) == sorted(
        (name, subject, step)
        for name in ("sva", "det")
        for subject, step in (("checkpoint", 2), ("checkpoint", 4), ("run", None))
    )
    final_sva = next(p for p in data["checks"][-1]["paradigms"] if p["paradigm"] == "sva")
    assert next(e for e in stored if e.name == "sva" and e.subject == "run").mean == final_sva["accuracy"]
    curves = {c.paradigm: c for c in grammar_curves(Database.open(data_dir), "latest")}
    assert curves["sva"].steps == (2, 4, 8)  # the final model at the run's last step
    assert curves["sva"].accuracies[-1] == final_sva["accuracy"]


def test_generated_pairs_and_the_twin_in_the_table(capsys, data_dir):
    code, out, err = run_cli(
        capsys, data_dir, "grammar", "latest", "--suite", "generated", "--pairs", 5, "--twin"
    )
    assert code == 0, err
    assert out.splitlines()[0].split()[-6:] == ["step", "2", "step", "4", "final", "twin"]
    assert "subject_verb_agreement" in out and "determiner_noun_agreement" in out
    assert "Made from" in err
    subjects = {e.subject for e in list_evaluations(Database.open(data_dir), "latest", kind="grammar")}
    assert subjects == {"checkpoint", "run", "twin"}


def test_a_malformed_suite_is_refused_with_its_line_and_nothing_stored(capsys, data_dir, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(SUITE[0]) + '\n{"paradigm": "x", "good": "a b"}\n', encoding="utf-8")
    code, out, err = run_cli(capsys, data_dir, "grammar", "latest", "--suite", bad)
    assert code == 2 and out == ""
    assert "bad.jsonl, line 2: the row has no 'bad' or 'sentence_bad' field" in err
    assert "Traceback" not in err
    assert list_evaluations(Database.open(data_dir), "latest", kind="grammar") == []


def test_unknown_run_and_negative_pairs_are_sentences(capsys, data_dir):
    code, _, err = run_cli(capsys, data_dir, "grammar", "nosuchrun")
    assert code == 2 and "Traceback" not in err and "nosuchrun" in err
    code, _, err = run_cli(capsys, data_dir, "grammar", "latest", "--pairs", -1)
    assert code == 2 and "--pairs must be 0" in err


def test_a_model_folder_is_checked_and_not_stored(capsys, data_dir, template):
    run_dir = next((data_dir / "runs").iterdir())
    code, out, err = run_cli(
        capsys, data_dir, "grammar", run_dir, "--suite", template / "suite.jsonl", "--final-only"
    )
    assert code == 0, err
    assert "nothing was stored" in out and "final" in out.splitlines()[0]
    assert list_evaluations(Database.open(data_dir), "latest", kind="grammar") == []


def test_a_run_deleted_while_it_is_checked_gets_a_sentence_and_no_rows(data_dir, template):
    from sqlalchemy import func, select

    from mlmstudio.engine.errors import MLMStudioError
    from mlmstudio.engine.inspect.grammar_suites import load_suite_file
    from mlmstudio.store import service
    from mlmstudio.store.grammar_checkups import check_run
    from mlmstudio.store.models import RunEvaluationRow

    db = Database.open(data_dir)
    run_id = service.resolve_run_id(db, "latest")
    asked = []

    def delete_after_first(label: str) -> None:
        asked.append(label)
        if len(asked) == 2:  # the first checkpoint is checked; the run goes before the second
            service.delete_run(db, run_id)

    with pytest.raises(MLMStudioError) as caught:
        check_run(db, run_id, load_suite_file(template / "suite.jsonl"), on_model=delete_after_first)
    assert "no longer exists (the run may have been deleted)" in str(caught.value)
    with db.session(write=False) as session:
        assert session.scalar(select(func.count()).select_from(RunEvaluationRow)) == 0


@pytest.mark.parametrize(("family", "whole"), [("roberta", "mat"), ("xlm-roberta", None)])
def test_an_imported_model_is_checked_with_its_own_words_and_twin(capsys, tmp_path, family, whole):
    from hf_family_models import build_family

    from mlmstudio.engine.inspect.grammar_generated import known_word
    from mlmstudio.engine.tokenization import MLMTokenizer

    folder = build_family(family, tmp_path / family)
    data = tmp_path / "data"
    assert main(["--data-dir", str(data), "models", "open", str(folder)]) == 0
    capsys.readouterr()
    suite = tmp_path / "s.jsonl"
    suite.write_text(json.dumps({"paradigm": "p", "good": "the cat sat .", "bad": "the sat cat ."}) + "\n")
    code, out, err = run_cli(capsys, data, "grammar", "latest", "--suite", suite, "--twin", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert [c["final"] for c in result["checks"]] == [True]  # an opened model kept no checkpoints
    assert result["twin"]["paradigms"][0]["pairs"] == 1
    subjects = {e.subject for e in list_evaluations(Database.open(data), "latest", kind="grammar")}
    assert subjects == {"run", "twin"}
    # A byte-level BPE word is known as it is read inside a sentence (Ġmat), a split one is not
    # (Ġc at); the tiny SentencePiece vocabulary holds no whole word.
    tok = MLMTokenizer.load(next((data / "runs").iterdir()) / "tokenizer.json")
    assert not known_word(tok, "cat") and not known_word(tok, "zebra")
    if whole:
        assert known_word(tok, whole)
