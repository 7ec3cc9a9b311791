"""`mlmstudio train | fill | params | masking` as a user types them."""

import json
import math
import subprocess
import sys

import pytest

from mlmstudio.cli import main


def run_cli(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_params_of_the_tutorial_model_is_686952(capsys):
    code, out, _ = run_cli(
        capsys,
        "params",
        "--arch",
        "seed",
        "--d-model",
        128,
        "--heads",
        4,
        "--layers",
        2,
        "--ffn",
        512,
        "--max-len",
        128,
        "--vocab-size",
        1000,
        "--json",
    )
    assert code == 0
    result = json.loads(out)
    assert result["params"] == 686_952
    assert result["training_memory_bytes"] > 4 * 686_952 * 4  # weights, grads, two Adam moments


@pytest.mark.slow
def test_tutorial_experiment_is_reproduced(capsys, tutorial_corpus_path, tmp_path):
    """The tutorial's TinyMLM on its five-line corpus: loss from ~ln(V) to ~2.7 (it reported 2.655)."""
    code, out, _ = run_cli(
        capsys,
        "train",
        tutorial_corpus_path,
        "--tokenizer",
        "char",
        "--arch",
        "seed",
        "--d-model",
        64,
        "--heads",
        4,
        "--layers",
        2,
        "--ffn",
        256,
        "--max-len",
        32,
        "--dropout",
        0.1,
        "--steps",
        500,
        "--batch-size",
        8,
        "--seq-len",
        32,
        "--lr",
        1e-3,
        "--warmup",
        0,
        "--schedule",
        "constant",
        "--mlm-probability",
        0.15,
        "--eval-every",
        100,
        "--precision",
        "fp32",
        "--no-record",
        "--out",
        tmp_path / "m",
        "--json",
    )
    assert code == 0
    s = json.loads(out)
    assert s["steps"] == 500
    assert abs(s["initial_loss"] - s["baseline_loss"]) < 0.35
    assert 2.2 < s["final_loss"] < 3.1, s


@pytest.mark.slow
def test_tiny_preset_and_default_recipe_beat_the_tutorial(capsys, tutorial_corpus_path, tmp_path):
    """Within 60 s the default recipe fills "The [MASK]uick [MASK]rown fox" with q and b."""
    code, out, _ = run_cli(
        capsys,
        "train",
        tutorial_corpus_path,
        "--tokenizer",
        "char",
        "--preset",
        "tiny",
        "--seq-len",
        32,
        "--time-budget",
        60,
        "--steps",
        600,
        "--no-record",
        "--out",
        tmp_path / "m",
        "--json",
    )
    assert code == 0
    summary = json.loads(out)
    assert summary["wall_seconds"] <= 61
    code, out, _ = run_cli(capsys, "fill", tmp_path / "m", "The [MASK]uick [MASK]rown fox", "--json")
    assert code == 0
    masks = json.loads(out)["masks"]
    assert [m[0]["token_str"] for m in masks] == ["q", "b"]


@pytest.mark.slow  # trains for more than a second
def test_train_json_has_every_documented_key(capsys, tmp_path):
    code, out, _ = run_cli(
        capsys,
        "train",
        "sample:facts",
        "--tokenizer",
        "char",
        "--d-model",
        32,
        "--heads",
        2,
        "--layers",
        1,
        "--ffn",
        64,
        "--steps",
        12,
        "--batch-size",
        4,
        "--seq-len",
        32,
        "--eval-every",
        6,
        "--no-record",
        "--out",
        tmp_path / "m",
        "--json",
    )
    assert code == 0
    s = json.loads(out)
    for key in (
        "status",
        "steps",
        "params",
        "vocab_size",
        "baseline_loss",
        "initial_loss",
        "final_loss",
        "val_loss",
        "val_accuracy",
        "perplexity",
        "tokens_per_second",
        "wall_seconds",
        "model_dir",
    ):
        assert key in s and s[key] is not None, key
    assert s["status"] == "completed" and s["steps"] == 12
    assert s["baseline_loss"] == pytest.approx(math.log(s["vocab_size"]))
    assert (tmp_path / "m" / "model.safetensors").is_file()

    code, out, _ = run_cli(capsys, "fill", tmp_path / "m", "The capital of [MASK]", "--top-k", 3, "--json")
    assert code == 0
    predictions = json.loads(out)["masks"][0]
    assert len(predictions) == 3
    assert {"score", "token", "token_str", "sequence"} <= set(predictions[0])
    assert predictions[0]["score"] >= predictions[1]["score"] >= predictions[2]["score"]


def test_config_file_round_trip_and_flags_override_it(capsys, tmp_path):
    path = tmp_path / "run.json"
    code, _, _ = run_cli(
        capsys, "train", "sample:tutorial", "--preset", "tiny", "--steps", 77, "--save-config", path
    )
    assert code == 0
    saved = json.loads(path.read_text())
    assert saved["training"]["steps"] == 77 and saved["corpus"]["source"] == "sample:tutorial"
    code, _, _ = run_cli(
        capsys, "train", "--config", path, "--steps", 5, "--save-config", tmp_path / "again.json"
    )
    again = json.loads((tmp_path / "again.json").read_text())
    assert again["training"]["steps"] == 5 and again["model"]["d_model"] == saved["model"]["d_model"]


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["train", "/no/such/file.txt"], "does not exist"),
        (["train", "sample:facts", "--d-model", "130", "--heads", "4"], "divisible"),
        (
            ["train", "sample:facts", "--mask-replace-prob", "0.9", "--random-replace-prob", "0.2"],
            "more than 1",
        ),
        (["train", "sample:nonesuch"], "sample"),
        (["fill", "/no/such/model", "a [MASK]"], "neither a model folder nor a run"),
    ],
)
def test_bad_input_is_one_plain_sentence_and_a_nonzero_exit(argv, fragment, tmp_path):
    env_cmd = [sys.executable, "-m", "mlmstudio", "--data-dir", str(tmp_path / "home"), *argv]
    result = subprocess.run(env_cmd, capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert fragment.lower() in result.stderr.lower(), result.stderr
    assert len(result.stderr.strip().splitlines()) <= 3


def test_binary_corpus_is_refused(capsys, tmp_path):
    path = tmp_path / "blob.txt"
    path.write_bytes(bytes(range(256)) * 40)
    code, _, err = run_cli(capsys, "train", path, "--no-record")
    assert code == 2 and "binary" in err.lower()


def test_fill_without_mask_is_refused(capsys, tmp_path):
    run_cli(
        capsys,
        "train",
        "sample:tutorial",
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
        "--batch-size",
        2,
        "--no-record",
        "--out",
        tmp_path / "m",
    )
    code, _, err = run_cli(capsys, "fill", tmp_path / "m", "no blank here")
    assert code == 2 and "[MASK]" in err
    for spelling, extra in (("<mask>", ()), ("[mask]", ("--targets", "mat")), ("[Mask]", ("--iterative",))):
        code, out, err = run_cli(capsys, "fill", tmp_path / "m", f"The cat sat on the {spelling}.", *extra)
        assert code == 2 and out == ""
        assert err.startswith("mlmstudio: This model's mask is written [MASK]")
        assert f"'{spelling}'" in err and "'The cat sat on the [MASK].'" in err
        assert "Traceback" not in err


@pytest.mark.parametrize("strategy", ["token", "whole-word", "span"])
def test_masking_command_measures_the_configured_rates(capsys, strategy):
    code, out, _ = run_cli(
        capsys,
        "masking",
        "sample:pydoc",
        "--tokenizer",
        "wordpiece",
        "--vocab-size",
        2000,
        "--masking",
        strategy,
        "--mlm-probability",
        0.2,
        "--max-tokens",
        120_000,
        "--json",
    )
    assert code == 0
    r = json.loads(out)
    assert r["tokens"] >= 100_000
    assert r["selected_fraction"] == pytest.approx(0.2, abs=0.01)
    assert r["mask_fraction_of_selected"] == pytest.approx(0.8, abs=0.01)
    assert r["random_fraction_of_selected"] == pytest.approx(0.1, abs=0.01)
    assert r["special_tokens_selected"] == 0
    assert "before" in r["example"] and "after" in r["example"]
    if strategy == "span":
        assert r["mean_span_length"] > 1.5


def test_quick_start_flag_takes_the_apps_recipe_and_flags_still_apply(capsys, tmp_path):
    from mlmstudio.config import quick_start_config

    saved = tmp_path / "quick.json"
    code, _, err = run_cli(
        capsys, "train", "sample:facts", "--quick-start", "--time-budget", 30, "--save-config", saved
    )
    assert code == 0, err
    config = json.loads(saved.read_text())
    recipe = quick_start_config("facts").to_dict()
    assert config["tokenizer"] == recipe["tokenizer"] and config["model"] == recipe["model"]
    assert config["training"]["time_budget"] == 30 and config["training"]["lr"] == recipe["training"]["lr"]

    prose = tmp_path / "prose.json"
    code, _, err = run_cli(
        capsys, "train", "sample:pydoc", "--quick-start", "--arch", "seed", "--save-config", prose
    )
    assert code == 0, err
    config = json.loads(prose.read_text())
    assert config["corpus"]["source"] == "sample:pydoc" and config["model"]["arch"] == "seed"
    assert config["tokenizer"]["kind"] == "wordpiece"

    code, _, err = run_cli(capsys, "train", "--quick-start", "--config", saved, "--no-record")
    assert code == 2 and "either --quick-start or --config" in err
