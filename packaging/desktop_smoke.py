"""Smoke-test the Windows .zip or the macOS .dmg as a user gets it: unpack, run, train, predict, open the window.

    python packaging/desktop_smoke.py dist/MLM-Studio-<version>-windows-x86_64.zip
    python packaging/desktop_smoke.py dist/MLM-Studio-<version>-macos-arm64.dmg
    python packaging/desktop_smoke.py dist          (the one archive in that folder)

The same steps as packaging/smoke.sh runs on the Linux tarball, in Python so that Windows
needs no bash: in a temporary folder, with a fresh home (HOME, USERPROFILE, APPDATA and
LOCALAPPDATA point into it, MLMSTUDIO_HOME unset) and no Python variables, so the history
lands where platformdirs puts it for a new user and nothing of a developer's Python leaks
in. --version; a 5-step training on sample:tutorial; fill; runs list; the window offscreen
for 3 s closing with exit code 0. Exits 1 naming the failing step, with its output.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

STEP_TIMEOUT_S = 600
ARCHIVE_NAME = re.compile(
    r"^MLM-Studio-(?P<version>[^-]+)-(?P<system>windows|macos)-(?P<arch>[a-z0-9_]+)\.(zip|dmg)$"
)


class SmokeFailed(Exception):
    pass


def step(message: str) -> None:
    print(f"smoke: {message}", flush=True)


def find_archive(given: Path) -> Path:
    if given.is_dir():
        found = sorted(p for p in given.iterdir() if ARCHIVE_NAME.match(p.name))
        if len(found) != 1:
            raise SmokeFailed(f"{given} holds {len(found)} Windows or macOS archives; name the one to test.")
        return found[0]
    if not given.is_file() or not ARCHIVE_NAME.match(given.name):
        raise SmokeFailed(f"{given} is not an MLM-Studio-<version>-<windows|macos>-<arch>.zip or .dmg.")
    return given


def unpack(archive: Path, work: Path) -> Path:
    """The program to run: mlmstudio.exe from the .zip, or the .app's executable from the .dmg."""
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as zf:
            zf.extractall(work)
        folders = [p for p in work.iterdir() if p.is_dir() and p.name.startswith("MLM-Studio-")]
        if len(folders) != 1:
            raise SmokeFailed("the .zip holds no MLM-Studio-* folder")
        for needed in (
            "mlmstudio.exe",
            "MLM Studio.exe",
            "LICENSE.txt",
            "THIRD_PARTY_NOTICES.md",
            "_internal",
        ):
            if not (folders[0] / needed).exists():
                raise SmokeFailed(f"the bundle lacks {needed}")
        program = folders[0] / "mlmstudio.exe"
        if os.name != "nt":  # zipfile keeps no POSIX modes: a .zip checked off Windows (tests/packaging)
            program.chmod(0o755)
        return program
    mount = work / "mounted"
    mount.mkdir()
    subprocess.run(
        ["hdiutil", "attach", "-nobrowse", "-readonly", "-mountpoint", str(mount), str(archive)], check=True
    )
    try:
        for needed in ("MLM Studio.app", "LICENSE.txt", "THIRD_PARTY_NOTICES.md", "Applications"):
            if not os.path.lexists(mount / needed):
                raise SmokeFailed(f"the disk image lacks {needed}")
        subprocess.run(["ditto", str(mount / "MLM Studio.app"), str(work / "MLM Studio.app")], check=True)
    finally:
        subprocess.run(["hdiutil", "detach", str(mount)], check=False)
    return work / "MLM Studio.app" / "Contents" / "MacOS" / "mlmstudio"


def clean_env(home: Path, **extra: str) -> dict[str, str]:
    """A new user's environment: the system's folders only, a fresh home, no Python or MLM Studio variables."""
    env = {"LANG": "C.UTF-8", "QT_QPA_PLATFORM": "offscreen"}
    for name in ("SystemRoot", "SYSTEMROOT", "WINDIR", "COMSPEC", "PATHEXT", "TEMP", "TMP", "TMPDIR"):
        if name in os.environ:
            env[name] = os.environ[name]
    if os.name == "nt":
        system_root = os.environ.get("SystemRoot", r"C:\Windows")
        env["PATH"] = os.pathsep.join([rf"{system_root}\System32", system_root])
        env.update(USERPROFILE=str(home), APPDATA=str(home / "AppData" / "Roaming"),
                   LOCALAPPDATA=str(home / "AppData" / "Local"), HOMEDRIVE="", HOMEPATH=str(home))  # fmt: skip
    else:
        env["PATH"] = "/usr/bin:/bin:/usr/sbin:/sbin"
    env["HOME"] = str(home)
    env.update(extra)
    return env


def run(program: Path, args: list[str], env: dict[str, str], what: str) -> str:
    try:
        result = subprocess.run(
            [str(program), *args], env=env, capture_output=True, text=True, timeout=STEP_TIMEOUT_S,
            encoding="utf-8", errors="replace",
        )  # fmt: skip
    except subprocess.TimeoutExpired as exc:
        raise SmokeFailed(f"{what} did not end within {STEP_TIMEOUT_S} s") from exc
    output = result.stdout + result.stderr
    if result.returncode != 0:
        raise SmokeFailed(f"{what} exited {result.returncode}:\n{output[-3000:]}")
    return output


def smoke(archive: Path) -> None:
    version = ARCHIVE_NAME.match(archive.name).group("version")
    with tempfile.TemporaryDirectory(prefix="mlmstudio-smoke-") as tmp:
        work = Path(tmp)
        step(f"unpacking {archive.name}")
        program = unpack(archive, work)
        home = work / "home"
        (home / "AppData" / "Roaming").mkdir(parents=True)
        (home / "AppData" / "Local").mkdir(parents=True)
        env = clean_env(home)

        step("--version")
        out = run(program, ["--version"], env, "mlmstudio --version")
        if f"mlmstudio {version}" not in out.splitlines():
            raise SmokeFailed(f"--version does not say 'mlmstudio {version}':\n{out}")

        step("train sample:tutorial --steps 5")
        out = run(program, ["train", "sample:tutorial", "--steps", "5"], env, "training")
        ids = re.findall(r"^run id: *([0-9a-f]{12})$", out, flags=re.MULTILINE)
        if not ids:
            raise SmokeFailed(f"training printed no 'run id:' line:\n{out[-2000:]}")
        run_id = ids[-1]
        if not any(p.name == run_id for p in home.rglob(run_id)):
            raise SmokeFailed(f"the run folder {run_id} is not under the fresh home {home}")

        step(f"fill {run_id}")
        out = run(program, ["fill", run_id, "The quick brown [MASK] jumps over the lazy dog."], env, "fill")
        if not re.search(r"[0-9]\.[0-9]", out):
            raise SmokeFailed(f"fill printed no probabilities:\n{out}")

        step("runs list")
        if run_id not in run(program, ["runs", "list"], env, "runs list"):
            raise SmokeFailed(f"runs list does not show run {run_id}")

        step("the window opens offscreen for 3 s and closes with exit code 0")
        out = run(program, [], clean_env(home, MLMSTUDIO_QUIT_AFTER_MS="3000"), "the app")
        if "is missing from" in out:
            raise SmokeFailed(f"the app could not find its icons:\n{out}")
    step(f"PASSED ({archive.name})")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: desktop_smoke.py ARCHIVE.zip|ARCHIVE.dmg|FOLDER", file=sys.stderr)
        return 2
    try:
        smoke(find_archive(Path(argv[0])))
    except (SmokeFailed, subprocess.CalledProcessError, OSError) as exc:
        print(f"smoke: FAILED: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
