"""Bundle-aware messages: inside the desktop bundle a hint says how the bundle is started.

The bundle is simulated: ``sys.frozen`` and ``sys._MEIPASS`` set as PyInstaller's
bootloader sets them, ``sys.executable`` a stand-in launcher in a bundle folder.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mlmstudio import command_hint

REPO = Path(__file__).resolve().parents[2]


def make_launcher(folder: Path) -> Path:
    folder.mkdir(parents=True)
    launcher = folder / "mlmstudio"
    launcher.write_text("#!/bin/sh\n")
    launcher.chmod(0o755)
    (folder / "_internal").mkdir()
    return launcher


@pytest.fixture
def frozen(monkeypatch, tmp_path):
    """This process as the bundle's launcher in tmp_path/MLM-Studio-0.1.0; returns the launcher."""
    launcher = make_launcher(tmp_path / "MLM-Studio-0.1.0")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(launcher.parent / "_internal"), raising=False)
    monkeypatch.setattr(sys, "executable", str(launcher))
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    return launcher


def test_a_python_install_says_mlmstudio_and_setup_sh():
    assert not command_hint.is_frozen()
    assert command_hint.command("runs list") == "mlmstudio runs list"
    assert "scripts/setup.sh" in command_hint.reinstall_advice("torch")


def test_in_the_bundle_folder_it_says_dot_slash(frozen, monkeypatch):
    monkeypatch.chdir(frozen.parent)
    assert command_hint.is_frozen()
    assert command_hint.program() == "./mlmstudio"
    assert command_hint.command("runs list") == "./mlmstudio runs list"


def test_elsewhere_it_gives_the_launchers_path_quoted_for_a_shell(monkeypatch, tmp_path):
    launcher = make_launcher(tmp_path / "my apps" / "MLM Studio")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(launcher.parent / "_internal"), raising=False)
    monkeypatch.setattr(sys, "executable", str(launcher))
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    monkeypatch.chdir(tmp_path)
    assert command_hint.command("doctor") == f"'{launcher}' doctor"


def test_a_link_on_the_path_to_this_launcher_is_the_plain_name(frozen, monkeypatch, tmp_path):
    # The .deb's /usr/bin/mlmstudio -> /opt/mlmstudio/mlmstudio, or a user's own link.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "mlmstudio").symlink_to(frozen)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}/usr/bin")
    monkeypatch.chdir(tmp_path)
    assert command_hint.command("runs list") == "mlmstudio runs list"


def test_another_mlmstudio_on_the_path_is_not_this_bundle(frozen, monkeypatch, tmp_path):
    other = make_launcher(tmp_path / "venv-bin")  # a pip install's console script
    monkeypatch.setenv("PATH", str(other.parent))
    monkeypatch.chdir(tmp_path)
    assert command_hint.program() == str(frozen)


def test_the_bundle_never_sends_the_user_to_setup_sh(frozen):
    advice = command_hint.reinstall_advice("torch")
    assert "setup.sh" not in advice and "pip" not in advice
    assert "unpack" in advice and command_hint.command("doctor") in advice


def test_messages_of_every_layer_use_it(frozen, monkeypatch):
    from mlmstudio.cli.progress import export_line
    from mlmstudio.config import RunConfig
    from mlmstudio.display_check import DisplayProblem
    from mlmstudio.store.db_errors import damaged_error

    monkeypatch.chdir(frozen.parent)
    assert "'./mlmstudio runs rebuild-history'" in str(damaged_error(Path("history.db"), "cut short"))
    assert "'./mlmstudio export-hf abc DIR'" in export_line(RunConfig(), "abc")
    shown = DisplayProblem("no display").message()
    assert "xvfb-run -a ./mlmstudio" in shown and "./mlmstudio --help" in shown


def test_the_cli_in_a_simulated_bundle_prints_bundle_commands(tmp_path):
    """The real CLI, started as the bundle starts it: frozen from the first import on."""
    launcher = make_launcher(tmp_path / "bundle")
    starter = (
        "import sys\n"
        f"sys.frozen = True; sys._MEIPASS = {str(launcher.parent / '_internal')!r}\n"
        f"sys.executable = {str(launcher)!r}\n"
        "sys.argv = ['mlmstudio'] + sys.argv[1:]\n"
        "from mlmstudio.launcher import main\n"
        "sys.exit(main())\n"
    )
    env = {**os.environ, "MLMSTUDIO_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    result = subprocess.run(
        [sys.executable, "-c", starter, "runs", "show", "latest"],
        cwd=launcher.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2, result.stderr
    assert "'./mlmstudio train sample:facts'" in result.stderr
    assert "'mlmstudio " not in result.stderr and "Traceback" not in result.stderr


# A command named in a message: 'mlmstudio runs list', `mlmstudio train`, (mlmstudio score ...).
HARD_CODED_COMMAND = re.compile(r"(?<![\w./-])mlmstudio\s+(--?[a-z]|[a-z][a-z-]*\b)")
HARD_CODED_SETUP = re.compile(r"scripts/setup\.sh|pip install")
# The helper itself, and cli/gpu_advice.py, whose set-up and pip recipes are chosen per
# install kind with command_hint.is_frozen() (the bundle gets its own advice).
# The gui/engine_messages package mirrors sentences the engine wrote through command_hint; its
# templates carry the engine's own command text as a value, so they only look hard-coded.
EXEMPT = {"command_hint.py", "gpu_advice.py"}
EXEMPT_PACKAGES = {"engine_messages"}


def message_strings(path: Path):
    """Every string constant of a module but its docstrings (f-strings' literal parts included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node.lineno, node.value


def test_no_message_hard_codes_the_command_or_the_setup_script():
    """Each hint goes through mlmstudio/command_hint.py, or the bundle would print a command it lacks."""
    found = []
    for path in sorted((REPO / "mlmstudio").rglob("*.py")):
        if path.name in EXEMPT or EXEMPT_PACKAGES & set(path.parts):
            continue
        for line, text in message_strings(path):
            if HARD_CODED_COMMAND.search(text) or HARD_CODED_SETUP.search(text):
                found.append(f"{path.relative_to(REPO)}:{line}: {text[:90]!r}")
    assert not found, "use command_hint.command(...) / reinstall_advice():\n" + "\n".join(found)
