"""Build MLM Studio for macOS: MLM Studio.app in a disk image.

    python packaging/macos/build.py      -> dist/MLM-Studio-<version>-macos-<arm64|x86_64>.dmg

Runs on macOS with Python 3.11 or newer: the build environment, torch and PyInstaller are
installed by the shared steps (packaging/desktop_build.py), the bundle's contents are the
Linux bundle's (packaging/mlmstudio.spec), this file adds the .app (mlmstudio-macos.spec), the
licence and notices beside it, a link to /Applications, and the .dmg (hdiutil, compressed).
The app is not signed or notarized (that needs an Apple Developer ID): the first start asks
the user to allow it (right-click, Open). Environment: MLMSTUDIO_BUILD_DIR (default
build/macos). packaging/desktop_smoke.py tests the result; .github/workflows/build.yml runs both.
"""

from __future__ import annotations

import os
import platform
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from desktop_build import (  # noqa: E402
    ROOT,
    BuildError,
    add_release_files,
    build_bundle,
    machine,
    project_version,
    run,
    say,
)

HOW = (
    "  Drag MLM Studio.app into Applications, then open it.\n"
    '  The command line: "/Applications/MLM Studio.app/Contents/MacOS/mlmstudio" --help'
)


def main() -> int:
    if platform.system() != "Darwin":
        print(
            "build: this script builds the macOS app; run it on a Mac (packaging/build.sh is Linux's).",
            file=sys.stderr,
        )
        return 2
    try:
        version = project_version()
        name = f"MLM-Studio-{version}-macos-{machine()}"
        build_dir = Path(os.environ.get("MLMSTUDIO_BUILD_DIR") or ROOT / "build" / "macos")
        say(f"MLM Studio {version} -> dist/{name}.dmg (work in {build_dir})")
        python, dist = build_bundle(HERE / "mlmstudio-macos.spec", build_dir)
        app = dist / "MLM Studio.app"
        stage = build_dir / "stage"
        shutil.rmtree(stage, ignore_errors=True)
        stage.mkdir(parents=True)
        run(["ditto", app, stage / app.name])  # keeps the bundle's links and attributes
        add_release_files(python, stage, stage / app.name / "Contents" / "Frameworks", version, "macOS", HOW)
        (stage / "Applications").symlink_to("/Applications")
        out = ROOT / "dist"
        out.mkdir(exist_ok=True)
        image = out / f"{name}.dmg"
        image.unlink(missing_ok=True)
        run(
            [
                "hdiutil",
                "create",
                "-volname",
                "MLM Studio",
                "-srcfolder",
                stage,
                "-ov",
                "-format",
                "UDZO",
                image,
            ]
        )
        say(f"disk image {image}: {image.stat().st_size // 1048576} MiB")
        say(f"done; test it with: python packaging/desktop_smoke.py {image}")
        return 0
    except BuildError as exc:
        print(f"build: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
