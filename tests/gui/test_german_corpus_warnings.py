"""The corpus's warnings, under the Corpus page's statistics, in the German app (issue 21).

Each is written for real by engine/corpus.py or engine/encoding.py while a file or folder made the
way a user's odd one would be is read, then translated a sentence at a time as the Corpus page
shows it, with the committed German catalogue installed.
"""

from __future__ import annotations

from mlmstudio.engine.corpus import load_corpus
from mlmstudio.engine.encoding import decode_bytes
from mlmstudio.gui.engine_messages import translated


def _warned(corpus_or_notes) -> str:
    notes = corpus_or_notes if isinstance(corpus_or_notes, list) else list(corpus_or_notes.warnings)
    assert notes, "no warning"
    shown = "\n".join(translated(note) for note in notes)
    assert shown != "\n".join(notes), f"still English: {notes}"
    return shown


def _no_english(shown: str, *english: str) -> None:
    for part in english:
        assert part not in shown, (part, shown)


def test_a_folder_of_mixed_encodings_and_a_skipped_file_are_warned_in_german(german, tmp_path):
    folder = tmp_path / "texts"
    folder.mkdir()
    (folder / "a.txt").write_text("plain english text here. " * 40, encoding="utf-8")
    (folder / "b.txt").write_bytes("Grüße aus Köln, schöne Straße. ".encode("cp1252") * 40)
    (folder / "photo.txt").write_bytes(bytes(range(32)) * 200)
    shown = _warned(load_corpus(folder))
    assert "Übersprungen: photo.txt: photo.txt sieht nach einer Binärdatei aus" in shown, shown
    assert (
        "Die Dateien in texts haben verschiedene Kodierungen; jede wurde in ihrer eigenen gelesen." in shown
    )
    assert "Nicht UTF-8: b.txt" in shown
    _no_english(shown, "Skipped", "different encodings", "Not UTF-8")


def test_nul_characters_and_skipped_records_are_warned_in_german(german, tmp_path):
    (tmp_path / "nul.txt").write_bytes(b"hello world, some text. " * 200 + b"\x00" * 3)
    shown = _warned(load_corpus(tmp_path / "nul.txt"))
    assert (
        "nul.txt enthält 3 NUL-Zeichen (Null-Bytes, oft von einem Absturz oder einer fehlerhaften Kopie);"
        in shown
    )
    (tmp_path / "t.jsonl").write_text('{"text": "a good line of text"}\n{"body": "x"}\n')
    shown = _warned(load_corpus(tmp_path / "t.jsonl"))
    assert shown.startswith(
        "1 der 2 Datensätze von t.jsonl wurden übersprungen, weil ihr Feld „text“ fehlt"
    ), shown
    assert 'der erste: Zeile 2 hat kein Feld „text“ (ihre Felder: "body").' in shown


def test_short_rows_and_an_open_quote_are_warned_in_german(german, tmp_path):
    (tmp_path / "short.csv").write_text("title,text\na,some text\nb\n")
    shown = _warned(load_corpus(tmp_path / "short.csv"))
    assert (
        "Zeilen von short.csv ohne Zelle „text“ (weniger Zellen, als die Kopfzeile nennt) wurden übersprungen: 1."
        in shown
    )
    (tmp_path / "quote.csv").write_text('text\nfirst row\n"second row\nthird row\n')
    shown = _warned(load_corpus(tmp_path / "quote.csv"))
    assert (
        'quote.csv hat ein Anführungszeichen ("), das nie geschlossen wird, daher wurde alles ab Zeile 3'
        in shown
    )
    assert "Schließen Sie das Anführungszeichen oder exportieren Sie die Datei erneut" in shown
    _no_english(shown, "never closed", "Close the quote")


def test_unreadable_characters_and_a_cut_utf16_file_are_warned_in_german(german):
    odd = b"\xff\xfe" + "some text".encode("utf-16-le") + b"\x00"
    shown = _warned(decode_bytes(odd, "cut.txt").notes)
    assert "cut.txt endet mitten in einem UTF-16-Zeichen (es hat eine ungerade Zahl von Bytes);" in shown
    assert "Die Datei wurde vielleicht abgeschnitten." in shown
    mostly = "é".encode() * 1000 + b"\xff"
    shown = _warned(decode_bytes(mostly, "m.txt").notes)
    assert (
        "m.txt ist in UTF-8 kodiert, aber 1 seiner Zeichen ließen sich nicht lesen (das erste bei Byte 2.000)"
        in shown
    )
    assert "Speichern Sie die Datei erneut als UTF-8, um sie zu behalten." in shown


def test_a_guessed_encoding_is_warned_in_german(german):
    guessed = decode_bytes(("plain text " * 5000).encode() + b"\xff" + ("more " * 5000).encode(), "g.txt")
    shown = _warned(guessed.notes)
    assert (
        "g.txt ist nicht UTF-8, und seine Kodierung ist unsicher, nur eine Vermutung: Die Datei wurde als "
        in shown
    )
    assert "--encoding NAME" in shown and "save it as UTF-8" not in shown


def test_the_corpus_page_shows_the_warnings_in_german(german, qtbot, tmp_path):
    from mlmstudio.gui.pages.corpus_page import CorpusPage
    from mlmstudio.gui.settings import AppSettings

    page = CorpusPage(AppSettings())
    qtbot.addWidget(page)
    (tmp_path / "nul.txt").write_bytes(b"hello world, some text. " * 200 + b"\x00" * 3)
    with qtbot.waitSignal(page.corpus_loaded, timeout=30_000):
        page.load(str(tmp_path / "nul.txt"))
    assert page.warning_label.message().startswith("nul.txt enthält 3 NUL-Zeichen")
