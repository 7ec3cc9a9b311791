"""Per-token validation loss: the same masks as the trainer's validation loss, to 1e-5."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from mlmstudio.config import TokenizerConfig
from mlmstudio.engine.artifacts import load_model_dir
from mlmstudio.engine.corpus import load_corpus, split_spans
from mlmstudio.engine.data import encode_stream
from mlmstudio.engine.errors import PredictionError
from mlmstudio.engine.inspect.token_loss import (
    TokenLossCancelled,
    compare_reports,
    token_losses,
    token_offsets,
)
from mlmstudio.engine.tokenization import MLMTokenizer
from mlmstudio.engine.trainer import Trainer

from tiny_configs import tiny_config


@pytest.fixture(scope="module")
def facts() -> str:
    return load_corpus("sample:facts").text


def _trained(tmp_path, corpus_text, **changes):
    config = tiny_config(**{"steps": 15, "eval_batches": 3, **changes})
    trainer = Trainer(config, corpus_text, tmp_path / f"run-{len(list(tmp_path.iterdir()))}")
    result = trainer.run()
    assert result.status == "completed"
    return trainer, load_model_dir(trainer.out_dir)


@pytest.fixture(scope="module")
def short_run(tmp_path_factory, facts):
    """One tiny modern run (a second on a CPU), shared by the tests that only read it."""
    return _trained(tmp_path_factory.mktemp("short"), facts)


def test_mean_equals_the_trainers_validation_loss(short_run, facts):
    _check_mean(*short_run, facts)


@pytest.mark.slow
def test_mean_equals_the_trainers_validation_loss_for_the_seed_model(tmp_path, facts):
    _check_mean(*_trained(tmp_path, facts, arch="seed"), facts)


def _check_mean(trainer, loaded, facts):
    expected = trainer.evaluate()
    report = token_losses(loaded, facts)
    assert report.mean_loss == pytest.approx(expected["val_loss"], abs=1e-5)
    assert report.accuracy == pytest.approx(expected["val_accuracy"], abs=1e-9)
    assert report.recorded_val_loss == pytest.approx(expected["val_loss"], abs=1e-5)
    # as many tokens as the fixed masks hide in the trainer's own batches
    assert len(report) == sum(int((b.labels != -100).sum()) for b in trainer.val_batches)
    assert report.windows == sum(int(b.input_ids.shape[0]) for b in trainer.val_batches)


def test_each_token_has_its_characters_and_its_loss(short_run, facts):
    _, loaded = short_run
    report = token_losses(loaded, facts)
    _, val = split_spans(facts, loaded.config.corpus.val_fraction, loaded.config.training.seed)
    joined = val.joined()
    assert joined[report.text_start : report.text_start + len(report.text)] == report.text
    for i in range(len(report)):  # the character tokenizer: a token is the character it covers
        assert report.text_of(i) == joined[report.starts[i] : report.ends[i]] == report.tokens[i]
    assert np.all(np.diff(report.starts) > 0)  # text order, each token once
    assert np.all(np.isfinite(report.losses)) and np.all(report.losses >= 0)
    worst = report.ranked(3)
    assert report.losses[worst[0]] == report.losses.max()
    rows = report.rows()
    assert rows[0]["loss"] == pytest.approx(float(report.losses[0]))
    assert {"start", "end", "text", "token", "loss", "prediction", "correct"} <= set(rows[0])


def test_offsets_follow_a_wordpiece_tokenizer_over_several_blocks(facts):
    tokenizer = MLMTokenizer.train([facts], TokenizerConfig(kind="wordpiece", vocab_size=300, lowercase=True))
    _, val = split_spans(facts, 0.2, 3)
    assert len(val.spans) > 1  # the joined text adds newlines between blocks
    stream = encode_stream(val, tokenizer)
    starts, ends = token_offsets(val, tokenizer, stream.ids)
    joined = val.joined()
    assert len(starts) == len(stream)
    for i in range(0, len(stream), 7):
        piece = tokenizer.token_str(int(stream.ids[i]))
        written = joined[starts[i] : ends[i]].lower()
        assert written == piece or piece == "[UNK]", (i, written, piece)
    first_starts, first_ends = token_offsets(val, tokenizer, stream.ids, limit=50)
    assert len(first_starts) >= 50  # at least the tokens asked for, placed alike
    assert np.array_equal(first_starts, starts[: len(first_starts)])
    assert np.array_equal(first_ends, ends[: len(first_ends)])


def test_progress_reaches_the_end_and_cancel_stops(short_run, facts):
    _, loaded = short_run
    seen = []
    report = token_losses(loaded, facts, progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (0, report.windows) and seen[-1] == (report.windows, report.windows)
    with pytest.raises(TokenLossCancelled):
        token_losses(loaded, facts, should_stop=lambda: True)


@pytest.mark.slow
def test_compare_a_run_with_itself_and_with_a_longer_trained_one(tmp_path, short_run, facts):
    _, short = short_run
    _, longer = _trained(tmp_path, facts, steps=60, lr=3e-3)
    a, b = token_losses(short, facts, run_label="a"), token_losses(longer, facts, run_label="b")
    same = compare_reports(a, a)
    assert same.words and all(w.difference == 0 for w in same.words)
    diff = compare_reports(a, b)
    # One tokenizer and one window grid: both runs hid the same characters, and a word's difference
    # is the difference of its tokens' mean losses.
    assert np.array_equal(a.starts, b.starts)
    word = diff.words[0]
    inside = (a.starts >= word.start) & (a.ends <= word.end)
    assert word.loss_a - word.loss_b == pytest.approx(
        float(a.losses[inside].mean() - b.losses[inside].mean())
    )
    assert diff.mean_difference > 0  # the longer run has learned more
    assert all(w.learned_b and not w.learned_a for w in diff.learned_by_b_only())
    assert diff.as_dict()["compared_words"] == len(diff.words)


@pytest.mark.slow
def test_compare_across_tokenizers_and_window_lengths(tmp_path, short_run, facts):
    _, chars = short_run
    config = tiny_config(steps=15, eval_batches=3, seq_len=24)
    config = dataclasses.replace(config, tokenizer=TokenizerConfig(kind="wordpiece", vocab_size=300))
    trainer = Trainer(config, facts, tmp_path / "wordpiece")
    trainer.run()
    words = load_model_dir(trainer.out_dir)
    diff = compare_reports(token_losses(chars, facts), token_losses(words, facts))
    assert diff.words and diff.note  # compared per word, and it says the cut differs
    for w in diff.words:
        assert w.word == diff.text[w.start - diff.text_start : w.end - diff.text_start]
        assert not any(c.isspace() for c in w.word)


@pytest.mark.slow
def test_different_corpora_or_splits_are_refused(tmp_path, short_run, facts):
    _, loaded = short_run
    a = token_losses(loaded, facts, corpus_sha256="a" * 64)
    other = dataclasses.replace(a, corpus_sha256="b" * 64)
    with pytest.raises(PredictionError, match="different corpora"):
        compare_reports(a, other)
    _, reseeded = _trained(tmp_path, facts, seed=7)
    with pytest.raises(PredictionError, match="different validation text"):
        compare_reports(a, token_losses(reseeded, facts, corpus_sha256="a" * 64))


def test_a_run_without_validation_text_is_a_sentence(short_run, facts, monkeypatch):
    from mlmstudio.engine.inspect import token_loss
    from mlmstudio.engine.text_spans import TextSpans

    train, _ = split_spans(facts, 0.05, 0)
    monkeypatch.setattr(token_loss, "split_spans", lambda *args: (train, TextSpans(facts, ())))
    with pytest.raises(PredictionError, match="no validation text"):
        token_losses(short_run[1], facts)
