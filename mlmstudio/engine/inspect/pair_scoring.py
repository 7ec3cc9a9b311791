"""Many sentences' PLL in few forward passes: the grammar suites' scoring.

``scoring.score_sentence`` runs one sentence's masked copies together (one
copy per token, see its module docstring). A suite of 500 minimal pairs is
1,000 short sentences of about ten tokens, so one sentence at a time is a
thousand small passes, each too small to keep the CPU busy. Here the copies of
all the sentences go through the model together: copies are grouped by their
length (a copy is as long as its sentence, framed, or the model's window), so
no row is padded and each row's numbers are the ones ``score_sentence`` gives
it; each group runs in chunks of at most ``max_batch_tokens`` tokens. The
only difference from scoring one by one is which rows share a pass, which
changes the numbers by float rounding only (tests/engine/inspect/
test_pair_scoring.py holds them to 1e-5 nats).

``should_stop`` is asked between passes, so a Cancel (or a run deleted under
an evaluation) ends the work without waiting for the whole suite;
``progress(done, total)`` counts rows.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import torch

from mlmstudio.engine.errors import PredictionError
from mlmstudio.engine.inspect.scoring import (
    DEFAULT_MAX_BATCH_TOKENS,
    PRECISIONS,
    SentenceScore,
    TokenScore,
    _encode_sentence,
    _exp,
    masked_copies,
)
from mlmstudio.engine.masking import IGNORE_INDEX
from mlmstudio.engine.predict import Predictor

Progress = Callable[[int, int], None]


class ScoringStopped(PredictionError):
    """``should_stop`` answered yes between two passes; nothing was scored to the end."""


@dataclass
class _Row:
    sentence: int  # which text
    position: int  # the body position it scores
    column: int  # that position in the row (the row may be a window of a long text)
    kind: str  # "token", "word-l2r" or "both"
    tokens: list[int]  # the body row, masks in place


def score_many(
    predictor: Predictor,
    texts: Sequence[str],
    *,
    metric: str = "word-l2r",
    max_batch_tokens: int = DEFAULT_MAX_BATCH_TOKENS,
    precision: str = "fp32",
    progress: Progress | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> list[SentenceScore]:
    """Each text's ``SentenceScore`` by ``metric``, in the order given (not ranked)."""
    if metric not in ("word-l2r", "token"):
        raise PredictionError(f"Unknown scoring metric {metric!r}: use word-l2r or token.")
    if precision not in PRECISIONS:
        raise PredictionError(f"Unknown precision {precision!r}: use one of {', '.join(PRECISIONS)}.")
    encoded = [_encode_sentence(predictor, text) for text in texts]
    room = predictor.max_len - 2
    rows: list[_Row] = []
    for index, (ids, words, _cut) in enumerate(encoded):
        copies, positions, columns, serves = masked_copies(
            ids,
            words,
            predictor.tokenizer.mask_token_id,
            token=metric == "token",
            word_l2r=metric == "word-l2r",
            room=room,
        )
        rows.extend(
            _Row(index, p, c, k, r) for r, p, c, k in zip(copies, positions, columns, serves, strict=True)
        )
    values = _row_log_probs(predictor, rows, encoded, max_batch_tokens, precision, progress, should_stop)
    per_sentence: list[list[float]] = [[0.0] * len(ids) for ids, _, _ in encoded]
    for row, value in zip(rows, values, strict=True):
        per_sentence[row.sentence][row.position] = value
    return [
        _sentence_score(predictor, text, ids, words, cut, lp, metric, room)
        for text, (ids, words, cut), lp in zip(texts, encoded, per_sentence, strict=True)
    ]


@torch.inference_mode()
def _row_log_probs(
    predictor: Predictor,
    rows: list[_Row],
    encoded: list[tuple[list[int], list[int], bool]],
    max_batch_tokens: int,
    precision: str,
    progress: Progress | None,
    should_stop: Callable[[], bool] | None,
) -> list[float]:
    """The log-probability of the true token at each row's masked position, in row order."""
    tok = predictor.tokenizer
    device = predictor.device
    by_width: dict[int, list[int]] = defaultdict(list)
    for number, row in enumerate(rows):
        by_width[len(row.tokens) + 2].append(number)
    values = [0.0] * len(rows)
    done = 0
    with torch.autocast(device.type, dtype=torch.bfloat16, enabled=precision == "bf16"):
        for width, numbers in sorted(by_width.items()):
            per_pass = max(1, int(max_batch_tokens) // width)
            for start in range(0, len(numbers), per_pass):
                if should_stop is not None and should_stop():
                    raise ScoringStopped("Scoring was stopped before it finished.")
                chunk = [rows[n] for n in numbers[start : start + per_pass]]
                batch = torch.tensor(
                    [[tok.cls_token_id, *r.tokens, tok.sep_token_id] for r in chunk],
                    dtype=torch.long,
                    device=device,
                )  # [B, width]
                where = torch.tensor([r.column + 1 for r in chunk], dtype=torch.long, device=device)  # [B]
                targets = torch.tensor(
                    [encoded[r.sentence][0][r.position] for r in chunk], dtype=torch.long, device=device
                )
                B = batch.shape[0]
                labels = torch.full_like(batch, IGNORE_INDEX)
                rows_in = torch.arange(B, device=device)
                labels[rows_in, where] = targets
                # One labelled position per row, in row order: the modern head runs only there.
                out = predictor.model(batch, labels=labels, label_positions=rows_in * width + where)
                logits, wanted = out.labelled(labels)  # [B, V], [B]
                log_probs = torch.log_softmax(logits.float(), dim=-1)
                chosen = log_probs.gather(1, wanted[:, None]).squeeze(1).cpu().tolist()
                for n, value in zip(numbers[start : start + per_pass], chosen, strict=True):
                    values[n] = value
                done += B
                if progress is not None:
                    progress(done, len(rows))
    return values


def _sentence_score(
    predictor: Predictor,
    text: str,
    ids: list[int],
    words: list[int],
    truncated: bool,
    log_probs: list[float],
    metric: str,
    room: int,
) -> SentenceScore:
    tok = predictor.tokenizer
    l2r = metric == "word-l2r"
    tokens = [
        TokenScore(
            int(t),
            tok.token_str(int(t)),
            int(w),
            lp,
            None if l2r else lp,
            lp if l2r else None,
            int(t) == tok.unk_token_id,
        )
        for t, w, lp in zip(ids, words, log_probs, strict=True)
    ]
    score = float(sum(log_probs))
    return SentenceScore(
        text=text,
        score=score,
        pseudo_perplexity=_exp(-score / len(ids)),
        metric=metric,
        pll_token=None if l2r else score,
        pll_word_l2r=score if l2r else None,
        num_tokens=len(ids),
        tokens=tokens,
        truncated=truncated,
        windowed=len(ids) > room,
        note="",
    )
