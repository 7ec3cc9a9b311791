"""No display, or Qt's libraries missing: a plain message and exit 2, never Qt's abort (134)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mlmstudio import display_check
from mlmstudio.display_check import DisplayProblem, PluginStatus, find_display_problem

ROOT = Path(__file__).resolve().parents[1]
NO_DISPLAY_VARS = ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "XDG_SESSION_TYPE")


def _env_without_display(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in NO_DISPLAY_VARS}
    env.update(MLMSTUDIO_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"))
    return env


def test_no_display_prints_what_to_do_and_exits_2(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "mlmstudio"],
        env=_env_without_display(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2, result.stderr
    assert "there is no display" in result.stderr
    assert "xvfb-run -a mlmstudio" in result.stderr
    assert "mlmstudio --help" in result.stderr
    assert "Traceback" not in result.stderr and "Reinstalling" not in result.stderr
    assert not (tmp_path / "data").exists()  # refused before the history was touched


def test_the_command_line_still_works_without_a_display(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "mlmstudio", "--version"],
        env=_env_without_display(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0
    assert result.stdout.strip().startswith("mlmstudio ")


def test_an_unreachable_x_display_is_named():
    problem = find_display_problem({"DISPLAY": ":87"}, retry_s=0.2)
    assert problem is not None
    assert '":87" cannot be reached' in problem.what
    assert problem.packages == ()


def test_headless_platforms_need_no_display():
    assert find_display_problem({"QT_QPA_PLATFORM": "offscreen"}) is None
    assert find_display_problem({"QT_QPA_PLATFORM": "minimal:enable_fonts"}) is None


def test_an_unknown_platform_lists_the_installed_ones():
    problem = find_display_problem({"QT_QPA_PLATFORM": "nonesuch"})
    assert problem is not None
    assert '"nonesuch"' in problem.what and "offscreen" in problem.what


def test_qt_tries_each_listed_platform_in_turn():
    # wayland has no socket here, so Qt would fall back to offscreen: no problem.
    env = {
        "QT_QPA_PLATFORM": "wayland;offscreen",
        "WAYLAND_DISPLAY": "no-such-socket",
        "XDG_RUNTIME_DIR": "/nonexistent",
    }
    assert display_check.requested_platforms(env) == ["wayland", "offscreen"]
    assert find_display_problem(env) is None


def test_a_missing_library_gives_the_apt_get_line(monkeypatch):
    missing = PluginStatus(
        "xcb",
        "/fake/libqxcb.so",
        False,
        ["libxcb-cursor.so.0", "libxkbcommon-x11.so.0"],
        "cannot open shared object",
    )
    monkeypatch.setattr(display_check, "probe_plugin", lambda path: missing)
    problem = find_display_problem({"DISPLAY": ":0"})
    assert problem is not None
    assert problem.missing_libraries == ("libxcb-cursor.so.0", "libxkbcommon-x11.so.0")
    message = problem.message()
    assert "apt-get install -y --no-install-recommends libxcb-cursor0 libxkbcommon-x11-0" in message
    assert "libxcb-cursor.so.0" in message
    assert "mlmstudio --help" in message


def test_a_library_without_a_known_package_gives_qts_whole_list():
    assert display_check.packages_for(["libsomething-odd.so.3"]) == display_check.QT_SYSTEM_PACKAGES
    assert display_check.packages_for(["libGL.so.1", "libEGL.so.1", "libGL.so.1"]) == ("libgl1", "libegl1")


@pytest.mark.skipif(
    shutil.which("cc") is None or shutil.which("ldd") is None,
    reason="needs a C compiler and ldd to build a plugin with a missing library",
)
def test_a_real_plugin_with_a_missing_library_is_diagnosed(tmp_path):
    """A shared object linked against a library that is then removed, probed as Qt's xcb plugin."""
    platforms = tmp_path / "platforms"
    platforms.mkdir()
    (tmp_path / "dep.c").write_text("int mlmstudio_dep(void) { return 1; }\n")
    (tmp_path / "plugin.c").write_text(
        "int mlmstudio_dep(void);\nint plugin(void) { return mlmstudio_dep(); }\n"
    )
    dep = tmp_path / "libmlmstudio-gone.so.1"
    subprocess.run(
        [
            "cc",
            "-shared",
            "-fPIC",
            "-Wl,-soname,libmlmstudio-gone.so.1",
            "-o",
            str(dep),
            str(tmp_path / "dep.c"),
        ],
        check=True,
    )
    subprocess.run(
        ["cc", "-shared", "-fPIC", "-o", str(platforms / "libqxcb.so"), str(tmp_path / "plugin.c"), str(dep)],
        check=True,
    )
    dep.unlink()

    status = display_check.probe_plugin(platforms / "libqxcb.so")
    assert not status.loads
    assert status.missing_libraries == ["libmlmstudio-gone.so.1"]
    problem = find_display_problem({"DISPLAY": ":0"}, directory=platforms)
    assert problem is not None and "libmlmstudio-gone.so.1" in problem.what
    assert problem.packages == display_check.QT_SYSTEM_PACKAGES  # unknown library: the whole list


def test_the_set_up_installs_the_packages_the_app_names():
    """The apt-get line the app prints and the one set-up installs name the same packages:
    scripts/dev.py (which scripts/setup.sh runs) reads this module's list."""
    setup = (ROOT / "scripts" / "dev.py").read_text()
    assert "from mlmstudio.display_check import QT_SYSTEM_PACKAGES" in setup
    assert "not_installed(qt_system_packages())" in setup


def test_the_message_is_plain_sentences():
    message = DisplayProblem("there is no display.").message()
    assert message.splitlines()[0] == "mlmstudio: the window cannot open: there is no display."
    assert "xvfb-run -a mlmstudio" in message and "apt-get" not in message


def test_qts_own_failure_becomes_the_message_and_exit_2(tmp_path):
    """Past the launcher's check (here: skipped), Qt's fatal error is caught, not an abort."""
    code = "from mlmstudio.gui.app import create_application\ncreate_application(['mlmstudio'])\n"
    env = _env_without_display(tmp_path)
    env.update(QT_QPA_PLATFORM="xcb", DISPLAY=":87")
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert '":87" cannot be reached' in result.stderr
    assert "xvfb-run -a mlmstudio" in result.stderr


HOLD_AND_HAMMER = r"""
import ctypes, json, os
from mlmstudio import display_check

assert display_check.find_display_problem(hold_connection=True) is None
held = len(display_check._held_connections)
# Other clients come and go as fast as they can: with the check's connection held, the server
# never has zero clients, so it never resets and never refuses one of them.
failures = sum(1 for _ in range(300) if display_check.xcb_connect_error(os.environ["DISPLAY"]) != 0)
display_check.release_held_connection()
print(json.dumps({"held": held, "failures": failures, "left": len(display_check._held_connections)}))
"""


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="needs xvfb-run (apt-get install xvfb xauth)")
def test_the_check_holds_its_x_connection_so_the_server_cannot_reset(tmp_path):
    """Xvfb resets when its last client leaves and refuses connections meanwhile (the launch aborts)."""
    env = {k: v for k, v in os.environ.items() if k not in NO_DISPLAY_VARS}
    result = subprocess.run(
        ["xvfb-run", "-a", sys.executable, "-c", HOLD_AND_HAMMER],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report == {"held": 1, "failures": 0, "left": 0}


def test_windows_and_macos_are_not_checked(monkeypatch):
    monkeypatch.setattr(sys, "platform", "darwin")
    assert find_display_problem({}) is None
    monkeypatch.setattr(sys, "platform", "win32")
    assert find_display_problem({}) is None


def test_without_a_plugins_folder_only_the_display_is_checked(monkeypatch):
    """A bundle may lay Qt out differently: the app must still open where there is a display."""
    monkeypatch.setattr(display_check, "plugins_dir", lambda: None)
    assert find_display_problem({"QT_QPA_PLATFORM": "offscreen"}) is None
    problem = find_display_problem({})
    assert problem is not None and "there is no display" in problem.what
