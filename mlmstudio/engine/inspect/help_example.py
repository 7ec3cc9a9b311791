"""A worked example for the help page: one real sentence, really masked, and the numbers around it.

The help page explains masking, tokens, the loss and perplexity with the
user's own corpus. This module computes what it shows, with the engine's own
pieces and no Qt: the tokenizer a run with these settings would train (so
``V`` and ``ln V`` are the ones the Train page will draw), one sentence of the
corpus cut into its tokens, and that sentence masked by ``mask_tokens_with_actions``
with the run's masking settings (token, whole-word or span; the 80/10/10 split).
It imports torch, so the GUI calls it off the GUI thread.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from mlmstudio.config import RunConfig

EXAMPLE_SOURCE_CHARS = 200_000  # sentences are looked for in the start of the corpus
MAX_EXAMPLE_TOKENS = 40  # a longer sentence is cut, so the example stays readable
SEED_TRIES = 64  # masks drawn until one shows at least one [MASK]
CANDIDATES = 200  # readable sentences gathered to choose "another sentence" from
STRIDE = 7  # the next example skips a few: neighbouring lines often say the same

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


@dataclass(frozen=True)
class ExampleToken:
    original: str  # the token as the tokenizer cut it
    shown: str  # what the model sees there: the token, [MASK] or a random token
    action: str  # "", "mask", "random" or "kept" ("" = not chosen, no loss here)


@dataclass(frozen=True)
class MaskedExample:
    """Everything the help page needs to show, as plain values."""

    sentence: str  # the sentence as it is in the corpus
    from_corpus: bool  # False when the built-in sample was used instead
    corpus_name: str
    tokenizer_kind: str  # char, word, wordpiece or bpe
    vocab_size: int  # V of the tokenizer a run with these settings trains
    tokens: tuple[ExampleToken, ...]
    strategy: str  # token, whole-word or span
    mlm_probability: float
    mask_replace_prob: float
    random_replace_prob: float
    truncated: bool  # the sentence had more than MAX_EXAMPLE_TOKENS tokens

    @property
    def baseline_loss(self) -> float:
        """ln V: the loss of a model that spreads its guess evenly over the vocabulary."""
        return math.log(self.vocab_size)

    def count(self, action: str) -> int:
        return sum(1 for token in self.tokens if token.action == action)

    @property
    def selected(self) -> int:
        return sum(1 for token in self.tokens if token.action)


def pick_sentence(text: str, kind: str, index: int = 0) -> str | None:
    """A sentence of the corpus that makes a readable example, or None if there is none.

    Prefers complete sentences of 6 to 16 words (5 to 10 for a character
    tokenizer, where every letter is a token), from the start of the corpus.
    ``index`` 0 is the first such sentence; 1, 2, ... give others, round and round.
    """
    low, high = (5, 10) if kind == "char" else (6, 16)
    found: list[str] = []
    fallback = None
    for line in text[:EXAMPLE_SOURCE_CHARS].splitlines():
        for sentence in _SENTENCE_END.split(line.strip()):
            words = len(sentence.split())
            if low <= words <= high:
                found.append(sentence)
                if len(found) >= CANDIDATES:
                    return found[(index * STRIDE) % len(found)]
            elif fallback is None and words >= 3:
                fallback = sentence
    if found:
        return found[(index * STRIDE) % len(found)]
    return fallback


def masked_example(
    config: RunConfig,
    corpus_text: str,
    corpus_name: str,
    *,
    from_corpus: bool = True,
    tokenizer=None,
    sentence_index: int = 0,
) -> MaskedExample:
    """Train (or reuse) the run's tokenizer on the corpus, pick a sentence and mask it as training would.

    ``tokenizer`` skips the training when the caller already has this
    configuration's tokenizer; ``sentence_index`` picks another sentence (``pick_sentence``). Raises the engine's errors (a sentence for the
    user) when the corpus cannot give a tokenizer or a sentence.
    """
    import torch

    from mlmstudio.engine.errors import CorpusError
    from mlmstudio.engine.masking import KEPT, MASKED, RANDOM, mask_tokens_with_actions
    from mlmstudio.engine.run_tokenizer import tokenizer_for_run

    sentence = pick_sentence(corpus_text, config.tokenizer.kind, sentence_index)
    if sentence is None:
        raise CorpusError("The corpus has no sentence of three words or more to show as an example.")
    if tokenizer is None:
        tokenizer = tokenizer_for_run(config, corpus_text)
    ids, word_ids = tokenizer.encode_with_words(sentence)
    truncated = len(ids) > MAX_EXAMPLE_TOKENS
    ids, word_ids = ids[:MAX_EXAMPLE_TOKENS], word_ids[:MAX_EXAMPLE_TOKENS]
    if not len(ids):
        raise CorpusError("The example sentence gives no tokens with these tokenizer settings.")

    cfg = config.masking
    input_ids = torch.as_tensor(ids, dtype=torch.long)[None]
    words = torch.as_tensor(word_ids, dtype=torch.long)[None]
    result = None
    for seed in range(SEED_TRIES):  # a short sentence may draw no mask at all: show one that has some
        result = mask_tokens_with_actions(
            input_ids,
            cfg=cfg,
            vocab_size=tokenizer.vocab_size,
            mask_token_id=tokenizer.mask_token_id,
            special_ids=tokenizer.special_ids,
            generator=torch.Generator().manual_seed(seed),
            word_ids=words,
        )
        if bool((result.actions == MASKED).any()):
            break
    assert result is not None  # SEED_TRIES >= 1
    names = {MASKED: "mask", RANDOM: "random", KEPT: "kept"}
    tokens = tuple(
        ExampleToken(_readable(tokenizer, original), _readable(tokenizer, shown), names.get(action, ""))
        for original, shown, action in zip(
            ids.tolist(), result.input_ids[0].tolist(), result.actions[0].tolist(), strict=True
        )
    )
    return MaskedExample(
        sentence=sentence,
        from_corpus=from_corpus,
        corpus_name=corpus_name,
        tokenizer_kind=tokenizer.kind,
        vocab_size=tokenizer.vocab_size,
        tokens=tokens,
        strategy=cfg.strategy,
        mlm_probability=cfg.mlm_probability,
        mask_replace_prob=cfg.mask_replace_prob,
        random_replace_prob=cfg.random_replace_prob,
        truncated=truncated,
    )


def _readable(tokenizer, token_id: int) -> str:
    """A token as a student should see it: word pieces keep their ##, a space is visible."""
    raw = tokenizer.id_to_token(token_id) if tokenizer.kind == "wordpiece" else tokenizer.token_str(token_id)
    return (raw or "").replace(" ", "␣").replace("\n", "↵").replace("\t", "⇥")
