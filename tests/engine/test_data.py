"""From text to batches: compact token streams, ring windows, resumable batches."""

import numpy as np
import torch

from mlmstudio.config import MaskingConfig, TokenizerConfig
from mlmstudio.engine.data import TokenStream, TrainBatches, WindowFramer, encode_stream
from mlmstudio.engine.memory import tokenizer_sample
from mlmstudio.engine.tokenization import MLMTokenizer


class _Specials:
    cls_token_id, sep_token_id, pad_token_id = 2, 3, 0


def test_the_stream_is_compact_and_marks_word_starts():
    text = "the cat sat\non the mat\n" * 50
    tokenizer = MLMTokenizer.train([text], TokenizerConfig(kind="char"))
    stream = encode_stream(text, tokenizer)
    assert stream.ids.dtype == np.uint16 and stream.word_starts.dtype == bool
    assert tokenizer.decode(stream.ids[:11].tolist()) == "the cat sat"
    ids, words = tokenizer.encode_with_words(text)
    assert np.array_equal(stream.ids, ids)
    assert stream.word_starts.sum() == len(np.unique(words))


def test_progress_is_reported_until_the_whole_text_is_done():
    text = "".join(f"word{i % 50} more text\n" for i in range(150_000))
    tokenizer = MLMTokenizer.train([text[:50_000]], TokenizerConfig(kind="word"))
    calls = []
    encode_stream(text, tokenizer, progress=lambda done, total: calls.append((done, total)))
    assert len(calls) >= 2 and calls[-1] == (len(text), len(text))


def test_windows_read_the_stream_as_a_ring_with_per_window_word_ids():
    stream = TokenStream(
        np.arange(10, 20, dtype=np.uint16), np.array([1, 0, 1, 0, 1, 1, 0, 1, 1, 0], dtype=bool)
    )
    input_ids, attention, word_ids = WindowFramer(_Specials(), 6).frame(stream, np.array([0, 7]))
    assert input_ids.tolist() == [[2, 10, 11, 12, 13, 3], [2, 17, 18, 19, 10, 3]]
    assert word_ids.tolist() == [[0, 1, 1, 2, 2, 3], [0, 1, 2, 2, 3, 4]]
    assert attention.all()


def test_every_token_is_trained_on_each_epoch_even_with_a_shifted_grid():
    """On a tiny corpus a shifted window grid must not skip the first sentence."""
    text = "The quick brown fox jumps over the lazy dog. A journey of a thousand miles."
    tokenizer = MLMTokenizer.train([text], TokenizerConfig(kind="char"))
    stream = encode_stream(text, tokenizer)
    batches = TrainBatches(
        stream, tokenizer, seq_len=12, batch_size=1, masking=MaskingConfig(mlm_probability=0.01), seed=0
    )
    per_epoch = len(stream) // 10
    seen = set()
    for _ in range(per_epoch):
        starts, _, _ = batches._next_indices()
        seen.update(((starts[0] + np.arange(10)) % len(stream)).tolist())
    assert len(seen) == per_epoch * 10 and 0 in seen


def test_tokenizer_sample_keeps_small_texts_and_samples_big_ones_evenly():
    small = "a b c\n" * 10
    assert tokenizer_sample(small, limit=1000) == small
    big = "".join(f"line {i}\n" for i in range(100_000))
    sample = tokenizer_sample(big, limit=50_000)
    assert len(sample) <= 50_000 + 200
    assert "line 0\n" in sample and "line 99" in sample[-2000:]


def test_batches_resume_from_their_state():
    text = "the cat sat on the mat. " * 200
    tokenizer = MLMTokenizer.train([text], TokenizerConfig(kind="char"))
    stream = encode_stream(text, tokenizer)

    def make():
        return TrainBatches(stream, tokenizer, 16, 4, MaskingConfig(), seed=7)

    first = make()
    for _ in range(5):
        next(first)
    state, generator = first.state(), first.mask_generator.get_state()
    expected = next(first)
    second = make()
    second.load_state(state, generator)
    again = next(second)
    assert torch.equal(expected.input_ids, again.input_ids)
    assert torch.equal(expected.labels, again.labels)


# --- static masks (original BERT): the trainer's own path through TrainBatches -----------------


def _epochs(static_masks: int, epochs: int = 4, seed: int = 5):
    """Each batch is one whole epoch; every window keyed by its original tokens -> its labels."""
    letters = np.random.default_rng(0).choice(list("abcdefghij "), size=1200)
    text = "".join(letters)  # random letters: no two windows alike
    tokenizer = MLMTokenizer.train([text], TokenizerConfig(kind="char"))
    stream = encode_stream(text, tokenizer)
    per_epoch = len(stream) // 14  # seq_len 16: 14 tokens between [CLS] and [SEP]
    batches = TrainBatches(
        stream,
        tokenizer,
        16,
        per_epoch,
        MaskingConfig(static_masks=static_masks, mlm_probability=0.3),
        seed=seed,
    )
    result = []
    for _ in range(epochs):
        batch = next(batches)
        original = torch.where(batch.labels != -100, batch.labels, batch.input_ids)
        result.append(
            {
                tuple(row.tolist()): (inp.tolist(), lab.tolist())
                for row, inp, lab in zip(original, batch.input_ids, batch.labels, strict=True)
            }
        )
    return result, batches


def test_static_masks_repeat_every_n_epochs_for_the_same_window():
    epochs, _ = _epochs(static_masks=2)
    assert set(epochs[0]) == set(epochs[1]) == set(epochs[2])  # the same windows every epoch
    same = sum(epochs[0][w] == epochs[2][w] for w in epochs[0])
    changed = sum(epochs[0][w] != epochs[1][w] for w in epochs[0])
    assert same == len(epochs[0])  # pattern 0 again in epoch 2
    assert changed >= 0.9 * len(epochs[0])  # pattern 1 in epoch 1
    masked = [sum(label != -100 for label in labels) for _, labels in epochs[0].values()]
    assert 0.2 < sum(masked) / (14 * len(masked)) < 0.4  # the configured rate, specials never chosen


def test_dynamic_masks_differ_between_epochs():
    epochs, _ = _epochs(static_masks=0)
    common = set(epochs[0]) & set(epochs[2])
    assert not common or sum(epochs[0][w] == epochs[2][w] for w in common) < 0.1 * len(common)


def test_static_masks_resume_exactly():
    _, batches = _epochs(static_masks=3, epochs=2)
    state, generator = batches.state(), batches.mask_generator.get_state()
    expected = next(batches)
    _, again = _epochs(static_masks=3, epochs=0)
    again.load_state(state, generator)
    resumed = next(again)
    assert torch.equal(expected.input_ids, resumed.input_ids) and torch.equal(expected.labels, resumed.labels)


def test_static_masks_depend_on_the_seed():
    a, _ = _epochs(static_masks=2, epochs=1, seed=1)
    b, _ = _epochs(static_masks=2, epochs=1, seed=2)
    assert sum(a[0][w] != b[0][w] for w in a[0]) >= 0.9 * len(a[0])


def test_a_corpus_of_the_models_own_markers_is_refused():
    import pytest

    from mlmstudio.engine.errors import CorpusError

    text = "[MASK] [MASK] [CLS] [SEP] [PAD] [MASK]\n" * 400
    mixed = "the cat sat on the mat and the [MASK] ran off\n" * 100
    tokenizer = MLMTokenizer.train([mixed], TokenizerConfig(kind="char", vocab_size=50, min_frequency=1))
    stream = encode_stream(text, tokenizer)
    with pytest.raises(CorpusError, match="almost no real text"):
        TrainBatches(stream, tokenizer, 32, 4, MaskingConfig(), seed=0)
    # Real text that quotes a marker now and then trains.
    TrainBatches(encode_stream(mixed, tokenizer), tokenizer, 32, 4, MaskingConfig(), seed=0)
