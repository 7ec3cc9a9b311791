"""Hostile paths, arguments and pipes (issue 13, A1, A9, A10): refused in a sentence, nothing overwritten."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mlmstudio.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from store_helpers import add_run  # noqa: E402

# model_files, data_dir and db come from conftest.py.


def cli(capsys, data_dir, *argv):
    code = main(["--data-dir", str(data_dir), *[str(a) for a in argv]])
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "Error:" not in err
    return code, out, err


# --- overwrite protection ----------------------------------------------------------------------


def test_export_hf_refuses_a_folder_that_holds_files(capsys, db, data_dir, model_files, tmp_path):
    run_id = add_run(db, model_files=model_files)
    target = tmp_path / "mine"
    target.mkdir()
    (target / "README.md").write_text("my own notes")
    (target / "config.json").write_text("{}")
    code, _, err = cli(capsys, data_dir, "export-hf", run_id, target)
    assert code == 2 and "already exists and is not empty" in err and "--overwrite" in err
    assert (target / "README.md").read_text() == "my own notes"
    assert (target / "config.json").read_text() == "{}"
    assert sorted(p.name for p in target.iterdir()) == ["README.md", "config.json"]


@pytest.mark.slow
def test_export_hf_with_overwrite_replaces_the_model_files(capsys, db, data_dir, model_files, tmp_path):
    run_id = add_run(db, model_files=model_files)
    target = tmp_path / "mine"
    target.mkdir()
    (target / "README.md").write_text("my own notes")
    code, _, err = cli(capsys, data_dir, "export-hf", run_id, target, "--overwrite")
    assert code == 0, err
    assert (target / "model.safetensors").is_file() and "my own notes" not in (
        target / "README.md"
    ).read_text()


@pytest.mark.parametrize(
    "argv", [["export-hf", "RUN", ""], ["export-hf", "RUN", "  "], ["runs", "export", "RUN", ""]]
)
def test_an_empty_output_path_is_refused(capsys, db, data_dir, model_files, tmp_path, monkeypatch, argv):
    run_id = add_run(db, model_files=model_files)
    monkeypatch.chdir(tmp_path)
    before = sorted(os.listdir(tmp_path))
    code, _, err = cli(capsys, data_dir, *[run_id if a == "RUN" else a for a in argv])
    assert code == 2 and "is empty" in err
    assert sorted(os.listdir(tmp_path)) == before


def test_runs_export_refuses_an_existing_bundle_and_a_folder(capsys, db, data_dir, model_files, tmp_path):
    run_id = add_run(db, model_files=model_files)
    existing = tmp_path / "old.mlmrun"
    existing.write_bytes(b"my old bundle")
    code, _, err = cli(capsys, data_dir, "runs", "export", run_id, existing)
    assert code == 2 and "already exists" in err and existing.read_bytes() == b"my old bundle"
    folder = tmp_path / "folder.mlmrun"
    folder.mkdir()
    code, _, err = cli(capsys, data_dir, "runs", "export", run_id, folder)
    assert code == 2 and "is a folder" in err
    assert ".tmp" not in err and not list(tmp_path.glob(".*"))  # no hidden temp file named or left
    code, _, err = cli(capsys, data_dir, "runs", "export", run_id, existing, "--overwrite")
    assert code == 0 and existing.read_bytes()[:2] == b"PK"


@pytest.mark.parametrize("target", ["/dev/null", "/dev/zero"])
def test_a_device_is_never_replaced_even_with_overwrite(capsys, db, data_dir, model_files, target):
    run_id = add_run(db, model_files=model_files)
    for argv in (
        ["runs", "export", run_id, target, "--overwrite"],
        ["train", "sample:facts", "--save-config", target, "--overwrite"],
    ):
        code, _, err = cli(capsys, data_dir, *argv)
        assert code == 2 and "not a regular file" in err
    assert Path(target).is_char_device()


def test_compare_csv_refuses_to_replace_a_file(capsys, db, data_dir, tmp_path):
    a, b = add_run(db, name="a", steps=20), add_run(db, name="b", steps=20)
    existing = tmp_path / "curves.csv"
    existing.write_text("mine")
    code, _, err = cli(capsys, data_dir, "runs", "compare", a, b, "--csv", existing)
    assert code == 2 and "already exists" in err and existing.read_text() == "mine"
    code, _, err = cli(capsys, data_dir, "runs", "compare", a, b, "--csv", existing, "--overwrite")
    assert code == 0 and existing.read_text().startswith("step,")


@pytest.mark.parametrize("make", ["file", "full folder"])
def test_train_out_is_checked_before_training(capsys, tmp_path, _isolated_data_dir, make):
    target = tmp_path / "out"
    if make == "file":
        target.write_text("not a folder")
    else:
        target.mkdir()
        (target / "config.json").write_text("{}")
    code = main(["train", "sample:facts", "--steps", "2", "--out", str(target)])
    _, err = capsys.readouterr()
    assert code == 2 and "Traceback" not in err
    assert not (_isolated_data_dir / "history.sqlite3").exists()  # nothing recorded, nothing trained
    assert (
        target.read_text() == "not a folder"
        if make == "file"
        else ([p.name for p in target.iterdir()] == ["config.json"])
    )


# --- arguments ---------------------------------------------------------------------------------

BAD = "\udcff\udcfe"  # what Python makes of the bytes ff fe in argv under a UTF-8 locale


@pytest.mark.parametrize(
    "argv",
    [
        ["fill", BAD, "a [MASK]"],
        ["fill", "RUN", f"{BAD} [MASK]"],
        ["fill", "RUN", "a [MASK]", "--targets", BAD],
        ["runs", "rename", "RUN", f"x{BAD}"],
        ["runs", "rename", BAD, "x"],
        ["runs", "note", "RUN", BAD],
        ["runs", "tag", "RUN", BAD],
        ["runs", "list", "--search", BAD],
        ["runs", "list", "--tag", BAD],
        ["runs", "show", BAD],
        ["runs", "delete", BAD, "--yes"],
        ["runs", "export", BAD, "x.mlmrun"],
    ],
)
def test_undecodable_argument_bytes_get_a_sentence(capsys, db, data_dir, model_files, argv):
    run_id = add_run(db, model_files=model_files, name="plain")
    code, _, err = cli(capsys, data_dir, *[run_id if a == "RUN" else a for a in argv])
    assert code == 2 and "\\xff" in err and err.count("\n") == 1, err


def test_search_treats_underscore_and_percent_literally(capsys, db, data_dir):
    for name in ("a_b", "axb", "50% masking", "500 steps"):
        add_run(db, name=name)
    _, out, _ = cli(capsys, data_dir, "runs", "list", "--search", "_")
    assert "a_b" in out and "axb" not in out and "500 steps" not in out
    _, out, _ = cli(capsys, data_dir, "runs", "list", "--search", "%")
    assert "50% masking" in out and "500 steps" not in out and "a_b" not in out


def test_the_data_directory_error_names_the_path_from_the_environment(capsys, tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("MLMSTUDIO_HOME", str(blocker / "home"))
    code = main(["runs", "list"])
    _, err = capsys.readouterr()
    assert code != 0 and str(blocker / "home") in err and "MLMSTUDIO_HOME" in err


# --- messages ----------------------------------------------------------------------------------


def test_an_unknown_target_word_is_not_given_the_unk_score(capsys, db, data_dir, model_files):
    run_id = add_run(db, model_files=model_files)
    code, out, err = cli(capsys, data_dir, "fill", run_id, "The [MASK] sat.", "--targets", "€€,e")
    assert code == 0
    unknown = next(line for line in out.splitlines() if "€€" in line)
    assert "not in the model's vocabulary" in unknown and "0." not in unknown
    assert "warning" in err and "€€" in err
    known = next(line for line in out.splitlines() if line.strip().startswith("e "))
    assert "log-prob" in known


def test_a_completed_run_whose_folder_was_deleted_is_not_told_to_resume(capsys, db, data_dir, model_files):
    run_id = add_run(db, model_files=model_files)
    shutil.rmtree(db.run_dir(run_id))
    for argv in (["fill", run_id, "a [MASK]"], ["runs", "export", run_id, "x.mlmrun"]):
        code, _, err = cli(capsys, data_dir, *argv)
        assert code == 2 and "deleted or moved" in err and "esume" not in err, err


def test_a_run_interrupted_before_its_first_checkpoint_is_not_said_to_have_lost_files(capsys, db, data_dir):
    run_id = add_run(db, status="interrupted", steps=78)  # killed at step 78, nothing saved yet
    for argv in (["fill", run_id, "a [MASK]"], ["score", run_id, "a b"]):
        code, _, err = cli(capsys, data_dir, *argv)
        assert code == 2 and "deleted" not in err, err
        assert "interrupted: it ended at step 78, before it saved a model" in err
        assert f"mlmstudio runs resume {run_id}" in err


def test_a_stopped_run_with_a_checkpoint_is_told_to_resume(capsys, db, data_dir):
    run_id = add_run(db, status="stopped")
    (db.run_dir(run_id) / "checkpoints" / "step-00000010").mkdir(parents=True)
    code, _, err = cli(capsys, data_dir, "fill", run_id, "a [MASK]")
    assert code == 2 and f"mlmstudio runs resume {run_id}" in err


# --- pipes -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [["params", "--json"], ["runs", "list", "--json"], ["--help"], ["masking", "sample:facts", "--json"]],
)
def test_a_closed_pipe_ends_quietly(tmp_path, argv):
    """Like `mlmstudio ... | head`: the reader is gone before the command writes."""
    env = dict(os.environ, MLMSTUDIO_HOME=str(tmp_path / "home"))
    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody will ever read: the first write fails with EPIPE
    try:
        result = subprocess.run(
            [sys.executable, "-m", "mlmstudio", *argv],
            stdout=write_end,
            stderr=subprocess.PIPE,
            env=env,
            timeout=120,
        )
    finally:
        os.close(write_end)
    err = result.stderr.decode()
    assert "Traceback" not in err and "BrokenPipe" not in err and "permission" not in err, err
    assert err == ""


@pytest.mark.parametrize(
    "argv",
    [
        ["train", "x" * 5000],
        ["corpus", "x" * 5000],
        ["masking", "y" * 5000],
        ["fill", "z" * 5000, "a [MASK]"],
    ],
)
def test_a_path_too_long_for_the_system_is_one_short_sentence(capsys, data_dir, argv):
    code, _, err = cli(capsys, data_dir, *argv)
    assert code != 0 and err.startswith("mlmstudio: ") and err.count("\n") == 1 and len(err) < 400, err


def test_an_export_into_a_runs_own_folder_is_refused_even_with_overwrite(capsys, db, data_dir, model_files):
    run_id = add_run(db, model_files=model_files)
    run_dir = db.run_dir(run_id)
    before = (run_dir / "config.json").read_bytes()
    for target in (run_dir, run_dir / "hf", db.runs_dir):
        code, _, err = cli(capsys, data_dir, "export-hf", run_id, target, "--overwrite")
        assert code == 2 and "inside the history's run folders" in err, err
    code, _, err = cli(capsys, data_dir, "train", "sample:facts", "--out", run_dir, "--overwrite")
    assert code == 2 and "inside the history's run folders" in err
    assert (run_dir / "config.json").read_bytes() == before and not (run_dir / "hf").exists()


def test_no_file_output_lands_in_a_run_folder(capsys, db, data_dir, model_files):
    run_id = add_run(db, model_files=model_files, steps=20)
    other = add_run(db, steps=20)
    run_dir = db.run_dir(run_id)
    before = {p.name: p.read_bytes() for p in run_dir.iterdir() if p.is_file()}
    for argv in (
        ["runs", "export", run_id, run_dir / "model.safetensors", "--overwrite"],
        ["train", "sample:facts", "--save-config", run_dir / "config.json", "--overwrite"],
        ["runs", "compare", run_id, other, "--csv", run_dir / "metrics.json", "--overwrite"],
    ):
        code, _, err = cli(capsys, data_dir, *argv)
        assert code == 2 and "inside the history's run folders" in err, (argv, err)
    assert {p.name: p.read_bytes() for p in run_dir.iterdir() if p.is_file()} == before
