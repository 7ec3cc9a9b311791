"""The shared export buttons: a PNG, CSV and JSON that exist and parse, and sentences for failed writes."""

from __future__ import annotations

import csv
import errno
import json
import os

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QLabel

from mlmstudio.gui.widgets import export_buttons
from mlmstudio.gui.widgets.export_buttons import ExportButtons, Numbers, write_numbers

ROWS = [
    {"token": "paris", "probability": 0.5, "rank": 1},
    {"token": 'a,b "c"', "probability": float("nan"), "rank": 2, "note": "extra column"},
]


@pytest.fixture
def buttons(qtbot):
    view = QLabel("a view with some text in it")
    view.resize(300, 80)
    errors: list[str] = []
    widget = ExportButtons(
        view, lambda: Numbers(ROWS, data={"rows": ROWS}), name="thing", report_error=errors.append
    )
    qtbot.addWidget(view)
    qtbot.addWidget(widget)
    widget.errors = errors
    return widget


def test_png_csv_and_json_are_written_and_parse(buttons, tmp_path, qtbot):
    assert not buttons.picture_button.isEnabled() and not buttons.numbers_button.isEnabled()
    buttons.set_available(True)
    assert buttons.picture_button.isEnabled() and buttons.numbers_button.isEnabled()
    with qtbot.waitSignal(buttons.saved) as saved:
        assert buttons.save_picture(tmp_path / "view.png")
    assert saved.args == [str(tmp_path / "view.png")]
    image = QImage(str(tmp_path / "view.png"))
    assert not image.isNull() and image.width() >= 300 and image.height() >= 80
    assert buttons.save_numbers(tmp_path / "n.csv")
    rows = list(csv.DictReader((tmp_path / "n.csv").open(encoding="utf-8")))
    assert [r["token"] for r in rows] == ["paris", 'a,b "c"']
    assert rows[0]["note"] == "" and rows[1]["note"] == "extra column" and rows[1]["probability"] == ""
    assert buttons.save_numbers(tmp_path / "n.json")
    data = json.loads((tmp_path / "n.json").read_text(encoding="utf-8"))
    assert data["rows"][0]["probability"] == 0.5 and data["rows"][1]["probability"] is None  # NaN -> null
    assert buttons.errors == []


def test_the_engine_texts_are_written_as_given(tmp_path):
    numbers = Numbers(csv_text="a,b\n1,2\n", json_text='{"x": 1}')
    assert write_numbers(tmp_path / "x.csv", numbers).read_text() == "a,b\n1,2\n"
    assert json.loads(write_numbers(tmp_path / "x.JSON", numbers).read_text()) == {"x": 1}


def test_a_read_only_folder_is_a_sentence_not_a_traceback(buttons, tmp_path, monkeypatch):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    if os.geteuid() == 0:  # root writes anyway: make the folder refuse as it would for a user

        def refuse(path, *args, **kwargs):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))

        # Both files go through engine.atomic_file (a temporary beside the file, then a rename).
        monkeypatch.setattr(export_buttons, "atomic_write_text", refuse)
        monkeypatch.setattr(export_buttons, "atomic_write_bytes", refuse)
        monkeypatch.setattr(export_buttons.os, "access", lambda path, mode: False)
    try:
        assert not buttons.save_numbers(locked / "n.csv")
        assert not buttons.save_picture(locked / "v.png")
    finally:
        locked.chmod(0o755)
    assert len(buttons.errors) == 2
    assert buttons.errors[0].startswith("Could not save n.csv in ") and "read-only" in buttons.errors[0]
    assert buttons.errors[1].startswith("Could not save v.png in ") and "read-only" in buttons.errors[1]
    assert all("Choose another folder or name." in e for e in buttons.errors)
    assert not (locked / "n.csv").exists()


def test_a_full_disk_and_a_missing_folder_are_sentences(buttons, tmp_path, monkeypatch):
    assert not buttons.save_numbers(tmp_path / "gone" / "n.csv")
    assert "its folder does not exist" in buttons.errors[-1]

    def full(path, *args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(export_buttons, "atomic_write_text", full)
    assert not buttons.save_numbers(tmp_path / "n.json")
    assert "the disk is full" in buttons.errors[-1]


def test_nothing_to_save_is_said(qtbot, tmp_path):
    errors: list[str] = []
    widget = ExportButtons(QLabel(), lambda: None, name="empty", report_error=errors.append)
    qtbot.addWidget(widget)
    assert not widget.save_numbers(tmp_path / "n.csv")
    assert "nothing to save" in errors[0] and not (tmp_path / "n.csv").exists()


def test_the_buttons_ask_for_a_file_and_cancel_writes_nothing(buttons, tmp_path, monkeypatch):
    buttons.set_available(True)
    asked = []

    def choose(parent, title, default_name, types):
        asked.append((title, default_name, list(types)))
        return str(tmp_path / default_name) if len(asked) < 3 else None

    monkeypatch.setattr(export_buttons, "choose_save_path", choose)
    buttons.picture_button.click()
    buttons.numbers_button.click()
    buttons.numbers_button.click()  # cancelled
    assert asked == [
        ("Save picture", "thing.png", ["png"]),
        ("Save numbers", "thing.csv", ["csv", "json"]),
        ("Save numbers", "thing.csv", ["csv", "json"]),
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["thing.csv", "thing.png"]
