"""Reading, checking, describing and splitting corpora."""

import codecs
import hashlib
import json
import os
from itertools import pairwise

import pytest

from mlmstudio.engine import corpus as corpus_module
from mlmstudio.engine.corpus import (
    Corpus,
    CorpusStats,
    check_enough_tokens,
    compute_stats,
    load_corpus,
    split_train_val,
)
from mlmstudio.engine.errors import CorpusError, MLMStudioError

ACCENTED = "Café crème, naïve façade.\nDéjà vu — “quoted”.\n"


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --------------------------------------------------------------------------- plain files


def test_txt_file_loads_with_exact_stats(tmp_path):
    path = tmp_path / "small.txt"
    path.write_bytes(b"Hello world, hello!\nThe cat sat.\n")
    corpus = load_corpus(path)
    assert isinstance(corpus, Corpus)
    assert corpus.name == "small.txt"
    assert corpus.source == str(path.resolve())
    assert corpus.text == "Hello world, hello!\nThe cat sat."
    assert corpus.warnings == []
    assert corpus.stats == CorpusStats(
        characters=32,
        lines=2,
        words=6,
        unique_characters=len(set("Hello world, hello!\nThe cat sat.")),
        vocabulary_estimate=5,  # hello, world, the, cat, sat
        sha256=_sha("Hello world, hello!\nThe cat sat."),
        size_bytes=33,
    )


def test_tutorial_corpus_stats(tutorial_corpus_path, tutorial_text):
    stats = load_corpus(tutorial_corpus_path).stats
    assert stats.characters == 193 == len(tutorial_text)
    assert stats.lines == 5
    assert stats.words == len(tutorial_text.split()) == 39
    assert stats.sha256 == _sha(tutorial_text)


def test_stats_of_text_with_final_newline_and_chunking(monkeypatch):
    text = "one two\nthree\n"
    stats = compute_stats(text)
    assert (stats.lines, stats.words, stats.size_bytes) == (2, 3, len(text))
    # Chunked scanning gives the same numbers as a single pass, even with tiny chunks.
    long_text = "Ünïcode words, here and THERE and there.\n" * 50
    whole = compute_stats(long_text)
    monkeypatch.setattr(corpus_module, "_STATS_CHUNK", 7)
    chunked = compute_stats(long_text)
    assert chunked == whole
    assert whole.words == 7 * 50
    assert whole.vocabulary_estimate == 5  # ünïcode words here and there


def test_newlines_normalised(tmp_path):
    path = tmp_path / "crlf.txt"
    path.write_bytes(b"one\r\ntwo\rthree\nfour")
    corpus = load_corpus(path)
    assert corpus.text == "one\ntwo\nthree\nfour"
    assert corpus.stats.lines == 4


def test_other_extension_read_as_text(tmp_path):
    path = tmp_path / "notes.log"
    path.write_text("plain text in a log file\n", encoding="utf-8")
    assert load_corpus(path).text == "plain text in a log file"


def test_preview_cuts_long_text_at_a_word(tmp_path):
    path = tmp_path / "long.txt"
    path.write_text("word " * 1000, encoding="utf-8")
    corpus = load_corpus(path)
    preview = corpus.preview(100)
    assert len(preview) <= 102 and preview.endswith(" …")
    assert preview[:-2].split() == ["word"] * len(preview[:-2].split())
    assert load_corpus(tmp_path / "long.txt").preview(10_000) == corpus.text


# --------------------------------------------------------------------------- encodings


@pytest.mark.parametrize(
    "encoding, bom",
    [
        ("utf-8", codecs.BOM_UTF8),
        ("utf-16-le", codecs.BOM_UTF16_LE),
        ("utf-16-be", codecs.BOM_UTF16_BE),
        ("utf-32-le", codecs.BOM_UTF32_LE),
        ("utf-32-be", codecs.BOM_UTF32_BE),
    ],
)
def test_bom_encodings_read_and_bom_stripped(tmp_path, encoding, bom):
    path = tmp_path / f"{encoding}.txt"
    path.write_bytes(bom + ACCENTED.encode(encoding))
    corpus = load_corpus(path)
    assert corpus.text == ACCENTED.strip("\n")
    assert not corpus.text.startswith("\ufeff")
    assert corpus.warnings == []
    assert corpus.stats.size_bytes == path.stat().st_size


def test_same_text_same_fingerprint_across_encodings(tmp_path):
    plain = tmp_path / "a.txt"
    plain.write_bytes(ACCENTED.encode("utf-8"))
    utf16 = tmp_path / "b.txt"
    utf16.write_bytes(ACCENTED.replace("\n", "\r\n").encode("utf-16"))  # with BOM and CRLF
    first, second = load_corpus(plain).stats, load_corpus(utf16).stats
    assert first.sha256 == second.sha256 == _sha(ACCENTED.strip("\n"))
    assert first.size_bytes != second.size_bytes


def test_cp1252_fallback_warns_naming_the_file(tmp_path):
    text = "Café déjà vu, “smart quotes” and a € sign.\n"  # “ ” € exist in cp1252, not in latin-1
    path = tmp_path / "windows.txt"
    path.write_bytes(text.encode("cp1252"))
    corpus = load_corpus(path)
    assert corpus.text == text.strip("\n")
    assert len(corpus.warnings) == 1
    assert "windows.txt" in corpus.warnings[0] and "1252" in corpus.warnings[0]


# --------------------------------------------------------------------------- refusals


def test_missing_path_refused(tmp_path):
    with pytest.raises(CorpusError, match="does not exist"):
        load_corpus(tmp_path / "nowhere.txt")


@pytest.mark.parametrize("content", [b"", b"   \n\t\r\n  \n"])
def test_empty_or_whitespace_refused(tmp_path, content):
    path = tmp_path / "blank.txt"
    path.write_bytes(content)
    with pytest.raises(CorpusError, match="no text"):
        load_corpus(path)


def test_nul_bytes_refused_as_binary(tmp_path):
    path = tmp_path / "image.txt"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4)
    with pytest.raises(CorpusError, match="binary") as info:
        load_corpus(path)
    assert "image.txt" in str(info.value)


def test_short_utf16_without_bom_read_with_a_plain_warning(tmp_path):
    path = tmp_path / "nobom.txt"
    path.write_bytes("hello there".encode("utf-16-le"))
    corpus = load_corpus(path)
    assert corpus.text == "hello there"
    assert corpus.stats.encoding == "utf-16-le"
    assert corpus.stats.encoding_confidence < 0.6
    assert len(corpus.warnings) == 1 and "save it as UTF-8" in corpus.warnings[0]


def test_mostly_control_characters_refused(tmp_path):
    path = tmp_path / "controls.dat"
    path.write_bytes(bytes([1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 16, 17, 27]) * 100 + b"some text")
    with pytest.raises(CorpusError, match="control characters"):
        load_corpus(path)


def test_a_few_control_characters_are_fine(tmp_path):
    path = tmp_path / "colours.log"
    path.write_bytes(b"\x1b[1mbold\x1b[0m and plain text, mostly ordinary words here\n" * 5)
    assert "bold" in load_corpus(path).text


def test_permission_denied_refused(tmp_path, monkeypatch):
    path = tmp_path / "secret.txt"
    path.write_text("hidden", encoding="utf-8")

    def deny(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(corpus_module, "open", deny, raising=False)
    with pytest.raises(CorpusError, match="permission denied"):
        load_corpus(path)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root can read any file")
def test_unreadable_file_refused_for_real(tmp_path):
    path = tmp_path / "locked.txt"
    path.write_text("hidden", encoding="utf-8")
    path.chmod(0)
    try:
        with pytest.raises(CorpusError, match="permission denied"):
            load_corpus(path)
    finally:
        path.chmod(0o600)


def test_errors_are_user_facing():
    assert issubclass(CorpusError, MLMStudioError)


# --------------------------------------------------------------------------- folders


def test_folder_recursive_sorted_txt_and_md(tmp_path):
    root = tmp_path / "notes"
    (root / "b" / "deep").mkdir(parents=True)
    (root / "b.txt").write_text("second\n", encoding="utf-8")
    (root / "a.md").write_text("# first\n\n", encoding="utf-8")
    (root / "b" / "deep" / "c.TXT").write_text("third", encoding="utf-8")
    (root / "image.png").write_bytes(b"\x89PNG\x00\x00")
    (root / ".hidden").mkdir()
    (root / ".hidden" / "x.txt").write_text("hidden", encoding="utf-8")
    progress: list[tuple[int, int]] = []
    corpus = load_corpus(root, progress=lambda done, total: progress.append((done, total)))
    assert corpus.text == "# first\n\nsecond\n\nthird"  # a.md, b.txt, b/deep/c.TXT; a blank line between
    assert corpus.name == "notes"
    total = 9 + 7 + 5
    assert corpus.stats.size_bytes == total
    assert progress and progress[-1] == (total, total)
    assert [d for d, _ in progress] == sorted(d for d, _ in progress)


def test_folder_skips_a_bad_file_with_a_warning(tmp_path):
    (tmp_path / "good.txt").write_text("good text", encoding="utf-8")
    (tmp_path / "bad.txt").write_bytes(b"\x00\x01\x02binary")
    corpus = load_corpus(tmp_path)
    assert corpus.text == "good text"
    assert len(corpus.warnings) == 1 and "bad.txt" in corpus.warnings[0]


def test_folder_without_text_files_refused(tmp_path):
    (tmp_path / "picture.jpg").write_bytes(b"\xff\xd8\xff")
    with pytest.raises(CorpusError, match="no .txt or .md files"):
        load_corpus(tmp_path)


def test_folder_with_only_empty_files_refused(tmp_path):
    (tmp_path / "empty.txt").write_text("", encoding="utf-8")
    (tmp_path / "blank.md").write_text("\n\n  \n", encoding="utf-8")
    with pytest.raises(CorpusError):
        load_corpus(tmp_path)


def test_progress_reported_while_reading_a_big_file(tmp_path, monkeypatch):
    monkeypatch.setattr(corpus_module, "_READ_CHUNK", 1000)
    path = tmp_path / "big.txt"
    path.write_text("some words here\n" * 1000, encoding="utf-8")
    calls: list[tuple[int, int]] = []
    load_corpus(path, progress=lambda done, total: calls.append((done, total)))
    assert len(calls) == 16
    assert calls[-1] == (16_000, 16_000)


# --------------------------------------------------------------------------- jsonl / csv


def _write_jsonl(path, records):
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")


def test_jsonl_default_and_named_field(tmp_path):
    path = tmp_path / "data.jsonl"
    _write_jsonl(path, [{"text": "first doc", "body": "alpha"}, {"text": "second\r\ndoc", "body": "beta"}])
    assert load_corpus(path).text == "first doc\n\nsecond\ndoc"
    assert load_corpus(path, text_field="body").text == "alpha\n\nbeta"


def test_jsonl_bad_line_reports_its_number(tmp_path):
    path = tmp_path / "data.jsonl"
    path.write_text('{"text": "ok"}\n\n{"text": "ok too"}\n{"text": broken}\n', encoding="utf-8")
    with pytest.raises(CorpusError, match="Line 4 of data.jsonl is not valid JSON"):
        load_corpus(path)


def test_jsonl_missing_field_names_the_fields(tmp_path):
    path = tmp_path / "data.jsonl"
    _write_jsonl(path, [{"body": "alpha", "id": 1}])
    with pytest.raises(CorpusError, match='no "text" field') as info:
        load_corpus(path)
    assert '"body", "id"' in str(info.value)


def test_jsonl_records_without_text_are_skipped_and_counted(tmp_path):
    path = tmp_path / "mixed.jsonl"
    _write_jsonl(
        path,
        [
            {"text": "first doc"},
            {"text": 42},
            {"text": ["a", "list"]},
            {"id": 3},
            {"text": None},
            {"text": "second doc"},
        ],
    )
    corpus = load_corpus(path)
    assert corpus.text == "first doc\n\nsecond doc"
    [warning] = corpus.warnings
    assert warning.startswith("3 of the 6 records of mixed.jsonl were skipped")
    assert 'on line 2 "text" is a number (42), not text' in warning


def test_jsonl_with_no_text_at_all_is_refused(tmp_path):
    path = tmp_path / "numbers.jsonl"
    _write_jsonl(path, [{"text": 1}, {"text": True}])
    with pytest.raises(CorpusError, match=r"No record of numbers.jsonl has text .* is a number \(1\)"):
        load_corpus(path)


def test_csv_named_and_default_column(tmp_path):
    path = tmp_path / "table.csv"
    path.write_text('id,text,review\n1,"hello, world","great\nfilm"\n2,bye,meh\n', encoding="utf-8")
    assert load_corpus(path).text == "hello, world\n\nbye"
    assert load_corpus(path, csv_column="review").text == "great\nfilm\n\nmeh"


def test_csv_missing_column_lists_the_columns(tmp_path):
    path = tmp_path / "table.csv"
    path.write_text("id,body,label\n1,some text,x\n", encoding="utf-8")
    with pytest.raises(CorpusError, match='no column "text"') as info:
        load_corpus(path)
    assert '"id", "body", "label"' in str(info.value)
    assert load_corpus(path, csv_column="body").text == "some text"


# --------------------------------------------------------------------------- samples


def test_sample_source(tutorial_text):
    corpus = load_corpus("sample:tutorial")
    assert corpus.text == tutorial_text
    assert corpus.source == "sample:tutorial"
    assert corpus.stats.sha256 == _sha(tutorial_text)


def test_unknown_sample_lists_the_samples():
    with pytest.raises(CorpusError, match="sample:facts.*sample:pydoc.*sample:tutorial"):
        load_corpus("sample:nonsense")


# --------------------------------------------------------------------------- split


def _numbered_lines(n: int) -> str:
    return "\n".join(f"line {i} has a few words in it" for i in range(n))


def test_split_is_deterministic_per_seed_and_differs_across_seeds():
    text = _numbered_lines(2000)
    first = split_train_val(text, 0.05, seed=0)
    assert split_train_val(text, 0.05, seed=0) == first
    assert split_train_val(text, 0.05, seed=1) != first


def test_split_keeps_lines_whole_and_loses_nothing():
    text = _numbered_lines(2000)
    train, val = split_train_val(text, 0.1, seed=3)
    train_lines, val_lines = train.split("\n"), val.split("\n")
    assert sorted(train_lines + val_lines) == sorted(text.split("\n"))
    assert not set(train_lines) & set(val_lines)
    # Contiguous blocks: validation consists of a few runs of consecutive lines.
    numbers = [int(line.split()[1]) for line in val_lines]
    runs = 1 + sum(1 for a, b in pairwise(numbers) if b != a + 1)
    assert runs <= 12 < len(numbers)


@pytest.mark.parametrize("fraction", [0.05, 0.1, 0.3])
def test_split_fraction_within_tolerance(fraction):
    text = _numbered_lines(20_000)
    train, val = split_train_val(text, fraction, seed=7)
    share = len(val) / len(text)
    assert abs(share - fraction) < 0.02
    assert len(train) + len(val) >= len(text) - 2


def test_tiny_corpus_split_gives_both_sides(tutorial_text):
    for seed in range(10):
        train, val = split_train_val(tutorial_text, 0.05, seed)
        assert train and val
        assert val in tutorial_text.split("\n")  # one whole line held out
        assert len(train.split("\n")) == 4


def test_single_line_and_unspaced_texts_split_in_two():
    train, val = split_train_val("one two three four five six seven eight", 0.05, 0)
    assert train and val and f"{train} {val}" == "one two three four five six seven eight"
    train, val = split_train_val("abcdefghij", 0.2, 0)
    assert (train, val) == ("abcdefgh", "ij")
    with pytest.raises(CorpusError):
        split_train_val("x", 0.05, 0)


def test_long_single_line_split_at_spaces():
    text = " ".join(f"w{i}" for i in range(5000))
    train, val = split_train_val(text, 0.05, seed=0)
    assert abs(len(val) / len(text) - 0.05) < 0.02
    assert set(train.split()).isdisjoint(val.split())
    assert len(train.split()) + len(val.split()) == 5000


# --------------------------------------------------------------------------- enough tokens


def test_check_enough_tokens():
    check_enough_tokens(128, 128)
    with pytest.raises(CorpusError) as info:
        check_enough_tokens(40, 128)
    assert str(info.value) == (
        "The corpus gives only 40 tokens for training, but one training window needs 128. "
        "Use a shorter sequence length or add more text."
    )
    with pytest.raises(CorpusError, match="for validation"):
        check_enough_tokens(3, 64, where="validation")


def test_csv_unclosed_quote_and_short_rows_are_not_silent(tmp_path):
    path = tmp_path / "sloppy.csv"
    path.write_text(
        'id,text\n1,first review\n2\n3,"never closed\n4,swallowed\n5,also swallowed\n', encoding="utf-8"
    )
    corpus = load_corpus(path)
    assert corpus.text.startswith("first review\n\nnever closed\n4,swallowed")  # nothing is lost
    assert any('1 row of sloppy.csv had no "text" cell' in w for w in corpus.warnings)
    assert any("never closed, so everything from line 4" in w for w in corpus.warnings)


def test_csv_with_inner_quotes_reads_without_warning(tmp_path):
    path = tmp_path / "quotes.csv"
    path.write_text('id,text\n1,"she said ""hi"" twice"\n2,plain\n', encoding="utf-8")
    corpus = load_corpus(path)
    assert corpus.text == 'she said "hi" twice\n\nplain' and corpus.warnings == []
