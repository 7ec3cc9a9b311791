"""The Windows and macOS builds, checked here without Windows, macOS or PyInstaller.

Their specs run under a stand-in for PyInstaller's spec namespace: they must take the Linux
spec's Analysis (its data files, bundle_rules' exclusions and file rules) rather than a copy,
and make their own executables. packaging/desktop_smoke.py runs its steps on a .zip whose
mlmstudio.exe is a stand-in that starts this tree's MLM Studio. The real builds run in
.github/workflows/build.yml (docs/PACKAGING.md).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import types
import zipfile
from pathlib import Path

import pytest

import mlmstudio
from mlmstudio.resource_paths import APP_ID

REPO = Path(__file__).resolve().parents[2]
PACKAGING = REPO / "packaging"


def load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


class Recorded:
    def __init__(self, kind, *args, **kwargs):
        self.kind, self.args, self.kwargs = kind, args, kwargs
        self.pure, self.scripts, self.binaries, self.datas = [], ["launcher"], [], []


@pytest.fixture
def spec_namespace(monkeypatch, tmp_path):
    """What PyInstaller gives a spec: its folder, a work path, Analysis, PYZ, EXE, COLLECT, BUNDLE."""
    made: list[Recorded] = []
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    desktop = f"/site/mlmstudio/resources/{APP_ID}.desktop"
    translation = (
        "/site/mlmstudio/gui/translations/mlmstudio_de.qm"  # the package's data, as PyInstaller finds it
    )
    hooks.collect_data_files = lambda package, **kw: (
        [(desktop, "mlmstudio/resources")]
        if package.endswith("resources")
        else [(translation, "mlmstudio/gui/translations")]
        if package == "mlmstudio"
        else []
    )
    hooks.collect_submodules = lambda package: [f"{package}.launcher"]
    for name, module in (
        ("PyInstaller", types.ModuleType("PyInstaller")),
        ("PyInstaller.utils", types.ModuleType("PyInstaller.utils")),
        ("PyInstaller.utils.hooks", hooks),
    ):
        monkeypatch.setitem(sys.modules, name, module)

    def maker(kind):
        def make(*args, **kwargs):
            made.append(Recorded(kind, *args, **kwargs))
            return made[-1]

        return make

    def namespace(spec: Path) -> dict:
        return {
            "__name__": "__main__",
            "SPECPATH": str(spec.parent),
            "workpath": str(tmp_path / "work"),
            **{kind: maker(kind) for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")},
        }

    return namespace, made


def run_spec(spec: Path, namespace) -> None:
    exec(compile(spec.read_text(encoding="utf-8"), str(spec), "exec"), namespace(spec))


def test_the_windows_spec_takes_the_shared_analysis_and_makes_two_programs(spec_namespace):
    namespace, made = spec_namespace
    run_spec(PACKAGING / "windows" / "mlmstudio-windows.spec", namespace)
    rules = load(PACKAGING / "bundle_rules.py", "bundle_rules_for_test")
    (analysis,) = [m for m in made if m.kind == "Analysis"]
    assert analysis.args[0] == [str(PACKAGING / "launcher.py")]
    assert analysis.kwargs["excludes"] == rules.EXCLUDED_MODULES  # the shared rules, not a copy
    exes = sorted((m.kwargs["name"], m.kwargs["console"]) for m in made if m.kind == "EXE")
    assert exes == [("MLM Studio", False), ("mlmstudio", True)]  # the shared spec's own EXE was not made
    (collect,) = [m for m in made if m.kind == "COLLECT"]
    assert collect.kwargs["name"] == "MLM-Studio" and len(collect.args) == 4


def test_the_macos_spec_makes_an_app_bundle_from_the_shared_analysis(spec_namespace):
    namespace, made = spec_namespace
    run_spec(PACKAGING / "macos" / "mlmstudio-macos.spec", namespace)
    assert [m.kind for m in made].count("Analysis") == 1
    (bundle,) = [m for m in made if m.kind == "BUNDLE"]
    assert bundle.kwargs["name"] == "MLM Studio.app"
    assert bundle.kwargs["bundle_identifier"] == APP_ID
    assert bundle.kwargs["info_plist"]["CFBundleShortVersionString"] == mlmstudio.__version__


def test_the_builds_refuse_other_systems_with_a_sentence():
    for script, system in (("windows/build.py", "Windows"), ("macos/build.py", "a Mac")):
        result = subprocess.run(
            [sys.executable, str(PACKAGING / script)], capture_output=True, text=True, timeout=60
        )
        assert result.returncode == 2 and system in result.stderr


def test_the_constraints_pin_everything_but_torch(tmp_path):
    build = load(PACKAGING / "desktop_build.py", "desktop_build_for_test")
    pinned = build.constraints_without_torch(tmp_path)
    text = pinned.read_text(encoding="utf-8")
    assert "torch==" not in text and "PySide6_Essentials==" in text


@pytest.mark.slow  # trains 5 steps and opens the window, as a user's first minutes would
@pytest.mark.timeout(600)
@pytest.mark.skipif(os.name == "nt", reason="the stand-in program is a shell script")
def test_the_smoke_steps_pass_on_a_working_program(tmp_path):
    folder = tmp_path / "MLM-Studio-9.9.9-windows-x86_64"
    (folder / "_internal").mkdir(parents=True)
    for name in ("MLM Studio.exe", "LICENSE.txt", "THIRD_PARTY_NOTICES.md"):
        (folder / name).write_text("stand-in\n")
    # This tree's MLM Studio, saying the version the archive's name says.
    (folder / "mlmstudio.exe").write_text(
        "#!/bin/sh\n"
        '[ "$1" = --version ] && { echo "mlmstudio 9.9.9"; exit 0; }\n'
        f'exec {sys.executable} -m mlmstudio "$@"\n'
    )
    archive = tmp_path / "dist" / f"{folder.name}.zip"
    archive.parent.mkdir()
    with zipfile.ZipFile(archive, "w") as zf:
        for path in folder.rglob("*"):
            zf.write(path, path.relative_to(tmp_path))
    env = {k: v for k, v in os.environ.items() if not k.startswith("MLMSTUDIO_")}
    result = subprocess.run(
        [sys.executable, str(PACKAGING / "desktop_smoke.py"), str(archive.parent)],
        capture_output=True,
        text=True,
        timeout=590,
        env=env,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "smoke: PASSED" in result.stdout and "train sample:tutorial --steps 5" in result.stdout


def test_the_smoke_names_what_the_bundle_lacks(tmp_path):
    archive = tmp_path / "MLM-Studio-9.9.9-windows-x86_64.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("MLM-Studio-9.9.9-windows-x86_64/mlmstudio.exe", "stand-in")
    result = subprocess.run(
        [sys.executable, str(PACKAGING / "desktop_smoke.py"), str(archive)], capture_output=True, text=True
    )
    assert result.returncode == 1 and "the bundle lacks MLM Studio.exe" in result.stderr
