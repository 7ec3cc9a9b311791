"""``mlmstudio neighbours MODEL WORD``: the tokens a model puts nearest to a word.

The numbers are ``engine.inspect.embeddings``' (cosine similarity of the input token
embeddings; a word of several pieces is the mean of its pieces' unit
vectors), the same the Explore page's Embeddings tab draws. ``--map N`` adds
the 2-D PCA coordinates of the N most frequent tokens to the JSON.
"""

from __future__ import annotations

import argparse

TOKEN_COLUMN = 16
BAR_WIDTH = 20


def add_neighbours_command(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser(
        "neighbours",
        help="The tokens whose embeddings are nearest to a word's (cosine similarity).",
        description="List the tokens whose input embeddings point most like the word's (cosine "
        "similarity, 1 = same direction). A word the tokenizer splits into several pieces "
        "uses the mean of its pieces' unit vectors, and the pieces are left out.",
    )
    command.add_argument(
        "model", metavar="MODEL", help="A model folder, a run id or name from the history, or 'latest'."
    )
    command.add_argument("word", metavar="WORD", help="The word (or token, such as ##ing) to look up.")
    # No engine import here (it imports torch): the engine checks the numbers and says its bounds.
    command.add_argument("-k", "--top", type=int, default=10, help="How many neighbours (default 10).")
    command.add_argument(
        "--special", action="store_true", help="Include the special tokens ([PAD], [MASK], ...), marked."
    )
    command.add_argument(
        "--map",
        type=int,
        default=0,
        metavar="N",
        help="With --json: add the 2-D PCA map of the N most frequent tokens.",
    )
    command.add_argument("--json", action="store_true", help="Print the result as JSON.")
    command.add_argument(
        "--data-dir",
        default=argparse.SUPPRESS,
        help="Where the run history lives (default: MLMSTUDIO_HOME or the platform's user data folder).",
    )
    command.set_defaults(func=cmd_neighbours)


def cmd_neighbours(args: argparse.Namespace) -> int:
    import json

    from mlmstudio.cli.engine_commands import resolve_model_dir
    from mlmstudio.cli.model_folders import own_special_spellings
    from mlmstudio.engine.errors import PredictionError
    from mlmstudio.engine.inspect.embeddings import EmbeddingView, embedding_map, nearest_tokens
    from mlmstudio.engine.predict import Predictor

    model_dir = resolve_model_dir(args.model, args.data_dir)
    predictor = Predictor.from_dir(model_dir)
    # A RoBERTa's own "<mask>" or "</s>" is its special token, as in transformers, not 4 or 5 pieces.
    ours = {theirs: engine for engine, theirs in own_special_spellings(model_dir).items()}
    word = ours.get(args.word.strip(), args.word)
    try:
        result = nearest_tokens(predictor, word, args.top, include_special=args.special)
    except PredictionError as exc:  # "[MASK] is a special token": said as the user wrote it
        if word == args.word:
            raise
        raise PredictionError(str(exc).replace(word, args.word.strip(), 1)) from exc
    if args.json:
        view = EmbeddingView(
            result, embedding_map(predictor, args.map, highlight=result) if args.map else None
        )
        print(json.dumps(view.as_dict(), indent=2, ensure_ascii=False))
        return 0
    print(f"Nearest tokens to '{args.word}' ({', '.join(result.word.pieces)}):")
    if result.word.note:
        print(f"  {result.word.note}")
    print(f"  {result.embedding_note}")
    print(f"{'rank':>4}  {'token':<{TOKEN_COLUMN}} {'cosine':>7}")
    for rank, n in enumerate(result.neighbours, 1):
        bar = "#" * max(0, round(n.similarity * BAR_WIDTH))
        mark = "  (special)" if n.special else ""
        print(f"{rank:>4}  {n.token_str!r:<{TOKEN_COLUMN}} {n.similarity:>7.3f}  {bar}{mark}")
    return 0
