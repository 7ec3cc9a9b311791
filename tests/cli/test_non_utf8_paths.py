"""Every command with a file or folder named in bytes that are not UTF-8 (a Latin-1 ``café``).

Such names are common on USB sticks and old archives. Python hands them to us
with lone surrogates (PEP 383); the name still opens the file, but written as
text (into the history, a JSON answer, a manifest) it used to end in a
``UnicodeEncodeError`` traceback. The rule: a command either does its work on
such a path or refuses it with one sentence; it never crashes.
"""

from __future__ import annotations

import json
import os
import sys

import pytest

from mlmstudio.cli import main

from store_helpers import add_run  # tests/store, put on the path by conftest.py

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX byte file names")

LATIN1 = os.fsdecode(b"caf\xe9")  # 'caf\udce9': what Python makes of the Latin-1 name under UTF-8
TEXT = "the cat sat on the mat. the dog sat on the log. " * 40
TINY = ["--tokenizer", "char", "--d-model", "32", "--layers", "1", "--heads", "2", "--ffn", "64"]
TINY += ["--max-len", "32", "--seq-len", "32", "--batch-size", "4", "--device", "cpu", "--precision", "fp32"]


@pytest.fixture
def place(tmp_path):
    """A folder named in Latin-1 bytes holding a Latin-1-named corpus, config and probe file."""
    folder = tmp_path / LATIN1
    folder.mkdir()
    (folder / f"{LATIN1}.txt").write_text(TEXT, encoding="utf-8")
    (folder / f"{LATIN1}.json").write_text(json.dumps({"training": {"steps": 3}}), encoding="utf-8")
    (folder / f"{LATIN1}-probes.txt").write_text("the cat sat on the [MASK].\tmat\n", encoding="utf-8")
    return folder


def run(capsysbinary, data_dir, *argv) -> tuple[int, str, str]:
    code = main(["--data-dir", str(data_dir), *map(str, argv)])
    out, err = (
        b.decode("utf-8", "surrogateescape") for b in capsysbinary.readouterr()
    )  # names print as given
    assert "Traceback" not in err and "UnicodeEncodeError" not in err, err
    assert isinstance(code, int)
    return code, out, err


# Commands that read or write a path and need no trained model: they must do their work.
WORKS = {
    "corpus": lambda p: ["corpus", p / f"{LATIN1}.txt"],
    "corpus --json": lambda p: ["corpus", p / f"{LATIN1}.txt", "--json"],
    "masking": lambda p: ["masking", p / f"{LATIN1}.txt", "--tokenizer", "char"],
    "queue add": lambda p: ["queue", "add", p / f"{LATIN1}.txt", *TINY, "--steps", "3"],
    "queue add --config": lambda p: ["queue", "add", p / f"{LATIN1}.txt", "--config", p / f"{LATIN1}.json"],
    "capsule": lambda p: ["capsule", "RUNJSON", p / f"out-{LATIN1}", "--no-estimate"],
}


@pytest.mark.parametrize("command", list(WORKS))
def test_a_command_does_its_work_on_a_latin1_path(command, place, data_dir, capsysbinary):
    argv = WORKS[command](place)
    if "RUNJSON" in argv:
        run_json = place / f"run-{LATIN1}.json"
        code, _, err = run(
            capsysbinary,
            data_dir,
            "train",
            place / f"{LATIN1}.txt",
            *TINY,
            "--steps",
            "3",
            "--save-config",
            run_json,
        )
        argv = [run_json if a == "RUNJSON" else a for a in argv]
    code, out, err = run(capsysbinary, data_dir, *argv)
    assert code == 0, err
    if command.endswith("--json"):
        json.loads(out)  # valid JSON, the name escaped in it


@pytest.mark.slow
def test_train_records_a_latin1_corpus_and_writes_a_latin1_out_folder(place, data_dir, capsysbinary):
    out_dir = place / f"model-{LATIN1}"
    code, out, err = run(
        capsysbinary,
        data_dir,
        "train",
        place / f"{LATIN1}.txt",
        *TINY,
        "--steps",
        "3",
        "--out",
        out_dir,
        "--probes",
        place / f"{LATIN1}-probes.txt",
        "--config",
        place / f"{LATIN1}.json",
    )
    assert code == 0, err
    assert (out_dir / "config.json").is_file()
    code, out, err = run(capsysbinary, data_dir, "runs", "list", "--json")
    [listed] = json.loads(out)
    assert "caf" in json.dumps(listed)


@pytest.mark.slow
def test_every_run_command_takes_latin1_targets(place, data_dir, db, model_files, capsysbinary):
    run_id = add_run(db, model_files=model_files, name="plain", steps=20)
    other = add_run(db, model_files=model_files, name="other", steps=20)
    bundle = place / f"{LATIN1}.mlmrun"
    for argv, expected in [
        (["runs", "export", run_id, bundle], {0}),
        (["runs", "import", bundle], {0}),
        (["export-hf", run_id, place / f"hf-{LATIN1}"], {0, 2}),  # 2: a run this export refuses
        (["runs", "compare", run_id, other, "--csv", place / f"{LATIN1}.csv"], {0, 2}),
        (["runs", "import-folder", place / f"hf-{LATIN1}"], {0, 1, 2}),
        (["token-loss", run_id, "--html", place / f"{LATIN1}.html"], {0, 1, 2}),
        (["fill", place / f"no-{LATIN1}", "a [MASK]"], {2}),
        (["score", place / f"no-{LATIN1}", "a sentence"], {2}),
        (["train", place / f"missing-{LATIN1}.txt"], {2}),
        (["sweep", place / f"missing-{LATIN1}.txt", "--param", "lr=1e-4:1e-3"], {2}),
        (["runs", "import", place / f"missing-{LATIN1}.mlmrun"], {2}),
    ]:
        code, out, err = run(capsysbinary, data_dir, *argv)
        assert code in expected, (argv, code, err)
        if code:
            assert "\\xe9" in err or "caf" in err, (argv, err)  # the sentence names the path, printably


def test_every_file_or_folder_argument_lets_undecodable_bytes_through():
    """The one list of path arguments covers every command's FILE, DIR, RUN.JSON, CORPUS, MODEL..."""
    import argparse

    from mlmstudio.cli import build_parser
    from mlmstudio.cli.argv_text import PATH_DESTS

    path_words = ("FILE", "DIR", "JSON", "CORPUS", "SOURCE", "PATH", "MODEL", "FOLDER")
    missing = set()

    def walk(parser):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    walk(sub)
            elif action.dest.startswith("cfg__"):
                continue  # the recipe's settings: numbers and names (D_MODEL is a width)
            elif any(word in str(action.metavar or "").upper() for word in path_words):
                if action.dest not in PATH_DESTS:
                    missing.add(action.dest)

    walk(build_parser())
    assert not missing, f"path arguments refused as text when not UTF-8: {sorted(missing)}"
