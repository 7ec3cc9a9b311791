"""``mlmstudio detect MODEL "sentence" [--json]``: which words an ELECTRA model thinks were swapped.

The numbers are ``engine.inspect.detection``'s (the discriminator's replaced
probability per token), the same the Explore page's "Spot the replaced word"
tab colours. The most suspect token is marked. An MLM run has no
discriminator and is refused with a sentence saying what to use instead.
"""

from __future__ import annotations

import argparse

TOKEN_COLUMN = 16
BAR_WIDTH = 20


def add_detect_command(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser(
        "detect",
        help="Spot replaced words: each token's probability of having been swapped (ELECTRA runs).",
        description="Give every token of a sentence the probability that it was replaced, as the "
        "discriminator of an ELECTRA run judges it: a spotter of odd words and typos. "
        "No [MASK] needed.",
    )
    command.add_argument(
        "model", metavar="MODEL", help="A model folder, a run id or name from the history, or 'latest'."
    )
    command.add_argument("sentence", metavar="SENTENCE", help="The sentence to check (quote it).")
    command.add_argument("--json", action="store_true", help="Print the result as JSON.")
    command.add_argument(
        "--data-dir",
        default=argparse.SUPPRESS,
        help="Where the run history lives (default: MLMSTUDIO_HOME or the platform's user data folder).",
    )
    command.set_defaults(func=cmd_detect)


def cmd_detect(args: argparse.Namespace) -> int:
    from mlmstudio.cli.engine_commands import resolve_model_dir
    from mlmstudio.engine.inspect.detection import detect
    from mlmstudio.engine.predict import Predictor

    predictor = Predictor.from_dir(resolve_model_dir(args.model, args.data_dir))
    result = detect(predictor, args.sentence)
    if args.json:
        print(result.to_json(indent=2))
        return 0
    suspect = result.most_suspect()
    print(f"{'token':<{TOKEN_COLUMN}} {'replaced':>8}")
    for t in result.tokens:
        bar = "#" * round(t.probability * BAR_WIDTH)
        mark = "  <- most likely replaced" if t is suspect else ""
        print(f"{t.token_str:<{TOKEN_COLUMN}} {t.probability:>8.3f}  {bar:<{BAR_WIDTH}}{mark}")
    if result.note:
        print(f"({result.note})")
    return 0
