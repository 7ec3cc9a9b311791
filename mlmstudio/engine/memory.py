"""Keeping memory in check: big corpora, and models too big for this computer.

A model or batch that does not fit ends in the allocator's traceback, or in the
system's out-of-memory killer, after the run was recorded. ``*_shortage``
compare the estimates of ``estimates.py`` with the free memory first, so the
faces can refuse with a sentence before anything is built or recorded.
"""

from __future__ import annotations

import ctypes
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from mlmstudio.engine import system_memory
from mlmstudio.engine.text_spans import TextSpans

if TYPE_CHECKING:
    from mlmstudio.config import RunConfig

# Training a tokenizer on more text than this adds time and memory, not a better
# vocabulary (docs/PERFORMANCE.md, corpus scale); bigger corpora are sampled evenly.
TOKENIZER_TEXT_LIMIT = 20_000_000


def tokenizer_sample(text: str | TextSpans, limit: int = TOKENIZER_TEXT_LIMIT, pieces: int = 100) -> str:
    """At most ``limit`` characters of ``text``: the start of each of ``pieces`` even slices, cut at newlines."""
    spans = text if isinstance(text, TextSpans) else TextSpans.whole(text)
    if len(spans) <= limit:
        return spans.joined()
    stride, take = len(spans) // pieces, limit // pieces
    parts = []
    for offset in range(0, len(spans), stride):
        begin, span_end = spans.locate(offset)
        stop = min(begin + take, span_end)
        end = spans.text.rfind("\n", begin, stop)
        parts.append(spans.text[begin : end if end > begin else stop])
    return "\n".join(parts)


def release_free_memory() -> None:
    """Give freed heap back to the system (glibc keeps what the tokenizer's threads freed)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # another C library: nothing to do
        pass


RESIZE_ADVICE = (
    "Choose a smaller width, fewer layers, a smaller vocabulary, batch or sequence length, "
    "or close other programs."
)
# A continued model keeps its own shape and vocabulary: only the batch and the windows can shrink.
CONTINUED_ADVICE = "Choose a smaller batch or sequence length, or close other programs."


def memory_shortage(needed_bytes: int, what: str, advice: str = RESIZE_ADVICE) -> str | None:
    """A sentence when ``needed_bytes`` (an estimate) exceeds the free memory, else None."""
    available = system_memory.available_memory_bytes()
    if system_memory.memory_fit(needed_bytes, available).fits:
        return None
    return (
        f"{what} needs about {system_memory.human_bytes(needed_bytes)} of memory, but only "
        f"{system_memory.human_bytes(available or 0)} is free. {advice}"
    )


def training_memory_shortage(config: RunConfig, vocab_size: int | None = None) -> str | None:
    """``memory_shortage`` for training ``config`` (vocabulary: the tokenizer's largest, if not known;
    a continued run's: the model's own)."""
    from mlmstudio.engine.estimates import estimate_training_memory

    vocab = vocab_size or starting_vocab_size(config) or config.tokenizer.vocab_size
    needed = estimate_training_memory(
        config.model, vocab, config.training.batch_size, config.training.seq_len
    )
    if config.training.start_from.strip():
        return memory_shortage(needed, "Continuing this model", CONTINUED_ADVICE)
    return memory_shortage(needed, "Training this model")


def starting_vocab_size(config: RunConfig) -> int | None:
    """The vocabulary of the model a continued run starts from, plus its added words, read before
    its weights load: a 250,000-token XLM-R vocabulary counts as it is (the config's tokenizer
    setting stops at 200,000). None for a new model or an unreadable folder (the load says why)."""
    start = config.training.start_from.strip()
    if not start:
        return None
    from tokenizers import Tokenizer

    from mlmstudio.engine.run_files import RunFolder

    try:
        own = Tokenizer.from_file(str(RunFolder(Path(start)).tokenizer)).get_vocab_size(
            with_added_tokens=True
        )
    except Exception:  # noqa: BLE001 - load_starting_model gives the sentence for a damaged folder
        return None
    return own + len(config.training.added_words.split())  # vocab_extension.added_words


def model_memory_shortage(config: RunConfig, vocab_size: int) -> str | None:
    """``memory_shortage`` for building the model of ``config`` to load its weights (weights twice)."""
    from mlmstudio.engine.estimates import estimate_parameters

    return memory_shortage(8 * estimate_parameters(config.model, vocab_size), "Loading this model")
