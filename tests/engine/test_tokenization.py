"""Tokenizers: every kind, special tokens, word ids, canonical vocabulary, files."""

import json
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from tokenizers import Tokenizer, models, pre_tokenizers

from mlmstudio.config import SPECIAL_TOKENS, TOKENIZER_KINDS, ConfigError, TokenizerConfig
from mlmstudio.engine.errors import TokenizerError
from mlmstudio.engine.tokenization import MLMTokenizer, unigram_log_probs, unspaced_cjk_note

KINDS = TOKENIZER_KINDS


@pytest.fixture(scope="module")
def prose() -> str:
    """About 460 kB of real English prose: the CPython documentation topics."""
    from pydoc_data.topics import topics

    return "\n".join(topics[key] for key in sorted(topics))


@pytest.fixture(scope="module")
def trained(prose) -> dict[str, MLMTokenizer]:
    text = prose[:150_000]
    return {kind: MLMTokenizer.train([text], TokenizerConfig(kind=kind, vocab_size=1000)) for kind in KINDS}


# ----------------------------------------------------------------- special tokens


@pytest.mark.parametrize("kind", KINDS)
def test_special_tokens_have_fixed_ids(trained, kind):
    tok = trained[kind]
    assert [tok.token_to_id(t) for t in SPECIAL_TOKENS] == [0, 1, 2, 3, 4]
    assert (tok.pad_token_id, tok.unk_token_id, tok.cls_token_id, tok.sep_token_id, tok.mask_token_id) == (
        0,
        1,
        2,
        3,
        4,
    )
    assert tok.special_ids == [0, 1, 2, 3, 4]
    assert tok.kind == kind


@pytest.mark.parametrize("lowercase", [False, True])
@pytest.mark.parametrize("kind", KINDS)
def test_literal_mask_is_always_the_mask_token(tutorial_text, kind, lowercase):
    tok = MLMTokenizer.train(
        [tutorial_text * 3], TokenizerConfig(kind=kind, vocab_size=200, min_frequency=1, lowercase=lowercase)
    )
    ids = tok.encode("The [MASK] is")
    assert ids.count(tok.mask_token_id) == 1
    pieces = [tok.id_to_token(i) for i in ids]
    assert "m" not in pieces and "mask" not in pieces and "[" not in pieces
    # Two masks, one glued to a word, still two mask tokens.
    assert tok.encode("a [MASK] b[MASK].").count(tok.mask_token_id) == 2
    # Only the literal upper-case form is special.
    assert tok.mask_token_id not in tok.encode("the [mask] is")


def test_lowercase_option_lowercases(tutorial_text):
    tok = MLMTokenizer.train(
        [tutorial_text * 3], TokenizerConfig(kind="word", vocab_size=200, min_frequency=1, lowercase=True)
    )
    assert tok.encode("THE Quick") == tok.encode("the quick")
    assert tok.unk_token_id not in tok.encode("THE Quick")


# ----------------------------------------------------------------- round trips


def test_char_decode_reproduces_text_exactly(trained):
    tok = trained["char"]
    text = "The  cat sat.\n\nOn the mat,   twice.\n"
    ids = tok.encode(text)
    assert len(ids) == len(text)
    assert tok.decode(ids) == text
    assert tok.decode(tok.encode("a [MASK] b")) == "a [MASK] b"
    assert tok.decode(tok.encode("a [MASK] b"), skip_special_tokens=True) == "a  b"


@pytest.mark.parametrize("kind", ["word", "wordpiece", "bpe"])
def test_decode_joins_words_as_written(trained, kind):
    tok = trained[kind]
    text = "The value of the object is returned."
    assert tok.decode(tok.encode(text)) == text
    assert tok.decode(tok.encode("The [MASK] is returned.")) == "The [MASK] is returned."
    assert tok.decode(tok.encode("The [MASK] is returned."), skip_special_tokens=True) == "The is returned."


def test_bpe_round_trip_collapses_whitespace_only(trained):
    tok = trained["bpe"]
    text = "Return  the value (a list),\n and   the object's name."
    assert tok.decode(tok.encode(text)) == " ".join(text.split())
    assert tok.encode("value ") == tok.encode("value")


def test_wordpiece_uses_continuation_pieces(trained):
    tok = trained["wordpiece"]
    ids = tok.encode("unbelievablyxyz")
    tokens = [tok.id_to_token(i) for i in ids]
    assert len(tokens) > 1 and not tokens[0].startswith("##")
    assert all(t.startswith("##") for t in tokens[1:])
    assert [tok.is_continuation(i) for i in ids] == [False] + [True] * (len(ids) - 1)
    assert "".join(tok.token_str(i) for i in ids) == "unbelievablyxyz"
    assert tok.decode(ids) == "unbelievablyxyz"


def test_token_str_is_readable(trained):
    bpe = trained["bpe"]
    start = bpe.encode("the")[0]
    assert bpe.id_to_token(start).startswith("\u2581")
    assert bpe.token_str(start) == "the" and not bpe.is_continuation(start)
    assert trained["char"].token_str(trained["char"].encode("x")[0]) == "x"
    for tok in trained.values():
        assert tok.token_str(tok.mask_token_id) == "[MASK]"
        assert not tok.is_continuation(tok.mask_token_id)
    with pytest.raises(IndexError):
        bpe.token_str(bpe.vocab_size)


# ----------------------------------------------------------------- word ids


@pytest.mark.parametrize("kind", ["word", "wordpiece", "bpe"])
def test_word_ids_follow_whitespace_words(trained, kind):
    tok = trained[kind]
    text = "Return the object's value, (unchangedqqq) now!\nNext line  here."
    ids, word_ids = tok.encode_with_words(text)
    assert ids.dtype == np.int32 and word_ids.dtype == np.int32
    assert word_ids[0] == 0 and set(np.diff(word_ids)) <= {0, 1}
    words = text.split()
    assert word_ids[-1] + 1 == len(words)
    for w, word in enumerate(words):
        pieces = ids[word_ids == w]
        expected = tok.encode(word)
        assert pieces.tolist() == expected, (word, [tok.id_to_token(i) for i in pieces])
    assert ids.tolist() == tok.encode(text.split("\n")[0]) + tok.encode(text.split("\n")[1])


def test_char_word_ids_give_each_whitespace_its_own_word(trained):
    tok = trained["char"]
    text = "ab c\n  de"
    ids, word_ids = tok.encode_with_words(text)
    assert [tok.id_to_token(i) for i in ids] == list(text)
    assert word_ids.tolist() == [0, 0, 1, 2, 3, 4, 5, 6, 6]


@pytest.mark.parametrize("kind", KINDS)
def test_special_tokens_are_words_of_their_own(trained, kind):
    tok = trained[kind]
    ids, word_ids = tok.encode_with_words("value[MASK]object [MASK] x")
    positions = np.flatnonzero(ids == tok.mask_token_id)
    assert len(positions) == 2
    for p in positions:
        assert (word_ids == word_ids[p]).sum() == 1
    assert word_ids[positions[0] - 1] != word_ids[positions[0]] != word_ids[positions[0] + 1]


def test_batch_with_words_is_the_stream_of_lines(trained):
    tok = trained["wordpiece"]
    lines = ["first line here\n", "\n", "second, line\n", "third"]
    ids, word_ids = tok.encode_batch_with_words(lines)
    assert ids.tolist() == [i for line in lines for i in tok.encode(line)]
    assert word_ids[-1] + 1 == len("".join(lines).split())
    empty_ids, empty_words = tok.encode_with_words("")
    assert empty_ids.size == 0 and empty_words.size == 0


# ----------------------------------------------------------------- vocabulary


@pytest.mark.parametrize("kind", KINDS)
def test_vocabulary_is_capped_and_ordered_by_frequency(prose, kind):
    text = prose[:150_000]
    tok = MLMTokenizer.train([text], TokenizerConfig(kind=kind, vocab_size=300, min_frequency=2))
    assert 50 < tok.vocab_size <= 300
    ids, _ = tok.encode_with_words(text)
    counts = np.bincount(ids, minlength=tok.vocab_size)[len(SPECIAL_TOKENS) :]
    # Ids after the specials are in order of frequency in the training text (ties by token string).
    if kind in ("char", "word", "bpe"):
        assert np.all(np.diff(counts) <= 0)
    else:  # WordPiece keeps its whole alphabet, so only the pieces that occur are ordered.
        seen = counts[counts > 0]
        assert np.all(np.diff(seen) <= 0) and seen.size > 250


def test_char_min_frequency_is_respected():
    tok = MLMTokenizer.train(["aaaa bbbb cccc z\n" * 5 + "q"], TokenizerConfig(kind="char", min_frequency=2))
    assert tok.token_to_id("z") is not None
    assert tok.token_to_id("q") is None
    assert tok.encode("q") == [tok.unk_token_id]


def test_word_vocabulary_keeps_the_most_frequent_words():
    text = " ".join(["common"] * 50 + ["middle"] * 20 + ["rare"] * 3 + [f"w{i}" for i in range(100)] * 2)
    tok = MLMTokenizer.train([text], TokenizerConfig(kind="word", vocab_size=16, min_frequency=2))
    assert tok.vocab_size == 16
    assert [tok.id_to_token(i) for i in (5, 6, 7)] == ["common", "middle", "rare"]


def test_training_is_reproducible_across_processes(prose, tmp_path):
    """tokenizers' WordPiece trainer alone gives a different vocabulary in every process."""
    (tmp_path / "corpus.txt").write_text(prose, encoding="utf-8")
    script = textwrap.dedent(f"""
        import json, pathlib, sys
        from mlmstudio.config import TokenizerConfig
        from mlmstudio.engine.tokenization import MLMTokenizer
        text = pathlib.Path({str(tmp_path / "corpus.txt")!r}).read_text(encoding="utf-8")
        out = {{}}
        for kind in ("char", "word", "wordpiece", "bpe"):
            tok = MLMTokenizer.train([text], TokenizerConfig(kind=kind, vocab_size=4000))
            out[kind] = json.loads(tok.to_str())["model"]
        print(json.dumps(out))
    """)
    runs = [
        subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=300
        )
        for _ in range(2)
    ]
    first, second = (json.loads(run.stdout) for run in runs)
    for kind in KINDS:
        assert first[kind]["vocab"] == second[kind]["vocab"], kind
        assert first[kind].get("merges") == second[kind].get("merges"), kind
    assert len(first["wordpiece"]["vocab"]) > 3000


def test_too_little_text_is_refused():
    with pytest.raises(TokenizerError, match="too few tokens"):
        MLMTokenizer.train(["tiny"], TokenizerConfig(kind="word", min_frequency=1))
    with pytest.raises(TokenizerError, match="too few tokens"):
        MLMTokenizer.train(
            ["one two three four five six seven eight nine ten eleven"],
            TokenizerConfig(kind="word", min_frequency=2),
        )
    with pytest.raises(TokenizerError, match="no text"):
        MLMTokenizer.train(["  \n\n "], TokenizerConfig(kind="char"))
    with pytest.raises(ConfigError):
        MLMTokenizer.train(["some text"], TokenizerConfig(kind="sentencepiece"))


# ----------------------------------------------------------------- files


@pytest.mark.parametrize("kind", KINDS)
def test_save_and_load_round_trip(trained, kind, tmp_path):
    tok = trained[kind]
    path = tok.save(tmp_path / "run")  # a new folder path is taken as the file name
    assert path == tmp_path / "run"
    (tmp_path / "dir").mkdir()
    assert tok.save(tmp_path / "dir") == tmp_path / "dir" / "tokenizer.json"
    for loaded in (
        MLMTokenizer.load(tmp_path / "dir"),
        MLMTokenizer.load(path),
        MLMTokenizer.from_str(tok.to_str()),
    ):
        assert loaded.kind == kind and loaded.vocab_size == tok.vocab_size
        text = "The [MASK] of the object's value."
        assert loaded.encode(text) == tok.encode(text)
        assert loaded.decode(loaded.encode(text)) == tok.decode(tok.encode(text))
    assert not list(tmp_path.glob("**/*.tmp"))


@pytest.mark.parametrize("kind", KINDS)
def test_file_loads_in_the_tokenizers_library_and_transformers(trained, kind, tmp_path):
    tok = trained[kind]
    path = tok.save(tmp_path / "tokenizer.json")
    text = "The [MASK] of the object's value."
    assert Tokenizer.from_file(str(path)).encode(text, add_special_tokens=False).ids == tok.encode(text)
    transformers = pytest.importorskip("transformers")
    hf = transformers.PreTrainedTokenizerFast(
        tokenizer_file=str(path), mask_token="[MASK]", pad_token="[PAD]"
    )
    assert hf(text, add_special_tokens=False)["input_ids"] == tok.encode(text)
    assert hf.mask_token_id == tok.mask_token_id


def test_bad_files_are_refused_plainly(tmp_path):
    with pytest.raises(TokenizerError, match="no tokenizer file"):
        MLMTokenizer.load(tmp_path / "missing.json")
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text('{"model": ', encoding="utf-8")
    with pytest.raises(TokenizerError, match="not a valid tokenizer file"):
        MLMTokenizer.load(corrupt)
    foreign = Tokenizer(
        models.WordLevel(
            {"[UNK]": 0, "[PAD]": 1, "a": 2, "[CLS]": 3, "[SEP]": 4, "[MASK]": 5}, unk_token="[UNK]"
        )
    )
    foreign.pre_tokenizer = pre_tokenizers.Whitespace()
    foreign.save(str(tmp_path / "foreign.json"))
    with pytest.raises(TokenizerError, match="not made by MLM Studio"):
        MLMTokenizer.load(tmp_path / "foreign.json")


# ----------------------------------------------------------------- unigram prior


def test_unigram_log_probs():
    ids = np.array([5, 5, 5, 6, 0, 2, 4], dtype=np.int32)
    log_probs = unigram_log_probs(ids, 8)
    assert log_probs.dtype == np.float32 and log_probs.shape == (8,)
    ordinary = np.exp(log_probs[5:].astype(np.float64))
    assert ordinary.sum() == pytest.approx(1.0, abs=1e-6)
    # add-one: counts 3, 1, 0 over 3 ordinary ids -> (4, 2, 1) / 7
    assert ordinary == pytest.approx([4 / 7, 2 / 7, 1 / 7], rel=1e-5)
    assert log_probs[:5].max() < log_probs[5:].min() - 5


# ----------------------------------------------------------------- Chinese and Japanese

CJK_TEXT = (
    "我喜欢自然语言处理。\n自然语言处理很有趣，我也喜欢机器学习。\n" * 20
    + "私は東京に行きます。コンピュータが好きです。\n" * 5
)


@pytest.fixture
def no_segmenter(monkeypatch):
    """jieba not installed (the fallback: each character a word); tests/engine/test_cjk_segmenter.py has jieba."""
    monkeypatch.setitem(sys.modules, "jieba", None)


@pytest.mark.parametrize("kind", ["word", "wordpiece", "bpe"])
def test_ideographs_are_split_into_characters(kind):
    tok = MLMTokenizer.train([CJK_TEXT], TokenizerConfig(kind=kind, vocab_size=300, min_frequency=1))
    ids = tok.encode("我喜欢自然语言处理")
    assert [tok.token_str(i) for i in ids] == list("我喜欢自然语言处理")
    assert tok.unk_token_id not in ids
    # Japanese: each kanji alone, a kana run together (a script change is a boundary).
    pieces = [tok.token_str(i) for i in tok.encode("私は東京に行きます")]
    assert "".join(pieces) == "私は東京に行きます"
    assert pieces[:6] == ["私", "は", "東", "京", "に", "行"]


@pytest.mark.parametrize("kind", ["word", "wordpiece", "bpe"])
def test_cjk_words_follow_the_users_spaces_else_characters(kind, no_segmenter):
    tok = MLMTokenizer.train([CJK_TEXT], TokenizerConfig(kind=kind, vocab_size=300, min_frequency=1))
    ids, words = tok.encode_with_words("我喜欢自然语言处理")
    assert words.tolist() == list(range(9))  # no spaces: one word per character
    ids, words = tok.encode_with_words("我 喜欢 自然语言 处理")
    spelled = {}
    for i, w in zip(ids, words, strict=True):
        spelled[int(w)] = spelled.get(int(w), "") + tok.token_str(int(i)).strip()
    assert list(spelled.values()) == ["我", "喜欢", "自然语言", "处理"]


def test_the_character_tokenizer_groups_cjk_words_as_the_other_kinds_do(no_segmenter):
    spaced = "我 喜欢 自然语言 处理\n"  # so that the space is in the character vocabulary
    tok = MLMTokenizer.train(
        [CJK_TEXT + spaced], TokenizerConfig(kind="char", vocab_size=300, min_frequency=1)
    )
    _ids, words = tok.encode_with_words("我喜欢自然语言处理")
    assert words.tolist() == list(range(9))  # no spaces: each ideograph a word, not the clause
    ids, words = tok.encode_with_words("私は東京に行きます")
    spelled: dict[int, str] = {}
    for i, w in zip(ids, words, strict=True):
        spelled[int(w)] = spelled.get(int(w), "") + tok.token_str(int(i))
    assert list(spelled.values()) == ["私", "は", "東", "京", "に", "行", "きます"]  # a kana run together
    ids, words = tok.encode_with_words("我 喜欢 自然语言")
    spelled = {}
    for i, w in zip(ids, words, strict=True):
        spelled[int(w)] = spelled.get(int(w), "") + tok.token_str(int(i))
    assert [v for v in spelled.values() if v.strip()] == ["我", "喜欢", "自然语言"]  # the user's spaces


def test_tokenizers_saved_before_cjk_splitting_keep_their_words():
    # An old word tokenizer: BertPreTokenizer alone, "我喜欢" a single word with a single word id.
    vocab = {t: i for i, t in enumerate([*SPECIAL_TOKENS, "我喜欢", "你好"])}
    old = Tokenizer(models.WordLevel(vocab=vocab, unk_token="[UNK]"))
    old.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    old.add_special_tokens(list(SPECIAL_TOKENS))
    tok = MLMTokenizer.from_str(old.to_str())
    ids, words = tok.encode_with_words("我喜欢，你好")
    assert [tok.token_str(int(i)) for i in ids] == ["我喜欢", "[UNK]", "你好"]
    assert words.tolist() == [0, 0, 0]  # no gaps, one word: the old grouping, unchanged
    assert tok.to_str() == old.to_str()


def test_a_note_says_when_chinese_words_fall_back_to_characters(no_segmenter):
    assert "each character" in unspaced_cjk_note("Hello.\n我喜欢自然语言处理。")
    assert unspaced_cjk_note("我 喜欢 自然语言 处理。") is None
    assert unspaced_cjk_note("Plain English, no ideographs.") is None
