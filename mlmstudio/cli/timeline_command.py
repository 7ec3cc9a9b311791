"""``mlmstudio timeline MODEL "text with [MASK]"``: what a run answered at each checkpoint it kept.

A run keeps copies of its weights from along its training (steps 1, 2, 4, 8,
... and the end; ``engine/kept_checkpoints.py``). This asks each copy the
sentence and prints the best guesses step by step: the Explore page's Over
training tab, from a terminal. ``--step N`` asks one copy only, with the
top-k guesses.
"""

from __future__ import annotations

import argparse

from mlmstudio import command_hint


def add_timeline_command(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser(
        "timeline",
        help="What a run answered for a sentence at each checkpoint it kept along its training.",
        description="Ask every kept checkpoint of a run (steps 1, 2, 4, 8, ... and the end) to fill the "
        "[MASK]s of a sentence, and print the best guesses step by step.",
    )
    command.add_argument(
        "model",
        metavar="MODEL",
        help=f"A run id or name from the history, 'latest', or a folder written by '{command_hint.command('train --out')}'.",
    )
    command.add_argument("text", metavar="TEXT", help="A sentence with one or more [MASK].")
    command.add_argument(
        "--step",
        type=int,
        default=None,
        help="Ask only the checkpoint kept at this step (see the list without it).",
    )
    command.add_argument("-k", "--top-k", type=int, default=3, help="Guesses per [MASK] (default 3).")
    command.add_argument("--json", action="store_true", help="Print the result as JSON.")
    command.add_argument(
        "--data-dir",
        default=argparse.SUPPRESS,
        help="Where the run history lives (default: MLMSTUDIO_HOME or the platform's user data folder).",
    )
    command.set_defaults(func=cmd_timeline)


def cmd_timeline(args: argparse.Namespace) -> int:
    import json

    from mlmstudio.cli.engine_commands import resolve_model_dir
    from mlmstudio.cli.model_folders import with_engine_mask
    from mlmstudio.engine.errors import PredictionError
    from mlmstudio.engine.kept_checkpoints import list_kept, load_predictor_at

    run_dir = resolve_model_dir(args.model, args.data_dir)
    args.text = with_engine_mask(
        run_dir, args.text, needs_mask=True
    )  # "<mask>" for a model whose own mask it is
    steps = [step for step, _ in list_kept(run_dir)]
    if not steps:
        raise PredictionError(
            f"{run_dir} kept no checkpoints along its training (trained before they "
            "were kept, imported, or with --keep-checkpoints 0). Train a new run to "
            "see its answers change."
        )
    if args.step is not None:
        if args.step not in steps:
            raise PredictionError(
                f"No checkpoint was kept at step {args.step}. Kept: {', '.join(str(s) for s in steps)}."
            )
        steps = [args.step]
    answers = [
        (step, load_predictor_at(run_dir, step).fill_mask(args.text, top_k=args.top_k)) for step in steps
    ]
    if args.json:
        print(
            json.dumps(
                [
                    {"step": step, "masks": result.masks, "truncated": result.truncated}
                    for step, result in answers
                ],
                indent=2,
                ensure_ascii=False,
            )
        )
        return 0
    masks = len(answers[0][1].masks)
    header = "  ".join(f"[MASK] {m + 1}" if masks > 1 else "[MASK]" for m in range(masks))
    print(f"{'step':>8}  {header}")
    for step, result in answers:
        cells = [
            "  ".join(f"{c['token_str']!r} {c['score']:.1%}" for c in guesses) for guesses in result.masks
        ]
        print(f"{step:>8}  " + "   |   ".join(cells))
    if answers[0][1].truncated:
        print("(The text was longer than the model reads: only the part around the masks was used.)")
    return 0
