"""Setup's numbers before Start, as plain arithmetic: no widget, no qtbot.

tests/gui/pages/test_setup_*.py check that the page shows them; these check
what they are: the vocabulary bound, the parameters and memory of the run, the
verdict on the free memory, the disk of the kept checkpoints and the passage
length offered for a short corpus.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from mlmstudio.config import RunConfig
from mlmstudio.engine.estimates import estimate_parameters, estimate_training_memory
from mlmstudio.engine.system_memory import human_bytes
from mlmstudio.gui.setup_estimates import (
    CHAR_VOCAB_GUESS,
    SetupEstimates,
    device_problem,
    not_exact_yet,
    params_text,
    passage_advice,
    training_precision,
    vocab_estimate,
)


def config(**training) -> RunConfig:
    cfg = RunConfig()
    return dataclasses.replace(cfg, training=dataclasses.replace(cfg.training, **training))


def with_tokenizer(cfg: RunConfig, **tokenizer) -> RunConfig:
    return dataclasses.replace(cfg, tokenizer=dataclasses.replace(cfg.tokenizer, **tokenizer))


def test_the_vocabulary_is_exact_only_once_learned():
    cfg = with_tokenizer(RunConfig(), kind="wordpiece", vocab_size=4000)
    assert vocab_estimate(cfg, None) == (4000, False)  # the cap: an upper bound
    assert vocab_estimate(cfg, 1234) == (1234, True)
    letters = with_tokenizer(cfg, kind="char")
    assert vocab_estimate(letters, None) == (CHAR_VOCAB_GUESS, False)
    assert vocab_estimate(with_tokenizer(letters, vocab_size=100), None) == (100, False)


def test_parameters_and_memory_are_the_engines_for_the_vocabulary_the_run_will_have():
    cfg = config(precision="fp32", batch_size=16, seq_len=64)
    estimates = SetupEstimates.of(cfg, learned_vocab=777, available=None)
    assert (estimates.vocab, estimates.exact) == (777, True)
    assert estimates.parameters == estimate_parameters(cfg.model, 777)
    assert estimates.memory == estimate_training_memory(
        cfg.model, 777, 16, 64, "fp32", labelled_fraction=cfg.masking.mlm_probability
    )
    bound = SetupEstimates.of(cfg)  # no corpus read yet: the cap's count, larger
    assert bound.vocab == cfg.tokenizer.vocab_size and bound.parameters > estimates.parameters
    # Passages longer than the model reads are cut to its length.
    long = config(precision="fp32", batch_size=16, seq_len=cfg.model.max_len * 2)
    assert SetupEstimates.of(long, learned_vocab=777).memory == estimate_training_memory(
        long.model, 777, 16, cfg.model.max_len, "fp32", labelled_fraction=cfg.masking.mlm_probability
    )


def test_auto_precision_uses_the_measured_one_and_a_set_precision_is_kept():
    auto = config(precision="auto")
    assert training_precision(auto, "bf16") == "bf16"
    assert training_precision(config(precision="fp32"), "bf16") == "fp32"
    fp32 = SetupEstimates.of(auto, learned_vocab=500, precision="fp32").memory
    bf16 = SetupEstimates.of(auto, learned_vocab=500, precision="bf16").memory
    assert bf16 != fp32  # the measured precision reaches the memory estimate


def test_memory_that_does_not_fit_is_refused_and_tight_memory_warns():
    cfg = config(precision="fp32")
    needed = SetupEstimates.of(cfg, learned_vocab=500).memory
    refused = SetupEstimates.of(cfg, learned_vocab=500, available=needed // 2).memory_fit()
    assert not refused.fits and human_bytes(needed // 2) in refused.message
    tight = SetupEstimates.of(cfg, learned_vocab=500, available=int(needed / 0.8)).memory_fit()
    assert tight.fits and tight.tight and "Memory is tight" in tight.message
    roomy = SetupEstimates.of(cfg, learned_vocab=500, available=needed * 10).memory_fit()
    assert roomy.fits and not roomy.tight and roomy.message == ""
    unknown = SetupEstimates.of(cfg, learned_vocab=500, available=None).memory_fit()
    assert unknown.fits and unknown.message == ""


def test_the_summary_says_exact_or_bound_and_the_free_memory():
    cfg = config(precision="fp32")
    exact = SetupEstimates.of(cfg, learned_vocab=1234, available=2_000_000_000)
    text = exact.summary()
    assert text.startswith(f"{params_text(exact.parameters)} parameters · ≈ {human_bytes(exact.memory)}")
    assert "vocabulary 1,234, learned from this corpus" in text
    assert text.endswith("2.0 GB of memory free")
    bound = SetupEstimates.of(cfg).summary("exact once a corpus is loaded")
    assert bound.startswith("up to ") and "vocabulary up to 4,000 (exact once a corpus is loaded)" in bound
    assert "memory free" not in bound  # unknown: nothing claimed
    letters = SetupEstimates.of(with_tokenizer(cfg, kind="char")).summary("learning it from the corpus…")
    assert letters.startswith("about ") and f"vocabulary about {CHAR_VOCAB_GUESS}" in letters


def test_a_bound_says_when_it_becomes_exact():
    assert not_exact_yet(has_corpus=False, learning=False) == "exact once a corpus is loaded"
    assert not_exact_yet(has_corpus=True, learning=True) == "learning it from the corpus…"
    assert not_exact_yet(has_corpus=True, learning=False) == "exact once the settings are valid"


def test_params_text_reads_like_a_person_would_say_it():
    assert params_text(999_999) == "999,999"
    assert params_text(12_345_678) == "12.35 million"
    assert params_text(1_500_000_000) == "1.50 billion"


def test_kept_checkpoints_cost_n_copies_of_the_weights_at_their_steps():
    cfg = config(steps=1000, keep_checkpoints=8, time_budget=0.0)
    estimates = SetupEstimates.of(cfg, learned_vocab=1000)
    weights = estimates.parameters * 4  # fp32 on disk
    note = estimates.kept_checkpoints_note()
    assert note.startswith(f"≈ {human_bytes(8 * weights)} on disk (8 × {human_bytes(weights)} of weights)")
    assert note.endswith("at steps 8, 16, 32, …, 512, 1,000.")
    assert SetupEstimates.of(cfg).kept_checkpoints_note().startswith("up to ")
    two = SetupEstimates.of(config(steps=1000, keep_checkpoints=2, time_budget=0.0), learned_vocab=1000)
    assert two.kept_checkpoints_note().endswith("at steps 512, 1,000.")
    timed = SetupEstimates.of(config(keep_checkpoints=8, time_budget=120.0), learned_vocab=1000)
    assert timed.kept_checkpoints_note().endswith("at steps 1, 2, 4, 8, … and the end.")
    none = SetupEstimates.of(config(keep_checkpoints=0), learned_vocab=1000)
    assert none.kept_checkpoints_note().startswith("None kept")


@pytest.mark.parametrize(
    ("longest", "offered"),
    [(5, None), (8, 8), (15, 15), (16, 16), (37, 32), (127, 120)],
)
def test_a_short_corpus_is_offered_the_longest_passage_it_fills(longest, offered):
    advice, fit = passage_advice("Too short.", longest)
    assert fit == offered
    assert advice.startswith("Too short. ")
    if offered is None:
        assert "add more text" in advice
    else:
        assert f"at most {longest} tokens" in advice


def test_the_cpu_is_always_usable_and_a_missing_gpu_is_a_sentence():
    assert device_problem(config(device="cpu")) == ""
    assert device_problem(config(device="auto")) == ""
    import torch

    if torch.cuda.is_available():
        pytest.skip("this computer has CUDA: the sentence is for one that has not")
    problem = device_problem(config(device="cuda"))
    assert "CUDA" in problem and problem.endswith(".")


def test_the_module_imports_neither_qt_nor_torch():
    code = (
        "import sys; import mlmstudio.gui.setup_estimates; "
        "print([m for m in ('PySide6', 'pyqtgraph', 'torch') if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
