"""`mlmstudio timeline MODEL TEXT`: each kept checkpoint's guesses, as the Over training tab shows them."""

import json
import shutil

import pytest

from mlmstudio.cli import main
from mlmstudio.engine.kept_checkpoints import load_predictor_at

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
    20,
    "--seq-len",
    16,
    "--max-len",
    32,
    "--batch-size",
    2,
    "--keep-checkpoints",
    4,
]
TEXT = "the c[MASK]t sat."


def run_cli(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory):
    path = tmp_path_factory.mktemp("timeline") / "m"
    assert main([str(a) for a in ("train", "sample:tutorial", *TINY, "--no-record", "--out", path)]) == 0
    return path


def test_every_kept_step_is_asked(capsys, model_dir):
    code, out, err = run_cli(capsys, "timeline", model_dir, TEXT, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert [d["step"] for d in data] == [4, 8, 16, 20]
    expected = load_predictor_at(model_dir, 4).fill_mask(TEXT, top_k=3).masks
    assert [c["score"] for c in data[0]["masks"][0]] == pytest.approx([c["score"] for c in expected[0]])
    code, out, _ = run_cli(capsys, "timeline", model_dir, TEXT, "--step", 8)
    assert code == 0 and out.splitlines()[1].split()[0] == "8" and len(out.splitlines()) == 2


@pytest.mark.parametrize(
    "extra, fragment",
    [
        (["--step", "5"], "No checkpoint was kept at step 5. Kept: 4, 8, 16, 20."),
    ],
)
def test_bad_steps_are_sentences(capsys, model_dir, extra, fragment):
    code, out, err = run_cli(capsys, "timeline", model_dir, TEXT, *extra)
    assert code != 0 and fragment in err and "Traceback" not in err


def test_no_mask_and_no_kept_checkpoints_are_sentences(capsys, model_dir, tmp_path):
    code, _, err = run_cli(capsys, "timeline", model_dir, "no mask here")
    assert code != 0 and "[MASK]" in err and "Traceback" not in err
    bare = tmp_path / "bare"
    shutil.copytree(model_dir, bare)
    shutil.rmtree(bare / "kept-checkpoints")
    code, _, err = run_cli(capsys, "timeline", bare, TEXT)
    assert code != 0 and "kept no checkpoints" in err
