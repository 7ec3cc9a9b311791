"""Keeping the memory of big corpora in check."""

from __future__ import annotations

import ctypes
import sys

# Training a tokenizer on more text than this adds time and memory, not a better
# vocabulary (docs/PERFORMANCE.md, corpus scale); bigger corpora are sampled evenly.
TOKENIZER_TEXT_LIMIT = 20_000_000


def tokenizer_sample(text: str, limit: int = TOKENIZER_TEXT_LIMIT, pieces: int = 100) -> str:
    """At most ``limit`` characters of ``text``: the start of each of ``pieces`` even slices, cut at newlines."""
    if len(text) <= limit:
        return text
    stride, take = len(text) // pieces, limit // pieces
    parts = []
    for begin in range(0, len(text), stride):
        end = text.rfind("\n", begin, begin + take)
        parts.append(text[begin:end if end > begin else begin + take])
    return "\n".join(parts)


def release_free_memory() -> None:
    """Give freed heap back to the system (glibc keeps what the tokenizer's threads freed)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # another C library: nothing to do
        pass
