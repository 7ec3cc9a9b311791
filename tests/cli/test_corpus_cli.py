"""`mlmstudio corpus SOURCE` on real files: what was read, or one sentence and exit 2."""

import json
import os
import subprocess
import sys

import pytest

from mlmstudio.cli import main

RUSSIAN = (
    "Мой дядя самых честных правил, когда не в шутку занемог, он уважать себя заставил "
    "и лучше выдумать не мог.\nЕго пример другим наука; но, боже мой, какая скука!\n"
)
JAPANESE = (
    "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。\n"
    "何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。\n"
)


def run_cli(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def corpus_json(capsys, *argv):
    code, out, err = run_cli(capsys, "corpus", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_utf8_file_described_exactly(capsys, tmp_path):
    path = tmp_path / "notes.txt"
    path.write_bytes(b"Hello world, hello!\nThe cat sat.\n")
    r = corpus_json(capsys, path)
    assert (r["name"], r["source"]) == ("notes.txt", str(path.resolve()))
    assert (r["encoding"], r["encoding_confidence"]) == ("utf-8", 1.0)
    assert (r["bytes"], r["lines"], r["characters"], r["words"]) == (33, 2, 32, 6)
    assert r["distinct_words"] == 5 and r["warnings"] == []
    assert r["preview"] == "Hello world, hello!\nThe cat sat."


def test_text_report_names_every_figure(capsys, tmp_path):
    path = tmp_path / "russian.txt"
    path.write_bytes(RUSSIAN.encode("cp1251"))
    code, out, err = run_cli(capsys, "corpus", path)
    assert code == 0 and err == ""
    assert out.startswith(f"russian.txt  ({path.resolve()})")
    assert "encoding:            Windows-1251 (Cyrillic); a guess with" in out
    assert f"bytes:               {len(RUSSIAN.encode('cp1251')):,}" in out
    for label in ("lines:", "characters:", "words:", "preview:"):
        assert label in out
    assert "Мой дядя самых честных правил" in out


def test_shift_jis_file_reports_its_encoding_and_text(capsys, tmp_path):
    path = tmp_path / "neko.txt"
    path.write_bytes(JAPANESE.encode("shift_jis"))
    r = corpus_json(capsys, path)
    assert r["encoding"] == "cp932" and r["encoding_label"].startswith("Shift-JIS")
    assert r["encoding_confidence"] >= 0.6
    assert r["preview"] == JAPANESE.strip("\n")
    assert r["characters"] == len(JAPANESE.strip("\n"))


def test_short_guess_is_reported_with_a_warning(capsys, tmp_path):
    path = tmp_path / "cafe.txt"
    path.write_bytes("Café".encode("latin-1"))
    code, out, err = run_cli(capsys, "corpus", path)
    assert code == 0
    assert "warning: cafe.txt is not UTF-8" in out and "save it as UTF-8" in " ".join(out.split())
    assert err == ""  # said once, in the report


def test_sample_and_preview_length(capsys):
    r = corpus_json(capsys, "sample:tutorial", "--preview", 20)
    assert r["source"] == "sample:tutorial" and r["lines"] == 5
    assert len(r["preview"]) <= 22 and r["preview"].endswith("…")
    assert corpus_json(capsys, "sample:tutorial", "--preview", 0)["preview"] == ""


def test_folder_of_mixed_encodings(capsys, tmp_path):
    (tmp_path / "a.txt").write_text("English words.\n", encoding="utf-8")
    (tmp_path / "b.txt").write_bytes(RUSSIAN.encode("cp1251"))
    r = corpus_json(capsys, tmp_path)
    assert r["encoding"] == "mixed (utf-8, cp1251)"
    assert r["bytes"] == len("English words.\n") + len(RUSSIAN.encode("cp1251"))
    assert any("b.txt in Windows-1251" in w for w in r["warnings"])


def test_jsonl_and_csv_take_the_train_options(capsys, tmp_path):
    jsonl = tmp_path / "docs.jsonl"
    jsonl.write_text('{"body": "first doc", "id": 1}\n{"body": "second doc", "id": 2}\n', encoding="utf-8")
    assert corpus_json(capsys, jsonl, "--text-field", "body")["preview"] == "first doc\n\nsecond doc"
    table = tmp_path / "reviews.csv"
    table.write_text('id,review\n1,"great\nfilm"\n2,meh\n', encoding="utf-8")
    r = corpus_json(capsys, table, "--csv-column", "review")
    assert r["preview"] == "great\nfilm\n\nmeh" and r["words"] == 3


@pytest.mark.parametrize(
    "make, argv, fragment",
    [
        (lambda p: None, (), "does not exist"),
        (lambda p: p.write_bytes(b""), (), "contains no text"),
        (lambda p: p.write_bytes(bytes(range(256)) * 40), (), "binary"),
        (
            lambda p: p.write_text("id,body\n1,x\n", encoding="utf-8"),
            ("--csv-column", "text"),
            'has no column "text"',
        ),
        (lambda p: p.write_text('{"text": 5}\n', encoding="utf-8"), (), "is a number (5)"),
        (lambda p: p.symlink_to(p), (), "leads back to itself"),
    ],
)
def test_bad_files_end_with_a_sentence_and_exit_2(capsys, tmp_path, make, argv, fragment):
    suffix = ".csv" if "--csv-column" in argv else ".jsonl" if "number" in fragment else ".txt"
    path = tmp_path / f"bad{suffix}"
    make(path)
    code, out, err = run_cli(capsys, "corpus", path, *argv)
    assert code == 2 and out == ""
    assert err.startswith("mlmstudio: ") and fragment in err
    assert len(err.strip().splitlines()) == 1


def test_as_a_real_process_no_traceback(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes(bytes(range(256)) * 40)
    result = subprocess.run(
        [sys.executable, "-m", "mlmstudio", "corpus", str(path)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "binary" in result.stderr


def test_a_file_name_that_is_not_utf8_still_reads(tmp_path):
    name = os.fsencode(tmp_path) + b"/caf\xe9 notes.txt"  # a Latin-1 name on a UTF-8 system
    with open(name, "wb") as f:
        f.write(b"hello world\n")
    result = subprocess.run(
        [sys.executable, "-m", "mlmstudio", "corpus", name, "--json"], capture_output=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.decode("utf-8", "surrogateescape"))
    assert report["preview"] == "hello world" and report["words"] == 2
    text = subprocess.run(
        [sys.executable, "-m", "mlmstudio", "corpus", name], capture_output=True, timeout=120
    )
    assert text.returncode == 0 and b"caf\\xe9 notes.txt" in text.stdout  # shown, not a crash


def test_uncertain_encoding_lists_candidates_and_encoding_flag_decides(capsys, tmp_path):
    path = tmp_path / "poem.txt"
    poem = "春眠不覺曉，處處聞啼鳥。夜來風雨聲，花落知多少。"
    path.write_bytes(poem.encode("big5"))  # 48 bytes: reads as cleanly in Shift-JIS
    r = corpus_json(capsys, path)
    assert r["encoding_uncertain"] is True
    candidates = {c["encoding"]: c["preview"] for c in r["encoding_candidates"]}
    assert candidates["big5"] == poem and len(candidates) >= 2
    code, out, _ = run_cli(capsys, "corpus", path)
    assert code == 0 and "uncertain" in out and "encoding candidates" in out and poem in out
    r = corpus_json(capsys, path, "--encoding", "big5")
    assert (r["encoding"], r["encoding_chosen"], r["encoding_uncertain"]) == ("big5", True, False)
    assert r["preview"] == poem and r["encoding_candidates"] == []
    code, _, err = run_cli(capsys, "corpus", path, "--encoding", "klingon-8")
    assert code == 2 and "not an encoding Python knows" in err
