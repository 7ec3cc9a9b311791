"""Before a run is recorded: the real vocabulary, and the trainer's own too-small-corpus rule."""

from dataclasses import replace

import pytest

from mlmstudio.config import RunConfig
from mlmstudio.engine.errors import CorpusError
from mlmstudio.engine.estimates import estimate_parameters
from mlmstudio.engine.model import count_parameters
from mlmstudio.engine.model_factory import build_model
from mlmstudio.engine.preflight import check_corpus_fits, corpus_facts, window_tokens
from mlmstudio.engine.run_tokenizer import tokenizer_for_run

NINETY_WORDS = " ".join(f"word{i % 30}" for i in range(90))


def _config(seq_len: int, kind: str = "word") -> RunConfig:
    base = RunConfig().with_preset("tiny")
    return replace(
        base, tokenizer=replace(base.tokenizer, kind=kind), training=replace(base.training, seq_len=seq_len)
    )


def test_a_ninety_word_text_cannot_fill_a_128_token_window():
    facts = corpus_facts(_config(128), NINETY_WORDS)
    assert facts.exact and facts.train_tokens < window_tokens(128)
    problem = facts.window_problem(128)
    assert "only" in problem and "shorter sequence length" in problem
    assert facts.window_problem(facts.longest_window()) == ""
    with pytest.raises(CorpusError, match="shorter sequence length"):
        check_corpus_fits(_config(128), NINETY_WORDS)
    check_corpus_fits(_config(facts.longest_window()), NINETY_WORDS)


def test_the_rule_is_the_trainers_own_at_the_boundary():
    """The longest window preflight allows trains; one token more is refused by the trainer too."""
    from mlmstudio.engine.corpus import split_spans
    from mlmstudio.engine.data import TrainBatches, encode_stream

    cfg = _config(16)
    facts = corpus_facts(cfg, NINETY_WORDS)
    tokenizer = tokenizer_for_run(cfg, NINETY_WORDS)
    train, _ = split_spans(NINETY_WORDS, cfg.corpus.val_fraction, cfg.training.seed)
    stream = encode_stream(train, tokenizer)
    assert len(stream) == facts.train_tokens
    longest = facts.longest_window()
    TrainBatches(stream, tokenizer, longest, 2, cfg.masking, 0)
    with pytest.raises(CorpusError):
        TrainBatches(stream, tokenizer, longest + 1, 2, cfg.masking, 0)


def test_the_vocabulary_is_the_runs_and_gives_the_models_exact_size():
    cfg = _config(16, kind="wordpiece")
    facts = corpus_facts(cfg, NINETY_WORDS)
    assert facts.vocab_size == tokenizer_for_run(cfg, NINETY_WORDS).vocab_size
    assert facts.vocab_size < cfg.tokenizer.vocab_size  # far below the cap of 4000
    model = build_model(cfg.model, facts.vocab_size)
    assert count_parameters(model) == estimate_parameters(cfg.model, facts.vocab_size)


LARGE = ("the quick brown fox jumps over the lazy dog. " * 50 + "\n") * 1000  # 2.3 M characters


def test_a_large_corpus_is_settled_by_counting_words(monkeypatch):
    import mlmstudio.engine.run_tokenizer as run_tokenizer

    def no_tokenizer(*_args):
        raise AssertionError("a large corpus must not need a tokenizer to pass the check")

    monkeypatch.setattr(run_tokenizer, "tokenizer_for_run", no_tokenizer)
    check_corpus_fits(_config(512), LARGE)  # the words alone fill the window


@pytest.mark.slow
def test_a_large_corpus_reports_a_lower_bound_of_tokens():
    cfg = _config(512)
    facts = corpus_facts(cfg, LARGE)
    assert not facts.exact and facts.train_tokens >= 100_000
    assert facts.window_problem(512) == ""


def test_the_word_count_settles_only_what_it_can():
    from mlmstudio.engine.preflight import words_fill_a_window

    assert words_fill_a_window(_config(512), LARGE)
    assert not words_fill_a_window(_config(128), NINETY_WORDS)  # then the tokens must be counted
    assert words_fill_a_window(_config(16), NINETY_WORDS)
