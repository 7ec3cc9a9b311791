"""`mlmstudio runs ...` and `mlmstudio export-hf` as a user types them, and two processes at once."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from mlmstudio.cli import main
from mlmstudio.store import service
from mlmstudio.store.database import Database

# The store tests' helpers make recorded runs without training (tests/ is not a package).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from store_helpers import add_run, tiny_config  # noqa: E402

# model_files, data_dir and db come from conftest.py.


def cli(capsys, data_dir, *argv):
    code = main(["--data-dir", str(data_dir), *[str(a) for a in argv]])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def one_sentence_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mlmstudio: "), err
    return lines[0]


def test_list_show_and_filters(capsys, db, data_dir, model_files):
    code, out, _ = cli(capsys, data_dir, "runs", "list")
    assert code == 0 and out.strip() == "No runs."
    a = add_run(
        db,
        name="first run",
        model_files=model_files,
        tags=["baseline"],
        final_metrics={"val_loss": 2.25, "val_accuracy": 0.4},
    )
    b = add_run(db, name="second run", status="interrupted")
    code, out, _ = cli(capsys, data_dir, "runs", "list")
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[0].split()[:3] == ["ID", "NAME", "STATUS"]
    assert lines[1].startswith(b) and lines[2].startswith(a)
    assert "2.2500" in lines[2] and "baseline" in lines[2]

    code, out, _ = cli(capsys, data_dir, "runs", "list", "--status", "completed", "--json")
    listed = json.loads(out)
    assert [r["id"] for r in listed] == [a] and listed[0]["final_metrics"]["val_loss"] == 2.25
    code, out, _ = cli(capsys, data_dir, "runs", "list", "--tag", "baseline", "--json")
    assert [r["id"] for r in json.loads(out)] == [a]
    code, out, _ = cli(capsys, data_dir, "runs", "list", "--search", "SECOND", "--json")
    assert [r["id"] for r in json.loads(out)] == [b]
    code, out, _ = cli(capsys, data_dir, "runs", "list", "--sort", "val_loss", "--json")
    assert [r["id"] for r in json.loads(out)] == [a, b]
    code, _, err = cli(capsys, data_dir, "runs", "list", "--status", "sleeping")
    assert code == 2 and "Unknown status sleeping" in one_sentence_error(err)

    code, out, _ = cli(capsys, data_dir, "runs", "show", a[:6])
    assert code == 0 and a in out and "first run" in out and "completed" in out
    code, out, _ = cli(capsys, data_dir, "runs", "show", "first run", "--json")
    shown = json.loads(out)
    assert shown["id"] == a and shown["config"]["model"]["arch"] == "seed" and shown["files_ok"]
    assert shown["corpus_record"]["source"] == "sample:tutorial"


def test_data_dir_after_the_command_works_too(capsys, db, data_dir):
    run_id = add_run(db)
    code = main(["runs", "list", "--json", "--data-dir", str(data_dir)])
    out, _ = capsys.readouterr()
    assert code == 0 and [r["id"] for r in json.loads(out)] == [run_id]


def test_missing_files_are_shown_not_crashed_on(capsys, db, data_dir, model_files):
    run_id = add_run(db, model_files=model_files)
    (db.runs_dir / run_id / "model.safetensors").unlink()
    code, out, _ = cli(capsys, data_dir, "runs", "list")
    assert code == 0 and "files missing" in out
    code, out, _ = cli(capsys, data_dir, "runs", "show", run_id)
    assert code == 0 and "files missing" in out and "model.safetensors" in out
    code, _, err = cli(capsys, data_dir, "runs", "export", run_id, data_dir.parent / "x.mlmrun")
    assert code == 2 and "no trained model" in one_sentence_error(err)


def test_rename_note_tag(capsys, db, data_dir):
    run_id = add_run(db, name="before")
    assert cli(capsys, data_dir, "runs", "rename", run_id, "after")[0] == 0
    assert cli(capsys, data_dir, "runs", "note", "after", "first line")[0] == 0
    assert cli(capsys, data_dir, "runs", "note", run_id, "second line", "--append")[0] == 0
    code, out, _ = cli(capsys, data_dir, "runs", "tag", run_id, "sweep", "lr-high")
    assert code == 0 and "lr-high, sweep" in out
    code, out, _ = cli(capsys, data_dir, "runs", "tag", run_id, "sweep", "--remove", "--json")
    assert json.loads(out)["tags"] == ["lr-high"]
    s = service.get_run(db, run_id).summary
    assert (s.name, s.notes, s.tags) == ("after", "first line\nsecond line", ("lr-high",))
    code, _, err = cli(capsys, data_dir, "runs", "rename", "nonexistent", "x")
    assert code == 2 and "No run matches 'nonexistent'" in one_sentence_error(err)


def test_delete_asks_for_confirmation(capsys, db, data_dir, model_files, monkeypatch):
    keep = add_run(db, model_files=model_files)
    gone = add_run(db, model_files=model_files)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False)
    code, _, err = cli(capsys, data_dir, "runs", "delete", gone)
    assert code == 2 and "--yes" in one_sentence_error(err)
    assert (db.runs_dir / gone).is_dir()
    code, _, err = cli(capsys, data_dir, "runs", "delete", gone, "nonexistent", "--yes")
    assert code == 2 and (db.runs_dir / gone).is_dir()  # all must exist before any goes
    code, out, _ = cli(capsys, data_dir, "runs", "delete", gone, "--yes", "--json")
    assert code == 0 and json.loads(out) == {"deleted": [gone]}
    assert not (db.runs_dir / gone).exists()
    assert [r.id for r in service.list_runs(db)] == [keep]


def test_export_import_round_trip_and_refusal(capsys, db, data_dir, model_files, tmp_path):
    run_id = add_run(db, name="portable", model_files=model_files, steps=20, tags=["t"])
    code, out, _ = cli(capsys, data_dir, "runs", "export", run_id, tmp_path / "portable")
    assert code == 0 and "portable.mlmrun" in out
    other = tmp_path / "other"
    code, out, _ = cli(capsys, other, "runs", "import", tmp_path / "portable.mlmrun", "--json")
    assert code == 0
    imported = json.loads(out)
    assert imported["name"] == "portable" and imported["tags"] == ["t"] and imported["has_model"]

    (tmp_path / "broken.mlmrun").write_bytes((tmp_path / "portable.mlmrun").read_bytes()[:500])
    code, _, err = cli(capsys, other, "runs", "import", tmp_path / "broken.mlmrun")
    assert code == 2 and "damaged or truncated" in one_sentence_error(err)
    code, _, err = cli(capsys, other, "runs", "import", tmp_path / "absent.mlmrun")
    assert code == 2 and "does not exist" in one_sentence_error(err)
    code, out, _ = cli(capsys, other, "runs", "list", "--json")
    assert len(json.loads(out)) == 1


def test_compare(capsys, db, data_dir, tmp_path):
    base = tiny_config()
    a = add_run(
        db, name="narrow", steps=30, val_every=10, final_metrics={"val_loss": 3.0, "val_accuracy": 0.2}
    )
    b = add_run(
        db,
        name="wide",
        config=replace(base, model=replace(base.model, d_model=64)),
        steps=20,
        val_every=5,
        final_metrics={"val_loss": 2.0, "val_accuracy": 0.3},
    )
    code, out, _ = cli(capsys, data_dir, "runs", "compare", a, b)
    assert code == 0
    rows = {line.split()[0]: line.split()[1:] for line in out.strip().splitlines()[1:] if line.strip()}
    assert rows["model.d_model"] == ["32", "64"]
    assert rows["val_loss"] == ["3.0000", "2.0000"]
    assert "training.lr" not in rows  # only what differs

    code, out, _ = cli(capsys, data_dir, "runs", "compare", a, b, "--json", "--csv", tmp_path / "c.csv")
    result = json.loads(out)
    assert result["differences"] == [{"field": "model.d_model", "values": {a: 32, b: 64}}]
    assert result["ranking_by_val_loss"] == [b, a]
    table = list(csv.reader((tmp_path / "c.csv").open()))
    assert table[0] == ["step", f"{a} narrow", f"{b} wide"]
    assert [row[0] for row in table[1:]] == ["5", "10", "15", "20", "30"]
    assert table[1][1] == "" and float(table[1][2]) == pytest.approx(6.0 / 5)

    code, _, _ = cli(
        capsys,
        data_dir,
        "runs",
        "compare",
        a,
        b,
        "--csv",
        tmp_path / "t.csv",
        "--by",
        "time",
        "--metric",
        "train_loss",
    )
    assert code == 0 and list(csv.reader((tmp_path / "t.csv").open()))[0][0] == "time"
    code, _, err = cli(capsys, data_dir, "runs", "compare", a)
    assert code == 2 and "at least two runs" in one_sentence_error(err)
    code, _, err = cli(capsys, data_dir, "runs", "compare", a, b, "--metric", "colour")
    assert code == 2 and "Unknown metric" in one_sentence_error(err)


def test_export_hf(capsys, db, data_dir, model_files, tmp_path):
    seed = add_run(db, model_files=model_files)
    code, out, _ = cli(capsys, data_dir, "export-hf", seed, tmp_path / "hf")
    assert code == 0 and "fill-mask" in out
    config = json.loads((tmp_path / "hf" / "config.json").read_text())
    assert config["architectures"] == ["BertForMaskedLM"]
    assert (tmp_path / "hf" / "model.safetensors").is_file()

    modern = tiny_config()
    modern = replace(modern, model=replace(modern.model, arch="modern", distance_bias=True))
    other = add_run(db, config=modern)
    code, _, err = cli(capsys, data_dir, "export-hf", other, tmp_path / "hf2")
    assert code == 2 and "distance bias" in one_sentence_error(err) and "--no-distance-bias" in err
    assert not (tmp_path / "hf2").exists()


# --- two processes at once ---------------------------------------------------------------------


def mlmstudio(data_dir: Path, *argv, **popen) -> subprocess.Popen:
    env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONUNBUFFERED="1")
    return subprocess.Popen(
        [sys.executable, "-m", "mlmstudio", "--data-dir", str(data_dir), *[str(a) for a in argv]],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **popen,
    )


TRAIN_ARGS = (
    "train",
    "sample:tutorial",
    "--tokenizer",
    "char",
    "--preset",
    "tiny",
    "--d-model",
    32,
    "--layers",
    1,
    "--heads",
    2,
    "--ffn",
    64,
    "--seq-len",
    32,
    "--batch-size",
    4,
    "--val-fraction",
    0.2,
    "--device",
    "cpu",
    "--precision",
    "fp32",
)


def wait_for(predicate, timeout: float, what: str):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def running_run(data_dir: Path, min_step: int = 1):
    """(run id, last step) of the run being trained, read without the store (no recovery)."""
    import sqlite3

    db_file = data_dir / "history.sqlite3"
    if not db_file.exists():
        return None
    try:
        with sqlite3.connect(db_file, timeout=30) as conn:
            row = conn.execute("SELECT id, last_step FROM runs WHERE status = 'running'").fetchone()
    except sqlite3.OperationalError:
        return None
    return row if row and row[1] >= min_step else None


@pytest.mark.slow
def test_a_runs_command_while_training_in_another_process(data_dir):
    trainer = mlmstudio(
        data_dir, *TRAIN_ARGS, "--steps", 100_000, "--eval-every", 20, "--checkpoint-every", 50, "--json"
    )
    try:
        run_id, _ = wait_for(lambda: running_run(data_dir, min_step=5), 120, "training to start")
        # A second process: many writes while the first one records a batch every second.
        for i in range(2):
            for argv in (
                ("runs", "rename", run_id, f"renamed {i}"),
                ("runs", "note", run_id, f"note {i}", "--append"),
                ("runs", "tag", run_id, f"tag{i}"),
                ("runs", "list", "--json"),
            ):
                proc = mlmstudio(data_dir, *argv)
                out, err = proc.communicate(timeout=120)
                assert proc.returncode == 0, err
        script = (
            "import sys\nfrom mlmstudio.store.database import Database\n"
            "from mlmstudio.store import service\n"
            "db = Database.open(sys.argv[1])\n"
            "for i in range(100):\n"
            "    service.set_notes(db, sys.argv[2], f'burst {i}', append=True)\n"
            "    service.load_curves(db, sys.argv[2])\n"
        )
        burst = subprocess.run(
            [sys.executable, "-c", script, str(data_dir), run_id], capture_output=True, text=True, timeout=300
        )
        assert burst.returncode == 0, burst.stderr
        assert running_run(data_dir), "training must still be running after the runs commands"
    finally:
        trainer.send_signal(signal.SIGINT)  # a cooperative stop: checkpoint, then 'stopped'
        out, err = trainer.communicate(timeout=180)
    assert trainer.returncode == 128 + signal.SIGINT, err  # 130: what a shell reports after Ctrl+C
    assert json.loads(out)["status"] == "stopped"
    db = Database.open(data_dir)
    summary = service.get_run(db, run_id).summary
    assert summary.status == "stopped" and summary.name == "renamed 1"
    assert summary.tags == ("tag0", "tag1")
    assert summary.notes.splitlines()[:2] == ["note 0", "note 1"]
    assert summary.notes.splitlines()[-1] == "burst 99"
    loss = service.load_curve(db, run_id, "train", "loss")
    assert loss.steps.tolist() == list(range(1, summary.last_step + 1))
