"""The ``mlmstudio`` program: the desktop app with no command, the command line with one.

This is the one module that knows both faces. The CLI (``mlmstudio.cli``)
and the GUI (``mlmstudio.gui``) never import each other (an import-linter
contract holds that); the CLI parses the arguments and, when no command was
given, calls back the ``open_app`` it was handed here. The console script
(``[project.scripts]``), ``python -m mlmstudio`` and the desktop bundle's
launcher all start here.

Before any Qt code runs, ``display_check`` makes sure a window can open; when
it cannot, the user gets what is missing and what to do, and exit code 2,
instead of Qt's abort (exit 134). Its X connection stays open until Qt has
connected, so an X server that resets when its last client leaves (Xvfb)
cannot do so in between.

Ctrl+C and SIGTERM are handled from the first line (``startup_signals``): a
signal during the imports ends the process quietly with 130 or 143, never
with a traceback from whichever library was being imported.
"""

from __future__ import annotations

from mlmstudio import command_hint, startup_signals

startup_signals.install()  # before anything slow is imported: see startup_signals

import gc  # noqa: E402
import sys  # noqa: E402

from mlmstudio import thread_policy  # noqa: E402
from mlmstudio.display_check import EXIT_NO_DISPLAY, find_display_problem  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    thread_policy.prepare("cli" if argv else "app")  # before torch loads: OpenMP reads its environment once
    try:
        if not argv:  # the desktop app: no need to build the command line's parser first
            return open_app(None)
        from mlmstudio import cli

        return cli.main(argv, open_app=open_app)
    except KeyboardInterrupt as exc:  # between the command's answer and here: still no traceback
        print("mlmstudio: interrupted.", file=sys.stderr)
        return startup_signals.exit_code_for(exc)
    finally:
        startup_signals.finish()


def open_app(data_dir: str | None) -> int:
    """Open the desktop app on the history in ``data_dir``; 2 with a message when it cannot open."""
    # Importing Qt, pyqtgraph and the store allocates a lot and frees little: the cycle collector
    # ran dozens of times for nothing, a quarter of the start's CPU. gui.app turns it back on.
    gc.disable()
    problem = find_display_problem(hold_connection=True)  # released by gui.app once Qt connected
    if problem is not None:
        print(problem.message(), file=sys.stderr)
        return EXIT_NO_DISPLAY
    try:
        from mlmstudio.gui.app import run_app
    except ImportError as exc:
        print(
            f"mlmstudio: the desktop app cannot start: {exc}.\n"
            "  Reinstall MLM Studio with its dependencies (see README.md); the command line "
            f"works without the app:\n    {command_hint.command('--help')}",
            file=sys.stderr,
        )
        return EXIT_NO_DISPLAY
    return run_app(sys.argv[:1], data_dir=data_dir, versions=_doctor_report)


def _doctor_report(data_dir) -> dict:
    """A crash report's versions: what ``mlmstudio doctor --json`` prints (imported only when one is made)."""
    from mlmstudio.cli import doctor

    return doctor.collect(str(data_dir))
