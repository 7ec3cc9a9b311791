"""BERT-style masking: which tokens the model must predict, and what it sees there.

Pure functions with an explicit ``torch.Generator`` (``seed=0`` is a seed like
any other). Of the *eligible* tokens (everything but special and padding
tokens) a share ``mlm_probability`` is selected; each selected unit becomes
[MASK] with ``mask_replace_prob``, a random ordinary token with
``random_replace_prob``, and stays unchanged otherwise. The unit is:

- ``token``: every token on its own (Hugging Face's DataCollatorForLanguageModeling);
- ``whole-word``: a whole word, all its pieces selected together and given the
  same 80/10/10 decision (Hugging Face forces 100% [MASK] here; we don't);
- ``span``: SpanBERT spans of whole words, lengths drawn from a geometric
  distribution (p=``span_p``, truncated at ``span_max`` words), until a budget of
  ``round(mlm_probability * eligible tokens)`` per sequence is reached (a last
  word that would overshoot is taken with probability gap/length, so the
  budget is met on average); one decision per span.

Labels are the original ids at selected positions and -100 elsewhere.
Evaluation always uses ``EVAL_MASKING`` with ``EVAL_SEED`` (``eval_masks``), so
runs with different training masking stay comparable.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import torch

from mlmstudio.config import MaskingConfig

IGNORE_INDEX = -100  # labels at positions without loss (Hugging Face's convention); defined here only
# What happened at each position (``MaskResult.actions``).
NOT_SELECTED, MASKED, RANDOM, KEPT = 0, 1, 2, 3

EVAL_MASKING = MaskingConfig(
    strategy="token", mlm_probability=0.15, mask_replace_prob=0.8, random_replace_prob=0.1
)
EVAL_SEED = 1234


@dataclass(frozen=True)
class MaskResult:
    input_ids: torch.Tensor  # [B, T] what the model sees
    labels: torch.Tensor  # [B, T] original id where selected, -100 elsewhere
    actions: torch.Tensor  # [B, T] int8: NOT_SELECTED / MASKED / RANDOM / KEPT


def mask_tokens(
    input_ids: torch.Tensor,
    *,
    cfg: MaskingConfig,
    vocab_size: int,
    mask_token_id: int,
    special_ids: Sequence[int],
    generator: torch.Generator,
    word_ids: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Mask a batch ``[B, T]``; return ``(masked_input_ids, labels)``.

    ``special_ids`` must include the padding id: those tokens are never
    selected and never drawn as random replacements. ``word_ids`` (same shape;
    tokens of one word share an id, as ``MLMTokenizer.encode_with_words`` gives)
    is needed for whole-word and span masking; without it every token is a word.
    """
    result = mask_tokens_with_actions(
        input_ids,
        cfg=cfg,
        vocab_size=vocab_size,
        mask_token_id=mask_token_id,
        special_ids=special_ids,
        generator=generator,
        word_ids=word_ids,
    )
    return result.input_ids, result.labels


def mask_tokens_with_actions(
    input_ids: torch.Tensor,
    *,
    cfg: MaskingConfig,
    vocab_size: int,
    mask_token_id: int,
    special_ids: Sequence[int],
    generator: torch.Generator,
    word_ids: torch.Tensor | None = None,
) -> MaskResult:
    """``mask_tokens``, also telling which positions became [MASK], random or stayed (for previews)."""
    cfg.validate()
    ids = _as_batch(input_ids, "input_ids")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= vocab_size):
        raise ValueError(f"input_ids hold ids outside the vocabulary of {vocab_size} tokens")
    words = None if word_ids is None else _as_batch(word_ids, "word_ids")
    if words is not None and words.shape != ids.shape:
        raise ValueError(f"word_ids has shape {tuple(words.shape)}, input_ids {tuple(ids.shape)}")

    device = generator.device
    ids_g = ids.to(device)
    special = _special_table(vocab_size, tuple(sorted(set(int(i) for i in special_ids))), device)
    eligible = ~special[ids_g]  # [B, T]
    starts = _word_starts(None if words is None else words.to(device), eligible)

    if cfg.strategy == "token":
        selected = (
            torch.rand(ids_g.shape, generator=generator, device=device) < cfg.mlm_probability
        ) & eligible
        decision = torch.rand(ids_g.shape, generator=generator, device=device)
    elif cfg.strategy == "whole-word":
        unit = torch.cumsum(starts.reshape(-1), 0).reshape(starts.shape) - 1  # global word index
        n_units = int(unit.max()) + 1 if unit.numel() else 0
        unit_selected = torch.rand(n_units, generator=generator, device=device) < cfg.mlm_probability
        unit_decision = torch.rand(n_units, generator=generator, device=device)
        selected = unit_selected[unit] & eligible
        decision = unit_decision[unit]
    else:
        selected, decision = _select_spans(starts, eligible, cfg, generator)

    replace_random = cfg.mask_replace_prob + cfg.random_replace_prob
    actions = torch.full(ids_g.shape, NOT_SELECTED, dtype=torch.int8, device=device)
    actions[selected & (decision < cfg.mask_replace_prob)] = MASKED
    actions[selected & (decision >= cfg.mask_replace_prob) & (decision < replace_random)] = RANDOM
    actions[selected & (decision >= replace_random)] = KEPT

    allowed = _allowed_table(vocab_size, tuple(sorted(set(int(i) for i in special_ids))), device)
    random_ids = allowed[torch.randint(len(allowed), ids_g.shape, generator=generator, device=device)]
    masked = torch.where(actions == MASKED, torch.full_like(ids_g, mask_token_id), ids_g)
    masked = torch.where(actions == RANDOM, random_ids, masked)
    labels = torch.where(selected, ids_g, torch.full_like(ids_g, IGNORE_INDEX))

    shape = input_ids.shape
    out = input_ids.device
    return MaskResult(
        masked.reshape(shape).to(out), labels.reshape(shape).to(out), actions.reshape(shape).to(out)
    )


# ------------------------------------------------------------------ span masking


def span_length_pmf(p: float, max_len: int) -> np.ndarray:
    """P(length = k) for k = 1..max_len: geometric(p) truncated at max_len and renormalised (SpanBERT)."""
    k = np.arange(1, max_len + 1, dtype=np.float64)
    weights = p * (1.0 - p) ** (k - 1)
    return weights / weights.sum()


def sample_span_lengths(n: int, *, p: float, max_len: int, generator: torch.Generator) -> torch.Tensor:
    """``n`` span lengths in words from ``span_length_pmf(p, max_len)`` (inverse CDF)."""
    u = torch.rand(n, generator=generator, device=generator.device, dtype=torch.float64)
    return _lengths_from_uniform(u, p, max_len)


def _lengths_from_uniform(u: torch.Tensor, p: float, max_len: int) -> torch.Tensor:
    if p >= 1.0:
        return torch.ones_like(u, dtype=torch.long)
    q = 1.0 - p
    tail = 1.0 - q**max_len  # probability mass kept by the truncation
    lengths = 1 + torch.floor(torch.log1p(-u * tail) / math.log(q))
    return lengths.clamp(1, max_len).long()


def _select_spans(
    starts: torch.Tensor, eligible: torch.Tensor, cfg: MaskingConfig, generator: torch.Generator
) -> tuple[torch.Tensor, torch.Tensor]:
    """Per row, spans of whole words until the token budget; one decision value per span."""
    starts_np = starts.cpu().numpy()
    eligible_np = eligible.cpu().numpy()
    rows, length = starts_np.shape
    selected = np.zeros((rows, length), dtype=bool)
    decision = np.ones((rows, length), dtype=np.float64)
    for row in range(rows):
        _spans_in_row(starts_np[row], eligible_np[row], cfg, generator, selected[row], decision[row])
    device = starts.device
    return torch.from_numpy(selected).to(device), torch.from_numpy(decision).to(device)


def _spans_in_row(
    starts: np.ndarray,
    eligible: np.ndarray,
    cfg: MaskingConfig,
    generator: torch.Generator,
    selected: np.ndarray,
    decision: np.ndarray,
) -> None:
    n_eligible = int(eligible.sum())
    budget = int(math.floor(cfg.mlm_probability * n_eligible + 0.5))
    if budget == 0:
        return
    all_starts = np.flatnonzero(starts)
    all_ends = np.append(all_starts[1:], len(starts))
    keep = eligible[all_starts]
    word_start, word_end = all_starts[keep], all_ends[keep]
    word_len = word_end - word_start
    n_words = len(word_start)
    chosen = np.zeros(n_words, dtype=bool)
    # One set of draws per span; at most `budget` spans, as each span adds at least one token.
    draws = torch.rand(4, budget, generator=generator, device=generator.device, dtype=torch.float64)
    span_lengths = _lengths_from_uniform(draws[0], cfg.span_p, cfg.span_max).tolist()
    start_u, decision_u, overshoot_u = draws[1].tolist(), draws[2].tolist(), draws[3].tolist()

    count = 0
    for span in range(budget):
        candidates = np.flatnonzero(~chosen)
        if count >= budget or candidates.size == 0:
            break
        w = int(candidates[min(int(start_u[span] * candidates.size), candidates.size - 1)])
        finished = False
        for step in range(span_lengths[span]):
            if step and (w >= n_words or chosen[w] or word_start[w] != word_end[w - 1]):
                break
            gap = budget - count
            if word_len[w] > gap:
                # The word does not fit: take it with probability gap/len, so that on average
                # exactly `budget` tokens are selected, and stop.
                finished = True
                if overshoot_u[span] * word_len[w] >= gap:
                    break
            chosen[w] = True
            selected[word_start[w] : word_end[w]] = True
            decision[word_start[w] : word_end[w]] = decision_u[span]
            count += int(word_len[w])
            w += 1
            if finished:
                break
        if finished:
            break


def eval_masks(
    batches: Sequence[torch.Tensor],
    *,
    vocab_size: int,
    mask_token_id: int,
    special_ids: Sequence[int],
    seed: int = EVAL_SEED,
) -> list[tuple[torch.Tensor, torch.Tensor]]:
    """Fixed 15% token masks for validation batches, whatever the training masking.

    Batch i is masked with a generator seeded from (seed, i), so its masks do
    not depend on the other batches or on any global random state.
    """
    return [
        mask_tokens(
            batch,
            cfg=EVAL_MASKING,
            vocab_size=vocab_size,
            mask_token_id=mask_token_id,
            special_ids=special_ids,
            generator=torch.Generator().manual_seed(derive_seed(seed, i)),
        )
        for i, batch in enumerate(batches)
    ]


def derive_seed(*parts: int) -> int:
    """A well-mixed 63-bit seed from non-negative integers (e.g. seed, sequence index, pattern)."""
    state = np.random.SeedSequence([int(p) for p in parts]).generate_state(2, dtype=np.uint32)
    return (int(state[0]) << 31) ^ int(state[1])


# ------------------------------------------------------------------ statistics


@dataclass(frozen=True)
class MaskingStats:
    n_tokens: int
    n_eligible: int
    n_selected: int
    n_masked: int
    n_random: int
    n_kept: int
    n_special_selected: int  # must be 0
    n_runs: int  # contiguous runs of selected tokens
    mean_span_words: float  # words per contiguous selected run

    @property
    def selected_rate(self) -> float:
        return _ratio(self.n_selected, self.n_eligible)

    @property
    def mask_rate(self) -> float:
        return _ratio(self.n_masked, self.n_eligible)

    @property
    def random_rate(self) -> float:
        return _ratio(self.n_random, self.n_eligible)

    @property
    def kept_rate(self) -> float:
        return _ratio(self.n_kept, self.n_eligible)

    @property
    def mask_share(self) -> float:
        return _ratio(self.n_masked, self.n_selected)

    @property
    def random_share(self) -> float:
        return _ratio(self.n_random, self.n_selected)

    @property
    def kept_share(self) -> float:
        return _ratio(self.n_kept, self.n_selected)


def masking_statistics(
    input_ids: torch.Tensor,
    word_ids: torch.Tensor | None,
    cfg: MaskingConfig,
    *,
    vocab_size: int,
    mask_token_id: int,
    special_ids: Sequence[int],
    generator: torch.Generator,
) -> MaskingStats:
    """Mask once and measure what happened: rates of eligible tokens, shares of selected ones, span lengths."""
    ids = _as_batch(input_ids, "input_ids")
    words = None if word_ids is None else _as_batch(word_ids, "word_ids")
    result = mask_tokens_with_actions(
        ids,
        cfg=cfg,
        vocab_size=vocab_size,
        mask_token_id=mask_token_id,
        special_ids=special_ids,
        generator=generator,
        word_ids=words,
    )
    actions = result.actions
    selected = actions != NOT_SELECTED
    special = torch.isin(ids, torch.tensor(sorted(set(special_ids)), dtype=ids.dtype))
    run_start = selected.clone()
    run_start[:, 1:] &= ~selected[:, :-1]
    word_start = _word_starts(words, ~special)
    n_runs = int(run_start.sum())
    n_words = int((selected & (word_start | run_start)).sum())
    return MaskingStats(
        n_tokens=ids.numel(),
        n_eligible=int((~special).sum()),
        n_selected=int(selected.sum()),
        n_masked=int((actions == MASKED).sum()),
        n_random=int((actions == RANDOM).sum()),
        n_kept=int((actions == KEPT).sum()),
        n_special_selected=int((selected & special).sum()),
        n_runs=n_runs,
        mean_span_words=_ratio(n_words, n_runs),
    )


# ------------------------------------------------------------------ helpers


def _as_batch(tensor: torch.Tensor, name: str) -> torch.Tensor:
    if not torch.is_tensor(tensor):
        tensor = torch.as_tensor(tensor)
    if tensor.dim() == 1:
        return tensor.unsqueeze(0).long()
    if tensor.dim() != 2:
        raise ValueError(f"{name} must be [batch, length], got shape {tuple(tensor.shape)}")
    return tensor.long()


def _word_starts(word_ids: torch.Tensor | None, eligible: torch.Tensor) -> torch.Tensor:
    """True where a word begins: a new word id, a change of eligibility, or a new row."""
    if word_ids is None:
        return torch.ones_like(eligible)
    starts = torch.ones_like(eligible)
    starts[:, 1:] = (word_ids[:, 1:] != word_ids[:, :-1]) | (eligible[:, 1:] != eligible[:, :-1])
    return starts


@functools.lru_cache(maxsize=16)
def _special_table(vocab_size: int, special_ids: tuple[int, ...], device: torch.device) -> torch.Tensor:
    table = torch.zeros(vocab_size, dtype=torch.bool, device=device)
    table[list(special_ids)] = True
    return table


@functools.lru_cache(maxsize=16)
def _allowed_table(vocab_size: int, special_ids: tuple[int, ...], device: torch.device) -> torch.Tensor:
    allowed = torch.nonzero(~_special_table(vocab_size, special_ids, device)).flatten()
    if allowed.numel() == 0:
        raise ValueError(
            "every token of the vocabulary is special; there is nothing to draw random tokens from"
        )
    return allowed


def _ratio(a: int, b: int) -> float:
    return a / b if b else 0.0
