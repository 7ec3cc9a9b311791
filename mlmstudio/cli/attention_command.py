"""``mlmstudio attention MODEL "text" [--json | --png FILE]``: what each attention head looks at.

The numbers are ``engine.inspect.attention``'s, the same the Explore page's Attention
tab draws. The text is framed as [CLS] text [SEP] and cut at the model's
maximum length (with a note on stderr). Plain output is a compact summary:
for each layer, a table with one row per token and one column per head (and
the average over heads), each cell naming the token it attends to most and
that weight. ``--json`` prints the tokens and every weight, layers x heads x
T x T, each row summing to 1; ``--png`` draws the layer x head grid of
heatmaps (``mlmstudio.attention_picture``, no display needed).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mlmstudio.engine.errors import PredictionError

CELL = 16


def add_attention_command(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser(
        "attention",
        help="Show which tokens each attention head of a trained model looks at.",
        description="Run a text through a trained model and show its attention weights: for every "
        "layer and head, how much each token looks at each other token. Without options, "
        "a summary: the token each token attends to most, per head.",
    )
    command.add_argument(
        "model", metavar="MODEL", help="A model folder, a run id or name from the history, or 'latest'."
    )
    command.add_argument("text", metavar="TEXT", help="The text to look at, in quotes.")
    output = command.add_mutually_exclusive_group()
    output.add_argument(
        "--json",
        action="store_true",
        help="Print the tokens and every weight (layers x heads x tokens x tokens) as JSON.",
    )
    output.add_argument(
        "--png",
        metavar="FILE",
        help="Save the grid of heatmaps (one per layer and head, plus the average over "
        "heads) as a PNG image.",
    )
    command.add_argument("--overwrite", action="store_true", help="Replace the PNG file if it exists.")
    command.add_argument(
        "--data-dir",
        default=argparse.SUPPRESS,
        help="Where the run history lives (default: MLMSTUDIO_HOME or the platform's user data folder).",
    )
    command.set_defaults(func=cmd_attention)


def cmd_attention(args: argparse.Namespace) -> int:
    if not args.text.strip():
        raise PredictionError(
            "The text is empty. Give a sentence in quotes to see what the model attends to."
        )
    target = _png_target(args.png, args.overwrite) if args.png is not None else None
    from mlmstudio.cli.engine_commands import resolve_model_dir
    from mlmstudio.cli.model_folders import with_engine_mask
    from mlmstudio.engine.inspect.attention import attend
    from mlmstudio.engine.predict import Predictor

    model_dir = resolve_model_dir(args.model, args.data_dir)
    predictor = Predictor.from_dir(model_dir)
    args.text = with_engine_mask(model_dir, args.text)  # a RoBERTa's "<mask>" is its mask, as in transformers
    result = attend(predictor, args.text)
    if result.note:
        print(f"mlmstudio: note: {result.note}", file=sys.stderr)
    if args.json:
        print(result.to_json(indent=None))
        return 0
    if target is not None:
        from mlmstudio.attention_picture import render_attention, save_png

        title = (
            f"Attention of \u201c{args.text.strip()}\u201d ({result.arch}, {result.num_layers} layers "
            f"\u00d7 {result.num_heads} heads). Row: the token that looks; column: what it looks at."
        )
        from mlmstudio.engine.inspect.attention import token_label

        labels = [token_label(t) for t in result.tokens]
        save_png(
            render_attention(labels, result.weights, title=title, layer_names=result.layer_names), target
        )
        print(
            f"Saved the attention maps of {len(result.tokens)} tokens ({result.num_layers} layers x "
            f"{result.num_heads} heads) to {target}"
        )
        return 0
    print(summary(result))
    return 0


def summary(result) -> str:
    """Per layer: each token's most-attended token and its weight, per head and on average."""
    from mlmstudio.engine.inspect.attention import token_label as label

    lines = [
        f"{len(result.tokens)} tokens, {result.num_layers} layers x {result.num_heads} heads "
        f"({result.arch}). Each cell: the token it attends to most, and that weight."
    ]
    width = max(
        max(len(n) for n in result.layer_names) + 2, min(CELL, max(len(label(t)) for t in result.tokens) + 2)
    )
    heads = [f"head {h + 1}" for h in range(result.num_heads)] + ["average"]
    for layer in range(result.num_layers):
        lines.append("")
        lines.append(result.layer_names[layer].ljust(width) + "".join(h.ljust(CELL) for h in heads).rstrip())
        grids = [result.weights[layer, h] for h in range(result.num_heads)] + [result.head_average()[layer]]
        for q, token in enumerate(result.tokens):
            cells = []
            for grid in grids:
                k = int(grid[q].argmax())
                cells.append(f"{_cut(label(result.tokens[k]), CELL - 7)} {grid[q, k]:.2f}".ljust(CELL))
            lines.append(_cut(label(token), width - 1).ljust(width) + "".join(cells).rstrip())
    return "\n".join(lines)


def _cut(text: str, room: int) -> str:
    return text if len(text) <= room else text[: max(1, room - 1)] + "\u2026"


def _png_target(path: str, overwrite: bool) -> Path:
    """Checked before any work: a .png name, in an existing folder, not replacing a file unasked."""
    from mlmstudio.engine.output_paths import check_report_file

    return check_report_file(path, overwrite=overwrite, what="picture", suffixes=(".png",))
