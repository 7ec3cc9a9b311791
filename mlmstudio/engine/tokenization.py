"""Character, word, WordPiece and BPE tokenizers behind one interface.

Everything is built on the ``tokenizers`` library and saved as its own
``tokenizer.json``, so the file also loads in ``tokenizers.Tokenizer.from_file``
and in transformers' ``PreTrainedTokenizerFast``.

Guarantees every kind keeps:
- ``[PAD] [UNK] [CLS] [SEP] [MASK]`` have ids 0..4 (``config.SPECIAL_TOKENS``);
- a literal ``[MASK]`` in text is always the mask token, lower-casing or not
  (special tokens are matched on the raw text, before normalisation);
- training is reproducible: the vocabulary is canonicalised after training
  (specials, then by frequency in the training text, then by token string).

Why WordPiece is trained through a BPE trainer: in tokenizers 0.23.3 the
WordPiece trainer assigns the ids of its ``##x`` alphabet in hash-map order, a
different order in every process, and breaks ties between merges by those ids,
so even the *set* of learned tokens changes from run to run. The plain BPE
trainer is deterministic. We train BPE on words that carry a word-start marker
and rename the result: ``<marker>play`` -> ``play``, ``ing`` -> ``##ing``. That is
the same procedure WordPiece training is (BPE merges with a continuation
prefix); encoding then uses the library's WordPiece model (greedy longest match).

Chinese and Japanese: the word, WordPiece and BPE kinds split ideographs into
single characters before learning, as BERT's ``handle_chinese_chars`` does, and
keep each run of hiragana and each run of katakana together (a script change is
a boundary), so ``我喜欢自然语言处理`` is nine tokens, not one unique clause.
Whole-word and span masking then group by the user's spaces where a line has
them between ideographs ("我 喜欢 自然语言"). A Chinese line without spaces (no
kana in it) is split into words by jieba when it is installed (the optional
``cjk`` extra: ``我/喜欢/自然语言/处理``); otherwise, and in Japanese lines, each
character (kana run) is a word of its own, and ``unspaced_cjk_note`` says so. The
character kind groups the same way.
Tokenizers saved before this keep their stored pre-tokenizer and their word
grouping (``_splits_ideographs`` is false for them).
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Callable, Iterable, Sequence
from itertools import chain
from pathlib import Path

import numpy as np
from tokenizers import AddedToken, Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers

from mlmstudio import bounded_json, command_hint
from mlmstudio.config import CLS, MASK, PAD, SEP, SPECIAL_TOKENS, UNK, TokenizerConfig
from mlmstudio.engine.errors import TokenizerError
from mlmstudio.engine.memory import release_free_memory
from mlmstudio.engine.run_files import TOKENIZER_FILE
from mlmstudio.engine.temp_files import temp_file

log = logging.getLogger(__name__)
# A 200,000-token BPE vocabulary with its merges is about 10 MB; a bigger file is not a tokenizer.
MAX_TOKENIZER_BYTES = 100_000_000

CONTINUATION = "##"  # WordPiece: a piece that continues a word
METASPACE = "\u2581"  # BPE: "▁" marks a piece that starts a word
BYTE_LEVEL_SPACE = "\u0120"  # byte-level BPE (RoBERTa, GPT-2): "Ġ" is the space a word starts with
_WORD_START = "\ue000"  # private-use marker, only while training WordPiece
_MIN_TRAINING_TOKENS = 10
_COUNT_SAMPLE_CHARS = 32_000_000  # frequencies for the canonical order come from at most this much text
_COUNT_BATCH_LINES = 10_000  # lines encoded at a time while counting
_NO_LIMIT = 10_000_000  # "no vocabulary cap" for the library's trainers

# BERT's CJK ideograph ranges (``_is_chinese_char``), and the kana blocks (half-width katakana too).
_IDEOGRAPHS = (
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002a6df\U0002a700-\U0002ceaf\U0002f800-\U0002fa1f"
)
_HIRAGANA = "\u3040-\u309f"
_KATAKANA = "\u30a0-\u30ff\u31f0-\u31ff\uff66-\uff9f"
# One unit: an ideograph, or a run of hiragana, or a run of katakana.
_CJK_UNIT = f"[{_IDEOGRAPHS}]|[{_HIRAGANA}]+|[{_KATAKANA}]+"
_CJK_CHAR = re.compile(f"[{_IDEOGRAPHS}{_HIRAGANA}{_KATAKANA}]")
# A line whose writer put spaces between ideographs/kana: its spaces are the word boundaries.
_SPACED_CJK = re.compile(f"{_CJK_CHAR.pattern}[ \t\u3000]+{_CJK_CHAR.pattern}")
_KANA = re.compile(f"[{_HIRAGANA}{_KATAKANA}]")
SEGMENTER = "jieba"  # the optional Chinese word segmenter (pip install "mlmstudio[cjk]")


class MLMTokenizer:
    """One tokenizer of any kind; wraps a ``tokenizers.Tokenizer``."""

    def __init__(self, tokenizer: Tokenizer, kind: str) -> None:
        self._tok = tokenizer
        self._kind = kind
        self._vocab_size = tokenizer.get_vocab_size(with_added_tokens=True)
        tokens = [tokenizer.id_to_token(i) or "" for i in range(self._vocab_size)]
        self._tokens = tokens
        # Lookup tables (by id) for fast word-id computation over large texts.
        self._standalone = np.zeros(self._vocab_size, dtype=bool)  # specials that form their own word
        for name in (PAD, CLS, SEP, MASK):
            self._standalone[SPECIAL_TOKENS.index(name)] = True
        self._is_space = np.array([len(t) == 1 and t.isspace() for t in tokens], dtype=bool)
        # An opened transformers model may read bytes (RoBERTa): its pieces start words with "Ġ".
        self._byte_level = _is_byte_level(tokenizer)
        self._word_start = BYTE_LEVEL_SPACE if self._byte_level else METASPACE
        self._starts_word = np.array([t.startswith(self._word_start) for t in tokens], dtype=bool)
        # Byte-level BPE reads a newline or tab ("Ċ", "ĉ") as a word of its own, as its pre-tokenizer does.
        self._byte_breaks = np.array([_is_byte_break(t) for t in tokens], dtype=bool) & self._byte_level
        # Tokenizers trained before CJK splitting existed keep their old word grouping exactly.
        self._splits_ideographs = _IDEOGRAPHS in json.dumps(
            json.loads(tokenizer.to_str()).get("pre_tokenizer") or {}, ensure_ascii=False
        )

    # ------------------------------------------------------------------ training
    @classmethod
    def train(cls, texts: Sequence[str], cfg: TokenizerConfig) -> MLMTokenizer:
        """Learn a tokenizer of ``cfg.kind`` from the training texts."""
        cfg.validate()
        lines = [line for text in texts for line in text.splitlines() if line.strip()]
        if not lines:
            raise TokenizerError(
                "There is no text to train the tokenizer on. Choose a corpus with some text in it."
            )
        builder = _BUILDERS[cfg.kind]
        tokenizer = builder(texts, lines, cfg)
        result = cls(tokenizer, cfg.kind)
        # Every non-blank line gives at least one token, so only short texts need counting.
        n_tokens = len(lines) if len(lines) >= _MIN_TRAINING_TOKENS else int(result._count(lines).sum())
        n_ordinary = result.vocab_size - len(SPECIAL_TOKENS)
        if n_tokens < _MIN_TRAINING_TOKENS or n_ordinary < 2:
            raise TokenizerError(
                f"The training text gives too few tokens to train on ({n_tokens} tokens, {n_ordinary} distinct). "
                "Use a larger corpus or a lower minimum frequency."
            )
        log.info("trained a %s tokenizer: %d tokens in the vocabulary", cfg.kind, result.vocab_size)
        if (result._splits_ideographs or cfg.kind == "char") and (
            note := unspaced_cjk_note("\n".join(lines[:10_000]))
        ):
            log.info("%s", note)
            warm_segmenter()  # jieba loads its dictionary here, in training's thread, not when encoding
        return result

    def _count(self, lines: Sequence[str]) -> np.ndarray:
        """How often each id occurs when encoding the lines (at most a deterministic sample of them)."""
        return _token_counts(self._tok, lines)

    # ------------------------------------------------------------ saving/loading
    def to_str(self) -> str:
        return self._tok.to_str()

    @classmethod
    def from_str(cls, text: str, *, where: str = "The tokenizer") -> MLMTokenizer:
        try:
            data = bounded_json.loads(text)  # refuses absurd nesting before the library sees it
            tokenizer = Tokenizer.from_str(text)
        except Exception as exc:  # the library raises plain Exception subclasses
            raise TokenizerError(
                f"{where} is not a valid tokenizer file ({_short(exc)}). "
                "Train the tokenizer again or pick another run."
            ) from exc
        kind = _infer_kind(data)
        if kind is None:
            raise TokenizerError(
                f"{where} was not made by MLM Studio (its model or pre-tokenizer is unknown). "
                "Train a tokenizer here instead."
            )
        for expected_id, token in enumerate(SPECIAL_TOKENS):
            if tokenizer.token_to_id(token) != expected_id:
                raise TokenizerError(
                    f"{where} does not have the special token {token} at id {expected_id}, "
                    "so it was not made by MLM Studio. Train a tokenizer here instead."
                )
        return cls(tokenizer, kind)

    def save(self, path: str | os.PathLike) -> Path:
        """Write ``tokenizer.json`` (into ``path`` if it is a folder) atomically; return the file's path."""
        target = _file_path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = temp_file(target.parent, prefix=target.name)  # readable by others, unlike mkstemp's 0600
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(self.to_str())
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return target

    @classmethod
    def load(cls, path: str | os.PathLike) -> MLMTokenizer:
        """Read a ``tokenizer.json`` (or the one in folder ``path``)."""
        target = _file_path(path)
        try:
            text = bounded_json.read_text(target, max_bytes=MAX_TOKENIZER_BYTES)
        except FileNotFoundError:
            raise TokenizerError(
                f"There is no tokenizer file at {target}. The run's files may have been moved or deleted."
            ) from None
        except (OSError, bounded_json.JSONLimitError) as exc:
            raise TokenizerError(f"The tokenizer file {target} cannot be read ({_short(exc)}).") from exc
        return cls.from_str(text, where=f"The tokenizer file {target}")

    # -------------------------------------------------------------- properties
    @property
    def kind(self) -> str:
        return self._kind

    @property
    def vocab_size(self) -> int:
        return self._vocab_size

    pad_token_id = property(lambda self: SPECIAL_TOKENS.index(PAD))
    unk_token_id = property(lambda self: SPECIAL_TOKENS.index(UNK))
    cls_token_id = property(lambda self: SPECIAL_TOKENS.index(CLS))
    sep_token_id = property(lambda self: SPECIAL_TOKENS.index(SEP))
    mask_token_id = property(lambda self: SPECIAL_TOKENS.index(MASK))

    @property
    def byte_level(self) -> bool:
        """Whether it reads bytes (RoBERTa's BPE), whose pieces start words with "Ġ"."""
        return self._byte_level

    @property
    def special_ids(self) -> list[int]:
        return list(range(len(SPECIAL_TOKENS)))

    @property
    def backend(self) -> Tokenizer:
        """The underlying ``tokenizers.Tokenizer`` (do not modify it)."""
        return self._tok

    def __len__(self) -> int:
        return self._vocab_size

    def __repr__(self) -> str:
        return f"MLMTokenizer(kind={self._kind!r}, vocab_size={self._vocab_size})"

    # ---------------------------------------------------------------- encoding
    def encode(self, text: str) -> list[int]:
        """Token ids of ``text``, without [CLS]/[SEP]."""
        return self._tok.encode(text, add_special_tokens=False).ids

    def encode_with_words(self, text: str) -> tuple[np.ndarray, np.ndarray]:
        """Token ids and word ids (int32) of ``text``; word ids start at 0 and increase.

        All tokens of one whitespace-delimited word share a word id; special
        tokens such as [MASK] are words of their own; for the character
        tokenizer every whitespace character is a word of its own. In Chinese
        or Japanese lines without spaces between characters, each ideograph
        (each kana run) is a word of its own (see the module docstring). Lines are
        encoded in parallel, so this is fast on large texts. To join chunks,
        add the previous chunk's ``word_ids[-1] + 1`` to the next chunk's ids.
        """
        return self.encode_batch_with_words(text.splitlines(keepends=True))

    def encode_batch_with_words(self, lines: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """Like ``encode_with_words`` for the concatenation of ``lines``; a word never spans two lines.

        Keep the line endings (``splitlines(keepends=True)``) so that the
        character tokenizer sees the newlines.
        """
        encodings = self._tok.encode_batch(list(lines), add_special_tokens=False)
        lengths = np.fromiter((len(e) for e in encodings), dtype=np.int64, count=len(encodings))
        total = int(lengths.sum())
        ids = np.fromiter(chain.from_iterable(e.ids for e in encodings), dtype=np.int32, count=total)
        if total == 0:
            return ids, np.zeros(0, dtype=np.int32)

        new_word = np.zeros(total, dtype=bool)
        line_starts = np.cumsum(lengths) - lengths
        new_word[line_starts[lengths > 0]] = True
        _mark_around(new_word, self._standalone[ids])
        if self._kind == "bpe":
            new_word |= self._starts_word[ids]
            _mark_around(new_word, self._byte_breaks[ids])
        elif self._kind == "char":
            _mark_around(new_word, self._is_space[ids])
            # Without this an unspaced Chinese line is one "word", and whole-word masking hides a clause.
            new_word |= _unspaced_cjk_char_starts(lines, encodings, total)
        else:
            # Pre-tokenisation drops whitespace: a gap between two tokens' characters is a word boundary.
            offsets = np.fromiter(
                chain.from_iterable(chain.from_iterable(e.offsets for e in encodings)),
                dtype=np.int64,
                count=2 * total,
            ).reshape(total, 2)
            new_word[1:] |= offsets[1:, 0] > offsets[:-1, 1]
        if self._splits_ideographs:
            new_word |= _unspaced_cjk_starts(lines, encodings, total)
        word_ids = (np.cumsum(new_word, dtype=np.int64) - 1).astype(np.int32)
        return ids, word_ids

    # ---------------------------------------------------------------- decoding
    def decode(self, ids: Iterable[int], skip_special_tokens: bool = False) -> str:
        """Text for ``ids``: characters concatenated, words and pieces joined with spaces as written."""
        ids = [int(i) for i in ids]
        if self._byte_level:  # bytes back to characters: only the library's own decoder knows how
            return self._tok.decode(ids, skip_special_tokens=skip_special_tokens).strip()
        if self._kind == "bpe":
            return self._decode_bpe(ids, skip_special_tokens)
        text = self._tok.decode(ids, skip_special_tokens=skip_special_tokens)
        if self._kind in ("word", "wordpiece"):
            text = _tidy_spaces(text)
        return text

    def _decode_bpe(self, ids: list[int], skip_special_tokens: bool) -> str:
        # Special tokens swallow the space on their left (lstrip), so put one back.
        parts: list[str] = []
        for i in ids:
            token = self._token(i)
            if i in _SPECIAL_ID_SET:
                if skip_special_tokens:
                    continue
                if parts and not parts[-1].endswith(" "):
                    parts.append(" ")
                parts.append(token)
            else:
                parts.append(token.replace(METASPACE, " "))
        text = "".join(parts)
        return text[1:] if text.startswith(" ") else text

    def id_to_token(self, i: int) -> str | None:
        return self._tok.id_to_token(int(i))

    def token_to_id(self, token: str) -> int | None:
        return self._tok.token_to_id(token)

    def token_str(self, i: int) -> str:
        """Readable form of one token for the UI: ``##ing`` -> ``ing``, ``▁the`` -> ``the``."""
        token = self._token(i)
        if int(i) in _SPECIAL_ID_SET:
            return token
        if self._kind == "wordpiece" and token.startswith(CONTINUATION) and len(token) > len(CONTINUATION):
            return token[len(CONTINUATION) :]
        if self._byte_level:
            spaced = self._tok.decode([int(i)], skip_special_tokens=False)
            return spaced.strip() or spaced
        if self._kind == "bpe":
            spaced = token.replace(METASPACE, " ")
            return spaced.strip() or spaced
        return token

    def is_continuation(self, i: int) -> bool:
        """True for a later piece of a word: WordPiece ``##`` pieces, BPE pieces without ``▁``."""
        if int(i) in _SPECIAL_ID_SET:
            return False
        token = self._token(i)
        if self._kind == "wordpiece":
            return token.startswith(CONTINUATION) and len(token) > len(CONTINUATION)
        if self._kind == "bpe":
            return not token.startswith(self._word_start)
        return False

    def _token(self, i: int) -> str:
        i = int(i)
        if not 0 <= i < self._vocab_size:
            raise IndexError(f"token id {i} is outside the vocabulary (size {self._vocab_size})")
        return self._tokens[i]


_SPECIAL_ID_SET = frozenset(range(len(SPECIAL_TOKENS)))


def unigram_log_probs(ids: np.ndarray, vocab_size: int) -> np.ndarray:
    """Add-one smoothed log-probabilities of each id in ``ids`` (float32[vocab_size]).

    Special tokens are never prediction targets, so they get a value far below
    every real token. The trainer initialises the output bias with this.
    """
    n_special = len(SPECIAL_TOKENS)
    ids = np.asarray(ids).ravel()
    counts = np.zeros(vocab_size, dtype=np.float64)
    for start in range(0, len(ids), 1 << 22):  # in slices: bincount copies its input to int64
        counts += np.bincount(ids[start : start + (1 << 22)], minlength=vocab_size)[:vocab_size]
    counts[:n_special] = 0.0
    ordinary = counts[n_special:] + 1.0
    log_probs = np.empty(vocab_size, dtype=np.float64)
    log_probs[n_special:] = np.log(ordinary / ordinary.sum())
    floor = log_probs[n_special:].min() if vocab_size > n_special else 0.0
    log_probs[:n_special] = floor - 10.0
    return log_probs.astype(np.float32)


# ============================================================== the pipelines


def _special_tokens(kind: str) -> list[AddedToken]:
    # normalized=False: matched on the raw text, so lower-casing never hides [MASK].
    # lstrip for BPE: "The [MASK] is" must read like "The cat is", whose space belongs to "▁cat".
    return [AddedToken(t, special=True, normalized=False, lstrip=(kind == "bpe")) for t in SPECIAL_TOKENS]


def _normalizer(kind: str, lowercase: bool) -> normalizers.Normalizer | None:
    steps: list[normalizers.Normalizer] = [normalizers.Lowercase()] if lowercase else []
    if kind == "bpe":
        # Whitespace is part of BPE pieces ("▁"): drop trailing blanks, collapse runs to one space.
        steps += [normalizers.Replace(Regex(r"\s+\z"), ""), normalizers.Replace(Regex(r"\s+"), " ")]
    if not steps:
        return None
    return steps[0] if len(steps) == 1 else normalizers.Sequence(steps)


def _cjk_split(prefix: str = "") -> pre_tokenizers.PreTokenizer:
    """Isolate each ideograph and each kana run (``prefix``: an optional marker kept with the unit)."""
    return pre_tokenizers.Split(Regex(f"{prefix}(?:{_CJK_UNIT})"), behavior="isolated")


def _pre_tokenizer(kind: str) -> pre_tokenizers.PreTokenizer:
    if kind == "char":
        return pre_tokenizers.Split(Regex(r"[\s\S]"), behavior="isolated")
    if kind == "bpe":
        return pre_tokenizers.Sequence(
            [
                pre_tokenizers.Metaspace(replacement=METASPACE, prepend_scheme="first"),
                _cjk_split(f"{METASPACE}?"),  # "▁我喜欢" -> "▁我" "喜" "欢": the marker stays on its unit
                pre_tokenizers.Punctuation(behavior="isolated"),
            ]
        )
    return pre_tokenizers.Sequence([_cjk_split(), pre_tokenizers.BertPreTokenizer()])


def _decoder(kind: str) -> decoders.Decoder:
    if kind == "char":
        return decoders.Fuse()
    if kind == "bpe":
        return decoders.Metaspace(replacement=METASPACE, prepend_scheme="first")
    # cleanup=False: the library's clean-up also rewrites "do not" as "don't".
    return decoders.WordPiece(prefix=CONTINUATION, cleanup=False)


def _assemble(kind: str, model: models.Model, lowercase: bool) -> Tokenizer:
    tokenizer = Tokenizer(model)
    normalizer = _normalizer(kind, lowercase)
    if normalizer is not None:
        tokenizer.normalizer = normalizer
    tokenizer.pre_tokenizer = _pre_tokenizer(kind)
    tokenizer.decoder = _decoder(kind)
    tokenizer.add_special_tokens(_special_tokens(kind))
    return tokenizer


def _model(kind: str, vocab: dict[str, int], merges: list[tuple[str, str]] | None = None) -> models.Model:
    if kind in ("char", "word"):
        return models.WordLevel(vocab=vocab, unk_token=UNK)
    if kind == "wordpiece":
        return models.WordPiece(
            vocab=vocab, unk_token=UNK, continuing_subword_prefix=CONTINUATION, max_input_chars_per_word=100
        )
    return models.BPE(vocab=vocab, merges=merges or [], unk_token=UNK)


def _canonical_vocab(tokens: Iterable[str], counts: dict[str, int]) -> dict[str, int]:
    """Specials at 0..4, then by frequency (descending), then by token string."""
    ordinary = sorted(set(tokens) - set(SPECIAL_TOKENS), key=lambda t: (-counts.get(t, 0), t))
    return {token: i for i, token in enumerate([*SPECIAL_TOKENS, *ordinary])}


def _token_counts(tokenizer: Tokenizer, lines: Sequence[str]) -> np.ndarray:
    sample = _count_sample(lines)
    vocab_size = tokenizer.get_vocab_size(with_added_tokens=True)
    counts = np.zeros(vocab_size, dtype=np.int64)
    for start in range(0, len(sample), _COUNT_BATCH_LINES):
        encodings = tokenizer.encode_batch(
            list(sample[start : start + _COUNT_BATCH_LINES]), add_special_tokens=False
        )
        ids = np.fromiter(chain.from_iterable(e.ids for e in encodings), dtype=np.int64)
        counts += np.bincount(ids, minlength=vocab_size)[:vocab_size]
        del encodings
        release_free_memory()  # else glibc keeps what the library's threads freed, batch after batch
    return counts


def _count_sample(lines: Sequence[str]) -> Sequence[str]:
    """All lines, or an evenly spread deterministic subset on very large corpora."""
    total = sum(len(line) for line in lines)
    if total <= _COUNT_SAMPLE_CHARS:
        return lines
    step = -(-total // _COUNT_SAMPLE_CHARS)
    return lines[::step]


def _counts_by_token(tokenizer: Tokenizer, lines: Sequence[str]) -> dict[str, int]:
    counts = _token_counts(tokenizer, lines)
    return {token: int(c) for i, c in enumerate(counts) if (token := tokenizer.id_to_token(i)) is not None}


def _char_counts(texts: Sequence[str], lowercase: bool) -> dict[str, int]:
    """Frequency of every character (after lower-casing), counted in numpy chunks."""
    normalizer = normalizers.Lowercase() if lowercase else None
    counts = np.zeros(0, dtype=np.int64)
    for text in texts:
        for start in range(0, len(text), 4_000_000):
            chunk = text[start : start + 4_000_000]
            if normalizer is not None:
                chunk = normalizer.normalize_str(chunk)
            codes = np.frombuffer(chunk.encode("utf-32-le", "surrogatepass"), dtype="<u4")
            if codes.size == 0:
                continue
            chunk_counts = np.bincount(codes)
            if chunk_counts.size > counts.size:
                counts = np.pad(counts, (0, chunk_counts.size - counts.size))
            counts[: chunk_counts.size] += chunk_counts
    return {chr(code): int(counts[code]) for code in np.flatnonzero(counts) if not 0xD800 <= code <= 0xDFFF}


def _take(counts: dict[str, int], limit: int, min_frequency: int = 1) -> list[str]:
    """The ``limit`` most frequent tokens with at least ``min_frequency`` occurrences (ties by token)."""
    eligible = [t for t, c in counts.items() if c >= min_frequency and t not in SPECIAL_TOKENS]
    return sorted(eligible, key=lambda t: (-counts[t], t))[: max(0, limit)]


# ================================================================ the builders


def _build_char(texts: Sequence[str], lines: Sequence[str], cfg: TokenizerConfig) -> Tokenizer:
    counts = _char_counts(texts, cfg.lowercase)
    chars = _take(counts, cfg.vocab_size - len(SPECIAL_TOKENS), cfg.min_frequency)
    return _assemble("char", _model("char", _canonical_vocab(chars, counts)), cfg.lowercase)


def _build_word(texts: Sequence[str], lines: Sequence[str], cfg: TokenizerConfig) -> Tokenizer:
    # Learn every word (the library counts them), then cap and order deterministically ourselves.
    draft = _assemble("word", models.WordLevel(unk_token=UNK), cfg.lowercase)
    draft.train_from_iterator(
        lines,
        trainers.WordLevelTrainer(
            vocab_size=_NO_LIMIT,
            min_frequency=cfg.min_frequency,
            special_tokens=list(SPECIAL_TOKENS),
            show_progress=False,
        ),
    )
    counts = _counts_by_token(draft, lines)
    words = _take(counts, cfg.vocab_size - len(SPECIAL_TOKENS))
    return _assemble("word", _model("word", _canonical_vocab(words, counts)), cfg.lowercase)


def _build_bpe(texts: Sequence[str], lines: Sequence[str], cfg: TokenizerConfig) -> Tokenizer:
    draft = _assemble("bpe", models.BPE(unk_token=UNK), cfg.lowercase)
    draft.train_from_iterator(
        lines,
        trainers.BpeTrainer(
            vocab_size=cfg.vocab_size,
            min_frequency=cfg.min_frequency,
            special_tokens=list(SPECIAL_TOKENS),
            show_progress=False,
        ),
    )
    merges = _merges(draft)
    counts = _counts_by_token(draft, lines)
    vocab = _canonical_vocab(draft.get_vocab(with_added_tokens=True), counts)
    return _assemble("bpe", _model("bpe", vocab, merges), cfg.lowercase)


def _merges(tokenizer: Tokenizer) -> list[tuple[str, str]]:
    merges = json.loads(tokenizer.to_str())["model"]["merges"]
    # Newer files store pairs as lists, older ones as "a b" strings.
    return [tuple(m) if isinstance(m, list) else tuple(m.split(" ", 1)) for m in merges]


def _build_wordpiece(texts: Sequence[str], lines: Sequence[str], cfg: TokenizerConfig) -> Tokenizer:
    budget = cfg.vocab_size - len(SPECIAL_TOKENS)
    alphabet = [c for c in _char_counts(texts, cfg.lowercase) if not c.isspace() and c != _WORD_START]

    # 1. Deterministic BPE merges over words that carry a word-start marker (see the module docstring).
    draft = Tokenizer(models.BPE(unk_token=UNK))
    if cfg.lowercase:
        draft.normalizer = normalizers.Lowercase()
    draft.pre_tokenizer = pre_tokenizers.Sequence(
        [
            _cjk_split(),
            pre_tokenizers.BertPreTokenizer(),
            pre_tokenizers.Metaspace(replacement=_WORD_START, prepend_scheme="always", split=False),
        ]
    )
    draft.train_from_iterator(
        lines,
        trainers.BpeTrainer(
            vocab_size=cfg.vocab_size + len(alphabet) + 1,
            min_frequency=cfg.min_frequency,
            special_tokens=list(SPECIAL_TOKENS),
            show_progress=False,
        ),
    )

    # 2. Rename: marker-initial pieces start a word, the others continue one ("##").
    pieces: set[str] = set()
    for token in draft.get_vocab(with_added_tokens=False):
        if token in SPECIAL_TOKENS:
            continue
        body = token[1:] if token.startswith(_WORD_START) else CONTINUATION + token
        if body and body != CONTINUATION and _WORD_START not in body:
            pieces.add(body)
    # Every character in both forms, as the WordPiece trainer keeps its whole alphabet.
    chars = {form for c in alphabet for form in (c, CONTINUATION + c)}
    longer = pieces - chars

    # 3. Keep all characters (or the most frequent ones if they alone overflow), fill up with pieces by frequency.
    draft_vocab = _canonical_vocab(chars | longer, {})
    counts = _counts_by_token(_assemble("wordpiece", _model("wordpiece", draft_vocab), cfg.lowercase), lines)
    kept = set(sorted(chars, key=lambda t: (-counts.get(t, 0), t))[:budget])
    kept |= set(_take({t: counts.get(t, 0) for t in longer}, budget - len(kept)))

    # 4. Canonical ids from the frequencies under the final vocabulary.
    final = _assemble("wordpiece", _model("wordpiece", _canonical_vocab(kept, {})), cfg.lowercase)
    vocab = _canonical_vocab(kept, _counts_by_token(final, lines))
    return _assemble("wordpiece", _model("wordpiece", vocab), cfg.lowercase)


_BUILDERS: dict[str, Callable[[Sequence[str], Sequence[str], TokenizerConfig], Tokenizer]] = {
    "char": _build_char,
    "word": _build_word,
    "wordpiece": _build_wordpiece,
    "bpe": _build_bpe,
}


# ===================================================================== helpers


def _infer_kind(data: dict) -> str | None:
    """Our kind from a tokenizer.json: the model type, and the pre-tokenizer for WordLevel."""
    try:
        model_type = data["model"]["type"]
        pre_type = (data.get("pre_tokenizer") or {}).get("type")
    except (KeyError, TypeError, AttributeError):
        return None
    if model_type == "WordPiece":
        return "wordpiece"
    if model_type in ("BPE", "Unigram"):  # Unigram: SentencePiece (XLM-R), "▁" starts words as in our BPE
        return "bpe"
    if model_type == "WordLevel":
        return "char" if pre_type == "Split" else "word"
    return None


def _is_byte_level(tokenizer: Tokenizer) -> bool:
    """Whether the tokenizer's pre-tokenizer maps bytes to characters (ByteLevel, alone or in a Sequence)."""
    pre = tokenizer.pre_tokenizer
    if pre is None:
        return False
    if isinstance(pre, pre_tokenizers.ByteLevel):
        return True
    if not isinstance(pre, pre_tokenizers.Sequence):
        return False
    text = json.dumps(json.loads(tokenizer.to_str()).get("pre_tokenizer") or {})
    return '"ByteLevel"' in text


_BYTE_LEVEL_WHITESPACE = frozenset("\u0109\u010a\u010b\u010c\u010d")  # the bytes \t \n \v \f \r


def _is_byte_break(token: str) -> bool:
    """A byte-level piece of whitespace other than plain spaces (a newline, a tab): its own word."""
    chars = set(token)
    return bool(chars & _BYTE_LEVEL_WHITESPACE) and chars <= _BYTE_LEVEL_WHITESPACE | {BYTE_LEVEL_SPACE}


def _unspaced_cjk(line: str) -> bool:
    """A line with ideographs or kana and no spaces between them: its word boundaries are not written."""
    return _CJK_CHAR.search(line) is not None and _SPACED_CJK.search(line) is None


def _segmenter() -> Callable[[str], set[int]] | None:
    """jieba's word starts (character offsets) in a Chinese line, when jieba is installed; else None.

    Imported on each call (a dictionary lookup once loaded), so removing the module
    (``sys.modules["jieba"] = None``) switches it off. jieba's first use loads its
    dictionary (a second or two); ``MLMTokenizer.train`` and ``warm_segmenter`` do that
    off the GUI thread.
    """
    try:
        import jieba  # type: ignore[import-untyped,import-not-found,unused-ignore]  # optional: the "cjk" extra
    except ImportError:
        return None
    jieba.setLogLevel(logging.WARNING)  # it prints its dictionary loading to stderr otherwise

    def word_starts(line: str) -> set[int]:
        return {int(start) for _word, start, _end in jieba.tokenize(line)}

    return word_starts


def warm_segmenter() -> bool:
    """Load the Chinese segmenter's dictionary now (in a worker thread); whether one is installed."""
    segment = _segmenter()
    if segment is None:
        return False
    segment("自然语言")
    return True


def _segmented(line: str, segment: Callable[[str], set[int]] | None) -> set[int] | None:
    """The segmenter's word starts in an unspaced Chinese line (no kana: jieba knows no Japanese); else None."""
    if segment is None or _KANA.search(line) is not None:
        return None
    return segment(line)


def _unspaced_cjk_starts(lines: Sequence[str], encodings: Sequence, total: int) -> np.ndarray:
    """Word starts in Chinese/Japanese lines without spaces: every unit the pre-tokenizer made is a word.

    Without a segmenter the word boundaries of such text are unknown, so whole-word
    and span masking fall back to characters (kana runs) there; with jieba, two
    ideographs of one jieba word stay one word. Other lines are untouched.
    """
    starts = np.zeros(total, dtype=bool)
    position = 0
    segment = _segmenter()
    for line, encoding in zip(lines, encodings, strict=True):
        n = len(encoding)
        if n and _unspaced_cjk(line):
            words = _segmented(line, segment)
            previous_word, previous_cjk = None, False
            for k, ((start, _end), word) in enumerate(zip(encoding.offsets, encoding.word_ids, strict=True)):
                cjk = start < len(line) and _CJK_CHAR.match(line, start) is not None
                if k and word != previous_word and (cjk or previous_cjk):
                    starts[position + k] = words is None or not (cjk and previous_cjk) or start in words
                previous_word, previous_cjk = word, cjk
        position += n
    return starts


def _script_of(char: str) -> str:
    """'ideograph', 'hiragana', 'katakana' or '' (any other character)."""
    if re.match(f"[{_IDEOGRAPHS}]", char):
        return "ideograph"
    if re.match(f"[{_HIRAGANA}]", char):
        return "hiragana"
    if re.match(f"[{_KATAKANA}]", char):
        return "katakana"
    return ""


def _unspaced_cjk_char_starts(lines: Sequence[str], encodings: Sequence, total: int) -> np.ndarray:
    """Word starts of the character tokenizer in Chinese/Japanese lines without spaces.

    The same grouping the other kinds get from their pre-tokenizer: each ideograph
    is a word (or each jieba word, when jieba is installed), a run of hiragana or of
    katakana is one word, and a script change is a boundary. Other lines keep their
    spaces as the only boundaries.
    """
    starts = np.zeros(total, dtype=bool)
    position = 0
    segment = _segmenter()
    for line, encoding in zip(lines, encodings, strict=True):
        n = len(encoding)
        if n and _unspaced_cjk(line):
            words = _segmented(line, segment)
            previous = None
            for k, (start, end) in enumerate(encoding.offsets):
                script = _script_of(line[start:end][:1]) if end > start else ""
                if k and previous is not None and (script or previous):
                    kana_run = script == previous and script in ("hiragana", "katakana")
                    same_word = words is not None and script == previous == "ideograph" and start not in words
                    starts[position + k] = not (kana_run or same_word)
                previous = script
        position += n
    return starts


def unspaced_cjk_note(text: str) -> str | None:
    """A sentence for reports when ``text`` has Chinese/Japanese lines without spaces between words.

    It says how those lines are grouped into words: by jieba (Chinese, when installed),
    else each character (kana run) is a word.
    """
    unspaced = [line for line in text.splitlines() if _unspaced_cjk(line)]
    if not unspaced:
        return None
    if _segmenter() is not None and not any(_KANA.search(line) for line in unspaced):
        return (
            f"Chinese lines without spaces are split into words by {SEGMENTER}, so whole-word and "
            "span masking hide each of its words whole."
        )
    return (
        "Some Chinese or Japanese lines have no spaces between words, so whole-word and span "
        "masking treat each character there (each kana run) as a word. Put spaces between the "
        "words to have them masked whole"
        + (
            "."
            if _segmenter() is not None
            else f", or install {SEGMENTER} ({command_hint.optional_package_advice(SEGMENTER)}) to split "
            "Chinese into words."
        )
    )


def _mark_around(new_word: np.ndarray, flags: np.ndarray) -> None:
    """Tokens flagged (and the token after each) start a new word."""
    new_word |= flags
    new_word[1:] |= flags[:-1]


_SPACE_BEFORE = re.compile(r" ([.,;:!?%)\]}])")
_SPACE_AFTER = re.compile(r"([(\[{]) ")
_APOSTROPHE = re.compile(r"(\w) ' (\w)")


def _tidy_spaces(text: str) -> str:
    """Join punctuation as it is usually written: "cat ." -> "cat.", "don ' t" -> "don't"."""
    text = _SPACE_BEFORE.sub(r"\1", text)
    text = _SPACE_AFTER.sub(r"\1", text)
    return _APOSTROPHE.sub(r"\1'\2", text)


def _file_path(path: str | os.PathLike) -> Path:
    path = Path(path)
    return path / TOKENIZER_FILE if path.is_dir() else path


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:200]
