"""Sentence scores: how natural a masked language model finds a whole sentence.

A masked language model gives no probability of a sentence, but it can score
one by pseudo-log-likelihood (PLL, Salazar et al. 2020, "Masked Language
Model Scoring"): mask each token in turn, read the log-probability the model
gives the true token there, and add them up. The pseudo-perplexity is
``exp(-PLL / tokens)``: 1 for a sentence the model is sure of, the vocabulary
size for a uniform guess.

Words of several pieces. The original PLL masks one token at a time, so when
it scores the first piece of "Paris" (``Pa ##ris``) the model still sees
``##ris`` and can spell the word back; words the tokenizer splits are scored
too high. We follow the word-level correction of Kauf & Ivanova (2023, "A
Better Way to Do Masked Language Model Scoring"), *PLL-word-l2r*: to score a
piece, also mask the pieces to its right within the same word (the last piece
is masked alone, as before). A one-piece word's score is unchanged. That is
the sentence's ``score`` by default (``metric="word-l2r"``); ``metric="token"``
gives the original token-level PLL. ``both_metrics=True`` computes both in one
pass (``pll_token``, ``pll_word_l2r``; otherwise the other one is None).
Words are what the tokenizer calls words (``MLMTokenizer.encode_with_words``):
whitespace-delimited, and for a character model every letter of a word is
one of its pieces.

Speed. All the masked copies of a sentence go through the model together,
in chunks of at most ``max_batch_tokens`` tokens, which gives the same
numbers as one pass. The modern architecture computes its head and
vocabulary projection only at the labelled positions (``labels`` and
``label_positions``), so each copy costs one head, not one per token. One
metric costs one copy per token; both cost one more per non-last piece of a
split word (the copies of last pieces and one-piece words are shared).

The sentence is framed as [CLS] text [SEP], as in training. A text longer
than the model reads is scored whole, in windows: each token is scored in the
``max_len - 2`` tokens around it (centred where the text allows), so every
token keeps as much context as the model can read; the result says so
(``windowed``). Texts of more than ``MAX_TOKENS`` tokens are cut there.

Minimal pairs (``compare``): two sentences that differ in a word or two. The
verdict is the difference of their scores in nats. Which token decides it:
the two token sequences are aligned with ``difflib.SequenceMatcher`` on the
token ids; a token the two share is paired with itself (its log-probability
can still differ, through the context), and each stretch that differs is one
unit, its pieces summed on each side (the stretches may have different
lengths, so they cannot be paired piece by piece). The deciding unit is the
one whose difference is largest in the direction of the verdict; when it is a
shared token (the context moved it), the verdict also says what the
differing tokens add. Every token costs, so a stretch present in one sentence
only always counts against it, and a reordered sentence aligns as a deletion
plus an insertion: the verdict warns when the lengths differ, and minimal
pairs of equal length (substitutions) are what it explains best.
"""

from __future__ import annotations

import csv
import difflib
import io
import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import torch

from mlmstudio import command_hint
from mlmstudio.engine.errors import PredictionError
from mlmstudio.engine.masking import IGNORE_INDEX
from mlmstudio.engine.predict import Predictor, check_text

METRICS = ("word-l2r", "token")
PRECISIONS = ("fp32", "bf16")
DEFAULT_MAX_BATCH_TOKENS = 16_384  # tokens per forward pass: a few MB of activations for small models
MAX_TOKENS = 4096  # longer texts are cut: each token costs one forward row


@dataclass
class TokenScore:
    """One token of a scored sentence."""

    token: int
    token_str: str
    word: int  # index of the word it belongs to (pieces of one word share it)
    log_prob: float  # the token's share of the sentence's score (the chosen metric)
    log_prob_token: float | None  # masked alone (the original PLL)
    log_prob_word_l2r: float | None  # masked with the pieces to its right in its word
    unknown: bool = False  # [UNK]: the word is not in the vocabulary


@dataclass
class SentenceScore:
    """The pseudo-log-likelihood of one sentence, with each token's part in it."""

    text: str
    score: float  # PLL by the chosen metric, in nats (higher = more natural)
    pseudo_perplexity: float  # exp(-score / num_tokens)
    metric: str
    pll_token: float | None  # Salazar et al.'s original PLL (None when not computed)
    pll_word_l2r: float | None  # with the word-level correction (None when not computed)
    num_tokens: int
    tokens: list[TokenScore] = field(default_factory=list)
    truncated: bool = False  # cut at MAX_TOKENS
    windowed: bool = False  # longer than the model reads: each token scored in a window around it
    note: str = ""

    def worst_token(self) -> TokenScore | None:
        """The token that costs the most (lowest log-probability)."""
        return min(self.tokens, key=lambda t: t.log_prob, default=None)

    def as_dict(self, per_token: bool = True) -> dict[str, Any]:
        data = asdict(self)
        if not per_token:
            data.pop("tokens")
        return data


@dataclass
class AlignedUnit:
    """One unit of two aligned sentences: a shared token, or a stretch where they differ."""

    kind: str  # "same" or "differs"
    a_tokens: list[str]
    b_tokens: list[str]
    a_log_prob: float
    b_log_prob: float
    difference: float  # a_log_prob - b_log_prob


@dataclass
class PairVerdict:
    """Which of two sentences the model prefers, by how much, and the token that decides it."""

    a: SentenceScore
    b: SentenceScore
    preferred: str  # "a", "b" or "neither"
    difference: float  # a.score - b.score, nats
    deciding: AlignedUnit | None
    units: list[AlignedUnit] = field(default_factory=list)

    def summary(self) -> str:
        """The verdict in one sentence."""
        if self.preferred == "neither":
            return "The model finds both sentences equally likely."
        better, worse = (self.a, self.b) if self.preferred == "a" else (self.b, self.a)
        text = (
            f"The model prefers \u201c{better.text}\u201d over \u201c{worse.text}\u201d by "
            f"{abs(self.difference):.2f} nats (\u00d7{_ratio(abs(self.difference))} as likely)"
        )
        unit = self.deciding
        if unit is not None:
            mine, theirs = (
                (unit.a_tokens, unit.b_tokens) if self.preferred == "a" else (unit.b_tokens, unit.a_tokens)
            )
            shown = " ".join(mine) or "(nothing)"
            other = " ".join(theirs) or "(nothing)"
            if unit.kind == "differs" and not mine:
                text += (
                    f"; it is decided by \u201c{other}\u201d, which the other sentence has and this one lacks"
                )
            elif unit.kind == "differs":
                text += f"; it is decided at \u201c{shown}\u201d against \u201c{other}\u201d"
            else:
                text += f"; the shared token \u201c{shown}\u201d weighs most, through its context"
            text += f" ({abs(unit.difference):.2f} nats)"
            if unit.kind == "same":
                differing = [u for u in self.units if u.kind == "differs"]
                if differing:
                    net = sum(u.difference for u in differing) * (1 if self.preferred == "a" else -1)
                    text += f"; the tokens that differ add {net:+.2f} nats"
        text += "."
        if self.a.num_tokens != self.b.num_tokens:
            text += (
                f" The sentences have {self.a.num_tokens} and {self.b.num_tokens} tokens: every token "
                "costs, so the longer one starts behind; minimal pairs of equal length compare best."
            )
        return text

    def as_dict(self, per_token: bool = True) -> dict[str, Any]:
        return {
            "a": self.a.as_dict(per_token),
            "b": self.b.as_dict(per_token),
            "preferred": self.preferred,
            "difference": self.difference,
            "deciding": None if self.deciding is None else asdict(self.deciding),
            "units": [asdict(u) for u in self.units],
            "summary": self.summary(),
        }


# ---------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------


def score_sentence(
    predictor: Predictor,
    text: str,
    *,
    metric: str = "word-l2r",
    max_batch_tokens: int = DEFAULT_MAX_BATCH_TOKENS,
    precision: str = "fp32",
    both_metrics: bool = False,
) -> SentenceScore:
    """The PLL of one sentence in one batched pass (chunked); see the module docstring.

    precision "bf16" runs the model under bf16 autocast: about twice as fast on a CPU with
    native bf16, at a cost of about 0.01 nats per sentence (docs/PERFORMANCE.md).
    """
    _check_metric(metric)
    if precision not in PRECISIONS:
        raise PredictionError(f"Unknown precision {precision!r}: use one of {', '.join(PRECISIONS)}.")
    ids, words, truncated = _encode_sentence(predictor, text)
    room = predictor.max_len - 2
    tok = predictor.tokenizer
    with torch.autocast(predictor.device.type, dtype=torch.bfloat16, enabled=precision == "bf16"):
        token_lp, l2r_lp = _masked_log_probs(
            predictor,
            ids,
            words,
            max_batch_tokens,
            room=room,
            token=both_metrics or metric == "token",
            word_l2r=both_metrics or metric == "word-l2r",
        )
    chosen = l2r_lp if metric == "word-l2r" else token_lp
    assert chosen is not None
    absent: list[float | None] = [None] * len(ids)  # a metric that was not computed
    tokens = [
        TokenScore(int(t), tok.token_str(int(t)), int(w), c, a, b, int(t) == tok.unk_token_id)
        for t, w, c, a, b in zip(ids, words, chosen, token_lp or absent, l2r_lp or absent, strict=True)
    ]
    score = float(sum(chosen))
    notes = []
    if len(ids) > room:
        notes.append(
            f"The text is longer than this model reads at once ({predictor.max_len} tokens with "
            f"[CLS] and [SEP]): each token was scored in the {room} tokens around it."
        )
    if truncated:
        notes.append(f"The text is very long: only its first {len(ids)} tokens were scored.")
    if any(t.unknown for t in tokens):
        notes.append("Part of it is not in the model's vocabulary ([UNK]), so its score is unreliable.")
    return SentenceScore(
        text=text,
        score=score,
        pseudo_perplexity=_exp(-score / len(ids)),
        metric=metric,
        pll_token=None if token_lp is None else float(sum(token_lp)),
        pll_word_l2r=None if l2r_lp is None else float(sum(l2r_lp)),
        num_tokens=len(ids),
        tokens=tokens,
        truncated=truncated,
        windowed=len(ids) > room,
        note=" ".join(notes),
    )


def score_sentences(
    predictor: Predictor,
    texts: Sequence[str],
    *,
    metric: str = "word-l2r",
    max_batch_tokens: int = DEFAULT_MAX_BATCH_TOKENS,
) -> list[SentenceScore]:
    """Score each sentence; the list is ranked, most natural (highest score) first."""
    texts = list(texts)
    if not texts:
        raise PredictionError("Give at least one sentence to score.")
    scores = [score_sentence(predictor, t, metric=metric, max_batch_tokens=max_batch_tokens) for t in texts]
    return sorted(scores, key=lambda s: s.score, reverse=True)


def compare(
    predictor: Predictor,
    a: str,
    b: str,
    *,
    metric: str = "word-l2r",
    max_batch_tokens: int = DEFAULT_MAX_BATCH_TOKENS,
) -> PairVerdict:
    """The minimal-pair verdict on sentences a and b (see the module docstring)."""
    first = score_sentence(predictor, a, metric=metric, max_batch_tokens=max_batch_tokens)
    second = score_sentence(predictor, b, metric=metric, max_batch_tokens=max_batch_tokens)
    return verdict(first, second)


def verdict(a: SentenceScore, b: SentenceScore) -> PairVerdict:
    """Compare two scored sentences: the preferred one, the difference and the deciding unit."""
    units = align(a, b)
    difference = a.score - b.score
    if abs(difference) < 1e-6:
        return PairVerdict(a, b, "neither", difference, None, units)
    sign = 1.0 if difference > 0 else -1.0
    deciding = max(units, key=lambda u: sign * u.difference, default=None)
    if deciding is not None and sign * deciding.difference <= 0:
        deciding = None
    return PairVerdict(a, b, "a" if difference > 0 else "b", difference, deciding, units)


def align(a: SentenceScore, b: SentenceScore) -> list[AlignedUnit]:
    """Shared tokens paired one to one, each differing stretch as one unit (difflib on token ids)."""
    matcher = difflib.SequenceMatcher(
        a=[t.token for t in a.tokens], b=[t.token for t in b.tokens], autojunk=False
    )
    units = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            for ta, tb in zip(a.tokens[i1:i2], b.tokens[j1:j2], strict=True):
                units.append(
                    AlignedUnit(
                        "same",
                        [ta.token_str],
                        [tb.token_str],
                        ta.log_prob,
                        tb.log_prob,
                        ta.log_prob - tb.log_prob,
                    )
                )
        else:
            sa, sb = a.tokens[i1:i2], b.tokens[j1:j2]
            la, lb = sum(t.log_prob for t in sa), sum(t.log_prob for t in sb)
            units.append(
                AlignedUnit("differs", [t.token_str for t in sa], [t.token_str for t in sb], la, lb, la - lb)
            )
    return units


def to_json(value: Any, indent: int | None = 2) -> str:
    """JSON of scores or a verdict (dataclasses or lists of them)."""

    def plain(item: Any) -> Any:
        if isinstance(item, (SentenceScore, PairVerdict)):
            return item.as_dict()
        if isinstance(item, list):
            return [plain(v) for v in item]
        if isinstance(item, float) and not math.isfinite(item):
            return None
        return item

    return json.dumps(plain(value), indent=indent, ensure_ascii=False)


# ---------------------------------------------------------------------------
# The masked copies
# ---------------------------------------------------------------------------


def window_start(i: int, length: int, room: int) -> int:
    """Where the window of ``room`` tokens that scores token i starts: centred on i where it fits."""
    if length <= room:
        return 0
    return min(max(0, i - room // 2), length - room)


def masked_copies(
    ids: Sequence[int],
    words: Sequence[int],
    mask_id: int,
    *,
    token: bool = True,
    word_l2r: bool = True,
    room: int | None = None,
) -> tuple[list[list[int]], list[int], list[int], list[str]]:
    """The rows to run, the body position each scores, its column in the row, and the metric(s) it serves.

    A token-level row masks token i alone; a word-l2r row masks piece i and the
    pieces to its right in its word. For the last piece of a word (and a
    one-piece word) the two rows are the same row, run once ("both"). With
    ``room`` shorter than the text, each row is the window of ``room`` tokens
    around the token it scores (``window_start``).
    """
    room = len(ids) if room is None else room
    rows, positions, columns, serves = [], [], [], []
    for i in range(len(ids)):
        start = window_start(i, len(ids), room)
        end = start + min(room, len(ids))
        right = [j for j in range(i + 1, end) if words[j] == words[i]]
        alone = list(ids[start:end])
        alone[i - start] = mask_id
        kinds = (
            (["both"] if token or word_l2r else [])
            if not right
            else (["token"] if token else []) + (["word-l2r"] if word_l2r else [])
        )
        for kind in kinds:
            row = list(alone)
            if kind == "word-l2r":
                for j in right:
                    row[j - start] = mask_id
            rows.append(row)
            positions.append(i)
            columns.append(i - start)
            serves.append(kind)
    return rows, positions, columns, serves


@torch.inference_mode()
def _masked_log_probs(
    predictor: Predictor,
    ids: list[int],
    words: list[int],
    max_batch_tokens: int,
    *,
    room: int,
    token: bool,
    word_l2r: bool,
) -> tuple[list[float] | None, list[float] | None]:
    """(token-level, word-l2r) log-probabilities of each true token in body order; None if not asked."""
    tok = predictor.tokenizer
    rows, positions, columns, serves = masked_copies(
        ids, words, tok.mask_token_id, token=token, word_l2r=word_l2r, room=room
    )
    framed = torch.tensor(
        [[tok.cls_token_id, *row, tok.sep_token_id] for row in rows],
        dtype=torch.long,
        device=predictor.device,
    )  # [R, T+2]
    where = torch.tensor(columns, dtype=torch.long, device=predictor.device) + 1  # [R] framed positions
    targets = torch.tensor([ids[p] for p in positions], dtype=torch.long, device=predictor.device)
    width = framed.shape[1]
    per_pass = max(1, int(max_batch_tokens) // width)
    values = []
    for start in range(0, framed.shape[0], per_pass):
        batch = framed[start : start + per_pass]  # [B, T+2]
        B = batch.shape[0]
        labels = torch.full_like(batch, IGNORE_INDEX)
        rows_in = torch.arange(B, device=batch.device)
        labels[rows_in, where[start : start + B]] = targets[start : start + B]
        # One labelled position per row, in row order: the modern head runs only there.
        label_positions = rows_in * width + where[start : start + B]
        out = predictor.model(batch, labels=labels, label_positions=label_positions)
        logits, wanted = out.labelled(labels)  # [B, V], [B]
        log_probs = torch.log_softmax(logits.float(), dim=-1)
        values.append(log_probs.gather(1, wanted[:, None]).squeeze(1).cpu())
    token_lp: list[float] = [0.0] * len(ids)
    l2r_lp: list[float] = [0.0] * len(ids)
    for value, position, kind in zip(torch.cat(values).tolist(), positions, serves, strict=True):
        if kind != "word-l2r":
            token_lp[position] = value
        if kind != "token":
            l2r_lp[position] = value
    return (token_lp if token else None), (l2r_lp if word_l2r else None)


def _encode_sentence(predictor: Predictor, text: str) -> tuple[list[int], list[int], bool]:
    """Body token ids and word ids of a sentence (cut at MAX_TOKENS); plain sentences if unusable."""
    check_text(text, "The sentence")
    if not text.strip():
        raise PredictionError("The sentence is empty. Type a sentence to score.")
    tok = predictor.tokenizer
    ids_array, words_array = tok.encode_with_words(text.strip())
    ids, words = [int(i) for i in ids_array], [int(w) for w in words_array]
    if not ids:
        raise PredictionError("This sentence has no tokens the model reads. Type a sentence in words.")
    markers = sorted({tok.token_str(i) for i in ids if i in tok.special_ids and i != tok.unk_token_id})
    if markers:
        raise PredictionError(
            f"The sentence holds {', '.join(markers)}, a marker the model uses itself. "
            "Write the sentence out in full words to score it (to fill a blank, "
            f"use '{command_hint.command('fill')}' or Explore's Predictions tab)."
        )
    truncated = len(ids) > MAX_TOKENS
    return ids[:MAX_TOKENS], words[:MAX_TOKENS], truncated


def _check_metric(metric: str) -> None:
    if metric not in METRICS:
        raise PredictionError(f"Unknown scoring metric {metric!r}: use one of {', '.join(METRICS)}.")


def _exp(x: float) -> float:
    try:
        return math.exp(x)
    except OverflowError:
        return float("inf")


def _ratio(nats: float) -> str:
    """exp(nats) for people: 3.2, 45, 1.2e+05."""
    value = _exp(nats)
    if value < 10:
        return f"{value:.1f}"
    return f"{value:.0f}" if value < 1e5 else f"{value:.1e}"


CSV_COLUMNS = (
    "rank",
    "sentence",
    "score",
    "pseudo_perplexity",
    "metric",
    "token_index",
    "token",
    "word",
    "log_prob",
    "log_prob_token",
    "log_prob_word_l2r",
)


def to_csv(ranked: Sequence[SentenceScore]) -> str:
    """One row per token of each sentence, in rank order, with the sentence's numbers repeated."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for rank, s in enumerate(ranked, 1):
        for index, t in enumerate(s.tokens):
            writer.writerow(
                [
                    rank,
                    s.text,
                    f"{s.score:.6f}",
                    f"{s.pseudo_perplexity:.6g}",
                    s.metric,
                    index,
                    t.token_str,
                    t.word,
                    f"{t.log_prob:.6f}",
                    _number(t.log_prob_token),
                    _number(t.log_prob_word_l2r),
                ]
            )
    return buffer.getvalue()


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:.6f}"
