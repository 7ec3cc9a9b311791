"""Build MLM Studio for Windows: a one-folder bundle in a .zip, and an installer made with Inno Setup.

    python packaging\\windows\\build.py
      -> dist\\MLM-Studio-<version>-windows-x86_64.zip          (unzip anywhere, run mlmstudio.exe)
      -> dist\\MLM-Studio-<version>-windows-x86_64-setup.exe    (when Inno Setup's ISCC is installed)

Runs on Windows with Python 3.11 or newer, nothing else: the build environment, torch and
PyInstaller are installed by the shared steps (packaging/desktop_build.py), the bundle's
contents are the Linux bundle's (packaging/mlmstudio.spec), and this file adds the Windows
executables (mlmstudio-windows.spec), the icon, the .zip and the installer (mlmstudio.iss,
per user, no administrator rights). ISCC is looked up on the PATH and in Inno Setup 6's usual
folders; without it only the .zip is made. Environment: MLMSTUDIO_BUILD_DIR (default
build\\windows). packaging/desktop_smoke.py tests the result; .github/workflows/build.yml runs both.
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from desktop_build import (  # noqa: E402
    ICON_PNG,
    ROOT,
    BuildError,
    add_release_files,
    build_bundle,
    machine,
    project_version,
    run,
    say,
)

ISCC_FOLDERS = (r"C:\Program Files (x86)\Inno Setup 6", r"C:\Program Files\Inno Setup 6")
HOW = (
    "  MLM Studio.exe            open the desktop app\n"
    "  mlmstudio.exe --help      the command line (train, fill, runs, export-hf, ...), from a terminal"
)


def find_iscc() -> str | None:
    found = shutil.which("iscc")
    if found:
        return found
    for folder in ISCC_FOLDERS:
        candidate = Path(folder) / "ISCC.exe"
        if candidate.is_file():
            return str(candidate)
    return None


def main() -> int:
    if platform.system() != "Windows":
        print(
            "build: this script builds the Windows bundle; run it on Windows (packaging/build.sh is Linux's).",
            file=sys.stderr,
        )
        return 2
    try:
        version = project_version()
        name = f"MLM-Studio-{version}-windows-{machine()}"
        build_dir = Path(os.environ.get("MLMSTUDIO_BUILD_DIR") or ROOT / "build" / "windows")
        say(f"MLM Studio {version} -> dist\\{name}.zip (work in {build_dir})")
        python, dist = build_bundle(HERE / "mlmstudio-windows.spec", build_dir)
        folder = dist / "MLM-Studio"
        run([python, "-c", "import sys; from PIL import Image; Image.open(sys.argv[1]).save(sys.argv[2])",
             ICON_PNG, folder / "mlmstudio.ico"])  # fmt: skip
        add_release_files(python, folder, folder / "_internal", version, "Windows", HOW)
        out = ROOT / "dist"
        out.mkdir(exist_ok=True)
        stage = build_dir / "stage"
        shutil.rmtree(stage, ignore_errors=True)
        shutil.copytree(folder, stage / name)
        archive = shutil.make_archive(str(out / name), "zip", root_dir=stage, base_dir=name)
        say(f"archive {archive}: {Path(archive).stat().st_size // 1048576} MiB")
        iscc = find_iscc()
        if iscc is None:
            say("Inno Setup (ISCC.exe) not found: no installer made (choco install innosetup)")
        else:
            subprocess.run(
                [iscc, f"/DAppVersion={version}", f"/DSourceDir={stage / name}", f"/DOutputDir={out}",
                 f"/DArch={machine()}", str(HERE / "mlmstudio.iss")],
                check=True,
            )  # fmt: skip
            say(f"installer {out / (name + '-setup.exe')}")
        say(f"done; test it with: python packaging\\desktop_smoke.py {archive}")
        return 0
    except (BuildError, subprocess.CalledProcessError) as exc:
        print(f"build: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
