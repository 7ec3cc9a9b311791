"""engine/atomic_file.py: a file is the old one or the new one, never half, and its mode is right."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest

from mlmstudio.engine import atomic_file
from mlmstudio.engine.atomic_file import atomic_write_bytes, atomic_write_text


def test_atomic_write_replaces_and_leaves_no_temporary_files(tmp_path):
    target = tmp_path / "sub" / "f.json"
    atomic_write_text(target, "one")
    atomic_write_bytes(target, b"two")
    assert target.read_bytes() == b"two"
    assert os.listdir(target.parent) == ["f.json"]


def test_a_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "f.bin"
    atomic_write_bytes(target, b"old")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(atomic_file.os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        atomic_write_bytes(target, b"new")
    assert target.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["f.bin"]


def test_a_failed_atomic_write_names_the_target_not_the_temporary_file(tmp_path):
    target = tmp_path / "config.json"
    target.mkdir()  # a folder where the file should go: os.replace fails
    with pytest.raises(OSError) as info:
        atomic_write_text(target, "{}")
    assert info.value.filename == str(target) and ".tmp" not in str(info.value)
    assert [p.name for p in tmp_path.iterdir()] == ["config.json"]  # no temporary file left


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
def test_a_script_is_executable_from_the_moment_it_has_its_name(tmp_path, monkeypatch):
    seen = []
    real_replace = os.replace

    def replace_and_look(src, dst):
        seen.append(stat.S_IMODE(os.stat(src).st_mode))  # the mode it will appear with
        real_replace(src, dst)

    monkeypatch.setattr(atomic_file.os, "replace", replace_and_look)
    script = tmp_path / "run.sh"
    atomic_write_text(script, "#!/bin/sh\necho hi\n", mode=0o755)
    atomic_write_text(tmp_path / "plain.txt", "text")
    assert seen[0] == 0o755 and os.access(script, os.X_OK)
    assert seen[1] & 0o111 == 0  # without a mode: not executable


def test_writing_a_file_loads_no_torch():
    """The store and the light commands write config files through it without paying torch's import."""
    probe = (
        "import sys, tempfile, pathlib\n"
        "from mlmstudio.engine.atomic_file import atomic_write_text\n"
        "atomic_write_text(pathlib.Path(tempfile.mkdtemp()) / 'a.json', '{}')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in {'torch', 'numpy', 'tokenizers'}))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]", result.stdout + result.stderr
