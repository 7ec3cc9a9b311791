"""Parts of one text, kept as offsets: the training split of a 100 MB corpus without a copy of it."""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class TextSpans:
    """The characters ``text[start:end]`` of each span, in order, read as one text.

    Spans do not overlap and each begins a new word (at a line start or after a
    space), so tokenizing them one by one gives the tokens of their joined text.
    """

    text: str
    spans: tuple[tuple[int, int], ...]

    @classmethod
    def whole(cls, text: str) -> TextSpans:
        return cls(text, ((0, len(text)),) if text else ())

    @classmethod
    def of_blocks(cls, text: str, blocks: list[tuple[int, int]]) -> TextSpans:
        """The given (start, end) blocks, in order, adjacent ones merged into one span."""
        spans: list[list[int]] = []
        for start, end in blocks:
            if spans and spans[-1][1] == start:
                spans[-1][1] = end
            else:
                spans.append([start, end])
        return cls(text, tuple((start, end) for start, end in spans))

    def stripped(self) -> TextSpans:
        """The same spans without the whitespace that begins the first or ends the last."""
        spans = list(self.spans)
        while spans and self.text[spans[0][0] : spans[0][0] + 1].isspace():
            start, end = spans[0]
            spans[0] = (start + 1, end)
            if start + 1 == end:
                spans.pop(0)
        while spans and self.text[spans[-1][1] - 1 : spans[-1][1]].isspace():
            start, end = spans[-1]
            spans[-1] = (start, end - 1)
            if start == end - 1:
                spans.pop()
        return TextSpans(self.text, tuple(spans))

    def __len__(self) -> int:
        return sum(end - start for start, end in self.spans)

    def joined(self) -> str:
        """One string; a span cut mid-line is followed by a newline so its last word stays whole."""
        if self.spans == ((0, len(self.text)),):
            return self.text
        return "".join(
            self.text[start:end] if self.text[end - 1].isspace() else self.text[start:end] + "\n"
            for start, end in self.spans
        )

    def chunks(self, max_chars: int) -> Iterator[str]:
        """Consecutive pieces: each ends after the first newline past ``max_chars`` or at its span's end."""
        for start, end in self.spans:
            position = start
            while position < end:
                cut = self.text.find("\n", position + max_chars, end)
                stop = end if cut < 0 else cut + 1
                yield self.text[position:stop]
                position = stop

    def locate(self, offset: int) -> tuple[int, int]:
        """For a character offset into the joined spans: its offset in ``text`` and its span's end."""
        if not 0 <= offset < len(self):
            raise IndexError(f"offset {offset} is outside spans of {len(self)} characters")
        lengths = [0]
        for start, end in self.spans:
            lengths.append(lengths[-1] + end - start)
        index = bisect.bisect_right(lengths, offset) - 1
        start, end = self.spans[index]
        return start + offset - lengths[index], end
