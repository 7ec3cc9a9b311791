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


# --- The sentences shown beyond the Simple path's first steps (issue 21 item 5) ------------------


def _shown_translated(english: str, *values: str) -> str:
    shown = translated(english)
    assert shown != english and shown.startswith("[") and shown.rstrip().endswith("]"), (english, shown)
    for value in values:
        assert value in shown, (value, shown)
    return shown


def _config_error(make) -> str:
    with pytest.raises(ConfigError) as raised:
        make().validate()
    return str(raised.value)


def test_the_configs_rules_between_settings_are_translated(pseudo):
    from mlmstudio.config import MaskingConfig, ModelConfig, RunConfig, TrainingConfig

    _shown_translated(_config_error(lambda: ModelConfig(d_model=100, num_heads=3)), "100", "3", "99")
    rotary = _config_error(lambda: ModelConfig(arch="modern", positions="rotary", d_model=66, num_heads=2))
    _shown_translated(rotary, "66", "33")
    _shown_translated(_config_error(lambda: ModelConfig(arch="modern", objective="electra")), "'modern'")
    _shown_translated(_config_error(lambda: ModelConfig(arch="seed", token_dropout_id=5)))
    _shown_translated(
        _config_error(lambda: MaskingConfig(mask_replace_prob=0.8, random_replace_prob=0.5)), "0.8", "0.5"
    )
    long = RunConfig(model=ModelConfig(max_len=64), training=TrainingConfig(seq_len=128))
    _shown_translated(_config_error(lambda: long), "128", "64")


def test_every_settings_bounds_are_translated_with_the_settings_name(pseudo):
    """Each bounded field of every section, one below its least and one above its most value."""
    import dataclasses

    from mlmstudio.config import RunConfig, field_problem

    checked = 0
    for section in dataclasses.fields(RunConfig):
        for f in dataclasses.fields(getattr(RunConfig(), section.name)):
            low, high = f.metadata.get("min"), f.metadata.get("max")
            if type(f.default) not in (int, float) or isinstance(f.default, bool):
                continue
            for value in (low - 1 if low is not None else None, high + 1 if high is not None else None):
                if value is None:
                    continue
                english = field_problem(f, type(f.default)(value), f"{section.name}.{f.name}")
                assert english, (section.name, f.name, value)
                shown = _shown_translated(english, f"{section.name}.{f.name}")
                checked += 1
                if f.metadata.get("zero_means"):  # what 0 means is translated too
                    assert f"[{f.metadata['zero_means']}" in shown, shown
    assert checked > 30


def test_a_settings_name_in_a_sentence_is_the_forms_translated_label(pseudo):
    import dataclasses

    from mlmstudio.config import TrainingConfig, field_problem

    f = next(f for f in dataclasses.fields(TrainingConfig) if f.name == "lr")
    english = field_problem(f, -1.0, "training.lr")
    assert "training.lr (learning rate)" in english
    assert "training.lr ([Learning rate" in translated(english)


PROBES = {
    "empty": ("", "Paris"),
    "too long": ("The capital of France is [MASK]. " + "x" * 600, "Paris"),
    "no mask": ("The capital of France is Paris.", "Paris"),
    "two masks": ("The [MASK] of France is [MASK].", "Paris"),
    "no answer": ("The capital of France is [MASK].", ""),
    "long answer": ("The capital of France is [MASK].", "P" * 100),
    "two lines": ("The capital of France\nis [MASK].", "Paris"),
}


@pytest.mark.parametrize("case", PROBES, ids=list(PROBES))
def test_each_probe_problem_is_translated(case, pseudo):
    from mlmstudio.config import ProbesConfig, ProbeSpec

    sentence, answer = PROBES[case]
    english = _config_error(lambda: ProbesConfig(items=(ProbeSpec(sentence, answer),)))
    assert english.startswith("Probe 1 ")
    _shown_translated(english, "1")


def test_too_many_probes_is_translated(pseudo):
    from mlmstudio.config import ProbesConfig, ProbeSpec

    many = tuple(ProbeSpec(f"Word {i} is [MASK].", "x") for i in range(200))
    _shown_translated(_config_error(lambda: ProbesConfig(items=many)), "200")


def test_the_setup_page_shows_the_configs_sentences_translated(qtbot, pseudo):
    from mlmstudio.config import ModelConfig, RunConfig, TrainingConfig
    from mlmstudio.gui.pages.setup_page import SetupPage

    page = SetupPage()
    qtbot.addWidget(page)
    page.set_config(
        RunConfig(model=ModelConfig(d_model=100, num_heads=3), training=TrainingConfig(device="mps"))
    )
    page.flush()
    problems = page.problems()
    assert problems and all(p.startswith("[") for p in problems), problems
    assert any("100" in p for p in problems)


def _device_error(monkeypatch, name: str, cuda: bool = False) -> str:
    import torch

    from mlmstudio.engine import device
    from mlmstudio.engine.errors import TrainingError

    monkeypatch.setattr(torch.cuda, "is_available", lambda: cuda)
    monkeypatch.setattr(torch.cuda, "device_count", lambda: 1)
    monkeypatch.setattr(device, "_mps_available", lambda: False)
    with pytest.raises(TrainingError) as raised:
        device.resolve_device(name)
    return str(raised.value)


def test_the_device_problems_are_translated(pseudo, monkeypatch):
    import torch

    from mlmstudio.engine import device
    from mlmstudio.engine.errors import TrainingError

    _shown_translated(_device_error(monkeypatch, "cuda"))
    _shown_translated(_device_error(monkeypatch, "cuda:3", cuda=True), "cuda:3", "1")
    _shown_translated(_device_error(monkeypatch, "mps"))
    monkeypatch.setattr(torch.cuda, "is_bf16_supported", lambda: False)
    with pytest.raises(TrainingError) as raised:
        device.resolve_precision("bf16", torch.device("cuda"))
    _shown_translated(str(raised.value))


def test_the_not_exportable_reason_is_translated(pseudo):
    from mlmstudio.config import ModelConfig
    from mlmstudio.engine.hf_compat import can_export_hf

    ok, reason = can_export_hf(ModelConfig(arch="modern", distance_bias=True))
    assert not ok
    _shown_translated(reason)


def _summary(tmp_path, status, *, folder=True, checkpoint=False):
    from datetime import datetime

    from mlmstudio.store.records import RunSummary

    run_dir = tmp_path / "runs" / "run-1"
    if folder:
        (run_dir / "checkpoints").mkdir(parents=True)
        if checkpoint:
            (run_dir / "checkpoints" / "step-10").mkdir()
    return RunSummary(
        id="run-1",
        name="a run",
        status=status,
        config=None,
        corpus_name="",
        created_at=datetime(2026, 1, 1),
        started_at=None,
        finished_at=None,
        last_step=10,
        final_metrics={},
        notes="",
        message="",
        tags=(),
        parent_run_id=None,
        run_dir=run_dir,
        missing_files=(),
    )


def test_every_no_model_reason_is_translated(tmp_path, pseudo):
    from mlmstudio.engine.run_status import RunStatus

    cases = [
        _summary(tmp_path / "gone", RunStatus.COMPLETED, folder=False),
        _summary(tmp_path / "running", RunStatus.RUNNING),
        _summary(tmp_path / "queued", RunStatus.QUEUED),
        _summary(tmp_path / "completed", RunStatus.COMPLETED),
        _summary(tmp_path / "early", RunStatus.FAILED),
        _summary(tmp_path / "later", RunStatus.STOPPED, checkpoint=True),
    ]
    for summary in cases:
        english = summary.no_model_reason()
        _shown_translated(english, "run-1")
    # Nested in another sentence (store/transfer_runs.py), both are translated.
    nested = translated(f"Run run-2 cannot be compared: {cases[0].no_model_reason()}")
    assert nested.count("[") == 2 and "run-2" in nested


def test_the_history_sentences_a_newcomer_meets_are_translated(db, pseudo):
    from mlmstudio.engine.run_status import RunStatus
    from mlmstudio.store import service
    from mlmstudio.store.errors import StoreError
    from mlmstudio.store.models import RunRow
    from mlmstudio.store.repository import create_run

    with db.session() as session:
        row = create_run(session, name="x", config_json="{}", corpus_id=None, status=RunStatus.RUNNING)
        run_id = row.id
    with pytest.raises(StoreError) as raised:
        service.rename_run(db, run_id, "  ")
    _shown_translated(str(raised.value))
    with pytest.raises(StoreError) as raised:
        service.delete_run(db, run_id)
    _shown_translated(str(raised.value), run_id)
    with db.session() as session:  # no run left marked live
        session.get(RunRow, run_id).status = RunStatus.STOPPED


def test_the_capsule_estimate_is_translated(pseudo):
    from mlmstudio.engine.capsule import CapsuleError, LaunchPlan, estimate_speedup, parse_endpoint

    one = LaunchPlan()
    _shown_translated(estimate_speedup(10**6, 0.1, one).sentence(one))
    wide = LaunchPlan(nodes=2, procs_per_node=2)
    fast = estimate_speedup(10**6, 1.0, wide).sentence(wide)
    _shown_translated(fast, "4")
    slow = estimate_speedup(10**9, 0.01, wide).sentence(wide)
    assert "That is slower" in slow
    assert translated(slow).count("[") == 2
    for endpoint in ("a b:1", "node01:0", "-bad-:29500"):
        with pytest.raises(CapsuleError) as raised:
            parse_endpoint(endpoint)
        _shown_translated(str(raised.value))


@pytest.mark.parametrize("segmenter", [True, False], ids=["jieba", "no jieba"])
@pytest.mark.parametrize("frozen", [True, False], ids=["bundle", "pip"])
def test_the_unspaced_cjk_note_is_translated(segmenter, frozen, pseudo, monkeypatch):
    from mlmstudio import command_hint
    from mlmstudio.engine import tokenization

    monkeypatch.setattr(tokenization, "_segmenter", lambda: object() if segmenter else None)
    monkeypatch.setattr(command_hint, "is_frozen", lambda: frozen)
    for text in ("我喜欢学习语言模型", "日本語のテキストです"):
        english = tokenization.unspaced_cjk_note(text)
        assert english
        shown = translated(english)
        assert shown.count("[") == english.count(". ") + 1, (english, shown)


def test_the_embedding_notes_and_errors_are_translated(pseudo):
    from mlmstudio.engine.inspect import embeddings
    from mlmstudio.engine.inspect.embeddings import resolve_word
    from mlmstudio.engine.predict import PredictionError
    from mlmstudio.engine.tokenization import MLMTokenizer

    _shown_translated(embeddings.TIED_NOTE)
    _shown_translated(embeddings.UNTIED_NOTE)
    tokenizer = MLMTokenizer.train(
        ["the cat sat on the mat with the hat"] * 20, TokenizerConfig(kind="wordpiece", vocab_size=60)
    )
    for word in ("[MASK]", "zzqqxx", " "):
        with pytest.raises(PredictionError) as raised:
            resolve_word(tokenizer, word)
        _shown_translated(str(raised.value))
    pieces = resolve_word(tokenizer, "cathat")
    assert pieces.note
    _shown_translated(pieces.note, "cathat")


def test_explores_layer_names_are_translated(pseudo):
    import inspect

    from mlmstudio.engine.inspect import attention, logit_lens
    from mlmstudio.gui.engine_messages import layer_name

    assert 'f"layer {i + 1}"' in inspect.getsource(attention.attention_layer_names)
    assert '["embeddings"] + [f"layer {i + 1}"' in inspect.getsource(logit_lens)
    for name in ("layer 3", "generator 1", "discriminator 12", "embeddings"):
        assert layer_name(name).startswith("["), name
    assert layer_name("layer 3").count("3") == 1
    assert layer_name("encoder") == "encoder"
    electra = inspect.getsource(logit_lens._route)
    note = "ELECTRA: the generator's layers (it fills the [MASK]s); the discriminator has no word head."
    assert f'"{note}"' in electra
    _shown_translated(note)


def test_the_transfer_labels_and_progress_are_translated(pseudo):
    import inspect

    from mlmstudio.engine.evaluate import transfer
    from mlmstudio.gui.engine_messages import transfer_label
    from mlmstudio.store import transfer_runs

    engine, store = inspect.getsource(transfer), inspect.getsource(transfer_runs)
    assert (
        '"random twin"' in engine and '"majority class"' in engine and '"Reading the random twin"' in engine
    )
    assert 'f"Reading {subject.label}"' in engine and 'f"{what} ({number}/{steps_total})"' in engine
    assert '"this run"' in store and 'f"step {step:,}"' in store
    for label in (
        "this run",
        "random twin",
        "majority class",
        "step 1,000",
        transfer.METHOD_PROBE,
        "finetune",
    ):
        assert transfer_label(label).startswith("["), label
    assert transfer_label("my own run") == "my own run"
    shown = translated("Reading this run (1/4)")
    assert shown.startswith("[") and "1/4" in shown and shown.count("[") == 2
    cut = translated("1,204 texts were longer than step 64 reads and were cut.")
    assert cut.startswith("[") and "1,204" in cut and "64" in cut


def test_the_sweep_settings_are_shown_by_their_translated_labels(pseudo):
    from mlmstudio.gui.engine_messages import setting_label, sweep_range
    from mlmstudio.sweep.space import parse_param

    for text in ("lr=1e-4:1e-2:log", "batch_size=8:32", "arch=seed,modern"):
        param = parse_param(text)
        shown = sweep_range(param)
        assert shown.startswith("[") and param.label not in shown.replace(setting_label(param.field), ""), (
            shown
        )
    assert setting_label("lr").startswith("[Learning rate")


def test_the_too_short_corpus_sentence_is_translated(pseudo):
    from mlmstudio.engine.corpus import check_enough_tokens

    with pytest.raises(CorpusError) as raised:
        check_enough_tokens(1_200, 4_094, where="training")
    _shown_translated(str(raised.value), "1,200", "4,094")


def _token_loss_report(label: str, recorded: float | None = None):
    import numpy as np

    from mlmstudio.engine.inspect.token_loss import TokenLossReport

    return TokenLossReport(
        run_label=label,
        text="the cat sat",
        text_start=0,
        starts=np.array([0, 4, 8]),
        ends=np.array([3, 7, 11]),
        token_ids=np.array([5, 6, 7]),
        predicted_ids=np.array([5, 9, 7]),
        losses=np.array([0.5, 2.5, 1.0]),
        tokens=("the", "cat", "sat"),
        predictions=("the", "dog", "sat"),
        windows=1,
        window_tokens=3,
        precision="fp32",
        validation_sha256="0" * 64,
        recorded_val_loss=recorded,
    )


@pytest.mark.parametrize("recorded", [None, 1.25], ids=["no recorded loss", "recorded loss"])
def test_the_per_token_loss_summary_legend_and_hover_texts_are_translated(recorded, pseudo):
    from mlmstudio.engine.inspect.token_loss import TokenLossComparison, WordDifference
    from mlmstudio.engine.inspect.token_loss_html import body_html, token_tooltip, word_tooltip
    from mlmstudio.gui.engine_messages import token_loss_body

    report = _token_loss_report("my <run>", recorded)
    english = body_html(report, links=True)
    shown = token_loss_body(english)
    summary = shown.split("</p>")[0]
    assert summary.startswith("<p><b>[my &lt;run&gt;</b>: ") and summary.endswith("]"), summary
    assert "<p>[Loss of each hidden token" in shown and english.split("</p>", 2)[2] in shown
    if recorded is not None:
        assert "1.2500" in shown
    for i in (0, 1):
        _shown_translated(token_tooltip(report, i), repr(report.tokens[i]))
    words = tuple(
        WordDifference(start, start + 3, word, a, b, a < 1, b < 1)
        for start, word, a, b in ((0, "the", 0.5, 0.5), (4, "cat", 2.0, 0.5), (8, "sat", 0.5, 2.0))
    )
    comparison = TokenLossComparison(
        _token_loss_report(""), _token_loss_report("B"), "the cat sat", 0, words, note="A note."
    )
    shown = token_loss_body(body_html(comparison, links=True))
    summary = shown.split("</p>")[0]
    assert summary.startswith("<p>[A = <b>[run A") and summary.endswith("]"), summary  # 'run A' too
    assert "<i>A note.</i>" in summary and "<p>[Loss of run A minus" in shown
    for word in words:
        _shown_translated(word_tooltip(word), repr(word.word))


def test_the_per_token_loss_tab_shows_the_translated_body(qtbot, pseudo):
    from mlmstudio.gui.pages.explore.token_loss_tab import TokenLossTab

    assert "token_loss_body(html)" in __import__("inspect").getsource(TokenLossTab.show_subject)


def test_the_resume_refusals_are_translated(pseudo):
    from mlmstudio.store.errors import StoreError
    from mlmstudio.store.lifecycle import _check_resumable
    from mlmstudio.store.models import RunRow

    for status in ("running", "completed", "queued"):
        with pytest.raises(StoreError) as raised:
            _check_resumable(RunRow(id="run-7", status=status, pid=4242, hostname="node01"))
        _shown_translated(str(raised.value), "run-7")
    import inspect

    from mlmstudio.store import lifecycle

    source = inspect.getsource(lifecycle)
    for words in (
        "has already been started (it is {row.status}). ",
        "is missing or has no config.json, ",
        "cannot be written ({exc.strerror or exc}). ",
        "is being trained by another process right now. Stop it ",
    ):
        assert words in source, words
    _shown_translated(
        "Run run-7 has already been started (it is failed). Resume it instead, or start a new run."
    )
    _shown_translated(
        "The folder of run run-7 (/x/run-7) is missing or has no config.json, so it cannot be resumed. "
        "Start a new run with the same settings instead."
    )
    _shown_translated(
        "The folder of run run-7 cannot be written (Disk full). Check the disk and the permissions."
    )
    _shown_translated(
        "Run run-7 is being trained by another process right now. Stop it there first, or wait until it ends."
    )


def test_the_per_token_loss_refusals_are_translated(db, pseudo):
    import inspect

    from mlmstudio.store import token_loss_runs
    from mlmstudio.store.errors import StoreError
    from mlmstudio.store.repository import create_run

    with db.session() as session:
        run_id = create_run(session, name="x", config_json="{}", corpus_id=None).id
    with pytest.raises(StoreError) as raised:
        token_loss_runs.compare_runs(db, run_id, run_id)
    _shown_translated(str(raised.value), run_id)
    source = inspect.getsource(token_loss_runs)
    assert "is a model opened from a folder, not trained here, so it has no " in source
    assert "were trained on different corpora " in source
    _shown_translated(
        "Run r1 is a model opened from a folder, not trained here, so it has no held-out text of its own. "
        "Choose a text to measure it on (on the command line: token-loss r1 --text FILE or sample:NAME)."
    )
    _shown_translated(
        "Runs r1 and r2 were trained on different corpora (a.txt and b.txt), so their validation texts "
        "differ and cannot be compared. Choose two runs of the same corpus.",
        "a.txt",
    )


SWEEP_SPECS = {
    "no equals sign": ["lr"],
    "unknown setting": ["speed=1:2"],
    "no range": ["lr="],
    "bad range": ["lr=1:2:3:4"],
    "text setting as a range": ["arch=1:2"],
    "empty range": ["lr=0.01:0.001"],
    "log from zero": ["lr=0:0.01:log"],
    "no width fits the heads": ["d_model=65:67"],
    "range outside the bounds": ["lr=0:0.01"],
    "empty choice": ["batch_size=8,,16"],
    "one choice": ["batch_size=8"],
    "given twice": ["lr=1e-4:1e-3", "lr=1e-3:1e-2"],
    "choice outside its bounds": ["batch_size=0,8"],
    "no trial can train": ["num_heads=3,5"],
}


@pytest.mark.parametrize("case", SWEEP_SPECS, ids=list(SWEEP_SPECS))
def test_each_sweep_setting_problem_is_translated(case, pseudo):
    from mlmstudio.sweep.space import SweepSpecError, parse_params

    with pytest.raises(SweepSpecError) as raised:
        parse_params(SWEEP_SPECS[case])
    shown = _shown_translated(str(raised.value))
    assert " for Learning rate" not in shown and "Batch size " not in shown  # the setting's name too


def _task_file(tmp, name: str, rows: list[tuple[str, str]] | None = None, raw: bytes | None = None):
    path = tmp / name
    if raw is not None:
        path.write_bytes(raw)
    else:
        path.write_text("text,label\n" + "".join(f"{t},{lab}\n" for t, lab in rows or []), encoding="utf-8")
    return path


TASK_FILES = {
    "missing": lambda tmp: tmp / "nowhere.csv",
    "a folder": lambda tmp: (tmp / "folder.csv").mkdir() or tmp / "folder.csv",
    "wrong ending": lambda tmp: _task_file(tmp, "task.xlsx", [("a", "x")]),
    "not UTF-8": lambda tmp: _task_file(tmp, "latin.csv", raw=b"text,label\n\xe9t\xe9,x\n" * 30),
    "too few rows": lambda tmp: _task_file(tmp, "few.csv", [("a", "x"), ("b", "y")]),
    "one row": lambda tmp: _task_file(tmp, "one.csv", [("a", "x")]),
    "one class": lambda tmp: _task_file(tmp, "same.csv", [(f"text {i}", "x") for i in range(30)]),
    "no labels": lambda tmp: _task_file(tmp, "nolabels.csv", [(f"text {i}", "") for i in range(30)]),
    "no texts": lambda tmp: _task_file(tmp, "notexts.csv", [("", "x") for i in range(30)]),
}


@pytest.mark.parametrize("case", TASK_FILES, ids=list(TASK_FILES))
def test_each_task_file_problem_is_translated(case, tmp_path, pseudo):
    from mlmstudio.engine.evaluate.tasks import TaskError, load_task_file

    with pytest.raises(TaskError) as raised:
        load_task_file(TASK_FILES[case](tmp_path))
    _shown_translated(str(raised.value))


def test_a_task_with_too_many_classes_and_the_task_notes_are_translated(tmp_path, pseudo):
    from mlmstudio.engine.evaluate import tasks

    many = _task_file(
        tmp_path, "many.csv", [(f"text {i}", f"label {i}") for i in range(tasks.MAX_CLASSES + 5)]
    )
    with pytest.raises(tasks.TaskError) as raised:
        tasks.load_task_file(many)
    _shown_translated(str(raised.value), "many.csv")
    rows = [("x" * (tasks.MAX_TEXT_CHARS + 10), "a" if i % 2 else "b") for i in range(60)]
    task = tasks.load_task_file(_task_file(tmp_path, "long.csv", rows), max_examples=40)
    assert len(task.notes) == 2
    for note in task.notes:
        _shown_translated(note)
    one = [("x" * (tasks.MAX_TEXT_CHARS + 10), "a")] + [
        (f"short {i}", "a" if i % 2 else "b") for i in range(30)
    ]
    (note,) = tasks.load_task_file(_task_file(tmp_path, "one_long.csv", one)).notes
    assert note.startswith("1 text was")
    _shown_translated(note)
