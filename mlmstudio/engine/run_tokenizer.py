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
    """The tokenizer a run of ``config`` trains, made ahead of the run (the app shows ln(V) early)."""
    train_text, _ = split_spans(corpus_text, config.corpus.val_fraction, config.training.seed)
    return train_run_tokenizer(train_text, config)


def train_run_tokenizer(train_text: TextSpans, config: RunConfig) -> MLMTokenizer:
    """Train the run's tokenizer on (a sample of) its training split."""
    tokenizer = MLMTokenizer.train([tokenizer_sample(train_text)], config.tokenizer)
    release_free_memory()  # the tokenizers library's threads free into arenas glibc keeps
    return tokenizer
