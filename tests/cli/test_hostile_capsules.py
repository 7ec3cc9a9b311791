"""Capsules reproduce the run wherever they are moved (issue 22, item 6).

A capsule is copied to other machines: nothing in its files may name where it
was written (its own copy of the text is ``corpus/corpus.txt``, relative to the
capsule), the probes and every setting of the run are in its config, and moved
elsewhere its ``launch.sh`` checks it and trains.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from mlmstudio.cli import main
from mlmstudio.config import RunConfig
from mlmstudio.engine.capsule import read_capsule

TINY = [
    "--tokenizer", "char", "--d-model", "16", "--heads", "2", "--layers", "1", "--ffn", "32",
    "--steps", "3", "--seq-len", "16", "--max-len", "32", "--batch-size", "2", "--precision", "fp32",
    "--eval-every", "3", "--lr", "3e-3", "--seed", "5",
]  # fmt: skip
FACTS = "Paris is the capital of France.\nBerlin is the capital of Germany.\n" * 60


def env() -> dict[str, str]:
    return dict(os.environ, PYTHON=sys.executable, OMP_NUM_THREADS="1")


@pytest.fixture
def written(tmp_path, capsys):
    """A capsule of a run on a text file given by its absolute path, with probes of its own."""
    text = tmp_path / "where" / "my text.txt"
    text.parent.mkdir()
    text.write_text(FACTS, encoding="utf-8")
    probes = tmp_path / "probes.txt"
    probes.write_text("[MASK] is the capital of France.\tParis\n", encoding="utf-8")
    recipe = tmp_path / "run.json"
    argv = ["train", str(text), *TINY, "--probes", str(probes), "--save-config", str(recipe)]
    assert main(argv) == 0, capsys.readouterr().err
    capsule = tmp_path / "written-here" / "cap"
    assert main(["capsule", str(recipe), str(capsule), "--no-estimate", "--slurm"]) == 0
    capsys.readouterr()
    return recipe, capsule, text


def test_no_file_of_a_capsule_names_where_it_was_written(written):
    recipe, capsule, text = written
    for path in capsule.rglob("*"):
        if path.is_file() and path.suffix != ".txt" or path.name == "README.txt":
            content = path.read_text(encoding="utf-8")
            assert str(capsule) not in content and str(capsule.parent) not in content, path
    config = json.loads((capsule / "config.json").read_text())
    assert config["corpus"]["source"] == "corpus/corpus.txt"
    assert (capsule / "corpus" / "corpus.txt").read_text(encoding="utf-8").strip() == FACTS.strip()
    # Everything else is the run's own config, the probes included.
    original = RunConfig.from_file(recipe)
    kept = read_capsule(capsule).config
    assert kept.probes == original.probes and [p.answer for p in kept.probes.items] == ["Paris"]
    assert (kept.model, kept.training, kept.masking, kept.tokenizer) == (
        original.model,
        original.training,
        original.masking,
        original.tokenizer,
    )


def test_a_moved_capsule_passes_its_check_and_trains(written, tmp_path):
    _, capsule, text = written
    moved = tmp_path / "elsewhere" / "copied capsule"
    moved.parent.mkdir()
    shutil.move(capsule, moved)
    shutil.rmtree(text.parent)  # the machine it goes to never had the original text
    done = subprocess.run(
        ["bash", str(moved / "launch.sh"), "--dry-run"],
        env=env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert str(moved) in done.stdout and "Traceback" not in done.stderr
    out = tmp_path / "out"
    assert main(["train", "--capsule", str(moved), "--no-record", "--out", str(out)]) == 0
    metrics = json.loads((out / "metrics.json").read_text())
    assert metrics["status"] == "completed" and metrics["steps"] == 3


def test_a_moved_capsule_with_a_changed_corpus_stops_with_one_sentence(written, tmp_path):
    _, capsule, _ = written
    moved = tmp_path / "moved"
    shutil.move(capsule, moved)
    with (moved / "corpus" / "corpus.txt").open("a", encoding="utf-8") as handle:
        handle.write("one more line\n")
    done = subprocess.run(
        ["bash", str(moved / "launch.sh"), "--dry-run"],
        env=env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "corpus" in done.stderr and len(done.stderr.strip().splitlines()) <= 2, done.stderr


def test_a_capsule_given_as_a_relative_path_is_the_same_capsule(tmp_path, written, monkeypatch, capsys):
    recipe, capsule, _ = written
    monkeypatch.chdir(tmp_path)
    assert main(["capsule", str(recipe), "rel cap", "--no-estimate"]) == 0
    capsys.readouterr()
    a, b = read_capsule(capsule), read_capsule(Path("rel cap"))
    # Read, the corpus is found inside each capsule; every other setting is the same.
    assert replace(a.config, corpus=b.config.corpus) == b.config
    assert Path(b.config.corpus.source).read_bytes() == Path(a.config.corpus.source).read_bytes()
    assert str(tmp_path) not in (tmp_path / "rel cap" / "launch.sh").read_text()
