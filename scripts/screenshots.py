"""Open the real app, walk through every page with sample runs, save a PNG of each page.

    python scripts/screenshots.py [--out docs/screenshots] [--seconds 60 | --steps 2500] [--size 1280x800]

Without a display it re-runs itself under ``xvfb-run`` (Debian: ``apt-get
install xvfb xauth``), so the app draws on a real X server with the xcb
platform, as on a desktop. It uses a temporary data directory and settings,
never the user's. The first run is the welcome's one-click quick start on the
facts sample; a second, shorter run with BERT's 15% masking gives the History
page two runs to compare. ``--size`` sets the window's size, to check that every
page looks finished on a small laptop (1280x800) and a full-HD screen (1920x1080).
``--steps`` trains a fixed number of steps instead of a time budget, so the
pictures do not depend on how busy the machine is; the script says whether the
Explore shot's first answer is the right one ("paris").
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZE = (1360, 860)


def parse_size(text: str) -> tuple[int, int]:
    """'1280x800' -> (1280, 800)."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a size like 1280x800") from None
    if not (400 <= width <= 8000 and 300 <= height <= 8000):
        raise argparse.ArgumentTypeError(f"{text} is outside 400x300 .. 8000x8000")
    return width, height


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument(
        "--seconds",
        type=float,
        default=60.0,
        help="time budget of the quick-start run (the app's default is 60)",
    )
    parser.add_argument(
        "--steps",
        type=int,
        default=0,
        help="train the quick start for this many steps instead of --seconds "
        "(the second run trains half as many)",
    )
    parser.add_argument(
        "--size",
        type=parse_size,
        default=SIZE,
        metavar="WxH",
        help=f"window size, e.g. 1280x800 or 1920x1080 (default {SIZE[0]}x{SIZE[1]})",
    )
    args = parser.parse_args(argv)

    if not os.environ.get("DISPLAY") and os.environ.get("QT_QPA_PLATFORM") != "offscreen":
        return _rerun_under_xvfb(args.size)
    with tempfile.TemporaryDirectory(prefix="mlmstudio-shots-") as tmp:
        return take_screenshots(Path(args.out), Path(tmp), args.seconds, args.size, args.steps)


def _rerun_under_xvfb(size: tuple[int, int]) -> int:
    if shutil.which("xvfb-run") is None:
        print(
            "No display and no xvfb-run. Install it (apt-get install xvfb xauth) or set "
            "QT_QPA_PLATFORM=offscreen.",
            file=sys.stderr,
        )
        return 2
    command = [
        "xvfb-run",
        "-a",
        "-s",
        f"-screen 0 {size[0] + 100}x{size[1] + 100}x24",
        sys.executable,
        *sys.argv,
    ]
    return subprocess.call(command)


def take_screenshots(
    out: Path, tmp: Path, seconds: float, size: tuple[int, int] = SIZE, steps: int = 0
) -> int:
    os.environ["MLMSTUDIO_HOME"] = str(tmp / "home")
    from mlmstudio.gui.app import create_application
    from mlmstudio.gui.settings import use_settings_dir

    use_settings_dir(tmp / "settings")
    app = create_application([sys.argv[0]])
    from mlmstudio.config import quick_start_config
    from mlmstudio.gui import main_window as main_window_module
    from mlmstudio.gui.main_window import CORPUS, EXPLORE, HISTORY, SETUP, TRAIN, MainWindow
    from mlmstudio.store.database import Database

    def pump(duration: float = 0.3) -> None:
        end = time.monotonic() + duration
        while time.monotonic() < end:
            app.processEvents()
            time.sleep(0.02)

    def wait(condition, timeout: float = 900.0) -> None:
        end = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > end:
                raise TimeoutError("the app did not get there in time")
            pump(0.05)

    def shot(name: str, widget=None) -> None:
        pump(0.4)
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"{name}.png"
        (widget or window).grab().save(str(path), "PNG", 0)  # 0: the strongest (lossless) compression
        print(f"saved {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")

    # The quick start with the chosen budget (60 s is what users get), or a fixed number of steps.
    budget = dict(steps=steps, time_budget=0.0) if steps > 0 else dict(time_budget=seconds)
    half = (
        dict(steps=max(1, steps // 2), time_budget=0.0)
        if steps > 0
        else dict(time_budget=max(10.0, seconds / 2))
    )
    main_window_module.quick_start_config = lambda sample: replace(
        quick_start_config(sample), training=replace(quick_start_config(sample).training, **budget)
    )

    db = Database.open()
    window = MainWindow(db)
    window.resize(*size)
    window.show()
    pump(0.5)
    shot("01-welcome")

    # One click on the welcome: load the facts sample and train.
    window.welcome.sample_buttons["facts"].click()
    wait(lambda: window.train_page.last_step is not None and window.train_page.last_step.progress >= 0.5)
    shot("04-train-running")
    wait(lambda: not window.train_page.is_training())
    first_run = window.train_page.run_id
    shot("05-train-finished")

    window.show_page(CORPUS)
    shot("02-corpus")

    window.show_page(SETUP)
    wait(lambda: not window.setup_page.preview.is_busy())
    window.setup_page.preview.next_sentence()
    # The slider's sizes are timed in the background once the page shows: wait for their times.
    ticks = window.setup_page.simple.size_ticks.values()
    try:
        wait(lambda: all("1,000 steps" in tick.text() for tick in ticks), timeout=300)
    except TimeoutError:
        print("Setup: the sizes' step times were not measured within 5 minutes; shot as it is")
    shot("03-setup")

    # A second run with BERT's 15% masking, for the comparison.
    quick = window.setup_page.config()
    window.setup_page.set_config(
        replace(
            quick,
            masking=replace(quick.masking, mlm_probability=0.15),
            training=replace(quick.training, **half),
        )
    )
    window.setup_page.flush()
    window.start_training()
    wait(lambda: not window.train_page.is_training())
    second_run = window.train_page.run_id

    window.show_page(EXPLORE)
    explore = window.explore_page
    explore.select_run(first_run)
    explore.sentence.set_text("The capital of France is [MASK]. The cow says [MASK].")
    wait(lambda: not explore.is_busy())  # the model loads in a worker thread
    answered = []
    explore.answered.connect(lambda: answered.append(True))
    explore.predict_button.click()
    wait(lambda: bool(answered) or bool(explore.message_text()))
    shot("06-explore")
    views = explore.prediction_views()
    first = views[0].rows()[0][0] if views and views[0].rows() else "(no answer)"
    print(
        f"Explore: 'The capital of France is [MASK].' -> {first}"
        + ("" if first.lower() == "paris" else "   (not the right answer: train longer, e.g. --steps)")
    )

    window.show_page(HISTORY)
    history = window.history_page
    history.select_runs([first_run, second_run])
    history.run_actions.compare_action.trigger()
    shot("07-history-compare")
    history.select_runs([first_run])
    shot("09-history-one-run")

    window.show_page(TRAIN)
    window.train_page.plots.log_y_check.setChecked(True)
    window.train_page.plots.x_axis_combo.setCurrentIndex(1)
    window.train_page.plots.show_values_at(window.train_page.plots.steps.column("elapsed")[-1] / 2)
    shot("08-train-log-time")
    window.train_page.plots.log_y_check.setChecked(False)
    window.train_page.plots.x_axis_combo.setCurrentIndex(0)

    window.show_learning_help()
    help_page = window.help_page
    wait(lambda: help_page.example is not None, timeout=120)
    shot("10-help", help_page)
    help_page.close()

    window.close()
    window.deleteLater()
    pump(0.2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
