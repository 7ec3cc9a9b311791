"""Setup's "Run elsewhere…": the capsule dialog writes a capsule off the GUI thread and says what to expect."""

from __future__ import annotations

import pytest

from mlmstudio.engine.capsule import read_capsule
from mlmstudio.gui.capsule_dialog import CapsuleDialog
from mlmstudio.gui.pages.setup_page import SetupPage

from tiny_configs import tiny_config

JOB_MS = 60_000


@pytest.fixture
def dialog(qtbot):
    dialog = CapsuleDialog(tiny_config())
    qtbot.addWidget(dialog)
    dialog.show()
    yield dialog
    dialog.runner.wait_idle()


def test_it_says_what_speedup_to_expect_for_the_plan_on_screen(dialog, qtbot):
    qtbot.waitUntil(lambda: dialog._step_seconds is not None, timeout=JOB_MS)
    assert "One process" in dialog.expectation.text()
    with qtbot.waitSignal(dialog.estimated) as blocker:
        dialog.nodes.setValue(2)
    assert "with 2 processes" in blocker.args[0] and "Ethernet" in blocker.args[0]
    dialog.endpoint.setText("no port here:x")
    assert "HOST:PORT" in dialog.expectation.text()


def test_writing_a_capsule(dialog, qtbot, tmp_path):
    dialog.nodes.setValue(2)
    dialog.endpoint.setText("10.0.0.5:29400")
    dialog.slurm.setChecked(True)
    dialog.folder.setText(str(tmp_path / "capsule"))
    with qtbot.waitSignal(dialog.written, timeout=JOB_MS) as blocker:
        dialog.write_button.click()
        assert not dialog.write_button.isEnabled()  # no second write of the same folder meanwhile
    capsule = read_capsule(tmp_path / "capsule")
    assert blocker.args[0].capsule_id == capsule.capsule_id
    assert capsule.plan.nodes == 2 and capsule.plan.endpoint == "10.0.0.5:29400"
    assert (tmp_path / "capsule" / "slurm.sbatch").is_file()
    assert dialog.result_text.isVisible() and "launch.sh" in dialog.result_text.toPlainText()
    assert dialog.write_button.isEnabled()
    assert "Import folder" in dialog.result_text.toPlainText()


@pytest.mark.parametrize(
    "folder, endpoint, message",
    [
        ("", "127.0.0.1:29500", "Choose the folder"),
        ("capsule", "bad_host!:1", "not a host name"),
        ("taken", "127.0.0.1:29500", "not empty"),
    ],
)
def test_bad_input_is_a_message_and_writes_nothing(dialog, qtbot, tmp_path, folder, endpoint, message):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "keep.txt").write_text("mine")
    dialog.folder.setText(str(tmp_path / folder) if folder else "")
    dialog.endpoint.setText(endpoint)
    with qtbot.waitSignal(dialog.failed, timeout=JOB_MS) as blocker:
        dialog.write_button.click()
    assert message in blocker.args[0] and dialog.error_label.isVisible()
    assert not (tmp_path / "capsule").exists()
    assert [p.name for p in (tmp_path / "taken").iterdir()] == ["keep.txt"]


def test_setup_opens_it_with_its_settings(qtbot):
    page = SetupPage()
    qtbot.addWidget(page)
    page.set_config(tiny_config())
    dialog = page.open_capsule_dialog()
    try:
        assert isinstance(dialog, CapsuleDialog) and dialog.isVisible()
        assert dialog.config == page.config().validate()
    finally:
        dialog.runner.wait_idle()
        dialog.close()
        page.wait_idle()
