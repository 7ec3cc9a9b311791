"""The steps the Windows and macOS bundle builds share, in Python (no bash on Windows).

packaging/windows/build.py and packaging/macos/build.py call ``build_bundle`` with their
spec and then pack its folder their own way (a .zip and an Inno Setup installer; a .app in
a .dmg). What goes into the bundle is decided once for every system: their specs run
packaging/mlmstudio.spec (the Linux build's spec) for its Analysis, with its exclusions and
file rules from bundle_rules.py, and only choose their own executables (``shared_analysis``).

The steps, as packaging/build.sh has them for Linux: a build environment of its own
(build/<system>/venv, never the project's .venv), the CPU torch from scripts/dev.py's
``install_torch``, PyInstaller and MLM Studio (not editable, no extras) at the versions of
packaging/constraints.txt where it names them (torch left to install_torch: its wheel names
differ per system), PyInstaller from the build folder, then LICENSE, freshly generated
third-party notices (checked against _internal/) and a README.txt beside the program.
"""

from __future__ import annotations

import importlib.util
import os
import platform
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
SHARED_SPEC = PACKAGING / "mlmstudio.spec"
CONSTRAINTS = PACKAGING / "constraints.txt"
PYINSTALLER = "pyinstaller>=6.10,<7"
PILLOW = "pillow>=10"  # PyInstaller turns the PNG icon into .ico / .icns with it
APP_ID = "io.github.mlmstudio.MLMStudio"
ICON_PNG = ROOT / "resources" / "icons" / "hicolor" / "512x512" / "apps" / f"{APP_ID}.png"


class BuildError(Exception):
    """A build step failed; its sentence is printed and the build exits 1."""


def say(message: str) -> None:
    print(f"build: {message}", flush=True)


def project_version() -> str:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    code = (ROOT / "mlmstudio" / "__init__.py").read_text(encoding="utf-8")
    if f'__version__ = "{version}"' not in code:
        raise BuildError(
            f"pyproject.toml says version {version} but mlmstudio/__init__.py does not; make them agree."
        )
    return version


def machine() -> str:
    """x86_64 or arm64, as the archive names say it."""
    name = platform.machine().lower()
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(name, name)


def _load_dev():
    spec = importlib.util.spec_from_file_location("mlmstudio_dev", ROOT / "scripts" / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def constraints_without_torch(build_dir: Path) -> Path | None:
    """packaging/constraints.txt less its torch line (torch's wheel names differ per system)."""
    if not CONSTRAINTS.is_file():
        return None
    lines = [
        line
        for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines()
        if not line.strip().lower().startswith("torch==")
    ]
    target = build_dir / "constraints-without-torch.txt"
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target


def run(argv: list[str | Path], **kwargs) -> None:
    code = subprocess.run([str(a) for a in argv], **kwargs).returncode
    if code != 0:
        raise BuildError(f"this step failed (exit {code}): {' '.join(str(a) for a in argv)}")


def build_environment(build_dir: Path) -> Path:
    """build_dir/venv with the CPU torch, PyInstaller, Pillow and MLM Studio; its Python."""
    dev = _load_dev()
    venv = build_dir / "venv"
    python = dev.venv_python(venv)
    if not python.exists():
        say(f"creating the build environment {venv}")
        run([sys.executable, "-m", "venv", venv])
    dev.install_torch(
        python, os.environ.get("MLMSTUDIO_TORCH_VERSION") or dev.TORCH_VERSION, None, dev.Runner()
    )
    pin: list[str | Path] = []
    constraints = constraints_without_torch(build_dir)
    if constraints is not None:
        pin = ["-c", constraints]
    pip = [python, "-m", "pip", "install", "-q", "--disable-pip-version-check", *pin]
    say("installing PyInstaller and MLM Studio (not editable, no extras) into the build environment")
    run([*pip, PYINSTALLER, PILLOW])
    run([*pip, ROOT])
    # The bundle must hold this tree's code even when the version is unchanged.
    run([*pip, "--force-reinstall", "--no-deps", ROOT])
    run(
        [
            python,
            "-c",
            "import sys, torch; sys.exit('a CUDA torch is in the build environment' if torch.version.cuda else 0)",
        ]
    )
    return python


def build_bundle(spec: Path, build_dir: Path) -> tuple[Path, Path]:
    """Run PyInstaller on ``spec``; the build environment's Python and PyInstaller's dist folder."""
    build_dir.mkdir(parents=True, exist_ok=True)
    python = build_environment(build_dir)
    dist = build_dir / "dist"
    shutil.rmtree(dist, ignore_errors=True)
    say("running PyInstaller (several minutes)")
    # From the build folder, not the source tree: run from the tree, Python finds the source
    # folder mlmstudio/ first, which lacks resources/ (mapped in only by an install).
    run(
        [python, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
         "--distpath", dist, "--workpath", build_dir / "work", spec],
        cwd=build_dir,
    )  # fmt: skip
    return python, dist


def add_release_files(
    python: Path, folder: Path, internal: Path, version: str, system: str, how: str
) -> None:
    """LICENSE, the third-party notices (checked against ``internal``) and README.txt into ``folder``."""
    shutil.copy2(ROOT / "LICENSE", folder / "LICENSE.txt")
    run(
        [python, PACKAGING / "third_party_notices.py", "--output", folder / "THIRD_PARTY_NOTICES.md",
         "--check-bundle", internal]
    )  # fmt: skip
    (folder / "README.txt").write_text(
        f"MLM Studio {version} for {system} (CPU)\n\n{how}\n\n"
        "Runs are kept in your user data folder, or in MLMSTUDIO_HOME. Nothing here needs the network.\n\n"
        "MLM Studio is under the MIT licence (LICENSE.txt); the components it bundles, Qt and PySide6\n"
        "(LGPL-3.0) among them, and how to replace those, are listed in THIRD_PARTY_NOTICES.md.\n",
        encoding="utf-8",
    )


def shared_analysis(namespace: dict) -> dict:
    """Run packaging/mlmstudio.spec in a copy of a spec's ``namespace``, without its EXE and COLLECT.

    Returns that namespace: ``a`` (the Analysis, with bundle_rules' exclusions and file drops
    applied) and ``pyz`` are the shared spec's own; the calling spec builds its executables.
    """
    shared = dict(namespace)
    shared["SPECPATH"] = str(PACKAGING)  # the shared spec finds the tree from its own folder
    shared["EXE"] = shared["COLLECT"] = lambda *args, **kwargs: None
    exec(compile(SHARED_SPEC.read_text(encoding="utf-8"), str(SHARED_SPEC), "exec"), shared)
    return shared
