"""A model's own mask spelling (RoBERTa's ``<mask>``) is its mask in every command, not only fill,
and in a run that continued it as well as in the opened model (issue 17).

``fill`` read ``<mask>`` as [MASK] for an opened RoBERTa, but ``lens`` refused it ("This model's
mask is written [MASK] ..., not '<mask>'"), ``score`` scored it as six letters, and a run
continued from the RoBERTa (whose folder has no origin.json of its own) refused it in ``fill``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mlmstudio.cli import main

os.environ.setdefault("HF_HUB_OFFLINE", "1")
from hf_family_models import build_family  # noqa: E402  (tests/ is on the path)


@pytest.fixture(scope="module")
def roberta(tmp_path_factory) -> Path:
    return build_family("roberta", tmp_path_factory.mktemp("roberta") / "roberta")


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def test_lens_reads_a_robertas_own_mask(roberta, tmp_path, capsys):
    code, out, err = _run(capsys, "--data-dir", str(tmp_path / "d"), "lens", str(roberta), "the <mask> sat .")
    assert code == 0, err
    assert "[MASK] 1 of 1" in out and "read as [MASK]" in err


def test_score_refuses_a_robertas_own_mask_as_it_refuses_mask(roberta, tmp_path, capsys):
    code, out, err = _run(
        capsys, "--data-dir", str(tmp_path / "d"), "score", str(roberta), "the <mask> sat ."
    )
    assert code == 2, (out, err)
    assert "a marker the model uses itself" in err


@pytest.mark.slow
def test_a_run_continued_from_a_roberta_keeps_its_mask_spelling(roberta, tmp_path, capsys):
    home = str(tmp_path / "d")
    code, _, err = _run(
        capsys, "--data-dir", home, "train", "sample:facts", "--from", str(roberta), "--steps", "1"
    )
    assert code == 0, err
    code, out, err = _run(capsys, "--data-dir", home, "fill", "latest", "the cat sat on the <mask> .")
    assert code == 0, err
    assert "read as [MASK]" in err and out.strip()
    code, out, err = _run(capsys, "--data-dir", home, "fill", "latest", "the cat sat on the [MASK] .")
    assert code == 0, err


@pytest.mark.parametrize("word", ["<mask>", "</s>"])
def test_neighbours_reads_a_robertas_own_special_token_as_that_token(roberta, tmp_path, capsys, word):
    """'<mask>' was "5 tokens for this model (< + m + as + k + >)" and got the neighbours of its letters."""
    code, out, err = _run(capsys, "--data-dir", str(tmp_path / "d"), "neighbours", str(roberta), word)
    assert code == 2, out
    assert f"{word} is a special token" in err


@pytest.mark.parametrize("command", ["fill", "lens"])
@pytest.mark.parametrize(
    "text, said",
    [
        ("the <MASK> sat .", "written <mask> (or [MASK]), not '<MASK>'. Ask it this way: 'the <mask> sat .'"),
        ("the [mask] sat .", "not '[mask]'"),
        ("the cat sat .", "Add <mask> (or [MASK]) where the model should guess a word"),
    ],
)
def test_a_missing_mask_is_said_in_the_models_own_spelling(roberta, tmp_path, capsys, command, text, said):
    """A RoBERTa user who wrote <MASK> was told "This model's mask is written [MASK]"."""
    code, out, err = _run(capsys, "--data-dir", str(tmp_path / "d"), command, str(roberta), text)
    assert code == 2, out
    assert said in err
