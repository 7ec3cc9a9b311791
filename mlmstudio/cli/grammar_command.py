"""``mlmstudio grammar RUN [--suite blimp|generated|FILE] [--json]``: grammar check-ups over training.

Each minimal pair of the suite (a good and a bad sentence) is scored by the
model's pseudo-log-likelihood; the accuracy per paradigm is printed for each
kept checkpoint (steps 1, 2, 4, ... ) and the final model, against the chance
line of 0.5 (engine/inspect/grammar.py). A run of the history keeps the
results (``run_evaluations``, kind grammar), which History plots; a model
folder outside the history is checked and printed only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from mlmstudio import command_hint

DEFAULT_PAIRS = 100


def add_grammar_command(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser(
        "grammar",
        help="Grammar check-ups: accuracy on minimal pairs per paradigm, at each kept checkpoint and the end.",
        description="Score minimal pairs (a grammatical and an ungrammatical sentence) with the model's "
        "pseudo-log-likelihood and report the share it gets right per paradigm, at every checkpoint "
        "the run kept and for the final model; chance is 0.5. The results are kept with the run.",
    )
    command.add_argument(
        "run",
        metavar="RUN",
        help="A run id or name from the history, 'latest', or a model folder (checked, not stored).",
    )
    command.add_argument(
        "--suite",
        default="blimp",
        metavar="blimp|generated|FILE",
        help="blimp (default): six BLiMP paradigms for English (Warstadt et al. 2020, CC BY 4.0); "
        "generated: agreement pairs made from the words of the model's own vocabulary; or a JSONL "
        'file, one {"paradigm", "good", "bad"} a line (BLiMP\'s own files load as they are).',
    )
    command.add_argument(
        "--pairs",
        type=int,
        default=DEFAULT_PAIRS,
        metavar="N",
        help=f"Pairs per paradigm (default {DEFAULT_PAIRS}, the first N of each; 0: all of them).",
    )
    command.add_argument(
        "--final-only", action="store_true", help="Check the final model only, not the kept checkpoints."
    )
    command.add_argument(
        "--twin",
        action="store_true",
        help="Also check the run's random twin (same architecture and tokenizer, untrained): "
        "what training added is the run's lead over it.",
    )
    command.add_argument(
        "--seed", type=int, default=0, help="Seed of the generated pairs and of the twin (default 0)."
    )
    command.add_argument("--json", action="store_true", help="Print the result as JSON.")
    command.add_argument(
        "--data-dir",
        default=argparse.SUPPRESS,
        help="Where the run history lives (default: MLMSTUDIO_HOME or the platform's user data folder).",
    )
    command.set_defaults(func=cmd_grammar)


def cmd_grammar(args: argparse.Namespace) -> int:
    from mlmstudio.engine.errors import PredictionError

    if args.pairs < 0:
        raise PredictionError(f"--pairs must be 0 (all) or more (got {args.pairs}).")
    per_paradigm = args.pairs or None
    folder = Path(args.run)
    if args.run.strip() and folder.is_dir():
        return _check_folder(args, folder, per_paradigm)
    from mlmstudio.engine.inspect.grammar import resolve_suite
    from mlmstudio.store.database import Database
    from mlmstudio.store.errors import StoreError
    from mlmstudio.store.grammar_checkups import check_run
    from mlmstudio.store.service import get_run

    db = Database.open(args.data_dir)
    summary = get_run(db, args.run).summary
    if not summary.has_model:
        raise StoreError(summary.no_model_reason())
    suite = resolve_suite(args.suite, summary.run_dir, per_paradigm=per_paradigm, seed=args.seed)
    _say_notes(suite.notes, args.json)
    report = check_run(
        db,
        summary.id,
        suite,
        checkpoints=not args.final_only,
        twin=args.twin,
        twin_seed=args.seed,
        on_model=None if args.json else _checking,
    )
    _print(report.checks, report.twin, report.final_step, suite, args.json, run=report.run_id)
    if not args.json:
        print(f"(Kept with run {report.run_id}: {report.stored} results; History plots them.)")
    return 0


def _check_folder(args: argparse.Namespace, folder: Path, per_paradigm: int | None) -> int:
    from mlmstudio.cli.engine_commands import resolve_model_dir
    from mlmstudio.engine.inspect.grammar import (
        GrammarCheck,
        check_grammar,
        check_over_training,
        random_twin,
        resolve_suite,
    )

    model_dir = resolve_model_dir(str(folder), args.data_dir)
    suite = resolve_suite(args.suite, model_dir, per_paradigm=per_paradigm, seed=args.seed)
    _say_notes(suite.notes, args.json)
    checks = tuple(
        check_over_training(
            model_dir, suite, checkpoints=not args.final_only, on_model=None if args.json else _checking
        )
    )
    twin = None
    if args.twin:
        twin = GrammarCheck(None, False, suite.name, check_grammar(random_twin(model_dir, args.seed), suite))
    _print(checks, twin, None, suite, args.json, run=None)
    if not args.json:
        print(
            f"(A folder outside the history: nothing was stored. '{command_hint.command('models open')}' keeps a model.)"
        )
    return 0


def _checking(label: str) -> None:
    print(f"checking {label} ...", file=sys.stderr, flush=True)


def _say_notes(notes: tuple[str, ...], as_json: bool) -> None:
    for note in notes:
        print(f"mlmstudio: note: {note}", file=sys.stderr)


def _print(checks, twin, final_step: int | None, suite, as_json: bool, *, run: str | None) -> None:
    if as_json:
        data = {
            "run": run,
            "suite": suite.name,
            "chance": 0.5,
            "final_step": final_step,
            "checks": [c.as_dict() for c in checks],
            "twin": None if twin is None else twin.as_dict(),
        }
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return
    paradigms = suite.paradigms()
    width = max(len(p) for p in paradigms)
    columns = [("final" if c.final else f"step {c.step}") for c in checks] + (["twin"] if twin else [])
    results = list(checks) + ([twin] if twin else [])
    print(f"{'paradigm':<{width}}  {'pairs':>5}  " + "  ".join(f"{c:>10}" for c in columns))
    for paradigm in paradigms:
        cells = []
        pairs = 0
        for check in results:
            found = next(p for p in check.paradigms if p.paradigm == paradigm)
            pairs = found.pairs
            cells.append(f"{found.accuracy:>10.3f}")
        print(f"{paradigm:<{width}}  {pairs:>5}  " + "  ".join(cells))
    print(f"{'mean':<{width}}  {'':>5}  " + "  ".join(f"{c.accuracy:>10.3f}" for c in results))
    print("(Accuracy: the share of pairs whose good sentence scores higher; chance is 0.500.)")
