"""Spot the replaced word: an ELECTRA discriminator's verdict on every token of a sentence.

The user types an ordinary sentence (no [MASK]); the discriminator gives each
token the probability that it was replaced, which makes it a typo and
odd-word spotter. ``mlmstudio detect`` prints these numbers and the Explore
page's "Spot the replaced word" tab colours them.

Only ELECTRA runs have a discriminator. An MLM run is refused with a sentence
that says so and points at what it can do instead (``mlmstudio score
--per-token``, the Score sentences tab). A text longer than the model reads is
checked in its first ``max_len - 2`` tokens, and the result says so.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol, runtime_checkable

import torch

from mlmstudio import command_hint
from mlmstudio.engine.errors import PredictionError
from mlmstudio.engine.predict import Predictor, check_text

NOT_ELECTRA = (
    "This run was trained with masked language modelling, which has no detector of replaced "
    "words: only ELECTRA runs do. Train one with the objective 'electra' "
    f"({command_hint.command('train --objective electra --arch seed')}; in Setup, Advanced: 'Training objective'). To see which "
    f"words surprise this model, use Score sentences ({command_hint.command('score --per-token')})."
)
MAX_CHARS = 20_000  # a pasted book is refused before it is tokenized


@dataclass(frozen=True)
class TokenVerdict:
    index: int  # position in the sentence's tokens, from 0
    token: int  # the token id
    token_str: str
    probability: float  # 0..1: that this token was replaced


@dataclass
class Detection:
    """Every token of a sentence with its replaced probability."""

    text: str
    tokens: list[TokenVerdict] = field(default_factory=list)
    truncated: bool = False
    note: str = ""

    def most_suspect(self) -> TokenVerdict | None:
        return max(self.tokens, key=lambda t: t.probability, default=None)

    def as_dict(self) -> dict[str, Any]:
        suspect = self.most_suspect()
        return {
            "text": self.text,
            "truncated": self.truncated,
            "note": self.note,
            "most_suspect": None if suspect is None else asdict(suspect),
            "tokens": [asdict(t) for t in self.tokens],
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.as_dict(), indent=indent, ensure_ascii=False)


@runtime_checkable
class ReplacedTokenDetector(Protocol):
    """A model with a discriminator: ELECTRA's, or any that scores each token as replaced."""

    def replaced_logits(self, input_ids: torch.Tensor) -> torch.Tensor: ...


def has_detector(predictor: Predictor) -> bool:
    return isinstance(predictor.model, ReplacedTokenDetector)


def detect(predictor: Predictor, text: str) -> Detection:
    """The discriminator's replaced probability for every token of ``text``."""
    model = predictor.model
    if not isinstance(model, ReplacedTokenDetector):
        raise PredictionError(NOT_ELECTRA)
    check_text(text, "The sentence")
    if not text.strip():
        raise PredictionError("The sentence is empty. Type or paste a sentence to check.")
    if len(text) > MAX_CHARS:
        raise PredictionError(
            f"The text is {len(text):,} characters long; check at most {MAX_CHARS:,} "
            "at a time (a paragraph or two)."
        )
    tok = predictor.tokenizer
    body = tok.encode(text)
    if not body:
        raise PredictionError("Nothing of this text is left once it is cut into tokens. Type a sentence.")
    room = predictor.max_len - 2
    truncated = len(body) > room
    note = ""
    if truncated:
        note = (
            f"The text is {len(body):,} tokens long and this model reads {predictor.max_len} at once "
            f"([CLS] and [SEP] included), so only the first {room} tokens were checked."
        )
        body = body[:room]
    ids = torch.tensor([[tok.cls_token_id, *body, tok.sep_token_id]], device=predictor.device)
    with torch.inference_mode():
        probs = torch.sigmoid(model.replaced_logits(ids)[0, 1:-1].float()).cpu().tolist()
    tokens = [
        TokenVerdict(i, int(t), tok.token_str(int(t)), float(p))
        for i, (t, p) in enumerate(zip(body, probs, strict=True))
    ]
    return Detection(text, tokens, truncated, note)


def detect_in_folder(model_dir: str | os.PathLike, text: str) -> Detection:
    return detect(Predictor.from_dir(model_dir), text)
