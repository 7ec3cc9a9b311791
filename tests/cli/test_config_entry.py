"""Hostile settings through every CLI door: flags, --config files, lone flags. Refused before anything is recorded."""

import json
import math

import pytest

from mlmstudio.cli import main


@pytest.fixture
def home(_isolated_data_dir):
    return _isolated_data_dir


def run_cli(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def assert_nothing_recorded(home):
    """No history, no run folder, no tokenizer: the refusal came first."""
    assert not (home / "history.sqlite3").exists()
    assert not any((home / "runs").glob("*")) if (home / "runs").exists() else True


@pytest.mark.parametrize(
    "flags, fragment",
    [
        (["--weight-decay", "nan"], "training.weight_decay"),
        (["--time-budget", "nan"], "training.time_budget"),
        (["--lr", "inf"], "training.lr"),
        (["--dropout=-inf"], "model.dropout"),
        (["--mlm-probability", "nan"], "masking.mlm_probability"),
        (["--val-fraction", "nan"], "corpus.val_fraction"),
        (["--d-model", "1", "--heads", "1"], "model.d_model"),
        (["--d-model", str(10**9)], "model.d_model"),
        (["--layers", "100000"], "model.num_layers"),
        (["--batch-size", str(2**40)], "training.batch_size"),
        (["--seed", str(2**40)], "training.seed"),
        (["--seed", "-1"], "training.seed"),
        (["--vocab-size", str(10**12)], "tokenizer.vocab_size"),
        (["--steps", str(10**30)], "training.steps"),
    ],
)
def test_train_refuses_bad_flags_before_recording(capsys, home, tmp_path, flags, fragment):
    code, _, err = run_cli(capsys, "train", "sample:facts", *flags, "--out", tmp_path / "m")
    assert code == 2 and fragment in err
    assert_nothing_recorded(home)
    assert not (tmp_path / "m").exists()


@pytest.mark.parametrize(
    "config, fragment",
    [
        ('{"training": {"weight_decay": NaN}}', "finite"),
        ('{"training": {"time_budget": Infinity}}', "finite"),
        ('{"model": {"d_model": 100000000, "num_heads": 1}}', "model.d_model"),
        ('{"training": {"seed": 18446744073709551616}}', "training.seed"),
        ('{"training": {"batch_size": 1e12}}', "training.batch_size"),
        ("[" * 100_000 + "]" * 100_000, "nested"),
        ('{"training": {"steps": ' + "9" * 5000 + "}}", "not usable JSON"),
    ],
)
@pytest.mark.parametrize("command", ["train", "params", "masking"])
def test_config_files_are_bounded_for_every_command(capsys, home, tmp_path, config, fragment, command):
    path = tmp_path / "run.json"
    path.write_text(config)
    argv = [command] + (["sample:facts"] if command != "params" else []) + ["--config", path]
    code, _, err = run_cli(capsys, *argv)
    assert code == 2 and fragment in err, err
    assert_nothing_recorded(home)


@pytest.mark.parametrize("command", ["train", "params", "masking"])
def test_an_endless_config_file_is_not_read_to_the_end(capsys, home, command):
    argv = [command] + (["sample:facts"] if command != "params" else []) + ["--config", "/dev/urandom"]
    code, _, err = run_cli(capsys, *argv)
    assert code == 2 and "larger than 1 MB" in err
    assert_nothing_recorded(home)


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["params", "--vocab-size", "-5"], "tokenizer.vocab_size"),
        (["params", "--batch-size", "0"], "training.batch_size"),
        (["params", "--seq-len", str(10**11)], "training.seq_len"),
        (["masking", "sample:facts", "--seq-len", "1"], "training.seq_len"),
        (["masking", "sample:facts", "--seed", "-1"], "training.seed"),
        (["masking", "sample:facts", "--max-tokens", "0"], "--max-tokens"),
    ],
)
def test_lone_flags_are_bounded_by_the_same_metadata(capsys, argv, fragment):
    code, _, err = run_cli(capsys, *argv)
    assert code == 2 and fragment in err


def test_a_model_too_big_for_this_computer_is_refused_before_recording(capsys, home, monkeypatch):
    from mlmstudio.engine import system_memory

    monkeypatch.setattr(system_memory, "available_memory_bytes", lambda: 64 * 2**20)
    code, _, err = run_cli(capsys, "train", "sample:facts", "--d-model", 1024, "--layers", 8, "--heads", 8)
    assert code == 2 and "needs about" in err and "is free" in err
    assert_nothing_recorded(home)


def test_save_config_writes_finite_json_and_refuses_to_replace(capsys, tmp_path):
    target = tmp_path / "run.json"
    code, _, _ = run_cli(capsys, "train", "sample:facts", "--steps", 5, "--save-config", target)
    assert code == 0
    data = json.loads(target.read_text())
    assert data["training"]["steps"] == 5 and all(
        math.isfinite(v)
        for section in data.values()
        if isinstance(section, dict)
        for v in section.values()
        if isinstance(v, float)
    )
    assert data["config_version"] == 2
    code, _, err = run_cli(capsys, "train", "sample:facts", "--steps", 6, "--save-config", target)
    assert code == 2 and "already exists" in err and "--overwrite" in err
    assert json.loads(target.read_text())["training"]["steps"] == 5
    code, _, _ = run_cli(
        capsys, "train", "sample:facts", "--steps", 6, "--save-config", target, "--overwrite"
    )
    assert code == 0 and json.loads(target.read_text())["training"]["steps"] == 6
