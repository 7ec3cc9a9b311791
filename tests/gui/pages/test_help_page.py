"""Help → How masked language models learn: opened from the menu, explained with the user's own text."""

from __future__ import annotations

import dataclasses
import math

from mlmstudio.config import RunConfig
from mlmstudio.gui.pages.help_page import HelpPage, help_html

EXAMPLE_MS = 60_000
KEY_TERMS = (
    "[MASK]",
    "80/10/10",
    "random",
    "kept",
    "tokens",
    "letters",
    "word pieces",
    "loss",
    "cross-entropy",
    "nats",
    "ln V",
    "accuracy",
    "perplexity",
    "as unsure as if it were choosing",
)

LANTERN_TEXT = "\n".join(
    f"Keeper {name} lights the {colour} lantern of the old lighthouse at {hour} o'clock every evening."
    for name in ("Ada", "Bruno", "Clara", "Dmitri", "Elif", "Farah", "Goran", "Hana")
    for colour in ("amber", "violet", "crimson", "teal")
    for hour in ("six", "nine")
)


def _help_menu_action(window, text: str):
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "Help")
    return next(a for a in help_menu.actions() if a.text().replace("&", "") == text)


def test_help_opens_from_the_menu_and_explains_with_the_loaded_corpus(qtbot, window, tmp_path):
    corpus_file = tmp_path / "lanterns.txt"
    corpus_file.write_text(LANTERN_TEXT, encoding="utf-8")
    with qtbot.waitSignal(window.corpus_page.corpus_loaded, timeout=30_000):
        window.corpus_page.load(str(corpus_file))
    qtbot.waitUntil(lambda: not window.setup_page.preview.is_busy(), timeout=30_000)
    config = dataclasses.replace(
        window.setup_page.config(),
        masking=dataclasses.replace(window.setup_page.config().masking, strategy="whole-word"),
    )
    window.setup_page.set_config(config)
    window.setup_page.flush()
    config = window.setup_page.config()
    assert config.masking.strategy == "whole-word"

    action = _help_menu_action(window, "How Masked Language Models Learn")
    action.trigger()
    page = window.help_page
    assert page.isVisible()
    assert "Preparing an example" in page.plain_text()
    qtbot.waitUntil(lambda: page.example is not None, timeout=EXAMPLE_MS)

    text = page.plain_text()
    for term in KEY_TERMS:
        assert term in text, term
    example = page.example
    # A real sentence of the loaded corpus, really masked with the current settings.
    assert example.from_corpus and example.corpus_name == window.corpus_page.corpus.name
    assert example.sentence in LANTERN_TEXT
    assert example.sentence in text
    assert example.strategy == "whole-word"
    assert example.count("mask") >= 1
    assert all(t.shown == "[MASK]" for t in example.tokens if t.action == "mask")
    assert all(t.shown == t.original for t in example.tokens if t.action in ("", "kept"))
    # ln V for the vocabulary a run with these settings trains.
    from mlmstudio.engine.run_tokenizer import tokenizer_for_run

    vocab = tokenizer_for_run(config, window.corpus_page.corpus.text).vocab_size
    assert example.vocab_size == vocab
    assert f"ln {vocab:,} = {math.log(vocab):.2f}" in text
    assert f"{config.masking.mlm_probability * 100:.0f}%" in text


def test_without_a_corpus_the_example_comes_from_the_built_in_sample(qtbot):
    from mlmstudio.engine.samples import sample_text

    page = HelpPage()
    qtbot.addWidget(page)
    page.show_for(RunConfig(), None)
    qtbot.waitUntil(lambda: page.example is not None, timeout=EXAMPLE_MS)
    assert not page.example.from_corpus
    assert page.example.sentence in sample_text("facts")
    assert "load a corpus to see your own text" in page.plain_text()
    page.wait_idle()


def test_another_sentence_shows_the_masking_on_another_sentence_of_the_corpus(qtbot):
    from mlmstudio.engine.samples import sample_text

    page = HelpPage()
    qtbot.addWidget(page)
    page.show_for(RunConfig(), None)
    qtbot.waitUntil(lambda: page.example is not None, timeout=EXAMPLE_MS)
    first = page.example.sentence
    page.another_button.click()
    qtbot.waitUntil(lambda: page.example is not None and page.example.sentence != first, timeout=EXAMPLE_MS)
    assert page.example.sentence in sample_text("facts")
    assert page.example.sentence in page.plain_text()
    page.wait_idle()


def test_the_page_reads_whole_before_the_example_arrives():
    text = help_html(None, "Preparing an example…")
    for term in ("[MASK]", "80/10/10", "nats", "ln V", "perplexity", "accuracy"):
        assert term in text
    assert "Preparing an example" in text


def test_the_page_ties_the_layer_by_layer_view_to_its_explanation():
    text = help_html(None)
    section = text[text.index('id="layers"') :]
    for term in ("Layer by layer", "logit lens", "if it stopped", "temperature", "softmax(score / T)", "√d"):
        assert term in section
    assert "Predictions tab" in section and "weighted sum of all the values" in section


def test_the_train_page_links_to_the_help(qtbot, window):
    window.show_page(2)  # Train
    window.train_page.help_link.linkActivated.emit("help")
    assert window.help_page.isVisible()
    qtbot.waitUntil(lambda: window.help_page.example is not None, timeout=EXAMPLE_MS)


def test_while_open_the_example_follows_the_settings(qtbot, window):
    with qtbot.waitSignal(window.corpus_page.corpus_loaded, timeout=30_000):
        window.corpus_page.load_sample("facts")
    window.show_learning_help()
    page = window.help_page
    qtbot.waitUntil(lambda: page.example is not None, timeout=EXAMPLE_MS)
    config = window.setup_page.config()
    letters = dataclasses.replace(config, tokenizer=dataclasses.replace(config.tokenizer, kind="char"))
    window.setup_page.set_config(letters)
    window.setup_page.flush()
    qtbot.waitUntil(
        lambda: page.example is not None and page.example.tokenizer_kind == "char", timeout=EXAMPLE_MS
    )
    assert "reads <b>letters</b>" in page.html() or "reads letters" in page.plain_text()
