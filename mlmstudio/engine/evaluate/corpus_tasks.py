"""Tasks made from texts, needing no labels: "original or word-shuffled?" and "which text is it from?".

Sentences are the text's lines cut at sentence ends (. ! ? followed by a space), kept when they
have ``MIN_WORDS`` to ``MAX_WORDS`` words, once each (duplicates would put one sentence on both
sides of the split). Everything is seeded, so the same text gives the same task.

- ``shuffled_task``: half of the sentences keep their order, the other half have their words
  shuffled (a shuffle that changes nothing is drawn again). Bag-of-words features cannot tell
  the two apart, so what a probe finds is the order the encoder has learned to read.
- ``source_task``: sentences of two texts, labelled with the text each comes from, the same
  number of each (the smaller text decides).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from mlmstudio.engine.evaluate.tasks import LabelledTask, TaskError, make_task

MIN_WORDS = 4
MAX_WORDS = 40
MAX_CORPUS_EXAMPLES = 2_000  # per task: a few seconds of feature extraction for a small model
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_SEED = 20261202


def corpus_sentences(text: str, limit: int | None = None) -> list[str]:
    """Distinct sentences of ``text`` of MIN_WORDS..MAX_WORDS words, in a seeded random order."""
    seen: dict[str, None] = {}
    for sentence in _sentences(text):
        seen.setdefault(sentence, None)
    found = list(seen)
    random.Random(_SEED).shuffle(found)
    return found if limit is None else found[:limit]


def _sentences(text: str) -> Iterator[str]:
    for line in text.splitlines():
        for part in _SENTENCE_END.split(line):
            words = part.split()
            if MIN_WORDS <= len(words) <= MAX_WORDS:
                yield " ".join(words)


def shuffled_task(text: str, *, source: str, limit: int = MAX_CORPUS_EXAMPLES) -> LabelledTask:
    """Original sentences against word-shuffled copies of other sentences, half each."""
    sentences = corpus_sentences(text, limit)
    rng = random.Random(_SEED + 1)
    texts, labels = [], []
    for i, sentence in enumerate(sentences):
        if i % 2:
            texts.append(_shuffled(sentence, rng))
            labels.append("shuffled")
        else:
            texts.append(sentence)
            labels.append("original")
    _enough(len(texts), source)
    return make_task(
        "shuffled",
        texts,
        labels,
        description=f"Sentences of {source}: original word order, or the words shuffled.",
    )


def _shuffled(sentence: str, rng: random.Random) -> str:
    words = sentence.split()
    for _ in range(10):
        order = words[:]
        rng.shuffle(order)
        if order != words:
            return " ".join(order)
    return " ".join(reversed(words))  # all words alike but one: reversing still changes the order


def source_task(
    text_a: str, name_a: str, text_b: str, name_b: str, *, limit: int = MAX_CORPUS_EXAMPLES
) -> LabelledTask:
    """Sentences of two texts, labelled with their source, as many of each."""
    if name_a == name_b:
        name_b = f"{name_b} (2)"
    a = corpus_sentences(text_a)
    b_set = set(a)
    b = [s for s in corpus_sentences(text_b) if s not in b_set]  # a sentence of both says nothing
    each = min(len(a), len(b), limit // 2)
    if min(len(a), len(b)) < 10:
        short = name_a if len(a) < len(b) else name_b
        raise TaskError(
            f"{short} has fewer than 10 sentences of {MIN_WORDS} to {MAX_WORDS} words; "
            "choose a longer text to tell the two texts apart."
        )
    texts = a[:each] + b[:each]
    labels = [name_a] * each + [name_b] * each
    _enough(len(texts), f"{name_a} and {name_b}")
    return make_task(
        "corpus-source",
        texts,
        labels,
        description=f"Which text a sentence comes from: {name_a} or {name_b}.",
    )


def _enough(n: int, source: str) -> None:
    if n < 20:
        raise TaskError(
            f"{source} has only {n} sentences of {MIN_WORDS} to {MAX_WORDS} words; a task made from it needs "
            "at least 20. Choose a longer text, or a labelled task file."
        )
