"""The errors and notes a first-time user can meet, in the German app (issue 21, "Language and access").

Each one is raised for real by the engine or the store, then shown the way the window shows it
(the start-up dialog, History's and the Queue's messages, the settings note, the capsule dialog,
Explore's tabs, Open a Model), with the committed German catalogue installed: the German sentence
shows, its values are carried over, and no English sentence is left.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication

from mlmstudio.gui.background import user_message
from mlmstudio.gui.engine_messages import translated
from mlmstudio.store import database
from mlmstudio.store.database import Database

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from store_helpers import add_run  # noqa: E402


def _raised(call) -> Exception:
    try:
        call()
    except Exception as exc:  # the engine's or the store's own error, raised for real
        return exc
    raise AssertionError(f"{call} raised nothing")


def _german(exc_or_text, *expected: str, english: str | None = None) -> str:
    """The sentence as the window shows it; each of ``expected`` in it, the English gone."""
    text = exc_or_text if isinstance(exc_or_text, str) else str(exc_or_text)
    shown = translated(text) if isinstance(exc_or_text, str) else user_message(exc_or_text, "Etwas")
    for part in expected:
        assert part in shown, (part, shown)
    assert shown != text, f"still English: {text}"
    assert (english or text.rstrip(".").split(". ")[-1][:25]) not in shown, shown  # its last sentence
    return shown


# 1. The start-up dialog ----------------------------------------------------------------------------


def _damaged_history(tmp_path) -> Path:
    directory = tmp_path / "data"
    db = Database.open(directory)
    add_run(db, name="kept")
    db.close()
    database.forget_engine(db.path)
    (directory / "history.sqlite3").write_bytes(b"garbage" * 100)
    return directory


def test_the_start_up_dialog_asks_and_reports_in_german(german, qtbot, tmp_path):
    from mlmstudio.gui.history_repair_dialog import open_history_or_ask

    directory = _damaged_history(tmp_path)
    asked, told = [], []
    db = open_history_or_ask(
        directory,
        ask=lambda message: asked.append(message) or True,
        inform=lambda title, message, **kw: told.append((title, message)),
    )
    assert db is not None
    db.close()
    assert "er ist keine SQLite-Datenbank (seine ersten Bytes sind etwas anderes)" in asked[0]
    assert "not an SQLite database" not in asked[0]
    title, message = told[0]
    assert title == "Laufverlauf neu aufgebaut"  # the run history, as everywhere; "Verlauf" is the page
    assert message.startswith("Der Laufverlauf ist neu aufgebaut (Läufe: 1, davon mit ihren Kurven: 0).")
    assert "Die alte Datei bleibt als" in message and "history.damaged-" in message
    assert "Rebuilt" not in message and "kept as" not in message


def test_a_data_directory_that_cannot_be_made_is_said_in_german(german, qtbot, tmp_path):
    from mlmstudio.gui.history_repair_dialog import open_history_or_ask

    (tmp_path / "a file").write_text("not a folder")
    told = []
    assert (
        open_history_or_ask(
            tmp_path / "a file",
            ask=lambda message: pytest.fail("nothing to rebuild"),
            inform=lambda title, message, **kw: told.append((title, message, kw)),
        )
        is None
    )
    title, message, kw = told[0]
    assert title == "MLM Studio kann nicht starten" and kw == {"error": True}
    assert message.startswith(f"Das Datenverzeichnis {tmp_path / 'a file'} (aus --data-dir) kann nicht")
    assert "Choose another one" not in message


@pytest.mark.parametrize(
    "reason, german_reason",
    [
        ("it is a folder, not a file", "er ist ein Ordner, keine Datei"),
        (
            "it is cut short (1,024 bytes of the 8,192 its header announces)",
            "er ist abgeschnitten (1.024 der 8.192 Bytes",
        ),
        ("SQLite reports: file is not a database", "SQLite meldet: die Datei ist keine Datenbank"),
    ],
)
def test_each_damage_of_the_history_reads_german_inside_the_sentence(german, reason, german_reason):
    from mlmstudio.gui.history_repair_dialog import damaged_message
    from mlmstudio.store.db_errors import damaged_error

    error = damaged_error(Path("/data/history.sqlite3"), reason)
    for shown in (damaged_message(error), translated(str(error))):
        assert "Der Laufverlauf unter /data/history.sqlite3 ist beschädigt: " + german_reason in shown
        assert reason not in shown and "run folders" not in shown


def test_the_history_damage_clauses_are_the_ones_the_store_writes(german, tmp_path):
    from mlmstudio.store.db_errors import damage_before_open

    runs = tmp_path / "runs"
    (runs / "run-1").mkdir(parents=True)
    folder = tmp_path / "folder.sqlite3"
    folder.mkdir()
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    short = tmp_path / "short.sqlite3"
    short.write_bytes(b"SQLite format 3\x00" + b"\x00" * 20)
    assert translated(damage_before_open(folder, runs)) == "er ist ein Ordner, keine Datei"
    assert (
        translated(damage_before_open(empty, runs))
        == f"er ist leer (0 Bytes), obwohl {runs} 1 Laufordner enthält"
    )
    assert (
        translated(damage_before_open(short, runs))
        == "er ist abgeschnitten (36 Bytes, weniger als ein SQLite-Kopf)"
    )


def test_a_history_damaged_while_the_app_is_open_is_said_in_german(german, qtbot, tmp_path):
    from mlmstudio.gui.run_list import RunList

    directory = tmp_path / "data"
    db = Database.open(directory)
    add_run(db, name="kept")
    runs = RunList(db)
    assert runs.refresh_now()
    db.close()
    (directory / "history.sqlite3").write_bytes(b"garbage" * 100)
    with qtbot.waitSignal(runs.failed) as failed:
        assert runs.refresh_now() is False
    shown = failed.args[0]
    assert (
        "ist beschädigt: SQLite meldet: " in shown
        and "rebuild-history' behält die beschädigte Datei" in shown
    )
    assert "is damaged" not in shown and "The run folders are not affected" not in shown


# 2. History and Queue: a bundle, a folder import, the queue ---------------------------------------


def test_importing_a_bundle_that_cannot_be_read_is_said_in_german(german, db, tmp_path):
    from mlmstudio.store.bundle import import_bundle

    _german(
        _raised(lambda: import_bundle(db, tmp_path / "gone.mlmrun")), "existiert nicht oder ist keine Datei"
    )
    (tmp_path / "broken.mlmrun").write_bytes(b"not a zip file at all" * 10)
    _german(
        _raised(lambda: import_bundle(db, tmp_path / "broken.mlmrun")),
        "broken.mlmrun ist keine lesbare .mlmrun-Datei: Sie ist beschädigt oder abgeschnitten",
        "Exportieren Sie den Lauf erneut.",
    )


def test_importing_a_folder_that_is_no_run_folder_is_said_in_german(german, db, tmp_path):
    from mlmstudio.store.folder_import import import_run_folder

    _german(
        _raised(lambda: import_run_folder(db, tmp_path / "gone")),
        f"{tmp_path / 'gone'} existiert nicht. Geben Sie den Laufordner an",
    )
    (tmp_path / "a file").write_text("x")
    _german(_raised(lambda: import_run_folder(db, tmp_path / "a file")), "ist eine Datei, kein Laufordner")
    (tmp_path / "empty").mkdir()
    _german(
        _raised(lambda: import_run_folder(db, tmp_path / "empty")),
        "ist kein Laufordner: Er hat keine config.json.",
    )


def test_the_queues_refusal_is_said_in_german(german, db):
    from mlmstudio.store import queue

    _german(_raised(lambda: queue.remove_item(db, 99)), "In der Warteschlange gibt es keinen Eintrag 99.")


def test_a_failed_queue_items_message_shows_in_german_on_the_queue_page(german, qtbot, db, make_tiny_config):
    from mlmstudio.engine.run_end import RunEnd
    from mlmstudio.engine.run_status import RunStatus
    from mlmstudio.gui.pages.queue_page import QueuePage
    from mlmstudio.gui.pages.train_page import TrainPage
    from mlmstudio.gui.queue_controller import QueueController
    from mlmstudio.gui.settings import AppSettings
    from mlmstudio.store import queue

    english = "/data/gone.txt does not exist. Check the path, or choose another file or folder."
    item = queue.add_item(db, make_tiny_config(), name="fails")
    queue.finish_item(db, queue.claim_next(db), RunEnd(RunStatus.FAILED, 3, english))
    train = TrainPage(db, AppSettings())
    qtbot.addWidget(train)
    controller = QueueController(db, train, train)
    page = QueuePage(controller)
    qtbot.addWidget(page)
    try:
        controller.refresh()
        qtbot.waitUntil(lambda: page.model.rowCount() == 1, timeout=10_000)
        page.table.selectRow(0)
        german_text = "/data/gone.txt existiert nicht. Prüfen Sie den Pfad"
        assert page.detail_label.message().startswith(f"Eintrag {item.id}: {german_text}")
        assert page.model.index(0, 6).data().startswith(german_text)
        assert "does not exist" not in page.detail_label.message()
    finally:
        controller.shutdown()
        train.stop_and_wait()


# 3. The settings file, the capsule ---------------------------------------------------------------


def test_a_damaged_settings_file_is_reported_in_german(german, qtbot, _isolated_settings):
    from mlmstudio.gui import settings as app_settings

    ini = _isolated_settings / "MLM Studio" / "MLM Studio.ini"
    ini.parent.mkdir(parents=True, exist_ok=True)
    ini.write_bytes(b"[General]\nlast_page=1\nbroken line\x00\n")
    app_settings._checked.clear()
    try:
        note = app_settings.AppSettings().damage_note()
    finally:
        app_settings._checked.clear()
    assert note is not None and note.startswith("Die Einstellungsdatei ")
    assert "(Zeile 3 enthält ein NUL-Byte)" in note and "holds a NUL byte" not in note


def test_a_capsule_folder_that_is_taken_is_said_in_german(german, tmp_path):
    from mlmstudio.engine.output_paths import check_output_folder

    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "keep.txt").write_text("mine")
    _german(
        _raised(lambda: check_output_folder(tmp_path / "taken", what="capsule folder")),
        f"Der Kapselordner {tmp_path / 'taken'} existiert bereits und ist nicht leer (keep.txt).",
    )


# 4. Per-token loss -------------------------------------------------------------------------------


def test_the_per_token_loss_tab_says_what_it_measures_in_german(german, qtbot):
    from types import SimpleNamespace

    from mlmstudio.gui.pages.explore.token_loss_tab import TokenLossTab

    infos: list[str] = []
    tab = TokenLossTab(
        SimpleNamespace(show_error=infos.append, show_info=infos.append, current_run=lambda: None)
    )
    qtbot.addWidget(tab)
    assert tab.browser.placeholderText().startswith("Drücken Sie auf „Verlust zeigen“, um den gewählten Text")
    with_no_german = QCoreApplication.translate("No such context", tab.browser.placeholderText())
    assert "Validierungstext" not in with_no_german  # it colours the chosen text, any text


def test_the_per_token_loss_comparison_note_shows_in_german(german, qtbot):
    from dataclasses import replace
    from types import SimpleNamespace

    from mlmstudio.engine.inspect.token_loss import compare_reports
    from mlmstudio.gui.pages.explore.token_loss_tab import TokenLossTab

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_engine_messages import _token_loss_report

    a = replace(_token_loss_report("A"), seq_len=64)
    comparison = compare_reports(a, replace(_token_loss_report("B"), seq_len=128))  # cut differently
    assert comparison.note.startswith("The runs cut the text differently")
    infos: list[str] = []
    tab = TokenLossTab(
        SimpleNamespace(show_error=infos.append, show_info=infos.append, current_run=lambda: None)
    )
    qtbot.addWidget(tab)
    tab.show_subject(comparison)
    assert infos == [
        "Die Läufe zerlegen den Text verschieden (Tokenizer oder Sequenzlänge) und haben daher verschiedene "
        "Tokens versteckt: Der Verlust jedes Wortes ist das Mittel über die Tokens, die jeder Lauf darin "
        "versteckt hat."
    ]
    html = tab.browser.toHtml()
    assert "Die Läufe zerlegen den Text verschieden" in html and "cut the text differently" not in html


# 5. Opened models and embeddings -----------------------------------------------------------------


def test_a_model_without_a_token_embedding_is_said_in_german(german):
    import torch

    from mlmstudio.engine.inspect.embeddings import input_embedding

    _german(_raised(lambda: input_embedding(torch.nn.Linear(2, 2))), "Dieses Modell hat kein Token-Embedding")


@pytest.mark.parametrize(
    "config, german_text",
    [
        (
            {"model_type": "gpt2"},
            "enthält ein gpt2-Modell: Das ist ein Textgenerator, kein maskiertes Sprachmodell.",
        ),
        ({"model_type": "t5"}, "enthält ein t5-Modell, das MLM Studio noch nicht öffnen kann."),
        ({"architectures": ["BertForMaskedLM"]}, "sagt nicht, welche Art Modell es ist (kein model_type)"),
    ],
    ids=["text generator", "family not supported", "no model_type"],
)
def test_an_opened_folder_that_is_no_masked_lm_is_refused_in_german(german, config, german_text):
    from mlmstudio.engine.hf_import.families import family_of

    shown = _german(_raised(lambda: family_of(config, "/models/x")), german_text, english="MLM Studio opens")
    assert "Generator oder Diskriminator" in shown


def test_an_opened_folder_without_config_or_weights_is_refused_in_german(german, tmp_path):
    import torch

    from mlmstudio.engine.hf_import.folder import load_weights, read_config

    _german(_raised(lambda: read_config(tmp_path)), f"Der Ordner {tmp_path} hat keine config.json")
    (tmp_path / "config.json").write_text("{not json", encoding="utf-8")
    _german(
        _raised(lambda: read_config(tmp_path)),
        "kann nicht gelesen werden",
        "oder schreiben Sie es mit save_pretrained neu.",
    )
    _german(_raised(lambda: load_weights(tmp_path)), f"Der Ordner {tmp_path} hat keine Gewichte")
    torch.save({"weights": torch.zeros(2), "code": object.__new__(_Pickled)}, tmp_path / "pytorch_model.bin")
    _german(_raised(lambda: load_weights(tmp_path)), "Ein Pickle kann Code ausführen.")


class _Pickled:
    """Anything but a tensor in a pickle: weights_only refuses it."""


def test_the_opened_models_notes_are_german(german):
    from mlmstudio.engine.hf_import.convert import DISCRIMINATOR_NOTE, UNTRAINED_HEAD_NOTE

    _german(DISCRIMINATOR_NOTE, "Dies ist ein ELECTRA-Diskriminator:")
    _german(UNTRAINED_HEAD_NOTE, "Dieses Modell wurde ohne seinen Kopf zum Lückenfüllen gespeichert")


def test_an_opened_folder_without_a_tokenizer_is_refused_in_german(german, tmp_path):
    from mlmstudio.engine.hf_import.tokenizer_import import import_tokenizer

    _german(
        _raised(lambda: import_tokenizer(tmp_path, {"vocab_size": 10})),
        f"Der Ordner {tmp_path} hat keinen Tokenizer (tokenizer.json oder vocab.txt)",
    )
