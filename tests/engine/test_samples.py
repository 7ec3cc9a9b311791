"""The built-in samples: present, deterministic, and the facts have known answers."""

import re

import pytest

from mlmstudio.engine import samples
from mlmstudio.engine.corpus import load_corpus
from mlmstudio.engine.errors import CorpusError
from mlmstudio.engine.samples import FACT_PROBES, SAMPLES, SampleInfo, sample_text


def test_registry_lists_the_three_samples():
    assert list(SAMPLES) == ["facts", "pydoc", "tutorial"]
    for name, info in SAMPLES.items():
        assert isinstance(info, SampleInfo)
        assert info.name == name and info.title and info.description


def test_tutorial_sample_is_the_tutorial_file(tutorial_text):
    assert sample_text("tutorial") == tutorial_text
    assert not sample_text("tutorial").endswith("\n")


def test_unknown_sample_refused():
    with pytest.raises(CorpusError, match="sample:facts"):
        sample_text("shakespeare")


def test_facts_size_and_determinism():
    text = sample_text("facts")
    assert 200_000 <= len(text.encode("utf-8")) <= 400_000
    samples.facts_text.cache_clear()
    assert sample_text("facts") == text
    assert "\x00" not in text and "{" not in text and "  " not in text
    # Many short lines, each a handful of capitalised sentences.
    lines = text.split("\n")
    assert len(lines) > 500
    assert all(line[0].isupper() and line.endswith(".") for line in lines)


def test_facts_vocabulary_is_small():
    words = set(re.findall(r"\w+", sample_text("facts").lower()))
    assert 200 < len(words) < 1000


def test_fact_probes_have_one_mask_and_are_stated_in_the_corpus():
    text = sample_text("facts").lower()
    assert len(FACT_PROBES) >= 10
    for probe, answer in FACT_PROBES:
        assert probe.count("[MASK]") == 1
        assert answer == answer.lower() and " " not in answer
        assert probe.replace("[MASK]", answer).lower() in text, probe


def test_fact_answers_are_unambiguous_for_probes():
    # No other word fills the blank anywhere in the corpus, so the probe has one right answer.
    text = sample_text("facts").lower()
    for probe, answer in FACT_PROBES:
        before, after = (re.escape(part.lower()) for part in probe.split("[MASK]"))
        fillers = set(re.findall(rf"(?<![\w]){before}(\w+){after}", text))
        assert fillers == {answer}, (probe, fillers)


def test_facts_repeat_each_fact_in_varied_framings():
    text = sample_text("facts")
    assert text.count("the capital of France is Paris.") + text.count("The capital of France is Paris.") >= 3
    assert "Paris is the capital of France." in text
    assert "Everyone knows that " in text


def test_pydoc_sample_is_real_documentation():
    text = sample_text("pydoc")
    assert 700_000 <= len(text) <= 1_200_000
    assert 'The "if" statement' in text
    assert sample_text("pydoc") == text


def test_pydoc_unavailable_gives_a_clear_error(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_pydoc_data(name, *args, **kwargs):
        if name.startswith("pydoc_data"):
            raise ImportError("no pydoc_data")
        return real_import(name, *args, **kwargs)

    samples.pydoc_text.cache_clear()
    monkeypatch.setattr(builtins, "__import__", no_pydoc_data)
    try:
        with pytest.raises(CorpusError, match="documentation sample is not available"):
            sample_text("pydoc")
    finally:
        monkeypatch.undo()
        samples.pydoc_text.cache_clear()


def test_samples_load_as_corpora():
    corpus = load_corpus("sample:facts")
    assert corpus.name == SAMPLES["facts"].title
    assert corpus.source == "sample:facts"
    assert corpus.stats.characters == len(sample_text("facts"))
    assert load_corpus("Sample:Facts").stats.sha256 == corpus.stats.sha256
