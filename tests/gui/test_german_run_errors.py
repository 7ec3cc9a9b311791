"""Resuming, continuing with added words, a general text and a sweep: their refusals in German (issue 21).

Each is raised for real by the engine, the store or the sweep (engine/checkpoint.py,
engine/vocab_extension.py, engine/general_text.py, store/run_corpus.py, sweep/), then shown as
the Train, Setup, History and Sweep pages show it (``user_message`` → ``translated``) with the
committed German catalogue installed.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from mlmstudio.config import TokenizerConfig
from mlmstudio.engine.corpus import load_corpus
from mlmstudio.engine.tokenization import MLMTokenizer
from mlmstudio.gui.engine_messages import translated

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from german_checks import raised, shown_in_german  # noqa: E402

from store_helpers import tiny_config  # noqa: E402

ENGLISH = ("Choose ", "Give ", "Leave ", "Start ", "Resume ", "Restore ", "Write ", " is not ", " cannot ")


def _german(call, *expected: str) -> str:
    return shown_in_german(raised(call), expected, ENGLISH)


@pytest.fixture(scope="module")
def tokenizer():
    return MLMTokenizer.train([load_corpus("sample:tutorial").text], TokenizerConfig(kind="wordpiece"))


def test_a_checkpoint_that_is_missing_or_does_not_fit_is_said_in_german(german, tmp_path):
    from mlmstudio.engine.checkpoint import load_checkpoint

    _german(
        lambda: load_checkpoint(tmp_path / "step-4"),
        f"Der Checkpoint in {tmp_path / 'step-4'} fehlt oder ist beschädigt (",
        "Setzen Sie den Lauf von einem früheren Checkpoint aus fort oder starten Sie einen neuen Lauf.",
    )
    import torch

    from mlmstudio.engine.checkpoint import CheckpointData, load_checkpoint_weights

    (tmp_path / "step-4").mkdir()
    (tmp_path / "step-4" / "model.safetensors").write_bytes(b"not weights")
    data = CheckpointData(4, {}, {}, {}, tmp_path / "step-4")
    _german(
        lambda: load_checkpoint_weights(torch.nn.Linear(2, 2), data),
        f"Die Gewichte in {tmp_path / 'step-4'} sind beschädigt oder passen nicht zum Modell dieses Laufs (",
    )


def test_added_words_that_cannot_be_added_are_said_in_german(german, tokenizer):
    from mlmstudio.engine.vocab_extension import check_word_count, extend_tokenizer

    _german(
        lambda: check_word_count(20_000),
        "Es lassen sich höchstens 10.000 Wörter auf einmal hinzufügen, nicht 20.000:",
    )
    _german(lambda: extend_tokenizer(tokenizer, []), "Es wurden keine Wörter zum Hinzufügen angegeben.")
    _german(
        lambda: extend_tokenizer(tokenizer, ["the"]),
        "'the' ist bereits ein Token im Vokabular dieses Modells.",
    )
    _german(
        lambda: extend_tokenizer(tokenizer, ["zebrafish", "zebrafish"]),
        "'zebrafish' steht zweimal in der Liste.",
    )
    _german(
        lambda: extend_tokenizer(tokenizer, ["two words"]),
        "'two words' ist für den Tokenizer dieses Modells kein einzelnes Wort (es enthält Leerzeichen oder",
        "; er liest es als 2 Wörter: two, words. Fügen Sie einzelne Wörter hinzu.",
    )
    chars = MLMTokenizer.train(["some text to read"], TokenizerConfig(kind="char"))
    _german(
        lambda: extend_tokenizer(chars, ["word"]),
        "Der Tokenizer dieses Modells liest Text Zeichen für Zeichen",
    )


def test_a_general_text_that_cannot_be_used_is_said_in_german(german, tokenizer, tmp_path, monkeypatch):
    from mlmstudio.engine import general_text
    from mlmstudio.engine.general_text import general_batches

    base = tiny_config()

    def with_general(source):
        return replace(base, training=replace(base.training, general_text=source))

    gone = tmp_path / "gone.txt"
    _german(
        lambda: general_batches(with_general(str(gone)), tokenizer),
        f"Der allgemeine Text '{gone}' lässt sich nicht verwenden: {gone} existiert nicht.",
        "oder lassen Sie das Feld leer, um nur am Korpus zu testen.",
    )
    (tmp_path / "short.txt").write_text("a b")
    monkeypatch.setattr(general_text, "validation_batches", lambda *args: [])  # a text too short for a batch
    _german(
        lambda: general_batches(with_general(str(tmp_path / "short.txt")), tokenizer),
        f"Der allgemeine Text '{tmp_path / 'short.txt'}' enthält keine Wörter zum Testen.",
    )


def test_a_sweeps_refusals_are_said_in_german(german, tmp_path):
    from mlmstudio.sweep.runner import new_spec
    from mlmstudio.sweep.space import parse_duration, parse_params
    from mlmstudio.sweep.study import check_name

    _german(
        lambda: parse_duration("soon"), "'soon' ist keine Dauer. Schreiben Sie sie als 90s, 20m oder 1.5h."
    )
    _german(lambda: parse_duration("2s"), "Ein Budget von 2s ist zu kurz für auch nur einen Versuch;")
    _german(
        lambda: parse_duration("200h"),
        "Ein Budget von 200h ist länger als eine Woche; geben Sie höchstens 168h an.",
    )
    _german(lambda: parse_params([]), "Ein Sweep braucht mindestens eine Einstellung, die er variiert")
    many = ["lr=1e-4:1e-3", "dropout=0:0.2", "batch_size=4,8", "seq_len=16,32", "num_layers=1,2"]
    _german(
        lambda: parse_params(many), "Ein Sweep variiert höchstens 4 Einstellungen auf einmal (5 angegeben);"
    )
    _german(
        lambda: check_name("no spaces"),
        "'no spaces' kann keinen Sweep benennen: Verwenden Sie bis zu 60 Buchstaben",
    )
    corpus = load_corpus("sample:tutorial")
    params = parse_params(["lr=1e-4:1e-3"])
    _german(
        lambda: new_spec("s", corpus, tiny_config(), params, 600, trials=5000),
        "Ein Sweep plant 1 bis 1000 Versuche, nicht 5000.",
    )
    _german(
        lambda: new_spec("s", corpus, tiny_config(), params, 60, trials=500),
        "Ein Budget von 60 s für 500 Versuche lässt weniger als eine Sekunde pro Versuch.",
    )


def test_a_setting_a_sweep_would_push_out_of_bounds_is_said_in_german(german):
    from mlmstudio.sweep.space import parse_params

    shown = _german(
        lambda: parse_params(["dropout=0:5"]),
        "Halten Sie den Sweep innerhalb dessen, was die Einstellung erlaubt.",
    )
    assert "dropout" in shown


def test_the_damaged_sweep_journal_sentence_is_german(german):
    shown = translated(
        "Sweep 'pydoc-lr' cannot be read: the settings in its journal are damaged (KeyError: 'base'). "
        "Start a new sweep; its runs stay in History."
    )
    assert shown.startswith(
        "Sweep 'pydoc-lr' lässt sich nicht lesen: Die Einstellungen in seinem Journal sind"
    )


# --- resuming a run, and the run's own record --------------------------------------------------


def test_a_run_without_a_checkpoint_or_config_is_refused_in_german(german, tmp_path):
    from mlmstudio.engine.trainer import Trainer

    _german(
        lambda: Trainer.resume(tmp_path, "some text"),
        f"Der Lauf in {tmp_path} hat keinen Checkpoint, von dem aus er fortgesetzt werden könnte.",
    )
    checkpoint = tmp_path / "checkpoints" / "step-4"
    checkpoint.mkdir(parents=True)
    _german(
        lambda: Trainer.resume(tmp_path, "some text", checkpoint=checkpoint),
        f"Der Laufordner {tmp_path} hat keine lesbare config.json, daher kann der Lauf nicht fortgesetzt werden.",
    )


def test_a_runs_corpus_gone_or_changed_is_said_in_german(german, db, tmp_path):
    from sqlalchemy import text as text_sql

    from mlmstudio.store import lifecycle, service
    from mlmstudio.store.run_corpus import load_run_corpus

    from store_helpers import add_run

    text = tmp_path / "corpus.txt"
    text.write_text("the cat sat on the mat. " * 50)
    base = tiny_config()
    config = replace(base, corpus=replace(base.corpus, source=str(text)))
    run_id = add_run(db, config=config, status="stopped")  # recorded with another text's fingerprint
    detail = service.get_run(db, run_id)
    _german(
        lambda: load_run_corpus(replace(detail, corpus=replace(detail.corpus, source=str(text)))),
        f"Das Korpus von Lauf {run_id} ({text}) hat sich seit dem Training geändert, daher ist sein "
        "Validierungstext nicht mehr der,",
    )
    with db.session() as session:  # the recorded fingerprint is no longer the text's
        session.execute(text_sql("UPDATE corpora SET sha256 = :sha"), {"sha": "0" * 64})
    _german(
        lambda: lifecycle.resume_run(db, run_id),
        f"Das Korpus von Lauf {run_id} (",
        "hat sich seit dem Training geändert, daher lässt sich der Lauf nicht genau fortsetzen.",
    )
    gone = tmp_path / "gone.txt"
    _german(
        lambda: load_run_corpus(replace(detail, corpus=replace(detail.corpus, source=str(gone)))),
        f"Das Korpus von Lauf {run_id} lässt sich nicht aus {gone} lesen: {gone} existiert nicht.",
        "Legen Sie die Datei dorthin zurück, wo sie war,",
    )
    _german(
        lambda: load_run_corpus(replace(detail, config_json='{"model": 5}')),
        f"Die gespeicherte Konfiguration von Lauf {run_id} ist nicht mehr gültig: Der Abschnitt 'model'",
    )


def test_a_damaged_run_record_and_a_number_too_large_are_said_in_german(german, db):
    from sqlalchemy import text

    from mlmstudio.store import repository, service

    from store_helpers import add_run

    run_id = add_run(db, status="completed")
    with db.session() as session:
        session.execute(text("UPDATE runs SET created_at = 'yesterday' WHERE id = :id"), {"id": run_id})
    _german(
        lambda: service.get_run(db, run_id),
        f"Der Eintrag von Lauf {run_id} im Laufverlauf lässt sich nicht lesen (",
        "Die anderen Läufe sind in Ordnung; '",
    )
    other = add_run(db, status="completed")

    def too_large():
        with db.session() as session:
            point = dict(run_id=other, step=2**70, split="train", name="loss", value=1.0, wall_time=0.0)
            repository.add_metric_points(session, [point])

    _german(too_large, f"Die Zahl {2**70} ist größer, als der Laufverlauf speichern kann (höchstens ")


def test_the_sweep_pages_failure_sentence_is_german(german, db):
    from mlmstudio.gui.sweep_worker import SweepRequest, SweepWorker
    from mlmstudio.sweep.space import parse_params

    corpus = load_corpus("sample:tutorial")
    request = SweepRequest(
        name="s",
        base=tiny_config(),
        corpus=corpus,
        params=tuple(parse_params(["lr=1e-4:1e-3"])),
        budget_seconds=600,
        trials=5000,
    )
    worker = SweepWorker(db, request)
    said: list[str] = []
    worker.failed.connect(said.append)
    worker.run()  # here, not in a thread: it fails before the first trial
    assert said == ["Ein Sweep plant 1 bis 1000 Versuche, nicht 5000."]


def test_an_export_buttons_system_reason_is_german(german):
    import errno
    import os

    from mlmstudio.gui.widgets.export_buttons import _reason

    assert (
        _reason(OSError(errno.ENOENT, os.strerror(errno.ENOENT)))
        == "Die Datei oder der Ordner existiert nicht"
    )


def test_how_a_run_ended_is_said_in_german(german, monkeypatch):
    from mlmstudio.engine import system_memory
    from mlmstudio.engine.memory import CONTINUED_ADVICE, memory_shortage
    from mlmstudio.engine.run_end import INTERRUPTED_MESSAGE, NO_RESULT_MESSAGE
    from mlmstudio.engine.trainer import OUT_OF_MEMORY_MESSAGE
    from mlmstudio.store.queue import CRASH_NOTE
    from mlmstudio.store.recovery import NEVER_STARTED_MESSAGE

    assert translated(INTERRUPTED_MESSAGE).startswith(
        "Der Prozess, der diesen Lauf trainierte, endete, ohne ihn"
    )
    assert translated(NO_RESULT_MESSAGE) == "Das Training endete ohne Ergebnis."
    assert translated(OUT_OF_MEMORY_MESSAGE).endswith("Der letzte Checkpoint bleibt erhalten.")
    assert translated(NEVER_STARTED_MESSAGE).startswith(
        "Der Prozess, der diesen Lauf aufzeichnete, endete, bevor"
    )
    assert translated(CRASH_NOTE.format(items="3, 4")).startswith(
        "Die Warteschlange lief, als ihr Prozess endete (ein Absturz, ein Abbruch oder ein Stromausfall), daher "
        "wartet sie: Eintrag 3, 4 wurde unterbrochen."
    )
    monkeypatch.setattr(system_memory, "available_memory_bytes", lambda *a: 10**9)
    shown = translated(memory_shortage(10**12, "Continuing this model", CONTINUED_ADVICE))
    assert shown.startswith(
        "Das Fortsetzen dieses Modells braucht etwa 1.0 TB Arbeitsspeicher, aber nur 1.0 GB"
    )


def test_a_sentence_without_a_mask_is_said_in_german(german):
    from mlmstudio.engine.mask_spelling import no_mask_message
    from mlmstudio.gui.pages.explore_page import ExplorePage

    assert translated(no_mask_message("the cat sat")).startswith("Setzen Sie [MASK] dort ein, wo das Modell")
    shown = ExplorePage._sentence_problem("the cat sat on the [mask] .")
    assert shown.startswith(
        "Die Maske dieses Modells wird [MASK] geschrieben (Großbuchstaben in eckigen Klammern), nicht '[mask]'."
    )
    assert "Fragen Sie es so: 'the cat sat on the [MASK] .'" in shown
    assert translated(no_mask_message("the cat", own="<mask>")).startswith(
        "Setzen Sie <mask> (oder [MASK]) dort ein"
    )
    shown = translated(no_mask_message("the cat sat on the [mask] .", own="<mask>"))
    assert shown.startswith(
        "Die Maske dieses Modells wird <mask> (oder [MASK]) geschrieben, nicht '[mask]'."
    ), shown


def test_a_run_ended_by_an_unexpected_error_or_in_an_unknown_state_is_said_in_german(german):
    from types import SimpleNamespace

    from mlmstudio.engine.run_end import decide_run_end

    end = decide_run_end(error=RuntimeError("CUDA error: an illegal memory access"), step=7)
    assert translated(end.message) == (
        "Das Training wurde durch einen unerwarteten Fehler beendet: CUDA error: an illegal memory access"
    )
    odd = decide_run_end(SimpleNamespace(status="sideways", message="", step=3))
    assert translated(odd.message) == "Das Training endete in einem unbekannten Zustand (sideways).", (
        odd.message
    )
