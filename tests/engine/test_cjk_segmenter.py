"""The optional Chinese word segmenter: with jieba, whole-word and span masking hide Chinese words whole.

Without jieba (its import removed) unspaced Chinese falls back to one word per character, and the
note says so; Japanese lines never go to jieba; the user's spaces always win.
"""

from __future__ import annotations

import sys

import pytest
import torch

from mlmstudio.config import CLS, MASK, SEP, SPECIAL_TOKENS, MaskingConfig, TokenizerConfig
from mlmstudio.engine.masking import mask_tokens
from mlmstudio.engine.tokenization import MLMTokenizer, unspaced_cjk_note, warm_segmenter

CLS_ID, SEP_ID, MASK_ID = (SPECIAL_TOKENS.index(token) for token in (CLS, SEP, MASK))

SENTENCE = "我喜欢自然语言处理"
JIEBA_WORDS = ["我", "喜欢", "自然语言", "处理"]
TEXT = (
    "我喜欢自然语言处理。\n自然语言处理很有趣，我也喜欢机器学习。\n我 喜欢 自然语言 处理\n" * 20
    + "私は東京に行きます。\n" * 5
)


def spelled(tok: MLMTokenizer, text: str) -> list[str]:
    """The words of ``text`` as encode_with_words groups them, each spelled out."""
    ids, words = tok.encode_with_words(text)
    out: dict[int, str] = {}
    for i, w in zip(ids, words, strict=True):
        out[int(w)] = out.get(int(w), "") + tok.token_str(int(i)).strip()
    return [word for word in out.values() if word]


@pytest.fixture
def without_jieba(monkeypatch):
    monkeypatch.setitem(sys.modules, "jieba", None)  # "import jieba" raises ImportError


@pytest.mark.parametrize("kind", ["char", "word", "wordpiece", "bpe"])
def test_with_jieba_unspaced_chinese_groups_into_words(kind):
    pytest.importorskip("jieba")
    tok = MLMTokenizer.train([TEXT], TokenizerConfig(kind=kind, vocab_size=300, min_frequency=1))
    assert spelled(tok, SENTENCE) == JIEBA_WORDS
    assert spelled(tok, "我 喜欢 自然 语言 处理") == ["我", "喜欢", "自然", "语言", "处理"]  # spaces win
    # Japanese is not jieba's: each kanji a word, a kana run one word, as without a segmenter.
    assert spelled(tok, "私は東京に行きます")[:5] == ["私", "は", "東", "京", "に"]
    note = unspaced_cjk_note(SENTENCE)
    assert note is not None and "jieba" in note and "each character" not in note


@pytest.mark.parametrize("kind", ["char", "wordpiece"])
def test_without_jieba_chinese_falls_back_to_characters_with_a_note(kind, without_jieba):
    assert warm_segmenter() is False
    tok = MLMTokenizer.train([TEXT], TokenizerConfig(kind=kind, vocab_size=300, min_frequency=1))
    assert spelled(tok, SENTENCE) == list(SENTENCE)
    assert spelled(tok, "我 喜欢 自然语言 处理") == JIEBA_WORDS  # the user's spaces still group
    note = unspaced_cjk_note(SENTENCE)
    assert note is not None and "each character" in note and "install jieba" in note


def test_whole_word_masking_hides_a_jieba_word_whole():
    pytest.importorskip("jieba")
    tok = MLMTokenizer.train([TEXT], TokenizerConfig(kind="wordpiece", vocab_size=300, min_frequency=1))
    ids, words = tok.encode_with_words(SENTENCE)
    batch = torch.tensor([[CLS_ID, *ids.tolist(), SEP_ID]] * 400)
    word_ids = torch.tensor([[-1, *words.tolist(), -2]] * 400)
    cfg = MaskingConfig(strategy="whole-word", mlm_probability=0.3)
    _inputs, labels = mask_tokens(
        batch,
        word_ids=word_ids,
        cfg=cfg,
        vocab_size=tok.vocab_size,
        mask_token_id=MASK_ID,
        special_ids=list(range(len(SPECIAL_TOKENS))),
        generator=torch.Generator().manual_seed(5),
    )
    chosen = labels[:, 1:-1] != -100
    # 自然语言 is tokens 3..6: in every row they are chosen all together or not at all.
    span = chosen[:, 3:7]
    assert bool((span.all(dim=1) | (~span).all(dim=1)).all())
    assert int(span.all(dim=1).sum()) > 0
