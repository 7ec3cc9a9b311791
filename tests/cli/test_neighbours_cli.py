"""`mlmstudio neighbours MODEL WORD`: the engine's neighbours, as text or JSON, and plain refusals."""

import json

import pytest

from mlmstudio.cli import main
from mlmstudio.engine.inspect.embeddings import nearest_tokens
from mlmstudio.engine.predict import Predictor


def run_cli(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def model_dir(char_model_dir):
    """The session's tiny character model (tests/cli/conftest.py); these tests only read it."""
    return char_model_dir


def test_json_has_the_engine_neighbours_and_the_map(capsys, model_dir):
    code, out, err = run_cli(capsys, "neighbours", model_dir, "e", "-k", 4, "--map", 12, "--json")
    assert code == 0, err
    data = json.loads(out)
    expected = nearest_tokens(Predictor.from_dir(model_dir), "e", 4)
    got = data["neighbours"]["neighbours"]
    assert [n["token_id"] for n in got] == [n.token_id for n in expected.neighbours]
    assert [n["similarity"] for n in got] == pytest.approx([n.similarity for n in expected.neighbours])
    assert len(data["map"]["xy"]) == 12 and data["map"]["explained"][0] >= data["map"]["explained"][1]


def test_text_lists_ranked_neighbours(capsys, model_dir):
    code, out, _ = run_cli(capsys, "neighbours", model_dir, "t", "-k", 3)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Nearest tokens to 't'")
    assert [line.split()[0] for line in lines[-3:]] == ["1", "2", "3"]


@pytest.mark.parametrize(
    "word, extra, fragment",
    [
        ("", [], "Type a word"),
        ("\u4e2d", [], "not in this model's vocabulary"),
        ("e", ["-k", "0"], "1 to 200"),
        ("e", ["--map", "2", "--json"], "3 to 5000"),
    ],
)
def test_bad_input_is_a_sentence(capsys, model_dir, word, extra, fragment):
    code, out, err = run_cli(capsys, "neighbours", model_dir, word, *extra)
    assert code != 0 and fragment in err and "Traceback" not in err and out == ""


def test_a_missing_run_is_a_sentence(capsys, tmp_path):
    code, _, err = run_cli(capsys, "neighbours", str(tmp_path / "gone"), "e")
    assert code != 0 and "neither a model folder nor a run" in err
