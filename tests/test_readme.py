"""The README's command-line block works as written, and the docs stand alone.

The slow test runs every command of the ```bash block under "## The command
line" with bash, one after the other, in a scratch folder with a scratch data
directory (as on a fresh machine), and checks each exit code and what the
commands promise: a run id from ``train``, a prediction from ``fill`` (and the
answer a ``# answers WORD`` comment shows, which is why the showcase trains by
steps, not minutes: the answer must not depend on how busy the computer is), a
folder from ``export-hf``.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PREDICTION_LINE = re.compile(r"^\s*'[^']+'\s+[01]\.\d{4}$", re.MULTILINE)  # "  'paris'  0.8123"
PROMISED_ANSWER = re.compile(r"#\s*answers (\w+)")  # a comment that promises fill's top answer
PROMISED_FLAG = re.compile(r"#\s*flags (\w+)")  # a comment that promises detect's most suspect word
SUSPECT_LINE = re.compile(r"^(\S+)\s+[01]\.\d{3}.*<- most likely replaced$", re.MULTILINE)


def readme_commands() -> list[str]:
    """The lines of the ```bash block under "## The command line", as written (comments included)."""
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## The command line", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```bash\n(.*?)```", section, re.DOTALL)
    assert block, "README.md has no ```bash block under '## The command line'"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_readme_commands_are_mlmstudio_commands_the_parser_accepts():
    from mlmstudio.cli import build_parser

    commands = readme_commands()
    assert len(commands) >= 5
    for line in commands:
        argv = shlex.split(line, comments=True)
        assert argv[0] == "mlmstudio", line
        if argv[1] in ("fill", "export-hf"):  # a run id is 12 hex characters; "1" names no run
            assert not re.fullmatch(r"\d{1,3}", argv[2]), f"a made-up run id in: {line}"
        build_parser().parse_args(argv[1:])  # exits (SystemExit) on an unknown flag or choice


def test_docs_do_not_point_outside_the_repository():
    for doc in [README, *sorted((ROOT / "docs").glob("*.md"))]:
        text = doc.read_text(encoding="utf-8")
        assert "../shared" not in text and "/work/" not in text, doc.name
        for target in re.findall(r"\]\(([^)#]+)\)", text):  # markdown links
            if "://" not in target:
                assert (doc.parent / target).exists(), f"{doc.name} links to missing {target}"


@pytest.mark.slow
@pytest.mark.timeout(1800)  # it trains as the README does: 1,500 quick-start steps, ELECTRA, and more
def test_readme_command_line_block_runs_as_written(tmp_path):
    bin_dir = Path(sys.executable).parent
    assert (bin_dir / "mlmstudio").exists(), "the mlmstudio command is not installed in this environment"
    env = dict(
        os.environ,
        MLMSTUDIO_HOME=str(tmp_path / "data"),
        HOME=str(tmp_path / "home"),
        PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        QT_QPA_PLATFORM="offscreen",
    )
    (tmp_path / "home").mkdir()
    outputs = {}
    for line in readme_commands():
        result = subprocess.run(
            ["bash", "-c", line], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
        )
        assert result.returncode == 0, f"{line}\nexit {result.returncode}\n{result.stderr[-2000:]}"
        assert "Traceback" not in result.stderr, line
        outputs[line] = result.stdout

    run_ids = []
    for line, out in outputs.items():
        argv = shlex.split(line, comments=True)
        if argv[1] == "train":
            found = (
                json.loads(out)["run_id"]
                if "--json" in argv
                else re.search(r"run id:\s+([0-9a-f]{12})", out).group(1)
            )
            run_ids.append(found)
        elif argv[1] == "fill":
            assert PREDICTION_LINE.search(out), f"{line} printed no prediction:\n{out}"
            promised = PROMISED_ANSWER.search(line)
            if promised:  # the README shows the answer: the step-counted run must give it
                top = PREDICTION_LINE.search(out).group(0).split("'")[1]
                assert top == promised.group(1), f"{line} answered {top!r}:\n{out}"
        elif argv[1] == "detect" and PROMISED_FLAG.search(line):  # a step-counted ELECTRA run must flag it
            suspect = SUSPECT_LINE.search(out)
            assert suspect and suspect.group(1) == PROMISED_FLAG.search(line).group(1), f"{line}:\n{out}"
        elif argv[1] == "export-hf":
            assert (tmp_path / argv[3] / "config.json").is_file()
            assert (tmp_path / argv[3] / "model.safetensors").is_file()
    assert len(run_ids) == len(set(run_ids)) >= 1
    listed = next(
        out for line, out in outputs.items() if shlex.split(line, comments=True)[1:3] == ["runs", "list"]
    )
    assert all(run_id in listed for run_id in run_ids)
