"""THIRD_PARTY_NOTICES.md covers what MLM Studio redistributes: every runtime requirement,
and every top-level package of a bundle's ``_internal/`` folder (checked on a fake folder;
packaging/build.sh runs the same check on the real one)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "packaging" / "third_party_notices.py"


def load_notices():
    spec = importlib.util.spec_from_file_location("third_party_notices", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def test_committed_notices_name_every_runtime_requirement():
    notices = load_notices()
    text = (REPO / "THIRD_PARTY_NOTICES.md").read_text(encoding="utf-8")
    assert notices.uncovered_requirements(text) == []
    assert "LGPL-3.0" in text and "How to relink or replace them" in text


def test_generated_notices_carry_each_requirement_with_its_licence(tmp_path):
    out = tmp_path / "NOTICES.md"
    subprocess.run([sys.executable, str(SCRIPT), "--output", str(out)], check=True, capture_output=True)
    text = out.read_text(encoding="utf-8")
    notices = load_notices()
    assert notices.uncovered_requirements(text) == []
    rows = {line.split("|")[1].strip().lower(): line for line in text.splitlines() if line.startswith("| ")}
    assert "torch" in rows and "BSD-3-Clause" in rows["torch"]
    assert "LGPL-3.0-only" in rows["pyside6_essentials"]
    assert "mlmstudio" not in rows  # the project is not its own third party


def test_a_missing_requirement_is_reported():
    notices = load_notices()
    text = (REPO / "THIRD_PARTY_NOTICES.md").read_text(encoding="utf-8")
    without_optuna = "\n".join(line for line in text.splitlines() if not line.startswith("| optuna "))
    assert notices.uncovered_requirements(without_optuna) == ["optuna"]


def fake_internal(root: Path, names: list[str]) -> Path:
    internal = root / "_internal"
    for name in names:
        (internal / name).mkdir(parents=True)
    for loose in ("libpython3.11.so.1.0", "libz.so.1", "base_library.zip"):
        (internal / loose).write_bytes(b"")
    return internal


def test_a_bundle_folder_of_covered_packages_passes(tmp_path):
    notices = load_notices()
    text = (REPO / "THIRD_PARTY_NOTICES.md").read_text(encoding="utf-8")
    internal = fake_internal(
        tmp_path,
        [
            "torch",
            "numpy",
            "numpy.libs",
            "PySide6",
            "shiboken6",
            "mlmstudio",
            "lib",
            "lib-dynload",
            "tqdm-4.66.0.dist-info",
            "yaml",  # PyYAML's second top-level name ("_yaml, yaml"): a real build failed on it
            "_yaml",
        ],
    )
    assert notices.uncovered_bundle_packages(internal, text) == []


def test_a_bundled_package_without_a_notice_fails_the_check(tmp_path):
    notices = load_notices()
    text = (REPO / "THIRD_PARTY_NOTICES.md").read_text(encoding="utf-8")
    internal = fake_internal(tmp_path, ["torch", "somethingelse", "unlisted-1.0.dist-info"])
    assert notices.uncovered_bundle_packages(internal, text) == ["somethingelse", "unlisted-1.0.dist-info"]
    out = tmp_path / "NOTICES.md"
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--output", str(out), "--check-bundle", str(internal)],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1
    assert "somethingelse" in run.stderr
