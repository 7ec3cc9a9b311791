"""packaging/runpaths.py: the build machine's library folders leave the bundle's ELF search paths."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "packaging" / "runpaths.py"


def load():
    spec = importlib.util.spec_from_file_location("runpaths", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_only_entries_relative_to_the_file_are_kept():
    runpaths = load()
    assert runpaths.kept_entries("$ORIGIN/../lib:/root/.pyenv/versions/3.11.7/lib") == "$ORIGIN/../lib"
    assert runpaths.kept_entries("/root/.pyenv/versions/3.11.7/lib") == ""
    assert runpaths.kept_entries("$ORIGIN:${ORIGIN}/x") == "$ORIGIN:${ORIGIN}/x"


def python_library_with_a_search_path() -> Path | None:
    """This Python's own libpython, when it carries an absolute RUNPATH (pyenv's does)."""
    if not (shutil.which("readelf") and shutil.which("chrpath")):
        return None
    library = Path(sysconfig.get_config_var("LIBDIR") or "") / (sysconfig.get_config_var("INSTSONAME") or "")
    if not library.is_file():
        return None
    value = load().search_path(library)
    return library if value and value.startswith("/") else None


@pytest.mark.skipif(
    python_library_with_a_search_path() is None,
    reason="needs readelf, chrpath and a libpython with a RUNPATH",
)
def test_a_library_searching_the_build_machine_is_fixed_and_still_loads(tmp_path):
    folder = tmp_path / "_internal"
    folder.mkdir()
    copy = folder / "libpython3.so"
    shutil.copy(python_library_with_a_search_path(), copy)
    (folder / "data.txt").write_text("not ELF")
    check = [sys.executable, str(SCRIPT), "check", str(folder)]
    first = subprocess.run(check, capture_output=True, text=True, timeout=60)
    assert first.returncode == 1 and "libpython3.so: /" in first.stdout
    fixed = subprocess.run(
        [sys.executable, str(SCRIPT), "fix", str(folder)], capture_output=True, text=True, timeout=60
    )
    assert fixed.returncode == 0 and "1 file(s)" in fixed.stdout
    assert subprocess.run(check, capture_output=True, text=True, timeout=60).returncode == 0
    assert load().search_path(copy) is None
    loaded = subprocess.run(
        [sys.executable, "-c", f"import ctypes; ctypes.CDLL({str(copy)!r})"], capture_output=True
    )
    assert loaded.returncode == 0, loaded.stderr
