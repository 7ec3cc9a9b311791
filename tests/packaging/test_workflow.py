""".github/workflows/build.yml cannot run here (no GitHub runner): it is kept valid instead.

It parses as YAML, passes GitHub's workflow schema (check-jsonschema bundles it, so the check
works offline), its Linux job runs exactly packaging/build.sh and packaging/smoke.sh, and
every script it names exists.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mlmstudio import display_check

yaml = pytest.importorskip("yaml")

REPO = Path(__file__).resolve().parents[2]
WORKFLOW = REPO / ".github" / "workflows" / "build.yml"


def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def runs(job: str) -> list[str]:
    return [step["run"] for step in workflow()["jobs"][job]["steps"] if "run" in step]


def test_the_workflow_passes_githubs_schema():
    tool = shutil.which("check-jsonschema") or str(Path(sys.executable).with_name("check-jsonschema"))
    if not Path(tool).exists():
        pytest.skip("check-jsonschema is not installed (it is in the test extra)")
    result = subprocess.run(
        [tool, "--builtin-schema", "vendor.github-workflows", str(WORKFLOW)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_each_system_builds_on_its_own_runner():
    jobs = workflow()["jobs"]
    assert {name: job["runs-on"].split("-")[0] for name, job in jobs.items()} == {
        "linux": "ubuntu",
        "windows": "windows",
        "macos": "macos",
    }
    # YAML 1.1 reads the key "on" as True; GitHub reads it as the triggers.
    triggers = workflow().get("on", workflow().get(True))
    assert "workflow_dispatch" in triggers and triggers["push"]["tags"] == ["v*"]


def test_the_linux_job_runs_exactly_build_sh_and_smoke_sh():
    commands = runs("linux")
    assert commands[1:] == [
        "bash packaging/build.sh",
        "bash packaging/smoke.sh dist/MLM-Studio-*-linux-x86_64.tar.gz",
    ]
    build = (REPO / "packaging" / "build.sh").read_text(encoding="utf-8")
    assert 'name="MLM-Studio-$version-linux-x86_64"' in build  # the archive smoke.sh is given


def test_the_linux_job_installs_the_qt_libraries_the_app_names():
    apt = runs("linux")[0].split()
    listed = apt[apt.index("--no-install-recommends") + 1 :]
    assert set(display_check.QT_SYSTEM_PACKAGES) <= set(listed)


def test_every_script_the_workflow_runs_exists():
    for job in ("linux", "windows", "macos"):
        for command in runs(job):
            for word in command.split():
                if word.startswith("packaging/") and "*" not in word:
                    assert (REPO / word).is_file(), f"{job}: {word} is missing"
    assert "python packaging/windows/build.py" in runs("windows")
    assert "python packaging/desktop_smoke.py dist" in runs("windows")
    assert "python packaging/macos/build.py" in runs("macos")
    assert "python packaging/desktop_smoke.py dist" in runs("macos")
