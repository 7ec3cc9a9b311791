"""Add your words to a model's vocabulary (issue 17, item 4).

A pretrained model reads a domain's words ("electroencephalography") as several pieces, or as
[UNK]. Continued pretraining learns them better as tokens of their own: this module offers the
corpus' most frequent such words (``word_candidates``), adds chosen words to the tokenizer
(``extend_tokenizer``) and grows the model by one row per word (``extend_model``).

How a word becomes ONE token, per tokenizer model (the ``tokenizers`` library's own fields, so
the file still loads in transformers' ``PreTrainedTokenizerFast``):

- WordPiece and word-level: the word joins the vocabulary; the greedy longest match takes it whole.
- BPE (byte-level ``Ġword`` or metaspace ``▁word``): the word-start form joins the vocabulary and
  the model's ``ignore_merges`` is set, so a word found in the vocabulary is taken whole before
  any merge is tried (Llama 3's tokenizer does the same). On the shipped texts this changes no
  other word's pieces (measured: 0 of 19,785 pydoc lines differ). Byte-level BPE has the ``Ġ``
  form only: a line's first word, which has no space before it, still splits.
- Unigram (SentencePiece): ``▁word`` joins the pieces with a score above that of the word's old
  segmentation (half its sum of log-probabilities), so the whole word wins.
- A character tokenizer reads letter by letter, so it takes no words.

New ids follow the old ones (V, V + 1, ...), so every old token keeps its id and an export can
append the rows at the end. Each new row of the input embedding and of the MLM decoder and its
bias starts at the mean of the rows of the pieces the model read the word as (the issue's
recipe): the grown model's held-out loss stays where it was, whereas random rows with a zero
bias make it guess the new tokens everywhere. It is not yet a good guess for the word itself:
on the benchmark's small base the mean of a word's pieces ranks the new words no better than
chance, and its bias is a rough frequency (docs/PERFORMANCE.md, "Vocabulary extension").
Building the grown model through ``build_model`` keeps a tied decoder tied.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

import torch

from mlmstudio.config import UNK, RunConfig
from mlmstudio.engine.artifacts import LoadedModel
from mlmstudio.engine.errors import TokenizerError
from mlmstudio.engine.memory import tokenizer_sample
from mlmstudio.engine.model import MLMModel
from mlmstudio.engine.model_factory import build_model
from mlmstudio.engine.text_spans import TextSpans
from mlmstudio.engine.tokenization import MLMTokenizer

MIN_PIECES = 3  # a word read as this many pieces or more (or as [UNK]) is offered
MIN_COUNT = 2  # a word seen once is not worth a row
MAX_ADDED_WORDS = 10_000  # rows added at once; more is a new vocabulary, not an extension
MAX_WORD_CHARS = 100  # WordPiece reads longer words as [UNK] whatever its vocabulary holds
_WORDS = re.compile(r"[^\W\d_]+")  # runs of letters: the words a person would add
_CHECK_BATCH = 2_000  # distinct words encoded at a time while looking for candidates


class VocabularyError(TokenizerError):
    """Words cannot be added as asked (a sentence that says which and what to do)."""


@dataclass(frozen=True)
class WordCandidate:
    """A word of the corpus its tokenizer splits: how often it occurs and the pieces it is read as."""

    word: str  # as the tokenizer reads it (lower-cased when the tokenizer lower-cases)
    count: int
    pieces: tuple[str, ...]

    @property
    def unknown(self) -> bool:
        return UNK in self.pieces


@dataclass(frozen=True)
class Extension:
    """A tokenizer with words added, and what the model needs to grow its rows to match."""

    tokenizer: MLMTokenizer
    words: tuple[str, ...]  # the words added, in id order
    new_ids: tuple[int, ...]  # their ids: old vocab_size, old vocab_size + 1, ...
    piece_ids: tuple[tuple[int, ...], ...]  # each word's pieces under the old tokenizer


# ---------------------------------------------------------------- the candidates


def check_word_count(count: int) -> None:
    """A sentence for a number of words to add that cannot be right."""
    if count < 1:
        raise VocabularyError(
            f"The number of words to add must be at least 1, not {count}. Give how many of the "
            "corpus' most frequent split words to add (for example --add-words 100)."
        )
    if count > MAX_ADDED_WORDS:
        raise VocabularyError(
            f"At most {MAX_ADDED_WORDS:,} words can be added at once, not {count:,}: each is a new "
            "row the short run must learn. Add fewer words."
        )


def word_candidates(
    text: str | TextSpans, tokenizer: MLMTokenizer, limit: int, *, min_pieces: int = MIN_PIECES
) -> list[WordCandidate]:
    """The ``limit`` most frequent words of ``text`` (seen twice or more) that ``tokenizer`` reads as
    ``min_pieces`` pieces or more, or as [UNK]; most frequent first, ties by word."""
    check_word_count(limit)
    _check_kind(tokenizer)
    counts = _word_counts(tokenizer_sample(text), tokenizer)
    ranked = sorted((w for w, c in counts.items() if c >= MIN_COUNT), key=lambda w: (-counts[w], w))
    found: list[WordCandidate] = []
    for start in range(0, len(ranked), _CHECK_BATCH):
        batch = [w for w in ranked[start : start + _CHECK_BATCH] if _is_one_word(tokenizer, w)]
        encodings = tokenizer.backend.encode_batch(
            [_probe(tokenizer, w) for w in batch], add_special_tokens=False
        )
        for word, encoding in zip(batch, encodings, strict=True):
            if len(encoding.ids) >= min_pieces or tokenizer.unk_token_id in encoding.ids:
                found.append(WordCandidate(word, counts[word], tuple(encoding.tokens)))
                if len(found) == limit:
                    return found
    return found


def no_candidates_message(min_pieces: int = MIN_PIECES) -> str:
    return (
        f"No word of the corpus that occurs twice or more is read by this model's tokenizer as "
        f"{min_pieces} or more pieces or as unknown, so there are no words to add. Train without "
        "adding words, or give the words yourself (--add-words-file)."
    )


def candidates_for_run(
    config: RunConfig, corpus_text: str, limit: int, tokenizer: MLMTokenizer
) -> list[WordCandidate]:
    """The candidates of the run's training split (the held-out text stays unseen), as ``word_candidates``."""
    from mlmstudio.engine.corpus import split_spans

    train_text, _ = split_spans(corpus_text, config.corpus.val_fraction, config.training.seed)
    return word_candidates(train_text, tokenizer, limit)


def _word_counts(text: str, tokenizer: MLMTokenizer) -> Counter[str]:
    """Runs of letters, counted under the tokenizer's normalisation (lower-casing, accents)."""
    raw = Counter(_WORDS.findall(text))
    normalizer = tokenizer.backend.normalizer
    if normalizer is None:
        return raw
    counts: Counter[str] = Counter()
    for word, count in raw.items():
        counts[normalizer.normalize_str(word)] += count
    return counts


# ------------------------------------------------------------------ the words


def parse_words(text: str) -> list[str]:
    """Words from a list: separated by spaces or lines; a line starting with # is a comment."""
    words: list[str] = []
    for line in text.splitlines():
        if not line.lstrip().startswith("#"):
            words.extend(line.split())
    return words


def words_text(words: Iterable[str]) -> str:
    """The words as ``TrainingConfig.added_words`` holds them."""
    return " ".join(words)


def extend_tokenizer(tokenizer: MLMTokenizer, words: Sequence[str]) -> Extension:
    """``tokenizer`` with each word one token of its own (new ids after the old ones)."""
    _check_kind(tokenizer)
    if not words:
        raise VocabularyError("No words to add were given. Give at least one word, or add none.")
    check_word_count(len(words))
    backend = tokenizer.backend
    entries: list[str] = []
    piece_ids: list[tuple[int, ...]] = []
    added: list[str] = []
    for given in words:
        word = backend.normalizer.normalize_str(given) if backend.normalizer else given
        if len(word) > MAX_WORD_CHARS or not _is_one_word(tokenizer, word):
            raise VocabularyError(
                f"{given[:60]!r} is not one word to this model's tokenizer (it has spaces or "
                f"punctuation in it, or is longer than {MAX_WORD_CHARS} characters){_split_as(tokenizer, word)}. "
                "Add single words."
            )
        ids = backend.encode(_probe(tokenizer, word), add_special_tokens=False).ids
        if len(ids) == 1 and ids[0] != tokenizer.unk_token_id:
            raise VocabularyError(
                f"{given!r} is already one token of this model's vocabulary. Leave it out of the words to add."
            )
        if word in added:
            raise VocabularyError(f"{given!r} is in the list twice. Give each word once.")
        added.append(word)
        entries.append(_vocab_entry(tokenizer, word))
        piece_ids.append(tuple(ids))
    start = tokenizer.vocab_size
    data = _with_entries(json.loads(tokenizer.to_str()), entries, piece_ids, start)
    extended = MLMTokenizer.from_str(json.dumps(data))
    for word, token_id in zip(added, range(start, start + len(entries)), strict=True):
        if extended.backend.encode(_probe(extended, word), add_special_tokens=False).ids != [token_id]:
            raise VocabularyError(
                f"{word!r} could not be made one token of this tokenizer. Leave it out of the words to add."
            )
    return Extension(extended, tuple(added), tuple(range(start, start + len(entries))), tuple(piece_ids))


def _check_kind(tokenizer: MLMTokenizer) -> None:
    if tokenizer.kind == "char":
        raise VocabularyError(
            "This model's tokenizer reads text one character at a time, so it cannot take whole words. "
            "Train without adding words."
        )


def _probe(tokenizer: MLMTokenizer, word: str) -> str:
    """The word as it appears after a space: byte-level BPE reads a word start as "Ġword"."""
    return " " + word if tokenizer.byte_level else word


def _is_one_word(tokenizer: MLMTokenizer, word: str) -> bool:
    pre = tokenizer.backend.pre_tokenizer
    if not word or any(c.isspace() for c in word):
        return False
    return pre is None or len(pre.pre_tokenize_str(_probe(tokenizer, word))) == 1


def _split_as(tokenizer: MLMTokenizer, word: str) -> str:
    """How the tokenizer splits a word that is not one (Chinese and Japanese characters are each a
    word to BERT's), as '; it reads it as 3 words: 猫, 猫, 猫', or "" when that says nothing more."""
    pre = tokenizer.backend.pre_tokenizer
    if pre is None or not word or len(word) > MAX_WORD_CHARS:
        return ""
    parts = [piece.strip() for piece, _ in pre.pre_tokenize_str(word)]
    parts = [piece for piece in parts if piece]
    if len(parts) < 2:
        return ""
    shown = ", ".join(parts[:8]) + (", ..." if len(parts) > 8 else "")
    return f"; it reads it as {len(parts)} words: {shown}"


def _vocab_entry(tokenizer: MLMTokenizer, word: str) -> str:
    """The vocabulary's spelling of the word at a word start ("word", "▁word", "Ġword")."""
    pre = tokenizer.backend.pre_tokenizer
    return pre.pre_tokenize_str(_probe(tokenizer, word))[0][0] if pre is not None else word


def _with_entries(data: dict, entries: list[str], piece_ids: list[tuple[int, ...]], start: int) -> dict:
    """tokenizer.json with ``entries`` at ids ``start``, ``start + 1``, ... of its model."""
    model = data["model"]
    kind = model["type"]
    if kind == "Unigram":
        pieces = model["vocab"]
        if len(pieces) != start:
            raise VocabularyError(
                "This tokenizer's vocabulary has gaps in its ids, so words cannot be added after it."
            )
        for entry, ids in zip(entries, piece_ids, strict=True):
            # Just above the word's old segmentation (a sum of log-probabilities, below 0): the word
            # is taken whole, and longer words that contain it keep their pieces where they can.
            old = sum(float(pieces[i][1]) for i in ids)
            pieces.append([entry, old / 2 if old < 0 else old + 1.0])
    elif kind in ("WordPiece", "WordLevel", "BPE"):
        vocab = model["vocab"]
        if len(vocab) != start:
            raise VocabularyError(
                "This tokenizer's vocabulary has gaps in its ids, so words cannot be added after it."
            )
        taken = [entry for entry in entries if entry in vocab]
        if taken:  # a piece that exists but is never produced whole (BPE without ignore_merges)
            raise VocabularyError(
                f"{taken[0]!r} is already in this tokenizer's vocabulary. Leave it out of the words to add."
            )
        vocab.update({entry: start + k for k, entry in enumerate(entries)})
        if kind == "BPE":
            model["ignore_merges"] = True  # a word in the vocabulary is taken whole
    else:
        raise VocabularyError(f"Words cannot be added to a {kind} tokenizer.")
    return data


# ------------------------------------------------------------------ the model


def extend_model(model: MLMModel, config: RunConfig, extension: Extension, *, init: str = "mean") -> MLMModel:
    """A copy of ``model`` with one more row per added word in every vocabulary-sized tensor.

    ``init="mean"``: each new row is the mean of the rows of the word's old pieces. ``"random"``
    leaves the rows as a new model initialises them (the baseline of benchmarks/vocab_extension.py).
    """
    if init not in ("mean", "random"):
        raise ValueError(f"init must be 'mean' or 'random', not {init!r}")
    old_size = extension.new_ids[0]
    new_size = extension.tokenizer.vocab_size
    grown = build_model(config.model, new_size, extension.tokenizer.pad_token_id)
    old_state = model.state_dict()
    state = grown.state_dict()
    for name, tensor in state.items():
        old = old_state[name]
        if old.shape == tensor.shape:
            state[name] = old.clone()
            continue
        if old.shape[0] != old_size or tensor.shape[0] != new_size or old.shape[1:] != tensor.shape[1:]:
            raise VocabularyError(f"The model's {name} does not have one row per token, so it cannot grow.")
        rows = tensor.clone()
        rows[:old_size] = old
        if init == "mean":
            for token_id, pieces in zip(extension.new_ids, extension.piece_ids, strict=True):
                rows[token_id] = old[list(pieces)].float().mean(dim=0).to(old.dtype)
        state[name] = rows
    grown.load_state_dict(state)
    return grown.to(next(model.parameters()).device).train(model.training)


def extend_loaded(loaded: LoadedModel, words: Sequence[str], *, init: str = "mean") -> LoadedModel:
    """``loaded`` (a model and its tokenizer) with the words added to both."""
    extension = extend_tokenizer(loaded.tokenizer, words)
    model = extend_model(loaded.model, loaded.config, extension, init=init)
    return replace(loaded, model=model, tokenizer=extension.tokenizer)


def added_words(config: RunConfig) -> list[str]:
    """The words a run's config adds to its model's vocabulary."""
    return config.training.added_words.split()


def rows_of(model: MLMModel, token_ids: Sequence[int]) -> dict[str, torch.Tensor]:
    """The rows ``token_ids`` of every vocabulary-sized tensor (tests and the benchmark compare them)."""
    size = model.vocab_size
    return {
        name: tensor.detach()[list(token_ids)].clone()
        for name, tensor in model.state_dict().items()
        if tensor.dim() >= 1 and tensor.shape[0] == size
    }
