"""``mlmstudio doctor``: the facts are this computer's, the problems come with what to do."""

from __future__ import annotations

import json
import os
import shutil
import sys

import pytest

from mlmstudio.cli import doctor, main


def _report(capsys, *args: str) -> tuple[int, dict]:
    code = main([*args, "doctor", "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_json_reports_this_python_torch_and_the_given_data_dir(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    import torch

    data = tmp_path / "given"
    data.mkdir()
    code, report = _report(capsys, "--data-dir", str(data))
    assert code == 0
    assert report["ok"] is True
    assert report["python"]["executable"] == sys.executable
    assert report["torch"]["version"] == torch.__version__
    assert report["torch"]["threads"] == torch.get_num_threads() >= 1
    assert report["bf16"]["auto_precision"] in ("bf16", "fp32")
    assert report["bf16"]["supported"] == (report["bf16"]["auto_precision"] == "bf16")
    assert report["gpu"]["cuda"] == torch.cuda.is_available()
    assert report["data_dir"]["path"] == str(data)
    assert report["data_dir"]["source"] == "--data-dir"
    assert report["data_dir"]["writable"] is True
    assert 0 < report["data_dir"]["free_bytes"] == pytest.approx(shutil.disk_usage(data).free, rel=0.05)
    assert report["problems"] == []


def test_json_reports_the_qt_plugin_that_loads(tmp_path, capsys, monkeypatch):
    """Apart, so the facts above are checked where Qt is not installed (the GPU check's machine)."""
    pytest.importorskip("PySide6")
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    code, report = _report(capsys, "--data-dir", str(tmp_path))
    assert code == 0
    plugins = {p["name"]: p for p in report["qt"]["platform_plugins"]}
    assert plugins["offscreen"]["loads"] is True
    assert report["display"]["window_can_open"] is True
    assert report["display"]["platforms"] == ["offscreen"]
    assert report["problems"] == []


def test_looking_creates_nothing(tmp_path, capsys):
    data = tmp_path / "not-yet"
    code, report = _report(capsys, "--data-dir", str(data))
    assert code == 0
    assert report["data_dir"]["exists"] is False and report["data_dir"]["writable"] is True
    assert report["history"] == {
        "path": str(data / "history.sqlite3"),
        "exists": False,
        "opens": None,
        "runs": None,
        "error": None,
    }
    assert not data.exists()


def test_the_history_opens_and_its_runs_are_counted(tmp_path, capsys):
    from mlmstudio.store.database import Database

    Database.open(tmp_path).close()
    code, report = _report(capsys, "--data-dir", str(tmp_path))
    assert code == 0
    assert report["history"]["opens"] is True
    assert report["history"]["runs"] == 0


def test_a_damaged_history_is_a_problem_with_a_fix_and_exit_1(tmp_path, capsys):
    (tmp_path / "history.sqlite3").write_bytes(b"this is not a database" * 100)
    code, report = _report(capsys, "--data-dir", str(tmp_path))
    assert code == 1
    assert report["ok"] is False
    assert report["history"]["opens"] is False
    [problem] = [p for p in report["problems"] if p["severity"] == "error"]
    assert "does not open" in problem["what"] and "--data-dir" in problem["fix"]


def test_an_unwritable_data_dir_is_an_error(tmp_path, capsys):
    if os.geteuid() == 0:
        blocker = tmp_path / "a-file"  # root writes anywhere; a file in the way still fails
        blocker.write_text("x")
        target = blocker / "data"
    else:
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        target = locked / "data"
    code, report = _report(capsys, "--data-dir", str(target))
    assert code == 1
    assert report["data_dir"]["writable"] is False
    assert any("cannot be created or written" in p["what"] for p in report["problems"])


def test_no_display_is_a_warning_not_a_failure(tmp_path, capsys, monkeypatch):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "XDG_SESSION_TYPE"):
        monkeypatch.delenv(name, raising=False)
    code, report = _report(capsys, "--data-dir", str(tmp_path))
    assert code == 0 and report["ok"] is True
    assert report["display"]["window_can_open"] is False
    [problem] = report["problems"]
    assert problem["severity"] == "warning"
    assert "xvfb-run -a mlmstudio" in problem["fix"]


def test_the_text_report_names_each_fact_and_each_fix(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("XDG_SESSION_TYPE", raising=False)
    assert main(["--data-dir", str(tmp_path), "doctor"]) == 0
    text = capsys.readouterr().out
    for label in ("Python", "PyTorch", "bf16", "GPU", "Qt", "Display", "Data folder", "History"):
        assert f"\n  {label}" in text
    assert str(tmp_path) in text
    assert "What to do: Use a virtual display: xvfb-run -a mlmstudio" in text
    assert "Everything the command line needs is fine." in text


def test_render_survives_a_missing_torch():
    facts = {
        "mlmstudio": "0",
        "python": {"version": "3", "executable": "py", "platform": "x"},
        "torch": {"version": None, "error": "No module named 'torch'"},
        "bf16": {"supported": None},
        "gpu": {"cuda": None, "mps": None},
        "tokenizers": {"version": None},
        "qt": {"qt": None, "pyside6": None, "platform_plugins": []},
        "display": {"DISPLAY": None, "WAYLAND_DISPLAY": None, "platforms": ["xcb"], "window_can_open": False},
        "data_dir": {"path": "/d", "source": "default", "exists": True, "free_bytes": 10},
        "history": {"path": "/d/h", "exists": False},
        "problems": [{"severity": "error", "what": "PyTorch cannot be imported.", "fix": "Reinstall."}],
        "ok": False,
    }
    text = doctor.render(facts)
    assert "cannot be imported (No module named 'torch')" in text
    assert "Problem: PyTorch cannot be imported.\n  What to do: Reinstall." in text


def test_a_run_folder_without_a_record_is_reported_and_can_be_recorded_again(tmp_path, capsys, model_files):
    """What a kill during 'runs import' leaves: a whole run folder the history does not list."""
    import shutil

    from mlmstudio.store import service
    from mlmstudio.store.database import Database

    from store_helpers import add_run  # tests/store, put on the path by conftest.py

    db = Database.open(tmp_path)
    kept = add_run(db, name="kept", model_files=model_files, steps=10)
    orphan = db.runs_dir / "0123456789ab"
    shutil.copytree(db.run_dir(kept), orphan)
    (db.runs_dir / ".0123.partial-1-2").mkdir()  # one of our temporary folders: not a run folder
    code, report = _report(capsys, "--data-dir", str(tmp_path))
    assert code == 0  # a warning: the history itself is fine
    assert report["history"]["folders_without_record"] == ["0123456789ab"]
    [problem] = [p for p in report["problems"] if "no record in the history" in p["what"]]
    assert "0123456789ab" in problem["what"] and "rebuild-history --adopt" in problem["fix"]
    # The fix it names works: the folder is recorded again, where it is.
    assert main(["--data-dir", str(tmp_path), "runs", "rebuild-history", "--adopt"]) == 0
    assert {r.id for r in service.list_runs(Database.open(tmp_path))} == {kept, "0123456789ab"}
    capsys.readouterr()
    code, report = _report(capsys, "--data-dir", str(tmp_path))
    assert report["history"]["folders_without_record"] == [] and report["problems"] == []


def test_what_an_interrupted_import_left_is_reported_without_being_changed(tmp_path, capsys, model_files):
    from mlmstudio.store import service
    from mlmstudio.store.database import Database

    from store_helpers import add_run

    db = Database.open(tmp_path)
    run_id = add_run(db, name="landing", model_files=model_files, steps=10)
    landing = db.runs_dir / f".{run_id}.landing-{2**22 + 99}"  # recorded, its folder not yet in place
    db.run_dir(run_id).rename(landing)
    (tmp_path / f".import-{2**22 + 98}-abcdef").mkdir()  # an unpacking cut short
    code, report = _report(capsys, "--data-dir", str(tmp_path))
    assert code == 0 and sorted(x["action"] for x in report["history"]["interrupted_imports"]) == [
        "adopt",
        "remove",
    ]
    [problem] = [p for p in report["problems"] if "interrupted imports" in p["what"]]
    assert "1 of a recorded run" in problem["what"] and "--adopt" in problem["fix"]
    assert landing.is_dir()  # looking changed nothing
    assert main(["--data-dir", str(tmp_path), "runs", "rebuild-history", "--adopt"]) == 0
    assert service.get_run(Database.open(tmp_path), run_id).summary.has_model
