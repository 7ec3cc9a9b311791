"""train --from MODEL --add-words N / --add-words-file FILE (issue 17, item 4).

The words are chosen here, from the corpus the run trains on (its training split, so the
held-out text stays unseen), and written into the run's config (``training.added_words``); the
engine adds them when it loads the model (engine/start_from.py). Every word is checked before
anything is recorded. Importing this module imports no torch: train's parser is built from it.
"""

from __future__ import annotations

import sys
from pathlib import Path


def add_added_words_flags(train) -> None:
    """train's --add-words N and --add-words-file FILE (issue 17, item 4), with --from."""
    train.add_argument(
        "--add-words",
        metavar="N",
        type=int,
        default=None,
        help="With --from: add the corpus' N most frequent words that the model's tokenizer reads as "
        "3 or more pieces (or as unknown) to its vocabulary, each a token of its own whose new row "
        "starts at the mean of its old pieces. The export carries them.",
    )
    train.add_argument(
        "--add-words-file",
        metavar="FILE",
        default=None,
        help="With --from: add the words of this text file (separated by spaces or lines; # starts "
        "a comment line) to the model's vocabulary, as --add-words does.",
    )


def with_added_words(args, config, corpus_text: str):
    """``config`` with the words --add-words / --add-words-file chose (said on stderr), or as it was."""
    from dataclasses import replace

    from mlmstudio.config import ConfigError
    from mlmstudio.engine import vocab_extension as ve
    from mlmstudio.engine.tokenization import MLMTokenizer

    count, file = getattr(args, "add_words", None), getattr(args, "add_words_file", None)
    if count is None and file is None:
        return config
    if not config.training.start_from.strip():
        raise ConfigError(
            "--add-words and --add-words-file add words to the vocabulary of a model you continue; "
            "give the model with --from."
        )
    tokenizer = MLMTokenizer.load(Path(config.training.start_from) / "tokenizer.json")
    words: list[str] = []
    if file is not None:
        words += ve.parse_words(_read_words_file(Path(file)))
        if not words:
            raise ConfigError(f"The words file {file} has no words in it. Put one word per line.")
    if count is not None:
        ve.check_word_count(count)
        candidates = ve.candidates_for_run(config, corpus_text, count + len(words), tokenizer)
        chosen = [c for c in candidates if c.word not in set(words)][:count]
        if not chosen and not words:
            raise ve.VocabularyError(ve.no_candidates_message())
        if len(chosen) < count:
            print(
                f"(Only {len(chosen)} words of the corpus are split by this model's tokenizer.)",
                file=sys.stderr,
            )
        shown = ", ".join(
            f"{c.word} ({'unknown' if c.unknown else f'{len(c.pieces)} pieces'})" for c in chosen[:20]
        )
        more = f", and {len(chosen) - 20} more" if len(chosen) > 20 else ""
        print(f"(Adding {len(chosen)} words to the vocabulary: {shown}{more}.)", file=sys.stderr)
        words += [c.word for c in chosen]
    ve.extend_tokenizer(tokenizer, words)  # every word checked before anything is recorded
    return replace(config, training=replace(config.training, added_words=ve.words_text(words)))


def check_added_words_flags(args) -> None:
    """What --add-words / --add-words-file can be refused for without the model: a count out of
    bounds, a words file that is missing, unreadable or empty. Run before the model is opened, so a
    mistyped flag costs no opening (and writes no opened copy)."""
    from mlmstudio.config import ConfigError
    from mlmstudio.engine import vocab_extension as ve

    count, file = getattr(args, "add_words", None), getattr(args, "add_words_file", None)
    if file is not None and not ve.parse_words(_read_words_file(Path(file))):
        raise ConfigError(f"The words file {file} has no words in it. Put one word per line.")
    if count is not None:
        ve.check_word_count(count)


def _read_words_file(path: Path) -> str:
    from mlmstudio.config import ConfigError

    try:
        if path.stat().st_size > 10_000_000:
            raise ConfigError(f"The words file {path} is over 10 MB; a list of words to add is far smaller.")
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"There is no words file at {path}. Check the name.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"The words file {path} cannot be read ({exc}). Give a UTF-8 text file.") from exc
