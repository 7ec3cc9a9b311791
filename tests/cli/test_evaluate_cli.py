"""`mlmstudio evaluate RUN --task ...`: the table, the JSON, the rows in `runs compare`, and plain refusals."""

from __future__ import annotations

import json

import pytest

from mlmstudio.cli import main
from mlmstudio.store.run_evaluations import list_evaluations

from store_helpers import add_run


def run_cli(capsys, data_dir, *argv):
    code = main(["--data-dir", str(data_dir), *(str(a) for a in argv)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.slow
def test_evaluate_prints_the_table_stores_it_and_runs_compare_shows_it(capsys, data_dir, db, model_files):
    first = add_run(db, model_files=model_files, name="first")
    second = add_run(db, model_files=model_files, name="second")
    code, out, err = run_cli(capsys, data_dir, "evaluate", "first", "--task", "sample:kinds", "--seeds", "2")
    assert code == 0, err
    assert "Task sample:kinds: 504 examples (animal 168, food 168, place 168)" in out
    for label in ("majority class", "random twin", "this run"):
        assert label in out
    assert "The run minus its random twin:" in out and "Stored with run" in out
    assert {e.subject for e in list_evaluations(db, first)} == {"run", "twin", "majority"}

    code, out, err = run_cli(
        capsys,
        data_dir,
        "evaluate",
        "second",
        "--task",
        "sample:kinds",
        "--seeds",
        "1",
        "--json",
        "--no-store",
    )
    data = json.loads(out)
    assert code == 0 and data["stored"] == 0 and data["seeds"] == [0]
    assert {r["subject"] for r in data["results"]} == {"run", "twin", "majority"}
    assert list_evaluations(db, second) == []

    code, out, _ = run_cli(capsys, data_dir, "runs", "compare", "first", "second")
    assert code == 0
    line = next(row for row in out.splitlines() if row.startswith("transfer sample:kinds accuracy "))
    assert line.split()[-1] == "-" and "±" in line  # the first run's result, none for the second
    assert "transfer sample:kinds accuracy (twin)" in out
    code, out, _ = run_cli(capsys, data_dir, "runs", "compare", "first", "second", "--json")
    assert {e["subject"] for e in json.loads(out)["evaluations"][first]} == {"run", "twin", "majority"}


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([f"text {i},spam" for i in range(30)], "same label"),
        ([f"text {i},c{i}" for i in range(1001 + 5)], "more than 1,000 different labels"),
        (
            [f"text {i},{'' if i == 4 else i % 2}" for i in range(30)],
            "Row 6 of task.csv has a text but no label",
        ),
        ([f",{i % 2}" for i in range(30)], 'The text column "text" of task.csv is empty in every row'),
    ],
    ids=["one-class", "too-many-classes", "missing-labels", "empty-text"],
)
def test_a_bad_task_file_is_one_sentence_exit_2_and_nothing_stored(
    capsys, data_dir, db, model_files, tmp_path, rows, message
):
    run_id = add_run(db, model_files=model_files)
    task = tmp_path / "task.csv"
    task.write_text("text,label\n" + "\n".join(rows) + "\n", encoding="utf-8")
    code, out, err = run_cli(capsys, data_dir, "evaluate", run_id, "--task", task)
    assert code == 2 and message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert list_evaluations(db, run_id) == []


def test_bad_options_are_sentences(capsys, data_dir, db, model_files):
    run_id = add_run(db, model_files=model_files)
    code, _, err = run_cli(capsys, data_dir, "evaluate", run_id, "--task", "sample:kinds", "--seeds", "0")
    assert code == 2 and "--seeds must be between 1 and 10" in err
    code, _, err = run_cli(capsys, data_dir, "evaluate", run_id, "--task", "sample:moods")
    assert code == 2 and "no shipped task called" in err
    code, _, err = run_cli(capsys, data_dir, "evaluate", "nosuchrun", "--task", "sample:kinds")
    assert code == 2 and "nosuchrun" in err
