"""`mlmstudio attention MODEL "text" [--json | --png FILE]`: the engine's weights, a picture, plain refusals."""

import json
import shutil
import struct

import numpy as np
import pytest

from mlmstudio.cli import main
from mlmstudio.engine.inspect.attention import attend
from mlmstudio.engine.predict import Predictor

TINY = [
    "--tokenizer",
    "char",
    "--d-model",
    16,
    "--heads",
    2,
    "--layers",
    2,
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
TEXT = "the cat sat."


def run_cli(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def model_dir(char_model_dir):
    """The session's tiny character model (tests/cli/conftest.py); these tests only read it."""
    return char_model_dir


def test_json_holds_every_weight_and_rows_sum_to_one(capsys, model_dir):
    code, out, err = run_cli(capsys, "attention", model_dir, TEXT, "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["tokens"] == ["[CLS]", *TEXT, "[SEP]"]
    weights = np.asarray(data["weights"])
    T = len(TEXT) + 2
    assert weights.shape == (2, 2, T, T) == (data["layers"], data["heads"], T, T)
    assert np.allclose(weights.sum(-1), 1.0, atol=1e-6) and weights.min() >= 0
    expected = attend(Predictor.from_dir(model_dir), TEXT).weights
    assert np.allclose(weights, expected, atol=1e-7)


def test_summary_names_each_tokens_strongest_key_per_head(capsys, model_dir):
    code, out, _ = run_cli(capsys, "attention", model_dir, TEXT)
    assert code == 0
    lines = out.splitlines()
    assert "2 layers x 2 heads" in lines[0]
    header = next(line for line in lines if line.startswith("layer 1"))
    assert header.split()[2:] == ["head", "1", "head", "2", "average"]
    rows = lines[lines.index(header) + 1 : lines.index(header) + 1 + len(TEXT) + 2]
    result = attend(Predictor.from_dir(model_dir), TEXT)
    strongest = result.strongest(0, 0)
    for q, row in enumerate(rows):
        shown = row.split()[1]
        key = result.tokens[strongest[q]]
        assert shown == ("␣" if key == " " else key)


def test_png_is_the_grid_of_maps(capsys, model_dir, tmp_path):
    target = tmp_path / "attention.png"
    code, out, err = run_cli(capsys, "attention", model_dir, TEXT, "--png", target)
    assert code == 0, err
    assert "Saved the attention maps" in out and str(target) in out
    data = target.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert width > 3 * 14 * 14 and height > 2 * 14 * 14  # 2 layers x (2 heads + average), 14 tokens
    code, _, err = run_cli(capsys, "attention", model_dir, TEXT, "--png", target)
    assert code == 2 and "already exists" in err
    assert run_cli(capsys, "attention", model_dir, TEXT, "--png", target, "--overwrite")[0] == 0


def test_text_longer_than_the_model_reads_is_cut_with_a_note(capsys, model_dir):
    text = "the cat sat on the mat. " * 4
    code, out, err = run_cli(capsys, "attention", model_dir, text, "--json")
    assert code == 0
    data = json.loads(out)
    assert len(data["tokens"]) == 32 and data["truncated"] and data["text_tokens"] == len(text.strip())
    assert "only its first 30 tokens" in err and "Traceback" not in err


@pytest.mark.parametrize(
    "argv, fragment",
    [
        ([TEXT[:0]], "empty"),
        (["   "], "empty"),
        ([TEXT, "--png", "/no/such/folder/x.png"], "does not exist"),
        ([TEXT, "--png", "picture.jpg"], ".png"),
    ],
)
def test_bad_input_is_one_plain_line_and_exit_2(capsys, model_dir, argv, fragment):
    code, out, err = run_cli(capsys, "attention", model_dir, *argv)
    assert code == 2 and out == ""
    assert fragment in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_no_text_is_a_usage_error(capsys, model_dir):
    with pytest.raises(SystemExit) as exited:
        main(["attention", str(model_dir)])
    assert exited.value.code == 2
    assert "TEXT" in capsys.readouterr().err


def test_unknown_run_and_deleted_model_folder_are_plain_sentences(capsys, tmp_path):
    home = tmp_path / "home"
    code, out, err = run_cli(capsys, "--data-dir", home, "attention", "nosuchrun", TEXT)
    assert code == 2 and out == "" and "neither a model folder nor a run" in err

    assert main([str(a) for a in ("--data-dir", home, "train", "sample:tutorial", *TINY)]) == 0
    capsys.readouterr()
    code, out, err = run_cli(capsys, "--data-dir", home, "attention", "latest", TEXT, "--json")
    assert code == 0, err
    shutil.rmtree(home / "runs")
    code, out, err = run_cli(capsys, "--data-dir", home, "attention", "latest", TEXT)
    assert code == 2 and out == ""
    assert err.startswith("mlmstudio: ") and "Traceback" not in err
