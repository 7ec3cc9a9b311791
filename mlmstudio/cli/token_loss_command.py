"""``mlmstudio token-loss RUN [--compare RUN2] [--html FILE | --json]``: what a run has learned of its held-out text.

Every token the fixed evaluation masks hide in the run's validation windows
gets its loss (``engine.inspect.token_loss``), so the mean printed here is the run's
validation loss. Text output lists the costliest and the cheapest tokens in
their context; ``--compare`` sets a second run of the same corpus against it
word by word (which words run B has learned that run A has not); ``--html``
writes the validation text coloured by loss (or by the difference) as one
standalone page; ``--json`` prints every number.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from mlmstudio import command_hint

CONTEXT_CHARS = 24


def add_token_loss_command(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser(
        "token-loss",
        help="Show a run's loss on each hidden token of its validation text.",
        description="Run the model over its own validation windows with the fixed evaluation masks the "
        "validation loss uses, and show each hidden token's loss: the costliest and the "
        "cheapest tokens and their mean, which is the run's validation loss. With --compare, "
        "which words of the validation text the second run has learned that the first has not.",
    )
    command.add_argument("run", metavar="RUN", help="A run id, a unique prefix or name, or 'latest'.")
    command.add_argument(
        "--compare",
        metavar="RUN2",
        help="A second run of the same corpus (and held-out share and seed) to compare "
        "with, word by word: the difference is RUN's loss minus RUN2's.",
    )
    command.add_argument(
        "--text",
        metavar="TEXT",
        help="Measure on this text instead of the run's held-out text: a .txt, .jsonl or .csv file, "
        "a folder or sample:NAME, from its start (a model opened from a folder has no held-out "
        "text of its own, so it needs one). With --compare, both runs are measured on it.",
    )
    output = command.add_mutually_exclusive_group()
    output.add_argument(
        "--html",
        metavar="FILE",
        help="Write the validation text coloured by loss (or by the difference) to this "
        "HTML file; hover a token for its numbers.",
    )
    output.add_argument("--json", action="store_true", help="Print every number as JSON.")
    command.add_argument("--overwrite", action="store_true", help="Replace the HTML file if it exists.")
    command.add_argument(
        "--top",
        type=int,
        default=10,
        metavar="N",
        help="How many of the costliest and the cheapest tokens (or words) to list (default 10).",
    )
    command.add_argument(
        "--data-dir",
        default=argparse.SUPPRESS,
        help="Where the run history lives (default: MLMSTUDIO_HOME or the platform's user data folder).",
    )
    command.set_defaults(func=cmd_token_loss)


def cmd_token_loss(args: argparse.Namespace) -> int:
    from mlmstudio.engine.errors import PredictionError
    from mlmstudio.engine.output_paths import check_report_file
    from mlmstudio.store.database import Database
    from mlmstudio.store.token_loss_runs import compare_runs, token_loss_of_run

    if not 1 <= args.top <= 1000:
        raise PredictionError(f"--top must be between 1 and 1000 (got {args.top}).")
    html_path = None
    if args.html is not None:  # before any work: a name, a folder that exists, no file replaced unasked
        html_path = check_report_file(
            args.html, overwrite=args.overwrite, what="HTML page", suffixes=(".html", ".htm")
        )
    from pathlib import Path

    for ref in (args.run, args.compare):
        if ref is not None and ref.strip() and Path(ref).is_dir():  # not "No run matches '/path'"
            raise PredictionError(
                f"token-loss measures a run of the history, and {ref} is a folder. Open it into the "
                f"history first ('{command_hint.command(f'models open {ref}')}'), then give its run id "
                "(a model opened from a folder needs --text, as it has no held-out text of its own)."
            )
    db = Database.open(args.data_dir)
    with _progress_bar() as bar:
        if args.compare is not None:
            subject = compare_runs(db, args.run, args.compare, progress=bar, text_source=args.text)
        else:
            subject = token_loss_of_run(db, args.run, progress=bar, text_source=args.text)

    if html_path is not None:
        from mlmstudio.engine.artifacts import atomic_write_text
        from mlmstudio.engine.inspect.token_loss_html import page_html

        try:
            atomic_write_text(html_path, page_html(subject))
        except OSError as exc:
            raise PredictionError(
                f"The HTML page could not be written to {html_path} "
                f"({exc.strerror or exc}). Choose another place or free space."
            ) from exc
        print(f"Wrote {html_path}")
        return 0
    if args.json:
        print(json.dumps(subject.as_dict(), indent=2, ensure_ascii=False))
        return 0
    if args.compare is not None:
        _print_comparison(subject, args.top)
    else:
        _print_report(subject, args.top, args.text)
    return 0


@contextmanager
def _progress_bar() -> Iterator[Callable[[int, int], None] | None]:
    """A tqdm bar on stderr while the windows are evaluated, on a terminal only (stdout is the result)."""
    if not sys.stderr.isatty():
        yield None
        return
    from tqdm import tqdm

    bar = tqdm(total=0, unit="", file=sys.stderr, desc="Evaluating", leave=False, dynamic_ncols=True)

    def update(done: int, total: int) -> None:
        bar.total = total
        bar.n = done
        bar.refresh()

    try:
        yield update
    finally:
        bar.close()


def _print_report(report, top: int, chosen_text: str | None = None) -> None:
    where = f"windows of {chosen_text}" if chosen_text else "validation windows"
    print(
        f"Run {report.run_label}: {len(report):,} hidden tokens in {report.windows:,} {where} ({report.precision})."
    )
    recorded = (
        "" if report.recorded_val_loss is None else f" (the run recorded {report.recorded_val_loss:.4f})"
    )
    what = f"the loss on {chosen_text}" if chosen_text else f"the validation loss{recorded}"
    print(f"Mean loss {report.mean_loss:.4f} nats: {what}; top guess right for {report.accuracy:.1%}.")
    for title, worst in (("Costliest tokens", True), ("Cheapest tokens", False)):
        print(f"\n{title}:")
        print(f"  {'loss':>7}  {'token':<12} {'guess':<12} context")
        for i in report.ranked(top, worst=worst):
            print(
                f"  {report.losses[i]:>7.3f}  {report.tokens[i]!r:<12} {report.predictions[i]!r:<12} "
                f"{_context(report.text, report.text_start, int(report.starts[i]), int(report.ends[i]))}"
            )


def _print_comparison(comparison, top: int) -> None:
    a, b = comparison.a, comparison.b
    print(f"A = run {a.run_label}: mean loss {a.mean_loss:.4f}")
    print(f"B = run {b.run_label}: mean loss {b.mean_loss:.4f}")
    print(
        f"{len(comparison.words):,} words hidden in both runs; mean difference A - B "
        f"{comparison.mean_difference:+.4f} nats (positive: B does better)."
    )
    if comparison.note:
        print(comparison.note)
    learned = comparison.learned_by_b_only()
    print(
        f"Learned by B and not by A: {len(learned):,} words; by A and not by B: "
        f"{len(comparison.learned_by_a_only()):,}."
    )
    for title, b_better in (("Where B does best", True), ("Where A does best", False)):
        print(f"\n{title}:")
        print(f"  {'A - B':>7}  {'loss A':>7}  {'loss B':>7}  word in context")
        for w in comparison.ranked(top, b_better=b_better):
            print(
                f"  {w.difference:>+7.3f}  {w.loss_a:>7.3f}  {w.loss_b:>7.3f}  "
                f"{_context(comparison.text, comparison.text_start, w.start, w.end)}"
            )


def _context(text: str, text_start: int, start: int, end: int) -> str:
    """The token in brackets with a little text either side, on one line."""
    start, end = start - text_start, end - text_start
    before = text[max(0, start - CONTEXT_CHARS) : start]
    after = text[end : end + CONTEXT_CHARS]
    return " ".join(f"…{before}[{text[start:end]}]{after}…".split())
