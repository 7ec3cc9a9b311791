"""The bundle-window measurement (packaging/bundle_window.py), run on a stand-in launcher.

The real figures need a built bundle and take minutes: docs/PACKAGING.md ("The first
window") has them.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "packaging" / "bundle_window.py"

# A launcher that trains instantly, and whose window "shows" later in a home without a history.
FAKE_LAUNCHER = """#!{python}
import json, os, sys, time
from pathlib import Path
data = Path(os.environ["HOME"]) / ".local" / "share" / "mlmstudio"
if sys.argv[1:2] == ["train"]:
    data.mkdir(parents=True, exist_ok=True)
    (data / "history.sqlite3").write_text("runs")
    sys.exit(0)
assert os.environ["MLMSTUDIO_QUIT_AFTER_MS"] == "0" and "MLMSTUDIO_HOME" not in os.environ
time.sleep(0.05 if data.exists() else 1.0)
Path(os.environ["MLMSTUDIO_STARTUP_PROBE"]).write_text(json.dumps({{"shown": time.monotonic(), "marks": {{}}}}))
"""


def test_fresh_and_existing_homes_alternate_and_their_medians_are_compared(tmp_path):
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    launcher = bundle / "mlmstudio"
    launcher.write_text(FAKE_LAUNCHER.format(python=sys.executable))
    launcher.chmod(0o755)
    out = tmp_path / "window.json"
    result = subprocess.run(
        [
            sys.executable,
            str(SCRIPT),
            str(bundle),
            "--launches",
            "3",
            "--runs",
            "1",
            "--platform",
            "offscreen",
            "--json",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    figures = json.loads(out.read_text())
    assert len(figures["times_s"]["fresh"]) == 3 and len(figures["times_s"]["existing"]) == 3
    assert figures["median_s"]["fresh"] > figures["median_s"]["existing"]  # the fake's fresh start is slower
    assert figures["ratio_fresh_to_existing"] > 1.5
    assert "NOT within 1.5x" in result.stdout and "load average" in result.stdout


def test_a_launch_without_a_first_frame_is_an_error(tmp_path):
    spec = importlib.util.spec_from_file_location("bundle_window", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    launcher = tmp_path / "mlmstudio"
    launcher.write_text("#!/bin/sh\necho 'no display' >&2\nexit 2\n")
    launcher.chmod(0o755)
    try:
        module.launch(launcher, tmp_path, "offscreen")
    except RuntimeError as exc:
        assert "exited 2 without a first frame" in str(exc) and "no display" in str(exc)
    else:
        raise AssertionError("a failed launch was measured")
