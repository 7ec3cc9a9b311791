"""The tokenizer a run trains, made the way the trainer makes it.

The trainer, the pre-flight checks, capsules and the help page's worked example
all need the very vocabulary a run of a config will have, before (or without)
training; this is the one place that decides it: the run's training split
(``split_spans`` with the run's seed), an even sample of it, ``MLMTokenizer.train``.
"""

from __future__ import annotations

from mlmstudio.config import RunConfig
from mlmstudio.engine.corpus import split_spans
from mlmstudio.engine.memory import release_free_memory, tokenizer_sample
from mlmstudio.engine.text_spans import TextSpans
from mlmstudio.engine.tokenization import MLMTokenizer


def tokenizer_for_run(config: RunConfig, corpus_text: str) -> MLMTokenizer:
    """The tokenizer a run of ``config`` trains, made ahead of the run (the app shows ln(V) early).

    A run that continues a model (``training.start_from``) trains none: it is that model's own
    tokenizer, with the words the run adds (``training.added_words``), as the trainer will have it.
    The pre-flight counts, a capsule's tokenizer.json and the help example then read the corpus
    as the run will, not with a tokenizer learnt from it."""
    if config.training.start_from.strip():
        return starting_run_tokenizer(config)
    train_text, _ = split_spans(corpus_text, config.corpus.val_fraction, config.training.seed)
    return train_run_tokenizer(train_text, config)


def starting_run_tokenizer(config: RunConfig) -> MLMTokenizer:
    """The tokenizer of the model a run continues, with the run's added words; a sentence if unreadable."""
    from pathlib import Path

    from mlmstudio.engine.artifacts import load_tokenizer
    from mlmstudio.engine.errors import MLMStudioError, TrainingError
    from mlmstudio.engine.vocab_extension import added_words, extend_tokenizer

    start = config.training.start_from.strip()
    try:
        tokenizer = load_tokenizer(Path(start))
    except MLMStudioError as exc:
        raise TrainingError(f"The model to continue from cannot be loaded: {exc}") from exc
    words = added_words(config)
    return extend_tokenizer(tokenizer, words).tokenizer if words else tokenizer


def train_run_tokenizer(train_text: TextSpans, config: RunConfig) -> MLMTokenizer:
    """Train the run's tokenizer on (a sample of) its training split."""
    tokenizer = MLMTokenizer.train([tokenizer_sample(train_text)], config.tokenizer)
    release_free_memory()  # the tokenizers library's threads free into arenas glibc keeps
    return tokenizer
