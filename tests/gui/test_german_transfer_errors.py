"""Explore → Transfer's rarer refusals, in the German app (issue 21).

Each is raised for real by engine/evaluate/ on a task file or text made the way a user's odd one
would be, then shown as the Transfer tab shows it (``user_message`` → ``translated``) with the
committed German catalogue installed.
"""

from __future__ import annotations

import sys
from pathlib import Path

import torch

from mlmstudio.gui.engine_messages import translated

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from german_checks import raised, shown_in_german  # noqa: E402

from store_helpers import build_model_files  # noqa: E402

ENGLISH = ("Fill in", "Add ", "Fix it", "Choose ", "add examples", "nothing was", " has ", " is not ")


def _german(call, *expected: str) -> str:
    return shown_in_german(raised(call), expected, ENGLISH)


def _load(path):
    from mlmstudio.engine.evaluate.tasks import load_task_file

    return lambda: load_task_file(path)


def test_rows_without_a_label_or_a_text_are_named_in_german(german, tmp_path):
    rows = [(f"text {i}", "x" if i % 2 else "y") for i in range(30)]
    no_label = tmp_path / "nolabel.csv"
    no_label.write_text("text,label\n" + "".join(f"{t},{lab}\n" for t, lab in rows) + "lonely,\n")
    _german(
        _load(no_label),
        "Zeile 32 von nolabel.csv: Text, aber kein Label in „label“. Tragen Sie die Labels ein oder entfernen",
    )
    many = tmp_path / "many.csv"
    many.write_text("text,label\n" + "".join(f"{t},{lab}\n" for t, lab in rows) + ",x\n" * 12)
    _german(_load(many), "Zeilen 32, 33, 34, ", " weitere von many.csv: Label, aber kein Text in „text“.")


def test_a_task_file_of_bad_rows_is_said_in_german(german, tmp_path, monkeypatch):
    from mlmstudio.engine.evaluate import tasks

    (tmp_path / "empty.csv").write_text("")
    _german(
        _load(tmp_path / "empty.csv"),
        "empty.csv hat keine Kopfzeile. Fügen Sie eine erste Zeile hinzu, die die Spalten",
    )
    (tmp_path / "t.jsonl").write_text('{"text": "a", "label": "x"}\n{oops\n')
    _german(
        _load(tmp_path / "t.jsonl"),
        "Zeile 2 von t.jsonl ist kein JSON-Objekt (",
        'Jede Zeile muss so aussehen: {"text": "...", "label": "..."}.',
    )
    monkeypatch.setattr(tasks, "MAX_LINE_CHARS", 10)
    (tmp_path / "long.jsonl").write_text('{"text": "a long text indeed", "label": "x"}\n')
    _german(
        _load(tmp_path / "long.jsonl"),
        "Zeile 1 von long.jsonl ist länger als 10 Zeichen; eine Zeile enthält einen Text und sein Label.",
    )
    import csv

    (tmp_path / "wide.csv").write_text("text,label\n" + "x" * 200_000 + ",y\n")
    monkeypatch.setattr(csv, "field_size_limit", lambda *limit: 131_072)  # the library's own limit stays
    _german(_load(tmp_path / "wide.csv"), "wide.csv ist um Zeile 2 herum keine gültige CSV-Datei (")


def test_texts_too_short_for_a_corpus_task_are_said_in_german(german):
    from mlmstudio.engine.evaluate.corpus_tasks import source_task

    long = ". ".join(f"the cat number {i} sat on the mat" for i in range(40)) + "."
    _german(
        lambda: source_task(long, "a.txt", "just one short sentence here.", "b.txt"),
        "b.txt hat weniger als 10 Sätze mit 4 bis 40 Wörtern; wählen Sie einen längeren Text",
    )
    other = ". ".join(f"a dog called {i} ran in the park" for i in range(40)) + "."
    _german(
        lambda: source_task(long, "a.txt", other, "b.txt", limit=12),
        "a.txt und b.txt haben zusammen nur 12 Sätze mit 4 bis 40 Wörtern; eine daraus gemachte Aufgabe braucht",
    )


def test_a_shipped_task_that_does_not_exist_is_said_in_german(german):
    from mlmstudio.engine.evaluate.demo_task import sample_task

    _german(
        lambda: sample_task("nowhere"),
        "Es gibt keine mitgelieferte Aufgabe namens „nowhere“. Die mitgelieferten Aufgaben",
    )


def test_a_model_without_an_encoder_or_texts_is_said_in_german(german, tmp_path):
    from mlmstudio.engine.artifacts import load_model_dir
    from mlmstudio.engine.evaluate.features import Encoded, last_layer, pooled_features

    _german(
        lambda: last_layer(torch.nn.Linear(2, 2)),
        "Die Modellklasse Linear hat keinen Encoder, den die Probe lesen kann.",
    )
    loaded = load_model_dir(build_model_files(tmp_path / "model"), device="cpu")
    nothing = Encoded(ids=(), cut=0)
    _german(
        lambda: pooled_features(loaded.model, loaded.tokenizer, nothing),
        "Es gibt keine Texte, aus denen sich Merkmale lesen ließen.",
    )
    one = Encoded(ids=((1, 2, 3),), cut=0)
    _german(
        lambda: pooled_features(loaded.model, loaded.tokenizer, one, should_stop=lambda: True),
        "Die Auswertung wurde gestoppt; es wurde nichts gespeichert.",
    )


def test_a_task_that_cannot_be_split_is_said_in_german(german, tmp_path, monkeypatch):
    from mlmstudio.engine.artifacts import load_model_dir
    from mlmstudio.engine.evaluate import transfer
    from mlmstudio.engine.evaluate.probe import Split
    from mlmstudio.engine.evaluate.tasks import make_task
    from mlmstudio.engine.evaluate.transfer import evaluate_transfer

    monkeypatch.setattr(
        transfer, "split_examples", lambda labels, seed, groups=None: Split(tuple(range(23)), ())
    )

    loaded = load_model_dir(build_model_files(tmp_path / "model"), device="cpu")
    texts = [f"text {i}" for i in range(24)]
    task = make_task("lopsided.csv", texts, ["x"] * 23 + ["y"])
    _german(
        lambda: evaluate_transfer(task, loaded, []),
        "lopsided.csv lässt sich nicht in einen Trainingsteil mit zwei Klassen und einen zurückgehaltenen Teil",
    )


def test_a_run_that_cannot_be_compared_or_was_deleted_is_said_in_german(german):
    shown = translated(
        "Run 20261203-x cannot be compared: Run 20261203-x has no trained model: it is still queued."
    )
    assert shown.startswith("Lauf 20261203-x kann nicht verglichen werden: "), shown
    assert translated(
        "Run 7 was deleted while it was being evaluated; the results were not stored."
    ).startswith("Lauf 7 wurde gelöscht, während er ausgewertet wurde;")
    assert (
        translated("The evaluation was stopped; nothing was stored.")
        == "Die Auswertung wurde gestoppt; es wurde nichts gespeichert."
    )
