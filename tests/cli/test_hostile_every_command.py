"""Every command, found from the parser itself, with bad input and interrupted (issue 22, item 5).

The commands are enumerated from ``build_parser()`` (every leaf of every
sub-command tree), so a command added later is covered, or fails
``test_every_command_has_a_bad_input`` until it is given one. Bad input exits 2
with a sentence and no traceback; Ctrl+C as the command starts exits 130
without one. The history errors, a trial's unexpected error and ``runs list
--json`` beside an unreadable run are checked here too: each says a sentence,
with the exit code that tells the truth.
"""

from __future__ import annotations

import argparse
import json
import signal
import sqlite3
import sys

import pytest

from mlmstudio.cli import build_parser, main

from store_helpers import add_run  # tests/store, put on the path by conftest.py

GHOST = "/nonexistent/ghost-\u2603"
# Commands without a positional argument get a bad option instead (each one a real mistake).
BAD_OPTIONS = {
    ("params",): ["--d-model", "30", "--heads", "4"],
    ("runs", "list"): ["--status", "sleeping"],
    ("runs", "rebuild-history"): ["--adopt", "--force"],
    ("models", "list"): ["--no-such-option"],  # it only reads the Hugging Face cache
    ("queue", "list"): ["--data-dir", "FILE"],
    ("queue", "start"): ["--after-crash", "explode"],
    ("queue", "pause"): ["--data-dir", "FILE"],
    ("queue", "run"): ["--data-dir", "FILE"],
    ("doctor",): ["--no-such-option"],
}


def leaves(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    """(command path, its parser) for every command that does something."""
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        yield path, parser
        return
    for name, sub in subs[0].choices.items():
        yield from leaves(sub, (*path, name))


COMMANDS = dict(leaves(build_parser()))


def bad_argv(path: tuple[str, ...], parser: argparse.ArgumentParser, a_file) -> list[str]:
    """The command with a path that does not exist for each positional (and each required
    option), or its entry in BAD_OPTIONS."""
    positionals = [a for a in parser._actions if not a.option_strings]
    if not positionals:
        return [*path, *(a_file if a == "FILE" else a for a in BAD_OPTIONS[path])]
    required = [a.option_strings[-1] for a in parser._actions if a.option_strings and a.required]
    return [*path, *(GHOST for _ in positionals), *(x for option in required for x in (option, GHOST))]


def run(capsys, *argv) -> tuple[int, str, str]:
    try:
        code = main([str(a) for a in argv])
    except SystemExit as ended:  # argparse's own refusals end the process with 2
        code = ended.code
    out, err = capsys.readouterr()
    return code, out, err


def test_every_command_has_a_bad_input():
    without = [p for p, parser in COMMANDS.items() if not any(not a.option_strings for a in parser._actions)]
    assert sorted(without) == sorted(BAD_OPTIONS), "give each new command without a positional a bad option"
    assert len(COMMANDS) >= 35


@pytest.mark.parametrize("path", list(COMMANDS), ids=" ".join)
def test_bad_input_exits_2_with_a_sentence(path, tmp_path, capsys):
    a_file = tmp_path / "not-a-folder"
    a_file.write_text("a file where a folder belongs")
    home = tmp_path / "data"
    code, out, err = run(capsys, "--data-dir", home, *bad_argv(path, COMMANDS[path], a_file))
    assert code == 2, (path, code, out, err)
    assert "Traceback" not in out + err and err.strip(), (path, err)
    last = err.strip().splitlines()[-1]
    assert last.startswith(("mlmstudio: ", "mlmstudio ")) and len(last) > 20, err
    assert not (home / "runs").exists() or not any((home / "runs").iterdir())  # no run was made


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_every_command_interrupted_as_it_starts_exits_130_without_a_traceback(tmp_path):
    from test_startup_signals import interrupt_after

    a_file = tmp_path / "not-a-folder"
    a_file.write_text("x")
    for path, parser in COMMANDS.items():
        argv = bad_argv(path, parser, a_file)
        code, _, err = interrupt_after(argv, 0.0, tmp_path / "home")
        assert "Traceback" not in err and "Exception ignored" not in err, (path, err)
        assert code in (None, 128 + signal.SIGINT), (path, code, err)


# --- the exit codes that told a lie ------------------------------------------------------------


def test_a_history_that_cannot_be_read_exits_1_with_a_sentence(tmp_path, capsys):
    home = tmp_path / "data"
    from mlmstudio.store.database import Database

    Database.open(home).close()
    (home / "history.sqlite3").write_bytes(b"SQLite format 3\x00" + b"\x13" * 4000)  # damaged
    for argv in (
        ["runs", "list"],
        ["runs", "show", "latest"],
        ["queue", "list"],
        ["fill", "latest", "a [MASK]"],
    ):
        code, out, err = run(capsys, "--data-dir", home, *argv)
        assert code == 1, (argv, code, err)
        assert "Traceback" not in err and "history" in err and "rebuild-history" in err, (argv, err)


def test_a_runtime_error_inside_a_sweep_trial_is_a_sentence_and_the_sweep_reports_it(
    tmp_path, capsys, monkeypatch
):
    from mlmstudio.engine.trainer import Trainer

    def fail(self, batch):
        raise RuntimeError("CUDA error: an illegal memory access was encountered")

    monkeypatch.setattr(Trainer, "_train_step", fail)
    tiny = "--tokenizer char --d-model 32 --layers 1 --heads 2 --ffn 64 --max-len 32 --seq-len 32"
    tiny += " --batch-size 4 --eval-every 4 --steps 8 --precision fp32 --device cpu"
    argv = ["sweep", "sample:facts", "--param", "layers=1,2", "--budget", "10m", "--trials", "2"]
    code, out, err = run(capsys, "--data-dir", tmp_path, *argv, "--no-prune", "--name", "rt", *tiny.split())
    assert code == 1 and "Traceback" not in out + err, err
    assert (out + err).count("illegal memory access") == 2 and "No trial completed" in out, out + err
    from mlmstudio.store import service
    from mlmstudio.store.database import Database

    runs = service.list_runs(Database.open(tmp_path))
    assert [r.status for r in runs] == ["failed", "failed"]  # each trial's run says what happened
    assert all("illegal memory access" in r.message for r in runs)


@pytest.mark.parametrize(
    "argv", [["runs", "list", "--json"], ["runs", "list", "--json", "--status", "completed"]]
)
def test_runs_list_json_is_valid_and_ends_with_a_newline_beside_a_warning(tmp_path, argv, capfd):
    from mlmstudio.store.database import Database

    db = Database.open(tmp_path)
    good = add_run(db, name="good", steps=10)
    bad = add_run(db, name="bad", steps=10)
    with sqlite3.connect(db.path) as connection:
        connection.execute("UPDATE runs SET created_at = 'not a date' WHERE id = ?", (bad,))
    assert main(["--data-dir", str(tmp_path), *argv]) == 0
    out, err = capfd.readouterr()
    assert out.endswith("\n") and [r["id"] for r in json.loads(out)] == [good]
    assert err.count(bad) == 1 and "Traceback" not in err  # the warning on stderr, once
