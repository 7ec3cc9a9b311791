"""Keeping the memory of big corpora in check."""

from __future__ import annotations

import ctypes
import sys

from mlmstudio.engine.text_spans import TextSpans

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
        parts.append(spans.text[begin:end if end > begin else stop])
    return "\n".join(parts)


def release_free_memory() -> None:
    """Give freed heap back to the system (glibc keeps what the tokenizer's threads freed)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # another C library: nothing to do
        pass
