"""The bundle's file list and the two-build comparison (packaging/bundle_manifest.py), on small folders.

The real use, two PyInstaller builds of one commit, takes many minutes: docs/PACKAGING.md
("Reproducible releases") has that result.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "packaging" / "bundle_manifest.py"


def load():
    spec = importlib.util.spec_from_file_location("bundle_manifest", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def bundle(folder: Path) -> Path:
    (folder / "_internal" / "PySide6" / "Qt" / "lib").mkdir(parents=True)
    (folder / "mlmstudio").write_bytes(b"\x7fELF launcher")
    (folder / "mlmstudio").chmod(0o755)
    (folder / "_internal" / "PySide6" / "Qt" / "lib" / "libQt6Core.so.6").write_bytes(b"qt core")
    (folder / "_internal" / "libQt6Core.so.6").symlink_to("PySide6/Qt/lib/libQt6Core.so.6")
    (folder / "README.txt").write_text("MLM Studio\n")
    return folder


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60)


def test_the_list_names_every_path_sorted_with_sizes_hashes_and_link_targets(tmp_path):
    manifest = load()
    entries = manifest.scan(bundle(tmp_path / "b"))
    assert [e.path for e in entries] == sorted(e.path for e in entries)
    by_path = {e.path: e for e in entries}
    assert by_path["_internal/libQt6Core.so.6"].kind == "link"
    assert by_path["_internal/libQt6Core.so.6"].digest == "PySide6/Qt/lib/libQt6Core.so.6"
    assert by_path["mlmstudio"].mode == "0755" and by_path["mlmstudio"].size == 13
    assert by_path["_internal/PySide6"].kind == "dir"
    written = tmp_path / "MANIFEST.tsv"
    manifest.write(entries, written)
    assert manifest.read(written) == entries


def test_two_equal_builds_compare_equal_and_the_shipped_list_leaves_itself_out(tmp_path):
    a, b = bundle(tmp_path / "a"), bundle(tmp_path / "b")
    assert run("write", str(a), str(a / "MANIFEST.tsv")).returncode == 0
    result = run("compare", "--same-bytes", str(a / "MANIFEST.tsv"), str(b))
    assert result.returncode == 0, result.stdout
    assert "the same file list" in result.stdout


def test_other_bytes_are_reported_with_the_reason_but_only_a_path_change_fails(tmp_path):
    a, b = bundle(tmp_path / "a"), bundle(tmp_path / "b")
    (b / "mlmstudio").write_bytes(b"\x7fELF launcher, other bytecode")
    result = run("compare", str(a), str(b))
    assert result.returncode == 0, result.stdout
    assert "1 file(s) with other bytes" in result.stdout and "mlmstudio: the launcher embeds" in result.stdout
    assert run("compare", "--same-bytes", str(a), str(b)).returncode == 1

    (b / "_internal" / "extra.so").write_bytes(b"")
    (b / "README.txt").chmod(0o600)
    result = run("compare", str(a), str(b))
    assert result.returncode == 1
    assert "only in" in result.stdout and "_internal/extra.so" in result.stdout
    assert "a different kind or mode" in result.stdout and "README.txt" in result.stdout
    assert "DIFFERENT file lists" in result.stdout


def test_a_dangling_link_is_found(tmp_path):
    manifest = load()
    folder = bundle(tmp_path / "b")
    assert manifest.dangling_links(folder) == []
    (folder / "_internal" / "libQt6EglFsKmsSupport.so.6").symlink_to(
        "PySide6/Qt/lib/libQt6EglFsKmsSupport.so.6"
    )
    assert manifest.dangling_links(folder) == ["_internal/libQt6EglFsKmsSupport.so.6"]
    result = run("dangling", str(folder))
    assert result.returncode == 1 and "libQt6EglFsKmsSupport.so.6" in result.stdout


def test_a_missing_input_is_a_sentence_not_a_traceback(tmp_path):
    result = run("compare", str(tmp_path / "nothing.tsv"), str(tmp_path))
    assert result.returncode == 2 and "does not exist" in result.stderr and "Traceback" not in result.stderr
