"""The Setup page: generated forms, validation marks, live estimates, masking preview, JSON."""

from __future__ import annotations

import importlib.util
import json
import sys
from dataclasses import fields, replace

import pytest
from PySide6.QtWidgets import QCheckBox, QComboBox, QMessageBox, QSpinBox

from mlmstudio.config import (
    MaskingConfig,
    ModelConfig,
    RunConfig,
    TokenizerConfig,
    TrainingConfig,
    quick_start_config,
)
from mlmstudio.engine.corpus import load_corpus
from mlmstudio.engine.model import estimate_parameters
from mlmstudio.gui.pages.setup_page import SetupPage
from mlmstudio.gui.widgets.config_form import NumberSpinBox, field_problems


@pytest.fixture
def page(qtbot):
    page = SetupPage()
    qtbot.addWidget(page)
    page.show()
    yield page
    page.wait_idle()


@pytest.fixture
def facts():
    return load_corpus("sample:facts")


def with_corpus(qtbot, page, corpus):
    page.set_corpus(corpus)
    page.flush()
    qtbot.waitUntil(lambda: page.preview.tokenizer is not None and not page.preview.is_busy(), timeout=30_000)
    page.flush()


def wait_facts(qtbot, page):
    """Wait for the run's vocabulary and token count to be learned from the corpus."""
    page.flush()
    qtbot.waitUntil(lambda: not page.facts_pending(), timeout=60_000)
    page.flush()


def edit(page, section, name, value):
    editor = page.forms[section].editor(name)
    if isinstance(editor, QComboBox):
        editor.setCurrentText(value)
    elif isinstance(editor, QCheckBox):
        editor.setChecked(value)
    else:
        editor.setValue(value)
    page.flush()
    return editor


@pytest.mark.parametrize(
    "section, cls",
    [
        ("tokenizer", TokenizerConfig),
        ("masking", MaskingConfig),
        ("model", ModelConfig),
        ("training", TrainingConfig),
    ],
)
def test_forms_come_from_the_dataclasses(page, section, cls):
    form = page.forms[section]
    shown = [f for f in fields(cls) if f.metadata.get("form", True)]  # start_from has its own control
    assert form.field_names() == [f.name for f in shown]
    for f in shown:
        editor = form.editor(f.name)
        assert editor.toolTip().startswith(f.metadata["help"])
        if "choices" in f.metadata:
            assert isinstance(editor, QComboBox)
            assert [editor.itemText(i) for i in range(editor.count())] == list(f.metadata["choices"])
        elif isinstance(f.default, bool):
            assert isinstance(editor, QCheckBox)
        elif isinstance(f.default, int):
            assert isinstance(editor, QSpinBox)
            assert editor.minimum() == f.metadata["min"]
            assert editor.maximum() == min(f.metadata["max"], 2**31 - 1)
        else:
            assert isinstance(editor, NumberSpinBox)
            assert editor.minimum() == pytest.approx(f.metadata["min"])
            assert editor.maximum() == pytest.approx(f.metadata["max"])
    assert getattr(page.config(), section) == cls()


def test_float_editor_reads_plain_and_scientific_numbers(page):
    lr = page.forms["training"].editor("lr")
    lr.lineEdit().setText("3e-4")
    lr.interpretText()
    page.flush()
    assert page.config().training.lr == pytest.approx(3e-4)
    assert lr.text() == "0.0003"
    lr.stepBy(1)  # the learning rate spans orders of magnitude: steps double it
    assert lr.value() == pytest.approx(6e-4)


def test_width_not_divisible_by_heads_is_marked_and_blocks_start(qtbot, page, facts):
    with_corpus(qtbot, page, facts)
    assert page.is_valid() and page.start_button.isEnabled()

    with qtbot.waitSignal(page.validity_changed) as blocker:
        edit(page, "model", "d_model", 100)
        edit(page, "model", "num_heads", 3)
    assert blocker.args == [False]
    assert not page.start_button.isEnabled()
    marked = page.forms["model"].problems()
    assert set(marked) == {"d_model", "num_heads"}
    assert "divisible by the number of heads" in marked["num_heads"]
    assert "divisible" in page.forms["model"].editor("num_heads").toolTip()
    assert page.error_label.isVisible() and "divisible" in page.error_label.text()
    assert "fix the model settings" in page.estimate_label.text()

    edit(page, "model", "num_heads", 2)  # 50 per head: even, as the default rotary positions need
    assert page.is_valid() and page.start_button.isEnabled()
    assert page.forms["model"].problems() == {}
    assert not page.error_label.isVisible()


def test_sequence_longer_than_the_model_is_marked(qtbot, page, facts):
    with_corpus(qtbot, page, facts)
    edit(page, "training", "seq_len", 256)
    assert "longer than the model's maximum length" in page.forms["training"].problems()["seq_len"]
    assert not page.start_button.isEnabled()
    edit(page, "model", "max_len", 256)
    assert page.is_valid()


def test_masking_shares_over_one_are_refused(qtbot, page, facts):
    with_corpus(qtbot, page, facts)
    edit(page, "masking", "mask_replace_prob", 0.8)
    edit(page, "masking", "random_replace_prob", 0.5)
    assert "add up to more than 1" in page.forms["masking"].problems()["random_replace_prob"]
    assert "No preview until" in page.preview.view.text()
    edit(page, "masking", "random_replace_prob", 0.1)
    assert page.is_valid()


def test_no_corpus_means_no_start(page):
    page.flush()
    assert not page.is_valid()
    assert any("Choose a corpus" in p for p in page.problems())


def test_unavailable_device_is_marked(qtbot, page, facts):
    import torch

    if torch.cuda.is_available():
        pytest.skip("this machine has CUDA")
    with_corpus(qtbot, page, facts)
    edit(page, "training", "device", "cuda")
    assert "CUDA" in page.forms["training"].problems()["device"]
    assert not page.is_valid()


def test_parameter_count_follows_the_width(qtbot, page, facts):
    with_corpus(qtbot, page, facts)
    edit(page, "tokenizer", "kind", "char")
    wait_facts(qtbot, page)
    vocab, exact = page.estimated_vocab_size(page.config())
    assert exact and vocab < 300  # the letters of this corpus, learned by the run's own tokenizer
    before = estimate_parameters(page.config().model, vocab)
    assert f"{before / 1e6:.2f} million" in page.estimate_label.text()

    edit(page, "model", "d_model", 512)
    after = estimate_parameters(page.config().model, vocab)
    assert after > before
    assert f"{after / 1e6:.2f} million" in page.estimate_label.text()
    assert "MB to train" in page.estimate_label.text()


def test_masking_preview_colours_what_was_selected_and_rerolls(qtbot, page, facts):
    with_corpus(qtbot, page, facts)
    edit(page, "masking", "mlm_probability", 0.5)
    preview = page.preview
    counts = dict(preview.last_counts)
    selected = counts["mask"] + counts["random"] + counts["kept"]
    assert 0 < selected <= counts["total"]
    assert "[MASK]" in preview.view.text()
    assert f"predict {selected} of {counts['total']}" in preview.summary.text()

    patterns = {preview.view.text()}
    for _ in range(5):
        preview.reroll()
        patterns.add(preview.view.text())
    assert len(patterns) > 1

    # Everything kept: no [MASK] in what the model sees, but tokens are still predicted.
    edit(page, "masking", "mask_replace_prob", 0.0)
    edit(page, "masking", "random_replace_prob", 0.0)
    assert preview.last_counts["mask"] == preview.last_counts["random"] == 0
    assert preview.last_counts["kept"] > 0


def test_static_masking_cycles_through_its_patterns(qtbot, page, facts):
    with_corpus(qtbot, page, facts)
    edit(page, "masking", "static_masks", 2)
    preview = page.preview
    first = preview.view.text()
    preview.reroll()
    preview.reroll()
    assert preview.view.text() == first
    assert "pattern 1 of 2" in preview.summary.text()


def test_presets(qtbot, page, facts):
    with_corpus(qtbot, page, facts)
    page.apply_preset("tiny")
    assert page.config().model.d_model == 128
    page.apply_preset("quick")
    quick = quick_start_config()
    assert page.config().training == quick.training
    assert page.config().corpus.source == "sample:facts"  # the loaded corpus is kept


def test_save_and_load_config_json(qtbot, page, facts, tmp_path):
    with_corpus(qtbot, page, facts)
    edit(page, "model", "num_layers", 3)
    edit(page, "training", "lr", 5e-4)
    path = tmp_path / "run.json"
    assert page.save_config_file(path)
    saved = RunConfig.from_json(path.read_text())
    assert saved.model.num_layers == 3 and saved.training.lr == pytest.approx(5e-4)

    page.set_config(RunConfig())
    assert page.config().model.num_layers == 2
    assert page.load_config_file(path)
    assert page.config().model.num_layers == 3


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        json.dumps({"model": {"d_model": "wide"}}),
        json.dumps({"bogus": {}}),
        # bounds and finiteness hold in the app's forms too (issue 13)
        '{"training": {"weight_decay": NaN}}',
        '{"model": {"d_model": 100000000, "num_heads": 1}}',
        '{"training": {"seed": 99999999999999999999}}',
        "[" * 50_000 + "]" * 50_000,
    ],
)
def test_loading_a_bad_config_explains_and_changes_nothing(qtbot, page, tmp_path, monkeypatch, content):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda *a, **k: shown.append(a[2])))
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    before = page.config()
    assert not page.load_config_file(bad)
    assert shown and "bad.json" in shown[0]
    assert page.config() == before


def test_field_problems_blames_the_fields_that_matter():
    cfg = RunConfig()
    cfg = replace(cfg, model=replace(cfg.model, d_model=100, num_heads=3, num_layers=3))
    problems, general = field_problems(cfg)
    assert set(problems) == {("model", "d_model"), ("model", "num_heads")}
    assert general == []


def test_the_electra_knobs_are_greyed_out_for_a_masked_language_model(page):
    model = page.forms["model"]
    edit(page, "model", "objective", "mlm")
    assert not model.editor("generator_fraction").isEnabled()
    assert not model.editor("discriminator_weight").isEnabled()
    edit(page, "model", "arch", "seed")
    edit(page, "model", "objective", "electra")
    assert model.editor("generator_fraction").isEnabled()
    assert model.editor("discriminator_weight").isEnabled()


def test_the_masking_preview_shows_how_pieces_group_into_words(qtbot, page, tmp_path, monkeypatch):
    # Unspaced Chinese: jieba's words when it is installed, else each character is a word (said in
    # a note); spaced lines: the user's words.
    unspaced = "我喜欢自然语言处理。自然语言处理很有趣。\n" * 40
    spaced = "我 喜欢 自然语言 处理 。\n" * 40
    path = tmp_path / "zh.txt"
    path.write_text(unspaced + spaced, encoding="utf-8")
    with_corpus(qtbot, page, load_corpus(str(path)))
    edit(page, "masking", "strategy", "whole-word")
    preview = page.preview
    # Sentences end at the full-width mark, not at the end of the file.
    assert "我喜欢自然语言处理。" in preview._sentences
    for _ in range(len(preview._sentences)):
        if " " in preview._sentences[preview._sentence_index % len(preview._sentences)]:
            break
        preview.next_sentence()
    preview.render()
    sentence = preview._sentences[preview._sentence_index % len(preview._sentences)]
    assert preview.last_words[:4] == ["我", "喜欢", "自然语言", "处理"], sentence
    assert f"{len(preview.last_words)} words" in preview.summary.text()
    assert "&nbsp;&nbsp;&nbsp;" in preview.view.text()  # the gap between words is drawn
    while " " in preview._sentences[preview._sentence_index % len(preview._sentences)]:
        preview.next_sentence()
    if importlib.util.find_spec("jieba") is not None:
        preview.render()
        assert preview.last_words[:4] == ["我", "喜欢", "自然语言", "处理"]
        assert "split into words by jieba" in preview.summary.text()
    monkeypatch.setitem(sys.modules, "jieba", None)  # no segmenter: characters
    preview.render()
    assert preview.last_words[:4] == ["我", "喜", "欢", "自"]
    assert "treat each character there" in preview.summary.text()
