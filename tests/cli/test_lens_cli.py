"""`mlmstudio lens MODEL "text with [MASK]" [--json] [--temperature T]`: the engine's lens, plain refusals."""

import json

import numpy as np
import pytest

from mlmstudio.cli import main
from mlmstudio.engine.inspect.logit_lens import logit_lens
from mlmstudio.engine.predict import Predictor

TEXT = "the c[MASK]t sat."


def run_cli(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_rows_end_in_the_fill_answer(capsys, char_model_dir):
    code, out, err = run_cli(capsys, "lens", char_model_dir, TEXT, "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    predictor = Predictor.from_dir(char_model_dir)
    fill = predictor.fill_mask(TEXT, top_k=5).masks[0]
    stages = data["masks"][0]["stages"]
    assert [s["after"] for s in stages] == data["stages"] == ["embeddings", "layer 1", "layer 2"]
    last = stages[-1]["top"]
    assert [c["token_id"] for c in last] == [c["token"] for c in fill]
    np.testing.assert_allclose([c["probability"] for c in last], [c["score"] for c in fill], atol=1e-6)
    assert data["temperature"] == 1.0 and data["tokens"][data["masks"][0]["position"]] == "[MASK]"


def test_plain_table_and_temperature(capsys, char_model_dir):
    code, out, _ = run_cli(capsys, "lens", char_model_dir, TEXT, "--temperature", "0.5", "--top-k", "3")
    assert code == 0
    lines = out.splitlines()
    assert "2 layers" in lines[0] and "temperature 0.5" in lines[0]
    rows = [line for line in lines if line.startswith("after ")]
    assert [r.split()[1] for r in rows] == ["embeddings", "layer", "layer"]
    lens = logit_lens(Predictor.from_dir(char_model_dir), TEXT, top_k=3)
    best = lens.probabilities(0, 0.5)[-1, 0]
    assert f"{best:6.1%}".strip() in rows[-1]
    assert len(rows[-1].split("%")) == 4  # three guesses


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["the cat sat."], "[MASK]"),
        ([TEXT, "--temperature", "0"], "between 0.1 and 5"),
        ([TEXT, "--temperature", "nan"], "between 0.1 and 5"),
        ([TEXT, "--top-k", "0"], "at least 1"),
    ],
)
def test_bad_input_is_one_plain_line_and_exit_2(capsys, char_model_dir, argv, fragment):
    code, out, err = run_cli(capsys, "lens", char_model_dir, *argv)
    assert code == 2 and out == ""
    assert fragment in err and "Traceback" not in err


def test_an_unknown_run_is_a_sentence(capsys, tmp_path):
    code, out, err = run_cli(capsys, "--data-dir", tmp_path / "home", "lens", "nosuchrun", TEXT)
    assert code == 2 and out == "" and "neither a model folder nor a run" in err
