"""Suite files: the shipped BLiMP paradigms, our format and BLiMP's, and bad rows refused by line."""

import json

import pytest

from mlmstudio.engine.errors import MLMStudioError
from mlmstudio.engine.inspect.grammar_suites import GrammarSuiteError, load_suite_file, shipped_blimp
from mlmstudio.resource_paths import grammar_file


def write(path, rows):
    path.write_text(
        "\n".join(r if isinstance(r, str) else json.dumps(r) for r in rows) + "\n", encoding="utf-8"
    )
    return path


def test_shipped_blimp_has_six_paradigms_of_500_pairs_under_a_megabyte_with_its_licence():
    suite = shipped_blimp()
    assert suite.name == "blimp"
    assert len(suite.paradigms()) == 6
    assert all(sum(p.paradigm == name for p in suite.pairs) == 500 for name in suite.paradigms())
    assert "regular_plural_subject_verb_agreement_1" in suite.paradigms()
    total = sum(grammar_file(n).stat().st_size for n in ("blimp-en.jsonl", "lexicon-en.json"))
    assert total < 1_000_000
    readme = grammar_file("README.md").read_text(encoding="utf-8")
    assert "Warstadt" in readme and "CC BY 4.0" in readme and "github.com/alexwarstadt/blimp" in readme
    assert "Attribution 4.0" in grammar_file("LICENSE").read_text(encoding="utf-8")
    first = suite.pairs[0]
    assert (first.good, first.bad) == ("Paula references Robert.", "Paula reference Robert.")


def test_limited_keeps_the_first_pairs_of_each_paradigm():
    suite = shipped_blimp().limited(3)
    assert len(suite.pairs) == 18
    assert [p.pair_id for p in suite.pairs[:3]] == ["0", "1", "2"]


def test_our_format_and_blimps_field_names_both_load(tmp_path):
    ours = write(
        tmp_path / "de.jsonl",
        [{"paradigm": "kongruenz", "good": "Die Katze schläft.", "bad": "Die Katze schlafen."}, ""],
    )
    blimp = write(
        tmp_path / "b.jsonl",
        [
            {
                "sentence_good": "A cat sleeps.",
                "sentence_bad": "A cat sleep.",
                "UID": "sva",
                "pairID": "7",
                "field": "x",
            }
        ],
    )
    a, b = load_suite_file(ours), load_suite_file(blimp)
    assert a.name == "de" and a.pairs[0].good == "Die Katze schläft." and a.paradigms() == ["kongruenz"]
    assert b.pairs[0].paradigm == "sva" and b.pairs[0].pair_id == "7" and b.pairs[0].bad == "A cat sleep."


GOOD = {"paradigm": "p", "good": "a b", "bad": "b a"}


@pytest.mark.parametrize(
    ("bad_row", "fragment"),
    [
        ("{not json", "line 3: the row is not valid JSON"),
        ("[1, 2]", "line 3: the row is not a JSON object"),
        ({"paradigm": "p", "good": "a b"}, "line 3: the row has no 'bad' or 'sentence_bad' field"),
        ({"paradigm": "p", "good": "a b", "bad": "  "}, "line 3: 'bad' is empty"),
        ({"paradigm": "p", "good": "a b", "bad": 5}, "line 3: 'bad' must be a text"),
        ({"good": "a b", "bad": "b a"}, "line 3: the row has no 'paradigm' or 'UID' field"),
        (
            {"paradigm": "p", "good": "same", "bad": "same"},
            "line 3: the good and the bad sentence are the same",
        ),
    ],
)
def test_a_malformed_row_is_refused_with_the_file_and_line(tmp_path, bad_row, fragment):
    path = write(tmp_path / "mine.jsonl", [GOOD, "", bad_row, GOOD])  # line 2 is blank: lines, not rows
    with pytest.raises(GrammarSuiteError) as caught:
        load_suite_file(path)
    assert str(caught.value).startswith(f"mine.jsonl, {fragment}")
    assert isinstance(caught.value, MLMStudioError)  # the CLI's bad input: exit 2


def test_missing_empty_and_binary_files_are_sentences(tmp_path):
    with pytest.raises(GrammarSuiteError, match="There is no suite file"):
        load_suite_file(tmp_path / "nope.jsonl")
    with pytest.raises(GrammarSuiteError, match="holds no minimal pairs"):
        load_suite_file(write(tmp_path / "empty.jsonl", ["", " "]))
    (tmp_path / "bin.jsonl").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(GrammarSuiteError, match="bin.jsonl is not UTF-8"):
        load_suite_file(tmp_path / "bin.jsonl")
