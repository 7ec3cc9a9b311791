"""``mlmstudio evaluate RUN --task FILE|sample:kinds|shuffled|corpus-source``: was the pretraining worth it?

A linear probe on the frozen, mean-pooled last layer of the run, of its randomly initialised
twin, of each of its kept checkpoints and of any ``--compare`` runs, against the majority class,
on the held-out part of a labelled task (``engine.evaluate.transfer``), over ``--seeds`` seeds;
``--finetune`` also fine-tunes the run, the twin and the other runs whole. The table shows the
mean accuracy and its spread (the standard deviation over the seeds); the results are stored with
the run (``runs compare`` lists them) unless ``--no-store``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from mlmstudio import command_hint


def add_evaluate_command(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser(
        "evaluate",
        help="Was the pretraining worth it? A run against its random twin on a labelled task.",
        description="Probe the run's frozen features with logistic regression on a labelled task and compare "
        "it with a randomly initialised twin of the same shape, the majority class, each of its kept "
        "checkpoints and any other runs, on a held-out split, as mean accuracy and its standard "
        "deviation over seeds. Tasks: a CSV, TSV or JSONL file with a text and a label per row; "
        "sample:kinds (shipped: is the word an animal, a food or a place?); shuffled (the run's "
        "corpus: original sentence or word-shuffled copy?); corpus-source (which of two texts a "
        "sentence comes from: the run's corpus or --against).",
    )
    command.add_argument("run", metavar="RUN", help="A run id, a unique prefix or name, or 'latest'.")
    command.add_argument(
        "--task",
        required=True,
        metavar="TASK",
        help="A labelled CSV/TSV/JSONL file, sample:kinds, shuffled or corpus-source.",
    )
    command.add_argument(
        "--text-column",
        default="text",
        metavar="C",
        help="The column or field with the texts (default text).",
    )
    command.add_argument(
        "--label-column",
        default="label",
        metavar="L",
        help="The column or field with the labels (default label).",
    )
    command.add_argument(
        "--against",
        default="",
        metavar="SOURCE",
        help="corpus-source: the second text (a file, a folder or sample:NAME).",
    )
    command.add_argument(
        "--corpus",
        default="",
        metavar="SOURCE",
        help="shuffled and corpus-source: read this text instead of the run's corpus.",
    )
    command.add_argument(
        "--finetune",
        action="store_true",
        help="Also fine-tune the run, its twin and the other runs whole (a few epochs, small learning rate; slower).",
    )
    command.add_argument(
        "--seeds", type=int, default=3, metavar="N", help="How many seeds (split, probe and twin); default 3."
    )
    command.add_argument(
        "--compare",
        nargs="+",
        default=[],
        metavar="RUN",
        help="Other runs (imported models too) to compare on the same task.",
    )
    command.add_argument(
        "--no-checkpoints", action="store_true", help="Leave out the run's kept checkpoints (faster)."
    )
    command.add_argument(
        "--no-store", action="store_true", help="Show the results without storing them with the run."
    )
    command.add_argument("--json", action="store_true", help="Print every number as JSON.")
    command.add_argument(
        "--data-dir",
        default=argparse.SUPPRESS,
        help="Where the run history lives (default: MLMSTUDIO_HOME or the platform's user data folder).",
    )
    command.set_defaults(func=cmd_evaluate)


def cmd_evaluate(args: argparse.Namespace) -> int:
    from mlmstudio.engine.evaluate.tasks import TaskError
    from mlmstudio.engine.evaluate.transfer import MAX_SEEDS
    from mlmstudio.store.database import Database
    from mlmstudio.store.transfer_runs import TaskChoice, evaluate_run_transfer, load_task

    if not 1 <= args.seeds <= MAX_SEEDS:
        raise TaskError(f"--seeds must be between 1 and {MAX_SEEDS} (got {args.seeds}).")
    db = Database.open(args.data_dir)
    choice = TaskChoice(args.task, args.text_column, args.label_column, args.against, args.corpus)
    task = load_task(db, args.run, choice)  # every refusal of the task comes before any model is read
    with _progress_bar() as bar:
        outcome = evaluate_run_transfer(
            db,
            args.run,
            choice,
            task=task,
            compare=args.compare,
            seeds=args.seeds,
            finetune=args.finetune,
            store=not args.no_store,
            checkpoints=not args.no_checkpoints,
            progress=bar,
        )
    report, stored = outcome.report, outcome.stored
    if args.json:
        print(
            json.dumps(
                {"run": outcome.run_id, "stored": stored, **report.as_dict()}, indent=2, ensure_ascii=False
            )
        )
        return 0
    print_report(report, f"{outcome.run_id} ({outcome.run_name})" if outcome.run_name else outcome.run_id)
    if stored:
        print(
            f"\nStored with run {outcome.run_id} ({stored} rows); '{command_hint.command('runs compare')}' shows them."
        )
    return 0


def print_report(report, run_label: str) -> None:
    counts = ", ".join(f"{c} {n}" for c, n in zip(report.classes, report.class_counts, strict=True))
    if len(report.classes) > 8:
        counts = f"{len(report.classes)} classes"
    print(
        f"Task {report.task}: {report.examples:,} examples ({counts}); about {report.test_examples:,} held out per seed."
    )
    if report.description:
        print(report.description)
    print(f"Run {run_label}. Accuracy on the held-out part, mean ± std over {len(report.seeds)} seed(s):\n")
    rows = [("subject", "method", "accuracy", "± std", "min–max")]
    for r in report.results:
        rows.append(
            (
                r.label,
                r.method,
                f"{r.mean:.1%}",
                f"{r.spread:.1%}",
                f"{min(r.per_seed):.1%}–{max(r.per_seed):.1%}",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for n, row in enumerate(rows):
        print(
            "  ".join(
                cell.ljust(w) if i < 2 else cell.rjust(w)
                for i, (cell, w) in enumerate(zip(row, widths, strict=True))
            )
        )
        if n == 0:
            print("  ".join("-" * w for w in widths))
    try:
        run, twin = report.result("run"), report.result("twin")
        print(f"\nThe run minus its random twin: {run.mean - twin.mean:+.1%} (probe).")
    except KeyError:
        pass
    for note in report.notes:
        print(f"Note: {note}")


@contextmanager
def _progress_bar() -> Iterator[Callable[[str, int, int], None] | None]:
    """A tqdm bar on stderr while features are read, on a terminal only (stdout is the result)."""
    if not sys.stderr.isatty():
        yield None
        return
    from tqdm import tqdm

    bar = tqdm(total=0, unit=" texts", file=sys.stderr, desc="Evaluating", leave=False, dynamic_ncols=True)

    def update(what: str, done: int, total: int) -> None:
        bar.set_description_str(what, refresh=False)
        bar.total = total
        bar.n = done
        bar.refresh()

    try:
        yield update
    finally:
        bar.close()


def compare_rows(evaluations: dict, run_ids: list[str]) -> list[tuple[str, ...]]:
    """``runs compare``'s rows of stored evaluations: for each task and metric, each run's own result
    and its random twin's, as mean ± spread; '-' where a run was not evaluated on it."""
    keys: dict[tuple[str, str, str, str], None] = {}
    values: dict[tuple[tuple[str, str, str, str], str], str] = {}
    for run_id in run_ids:
        for e in evaluations.get(run_id, ()):
            if e.subject not in ("run", "twin"):
                continue
            key = (e.kind, e.name, e.metric, e.subject)
            keys.setdefault(key, None)
            values[(key, run_id)] = f"{e.mean:.1%} ±{e.spread:.1%}"
    rows = []
    for key in sorted(keys, key=lambda k: (k[0], k[1], k[2], k[3] != "run")):
        kind, name, metric, subject = key
        label = f"{kind} {name} {metric}" + (" (twin)" if subject == "twin" else "")
        rows.append((label, *(values.get((key, run_id), "-") for run_id in run_ids)))
    return rows
