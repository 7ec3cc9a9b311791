"""The engine's sentences a first-time user meets reach the app in the user's language (issue 21 item 5).

Each error is raised for real by the engine, so a reworded engine sentence fails here
instead of silently losing its translation; the pseudo translator shows it was translated
and that its values (file names, numbers) were carried over.
"""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import QCoreApplication

from mlmstudio.config import ConfigError, CorpusConfig, TokenizerConfig
from mlmstudio.engine.corpus import load_corpus
from mlmstudio.engine.errors import CorpusError, TokenizerError
from mlmstudio.engine.memory import memory_shortage
from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import PseudoTranslator


@pytest.fixture
def pseudo(qapp):
    translator = PseudoTranslator()
    QCoreApplication.installTranslator(translator)
    yield
    QCoreApplication.removeTranslator(translator)


def _empty(tmp):
    (tmp / "empty.txt").write_text("  \n", encoding="utf-8")
    load_corpus(tmp / "empty.txt")


def _binary(tmp):
    (tmp / "photo.txt").write_bytes(bytes(range(32)) * 200)
    load_corpus(tmp / "photo.txt")


def _nul(tmp):
    (tmp / "nul.txt").write_bytes(
        b"hello world, some text. " * 2000 + b"\x00" * 3000
    )  # NULs past the sniffed start
    load_corpus(tmp / "nul.txt")


def _no_text_files(tmp):
    (tmp / "pictures").mkdir()
    (tmp / "pictures" / "a.png").write_bytes(b"\x89PNG")
    load_corpus(tmp / "pictures")


def _permission(tmp):
    locked = tmp / "locked.txt"
    locked.write_text("some text", encoding="utf-8")
    locked.chmod(0)
    if os.access(locked, os.R_OK):  # root reads anything: raise the engine's own sentence unchanged
        raise CorpusError(
            f"{locked} cannot be read: permission denied. "
            "Check the file's permissions, or copy it somewhere you can read."
        )
    load_corpus(locked)


def _no_tokenizer_text(tmp):
    from mlmstudio.engine.tokenization import MLMTokenizer

    MLMTokenizer.train([""], TokenizerConfig(kind="wordpiece"))


def _too_few_tokens(tmp):
    from mlmstudio.engine.tokenization import MLMTokenizer

    MLMTokenizer.train(["a"], TokenizerConfig(kind="word", min_frequency=1))


def _no_corpus(tmp):
    CorpusConfig(source=" ").validate()


CASES = {
    "missing file": (lambda tmp: load_corpus(tmp / "nowhere.txt"), CorpusError, "nowhere.txt"),
    "empty file": (_empty, CorpusError, "empty.txt"),
    "binary file": (_binary, CorpusError, "photo.txt"),
    "NUL bytes": (_nul, CorpusError, "nul.txt"),
    "folder without text files": (_no_text_files, CorpusError, "pictures"),
    "permission denied": (_permission, CorpusError, "locked.txt"),
    "device": (lambda tmp: load_corpus("/dev/null"), CorpusError, "/dev/null"),
    "no tokenizer text": (_no_tokenizer_text, TokenizerError, ""),
    "too few tokens": (_too_few_tokens, TokenizerError, "distinct"),
    "no corpus": (_no_corpus, ConfigError, ""),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_each_first_time_error_is_translated_with_its_values(case, tmp_path, pseudo):
    make, kind, value = CASES[case]
    with pytest.raises(kind) as raised:
        make(tmp_path)
    english = str(raised.value)
    shown = translated(english)
    assert shown != english and shown.startswith("[") and shown.rstrip().endswith("]"), (english, shown)
    if value:
        assert value in shown


def test_the_memory_and_the_loss_sentences_carry_their_numbers(pseudo, monkeypatch):
    from mlmstudio.engine import system_memory

    monkeypatch.setattr(system_memory, "available_memory_bytes", lambda *a: 10**9)
    english = memory_shortage(10**12, "Training this model")
    shown = translated(english)
    assert shown.startswith("[") and "1.0 TB" in shown and "1.0 GB" in shown
    loss = "The loss became nan at step 12, so training stopped. Try a lower learning rate (now 0.002)."
    assert translated(loss).startswith("[") and "step 12" in translated(loss) and "0.002" in translated(loss)


def test_the_loss_sentence_is_the_one_the_trainer_writes():
    import inspect

    from mlmstudio.engine import trainer

    source = inspect.getsource(trainer.Trainer)
    assert '"The loss became {value} at step {self.progress.step}, so training "' in source
    assert '"stopped. Try a lower learning rate (now {self.config.training.lr:g})."' in source


def test_another_sentence_is_shown_as_it_came(pseudo):
    assert translated("Something else went wrong.") == "Something else went wrong."


def test_without_a_translator_the_english_comes_back_unchanged(qapp, tmp_path):
    with pytest.raises(CorpusError) as raised:
        load_corpus(tmp_path / "nowhere.txt")
    assert translated(str(raised.value)) == str(raised.value)


def test_the_corpus_page_shows_the_engines_sentence_in_the_users_language(qtbot, tmp_path, pseudo):
    from mlmstudio.gui.pages.corpus_page import CorpusPage
    from mlmstudio.gui.settings import AppSettings

    page = CorpusPage(AppSettings())
    qtbot.addWidget(page)
    empty = tmp_path / "empty.txt"
    empty.write_text("   \n", encoding="utf-8")
    with qtbot.waitSignal(page.load_failed, timeout=30_000) as blocker:
        page.load(str(empty))
    shown = blocker.args[0]
    assert shown.startswith("[") and "empty.txt" in shown and "contains no text" in shown
    assert page.error_text() == shown


def test_the_learned_too_little_advice_is_translated_a_sentence_at_a_time(pseudo):
    from mlmstudio.engine.learned_too_little import advice

    english = advice({"steps": 9, "expected_steps": 23, "probes_answered": 0, "probes_asked": 14})
    assert english.count(". ") >= 2  # three sentences
    shown = translated(english)
    assert shown.count("[") == 3 and "9" in shown and "23" in shown and "39%" in shown and "14" in shown
    assert "The computer" not in shown.replace("[The computer", "")  # every sentence translated


def test_the_run_notes_thread_sentence_is_translated_and_others_stay(pseudo):
    from mlmstudio import thread_policy

    for role, cores in (("app", 2), ("cli", 2), ("cli", 1), ("app", 8)):
        policy = thread_policy.decide(role, cores=cores, env={})
        note = f"Some note the app does not know. CPU threads: {policy.describe()}."
        shown = translated(note)
        assert shown.startswith("Some note the app does not know. [CPU threads")
        assert f"{policy.threads}" in shown and f"{policy.cores}" in shown
