"""Legacy encodings are detected and decoded to exactly the right text; broken files say so plainly."""

import codecs
import json
import os

import pytest

from mlmstudio.engine.corpus import load_corpus
from mlmstudio.engine.encoding import LOW_CONFIDENCE, decode_bytes
from mlmstudio.engine.errors import CorpusError

# Realistic multi-sentence texts, each written in an encoding made for its script.
TEXTS = {
    "shift_jis": (
        "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。"
        "何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。\n"
        "吾輩はここで始めて人間というものを見た。しかもあとで聞くとそれは書生という"
        "人間中で一番獰悪な種族であったそうだ。\n"
    ),
    "gbk": (
        "春眠不觉晓，处处闻啼鸟。夜来风雨声，花落知多少。\n床前明月光，疑是地上霜。举头望明月，低头思故乡。\n"
        "这是一个用简体中文写成的测试段落，其中包含了许多常见的汉字和标点符号。\n"
    ),
    "big5": (
        "春眠不覺曉，處處聞啼鳥。夜來風雨聲，花落知多少。\n床前明月光，疑是地上霜。舉頭望明月，低頭思故鄉。\n"
        "這是一個用繁體中文寫成的測試段落，其中包含了許多常見的漢字和標點符號。\n"
    ),
    "cp1251": (
        "Мой дядя самых честных правил, когда не в шутку занемог, он уважать себя заставил "
        "и лучше выдумать не мог.\nЕго пример другим наука; но, боже мой, какая скука с больным "
        "сидеть и день и ночь, не отходя ни шагу прочь!\n"
    ),
    "latin-1": (
        "Le coeur a ses raisons que la raison ne connaît point. Voilà pourquoi il était très "
        "fâché à l'idée de partir.\nÀ Noël, nous irons à la forêt près du château où vivait un "
        "élève très âgé.\nDer Bär läuft über die Straße, und Müller grüßt die Schüler.\n"
    ),
    "utf-16-le": (
        "Plain English text written as UTF-16 without a byte-order mark.\n"
        "It has several lines, and some accents: café, naïve, Zürich.\n"
    ),
    "utf-16-be": (
        "Plain English text written as UTF-16 without a byte-order mark.\n"
        "It has several lines, and some accents: café, naïve, Zürich.\n"
    ),
}


@pytest.mark.parametrize("encoding", sorted(TEXTS))
def test_legacy_encoding_decodes_to_exactly_the_text(tmp_path, encoding):
    text = TEXTS[encoding]
    path = tmp_path / f"{encoding}.txt"
    path.write_bytes(codecs.encode(text, encoding))
    corpus = load_corpus(path)
    assert corpus.text == text.strip("\n")
    assert codecs.lookup(corpus.stats.encoding).name != "utf-8"
    assert corpus.stats.encoding_confidence >= LOW_CONFIDENCE
    assert corpus.warnings == []  # a well-founded guess needs no warning
    assert corpus.stats.size_bytes == path.stat().st_size


@pytest.mark.parametrize("encoding", ["shift_jis", "gbk", "big5", "cp1251"])
def test_utf16_without_bom_for_other_scripts(tmp_path, encoding):
    text = TEXTS[encoding]
    path = tmp_path / "wide.txt"
    path.write_bytes(text.encode("utf-16-le"))
    assert load_corpus(path).text == text.strip("\n")


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-le", "utf-16-be"])
def test_byte_order_marks_are_certain(tmp_path, encoding):
    text = TEXTS["shift_jis"] + TEXTS["cp1251"]
    path = tmp_path / "bom.txt"
    bom = {"utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE}.get(encoding, b"")
    path.write_bytes(bom + text.encode(encoding))
    corpus = load_corpus(path)
    assert corpus.text == text.strip("\n")
    assert corpus.stats.encoding_confidence == 1.0
    assert corpus.warnings == []


def test_utf8_is_certain_and_silent(tmp_path):
    path = tmp_path / "plain.txt"
    path.write_text(TEXTS["shift_jis"], encoding="utf-8")
    corpus = load_corpus(path)
    assert (corpus.stats.encoding, corpus.stats.encoding_confidence) == ("utf-8", 1.0)
    assert corpus.warnings == []


def test_short_ambiguous_text_gets_a_plain_warning(tmp_path):
    path = tmp_path / "note.txt"
    path.write_bytes("Café au lait.".encode("latin-1"))
    corpus = load_corpus(path)
    assert corpus.text == "Café au lait."
    assert corpus.stats.encoding_confidence < LOW_CONFIDENCE
    [warning] = corpus.warnings
    assert "note.txt" in warning and "guess" in warning and "save it as UTF-8" in warning
    assert "Windows-1252" in warning


def test_accent_far_into_an_ascii_file_is_found(tmp_path):
    """The detector sees the part of the file where the non-ASCII text is, not only its start."""
    text = "plain ascii words on a line\n" * 20_000 + TEXTS["cp1251"]
    path = tmp_path / "late.txt"
    path.write_bytes(text.encode("cp1251"))
    corpus = load_corpus(path)
    assert corpus.text == text.strip("\n")
    assert corpus.stats.encoding == "cp1251"


def test_detection_works_on_a_bounded_sample(monkeypatch):
    """A big legacy file is analysed from a sample, then decoded whole with the chosen codec."""
    import charset_normalizer

    seen = []
    real = charset_normalizer.from_bytes

    def spy(sequences, **kwargs):
        seen.append(len(sequences))
        return real(sequences, **kwargs)

    monkeypatch.setattr(charset_normalizer, "from_bytes", spy)
    data = (TEXTS["cp1251"] * 20_000).encode("cp1251")  # about 4 MB
    decoded = decode_bytes(data, "big.txt")
    assert decoded.text == TEXTS["cp1251"] * 20_000
    assert seen and max(seen) <= 200_000 < len(data)


# --------------------------------------------------------------------------- damaged files


def test_invalid_bytes_inside_utf8_are_replaced_and_counted(tmp_path):
    good = TEXTS["shift_jis"] * 3
    path = tmp_path / "damaged.txt"
    data = good.encode("utf-8")
    middle = data.index(b"\n", len(data) // 2) + 1  # between two lines, so no character is cut
    path.write_bytes(data[:middle] + b"\xff\xfe" + data[middle:])
    corpus = load_corpus(path)
    assert corpus.stats.encoding == "utf-8"
    assert corpus.text.replace("\ufffd", "") == good.strip("\n")
    assert corpus.text.count("\ufffd") == 2
    [warning] = corpus.warnings
    assert "damaged.txt" in warning and "2 of its characters" in warning
    assert f"byte {middle:,}" in warning


def test_utf16_with_odd_byte_count_keeps_the_text(tmp_path):
    text = TEXTS["utf-16-le"]
    path = tmp_path / "cut.txt"
    path.write_bytes(codecs.BOM_UTF16_LE + text.encode("utf-16-le") + b"A")
    corpus = load_corpus(path)
    assert corpus.text == text.strip("\n")
    assert any("odd number of bytes" in w for w in corpus.warnings)


def test_bom_less_utf16_with_odd_byte_count_keeps_the_text(tmp_path):
    text = TEXTS["utf-16-le"]
    path = tmp_path / "cut.txt"
    path.write_bytes(text.encode("utf-16-le") + b"A")
    corpus = load_corpus(path)
    assert corpus.text.rstrip("\ufffd").strip("\n") == text.strip("\n")
    assert any("odd number of bytes" in w for w in corpus.warnings)


def test_a_few_nul_bytes_are_dropped_with_a_warning(tmp_path):
    path = tmp_path / "crashed.txt"
    line = b"The editor crashed in the middle of this file, but the words survived.\n"
    path.write_bytes(line * 20 + b"\x00" * 12 + line * 20)
    corpus = load_corpus(path)
    assert corpus.text == (line * 40).decode().strip("\n")
    assert any("12 NUL characters" in w for w in corpus.warnings)


def test_a_short_ascii_text_with_one_nul_is_not_taken_for_utf16():
    # One zero byte at an odd offset once made 'abc\0def' read as UTF-16 mojibake ("扡c敤").
    decoded = decode_bytes(b"abc\x00def\n", "f.txt")
    assert decoded.encoding == "utf-8"
    assert decoded.text.replace("\x00", "") == "abcdef\n"


def test_random_bytes_refused_as_binary(tmp_path):
    import random

    path = tmp_path / "noise.bin"
    path.write_bytes(random.Random(0).randbytes(50_000))
    with pytest.raises(CorpusError, match="binary"):
        load_corpus(path)


def test_folder_of_mixed_encodings_reads_each_in_its_own(tmp_path):
    (tmp_path / "a_utf8.txt").write_text("English text in UTF-8.\n", encoding="utf-8")
    (tmp_path / "b_japanese.txt").write_bytes(TEXTS["shift_jis"].encode("shift_jis"))
    (tmp_path / "c_russian.txt").write_bytes(TEXTS["cp1251"].encode("cp1251"))
    corpus = load_corpus(tmp_path)
    assert corpus.text == "\n\n".join(
        ["English text in UTF-8.", TEXTS["shift_jis"].strip("\n"), TEXTS["cp1251"].strip("\n")]
    )
    assert corpus.stats.encoding.startswith("mixed (") and "cp1251" in corpus.stats.encoding
    [warning] = corpus.warnings
    assert "b_japanese.txt in Shift-JIS" in warning and "c_russian.txt in Windows-1251" in warning


def test_symlink_loop_is_named_as_such(tmp_path):
    loop = tmp_path / "loop.txt"
    loop.symlink_to(loop)
    with pytest.raises(CorpusError, match="leads back to itself"):
        load_corpus(loop)


def test_dangling_symlink_is_named_as_such(tmp_path):
    link = tmp_path / "link.txt"
    link.symlink_to(tmp_path / "gone.txt")
    with pytest.raises(CorpusError, match="gone.txt, which does not exist"):
        load_corpus(link)


def test_symlink_loop_inside_a_folder_is_skipped(tmp_path):
    (tmp_path / "real.txt").write_text("real words here", encoding="utf-8")
    (tmp_path / "self.txt").symlink_to(tmp_path / "self.txt")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "up").symlink_to(tmp_path)  # a folder loop
    assert load_corpus(tmp_path).text == "real words here"


def test_huge_single_line(tmp_path):
    path = tmp_path / "one_line.txt"
    path.write_bytes(("wordy " * 400_000).encode("utf-8"))  # 2.4 MB and no newline
    corpus = load_corpus(path)
    assert corpus.stats.lines == 1 and corpus.stats.words == 400_000
    assert len(corpus.preview(100)) <= 102


def test_devices_and_pipes_are_refused_not_read_forever(tmp_path):
    with pytest.raises(CorpusError, match="not a regular file"):
        load_corpus("/dev/zero")
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    with pytest.raises(CorpusError, match="not a regular file"):
        load_corpus(fifo)


# ----------------------------------------------------------------- short texts: right, or flagged

SHORT_TEXTS = {
    "shift_jis": "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。\n",
    "gbk": "春眠不觉晓，处处闻啼鸟。夜来风雨声，花落知多少。\n",
    "big5": "春眠不覺曉，處處聞啼鳥。夜來風雨聲，花落知多少。\n",
    "euc_kr": "대한민국은 민주공화국이다. 모든 권력은 국민으로부터 나온다.\n",
    "cp1251": "Мой дядя самых честных правил, когда не в шутку занемог.\n",
    "cp1253": "Η γλώσσα μου δόθηκε ελληνική, το σπίτι φτωχικό στις αμμουδιές.\n",
    "iso8859-2": "Příliš žluťoučký kůň úpěl ďábelské ódy. Zażółć gęślą jaźń.\n",
    "koi8-r": "Мой дядя самых честных правил, когда не в шутку занемог.\n",
}


@pytest.mark.parametrize("encoding", sorted(SHORT_TEXTS))
def test_short_text_is_right_or_flagged_never_wrong_and_sure(tmp_path, encoding):
    text = SHORT_TEXTS[encoding]
    data = codecs.encode(text, encoding)
    assert len(data) < 200
    path = tmp_path / "short.txt"
    path.write_bytes(data)
    corpus = load_corpus(path)
    if corpus.stats.encoding_confidence >= LOW_CONFIDENCE:
        assert corpus.text == text.strip("\n"), f"read wrong as {corpus.stats.encoding}, yet called sure"
        assert corpus.warnings == []
    else:
        [warning] = corpus.warnings
        assert "uncertain" in warning and "--encoding" in warning
        # The right reading is among the candidates, each with its own preview line.
        previews = {c.encoding: c.preview for c in corpus.encoding_candidates}
        assert len(previews) >= 2 and corpus.encoding_candidates[0].encoding == corpus.stats.encoding
        assert any(text.strip().startswith(p.rstrip("…")) for p in previews.values())


def test_short_big5_read_as_japanese_is_flagged_with_big5_as_a_candidate():
    decoded = decode_bytes(codecs.encode(SHORT_TEXTS["big5"], "big5"), "poem.txt")
    assert decoded.confidence < LOW_CONFIDENCE
    assert "big5" in [c.encoding for c in decoded.candidates]
    assert "春眠不覺曉" in decoded.notes[0]  # the other reading's preview, in the warning itself


@pytest.mark.parametrize("encoding", ["big5", "koi8-r", "shift_jis"])
def test_a_chosen_encoding_is_used_as_it_is(tmp_path, encoding):
    text = SHORT_TEXTS[encoding]
    path = tmp_path / "chosen.txt"
    path.write_bytes(codecs.encode(text, encoding))
    corpus = load_corpus(path, encoding=encoding)
    assert corpus.text == text.strip("\n")
    assert (corpus.stats.encoding, corpus.stats.encoding_confidence) == (codecs.lookup(encoding).name, 1.0)
    assert corpus.warnings == [] and corpus.encoding_candidates == ()


def test_an_unknown_or_wrong_chosen_encoding_is_a_sentence(tmp_path):
    path = tmp_path / "chosen.txt"
    path.write_bytes(codecs.encode(SHORT_TEXTS["gbk"], "gbk"))
    with pytest.raises(CorpusError, match="not an encoding Python knows"):
        load_corpus(path, encoding="klingon-8")
    with pytest.raises(CorpusError, match="is not UTF-8: byte 0 cannot be read"):
        load_corpus(path, encoding="utf-8")


def test_the_chosen_encoding_is_recorded_and_old_configs_load():
    from mlmstudio.config import RunConfig

    config = RunConfig()
    data = json.loads(config.to_json())
    assert data["corpus"]["encoding"] == ""
    data["corpus"]["encoding"] = "big5"
    assert RunConfig.from_dict(data).corpus.encoding == "big5"
    del data["corpus"]["encoding"]  # a config written before the field existed
    assert RunConfig.from_dict(data).corpus.encoding == ""
