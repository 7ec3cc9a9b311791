"""docs/PACKAGING.md describes the smoke tests as they run: each step smoke.sh and smoke-deb.sh
print is named in the document's list for it, in the same order."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DOC = (REPO / "docs" / "PACKAGING.md").read_text(encoding="utf-8")


def steps(script: str) -> list[str]:
    """The fixed text of each step line the script prints (up to its first variable)."""
    text = (REPO / "packaging" / script).read_text(encoding="utf-8")
    found = []
    for message in re.findall(r'^step "([^"]+)"', text, re.MULTILINE):
        fixed = message.split("$", 1)[0].strip()
        if fixed and not message.startswith(" "):
            found.append(fixed)
    return found


def section(heading: str) -> str:
    start = DOC.index(heading)
    following = re.search(r"^#{2,3} ", DOC[start + len(heading) :], re.MULTILINE)
    end = start + len(heading) + following.start() if following else len(DOC)
    prose = re.sub(r"```.*?```", " ", DOC[start:end], flags=re.DOTALL)  # not a recorded output
    return re.sub(r"\s+", " ", prose)


@pytest.mark.parametrize(
    ("script", "heading"), [("smoke.sh", "### The smoke test"), ("smoke-deb.sh", "### The .deb smoke test")]
)
def test_the_documented_steps_are_the_scripts_steps_in_order(script, heading):
    described = section(heading)
    position = 0
    for step in steps(script):
        found = described.find(step, position)
        assert found >= 0, (
            f"docs/PACKAGING.md, {heading!r}, does not name {script}'s step {step!r} (in order)"
        )
        position = found + len(step)
    numbered = re.findall(r"(?:^| )(\d+)\. ", described)
    assert len(numbered) >= len(steps(script)), f"{heading}: fewer numbered items than {script} has steps"
