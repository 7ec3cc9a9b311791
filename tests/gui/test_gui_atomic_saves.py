"""Saving from the GUI writes a file whole or not at all (issue 21): Setup's "Save config" and every
Explore view's "Save picture…" / "Save numbers…" go through ``engine.atomic_file`` (a temporary file
beside it, synced, then renamed), so a crash or a full disk mid-write leaves the old file, never half
of the new one, and no temporary behind.
"""

from __future__ import annotations

import pytest


@pytest.fixture
def fsync_fails(monkeypatch):
    """The disk fails after the bytes are handed over and before they are safe (a crash, a full disk)."""
    import errno
    import os

    def fail(_fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", fail)


def test_saving_the_setup_config_never_leaves_half_a_file(qtbot, tmp_path, monkeypatch, fsync_fails):
    from PySide6.QtWidgets import QMessageBox

    from mlmstudio.gui.pages.setup_page import SetupPage

    page = SetupPage()
    qtbot.addWidget(page)
    warned = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: warned.append(args[2]))
    saved = tmp_path / "recipe.json"
    saved.write_text('{"old": true}\n', encoding="utf-8")
    assert page.save_config_file(saved) is False
    assert saved.read_text(encoding="utf-8") == '{"old": true}\n'  # the old file, whole
    assert [p.name for p in tmp_path.iterdir()] == ["recipe.json"]  # no temporary left
    assert warned and "recipe.json" in warned[0]


def test_the_export_buttons_never_leave_half_a_file(qtbot, tmp_path, fsync_fails):
    from PySide6.QtWidgets import QLabel

    from mlmstudio.gui.widgets.export_buttons import ExportWriteError, Numbers, save_picture, write_numbers

    numbers, picture = tmp_path / "numbers.csv", tmp_path / "view.png"
    numbers.write_text("old,numbers\n", encoding="utf-8")
    picture.write_bytes(b"old picture")
    with pytest.raises(ExportWriteError, match="the disk is full"):
        write_numbers(numbers, Numbers(rows=[{"a": 1}] * 1000))
    label = QLabel("a view")
    qtbot.addWidget(label)
    label.resize(200, 100)
    with pytest.raises(ExportWriteError):
        save_picture(label, picture)
    assert numbers.read_text(encoding="utf-8") == "old,numbers\n" and picture.read_bytes() == b"old picture"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["numbers.csv", "view.png"]
