"""``python -m build`` makes a clean sdist and wheel: the package with its icons, migrations,
grammar files, licence and notices, and no tests or other stray files; the metadata names the
licence, and ``pip show`` prints it.

The build runs on a copy of the tree's files that git knows (as a checkout has them), in a
temporary folder: building in the shared tree would leave build/ and egg-info behind.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import mlmstudio
from mlmstudio.resource_paths import APP_ID

REPO = Path(__file__).resolve().parents[2]
VERSION = mlmstudio.__version__
MIGRATIONS = sorted(p.name for p in (REPO / "mlmstudio" / "store" / "migrations" / "versions").glob("*.py"))

pytestmark = pytest.mark.skipif(importlib.util.find_spec("build") is None, reason="needs build (test extra)")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    work = tmp_path_factory.mktemp("python-build")
    source = work / "source"
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=REPO,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    for name in filter(None, listed):
        path = REPO / name.decode()
        if path.is_file():
            target = source / name.decode()
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    out = work / "dist"
    result = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(source)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    (wheel,) = out.glob("*.whl")
    (sdist,) = out.glob("*.tar.gz")
    with zipfile.ZipFile(wheel) as zf:
        wheel_files = zf.namelist()
        metadata = zf.read(f"mlmstudio-{VERSION}.dist-info/METADATA").decode()
    with tarfile.open(sdist) as tf:
        sdist_files = [m.name.split("/", 1)[1] for m in tf.getmembers() if m.isfile()]
    return {"wheel": wheel, "wheel_files": wheel_files, "sdist_files": sdist_files, "metadata": metadata}


def stray(files: list[str]) -> list[str]:
    return [
        f
        for f in files
        if f.startswith(("tests/", "benchmarks/", "packaging/", "docs/", "scripts/", "build/", "dist/"))
        or "/tests/" in f
        or "__pycache__" in f
        or f.endswith((".pyc", ".orig", ".rej"))
    ]


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_wheel_holds_the_package_its_data_and_the_licence_and_nothing_else(built):
    files = built["wheel_files"]
    assert stray(files) == []
    assert {f.split("/")[0] for f in files} == {"mlmstudio", f"mlmstudio-{VERSION}.dist-info"}
    for needed in (
        f"mlmstudio/resources/icons/hicolor/256x256/apps/{APP_ID}.png",
        f"mlmstudio/resources/icons/hicolor/scalable/apps/{APP_ID}.svg",
        f"mlmstudio/resources/{APP_ID}.desktop",
        f"mlmstudio/resources/{APP_ID}.metainfo.xml",
        "mlmstudio/resources/grammar/blimp-en.jsonl",
        "mlmstudio/store/migrations/env.py",
        "mlmstudio/store/migrations/script.py.mako",
        f"mlmstudio-{VERSION}.dist-info/licenses/LICENSE",
        f"mlmstudio-{VERSION}.dist-info/licenses/THIRD_PARTY_NOTICES.md",
    ):
        assert needed in files, needed
    shipped = sorted(
        f.rsplit("/", 1)[1] for f in files if f.startswith("mlmstudio/store/migrations/versions/")
    )
    assert shipped == MIGRATIONS


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_sdist_holds_what_builds_the_wheel_and_the_release_files(built):
    files = built["sdist_files"]
    assert stray(files) == []
    for needed in (
        "LICENSE",
        "THIRD_PARTY_NOTICES.md",
        "README.md",
        "CHANGELOG.md",
        "pyproject.toml",
        "setup.py",
    ):
        assert needed in files, needed
    assert f"resources/icons/hicolor/256x256/apps/{APP_ID}.png" in files
    assert sorted(
        f.rsplit("/", 1)[1] for f in files if f.startswith("mlmstudio/store/migrations/versions/")
    ) == (MIGRATIONS)


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_metadata_names_the_licence_and_where_the_project_lives(built):
    metadata = built["metadata"]
    assert "License-Expression: MIT" in metadata.splitlines()
    assert "Project-URL: Changelog, https://github.com/mlmstudio/mlmstudio/blob/main/CHANGELOG.md" in metadata
    assert "Classifier: Operating System :: Microsoft :: Windows" in metadata


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_pip_show_lists_the_licence(built, tmp_path):
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            str(target),
            str(built["wheel"]),
        ],
        check=True,
        timeout=300,
    )
    # pip show reads the first mlmstudio on sys.path: the wheel just installed, not this tree's.
    show = (
        "import sys; sys.path.insert(0, sys.argv[1]); "
        "from pip._internal.cli.main import main; sys.exit(main(['show', 'mlmstudio']))"
    )
    result = subprocess.run(
        [sys.executable, "-c", show, str(target)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert f"Location: {target}" in result.stdout
    licence = [line for line in result.stdout.splitlines() if line.startswith("License")]
    assert licence in (["License-Expression: MIT"], ["License: ", "License-Expression: MIT"]), result.stdout
