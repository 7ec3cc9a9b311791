"""The evaluation every run reports, MLM or ELECTRA: how well it spots randomly replaced tokens.

MLM runs report a validation loss at masked positions; an ELECTRA run's
discriminator predicts no tokens at all. To compare the two kinds at equal
wall-clock, both are asked the same question, on the same text:

- **The task.** The first half of the fixed validation windows (the same
  held-out text as the validation loss), unmasked. A fixed seed (``DETECTION_SEED``) picks
  ``REPLACED_SHARE`` (15%) of the real tokens and replaces each with a token
  drawn uniformly from the vocabulary's non-special tokens, never the original;
  it also picks another, disjoint 15% that stay as they are. Specials ([CLS],
  [SEP], [PAD], [MASK]) are never picked.
- **The score.** An ELECTRA run scores a token by its discriminator's logit
  that the token was replaced. An MLM run scores it by the surprise of the
  observed token, -log p(token | the whole corrupted window), from one forward
  pass with nothing masked: a replaced token should surprise it.
- **The metric.** The area under the ROC curve (AUC) of those scores, the
  replaced tokens against the kept ones: the probability that a randomly chosen
  replaced token scores higher than a randomly chosen kept one (ties count
  half). 0.5 is chance, 1.0 perfect. It is computed exactly, by the
  Mann-Whitney rank statistic with tied scores given their average rank.

Comparing against a 15% sample of the kept tokens, rather than all of them,
keeps the vocabulary head at 30% of the positions (an MLM run) and leaves the
AUC an unbiased estimate of the one over every token; half the windows
(``WINDOW_SHARE``) keep the whole at about half the cost of the validation
loss pass (measured: docs/PERFORMANCE.md, "MLM against ELECTRA at equal
time"), with about a thousand scored tokens even at the smallest settings. The windows, the replacements
and the sample depend only on the held-out text and the tokenizer, so two runs
of the same data are scored on exactly the same tokens.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import torch
from torch import Tensor

from mlmstudio.engine.data import Batch
from mlmstudio.engine.masking import IGNORE_INDEX

DETECTION_SEED = 20_200_323  # fixed: every run of the same data is asked about the same tokens
REPLACED_SHARE = 0.15  # of the real tokens, replaced by a random token
KEPT_SHARE = 0.15  # of the real tokens, kept and scored as the comparison
WINDOW_SHARE = 0.5  # of the validation batches (the first ones): the cost, halved
METRIC_NAME = "detection_auc"


@dataclass(frozen=True)
class DetectionBatch:
    """One batch of the detection task: corrupted windows and the positions to score."""

    input_ids: Tensor  # long[B, T]: the window with its replacements
    attention_mask: Tensor  # long[B, T]
    positions: Tensor  # long[N]: flat indices of the scored tokens (replaced and kept)
    observed: Tensor  # long[N]: the token at each scored position (after replacement)
    replaced: Tensor  # bool[N]: whether it was replaced

    def to(self, device: torch.device) -> DetectionBatch:
        if device.type == "cpu":
            return self
        return DetectionBatch(
            *(
                t.to(device)
                for t in (self.input_ids, self.attention_mask, self.positions, self.observed, self.replaced)
            )
        )


def detection_batches(
    val_batches: Sequence[Batch], vocab_size: int, special_ids: Sequence[int]
) -> list[DetectionBatch]:
    """The fixed detection task over the validation windows (their masks undone), seeded."""
    special = torch.tensor(sorted(set(special_ids)), dtype=torch.long)
    candidates = torch.tensor([i for i in range(vocab_size) if i not in set(special_ids)], dtype=torch.long)
    if len(candidates) < 2:  # a vocabulary of one real token cannot be corrupted
        return []
    generator = torch.Generator().manual_seed(DETECTION_SEED)
    out = []
    for batch in val_batches[: max(1, math.ceil(len(val_batches) * WINDOW_SHARE))]:
        original = torch.where(batch.labels != IGNORE_INDEX, batch.labels, batch.input_ids)  # [B, T]
        real = ~torch.isin(original, special) & batch.attention_mask.bool()
        draw = torch.rand(original.shape, generator=generator)
        replace = real & (draw < REPLACED_SHARE)
        keep = real & (draw >= REPLACED_SHARE) & (draw < REPLACED_SHARE + KEPT_SHARE)
        # A uniform draw among the other candidates: index into candidates, skipping the original.
        pick = torch.randint(0, len(candidates) - 1, original.shape, generator=generator)
        original_index = torch.searchsorted(candidates, original.clamp(min=0))
        pick = pick + (pick >= original_index).long()
        corrupted = torch.where(replace, candidates[pick.clamp(max=len(candidates) - 1)], original)
        scored = (replace | keep).reshape(-1)
        positions = scored.nonzero().squeeze(1)
        if not bool(replace.any()) or not bool(keep.any()):
            continue
        out.append(
            DetectionBatch(
                corrupted,
                batch.attention_mask,
                positions,
                corrupted.reshape(-1)[positions],
                replace.reshape(-1)[positions],
            )
        )
    return out


@torch.no_grad()
def token_scores(model: torch.nn.Module, batch: DetectionBatch) -> Tensor:
    """How strongly the model says each scored token was replaced: float[N], higher = more suspect."""
    replaced_logits = getattr(model, "replaced_logits", None)
    if replaced_logits is not None:  # ELECTRA: the discriminator's own answer
        return replaced_logits(batch.input_ids, batch.attention_mask).reshape(-1)[batch.positions].float()
    # MLM: the surprise of the observed token, with nothing masked. Labels at the scored positions
    # let the modern model compute its vocabulary head only there.
    labels = torch.full_like(batch.input_ids, IGNORE_INDEX).reshape(-1)
    labels[batch.positions] = batch.observed
    labels = labels.view_as(batch.input_ids)
    out = model(
        batch.input_ids, attention_mask=batch.attention_mask, labels=labels, label_positions=batch.positions
    )
    logits, targets = out.labelled(labels)  # [N, V], [N]
    log_probs = torch.log_softmax(logits.float(), dim=-1)
    return -log_probs.gather(1, targets[:, None]).squeeze(1)


def detection_auc(
    model: torch.nn.Module, batches: Sequence[DetectionBatch], device: torch.device, autocast=None
) -> float | None:
    """The AUC of ``model`` on the detection task (None when there is nothing to score)."""
    if not batches:
        return None
    was_training = model.training
    model.eval()
    scores, truth = [], []
    try:
        for batch in batches:
            batch = batch.to(device)
            if autocast is not None:
                with autocast():
                    s = token_scores(model, batch)
            else:
                s = token_scores(model, batch)
            scores.append(s.float().cpu())
            truth.append(batch.replaced.cpu())
    finally:
        model.train(was_training)
    return roc_auc(torch.cat(scores).numpy(), torch.cat(truth).numpy())


def roc_auc(scores: np.ndarray, positive: np.ndarray) -> float | None:
    """Exact ROC AUC by the Mann-Whitney U statistic; tied scores share their average rank.

    None when either class is empty (the AUC is undefined).
    """
    scores = np.asarray(scores, dtype=np.float64)
    positive = np.asarray(positive, dtype=bool)
    n_pos = int(positive.sum())
    n_neg = int(positive.size - n_pos)
    if n_pos == 0 or n_neg == 0:
        return None
    order = np.argsort(scores, kind="mergesort")
    sorted_scores = scores[order]
    ranks = np.empty(scores.size, dtype=np.float64)
    # Average ranks (1-based) over each run of equal scores.
    boundaries = np.flatnonzero(np.diff(sorted_scores)) + 1
    starts = np.concatenate(([0], boundaries))
    ends = np.concatenate((boundaries, [scores.size]))
    average = (starts + ends + 1) / 2.0  # mean of ranks start+1 .. end
    ranks[order] = np.repeat(average, ends - starts)
    rank_sum = ranks[positive].sum()
    u = rank_sum - n_pos * (n_pos + 1) / 2.0
    return float(u / (n_pos * n_neg))
