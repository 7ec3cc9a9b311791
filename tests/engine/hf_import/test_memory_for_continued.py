"""The memory check for a continued run (issue 17, item 3 "Memory"): it counts the model's own
vocabulary (not the config's capped setting), works at BERT-base size, and advises what can change."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mlmstudio.config import ModelConfig, RunConfig, TrainingConfig
from mlmstudio.engine import memory, system_memory
from mlmstudio.engine.errors import TrainingError
from mlmstudio.engine.estimates import estimate_parameters, estimate_training_memory
from mlmstudio.engine.start_from import continued_config
from mlmstudio.engine.tokenization import MLMTokenizer
from mlmstudio.engine.trainer import Trainer


def _continued(engine_dir, **training):
    base = RunConfig(training=TrainingConfig(steps=2, batch_size=2, seq_len=32, **training))
    return continued_config(base, engine_dir, lr_given=False, warmup_given=False).validate()


def test_the_starting_models_own_vocabulary_is_counted_with_its_added_words(opened_folders):
    _, engine_dir = opened_folders["xlm-roberta"]
    own = MLMTokenizer.load(engine_dir / "tokenizer.json").vocab_size
    config = _continued(engine_dir)
    assert memory.starting_vocab_size(config) == own
    grown = replace(config, training=replace(config.training, added_words="zebrafish quokka"))
    assert memory.starting_vocab_size(grown) == own + 2
    assert memory.starting_vocab_size(RunConfig()) is None
    broken = replace(config, training=replace(config.training, start_from="/nowhere/at/all"))
    assert memory.starting_vocab_size(broken) is None


def test_a_vocabulary_past_the_config_cap_is_estimated_as_it_is(opened_folders, monkeypatch):
    """XLM-R has 250,002 tokens; the config's tokenizer setting stops at 200,000."""
    _, engine_dir = opened_folders["xlm-roberta"]
    config = _continued(engine_dir)
    seen = []
    monkeypatch.setattr(memory, "starting_vocab_size", lambda c: 250_002)
    monkeypatch.setattr(memory, "memory_shortage", lambda needed, *a: seen.append(needed))
    memory.training_memory_shortage(config)
    m, t = config.model, config.training
    assert seen == [estimate_training_memory(m, 250_002, t.batch_size, t.seq_len)]


BERT_BASE = ModelConfig(arch="seed", d_model=768, num_layers=12, num_heads=12, ffn_dim=3072, max_len=512)


def test_a_110m_continued_run_that_cannot_fit_is_refused_before_anything_loads(
    opened_folders, tmp_path, monkeypatch
):
    _, engine_dir = opened_folders["bert"]
    assert estimate_parameters(BERT_BASE, 30_522) > 100_000_000
    config = _continued(engine_dir)
    big = replace(config, model=BERT_BASE)  # as a bert-base folder's own config would describe it
    monkeypatch.setattr(memory, "starting_vocab_size", lambda c: 30_522)
    monkeypatch.setattr(system_memory, "available_memory_bytes", lambda *a: 600 * 2**20)
    loaded = []
    monkeypatch.setattr("mlmstudio.engine.trainer.load_starting_model", lambda c: loaded.append(c))
    with pytest.raises(TrainingError) as refused:
        Trainer(big, "some text to train on. " * 50, tmp_path / "run")
    said = str(refused.value)
    assert said.startswith("Continuing this model needs about") and "629.1 MB is free" in said
    assert "smaller batch or sequence length" in said and "fewer layers" not in said
    assert loaded == [] and not (tmp_path / "run").exists()
    # With the memory a laptop has free it fits.
    monkeypatch.setattr(system_memory, "available_memory_bytes", lambda *a: 16 * 2**30)
    assert memory.training_memory_shortage(big) is None


def test_a_continued_run_reads_its_models_tokenizer_once(opened_folders, tmp_path, monkeypatch):
    """The memory check counts the vocabulary and the model loads with the same tokenizer: a
    250,000-token XLM-R tokenizer.json is parsed once, not twice (once per question asked of it)."""
    from mlmstudio.engine import memory as memory_module
    from mlmstudio.engine import tokenization

    _, engine_dir = opened_folders["xlm-roberta"]
    config = _continued(engine_dir, added_words="zebrafish")
    reads = []
    real = tokenization.MLMTokenizer.from_str.__func__

    def counted(cls, text, **kwargs):
        reads.append(kwargs.get("where", ""))
        return real(cls, text, **kwargs)

    monkeypatch.setattr(tokenization.MLMTokenizer, "from_str", classmethod(counted))
    checked = []
    real_check = memory_module.training_memory_shortage
    monkeypatch.setattr(
        "mlmstudio.engine.trainer.training_memory_shortage",
        lambda c, vocab=None: checked.append(vocab) or real_check(c, vocab),
    )
    monkeypatch.setattr(memory_module, "starting_vocab_size", lambda c: pytest.fail("read again"))
    trainer = Trainer(config, "the cat sat on the mat. " * 200, tmp_path / "run")
    own = [r for r in reads if str(engine_dir) in r]
    assert len(own) == 1, reads
    assert checked == [trainer.vocab_size]  # its own vocabulary and the added word
