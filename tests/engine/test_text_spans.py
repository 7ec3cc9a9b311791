"""A split held as spans reads, chunks and tokenizes exactly like the text it stands for."""

import numpy as np
import pytest

from mlmstudio.config import TokenizerConfig
from mlmstudio.engine.corpus import split_spans, split_train_val
from mlmstudio.engine.data import encode_stream
from mlmstudio.engine.memory import tokenizer_sample
from mlmstudio.engine.text_spans import TextSpans
from mlmstudio.engine.tokenization import MLMTokenizer

TEXT = "".join(f"line {i} says something about {i % 7} things\n" for i in range(3000))


def test_adjacent_blocks_merge_and_lengths_add_up():
    spans = TextSpans.of_blocks(TEXT, [(0, 10), (10, 25), (40, 50)])
    assert spans.spans == ((0, 25), (40, 50))
    assert len(spans) == 35
    assert spans.locate(0) == (0, 25) and spans.locate(24) == (24, 25)
    assert spans.locate(25) == (40, 50) and spans.locate(34) == (49, 50)
    with pytest.raises(IndexError):
        spans.locate(35)


def test_the_whole_text_is_not_copied():
    assert TextSpans.whole(TEXT).joined() is TEXT
    assert TextSpans.whole("").spans == () and len(TextSpans.whole("")) == 0


def test_a_span_cut_mid_line_keeps_its_last_word_whole_when_joined():
    text = "alpha beta gamma delta"
    assert TextSpans(text, ((0, 11), (17, 22))).joined() == "alpha beta delta\n"
    assert TextSpans(text, ((0, 8), (17, 22))).joined() == "alpha be\ndelta\n"


def test_stripped_drops_outer_whitespace_and_emptied_spans():
    text = "  \n\nalpha beta\n\n gamma \n  "
    spans = TextSpans(text, ((0, 2), (2, 16), (16, len(text)))).stripped()
    assert "".join(text[a:b] for a, b in spans.spans) == "alpha beta\n\n gamma"
    assert spans.spans == ((4, 16), (16, 22))  # the all-blank first span is gone


def test_chunks_cut_after_newlines_within_spans_and_cover_every_character():
    train, _ = split_spans(TEXT, 0.1, seed=0)
    chunks = list(train.chunks(1000))
    assert "".join(chunks) == "".join(TEXT[start:end] for start, end in train.spans)
    assert all(len(c) < 1000 + 60 for c in chunks)
    assert all(c.endswith("\n") for c in chunks[:-1])  # blocks end at line ends, so chunks do too


@pytest.mark.parametrize("kind", ["wordpiece", "word", "char"])
def test_a_split_tokenizes_to_the_same_stream_as_its_text(kind):
    tokenizer = MLMTokenizer.train([TEXT], TokenizerConfig(kind=kind, vocab_size=500))
    train_spans, val_spans = split_spans(TEXT, 0.1, seed=3)
    train_text, val_text = split_train_val(TEXT, 0.1, seed=3)
    for spans, text in ((train_spans, train_text), (val_spans, val_text)):
        from_spans, from_text = encode_stream(spans, tokenizer), encode_stream(text, tokenizer)
        np.testing.assert_array_equal(from_spans.ids, from_text.ids)
        np.testing.assert_array_equal(from_spans.word_starts, from_text.word_starts)


def test_encoding_spans_reports_progress_up_to_their_length():
    tokenizer = MLMTokenizer.train([TEXT], TokenizerConfig(kind="word"))
    train, _ = split_spans(TEXT, 0.1, seed=0)
    calls = []
    encode_stream(train, tokenizer, progress=lambda done, total: calls.append((done, total)))
    assert calls and calls[-1] == (len(train), len(train))


def test_tokenizer_sample_of_spans_takes_text_from_every_part_of_the_split():
    train, val = split_spans(TEXT, 0.3, seed=1)
    sample = tokenizer_sample(train, limit=20_000, pieces=20)
    assert len(sample) <= 20_000 + 20
    held_out = {line for start, end in val.spans for line in TEXT[start:end].splitlines()}
    lines = [line for line in sample.split("\n") if line]
    assert lines and not held_out & set(lines)
    numbers = [int(line.split()[1]) for line in lines if line.startswith("line ")]
    assert min(numbers) < 300 and max(numbers) > 2700  # from the start to the end of the corpus
