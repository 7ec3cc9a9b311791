"""Fill-mask: what a trained model guesses for each [MASK] in a sentence.

Results are shaped like the Hugging Face fill-mask pipeline's (``score``,
``token``, ``token_str``, ``sequence``), one list per [MASK]. Two additions:
``targets`` scores words the user proposes (a word of several tokens is scored
as a whole, and the result says so), and ``fill_iteratively`` fills several
masks one at a time, most confident first, so that they form a coherent phrase.

The input is framed as [CLS] text [SEP], as in training. Text longer than the
model can read is cut to a window around the masks, and the result says so.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import torch

from mlmstudio.config import MASK
from mlmstudio.engine.artifacts import LoadedModel, load_model_dir
from mlmstudio.engine.errors import PredictionError
from mlmstudio.engine.mask_spelling import NO_MASK_MESSAGE, no_mask_message


@dataclass
class FillResult:
    """Predictions for every [MASK] of one text."""

    masks: list[list[dict[str, Any]]]  # one top-k list per [MASK], best first
    truncated: bool = False  # the text was cut to fit the model
    targets: list[dict[str, Any]] | None = None  # scored candidate words, when asked for
    text: str = ""

    def to_json(self, indent: int | None = None) -> str:
        return _json(asdict(self), indent)


@dataclass
class IterativeFill:
    """Masks filled one at a time, most confident first."""

    sequence: str  # the text with every [MASK] filled
    steps: list[dict[str, Any]] = field(default_factory=list)  # in the order they were filled
    truncated: bool = False
    text: str = ""

    def to_json(self, indent: int | None = None) -> str:
        return _json(asdict(self), indent)


@dataclass
class _Window:
    """The framed token ids the model reads, and where the masks are in them."""

    ids: list[int]  # [CLS] ... [SEP]
    mask_positions: list[int]  # indices into ids of every [MASK] in view, in text order
    required_positions: list[int]  # indices into ids of the body positions that had to stay in view
    truncated: bool


class Predictor:
    """Answers fill-mask questions with one loaded model."""

    def __init__(self, loaded: LoadedModel) -> None:
        self.loaded = loaded
        self.model = loaded.model.eval()
        self.tokenizer = loaded.tokenizer
        self.device = next(self.model.parameters()).device
        self.max_len = self.model.max_len
        self._special = sorted(set(self.tokenizer.special_ids))

    @classmethod
    def from_dir(cls, path: str | os.PathLike, device: str = "cpu") -> Predictor:
        return cls(load_model_dir(path, device=device))

    # -- the public questions ------------------------------------------------

    def fill_mask(self, text: str, top_k: int = 5, targets: str | Sequence[str] | None = None) -> FillResult:
        """Top-k guesses for every [MASK]; with targets, also the score of each given word."""
        top_k = self._check_top_k(top_k)
        window = self._window(self._encode_question(text))
        log_probs = self._mask_log_probs(window.ids, window.mask_positions)  # [M, V]
        probs = log_probs.exp()
        k = min(top_k, probs.shape[-1])
        masks = []
        for m, (scores, ids) in enumerate(zip(*probs.topk(k, dim=-1), strict=True)):
            masks.append(
                [self._candidate(text, m, int(i), float(s)) for s, i in zip(scores, ids, strict=True)]
            )
        scored = None
        if targets is not None:
            scored = self._score_targets(text, window, log_probs, _as_list(targets))
        return FillResult(masks, window.truncated, scored, text)

    def fill_iteratively(self, text: str, top_k: int = 5) -> IterativeFill:
        """Fill the most confident [MASK] first, predict again with it filled, and repeat."""
        top_k = self._check_top_k(top_k)
        window = self._window(self._encode_question(text))
        ids = list(window.ids)
        remaining = list(range(len(window.mask_positions)))  # mask numbers in text order
        chosen: dict[int, str] = {}
        steps = []
        while remaining:
            positions = [window.mask_positions[m] for m in remaining]
            log_probs = self._mask_log_probs(ids, positions, ban_special=True)
            probs = log_probs.exp()
            best = int(probs.max(dim=-1).values.argmax())
            mask = remaining.pop(best)
            scores, candidates = probs[best].topk(min(top_k, probs.shape[-1]))
            token = int(candidates[0])
            ids[window.mask_positions[mask]] = token
            chosen[mask] = self.tokenizer.token_str(token)
            steps.append(
                {
                    "mask": mask,
                    "token": token,
                    "token_str": chosen[mask],
                    "score": float(scores[0]),
                    "candidates": [
                        {"token": int(i), "token_str": self.tokenizer.token_str(int(i)), "score": float(s)}
                        for s, i in zip(scores, candidates, strict=True)
                    ],
                    "sequence": self._fill_text(text, chosen),
                }
            )
        return IterativeFill(self._fill_text(text, chosen), steps, window.truncated, text)

    def frame(self, text: str) -> tuple[list[int], list[int], bool]:
        """What ``fill_mask`` reads for ``text``: the framed ids ([CLS] ... [SEP], cut around the
        masks), the index of every [MASK] in them and whether the text was cut.

        For inspections that must see exactly the positions fill_mask answers (the logit lens).
        """
        window = self._window(self._encode_question(text))
        return list(window.ids), list(window.mask_positions), window.truncated

    # -- model calls ----------------------------------------------------------

    @torch.inference_mode()
    def _mask_log_probs(
        self, ids: list[int], positions: list[int], ban_special: bool = False
    ) -> torch.Tensor:
        """Log-probabilities over the vocabulary at the given positions: [len(positions), V].

        ban_special: give special tokens probability 0 (a filled blank must be a real token).
        """
        input_ids = torch.tensor([ids], dtype=torch.long, device=self.device)  # [1, T]
        logits = self.model(input_ids).logits[0, positions].float()  # [M, V]
        if ban_special:
            logits[:, self._special] = float("-inf")
        return torch.log_softmax(logits, dim=-1).cpu()

    # -- targets ----------------------------------------------------------------

    def _score_targets(
        self, text: str, window: _Window, log_probs: torch.Tensor, words: list[str]
    ) -> list[dict[str, Any]]:
        """Score each word at each [MASK]; a word of n tokens fills n masks put in place of one."""
        results = []
        body = window.ids[1:-1]
        for m in range(len(window.mask_positions)):
            for word in words:
                pieces = self.tokenizer.encode(word.strip()) if word.strip() else []
                entry: dict[str, Any] = {
                    "word": word,
                    "mask": m,
                    "pieces": [self.tokenizer.token_str(p) for p in pieces],
                    "token_ids": list(pieces),
                    "multi_token": len(pieces) > 1,
                    "note": "",
                    # [UNK] stands for every unknown word: its score is not this word's.
                    "in_vocabulary": self.tokenizer.unk_token_id not in pieces,
                }
                if not pieces:
                    entry.update(
                        score=0.0,
                        log_prob=float("-inf"),
                        note="This word is empty after tokenization, so it cannot be scored.",
                    )
                    results.append(entry)
                    continue
                if len(pieces) > self.max_len - 2:
                    entry.update(
                        score=0.0,
                        log_prob=float("-inf"),
                        note=f"This candidate is {len(pieces)} tokens, more than this model reads "
                        f"at once ({self.max_len}), so it cannot be scored. Try a shorter one.",
                    )
                    results.append(entry)
                    continue
                if len(pieces) == 1:
                    lp = float(log_probs[m, pieces[0]])
                else:
                    lp = self._multi_piece_log_prob(body, window.mask_positions[m] - 1, pieces)
                entry.update(score=_exp(lp), log_prob=lp, note=self._target_note(word, pieces))
                results.append(entry)
        return results

    def _multi_piece_log_prob(self, body: list[int], mask_index: int, pieces: list[int]) -> float:
        """Replace one [MASK] by len(pieces) masks and sum each piece's log-probability at its place."""
        mask_id = self.tokenizer.mask_token_id
        expanded = body[:mask_index] + [mask_id] * len(pieces) + body[mask_index + 1 :]
        # Keep the expanded masks in view; the window keeps every other mask too.
        window = self._window(expanded, required=range(mask_index, mask_index + len(pieces)))
        positions = window.required_positions
        log_probs = self._mask_log_probs(window.ids, positions)
        return float(sum(log_probs[i, p] for i, p in enumerate(pieces)))

    def _target_note(self, word: str, pieces: list[int]) -> str:
        notes = []
        if self.tokenizer.unk_token_id in pieces:
            notes.append("Part of this word is not in the vocabulary ([UNK]), so its score is unreliable.")
        if len(pieces) > 1:
            shown = " + ".join(self.tokenizer.token_str(p) for p in pieces)
            notes.append(
                f"'{word.strip()}' is {len(pieces)} tokens ({shown}): the [MASK] was replaced by "
                f"{len(pieces)} masks and the score is the product of their probabilities, "
                "so it is lower than a one-token word's would be."
            )
        return " ".join(notes)

    # -- windows, text and checks -------------------------------------------------

    def _encode_question(self, text: str) -> list[int]:
        """The token ids of ``text``; a plain sentence when it has no [MASK] (or a misspelt one)."""
        check_text(text, "The text")
        ids = self.tokenizer.encode(text)
        if self.tokenizer.mask_token_id not in ids:
            raise PredictionError(no_mask_message(text))
        return ids

    def _window(self, body: list[int], required: Iterable[int] | None = None) -> _Window:
        """Frame body as [CLS] body [SEP], cut around the masks when it is too long.

        ``required`` lists body indices that must stay in view (default: every [MASK]).
        """
        mask_id = self.tokenizer.mask_token_id
        masks = [i for i, t in enumerate(body) if t == mask_id]
        if not masks:
            raise PredictionError(NO_MASK_MESSAGE)
        keep = sorted(required) if required is not None else masks
        room = self.max_len - 2  # [CLS] and [SEP]
        if required is None and len(masks) > room:
            raise PredictionError(
                f"The text has {len(masks)} [MASK]s, but this model reads at most {self.max_len} tokens "
                "at once. Ask about fewer [MASK]s at a time."
            )
        start, truncated = 0, False
        if len(body) > room:
            if masks[-1] - masks[0] + 1 <= room:
                first, last = masks[0], masks[-1]  # every mask fits: centre on all of them
            elif keep[-1] - keep[0] + 1 <= room and required is not None:
                first, last = keep[0], keep[-1]
            else:
                raise PredictionError(
                    f"The [MASK]s are too far apart for this model, which reads at most {self.max_len} "
                    "tokens at once. Put them closer together or ask about them one at a time."
                )
            centre = (first + last) // 2
            start = min(max(0, centre - room // 2), len(body) - room)
            start = min(start, first)
            start = max(start, last - room + 1)
            body = body[start : start + room]
            truncated = True
        ids = [self.tokenizer.cls_token_id] + body + [self.tokenizer.sep_token_id]
        in_view = [i + 1 for i, t in enumerate(body) if t == mask_id]
        return _Window(ids, in_view, [k - start + 1 for k in keep], truncated)

    def _candidate(self, text: str, mask: int, token: int, score: float) -> dict[str, Any]:
        token_str = self.tokenizer.token_str(token)
        return {
            "score": score,
            "token": token,
            "token_str": token_str,
            "sequence": self._fill_text(text, {mask: token_str}),
        }

    @staticmethod
    def _fill_text(text: str, fills: dict[int, str]) -> str:
        """The text with the n-th literal [MASK] replaced by fills[n]; other masks left as they are."""
        parts = text.split(MASK)
        out = [parts[0]]
        for n, part in enumerate(parts[1:]):
            out.append(fills.get(n, MASK))
            out.append(part)
        return "".join(out)

    @staticmethod
    def _check_top_k(top_k: int) -> int:
        if not isinstance(top_k, int) or isinstance(top_k, bool) or top_k < 1:
            raise PredictionError(f"top_k must be a whole number of at least 1 (got {top_k!r}).")
        return top_k


def check_text(text: str, what: str) -> None:
    """Refuse text that is not Unicode (bytes a terminal could not decode), in a sentence."""
    if not isinstance(text, str):
        raise PredictionError(f"{what} must be text (got {type(text).__name__}).")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise PredictionError(
            f"{what} holds bytes that are not valid text (at character {exc.start + 1}); "
            "type it again or save it as UTF-8."
        ) from exc


def _json(value: Any, indent: int | None) -> str:
    """JSON that other tools can read: a log-probability of -inf becomes null."""

    def finite(item: Any) -> Any:
        if isinstance(item, float) and not math.isfinite(item):
            return None
        if isinstance(item, dict):
            return {key: finite(v) for key, v in item.items()}
        if isinstance(item, list):
            return [finite(v) for v in item]
        return item

    return json.dumps(finite(value), indent=indent, ensure_ascii=False, allow_nan=False)


def _as_list(targets: str | Sequence[str]) -> list[str]:
    words = [targets] if isinstance(targets, str) else list(targets)
    words = [w for w in words if isinstance(w, str)]
    for word in words:
        check_text(word, "A candidate word")
    if not words:
        raise PredictionError("Give at least one candidate word to score.")
    return words


def _exp(log_prob: float) -> float:
    return float(torch.tensor(log_prob).exp())
