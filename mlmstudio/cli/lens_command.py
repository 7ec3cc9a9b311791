"""``mlmstudio lens MODEL "text with [MASK]" [--json] [--temperature T]``: one prediction, layer by layer.

The numbers are ``engine.inspect.logit_lens``'s, the same the Explore page's
Layer by layer tab shows: for each [MASK], the top guesses the model would give
after its embeddings and after each layer, read through its own output head;
the last row is what ``mlmstudio fill`` answers. ``--temperature`` redraws the
probabilities as softmax(logits / T), T from 0.1 to 5. Plain output is one
table per [MASK]; ``--json`` prints every row.
"""

from __future__ import annotations

import argparse
import json
import sys

from mlmstudio.engine.errors import PredictionError
from mlmstudio.engine.inspect.temperature import TEMPERATURE_MAX, TEMPERATURE_MIN, check_temperature

CELL = 18


def add_lens_command(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser(
        "lens",
        help="Show what a trained model would guess for a [MASK] after each of its layers.",
        description="Read each [MASK] of a text after the model's embeddings and after each of its "
        "layers, through the model's own output head (the logit lens): what it would guess if it "
        "stopped there. The last row is its real answer.",
    )
    command.add_argument(
        "model", metavar="MODEL", help="A model folder, a run id or name from the history, or 'latest'."
    )
    command.add_argument("text", metavar="TEXT", help="The text, in quotes, with at least one [MASK].")
    command.add_argument("--json", action="store_true", help="Print every row as JSON.")
    command.add_argument(
        "--temperature",
        type=float,
        default=1.0,
        metavar="T",
        help=f"Redraw the probabilities as softmax(logits / T), T from {TEMPERATURE_MIN} to "
        f"{TEMPERATURE_MAX} (default 1: the model's own).",
    )
    command.add_argument(
        "--top-k", type=int, default=5, metavar="K", help="How many guesses per row (default 5)."
    )
    command.add_argument(
        "--data-dir",
        default=argparse.SUPPRESS,
        help="Where the run history lives (default: MLMSTUDIO_HOME or the platform's user data folder).",
    )
    command.set_defaults(func=cmd_lens)


def cmd_lens(args: argparse.Namespace) -> int:
    check_temperature(args.temperature)  # before the model is loaded
    if args.top_k < 1:
        raise PredictionError(f"--top-k must be at least 1 (got {args.top_k}).")
    from mlmstudio.cli.engine_commands import resolve_model_dir
    from mlmstudio.cli.model_folders import with_engine_mask
    from mlmstudio.engine.inspect.logit_lens import logit_lens
    from mlmstudio.engine.predict import Predictor

    model_dir = resolve_model_dir(args.model, args.data_dir)
    predictor = Predictor.from_dir(model_dir)
    lens = logit_lens(predictor, with_engine_mask(model_dir, args.text, needs_mask=True), top_k=args.top_k)
    if lens.truncated:
        print(
            "mlmstudio: note: the text is longer than the model reads at once; only the part around "
            "the masks was used.",
            file=sys.stderr,
        )
    if args.json:
        print(json.dumps(lens.as_dict(args.temperature), ensure_ascii=False))
        return 0
    print(summary(lens, args.temperature))
    return 0


def summary(lens, temperature: float) -> str:
    """One table per [MASK]: a row per stage, each cell a guess and its probability."""
    from mlmstudio.engine.inspect.attention import token_label as label

    lines = [
        f"{lens.num_stages - 1} layers ({lens.arch}), temperature {temperature:g}. Each row: what the "
        "model would guess if it stopped there; the last row is its answer."
    ]
    if lens.note:
        lines.append(lens.note)
    width = max(len(name) for name in lens.stage_names) + 8
    for m in range(lens.num_masks):
        probs = lens.probabilities(m, temperature)
        lines.append("")
        lines.append(f"[MASK] {m + 1} of {lens.num_masks} (token {lens.mask_positions[m]})")
        for s, name in enumerate(lens.stage_names):
            cells = [
                f"{_cut(label(lens.top_tokens[m][s][r]), CELL - 8)} {probs[s, r]:6.1%}".ljust(CELL)
                for r in range(probs.shape[1])
            ]
            lines.append(f"after {name}".ljust(width) + "".join(cells).rstrip())
    return "\n".join(lines)


def _cut(text: str, room: int) -> str:
    return text if len(text) <= room else text[: max(1, room - 1)] + "\u2026"
