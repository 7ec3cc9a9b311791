"""Every shared file (cli/shared_stores.py's list), damaged in every way a kill, a full disk or a stray
program can: the operations that use it work or end with a sentence naming the file, never a
traceback; the other parts keep working; doctor names the damage and its fix; the repair works."""

from __future__ import annotations

import json
from pathlib import Path

import optuna
import pytest

from mlmstudio.cli import main
from mlmstudio.cli.shared_stores import SHARED_FILES, check_all
from mlmstudio.store.database import Database

from tiny_configs import tiny_config

BASE = tiny_config(steps=8)

DAMAGES = {
    "tail cut by 7 bytes": lambda path: path.write_bytes(path.read_bytes()[:-7]),
    "garbage appended": lambda path: path.write_bytes(path.read_bytes() + b"\xff\xfe\x00 garbage\n"),
    "replaced by non-UTF-8": lambda path: path.write_bytes(b"\xff\xfe caf\xe9 \x81\x00\n" * 4),
    "empty": lambda path: path.write_bytes(b""),
    "a folder": lambda path: (path.unlink(), path.mkdir()),
}


def run(data_dir: Path, *argv: str, capsys) -> tuple[int, str, str]:
    code = main(["--data-dir", str(data_dir), *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "Traceback" not in out, err
    return code, out, err


def names_the_file(code: int, err: str, path: Path) -> bool:
    """Worked, or said which file is at fault."""
    return code == 0 or str(path) in err


def _spec(name: str):
    from mlmstudio.sweep.space import parse_params
    from mlmstudio.sweep.study import SweepSpec

    # The corpus fingerprint matches no text: resuming stops before any training.
    params = tuple(parse_params(["lr=1e-4:1e-3:log"], BASE))
    return SweepSpec(name, "sample:facts", "0" * 64, BASE.to_json(), params, 60.0, 3, False)


def _told(sweep, losses=(3.0, 2.0)) -> None:
    for loss in losses:
        trial = sweep.ask({"lr": optuna.distributions.FloatDistribution(1e-4, 1e-3, log=True)})
        trial.set_user_attr("outcome", "completed")
        sweep.tell(trial, loss)


def _sweep(data_dir: Path, name: str) -> None:
    from mlmstudio.sweep import runner

    _told(runner.create_sweep(Database.open(data_dir), _spec(name)))


# --- one case per shared file: make it, use it after the damage, check the rest, repair ------------


def sweep_journal(data_dir, damage, capsys):
    from mlmstudio.sweep import journals, study

    _sweep(data_dir, "hurt")
    _sweep(data_dir, "kept")
    path = journals.journal_path(data_dir, "hurt")
    DAMAGES[damage](path)
    assert [f.path for f in check_all(data_dir)] == [path]  # every one of these is found
    code, _, err = run(data_dir, "sweep", "--resume", "hurt", capsys=capsys)
    assert code == 1 and str(path) in err and "sweep --repair hurt" in err, err
    code, out, _ = run(data_dir, "sweep", "--list", capsys=capsys)
    assert code == 0 and "hurt: DAMAGED." in out and "kept: sample:facts, 2 trials" in out, out
    assert run(data_dir, "sweep", "--repair", capsys=capsys)[0] == 0
    assert check_all(data_dir) == []
    assert len(study.load_study(Database.open(data_dir), "kept").trials) == 2


def old_sweep_journal(data_dir, damage, capsys):
    from mlmstudio.sweep import journals, study

    _sweep(data_dir, "kept")  # first: a sweep command would split the old journal
    path = journals.legacy_journal_path(data_dir)
    old = optuna.create_study(study_name="alpha", storage=journals.open_journal(path))
    old.set_user_attr("spec", _spec("alpha").to_json())
    _told(old)
    DAMAGES[damage](path)
    found = check_all(data_dir)
    assert [f.path for f in found] == ([] if damage == "empty" else [path])  # an empty one holds no sweep
    code, _, err = run(data_dir, "sweep", "--resume", "alpha", capsys=capsys)
    assert code != 0 and (str(path) in err or (damage == "empty" and "no sweep named 'alpha'" in err)), err
    code, out, _ = run(data_dir, "sweep", "--list", capsys=capsys)
    assert code == 0 and "kept: sample:facts, 2 trials" in out, out
    assert (str(path) in out) == (damage != "empty"), out  # marked, by name where its lines still say
    assert run(data_dir, "sweep", "--repair", capsys=capsys)[0] == 0
    assert check_all(data_dir) == []
    assert len(study.load_study(Database.open(data_dir), "kept").trials) == 2


def history(data_dir, damage, capsys):
    from mlmstudio.store import paths, queue

    db = Database.open(data_dir)
    queue.add_item(db, BASE)
    db.close()
    _sweep(data_dir, "kept")
    path = paths.database_path(data_dir)
    DAMAGES[damage](path)
    for argv in (("runs", "list"), ("queue", "list"), ("sweep", "--list")):
        code, _, err = run(data_dir, *argv, capsys=capsys)
        assert names_the_file(code, err, path), (argv, err)
    check_all(data_dir)  # the file itself is doctor's History line; its checks here must not raise
    code, _, err = run(data_dir, "runs", "rebuild-history", capsys=capsys)
    assert names_the_file(code, err, path), err
    code, _, err = run(data_dir, "runs", "list", capsys=capsys)
    assert code == 0, err
    # The sweeps' journals are not in the history: the sweep is still there.
    code, out, _ = run(data_dir, "sweep", "--list", capsys=capsys)
    assert code == 0 and "kept: sample:facts, 2 trials" in out, out


def settings(data_dir, damage, capsys, tmp_path):
    from PySide6.QtCore import QByteArray, QSettings

    from mlmstudio import settings_file
    from mlmstudio.gui import settings as app_settings

    app_settings.use_settings_dir(tmp_path / "settings")
    remembered = app_settings.AppSettings()
    remembered.set_geometry(QByteArray(b"\x01\x02geometry"))
    remembered.set_last_page(3)
    remembered.add_recent_corpus("sample:facts")
    remembered.set_last_config(BASE)
    remembered.set_step_time("shape-a", 0.25, "bf16")
    remembered.set_plot_options(0.5, "time", True)
    remembered.sync()
    del remembered
    app_settings._checked.clear()  # as a new process starts
    path = settings_file.settings_path()
    assert path is not None and path.is_file()
    DAMAGES[damage](path)
    found = check_all(data_dir)
    assert all(f.path == path for f in found) and (damage == "empty" or found or damage.startswith("tail"))
    # The app starts: every setting reads as a value of its type, damaged ones as their defaults.
    started = app_settings.AppSettings()
    note = started.damage_note()
    assert (note is not None) == bool(found), note
    if note:
        assert str(path) in note
    assert isinstance(started.last_page(), int) and isinstance(started.recent_corpora(), list)
    assert started.step_time("shape-a") in (None, (0.25, "bf16"))
    assert set(started.plot_options()) == {"smoothing", "x_axis", "log_y"}
    started.last_config()
    # It can remember again, and the file is sound from now on.
    started.set_last_page(5)
    started.sync()
    assert started._qs.status() == QSettings.Status.NoError
    assert QSettings(str(path), QSettings.Format.IniFormat).value("window/page") in (5, "5")
    assert check_all(data_dir) == []


def locks(data_dir, damage, capsys):
    from mlmstudio.store import queue, queue_runner

    db = Database.open(data_dir)
    queue.add_item(db, BASE)
    path = queue.item_dir(db, 1) / "owner.lock"
    path.parent.mkdir(parents=True)
    path.write_text("12345\n")  # as a process that was killed leaves it
    DAMAGES[damage](path)
    assert [f.path for f in check_all(data_dir)] == ([path] if damage == "a folder" else [])
    prepared = queue_runner.take_next(db)  # the item is claimed whatever stood there
    assert prepared is not None and prepared.item.id == 1
    prepared.claim.release()
    assert check_all(data_dir) == []
    code, out, _ = run(data_dir, "queue", "list", capsys=capsys)
    assert code == 0 and "running" in out, out


def step_time_cache(data_dir, damage, capsys):
    from mlmstudio.engine import calibration_cache

    calibration_cache.remember("shape-a", 0.25, "fp32")
    calibration_cache.remember("shape-b", 0.5, "fp32")
    path = calibration_cache.cache_path()
    DAMAGES[damage](path)
    found = check_all(data_dir)
    assert [f.path for f in found] == [path] and str(path) in found[0].what
    # A time-budgeted run starts: the damaged file costs a measurement, never the run.
    config = data_dir.parent / "tiny-run.json"
    config.write_text(BASE.to_json(), encoding="utf-8")
    argv = ("train", "sample:facts", "--config", str(config), "--steps", "3", "--time-budget", "30")
    code, out, err = run(data_dir, *argv, capsys=capsys)
    assert code == 0, err
    assert calibration_cache.file_problem(path) is None and len(calibration_cache._read()) == 1
    assert list(path.parent.glob("step_times.json.damaged-*"))
    assert check_all(data_dir) == []


CASES = {
    "step-time cache": step_time_cache,
    "locks": locks,
    "sweep journal": sweep_journal,
    "old shared sweep journal": old_sweep_journal,
    "history": history,
    "settings": settings,
}


def test_every_shared_file_has_a_case():
    assert sorted(CASES) == sorted(s.key for s in SHARED_FILES)


@pytest.mark.parametrize("damage", DAMAGES, ids=list(DAMAGES))
@pytest.mark.parametrize("key", [s.key for s in SHARED_FILES])
def test_a_damaged_shared_file_is_isolated_named_and_repaired(key, damage, data_dir, capsys, tmp_path):
    case = CASES[key]
    if key == "settings":
        case(data_dir, damage, capsys, tmp_path)
    else:
        case(data_dir, damage, capsys)


def test_doctor_reports_a_damaged_shared_file_with_its_fix(data_dir, capsys):
    from mlmstudio.sweep import journals

    _sweep(data_dir, "hurt")
    path = journals.journal_path(data_dir, "hurt")
    DAMAGES["garbage appended"](path)
    assert main(["--data-dir", str(data_dir), "doctor", "--json"]) in (0, 1)
    report = json.loads(capsys.readouterr().out)
    assert [entry["path"] for entry in report["shared_files"]] == [str(path)]
    problem = next(p for p in report["problems"] if str(path) in p["what"])
    assert problem["fix"] == "mlmstudio sweep --repair hurt" and problem["severity"] == "warning"
    assert main(["--data-dir", str(data_dir), "doctor"]) in (0, 1)
    text = capsys.readouterr().out
    assert "Shared files" in text and "1 damaged part(s), below" in text, text
    assert "What to do: mlmstudio sweep --repair hurt" in text, text
