"""Exit codes that tell the truth: 0 did it, 1 failed, 2 bad input, 130/143 interrupted; warnings once."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from mlmstudio.cli import exit_codes, main
from mlmstudio.config import ConfigError
from mlmstudio.engine.errors import CorpusError, DiskFullError, OutOfMemoryError, TrainingError

from store_helpers import add_run  # tests/store, put on the path by conftest.py


def _unreadable_run(data_dir) -> str:
    """A history whose only run has a date that does not parse (its row cannot be read)."""
    from mlmstudio.store.database import Database

    db = Database.open(data_dir)
    run_id = add_run(db, name="only", steps=10)
    with sqlite3.connect(db.path) as connection:
        connection.execute("UPDATE runs SET created_at = 'not a date' WHERE id = ?", (run_id,))
    return run_id


@pytest.mark.parametrize("as_json", [False, True])
def test_runs_list_warns_once_and_does_not_say_no_runs_beside_an_unreadable_one(
    as_json, data_dir, capsys, caplog
):
    run_id = _unreadable_run(data_dir)
    code = main(["--data-dir", str(data_dir), "runs", "list", *(["--json"] if as_json else [])])
    out, err = capsys.readouterr()
    assert code == 0
    # The command's own line, and nothing in the log (which a real process prints to stderr too).
    assert err.count(run_id) == 1 and "cannot be read" in err, err
    assert run_id not in caplog.text, caplog.text
    if as_json:
        assert json.loads(out) == []
    else:
        assert "No runs." not in out and "No run could be read (1 skipped" in out


def test_the_help_prints_the_table_of_exit_codes(capsys):
    with pytest.raises(SystemExit) as ended:
        main(["--help"])
    out = capsys.readouterr().out
    assert ended.value.code == 0
    for code in ("0 ", "1 ", "2 ", "130 "):
        assert f"\n  {code}" in out, out
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert "| 130 |" in readme and "| 2 |" in readme  # the README keeps the same table


@pytest.mark.parametrize(
    "error, code",
    [
        (ConfigError("a bad setting"), 2),
        (CorpusError("no such file"), 2),
        (TrainingError("unknown device"), 2),  # refused before any step: the input was wrong
        (OutOfMemoryError("not enough memory"), 1),  # the input was fine, the work failed
        (DiskFullError("the disk is full"), 1),
    ],
)
def test_a_failure_of_the_work_exits_1_and_bad_input_2(error, code, capsys, monkeypatch):
    from mlmstudio.cli import corpus_command, runs

    def fail(args):
        raise error

    # One command through cli.main's own handling, one through the runs commands' wrapper.
    monkeypatch.setattr(corpus_command, "cmd_corpus", fail)
    monkeypatch.setattr(runs, "cmd_list", fail)
    assert main(["corpus", "sample:facts"]) == code
    assert main(["runs", "list"]) == code
    err = capsys.readouterr().err
    assert err.count(str(error)) == 2 and "Traceback" not in err
    assert exit_codes.code_for(error) == code
