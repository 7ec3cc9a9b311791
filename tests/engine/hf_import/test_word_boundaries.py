"""Whole-word and span masking follow an opened tokenizer's own word boundaries (issue 17, item 3):
WordPiece ``##`` continuations, byte-level BPE ``Ġ`` word starts, SentencePiece ``▁`` word starts."""

import numpy as np
import pytest
import torch
from tokenizers import Tokenizer

from mlmstudio.config import MaskingConfig
from mlmstudio.engine.masking import IGNORE_INDEX, mask_tokens
from mlmstudio.engine.tokenization import MLMTokenizer

KINDS = {"bert": "##", "roberta": "Ġ", "xlm-roberta": "▁"}  # family -> its word marker
LINES = ["the capital birds flew over germany .", "parisian greenish fish swam under the boats ."]


def _tokenizer(engine_dir) -> MLMTokenizer:
    return MLMTokenizer.load(engine_dir / "tokenizer.json")


def _partition(word_ids) -> list[int]:
    """Word ids as 'this token starts a word' flags, comparable across numbering schemes."""
    ids = list(word_ids)
    return [k == 0 or ids[k] != ids[k - 1] for k in range(len(ids))]


@pytest.mark.parametrize("family", KINDS)
def test_words_are_the_source_tokenizers_words(family, family_folders, opened_folders):
    tok = _tokenizer(opened_folders[family][1])
    source = Tokenizer.from_file(str(family_folders[family] / "tokenizer.json"))
    pieces = 0
    for line in LINES:
        _, words = tok.encode_with_words(line)
        theirs = source.encode(line, add_special_tokens=False)
        assert _partition(words) == _partition(theirs.word_ids)
        pieces = max(pieces, max(list(theirs.word_ids).count(w) for w in set(theirs.word_ids)))
    assert pieces >= 3  # the text has words of several pieces


def test_a_byte_level_newline_is_a_word_of_its_own(opened_folders):
    tok = _tokenizer(opened_folders["roberta"][1])
    ids, words = tok.encode_with_words("\n".join(LINES))
    newline = [k for k, i in enumerate(ids) if tok.id_to_token(int(i)) == "Ċ"]
    assert len(newline) == 1
    k = newline[0]
    assert words[k - 1] < words[k] < words[k + 1]  # not part of "." before it nor "parisian" after it


@pytest.mark.parametrize("strategy", ["whole-word", "span"])
@pytest.mark.parametrize("family", KINDS)
def test_a_word_of_several_pieces_is_masked_whole(family, strategy, opened_folders):
    tok = _tokenizer(opened_folders[family][1])
    ids, words = tok.encode_with_words("\n".join(LINES * 20))
    ids_t, words_t = torch.tensor(ids).long()[None], torch.tensor(words).long()[None]
    cfg = MaskingConfig(strategy=strategy, mlm_probability=0.3)
    _, labels = mask_tokens(
        ids_t, cfg=cfg, vocab_size=tok.vocab_size, mask_token_id=4, special_ids=tok.special_ids,
        generator=torch.Generator().manual_seed(0), word_ids=words_t,
    )  # fmt: skip
    selected = (labels[0] != IGNORE_INDEX).numpy()
    eligible = ~np.isin(ids, tok.special_ids)  # [UNK] is never masked, even inside a word
    whole = partial = 0
    for w in set(words.tolist()):
        members = selected[(words == w) & eligible]
        if len(members) >= 3:  # a word of several pieces: all of it or none of it
            partial += bool(members.any() and not members.all())
            whole += bool(members.all())
    assert partial == 0
    assert whole > 0
