"""Ctrl+C from the program's first line: never a traceback, always the shell's 130.

The launcher installs the handling (``mlmstudio/startup_signals.py``) before it
imports anything else. A signal the interpreter receives before that line ran
(its own start-up, which no program controls) is outside the product, so the
clock of these tests starts when the handling is in place: the child reports
it on a pipe, then a SIGINT follows 0.0 to 1.0 s later, while the command
imports torch, tqdm and SQLAlchemy, parses its arguments or starts its work.
A ``runs list`` that answered before the signal came may exit 0, with its whole answer.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")]

# What the console script does, plus one byte on a pipe once the launcher is imported (its first
# line installed the handling; test_the_launcher_holds_... checks that nothing heavy came before).
ENTRY = """
import os, sys
from mlmstudio.launcher import main
ready = int(os.environ["MLMSTUDIO_TEST_READY_FD"])
os.write(ready, b"r")
os.close(ready)
sys.exit(main(sys.argv[1:]))
"""

TINY = ["--tokenizer", "char", "--d-model", "32", "--layers", "1", "--heads", "2", "--ffn", "64"]
TINY += ["--max-len", "32", "--seq-len", "32", "--batch-size", "4", "--device", "cpu", "--precision", "fp32"]
COMMANDS = {
    "train": ["train", "sample:tutorial", *TINY, "--steps", "50"],
    "sweep": [
        "sweep",
        "sample:tutorial",
        *TINY,
        "--param",
        "lr=1e-4:1e-3:log",
        "--trials",
        "2",
        "--budget",
        "60s",
    ],
    "runs list": ["runs", "list"],
}
OFFSETS = [i / 10 for i in range(11)]  # 0.0 to 1.0 s in 0.1 s steps


def interrupt_after(argv: list[str], seconds: float, home: Path) -> tuple[int | None, str, str]:
    """Start ``mlmstudio argv``, SIGINT it ``seconds`` after its handling is in place; (code, stdout, stderr).

    The code is None when the command had already finished when the signal was due.
    """
    read_end, write_end = os.pipe()
    env = dict(
        os.environ, MLMSTUDIO_HOME=str(home), OMP_NUM_THREADS="1", MLMSTUDIO_TEST_READY_FD=str(write_end)
    )
    process = subprocess.Popen(
        [sys.executable, "-c", ENTRY, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        pass_fds=(write_end,),
    )
    os.close(write_end)
    try:
        assert os.read(read_end, 1) == b"r", "the child never reached its first line"
    finally:
        os.close(read_end)
    time.sleep(seconds)
    finished_before = process.poll() is not None
    if not finished_before:
        process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=300)
    return (
        (None if finished_before else process.returncode),
        out.decode(errors="replace"),
        err.decode(errors="replace"),
    )


@pytest.mark.parametrize("command", list(COMMANDS))
def test_ctrl_c_in_the_first_second_exits_130_without_a_traceback(command, tmp_path):
    for seconds in OFFSETS:
        home = tmp_path / f"home-{seconds:.1f}"
        code, out, err = interrupt_after(COMMANDS[command], seconds, home)
        assert "Traceback" not in err and "Exception ignored" not in err, (seconds, err)
        if code is None or code == 0:  # it had answered already: then the answer is whole
            assert command == "runs list" and out.strip() == "No runs.", (seconds, code, out, err)
            continue
        assert code == 128 + signal.SIGINT, (seconds, code, err)
        # Before the work starts the launcher says so; once a sweep or a run has started (a fast
        # machine gets there within the second) the command reports its own stop instead: a sweep
        # "Stopped the sweep", a training run "stopping after this step" and a stopped summary.
        said = err.strip()
        run_stopped = "stopping after this step" in said and "status:          stopped" in out
        launcher_stopped = said.endswith("mlmstudio: interrupted.")
        assert launcher_stopped or "Stopped" in said or run_stopped, (seconds, out, err)


def test_the_launcher_holds_the_signals_before_it_imports_anything_heavy():
    """A fresh interpreter that imports the launcher: our handler is in place, no heavy library is loaded."""
    probe = (
        "import signal, sys\n"
        "import mlmstudio.launcher\n"
        "from mlmstudio import startup_signals\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in {'torch', 'tqdm', 'sqlalchemy', 'numpy'})\n"
        "print(signal.getsignal(signal.SIGINT) is startup_signals._quit_now, heavy)\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "True []", result.stdout + result.stderr


def test_sigterm_during_the_imports_exits_143_quietly(tmp_path):
    read_end, write_end = os.pipe()
    env = dict(os.environ, MLMSTUDIO_HOME=str(tmp_path), MLMSTUDIO_TEST_READY_FD=str(write_end))
    process = subprocess.Popen(
        [sys.executable, "-c", ENTRY, "runs", "list"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        pass_fds=(write_end,),
    )
    os.close(write_end)
    assert os.read(read_end, 1) == b"r"
    os.close(read_end)
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 128 + signal.SIGTERM and "Traceback" not in err.decode(), err
