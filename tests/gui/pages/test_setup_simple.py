"""Setup for newcomers: the Simple view, its round trip with Advanced, and honest numbers before Start."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mlmstudio.config import RunConfig
from mlmstudio.engine.calibration import StepTime
from mlmstudio.engine.corpus import load_corpus
from mlmstudio.engine.estimates import estimate_parameters
from mlmstudio.gui.pages.setup_page import ADVANCED, SIMPLE, SetupPage
from mlmstudio.gui.setup_estimates import params_text
from mlmstudio.gui.step_times import StepTimes
from mlmstudio.gui.widgets.simple_setup import STEP_CAP_WITH_TIME


def make_page(qtbot, **kwargs) -> SetupPage:
    page = SetupPage(**kwargs)
    qtbot.addWidget(page)
    page.resize(1200, 800)
    page.show()
    return page


@pytest.fixture
def page(qtbot):
    page = make_page(qtbot)
    yield page
    page.wait_idle()


@pytest.fixture(scope="module")
def facts_corpus():
    return load_corpus("sample:facts")


def wait_facts(qtbot, page):
    page.flush()
    qtbot.waitUntil(lambda: not page.facts_pending(), timeout=60_000)
    page.flush()


def non_default_config() -> RunConfig:
    base = RunConfig()
    return replace(
        base,
        corpus=replace(base.corpus, val_fraction=0.1),
        tokenizer=replace(base.tokenizer, kind="word", vocab_size=1234, min_frequency=2, lowercase=True),
        masking=replace(
            base.masking,
            strategy="span",
            mlm_probability=0.17,
            mask_replace_prob=0.7,
            random_replace_prob=0.2,
            static_masks=3,
            span_p=0.3,
            span_max=7,
        ),
        model=replace(
            base.model,
            arch="seed",
            d_model=192,
            num_layers=3,
            num_heads=6,
            ffn_dim=700,
            max_len=256,
            dropout=0.1,
            distance_bias=False,
        ),
        training=replace(
            base.training,
            steps=777,
            time_budget=95.5,
            batch_size=12,
            seq_len=200,
            lr=1.5e-3,
            warmup=0.1,
            schedule="cosine",
            weight_decay=0.02,
            grad_clip=0.5,
            eval_every=33,
            eval_batches=3,
            checkpoint_every=111,
            seed=42,
            precision="fp32",
        ),
    )


def test_setup_opens_simple_and_remembers_the_view(qtbot):
    first = make_page(qtbot)
    assert first.view() == SIMPLE and first.simple_button.isChecked()
    assert first.simple.isVisible()
    first.advanced_button.click()
    assert first.view() == ADVANCED and first.forms["model"].isVisible()
    first.wait_idle()
    second = make_page(qtbot)
    assert second.view() == ADVANCED
    second.simple_button.click()
    second.wait_idle()
    assert make_page(qtbot).view() == SIMPLE


def test_switching_views_never_loses_a_value(qtbot, page):
    cfg = non_default_config().validate()
    page.set_view(ADVANCED)
    page.set_config(cfg)
    page.flush()
    assert page.config() == cfg
    for view in (SIMPLE, ADVANCED, SIMPLE, ADVANCED):
        page.set_view(view)
        page.flush()
        assert page.config() == cfg
    # The Simple view shows them as they are, without writing anything.
    simple = page.simple
    assert simple.reads_buttons["word"].isChecked()
    assert simple.minutes_spin.value() == pytest.approx(95.5 / 60, abs=0.05)
    assert simple.hide_slider.value() == 17
    assert "Custom size" in simple.size_label.text()


def test_simple_edits_land_in_the_one_config_and_keep_the_rest(qtbot, page):
    cfg = non_default_config()
    page.set_config(cfg)
    page.set_view(SIMPLE)
    simple = page.simple
    simple.reads_buttons["char"].click()
    simple.size_slider.setValue(2)  # base
    simple.minutes_spin.setValue(5)
    simple.hide_slider.setValue(25)
    page.flush()
    got = page.config()
    assert got.tokenizer.kind == "char"
    assert (got.model.d_model, got.model.num_layers, got.model.num_heads) == (512, 4, 8)
    assert got.model.ffn_width == 2048
    assert got.model.max_len >= got.training.seq_len == 200
    assert got.training.time_budget == 300 and got.training.steps >= STEP_CAP_WITH_TIME
    assert got.masking.mlm_probability == pytest.approx(0.25)
    # What the Simple view does not show is untouched ...
    assert got.tokenizer.vocab_size == 1234 and got.masking.strategy == "span"
    assert got.training.lr == pytest.approx(1.5e-3) and got.training.seed == 42
    assert got.model.arch == "seed" and got.model.dropout == pytest.approx(0.1)
    # ... and the Advanced forms show the Simple view's choices; switching back and forth keeps them.
    assert page.forms["tokenizer"].editor("kind").currentText() == "char"
    assert page.forms["model"].editor("d_model").value() == 512
    assert page.forms["training"].editor("time_budget").value() == pytest.approx(300)
    assert page.forms["masking"].editor("mlm_probability").value() == pytest.approx(0.25)
    page.set_view(ADVANCED)
    page.flush()
    page.set_view(SIMPLE)
    page.flush()
    assert page.config() == got

    simple.minutes_spin.setValue(0)  # no time limit: the steps decide again
    page.flush()
    assert page.config().training.time_budget == 0
    assert page.config().training.steps == RunConfig().training.steps


def test_size_slider_shows_parameters_and_the_time_measured_here(qtbot):
    asked = []

    def fake(request):
        asked.append(request)
        return StepTime(seconds=request.model.d_model / 1000, precision="fp32", threads=1)

    page = make_page(qtbot, step_times=StepTimes(measure=fake))
    page.set_view(SIMPLE)
    page.set_config(RunConfig().with_preset("small"))
    page.flush()
    label = page.simple.size_label
    assert "Small" in label.text()
    assert "measuring…" in label.text()
    # 0.256 s a step, measured (faked) off the GUI thread: 4 min 16 s per 1,000 steps.
    qtbot.waitUntil(lambda: "about 4 min 16 s per 1,000 steps" in label.text(), timeout=10_000)
    vocab, exact = page.estimated_vocab_size(page.config())
    assert not exact and "up to" in label.text()
    small_params = estimate_parameters(page.config().model, vocab)
    assert params_text(small_params) in label.text()
    # Every size was timed at the current batch and sequence length, off the GUI thread.
    qtbot.waitUntil(lambda: not page._step_times.is_busy(), timeout=10_000)
    assert {r.model.d_model for r in asked} >= {128, 256, 512}
    assert {(r.batch_size, r.seq_len) for r in asked} == {(16, 128)}
    page.flush()
    ticks = page.simple.size_ticks
    assert "2 min 8 s / 1,000 steps" in ticks["tiny"].text()
    assert "4 min 16 s / 1,000 steps" in ticks["small"].text()
    assert "8 min 32 s / 1,000 steps" in ticks["base"].text() and "≤ " in ticks["base"].text()

    page.simple.size_slider.setValue(0)
    page.flush()
    assert page.config().model.d_model == 128 and page.config().model.ffn_width == 512
    assert "Tiny" in label.text() and "2 min 8 s" in label.text()
    tiny_params = estimate_parameters(page.config().model, vocab)
    assert tiny_params < small_params and params_text(tiny_params) in label.text()
    page.wait_idle()


def test_time_reads_measuring_until_it_is_known(qtbot):
    from threading import Event

    release = Event()

    def slow(request):
        release.wait(10)
        return StepTime(seconds=0.1, precision="fp32", threads=1)

    page = make_page(qtbot, step_times=StepTimes(measure=slow))
    page.flush()
    assert "measuring…" in page.simple.size_label.text()
    release.set()
    qtbot.waitUntil(lambda: "1 min 40 s per 1,000 steps" in page.simple.size_label.text(), timeout=10_000)
    page.wait_idle()


def test_up_to_before_the_vocabulary_is_known_then_the_exact_count(qtbot, page, facts_corpus):
    from mlmstudio.engine.model import count_parameters
    from mlmstudio.engine.model_factory import build_model
    from mlmstudio.engine.run_tokenizer import tokenizer_for_run

    page.set_config(quick_start_config_without_corpus())
    page.flush()
    assert "up to" in page.estimate_label.text() and "up to" in page.simple.size_label.text()
    cap = page.config().tokenizer.vocab_size
    assert f"{estimate_parameters(page.config().model, cap):,}" in page.estimate_label.text()

    page.set_corpus(facts_corpus)
    page.flush()
    # A long corpus fills the windows by its word count alone: Start need not wait for the vocabulary.
    assert page.facts_pending() and page.is_valid() and page.start_button.isEnabled()
    wait_facts(qtbot, page)
    cfg = page.config()
    vocab, exact = page.estimated_vocab_size(cfg)
    assert exact
    assert vocab == tokenizer_for_run(cfg, facts_corpus.text).vocab_size  # the run's own vocabulary
    params = count_parameters(build_model(cfg.model, vocab))  # the model it will build
    assert f"{params:,} parameters" in page.estimate_label.text()
    assert "up to" not in page.estimate_label.text()
    assert params_text(params) in page.simple.size_label.text()
    assert "up to" not in page.simple.size_label.text()


def quick_start_config_without_corpus() -> RunConfig:
    from mlmstudio.config import quick_start_config

    return quick_start_config()  # the example: word vocabulary capped at 4,000


def test_a_corpus_too_small_for_the_windows_is_flagged_before_start(qtbot, page, tmp_path):
    text_file = tmp_path / "ninety.txt"
    text_file.write_text("one two three four five six seven eight nine ten. " * 9, encoding="utf-8")
    page.set_config(replace(RunConfig(), tokenizer=replace(RunConfig().tokenizer, kind="word")))
    page.set_corpus(load_corpus(str(text_file)))
    page.flush()
    # A short corpus: Start waits for its tokens to be counted (off the GUI thread).
    assert page.facts_pending() and not page.start_button.isEnabled()
    assert any("Checking that the corpus is long enough" in p for p in page.problems())
    wait_facts(qtbot, page)
    assert not page.is_valid() and not page.start_button.isEnabled()
    message = page.error_label.text()
    assert "one training window needs 126" in message and "at most" in message
    assert page.fit_button.isVisible()
    fit_to = page._fit_seq_len
    assert f"Use {fit_to}-token passages" == page.fit_button.text()
    page.fit_button.click()
    page.flush()
    assert page.config().training.seq_len == fit_to
    assert page.is_valid() and page.start_button.isEnabled()
    assert not page.fit_button.isVisible()


def test_memory_that_does_not_fit_refuses_start_and_tight_memory_warns(qtbot, facts_corpus):
    free = {"bytes": 40_000_000}
    page = make_page(qtbot, available_memory=lambda: free["bytes"])
    page.set_corpus(facts_corpus)
    page.set_config(RunConfig().with_preset("base"))
    wait_facts(qtbot, page)
    assert not page.start_button.isEnabled()
    assert "only 40.0 MB is free" in page.error_label.text()
    assert "smaller model" in page.error_label.text()
    assert "40.0 MB of memory free" in page.estimate_label.text()

    needed = page.estimates(page.config()).memory
    free["bytes"] = int(needed / 0.8)  # fits, but above the tight share
    page.flush()
    assert page.start_button.isEnabled()
    assert "Memory is tight" in page.warning_label.text() and page.warning_label.isVisible()
    free["bytes"] = needed * 10
    page.flush()
    assert not page.warning_label.isVisible()
    page.wait_idle()


def test_feed_forward_width_follows_the_width_until_set_by_hand(qtbot, page):
    page.set_view(ADVANCED)
    model_form = page.forms["model"]
    model_form.editor("d_model").setValue(128)
    page.flush()
    ffn = model_form.editor("ffn_dim")
    assert ffn.value() == 0 and ffn.text() == "Auto: 512 (4 × width)"
    assert page.config().model.ffn_width == 512
    model_form.editor("d_model").setValue(64)
    page.flush()
    assert ffn.text() == "Auto: 256 (4 × width)" and page.config().model.ffn_width == 256
    ffn.stepBy(1)  # the user takes it over: an explicit 256
    page.flush()
    assert page.config().model.ffn_dim == 256
    model_form.editor("d_model").setValue(128)
    page.flush()
    assert page.config().model.ffn_width == 256
    ffn.setValue(0)  # and back to following the width
    page.flush()
    assert page.config().model.ffn_width == 512


def test_no_step_is_timed_while_a_run_trains(qtbot):
    asked = []
    page = make_page(
        qtbot,
        step_times=StepTimes(
            measure=lambda r: asked.append(r) or StepTime(seconds=0.01, precision="fp32", threads=1)
        ),
    )
    page.set_training_active(True)
    page.flush()
    qtbot.wait(200)
    assert asked == [] and "measuring…" in page.simple.size_label.text()
    page.set_training_active(False)
    qtbot.waitUntil(
        lambda: (
            "per 1,000 steps on this computer" in page.simple.size_label.text()
            and "measuring" not in page.simple.size_label.text()
        ),
        timeout=10_000,
    )
    assert asked
    page.wait_idle()


def test_the_vocabulary_follows_the_latest_tokenizer_choice(qtbot, page, facts_corpus):
    from mlmstudio.engine.run_tokenizer import tokenizer_for_run

    page.set_corpus(facts_corpus)
    page.flush()
    for kind in ("char", "word", "char"):
        page.simple.reads_buttons[kind].click()
        page.flush()
    wait_facts(qtbot, page)
    cfg = page.config()
    assert cfg.tokenizer.kind == "char"
    vocab, exact = page.estimated_vocab_size(cfg)
    assert exact and vocab == tokenizer_for_run(cfg, facts_corpus.text).vocab_size
    assert f"vocabulary {vocab:,}, learned from this corpus" in page.estimate_label.text()


def test_steps_are_timed_only_once_the_corpus_tokenizers_are_done(qtbot, facts_corpus):
    asked = []
    page = make_page(
        qtbot,
        step_times=StepTimes(
            measure=lambda r: asked.append(r) or StepTime(seconds=0.01, precision="fp32", threads=1)
        ),
    )
    page.set_corpus(facts_corpus)
    page.flush()
    assert page.facts_pending() and asked == []  # a tokenizer is training: no timing beside it
    assert "measuring…" in page.simple.size_label.text()
    wait_facts(qtbot, page)
    qtbot.waitUntil(lambda: not page.preview.is_busy(), timeout=30_000)
    page.flush()
    qtbot.waitUntil(lambda: "about 10 s per 1,000 steps" in page.simple.size_label.text(), timeout=10_000)
    assert asked
    page.wait_idle()


def test_a_budget_in_minutes_reads_as_people_say_it():
    from mlmstudio.gui.widgets.simple_setup import _minutes_text

    assert [_minutes_text(m) for m in (1 / 3, 1, 5, 2.5, 90)] == [
        "20 s",
        "1 minute",
        "5 minutes",
        "2 min 30 s",
        "1 h 30 min",
    ]


def test_the_shown_size_is_timed_first_then_the_cheapest_and_base_last(qtbot):
    asked = []

    def fake(request):
        asked.append(request.model.d_model)
        return StepTime(seconds=request.model.d_model / 1000, precision="fp32", threads=1)

    page = make_page(qtbot, step_times=StepTimes(measure=fake))
    page.set_view(SIMPLE)
    page.set_config(RunConfig().with_preset("small"))
    page.flush()
    qtbot.waitUntil(lambda: 512 in asked and not page._step_times.is_busy(), timeout=10_000)
    # Base (512 wide) takes longest to measure: it must not keep Tiny waiting behind it.
    assert asked[0] == 256
    assert asked.index(128) < asked.index(512)
    page.wait_idle()
