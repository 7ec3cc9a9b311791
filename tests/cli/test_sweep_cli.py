"""``mlmstudio sweep``: bad input is a sentence and exit 2; a tiny sweep prints its trials table."""

from __future__ import annotations

import json

import pytest

from mlmstudio.cli import main
from mlmstudio.store import service
from mlmstudio.store.database import Database

TINY = [
    "--tokenizer",
    "char",
    "--vocab-size",
    "200",
    "--d-model",
    "32",
    "--layers",
    "1",
    "--heads",
    "2",
    "--ffn",
    "64",
    "--max-len",
    "64",
    "--batch-size",
    "8",
    "--seq-len",
    "32",
    "--eval-every",
    "4",
    "--eval-batches",
    "1",
    "--steps",
    "8",
    "--precision",
    "fp32",
    "--device",
    "cpu",
    "--checkpoint-every",
    "0",
]


@pytest.mark.parametrize(
    "args, words",
    [
        (["sample:facts", "--param", "colour=1:2"], "'colour' is not a run setting"),
        (["sample:facts", "--param", "lr=3e-3:1e-4"], "is empty"),
        (["sample:facts", "--param", "layers=3"], "only one choice"),
        (["sample:facts"], "at least one setting"),
        (["sample:facts", "--param", "lr=1e-4:1e-3", "--budget", "soon"], "not a duration"),
        (["sample:facts", "--param", "lr=1e-4:1e-3", "--time-budget", "5"], "drop --time-budget"),
        (["sample:facts", "--preset", "recipe", "--param", "lr=1e-4:1e-3"], "drop --param"),
        (["--resume", "nothing-here"], "no sweep named 'nothing-here'"),
        (["--resume", "x", "--budget", "5m"], "drop --budget"),
        (["--resume", "x", "--trials", "3"], "drop --trials"),
        (["sample:facts", "--param", "lr=1e-4:1e-3", "--trials", "0"], "--trials must be at least 1"),
        ([], "Give the corpus"),
        # A choice no trial could train with is refused before the first trial (it used to run
        # every trial as a failure and exit 0); a possible one beside it is named as fine.
        (
            ["sample:facts", "--param", "heads=3,5", "--d-model", "32"],
            "No trial could train with heads=3, heads=5",
        ),
        (["sample:facts", "--param", "heads=2,3", "--d-model", "32"], "with heads=3 (heads=2,3)"),
    ],
)
def test_bad_input_is_refused_with_a_sentence(args, words, data_dir, capsys):
    """Guards each refusal of ``mlmstudio sweep``: exit 2, its sentence, no run recorded (a --trials 0
    would otherwise fall back to the default count silently)."""
    assert main(["--data-dir", str(data_dir), "sweep", *args]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert service.list_runs(Database.open(data_dir)) == []  # nothing recorded


def test_resuming_on_another_corpus_is_refused(data_dir, capsys):
    """Guards ``--resume``'s corpus check: a sweep's trials are compared on one text, so resuming it
    on another is refused before any trial runs."""
    from mlmstudio.engine.corpus import load_corpus
    from mlmstudio.sweep import runner
    from mlmstudio.sweep.space import parse_params

    from tiny_configs import tiny_config

    db = Database.open(data_dir)
    base = tiny_config(steps=4, eval_every=4, eval_batches=1)
    spec = runner.new_spec("facts-lr", load_corpus("sample:facts"), base, parse_params(["lr=1e-4:1e-3"]), 60)
    runner.create_sweep(db, spec)
    assert main(["--data-dir", str(data_dir), "sweep", "sample:tutorial", "--resume", "facts-lr"]) == 2
    err = capsys.readouterr().err
    assert "trains on sample:facts, not sample:tutorial" in err and "Traceback" not in err
    assert service.list_runs(db) == []


@pytest.mark.slow
def test_a_tiny_sweep_prints_its_trials_and_resumes(data_dir, capsys):
    args = [
        "--data-dir",
        str(data_dir),
        "sweep",
        "sample:facts",
        "--param",
        "lr=1e-4:3e-3:log",
        "--param",
        "layers=1,2",
        "--budget",
        "10m",
        "--trials",
        "2",
        "--no-prune",
        "--name",
        "cli",
        "--json",
        *TINY,
    ]
    assert main(args) == 0
    table = json.loads(capsys.readouterr().out)
    assert table["sweep"] == "cli" and len(table["trials"]) == 2
    assert {t["outcome"] for t in table["trials"]} == {"completed"}
    assert table["best_run"] == min(table["trials"], key=lambda t: t["val_loss"])["run_id"]
    runs = service.list_runs(Database.open(data_dir), tag="sweep:cli")
    assert {r.id for r in runs} == {t["run_id"] for t in table["trials"]}
    # Resuming a finished sweep trains nothing more and says which run is best.
    assert main(["--data-dir", str(data_dir), "sweep", "--resume", "cli"]) == 0
    out = capsys.readouterr().out
    assert f"Best run: {table['best_run']}" in out and "2 trials (2 completed, 0 pruned)" in out


def test_a_choice_that_fits_only_beside_another_settings_choice_is_allowed():
    from mlmstudio.config import RunConfig
    from mlmstudio.sweep.space import parse_params

    # 3 heads divide a width of 48, one of the widths swept with them.
    assert len(parse_params(["heads=3,4", "d-model=32,48"], RunConfig())) == 2


@pytest.mark.slow
def test_a_sweep_whose_every_trial_fails_exits_1(data_dir, capsys, monkeypatch):
    from mlmstudio.engine.errors import TrainingError
    from mlmstudio.engine.trainer import Trainer

    def fail(self, batch):
        raise TrainingError("An injected failure in every step.")

    monkeypatch.setattr(Trainer, "_train_step", fail)
    args = ["--data-dir", str(data_dir), "sweep", "sample:facts", "--param", "layers=1,2"]
    code = main([*args, "--budget", "10m", "--trials", "2", "--no-prune", "--name", "fails", *TINY])
    captured = capsys.readouterr()
    assert code == 1, captured.err
    assert "No trial completed" in captured.out and "Traceback" not in captured.err


def test_the_sweep_exit_code_says_what_happened():
    from types import SimpleNamespace

    from mlmstudio.cli.interrupt import Interruption
    from mlmstudio.cli.sweep_command import sweep_exit_code

    found, nothing = SimpleNamespace(best=object()), SimpleNamespace(best=None)
    assert sweep_exit_code(found, Interruption()) == 0
    assert sweep_exit_code(nothing, Interruption()) == 1
    assert sweep_exit_code(found, Interruption(signum=2)) == 130  # Ctrl+C, even after a good trial
    assert sweep_exit_code(nothing, Interruption(signum=15)) == 143


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[:-7],  # a kill or a full disk mid-append
        lambda data: data + b"\xff\xfegarbage\n",  # bytes that are not UTF-8
        lambda data: data[:-10] + b"\x00" + data[-9:],  # a byte overwritten in the last record
    ],
)
def test_a_damaged_journal_is_named_and_repaired(damage, data_dir, capsys):
    import optuna

    from mlmstudio.sweep import journals, runner, study

    db = Database.open(data_dir)
    for name in ("kept", "other"):
        spec = study.SweepSpec(name, "sample:facts", "0" * 64, "{}", (), 60.0, 3, False)
        created = runner.create_sweep(db, spec)
        for value in (1.0, 2.0):
            created.tell(created.ask(), value)
    path = journals.journal_path(data_dir, "kept")
    path.write_bytes(damage(path.read_bytes()))
    # Resuming it names the file, the line and the repair, with no traceback.
    code = main(["--data-dir", str(data_dir), "sweep", "--resume", "kept"])
    err = capsys.readouterr().err
    assert code == 1 and f"its journal {path} is damaged at line" in err, err
    assert "'mlmstudio sweep --repair kept' keeps the" in err and "Traceback" not in err
    # The listing shows the other sweep, and marks this one with the same sentence.
    assert main(["--data-dir", str(data_dir), "sweep", "--list"]) == 0
    out = capsys.readouterr().out
    assert "kept: DAMAGED. Sweep 'kept' cannot be read" in out and "other: sample:facts, 2 trials" in out, out
    assert main(["--data-dir", str(data_dir), "sweep", "--list", "--json"]) == 0
    listed = {row["sweep"]: row for row in json.loads(capsys.readouterr().out)}
    assert listed["kept"]["damaged"] and listed["other"]["damaged"] is None and listed["other"]["trials"] == 2
    assert main(["--data-dir", str(data_dir), "sweep", "--repair", "kept"]) == 0
    assert "Repaired the journal of sweep 'kept'" in capsys.readouterr().out
    assert [p.name for p in path.parent.iterdir() if ".damaged-" in p.name]  # the damaged file is kept
    repaired = optuna.load_study(study_name="kept", storage=journals.open_journal(path))
    assert len(repaired.trials) >= 1  # what was told before the damage survives
    assert main(["--data-dir", str(data_dir), "sweep", "--repair"]) == 0
    assert "nothing to repair" in capsys.readouterr().out


def test_a_new_sweep_starts_beside_a_damaged_one(data_dir, capsys):
    from mlmstudio.sweep import journals, runner, study

    db = Database.open(data_dir)
    runner.create_sweep(db, study.SweepSpec("hurt", "sample:facts", "0" * 64, "{}", (), 60.0, 3, False))
    path = journals.journal_path(data_dir, "hurt")
    path.write_bytes(path.read_bytes()[:-7])
    argv = ["sample:facts", "--param", "lr=1e-4:1e-3", "--budget", "20s", "--trials", "1", "--name", "new"]
    code = main(["--data-dir", str(data_dir), "sweep", *argv, *TINY, "--json"])
    assert code == 0, capsys.readouterr().err
    assert json.loads(capsys.readouterr().out)["trials"][0]["outcome"] == "completed"
    assert study.sweep_names(db) == ["new"]
