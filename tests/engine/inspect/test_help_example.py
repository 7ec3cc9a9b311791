"""The help page's worked example: a real sentence, the run's tokenizer, the engine's masking."""

from __future__ import annotations

import dataclasses
import math

from mlmstudio.config import RunConfig
from mlmstudio.engine.inspect.help_example import masked_example, pick_sentence
from mlmstudio.engine.run_tokenizer import tokenizer_for_run
from mlmstudio.engine.samples import sample_text


def _config(kind: str, strategy: str) -> RunConfig:
    base = RunConfig()
    return dataclasses.replace(
        base,
        tokenizer=dataclasses.replace(base.tokenizer, kind=kind),
        masking=dataclasses.replace(base.masking, strategy=strategy),
    )


def test_whole_word_masking_hides_every_piece_of_a_chosen_word():
    text = sample_text("facts")
    config = _config("char", "whole-word")
    example = masked_example(config, text, "facts")
    assert example.sentence in text
    assert example.vocab_size == tokenizer_for_run(config, text).vocab_size
    assert math.isclose(example.baseline_loss, math.log(example.vocab_size))
    assert example.count("mask") >= 1
    # Characters of one word share one decision: group tokens between spaces.
    words, current = [], []
    for token in example.tokens:
        if token.original == "␣":
            words.append(current)
            current = []
        else:
            current.append(token.action)
    words.append(current)
    assert all(len(set(actions)) == 1 for actions in words if actions)


def test_the_example_uses_the_tokens_of_the_chosen_tokenizer():
    text = sample_text("facts")
    words = masked_example(_config("word", "token"), text, "facts")
    chars = masked_example(_config("char", "token"), text, "facts")
    assert len(chars.tokens) > len(words.tokens)
    assert [t.original for t in words.tokens][:3] == words.sentence.split()[:3]


def test_pick_sentence_prefers_a_readable_sentence():
    text = "Hi.\nThis line has exactly seven words in it. And more."
    assert pick_sentence(text, "word") == "This line has exactly seven words in it."
    assert pick_sentence("one two", "word") is None


def test_pick_sentence_gives_other_sentences_by_index():
    text = "\n".join(f"Sentence number {i} has exactly seven words." for i in range(20))
    first, second = pick_sentence(text, "word", 0), pick_sentence(text, "word", 1)
    assert first == "Sentence number 0 has exactly seven words."
    assert second != first and second in text
