"""The corpus's rarer refusals, in the German app (issue 21).

Each is raised for real by engine/corpus.py, engine/encoding.py or engine/samples.py on a file or
folder made the way a user's odd one would be, then shown as Setup and Corpus show it
(``translated``) with the committed German catalogue installed: the German sentence shows, its
values are carried over, the English is gone.
"""

from __future__ import annotations

import csv
import errno
import os

import pytest

from mlmstudio.engine import corpus as corpus_module
from mlmstudio.engine.corpus import check_enough_tokens, check_real_text, load_corpus, split_train_val
from mlmstudio.engine.encoding import decode_bytes
from mlmstudio.engine.errors import CorpusError
from mlmstudio.gui.engine_messages import translated


def _german(call, *expected: str) -> str:
    with pytest.raises(CorpusError) as raised:
        call()
    english = str(raised.value)
    shown = translated(english)
    assert shown != english, f"still English: {english}"
    for part in expected:
        assert part in shown, (part, shown)
    for tail in ("Choose", " is not ", " the ", "Fix ", "Add ", "Save it"):
        assert tail not in shown, (tail, shown)
    return shown


def test_symbolic_links_that_lead_nowhere_are_said_in_german(german, tmp_path):
    loop = tmp_path / "loop.txt"
    loop.symlink_to(loop)
    _german(lambda: load_corpus(loop), f"{loop} ist ein symbolischer Link, der auf sich selbst zurückführt")
    dangling = tmp_path / "dangling.txt"
    dangling.symlink_to(tmp_path / "gone.txt")
    _german(
        lambda: load_corpus(dangling),
        f"{dangling} ist ein symbolischer Link auf {tmp_path / 'gone.txt'}, das nicht existiert.",
    )


def test_a_folder_that_cannot_be_listed_is_said_in_german(german, tmp_path, monkeypatch):
    (tmp_path / "texts").mkdir()

    def refused(self, pattern):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))

    monkeypatch.setattr(type(tmp_path), "rglob", refused)
    _german(
        lambda: load_corpus(tmp_path / "texts"),
        f"Der Inhalt des Ordners {tmp_path / 'texts'} lässt sich nicht auflisten (Keine Berechtigung).",
    )


def test_a_folder_without_usable_text_names_its_first_problem_in_german(german, tmp_path):
    (tmp_path / "texts").mkdir()
    (tmp_path / "texts" / "empty.txt").write_text("  \n")
    (tmp_path / "texts" / "photo.txt").write_bytes(bytes(range(32)) * 200)
    shown = _german(
        lambda: load_corpus(tmp_path / "texts"),
        f"Keine der 2 Textdateien in {tmp_path / 'texts'} enthält brauchbaren Text. Das erste Problem: ",
    )
    assert "empty.txt" in shown or "photo.txt" in shown
    assert translated("Skipped a/b.txt: b.txt is a folder, not a file.") == (
        "Übersprungen: a/b.txt: b.txt ist ein Ordner, keine Datei."
    )


def test_a_folder_read_as_a_file_is_said_in_german(german, tmp_path):
    folder = tmp_path / "d.txt"
    folder.mkdir()
    _german(
        lambda: corpus_module._Reader([folder], None, "").read_text(folder, []), f"{folder} ist ein Ordner"
    )


def test_a_file_that_cannot_be_read_is_said_in_german(german, tmp_path, monkeypatch):
    (tmp_path / "a.txt").write_text("some text")

    def failing(*args, **kwargs):
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(corpus_module, "open", failing, raising=False)
    _german(
        lambda: load_corpus(tmp_path / "a.txt"),
        f"{tmp_path / 'a.txt'} kann nicht gelesen werden (Ein-/Ausgabefehler). Prüfen Sie, ob die Datei zugänglich",
    )


JSONL = {
    "not JSON": (
        b'{"text": "a"}\n{oops\n',
        "Zeile 2 von t.jsonl ist kein gültiges JSON (Expecting property name",
    ),
    "too deep": (
        b"[" * 100_000 + b"]" * 100_000 + b"\n",
        "Zeile 1 von t.jsonl ist kein verwendbares JSON (zu tief",
    ),
    "not an object": (
        b"[1]\n",
        'Zeile 1 von t.jsonl ist kein JSON-Objekt. Jede Zeile muss so aussehen: {"text": "..."}.',
    ),
    "no text field": (b'{"body": "a"}\n', "Kein Datensatz von t.jsonl hat Text in seinem Feld „text“: "),
}


@pytest.mark.parametrize("case", JSONL, ids=list(JSONL))
def test_each_jsonl_problem_is_said_in_german(case, german, tmp_path):
    content, expected = JSONL[case]
    (tmp_path / "t.jsonl").write_bytes(content)
    _german(lambda: load_corpus(tmp_path / "t.jsonl"), expected)


def test_each_csv_problem_is_said_in_german(german, tmp_path, monkeypatch):
    (tmp_path / "empty.csv").write_text("")
    _german(
        lambda: load_corpus(tmp_path / "empty.csv"),
        "empty.csv hat keine Kopfzeile. Fügen Sie eine erste Zeile",
    )
    (tmp_path / "cols.csv").write_text("title,body\na,b\n")
    _german(
        lambda: load_corpus(tmp_path / "cols.csv"),
        'cols.csv hat keine Spalte „text“. Seine Spalten sind: "title", "body". Wählen Sie die Spalte',
    )
    (tmp_path / "long.csv").write_text("text\n" + "x" * 200_000 + "\n")
    monkeypatch.setattr(csv, "field_size_limit", lambda *limit: 131_072)  # the library's own limit stays
    _german(
        lambda: load_corpus(tmp_path / "long.csv"), "long.csv ist um Zeile 2 herum keine gültige CSV-Datei ("
    )


def test_a_corpus_too_small_or_of_markers_only_is_said_in_german(german):
    _german(
        lambda: split_train_val("a", 0.1, 0),
        "Das Korpus ist zu klein, um es in Trainings- und Validierungstext",
    )
    _german(
        lambda: check_real_text(1, 1_000), "Das Korpus enthält kaum echten Text: 999 seiner 1.000 Tokens sind"
    )
    _german(
        lambda: check_enough_tokens(12, 64, "validation"),
        "Das Korpus ergibt nur 12 Tokens für die Validierung, aber ein Validierungsfenster braucht 64.",
    )


def test_each_encoding_problem_is_said_in_german(german, tmp_path):
    (tmp_path / "a.txt").write_bytes("Grüße".encode("latin-1") * 10)
    _german(
        lambda: load_corpus(tmp_path / "a.txt", encoding="klingon"),
        "'klingon' ist keine Kodierung, die Python kennt.",
    )
    _german(
        lambda: load_corpus(tmp_path / "a.txt", encoding="utf-8"),
        "a.txt ist nicht in ",
        "kodiert: Byte 2 lässt sich in dieser Kodierung nicht lesen.",
    )
    _german(
        lambda: decode_bytes(b"\xff\xfe" + b"\x00\xd8" * 10, "x.txt"),
        "x.txt beginnt mit einer Bytereihenfolge-Markierung für UTF-16, ist aber kein gültiges UTF-16 (bei Byte 2).",
    )
    _german(
        lambda: decode_bytes(bytes(range(128, 256)) * 50, "x.bin"),
        "x.bin sieht in keiner Kodierung wie Text aus (es ist wahrscheinlich eine Binärdatei",
    )


def test_a_sample_that_does_not_exist_is_said_in_german(german):
    _german(
        lambda: load_corpus("sample:nowhere"),
        "Es gibt kein eingebautes Beispiel namens „nowhere“. Die Beispiele sind: ",
    )


def test_the_python_documentation_sample_without_pydoc_data_is_said_in_german(german, monkeypatch):
    import sys

    from mlmstudio.engine.samples import pydoc_text

    monkeypatch.setitem(sys.modules, "pydoc_data.topics", None)  # as a Python built without it
    pydoc_text.cache_clear()  # an earlier test may have read the sample: then nothing would raise
    try:
        _german(
            pydoc_text,
            "Das Beispiel aus der Python-Dokumentation ist nicht verfügbar: Dieses Python wurde ohne",
        )
    finally:
        pydoc_text.cache_clear()  # the next reader gets the real sample again


def test_a_corpus_too_short_for_the_sequence_length_names_the_longest_that_fits_in_german(german):
    import sys
    from dataclasses import replace
    from pathlib import Path

    from mlmstudio.engine.preflight import check_corpus_fits

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
    from store_helpers import tiny_config

    base = tiny_config()
    config = replace(base, training=replace(base.training, seq_len=base.model.max_len))
    text = " ".join(f"word{i % 7}" for i in range(5))
    shown = _german(
        lambda: check_corpus_fits(config, text),
        "Das Korpus ergibt nur ",
        "Die längste Sequenzlänge, die dieses Korpus füllt, ist ",
    )
    assert "longest" not in shown


def test_the_masking_previews_failure_carries_the_engines_reason_in_german(german, qtbot):
    from mlmstudio.config import TokenizerConfig
    from mlmstudio.engine.tokenization import MLMTokenizer
    from mlmstudio.gui.widgets.masking_preview import MaskingPreview

    preview = MaskingPreview()
    qtbot.addWidget(preview)
    try:
        MLMTokenizer.train(["a"], TokenizerConfig(kind="word", min_frequency=1))
    except Exception as exc:  # the engine's own refusal
        failure = exc
    said: list[str] = []
    preview.preview_failed.connect(said.append)
    preview._on_tokenizer_failed(failure)  # as its background call reports it
    assert said and "Der Trainingstext ergibt zu wenige Tokens" in said[0], said
    assert "too few tokens" not in said[0]
