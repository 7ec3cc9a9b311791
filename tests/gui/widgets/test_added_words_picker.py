"""Setup → Start from a model… → "Add your words to its vocabulary" (issue 17, item 4): the
corpus' split words listed with their piece counts, the checked ones in the config's
added_words, a run of that config with the words as single tokens; a new model empties the
list, Train from scratch clears the words, and a corpus without candidates says so."""

from __future__ import annotations

import os
import re
from dataclasses import replace

import pytest
from PySide6.QtCore import Qt

from mlmstudio.config import RunConfig, TrainingConfig
from mlmstudio.gui.widgets.start_from_picker import StartFromPicker

DOMAIN = "the electroencephalography of the hippopotamus was unremarkable ."


@pytest.fixture(scope="module")
def bert_model(tmp_path_factory):
    """A tiny BERT opened into an engine folder, and a corpus where its split words are frequent."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from hf_family_models import TEXT, build_family

    from mlmstudio.engine.hf_import import open_transformers_folder

    root = tmp_path_factory.mktemp("added-words")
    open_transformers_folder(build_family("bert", root / "bert"), root / "engine")
    corpus = root / "corpus.txt"
    corpus.write_text("\n".join(TEXT + [DOMAIN] * 40))
    plain = root / "plain.txt"
    plain.write_text("\n".join(["the cat sat on the mat ."] * 40))
    return root / "engine", corpus, plain


def _picker(qtbot, config_box):
    picker = StartFromPicker(lambda: config_box[0])
    qtbot.addWidget(picker)
    picker.config_ready.connect(lambda config: config_box.__setitem__(0, config))
    return picker


def _continued(engine_dir, corpus):
    from mlmstudio.engine.start_from import continued_config

    base = RunConfig(training=TrainingConfig(steps=3, batch_size=4, eval_every=3, eval_batches=1, seq_len=32))
    base = replace(base, corpus=replace(base.corpus, source=str(corpus)))
    return continued_config(base, engine_dir, lr_given=False, warmup_given=False)


@pytest.mark.slow  # reads a model and trains it for three steps
def test_checked_words_are_added_and_the_run_reads_each_as_one_token(qtbot, bert_model, tmp_path):
    engine_dir, corpus, _ = bert_model
    box = [_continued(engine_dir, corpus)]
    picker = _picker(qtbot, box)
    picker.describe(box[0])
    words = picker.added_words
    assert words.words.count() == 0 and "Find words" in words.summary.text()
    words.count.setValue(3)
    words.find_button.click()
    qtbot.waitUntil(lambda: not words.is_busy(), timeout=60_000)
    rows = [words.words.item(i).text() for i in range(words.words.count())]
    assert len(rows) == 3, words.error.text()
    # Each with how the model reads it and how often the training split has it (38 of the 40 lines).
    listed = {r.split()[0] for r in rows}
    assert listed == {"electroencephalography", "hippopotamus", "unremarkable"}
    for row in rows:
        assert re.fullmatch(r"\w+  —  (\d+ pieces|unknown to it): .+  \(3\d×\)", row), row
        if not row.startswith("unremarkable"):
            assert int(row.split()[2]) >= 3

    for i in (0, 1):
        words.words.item(i).setCheckState(Qt.CheckState.Checked)
    chosen = words.checked_words()
    assert box[0].training.added_words == " ".join(chosen) and len(chosen) == 2
    picker.show_start(box[0].training.start_from)
    picker.describe(box[0])  # the page shows the config it was given: the checks stay
    assert words.checked_words() == chosen
    words.grab().save(str(tmp_path / "added_words.png"))

    from mlmstudio.engine.artifacts import load_model_dir
    from mlmstudio.engine.trainer import Trainer

    Trainer(box[0].validate(), corpus.read_text(), tmp_path / "run").run()
    run = load_model_dir(tmp_path / "run")
    size = load_model_dir(engine_dir).tokenizer.vocab_size
    for k, word in enumerate(chosen):
        assert run.tokenizer.encode(f"the {word} sat")[1] == size + k

    picker.use_scratch()  # Train from scratch: no words, the list hidden
    assert box[0].training.added_words == "" and not box[0].training.start_from
    assert words.isHidden()


def test_a_corpus_without_split_words_says_so(qtbot, bert_model):
    engine_dir, _, plain = bert_model
    box = [_continued(engine_dir, plain)]
    picker = _picker(qtbot, box)
    picker.describe(box[0])
    picker.added_words.find_button.click()
    qtbot.waitUntil(lambda: not picker.added_words.is_busy(), timeout=60_000)
    assert "no words to add" in picker.added_words.error.text()
    assert picker.added_words.words.count() == 0 and picker.added_words.find_button.isEnabled()


def test_a_config_s_words_are_listed_checked_and_a_new_model_empties_the_list(qtbot, bert_model):
    engine_dir, corpus, _ = bert_model
    config = _continued(engine_dir, corpus)
    config = replace(config, training=replace(config.training, added_words="hippopotamus unremarkable"))
    box = [config]
    picker = _picker(qtbot, box)
    picker.describe(config)
    assert picker.added_words.checked_words() == ["hippopotamus", "unremarkable"]
    other = replace(config, training=replace(config.training, start_from="/elsewhere", added_words=""))
    picker.describe(other)
    assert picker.added_words.words.count() == 0
