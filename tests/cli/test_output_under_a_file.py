"""Output paths that cannot be written are refused before any work (issue 13, A1, A9).

A path under a file (``notes.txt/model``) can never become a folder; ``train --out`` used to find
that out only after training, with the run already recorded. An empty ``--save-config`` used to be
read as "no file" and trained a run instead of refusing the name.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mlmstudio.cli import main
from mlmstudio.engine.errors import MLMStudioError
from mlmstudio.engine.output_paths import check_output_file, check_output_folder


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
    code = main(["--data-dir", str(data_dir), "train", str(corpus), "--preset", "tiny", "--steps", "1",
                 flag, str(notes / "sub")])
    _, err = capsys.readouterr()
    assert code == 2 and "notes.txt is a file, not a folder" in err and "Traceback" not in err
    assert _runs(data_dir) == [] and notes.read_text() == "mine"


def test_train_refuses_an_empty_save_config_name_without_training(capsys, tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("the cat sat on the mat and the dog ran home\n" * 200)
    data_dir = tmp_path / "data"
    code = main(["--data-dir", str(data_dir), "train", str(corpus), "--preset", "tiny", "--steps", "1",
                 "--save-config", ""])
    _, err = capsys.readouterr()
    assert code == 2 and "the name is empty" in err
    assert _runs(data_dir) == []
