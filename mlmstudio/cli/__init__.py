"""``mlmstudio``: the command-line face of the engine and the run history.

With no command, ``mlmstudio`` opens the desktop app: the program's entry
point (``mlmstudio.launcher``) hands ``main`` the function that does, so this
package never imports the GUI. Every bad input ends with one or two plain
sentences on stderr and a non-zero exit code, never a traceback.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable

from mlmstudio import __version__, command_hint, startup_signals, thread_policy
from mlmstudio.cli import exit_codes
from mlmstudio.cli.argv_text import check_text_arguments, os_error_sentence
from mlmstudio.engine.errors import MLMStudioError

EXIT_USAGE = exit_codes.EXIT_USAGE
EXIT_BROKEN_PIPE = 128 + 13  # what a shell reports for a command killed by SIGPIPE


def build_parser() -> argparse.ArgumentParser:
    from mlmstudio.cli import engine_commands, runs

    parser = argparse.ArgumentParser(
        prog="mlmstudio",
        description="Train small BERT-style masked language models on your own text. "
        "Run with no command to open the desktop app.",
        epilog=exit_codes.TABLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,  # keeps the table's columns
    )
    parser.add_argument("--version", action="version", version=f"mlmstudio {__version__}")
    parser.add_argument(
        "--data-dir",
        default=None,
        help="Where the run history lives (default: MLMSTUDIO_HOME or the platform's user data folder).",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="Log details to stderr.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    engine_commands.add_engine_commands(commands)
    from mlmstudio.cli.corpus_command import add_corpus_command

    add_corpus_command(commands)
    from mlmstudio.cli.score_command import add_score_command

    add_score_command(commands)
    __import__("mlmstudio.cli.detect_command", fromlist=["_"]).add_detect_command(commands)
    from mlmstudio.cli.token_loss_command import add_token_loss_command

    add_token_loss_command(commands)
    __import__("mlmstudio.cli.sweep_command", fromlist=["_"]).add_sweep_command(commands)
    from mlmstudio.cli.attention_command import add_attention_command

    add_attention_command(commands)
    __import__("mlmstudio.cli.lens_command", fromlist=["_"]).add_lens_command(commands)
    from mlmstudio.cli.neighbours_command import add_neighbours_command

    add_neighbours_command(commands)
    from mlmstudio.cli.timeline_command import add_timeline_command

    add_timeline_command(commands)
    __import__("mlmstudio.cli.grammar_command", fromlist=["_"]).add_grammar_command(commands)
    __import__("mlmstudio.cli.evaluate_command", fromlist=["_"]).add_evaluate_command(commands)
    from mlmstudio.cli.capsule_command import add_capsule_command

    add_capsule_command(commands)
    runs.add_runs_commands(commands)
    __import__("mlmstudio.cli.models_command", fromlist=["_"]).add_models_command(commands)
    __import__("mlmstudio.cli.queue_command", fromlist=["_"]).add_queue_command(commands)
    runs.add_export_hf_command(commands)
    from mlmstudio.cli import doctor

    doctor.add_doctor_command(commands)
    return parser


def main(argv: list[str] | None = None, open_app: Callable[[str | None], int] | None = None) -> int:
    """The ``mlmstudio`` command; a reader that closed the pipe (``| head``) ends it quietly.

    ``open_app(data_dir)`` runs when no command is given (the launcher passes the
    desktop app's); without it, the usage is printed.
    """
    if thread_policy.current_role() is None:  # called directly, not through the launcher
        thread_policy.prepare("cli")
    try:
        code = _main(argv, open_app)
        sys.stdout.flush()  # buffered output meets the closed pipe here
        return code
    except BrokenPipeError:
        return _closed_pipe()


def _closed_pipe() -> int:
    """Point stdout at devnull so the interpreter's last flush cannot fail again; exit as SIGPIPE would."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout has no file descriptor (tests): nothing to redirect
        pass
    return EXIT_BROKEN_PIPE


def _paths_print_as_given() -> None:
    """Print a path with undecodable bytes back as those bytes instead of failing to encode it.

    Both streams: a sentence on stderr names the path as often as an answer on stdout does.
    """
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="surrogateescape")  # type: ignore[union-attr]
        except (AttributeError, ValueError):  # not a TextIOWrapper (captured output)
            pass


def _main(argv: list[str] | None, open_app: Callable[[str | None], int] | None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s"
    )
    if args.command is None:
        if open_app is None:
            parser.print_usage(sys.stderr)
            print(
                f"mlmstudio: choose a command (see '{command_hint.command('--help')}'), or run '{command_hint.program()}' with "
                "no arguments to open the desktop app.",
                file=sys.stderr,
            )
            return EXIT_USAGE
        return open_app(args.data_dir)
    _paths_print_as_given()
    try:
        check_text_arguments(args)  # undecodable bytes are fine in a path, refused as text
        startup_signals.hand_over()  # the work starts: a signal now stops it through KeyboardInterrupt
        return int(args.func(args) or 0)
    except MLMStudioError as exc:  # ConfigError included: one root for every sentence
        print(f"mlmstudio: {exc}", file=sys.stderr)
        return exit_codes.code_for(exc)  # 2 for bad input, 1 for a failure of the work
    except KeyboardInterrupt as exc:  # Ctrl+C, or SIGTERM as startup_signals.Interrupted
        print("mlmstudio: interrupted.", file=sys.stderr)
        return startup_signals.exit_code_for(exc)
    except BrokenPipeError:
        raise  # the reader went away (| head): main() ends quietly
    except OSError as exc:  # a path too long, a folder without permission: a sentence, not a traceback
        print(f"mlmstudio: {os_error_sentence(exc)}", file=sys.stderr)
        return 1
    except Exception as exc:
        if not type(exc).__module__.startswith("sqlalchemy"):
            raise
        from mlmstudio.cli.runs import history_error  # the history failed under train or fill

        print(f"mlmstudio: {history_error(args, exc)}", file=sys.stderr)
        return 1
