#!/usr/bin/env python3
"""Set up MLM Studio, run its tests and its linters, on Linux, Windows or macOS: no bash needed.

    python scripts/dev.py setup [app|test] [--cuda [TAG]] [--dry-run]
    python scripts/dev.py test [--fast] [PYTEST ARGS...]
    python scripts/dev.py lint [--fix]
    python scripts/dev.py install-torch PYTHON [VERSION] [--cuda [TAG]] [--dry-run]

(On Windows: ``py -3.11 scripts\\dev.py setup``.) The steps are written once, here:
scripts/setup.sh, test.sh, lint.sh and install_torch.sh only hand their arguments to this
file, so CI (.ci/run) and a Windows user run the same thing.

setup: the system's Qt libraries (Debian/Ubuntu, as root), ``.venv``, torch pinned and CPU-only
unless ``--cuda`` asks for PyTorch's CUDA build, then the project (editable) with its extras
(app: hf; test: test and hf). Idempotent: a second run checks and returns in a few seconds.

torch comes first because, left to resolve freely, ``pip install torch==X`` on Linux takes
PyPI's CUDA build and several GB of nvidia-* libraries. So: first a wheel that pip finds
without any index (a local wheel through pip's find-links configuration, as on machines that
carry one); failing that, the CPU build from PyTorch's CPU wheel index, added beside pip's usual
index, which still supplies torch's small pure-Python dependencies. Only the CPU index has a
"+cpu" torch, so pip cannot take any other. ``--cuda`` (or MLMSTUDIO_CUDA=TAG) takes
"+cuXYZ" from https://download.pytorch.org/whl/cuXYZ instead. The build found installed at the
end is checked against the one asked for. ``--dry-run`` prints the commands without running them.

test: the suite headless (QT_QPA_PLATFORM=offscreen) on every core (pytest-xdist), in three
steps, each run even when one before failed:
  1. the app, the CLI and the rest: every test outside the three folders below
  2. tests/engine tests/store tests/sweep with Qt blocked: they must not need it
  3. the benchmark scripts' smoke runs (marked bench)
``--fast`` runs steps 1 and 2 without the tests marked slow; other arguments make it one pytest
run of those arguments instead (a file, -k NAME, -n 0 ...). Exit status 1 when a step failed.

lint: ruff check, ruff format --check and mypy over the Qt-free layers, as CI runs them.

Environment: MLMSTUDIO_TORCH_VERSION (default 2.13.0), MLMSTUDIO_TORCH_INDEX (the CPU index),
MLMSTUDIO_CUDA (a CUDA tag such as cu128, or 1 for the default one).
Only the standard library is used: this runs before .venv exists.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
MIN_PYTHON = (3, 11)
TORCH_VERSION = "2.13.0"
CPU_INDEX = "https://download.pytorch.org/whl/cpu"
CUDA_INDEX = "https://download.pytorch.org/whl/{tag}"
DEFAULT_CUDA = "cu128"
# Wanted, not needed: the tests validate the desktop entry and the AppStream metainfo, and
# re-render the icon PNGs, with the distribution's tools when they are installed, and skip
# those checks otherwise.
OPTIONAL_TEST_PACKAGES = ("desktop-file-utils", "appstream", "librsvg2-bin")
QT_FREE_TESTS = ("tests/engine", "tests/store", "tests/sweep")
PIP_QUIET = ("-q", "--disable-pip-version-check")


class StepFailed(Exception):
    """A set-up step failed; its sentence is printed and the command exits 1."""


# Where things are -----------------------------------------------------------------------
def venv_python(venv: Path = VENV, windows: bool = os.name == "nt") -> Path:
    return venv / ("Scripts/python.exe" if windows else "bin/python")


def venv_tool(name: str, venv: Path = VENV, windows: bool = os.name == "nt") -> Path:
    return venv / ("Scripts" if windows else "bin") / (f"{name}.exe" if windows else name)


def qt_system_packages() -> tuple[str, ...]:
    """What Qt needs on Debian/Ubuntu: mlmstudio/display_check.py's list, which the app prints too.

    That module needs nothing beyond the standard library, so it imports before anything is installed.
    """
    sys.path.insert(0, str(ROOT))
    try:
        from mlmstudio.display_check import QT_SYSTEM_PACKAGES
    finally:
        sys.path.remove(str(ROOT))
    return tuple(QT_SYSTEM_PACKAGES)


# Running commands ----------------------------------------------------------------------
class Runner:
    """Runs commands, or with ``dry_run`` prints each as ``would run: ...`` and pretends it succeeded."""

    def __init__(self, dry_run: bool = False) -> None:
        self.dry_run = dry_run

    def run(
        self, argv: list[str], *, quiet: bool = False, check: bool = True, shown: str = "", **kwargs
    ) -> int:
        if self.dry_run:
            print(f"would run: {shown or shlex.join(str(a) for a in argv)}")
            return 0
        if quiet:
            kwargs.setdefault("stdout", subprocess.DEVNULL)
            kwargs.setdefault("stderr", subprocess.DEVNULL)
        code = subprocess.run([str(a) for a in argv], **kwargs).returncode
        if check and code != 0:
            raise StepFailed(f"this command failed (exit {code}): {shlex.join(str(a) for a in argv)}")
        return code


def say(message: str) -> None:
    print(f"setup: {message}", flush=True)


# torch ------------------------------------------------------------------------------------
def cuda_tag(flag: str | None, env: dict[str, str]) -> str | None:
    """The CUDA tag asked for (--cuda, or MLMSTUDIO_CUDA), or None for the CPU build."""
    value = flag if flag is not None else env.get("MLMSTUDIO_CUDA", "").strip() or None
    if value is None or value.lower() in ("0", "no", "cpu"):
        return None
    if value.lower() in ("1", "yes", "true", ""):
        return DEFAULT_CUDA
    if not (value.startswith("cu") and value[2:].isdigit()):
        raise StepFailed(f"--cuda {value!r} is not a CUDA tag; give one such as {DEFAULT_CUDA} (CUDA 12.8).")
    return value


def torch_spec(version: str, cuda: str | None, system: str) -> str:
    """PyTorch names Linux CPU wheels '+cpu' and CUDA wheels '+cuXYZ'; macOS and Windows CPU wheels carry no label."""
    if cuda:
        return f"torch=={version}+{cuda}"
    return f"torch=={version}+cpu" if system == "Linux" else f"torch=={version}"


def install_torch(
    python: Path | str,
    version: str,
    cuda: str | None,
    runner: Runner,
    env: dict[str, str] | None = None,
    system: str | None = None,
) -> None:
    """Install the torch build asked for into ``python``'s environment, never another one by accident."""
    env = dict(os.environ) if env is None else env
    system = system or platform.system()
    if cuda and system == "Darwin":
        raise StepFailed(
            "PyTorch has no CUDA build for macOS; run the set-up without --cuda "
            "(training on Apple silicon uses its GPU through MPS with the ordinary build)."
        )
    spec = torch_spec(version, cuda, system)
    pip = [str(python), "-m", "pip", "install", *PIP_QUIET]
    if cuda:
        index = CUDA_INDEX.format(tag=cuda)
        print(f"install_torch: {spec} from PyTorch's CUDA wheel index ({index}); about 3 GB", flush=True)
        runner.run([*pip, "--extra-index-url", index, spec])
    else:
        cpu_index = env.get("MLMSTUDIO_TORCH_INDEX") or CPU_INDEX
        if runner.dry_run:
            print(
                f"install_torch: {spec} from a local wheel if pip finds one without an index, else from {cpu_index}"
            )
            runner.run([*pip, "--no-index", "--no-deps", spec])
            runner.run([*pip, "--extra-index-url", cpu_index, spec])
        elif runner.run([*pip, "--no-index", "--no-deps", spec], quiet=True, check=False) == 0:
            # torch itself came from disk; its small pure-Python dependencies come from the usual index.
            print(f"install_torch: {spec} from a local wheel", flush=True)
            runner.run([*pip, spec])
        else:
            print(f"install_torch: {spec} from PyTorch's CPU wheel index ({cpu_index})", flush=True)
            runner.run([*pip, "--extra-index-url", cpu_index, spec])
    check = (
        "import sys, torch\n"
        "cuda = torch.version.cuda\n"
        f"want_cuda = {bool(cuda)!r}\n"
        "if cuda and not want_cuda:\n"
        "    sys.exit(f'install_torch: torch {torch.__version__} is a CUDA build ({cuda}); "
        "uninstall it and run this again, or ask for it with --cuda')\n"
        "if want_cuda and not cuda:\n"
        "    sys.exit(f'install_torch: torch {torch.__version__} is CPU-only, not the CUDA build asked for')\n"
    )
    runner.run([str(python), "-c", check], shown=f"{python} -c '<check: torch is the {cuda or 'CPU'} build>'")


def installed_torch(python: Path) -> str | None:
    """'cpu' or 'cuda' for the torch ``python`` imports, None when it has none."""
    probe = "import torch; print('cuda' if torch.version.cuda else 'cpu')"
    result = subprocess.run([str(python), "-c", probe], capture_output=True, text=True)
    return result.stdout.strip() if result.returncode == 0 else None


# The system's Qt libraries -------------------------------------------------------------------
def not_installed(packages: tuple[str, ...]) -> list[str]:
    if shutil.which("dpkg-query") is None:
        return []  # not Debian/Ubuntu: Qt's wheels bring what Windows and macOS need
    missing = []
    for package in packages:
        result = subprocess.run(["dpkg-query", "-W", "-f=${Status}", package], capture_output=True, text=True)
        if "install ok installed" not in result.stdout:
            missing.append(package)
    return missing


def install_system_packages(flavour: str, runner: Runner) -> None:
    if platform.system() != "Linux":
        return
    missing = not_installed(qt_system_packages())
    optional = not_installed(OPTIONAL_TEST_PACKAGES) if flavour == "test" else []
    if not missing and not optional:
        return
    is_root = hasattr(os, "geteuid") and os.geteuid() == 0
    if is_root and shutil.which("apt-get"):
        say(f"installing system packages: {' '.join(missing + optional)}")
        apt_env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        runner.run(["apt-get", "update", "-qq"])
        runner.run(
            ["apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing, *optional],
            env=apt_env,
            stdout=subprocess.DEVNULL,
        )
    elif missing:
        raise StepFailed(
            "Qt needs these system packages; install them as root, then run this again:\n"
            f"  sudo apt-get install -y --no-install-recommends {' '.join(missing + optional)}"
        )
    else:
        say(
            f"the desktop-file checks will be skipped; to run them: sudo apt-get install {' '.join(optional)}"
        )


# setup --------------------------------------------------------------------------------------
def project_stamp() -> str:
    """Changes when the project's dependencies may have: the hash of pyproject.toml and setup.py."""
    digest = hashlib.sha256()
    for name in ("pyproject.toml", "setup.py"):
        digest.update((ROOT / name).read_bytes())
    return digest.hexdigest()


def setup(flavour: str = "app", cuda: str | None = None, dry_run: bool = False) -> None:
    if flavour not in ("app", "test"):
        raise StepFailed(f"unknown flavour {flavour!r}: use app or test.")
    runner = Runner(dry_run)
    env = dict(os.environ)
    install_system_packages(flavour, runner)
    python = venv_python()
    if not python.exists():
        if sys.version_info < MIN_PYTHON:
            raise StepFailed(
                f"MLM Studio needs Python {'.'.join(map(str, MIN_PYTHON))} or newer; this is "
                f"{platform.python_version()} ({sys.executable}). Run this file with a newer one."
            )
        say("creating .venv")
        runner.run([sys.executable, "-m", "venv", str(VENV)])
    version = env.get("MLMSTUDIO_TORCH_VERSION") or TORCH_VERSION
    have = None if dry_run and not python.exists() else installed_torch(python)
    if have is None or (cuda and have != "cuda"):
        install_torch(python, version, cuda, runner, env)
    extras = "test,hf" if flavour == "test" else "hf"
    stamp = VENV / f".mlmstudio-installed-{extras}"
    want = project_stamp()
    if dry_run or not stamp.is_file() or stamp.read_text().strip() != want:
        say(f"installing MLM Studio and its dependencies ({extras})")
        # pip 25.1 is the first whose 'pip show' prints the licence expression (License-Expression: MIT).
        runner.run([str(python), "-m", "pip", "install", *PIP_QUIET, "pip>=25.1"])
        runner.run([str(python), "-m", "pip", "install", *PIP_QUIET, "-e", f".[{extras}]"], cwd=ROOT)
        if not dry_run:
            stamp.write_text(want + "\n")


# test -----------------------------------------------------------------------------------------
def test(args: list[str]) -> int:
    setup("test")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    pytest = [str(venv_python()), "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    parallel = [
        "-n",
        "auto",
        "--dist",
        "loadfile",
    ]  # a module's trained fixture is built once, not per worker
    fast = bool(args) and args[0] == "--fast"
    if fast:
        args = args[1:]
    marks = ["-m", "not slow"] if fast else []
    if args:
        return subprocess.run([*pytest, *marks, *args], cwd=ROOT, env=env).returncode

    failed = []

    def step(name: str, *pytest_args: str) -> None:
        print(f"== {name}", flush=True)
        if subprocess.run([*pytest, *pytest_args], cwd=ROOT, env=env).returncode != 0:
            failed.append(name)

    ignored = [arg for folder in QT_FREE_TESTS for arg in ("--ignore", folder)]
    without_qt = ["--without-qt", "-p", "no:pytest-qt", *QT_FREE_TESTS]
    if fast:
        step("tests", *parallel, "-m", "not slow", *ignored, "tests")
        step("engine, store, sweep without Qt", *parallel, "-m", "not slow", *without_qt)
    else:
        step("tests", *parallel, "-m", "not bench", *ignored, "tests")
        step("engine, store, sweep without Qt", *parallel, *without_qt)
        # One script per worker: each runs for seconds on its own, mostly in its own processes.
        step(
            "benchmark smoke runs",
            "-n",
            "auto",
            "--dist",
            "load",
            "-m",
            "bench",
            "tests/test_benchmarks_smoke.py",
        )
    if failed:
        print(f"FAILED: {' '.join(failed)}")
        return 1
    return 0


# lint -----------------------------------------------------------------------------------------
def lint(fix: bool) -> int:
    setup("test")
    ruff, mypy = str(venv_tool("ruff")), str(venv_tool("mypy"))
    if fix:
        subprocess.run([ruff, "check", "--fix", "--quiet", "."], cwd=ROOT)
        subprocess.run([ruff, "format", "--quiet", "."], cwd=ROOT)
    failed = []
    for name, argv in (
        ("ruff check", [ruff, "check", "."]),
        ("ruff format --check", [ruff, "format", "--check", "."]),
        ("mypy", [mypy]),  # the paths are [tool.mypy] files in pyproject.toml
    ):
        print(f"== {name}", flush=True)
        if subprocess.run(argv, cwd=ROOT).returncode != 0:
            failed.append(name)
    if failed:
        print(f"FAILED: {' '.join(failed)}")
        return 1
    return 0


# The command line -----------------------------------------------------------------------------
def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="dev.py", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    cuda_help = (
        f"install PyTorch's CUDA build (TAG: the CUDA index, default {DEFAULT_CUDA}) instead of the CPU one"
    )

    p = commands.add_parser("setup", help="create .venv with torch and the project")
    p.add_argument("flavour", nargs="?", default="app", choices=("app", "test"))
    p.add_argument("--cuda", nargs="?", const=DEFAULT_CUDA, metavar="TAG", help=cuda_help)
    p.add_argument("--dry-run", action="store_true", help="print the commands instead of running them")

    p = commands.add_parser("install-torch", help="install the pinned torch into the Python given")
    p.add_argument("python")
    p.add_argument("version", nargs="?")
    p.add_argument("--cuda", nargs="?", const=DEFAULT_CUDA, metavar="TAG", help=cuda_help)
    p.add_argument("--dry-run", action="store_true", help="print the commands instead of running them")

    # Only for --help: main hands test's arguments to pytest untouched (argparse would read them).
    commands.add_parser("test", help="run the tests headless: test [--fast] [PYTEST ARGS...]")

    p = commands.add_parser("lint", help="ruff and mypy, as CI runs them")
    p.add_argument("--fix", action="store_true", help="let ruff fix and format what it safely can first")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["test"] and argv[1:2] not in (["-h"], ["--help"]):
        try:
            return test(argv[1:])
        except StepFailed as exc:
            print(f"test: {exc}", file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            return 130
    args = parse(argv)
    try:
        if args.command == "setup":
            setup(args.flavour, cuda_tag(args.cuda, dict(os.environ)), args.dry_run)
            return 0
        if args.command == "install-torch":
            version = args.version or os.environ.get("MLMSTUDIO_TORCH_VERSION") or TORCH_VERSION
            cuda = cuda_tag(args.cuda, dict(os.environ))
            install_torch(args.python, version, cuda, Runner(args.dry_run))
            return 0
        return lint(args.fix)
    except StepFailed as exc:
        print(f"{args.command}: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
