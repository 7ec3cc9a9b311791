"""`mlmstudio score MODEL "sentence" ...`: ranked sentences, the minimal-pair verdict, plain refusals."""

import json
import shutil

import pytest

from mlmstudio.cli import main
from mlmstudio.engine.inspect.scoring import score_sentence
from mlmstudio.engine.predict import Predictor

TINY = [
    "--tokenizer",
    "char",
    "--d-model",
    16,
    "--heads",
    2,
    "--layers",
    1,
    "--ffn",
    32,
    "--steps",
    2,
    "--seq-len",
    16,
    "--max-len",
    32,
    "--batch-size",
    2,
]


def run_cli(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def model_dir(char_model_dir):
    """The session's tiny character model (tests/cli/conftest.py); these tests only read it."""
    return char_model_dir


def test_json_ranks_sentences_with_the_engine_numbers(capsys, model_dir):
    sentences = ["the cat sat.", "tac eht tas.", "a dog ran."]
    code, out, err = run_cli(capsys, "score", model_dir, *sentences, "--per-token", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["metric"] == "word-l2r" and data["pair"] is None
    ranked = data["sentences"]
    assert [s["rank"] for s in ranked] == [1, 2, 3]
    assert [s["score"] for s in ranked] == sorted((s["score"] for s in ranked), reverse=True)
    predictor = Predictor.from_dir(model_dir)
    for entry in ranked:
        expected = score_sentence(predictor, entry["text"])
        assert entry["score"] == pytest.approx(expected.score, abs=1e-5)
        assert sum(t["log_prob"] for t in entry["tokens"]) == pytest.approx(entry["score"], abs=1e-4)


def test_two_sentences_get_the_minimal_pair_verdict(capsys, model_dir):
    code, out, _ = run_cli(capsys, "score", model_dir, "the cat sat.", "the cat sot.", "--json")
    assert code == 0
    pair = json.loads(out)["pair"]
    assert pair["preferred"] in ("a", "b")
    assert pair["difference"] == pytest.approx(pair["a"]["score"] - pair["b"]["score"])
    assert pair["deciding"]["kind"] == "differs" or abs(pair["deciding"]["difference"]) > 0
    code, out, _ = run_cli(capsys, "score", model_dir, "the cat sat.", "the cat sot.", "--per-token")
    assert code == 0
    assert "The model prefers" in out and "nats" in out and "costs the most" in out
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["rank", "PLL"]


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (
            [
                "",
            ],
            "empty",
        ),
        (["the cat", "  "], "sentence 2 is empty"),
        (["a", "b", "c", "--pair"], "exactly two"),
        (["the [MASK] sat"], "[mask]"),
    ],
)
def test_bad_sentences_are_one_plain_line(capsys, model_dir, argv, fragment):
    code, out, err = run_cli(capsys, "score", model_dir, *argv)
    assert code == 2 and out == ""
    assert fragment in err.lower() and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_unknown_run_and_deleted_run_folder_are_plain_sentences(capsys, tmp_path):
    home = tmp_path / "home"
    code, _, err = run_cli(capsys, "--data-dir", home, "score", "nosuchrun", "a sentence")
    assert code == 2 and "neither a model folder nor a run" in err

    assert main([str(a) for a in ("--data-dir", home, "train", "sample:tutorial", *TINY)]) == 0
    capsys.readouterr()
    code, out, err = run_cli(capsys, "--data-dir", home, "score", "latest", "the cat sat.", "--json")
    assert code == 0, err
    assert json.loads(out)["sentences"][0]["num_tokens"] == len("the cat sat.")
    shutil.rmtree(home / "runs")
    code, out, err = run_cli(capsys, "--data-dir", home, "score", "latest", "the cat sat.")
    assert code != 0 and out == ""
    assert "Traceback" not in err and err.startswith("mlmstudio: ")
