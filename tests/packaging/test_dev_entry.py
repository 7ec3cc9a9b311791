"""scripts/dev.py, the Python entry for set-up, tests and linters: the one copy of the steps.

The shell scripts CI runs only hand their arguments to it. What the set-up installs is
checked through ``--dry-run`` (PyTorch's CUDA index cannot be reached here), and the choice of
build per operating system through its functions.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mlmstudio import display_check

REPO = Path(__file__).resolve().parents[2]
DEV = REPO / "scripts" / "dev.py"


def load_dev():
    spec = importlib.util.spec_from_file_location("dev_entry", DEV)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def dev(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(DEV), *args], capture_output=True, text=True, timeout=120, env=env, cwd=REPO
    )


@pytest.mark.parametrize("script", ["setup.sh", "test.sh", "lint.sh", "install_torch.sh"])
def test_the_shell_scripts_only_hand_over_to_dev_py(script):
    text = (REPO / "scripts" / script).read_text(encoding="utf-8")
    commands = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    assert commands[-1].startswith("exec ") and "scripts/dev.py" in commands[-1]
    code = "\n".join(commands)
    assert not re.search(r"\b(pip|pytest|ruff|mypy|apt-get|venv)\b", code), script


def test_cuda_setup_would_install_torch_from_pytorchs_cuda_index(tmp_path):
    out = dev("install-torch", sys.executable, "2.13.0", "--cuda", "--dry-run")
    assert out.returncode == 0, out.stderr
    pip = [
        line for line in out.stdout.splitlines() if line.startswith("would run:") and "pip install" in line
    ]
    assert len(pip) == 1
    assert "--extra-index-url https://download.pytorch.org/whl/cu128" in pip[0]
    assert pip[0].endswith("torch==2.13.0+cu128")
    assert "torch is the cu128 build" in out.stdout  # and it is checked afterwards

    chosen = dev("install-torch", sys.executable, "--cuda", "cu126", "--dry-run")
    assert "https://download.pytorch.org/whl/cu126" in chosen.stdout and "+cu126" in chosen.stdout


def test_the_default_is_the_cpu_build_a_local_wheel_first():
    out = dev("install-torch", sys.executable, "2.13.0", "--dry-run")
    assert out.returncode == 0, out.stderr
    pip = [line for line in out.stdout.splitlines() if "pip install" in line]
    assert "--no-index --no-deps torch==2.13.0+cpu" in pip[0]
    assert "--extra-index-url https://download.pytorch.org/whl/cpu torch==2.13.0+cpu" in pip[1]
    assert "cu1" not in out.stdout


def test_setup_dry_run_changes_nothing_and_names_the_cuda_index():
    stamp_files = sorted((REPO / ".venv").glob(".mlmstudio-installed-*"))
    before = [p.read_text() for p in stamp_files]
    out = dev("setup", "--cuda", "--dry-run")
    assert out.returncode == 0, out.stderr
    assert "https://download.pytorch.org/whl/cu128" in out.stdout
    assert "-e .[hf]" in out.stdout.replace("'", "")
    assert [p.read_text() for p in stamp_files] == before


def test_the_environment_variable_asks_for_cuda_too():
    dev_module = load_dev()
    assert dev_module.cuda_tag(None, {"MLMSTUDIO_CUDA": "1"}) == "cu128"
    assert dev_module.cuda_tag(None, {"MLMSTUDIO_CUDA": "cu121"}) == "cu121"
    assert dev_module.cuda_tag(None, {}) is None
    assert dev_module.cuda_tag(None, {"MLMSTUDIO_CUDA": "0"}) is None
    with pytest.raises(dev_module.StepFailed, match="not a CUDA tag"):
        dev_module.cuda_tag("12.8", {})


def test_each_operating_system_gets_its_own_wheel_names():
    dev_module = load_dev()
    assert dev_module.torch_spec("2.13.0", None, "Linux") == "torch==2.13.0+cpu"
    assert dev_module.torch_spec("2.13.0", None, "Windows") == "torch==2.13.0"
    assert dev_module.torch_spec("2.13.0", None, "Darwin") == "torch==2.13.0"
    assert dev_module.torch_spec("2.13.0", "cu128", "Windows") == "torch==2.13.0+cu128"
    runner = dev_module.Runner(dry_run=True)
    with pytest.raises(dev_module.StepFailed, match="no CUDA build for macOS"):
        dev_module.install_torch("python", "2.13.0", "cu128", runner, {}, "Darwin")


def test_a_windows_venv_has_its_python_under_scripts():
    dev_module = load_dev()
    venv = Path("C:/work/.venv")
    assert dev_module.venv_python(venv, windows=True).as_posix() == "C:/work/.venv/Scripts/python.exe"
    assert dev_module.venv_tool("ruff", venv, windows=True).name == "ruff.exe"
    assert dev_module.venv_python(venv, windows=False).as_posix() == "C:/work/.venv/bin/python"


def test_the_qt_packages_are_the_apps_own_list():
    assert load_dev().qt_system_packages() == display_check.QT_SYSTEM_PACKAGES


def test_a_failed_step_is_a_sentence_and_exit_1():
    out = dev("install-torch", sys.executable, "--cuda", "twelve", "--dry-run")
    assert out.returncode == 1
    assert (
        out.stderr.strip()
        == "install-torch: --cuda 'twelve' is not a CUDA tag; give one such as cu128 (CUDA 12.8)."
    )
