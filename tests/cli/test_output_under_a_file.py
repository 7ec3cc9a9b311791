"""Output paths that cannot be written are refused before any work; a model reference that the
history cannot resolve says why (issue 13, A1, A9, A10).

A path under a file (``notes.txt/model``) can never become a folder; ``train --out`` used to find
that out only after training, with the run already recorded. An empty ``--save-config`` used to be
read as "no file" and trained a run instead of refusing the name.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mlmstudio.cli import main
from mlmstudio.engine.errors import MLMStudioError
from mlmstudio.engine.output_paths import check_output_file, check_output_folder

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from store_helpers import add_run  # noqa: E402

# db, data_dir and model_files come from conftest.py.


@pytest.mark.parametrize("check", [check_output_folder, check_output_file])
def test_a_path_under_a_file_is_refused_naming_the_file(tmp_path, check):
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    with pytest.raises(MLMStudioError, match="notes.txt is a file, not a folder"):
        check(notes / "deeper" / "target")
    assert notes.read_text() == "mine"


def _runs(data_dir: Path) -> list[Path]:
    runs = data_dir / "runs"
    return sorted(runs.iterdir()) if runs.is_dir() else []


@pytest.mark.parametrize("flag", ["--out", "--save-config"])
def test_train_refuses_an_output_under_a_file_before_recording_a_run(capsys, tmp_path, flag):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("the cat sat on the mat and the dog ran home\n" * 200)
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    data_dir = tmp_path / "data"
    code = main(
        [
            "--data-dir",
            str(data_dir),
            "train",
            str(corpus),
            "--preset",
            "tiny",
            "--steps",
            "1",
            flag,
            str(notes / "sub"),
        ]
    )
    _, err = capsys.readouterr()
    assert code == 2 and "notes.txt is a file, not a folder" in err and "Traceback" not in err
    assert _runs(data_dir) == [] and notes.read_text() == "mine"


def test_train_refuses_an_empty_save_config_name_without_training(capsys, tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("the cat sat on the mat and the dog ran home\n" * 200)
    data_dir = tmp_path / "data"
    code = main(
        [
            "--data-dir",
            str(data_dir),
            "train",
            str(corpus),
            "--preset",
            "tiny",
            "--steps",
            "1",
            "--save-config",
            "",
        ]
    )
    _, err = capsys.readouterr()
    assert code == 2 and "the name is empty" in err
    assert _runs(data_dir) == []


# --- which model: the history's own reason is said, an empty name is not the current folder -----


def test_fill_says_several_runs_match_a_shared_name(capsys, db, data_dir, model_files):
    add_run(db, name="same name", model_files=model_files)
    add_run(db, name="same name", model_files=model_files)
    code = main(["--data-dir", str(data_dir), "fill", "same name", "the [MASK] sat"])
    _, err = capsys.readouterr()
    assert code == 2 and "Several runs match 'same name'" in err and "neither" not in err


def test_fill_latest_in_an_empty_history_says_there_are_no_runs(capsys, db, data_dir):
    code = main(["--data-dir", str(data_dir), "fill", "latest", "the [MASK] sat"])
    _, err = capsys.readouterr()
    assert code == 2 and "no runs in the history yet" in err


@pytest.mark.parametrize("command", [["fill", "", "the [MASK] sat"], ["score", "", "the cat sat"]])
def test_an_empty_model_name_is_refused_not_read_as_the_current_folder(capsys, data_dir, command):
    code = main(["--data-dir", str(data_dir), *command])
    _, err = capsys.readouterr()
    assert code == 2 and "No model given (the name is empty)" in err and "folder ." not in err
