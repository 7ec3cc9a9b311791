"""Per-token loss on the held-out text: which tokens of the validation text a model has learned.

The trainer's validation loss is a mean over the tokens that the fixed
evaluation masks hide (``data.validation_batches``: the run's validation
split, its windows, 15% masks drawn from ``EVAL_SEED``). This module rebuilds
exactly those batches with the trainer's own functions (``split_spans``,
``encode_stream``, ``validation_batches``), runs the model over them in the
trainer's precision, and keeps every hidden token's loss instead of only
their mean. So the mean of ``TokenLossReport.losses`` *is* the validation
loss the run reports for the same weights (tests/engine/test_token_loss.py
checks it to 1e-5), and the colours drawn from it agree with the plotted
curve.

Each evaluated token gets its characters in the validation text (the split's
blocks joined as ``TextSpans.joined`` joins them), so a face can colour the
text itself. Those offsets come from a second pass of the run's tokenizer
over the same chunks and lines ``encode_stream`` reads, checked token for
token against the stream.

The difference of two runs (``compare_reports``) is defined on the
validation text's *words* (maximal runs of non-space characters), so it
works whatever the two tokenizers and sequence lengths are: a run's loss on
a word is the mean loss of that run's evaluated tokens whose characters lie
in the word; the difference is run A's loss minus run B's, in nats, over the
words both runs evaluated (positive: B does better). A word counts as
*learned* by a run when the run's top prediction is right for every
evaluated token of the word. With one tokenizer and one sequence length the
two runs hide the very same tokens, so the word difference is the exact
per-token difference summed up word by word; with different tokenizers a
word's losses are per token of each run's own tokenizer, and the comparison
says so. Runs on different corpora or different validation splits are
refused with a sentence: their validation texts are not the same text.
"""

from __future__ import annotations

import hashlib
import logging
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import torch
import torch.nn.functional as F

from mlmstudio.engine.artifacts import LoadedModel
from mlmstudio.engine.corpus import split_spans
from mlmstudio.engine.data import CHUNK_CHARS, Batch, TokenStream, encode_stream, validation_batches
from mlmstudio.engine.device import autocast_context, resolve_precision
from mlmstudio.engine.errors import MLMStudioError, PredictionError
from mlmstudio.engine.masking import IGNORE_INDEX
from mlmstudio.engine.text_spans import TextSpans
from mlmstudio.engine.tokenization import MLMTokenizer

log = logging.getLogger(__name__)

ProgressCallback = Callable[[int, int], None]  # (windows done, windows in all)
_WORD = re.compile(r"\S+")
_LINES_PER_CALL = 2048  # lines per tokenizer call while placing tokens: stops soon after the limit


class TokenLossCancelled(MLMStudioError):
    """The user stopped the computation; nothing was kept."""


@dataclass(frozen=True)
class TokenLossReport:
    """Every evaluated (masked) token of one run's validation windows, in text order.

    Offsets are into the whole validation text; ``text`` is its part from
    ``text_start`` to the end of the last evaluated window (what a view draws).
    """

    run_label: str
    text: str
    text_start: int
    starts: np.ndarray  # int64[N] first character of each evaluated token (validation text)
    ends: np.ndarray  # int64[N] one past its last character
    token_ids: np.ndarray  # int64[N] the true token
    predicted_ids: np.ndarray  # int64[N] the model's top prediction at that position
    losses: np.ndarray  # float64[N] cross-entropy in nats
    tokens: tuple[str, ...]  # readable form of each true token
    predictions: tuple[str, ...]  # readable form of each top prediction
    windows: int  # validation windows evaluated
    window_tokens: int  # tokens those windows hold (without [CLS]/[SEP])
    precision: str  # fp32 or bf16, as the trainer evaluated
    validation_sha256: str  # fingerprint of the validation text: same split, same text
    corpus_sha256: str = ""  # fingerprint of the corpus (the history's record), when known
    tokenizer_kind: str = ""
    seq_len: int = 0
    recorded_val_loss: float | None = None  # what the run reported (metrics.json), for comparison

    def __len__(self) -> int:
        return int(self.losses.shape[0])

    @property
    def mean_loss(self) -> float:
        """The mean over every evaluated token: the trainer's validation loss for these masks."""
        return float(self.losses.mean()) if len(self) else math.nan

    @property
    def accuracy(self) -> float:
        return float((self.predicted_ids == self.token_ids).mean()) if len(self) else math.nan

    def text_of(self, i: int) -> str:
        """The characters of token ``i`` as written in the validation text."""
        return self.text[self.starts[i] - self.text_start : self.ends[i] - self.text_start]

    def ranked(self, count: int, *, worst: bool = True) -> list[int]:
        """Indices of the ``count`` costliest (or cheapest) tokens; ties in text order."""
        order = np.argsort(-self.losses if worst else self.losses, kind="stable")
        return [int(i) for i in order[:count]]

    def rows(self) -> list[dict]:
        """One plain dict per evaluated token (CSV and JSON)."""
        return [
            {
                "start": int(self.starts[i]),
                "end": int(self.ends[i]),
                "text": self.text_of(i),
                "token": self.tokens[i],
                "loss": float(self.losses[i]),
                "prediction": self.predictions[i],
                "correct": bool(self.predicted_ids[i] == self.token_ids[i]),
            }
            for i in range(len(self))
        ]

    def summary(self) -> dict:
        return {
            "run": self.run_label,
            "mean_loss": self.mean_loss,
            "accuracy": self.accuracy,
            "evaluated_tokens": len(self),
            "windows": self.windows,
            "window_tokens": self.window_tokens,
            "precision": self.precision,
            "recorded_val_loss": self.recorded_val_loss,
            "tokenizer": self.tokenizer_kind,
            "seq_len": self.seq_len,
        }

    def as_dict(self) -> dict:
        return {**self.summary(), "tokens": self.rows()}


# ------------------------------------------------------------------------------- computing


def token_losses(
    loaded: LoadedModel,
    corpus_text: str,
    *,
    run_label: str = "",
    corpus_sha256: str = "",
    progress: ProgressCallback | None = None,
    should_stop: Callable[[], bool] | None = None,
    precision: str | None = None,
    whole_text: bool = False,
) -> TokenLossReport:
    """Every evaluated token's loss on ``loaded``'s validation windows of ``corpus_text``.

    ``whole_text``: ``corpus_text`` is a text the user chose (an opened model has no held-out
    split of its own): its windows from the start, not the run's held-out share of it.
    ``precision`` defaults to the one the run trained (and evaluated) in, as its
    metrics record it, so the mean matches the reported validation loss.
    ``should_stop()`` is asked between batches; True raises ``TokenLossCancelled``.
    """
    config, tokenizer, model = loaded.config, loaded.tokenizer, loaded.model
    cfg = config.training
    if whole_text:
        val_spans = TextSpans.whole(corpus_text)
    else:
        _, val_spans = split_spans(corpus_text, config.corpus.val_fraction, cfg.seed)
    if len(val_spans) == 0:
        raise PredictionError(
            "The chosen text is empty. Choose a text with words in it."
            if whole_text
            else "This run has no validation text (its held-out share is empty), so there "
            "is no held-out loss to show. Train a run with a held-out share above 0."
        )
    stream = encode_stream(val_spans, tokenizer)
    batches = validation_batches(stream, tokenizer, cfg.seq_len, cfg.batch_size, cfg.eval_batches)
    if not batches:
        raise PredictionError(
            "The chosen text has no tokens to evaluate. Choose a longer text."
            if whole_text
            else "The validation text of this run has no tokens to evaluate. "
            "Train a run on a corpus with more text."
        )
    window_starts = _window_starts(batches, stream, cfg.batch_size * cfg.eval_batches)
    last_token = (int(window_starts[-1][-1]) + _body(batches) - 1) % len(stream)
    starts, ends = token_offsets(val_spans, tokenizer, stream.ids, limit=last_token + 1)

    device = next(model.parameters()).device
    precision = precision or _recorded_precision(loaded, device)
    model.eval()
    positions, token_ids, predicted, losses = [], [], [], []
    done, total = 0, sum(int(b.input_ids.shape[0]) for b in batches)
    if progress is not None:
        progress(0, total)
    with torch.no_grad():
        for batch, first in zip(batches, window_starts, strict=True):
            if should_stop is not None and should_stop():
                raise TokenLossCancelled("The per-token loss was cancelled.")
            labelled = batch.labels != IGNORE_INDEX  # [B, T]
            with autocast_context(device, precision):
                out = model(
                    batch.input_ids.to(device),
                    attention_mask=batch.attention_mask.to(device),
                    labels=batch.labels.to(device),
                )
            logits = out.logits if out.logits.dim() == 2 else out.logits[labelled.to(device)]
            logits = logits.float()  # [N, V], row-major order
            targets = batch.labels[labelled]
            losses.append(F.cross_entropy(logits, targets.to(device), reduction="none").double().cpu())
            predicted.append(logits.argmax(-1).cpu())
            token_ids.append(targets)
            rows, cols = labelled.nonzero(as_tuple=True)
            # Position t of window w holds stream token start_w + t - 1 ([CLS] is position 0).
            positions.append((first[rows.numpy()] + cols.numpy() - 1) % len(stream))
            done += int(batch.input_ids.shape[0])
            if progress is not None:
                progress(done, total)

    flat = np.concatenate(positions)
    order = np.argsort(flat, kind="stable")  # text order
    flat = flat[order]
    token_ids_np = torch.cat(token_ids).numpy()[order].astype(np.int64)
    predicted_np = torch.cat(predicted).numpy()[order].astype(np.int64)
    losses_np = torch.cat(losses).numpy()[order]
    text_end = int(ends[last_token])
    validation_text = val_spans.joined()
    text_start = int(starts[0])
    return TokenLossReport(
        run_label=run_label,
        text=validation_text[text_start:text_end],
        text_start=text_start,
        starts=starts[flat],
        ends=ends[flat],
        token_ids=token_ids_np,
        predicted_ids=predicted_np,
        losses=losses_np,
        tokens=_readable(tokenizer, token_ids_np),
        predictions=_readable(tokenizer, predicted_np),
        windows=total,
        window_tokens=total * _body(batches),
        precision=precision,
        validation_sha256=hashlib.sha256(validation_text.encode("utf-8", "surrogatepass")).hexdigest(),
        corpus_sha256=corpus_sha256,
        tokenizer_kind=tokenizer.kind,
        seq_len=cfg.seq_len,
        # A chosen text is not the held-out text the recorded loss was measured on.
        recorded_val_loss=None if whole_text else _number(loaded.metrics.get("val_loss")),
    )


def token_offsets(
    spans: TextSpans, tokenizer: MLMTokenizer, ids: np.ndarray, *, limit: int | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """(starts, ends) of the tokens of ``encode_stream(spans)`` in ``spans.joined()``.

    Reads the same chunks and lines ``encode_stream`` reads (so the same tokens)
    and checks the ids against ``ids``, the stream's own. With ``limit`` it stops
    once that many tokens are placed: the evaluated windows are the stream's
    first tokens, and a large validation text need not be read twice.
    """
    joined_at, joined_offset = [], 0
    for start, end in spans.spans:  # where each span begins in the joined text
        joined_at.append(joined_offset)
        joined_offset += end - start + (0 if spans.text[end - 1].isspace() else 1)
    limit = len(ids) if limit is None else min(limit, len(ids))
    span_index = 0
    position = spans.spans[0][0] if spans.spans else 0
    starts, ends, got, placed = [], [], [], 0
    for chunk in spans.chunks(CHUNK_CHARS):
        if placed >= limit:
            break
        if position >= spans.spans[span_index][1]:
            span_index += 1
            position = spans.spans[span_index][0]
        base = joined_at[span_index] + position - spans.spans[span_index][0]
        lines = chunk.splitlines(keepends=True)
        line_base = np.cumsum([0] + [len(line) for line in lines[:-1]]) + base
        for first in range(0, len(lines), _LINES_PER_CALL):
            if placed >= limit:
                break
            group = lines[first : first + _LINES_PER_CALL]
            encodings = tokenizer.backend.encode_batch(group, add_special_tokens=False)
            for encoding, offset in zip(encodings, line_base[first : first + len(group)], strict=True):
                if encoding.ids:
                    pairs = np.asarray(encoding.offsets, dtype=np.int64).reshape(-1, 2) + offset
                    starts.append(pairs[:, 0])
                    ends.append(pairs[:, 1])
                    got.append(np.asarray(encoding.ids, dtype=np.int64))
                    placed += len(encoding.ids)
        position += len(chunk)
    if not got:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    got_ids = np.concatenate(got)
    if len(got_ids) < limit or not np.array_equal(got_ids[: len(ids)], ids[: len(got_ids)].astype(np.int64)):
        raise RuntimeError("token offsets disagree with the token stream")  # a bug, not bad input
    return np.concatenate(starts)[: len(ids)], np.concatenate(ends)[: len(ids)]


def _window_starts(batches: list[Batch], stream: TokenStream, most_windows: int) -> list[np.ndarray]:
    """The stream index each batch's windows begin at.

    ``validation_batches`` places window w at w * length and may drop a batch
    whose masks picked nothing, so each kept batch is matched to its place by
    its unmasked tokens (labels put back where the masks hid them).
    """
    length = int(batches[0].input_ids.shape[1]) - 2
    per_batch = int(batches[0].input_ids.shape[0])
    count = min(max(1, len(stream) // length), most_windows)  # as validation_batches counts them
    grid = np.arange(count, dtype=np.int64) * length
    found, cursor = [], 0
    for batch in batches:
        original = torch.where(batch.labels != IGNORE_INDEX, batch.labels, batch.input_ids)[:, 1:-1].numpy()
        rows = original.shape[0]
        while cursor < len(grid):
            candidate = grid[cursor : cursor + rows]
            if len(candidate) == rows:
                ids = stream.ids[(candidate[:, None] + np.arange(length)[None, :]) % len(stream)]
                if np.array_equal(ids.astype(np.int64), original):
                    break
            cursor += per_batch
        else:
            raise RuntimeError("a validation batch matches no window of the stream")  # a bug
        found.append(grid[cursor : cursor + rows])
        cursor += per_batch
    return found


def _body(batches: list[Batch]) -> int:
    return int(batches[0].input_ids.shape[1]) - 2


def _recorded_precision(loaded: LoadedModel, device: torch.device) -> str:
    recorded = str(loaded.metrics.get("precision") or "")
    if recorded in ("fp32", "bf16"):
        return recorded
    return resolve_precision(loaded.config.training.precision, device)


def _readable(tokenizer: MLMTokenizer, ids: np.ndarray) -> tuple[str, ...]:
    cache: dict[int, str] = {}
    return tuple(cache.get(i) or cache.setdefault(i, tokenizer.token_str(i)) for i in ids.tolist())


def _number(value) -> float | None:
    return float(value) if isinstance(value, int | float) and math.isfinite(value) else None


# ------------------------------------------------------------------------------- comparing


@dataclass(frozen=True)
class WordDifference:
    start: int  # characters of the word in the validation text
    end: int
    word: str
    loss_a: float  # mean loss of run A's evaluated tokens in the word
    loss_b: float
    learned_a: bool  # every evaluated token of the word predicted right
    learned_b: bool

    @property
    def difference(self) -> float:
        """A's loss minus B's, in nats: positive where run B does better."""
        return self.loss_a - self.loss_b


@dataclass(frozen=True)
class TokenLossComparison:
    """Run A against run B on the words of their shared validation text (see the module docstring)."""

    a: TokenLossReport
    b: TokenLossReport
    text: str
    text_start: int
    words: tuple[WordDifference, ...] = field(repr=False)
    note: str = ""

    @property
    def mean_difference(self) -> float:
        return float(np.mean([w.difference for w in self.words])) if self.words else math.nan

    def learned_by_b_only(self) -> list[WordDifference]:
        """Words run B predicts right and run A does not, the largest differences first."""
        return sorted((w for w in self.words if w.learned_b and not w.learned_a), key=lambda w: -w.difference)

    def learned_by_a_only(self) -> list[WordDifference]:
        return sorted((w for w in self.words if w.learned_a and not w.learned_b), key=lambda w: w.difference)

    def ranked(self, count: int, *, b_better: bool = True) -> list[WordDifference]:
        return sorted(self.words, key=lambda w: -w.difference if b_better else w.difference)[:count]

    def as_dict(self) -> dict:
        return {
            "a": self.a.summary(),
            "b": self.b.summary(),
            "note": self.note,
            "definition": "per word of the validation text: the mean loss of each run's evaluated "
            "tokens inside the word; difference = loss A - loss B (positive: B better)",
            "compared_words": len(self.words),
            "mean_difference": self.mean_difference,
            "learned_by_b_only": len(self.learned_by_b_only()),
            "learned_by_a_only": len(self.learned_by_a_only()),
            "words": [
                {
                    "start": w.start,
                    "end": w.end,
                    "word": w.word,
                    "loss_a": w.loss_a,
                    "loss_b": w.loss_b,
                    "difference": w.difference,
                    "learned_a": w.learned_a,
                    "learned_b": w.learned_b,
                }
                for w in self.words
            ],
        }


def compare_reports(a: TokenLossReport, b: TokenLossReport) -> TokenLossComparison:
    """Which words of the validation text run B has learned that run A has not."""
    if a.corpus_sha256 and b.corpus_sha256 and a.corpus_sha256 != b.corpus_sha256:
        raise PredictionError(
            f"{_named(a)} and {_named(b)} were trained on different corpora, so their "
            "validation texts differ and cannot be compared. Choose two runs of the "
            "same corpus."
        )
    if a.validation_sha256 != b.validation_sha256:
        raise PredictionError(
            f"{_named(a)} and {_named(b)} hold out different validation text (their "
            "held-out share or seed differ), so their losses are on different text. "
            "Choose two runs with the same held-out share and seed."
        )
    # Both reports start at the first validation token; the longer one holds the other's text.
    wide = a if a.text_start + len(a.text) >= b.text_start + len(b.text) else b
    text, text_start = wide.text, wide.text_start
    spans = [(m.start() + text_start, m.end() + text_start) for m in _WORD.finditer(text)]
    word_starts = np.array([s for s, _ in spans], dtype=np.int64)
    word_ends = np.array([e for _, e in spans], dtype=np.int64)
    per_run = [_word_means(r, word_starts, word_ends) for r in (a, b)]
    words = []
    for w in sorted(set(per_run[0]) & set(per_run[1])):
        (loss_a, learned_a), (loss_b, learned_b) = per_run[0][w], per_run[1][w]
        start, end = int(word_starts[w]), int(word_ends[w])
        words.append(
            WordDifference(
                start, end, text[start - text_start : end - text_start], loss_a, loss_b, learned_a, learned_b
            )
        )
    note = ""
    if a.tokenizer_kind != b.tokenizer_kind or a.seq_len != b.seq_len:
        note = (
            "The runs cut the text differently (tokenizer or sequence length), so they hid different "
            "tokens: each word's loss is the mean over the tokens each run hid in it."
        )
    return TokenLossComparison(a, b, text, text_start, tuple(words), note)


def _word_means(
    report: TokenLossReport, word_starts: np.ndarray, word_ends: np.ndarray
) -> dict[int, tuple[float, bool]]:
    """{word index: (mean loss, all right)} over the report's tokens that lie inside a word."""
    index = np.searchsorted(word_starts, report.starts, side="right") - 1
    inside = (
        (index >= 0) & (report.ends <= word_ends[np.clip(index, 0, None)])
        if len(word_ends)
        else np.zeros(len(report), bool)
    )
    sums: dict[int, list] = {}
    for i in np.flatnonzero(inside).tolist():
        entry = sums.setdefault(int(index[i]), [0.0, 0, True])
        entry[0] += float(report.losses[i])
        entry[1] += 1
        entry[2] = entry[2] and bool(report.predicted_ids[i] == report.token_ids[i])
    return {w: (total / count, right) for w, (total, count, right) in sums.items()}


def _named(report: TokenLossReport) -> str:
    return f"Run {report.run_label}" if report.run_label else "The first run"
