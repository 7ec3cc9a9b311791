"""Probes: a few sentences with one [MASK] asked at every evaluation, to watch facts being learned.

At each evaluation the trainer asks every probe in one batched forward pass
(``ProbeSet.measure``) and reports, per probe, the probability of the expected
answer and the model's best guess (``events.ProbeResult``). The numbers are the
ones Explore's Predictions tab shows for the same weights: full precision, the
probability over the whole vocabulary, the best guess being the top token.

An answer the tokenizer cuts into several pieces (``kittens`` as ``kitten`` +
``##s``) is asked as Explore's Score words tab does: the one [MASK] becomes as
many masks as the answer has pieces, all in the same pass, and the answer's
probability is the product of its pieces' probabilities (each predicted with
the whole answer hidden). The best guess is then the top token at each of those
masks, joined. An answer outside the vocabulary (it would be [UNK]) cannot be
asked; it is left out with a note the run shows at its start.

Which probes a run asks (``choose_probes``): the ones in its config; when that
list is empty, the facts sample's own questions (``samples.FACT_PROBES``) for the
facts sample, and otherwise ``auto_count`` sentences picked from the held-out
text, each with one word hidden that the tokenizer keeps whole, chosen with the
run's seed (the same run picks the same sentences, also when it resumes).
"""

from __future__ import annotations

import logging
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

import torch

from mlmstudio.config import MASK, ProbeSpec, RunConfig
from mlmstudio.engine.events import ProbeResult
from mlmstudio.engine.masking import IGNORE_INDEX
from mlmstudio.engine.samples import fact_probes
from mlmstudio.engine.text_spans import TextSpans
from mlmstudio.engine.tokenization import MLMTokenizer

log = logging.getLogger(__name__)

FACTS_SOURCE = "sample:facts"
PICK_FROM_CHARS = 200_000  # sentences are picked from the start of the held-out text
_PARAGRAPH = re.compile(r"\n\s*\n")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_WORD = re.compile(r"[^\W\d_]{3,}")
MIN_WORDS, MAX_WORDS = 5, 25


@dataclass(frozen=True)
class _Asked:
    """One probe as token ids: where its answer's pieces sit and which ids they should be."""

    spec: ProbeSpec
    ids: list[int]  # [CLS] ... [SEP], the answer's pieces all [MASK]
    positions: list[int]  # indices of those masks in ids
    pieces: list[int]  # the answer's token ids


class ProbeSet:
    """The run's probes, encoded once; ``measure(model)`` asks them all in one forward pass."""

    def __init__(self, asked: Sequence[_Asked], tokenizer: MLMTokenizer, notes: Sequence[str] = ()):
        self.asked = list(asked)
        self.tokenizer = tokenizer
        self.notes = list(notes)  # probes left out, and why
        self._batch: tuple[torch.Tensor, ...] | None = None
        self._device: torch.device | None = None

    def __len__(self) -> int:
        return len(self.asked)

    @classmethod
    def build(cls, specs: Sequence[ProbeSpec], tokenizer: MLMTokenizer, max_len: int) -> ProbeSet:
        asked, notes = [], []
        for spec in specs:
            encoded, problem = _encode(spec, tokenizer, max_len)
            if encoded is None:
                notes.append(problem)
            else:
                asked.append(encoded)
        return cls(asked, tokenizer, notes)

    def _tensors(self, device: torch.device) -> tuple[torch.Tensor, ...]:
        """input_ids, attention_mask, labels [P, T] and the flat label positions, built once."""
        if self._batch is None or self._device != device:
            width = max(len(a.ids) for a in self.asked)
            pad = self.tokenizer.pad_token_id
            input_ids = torch.full((len(self.asked), width), pad, dtype=torch.long)
            attention = torch.zeros((len(self.asked), width), dtype=torch.long)
            labels = torch.full((len(self.asked), width), IGNORE_INDEX, dtype=torch.long)
            for row, a in enumerate(self.asked):
                input_ids[row, : len(a.ids)] = torch.tensor(a.ids)
                attention[row, : len(a.ids)] = 1
                labels[row, a.positions] = torch.tensor(a.pieces)
            positions = (labels.reshape(-1) != IGNORE_INDEX).nonzero().squeeze(1)
            self._batch = tuple(t.to(device) for t in (input_ids, attention, labels, positions))
            self._device = device
        return self._batch

    @torch.no_grad()
    def measure(self, model: torch.nn.Module, device: torch.device) -> tuple[ProbeResult, ...]:
        """Every probe's answer probability and best guess, from one forward pass (full precision)."""
        if not self.asked:
            return ()
        input_ids, attention, labels, positions = self._tensors(device)
        was_training = model.training
        model.eval()
        try:
            out = model(input_ids, attention_mask=attention, labels=labels, label_positions=positions)
            logits, targets = out.labelled(labels)  # [N, V], [N] in row-major order
            log_probs = torch.log_softmax(logits.float(), dim=-1)
            answer = log_probs.gather(1, targets.unsqueeze(1)).squeeze(1).cpu()  # [N]
            guesses = log_probs.argmax(-1).cpu()  # [N]
        finally:
            model.train(was_training)
        results, at = [], 0
        for a in self.asked:
            n = len(a.pieces)
            guess = [int(g) for g in guesses[at : at + n]]
            probability = float(answer[at : at + n].sum().exp())
            results.append(
                ProbeResult(
                    sentence=a.spec.sentence,
                    answer=a.spec.answer,
                    probability=min(1.0, max(0.0, probability)),
                    top1=self._shown(guess),
                    hit=guess == a.pieces,
                )
            )
            at += n
        return tuple(results)

    def _shown(self, ids: list[int]) -> str:
        if len(ids) == 1:
            return self.tokenizer.token_str(ids[0])  # as Explore shows a guess
        return self.tokenizer.decode(ids)


def answer_pieces(sentence: str, answer: str, tokenizer: MLMTokenizer) -> tuple[list[int], list[int]]:
    """The sentence's ids (one [MASK]) and the answer's pieces as they are cut in this sentence.

    The pieces come from the sentence with the answer written in, so a tokenizer
    that cuts a word by its neighbours (BPE's leading space) is asked the pieces
    it would really see; when that cannot be lined up, the answer on its own.
    """
    masked = tokenizer.encode(sentence)
    mask_at = masked.index(tokenizer.mask_token_id)
    prefix, suffix = masked[:mask_at], masked[mask_at + 1 :]
    filled = tokenizer.encode(sentence.replace(MASK, answer.strip(), 1))
    end = len(filled) - len(suffix)
    if filled[:mask_at] == prefix and filled[end:] == suffix and end > mask_at:
        return masked, filled[mask_at:end]
    return masked, tokenizer.encode(answer.strip())


def _encode(spec: ProbeSpec, tokenizer: MLMTokenizer, max_len: int) -> tuple[_Asked | None, str]:
    masked, pieces = answer_pieces(spec.sentence, spec.answer, tokenizer)
    shown = f"'{spec.sentence}'"
    if not pieces:
        return None, f"The probe {shown} is left out: its answer '{spec.answer}' has no tokens."
    if tokenizer.unk_token_id in pieces:
        return None, (
            f"The probe {shown} is left out: its answer '{spec.answer}' is not in the "
            "model's vocabulary, so the model can never give it."
        )
    room = max_len - 2
    if len(pieces) > room:
        return None, f"The probe {shown} is left out: its answer is longer than the model reads at once."
    mask_at = masked.index(tokenizer.mask_token_id)
    body = masked[:mask_at] + [tokenizer.mask_token_id] * len(pieces) + masked[mask_at + 1 :]
    first, last = mask_at, mask_at + len(pieces) - 1
    if len(body) > room:  # cut to a window around the answer, as Explore does
        start = min(max(0, (first + last) // 2 - room // 2), len(body) - room, first)
        body = body[start : start + room]
        first, last = first - start, last - start
    ids = [tokenizer.cls_token_id, *body, tokenizer.sep_token_id]
    return _Asked(spec, ids, list(range(first + 1, last + 2)), pieces), ""


# --- which probes a run asks ---------------------------------------------------------------------


def choose_probes(
    config: RunConfig, val_text: TextSpans | str, tokenizer: MLMTokenizer, max_len: int
) -> tuple[ProbeSpec, ...]:
    """The run's own list; else the facts sample's questions; else sentences of the held-out text."""
    if config.probes.items:
        return config.probes.items
    if config.probes.auto_count == 0:
        return ()
    if config.corpus.source.strip().lower() == FACTS_SOURCE:
        return tuple(ProbeSpec(s, a) for s, a in fact_probes(lowercase=config.tokenizer.lowercase))
    text = val_text if isinstance(val_text, str) else next(iter(val_text.chunks(PICK_FROM_CHARS)), "")
    return pick_probes(
        text[:PICK_FROM_CHARS],
        tokenizer,
        config.probes.auto_count,
        seed=config.training.seed,
        max_len=max_len,
        lowercase=config.tokenizer.lowercase,
    )


def _is_prose(sentence: str) -> bool:
    """A whole sentence of words: a capital first, an end mark last, mostly letters (no code or tables)."""
    if not (MIN_WORDS <= len(sentence.split()) <= MAX_WORDS) or MASK in sentence:
        return False
    if not (sentence[0].isupper() and sentence[-1] in ".!?"):
        return False
    letters = sum(c.isalpha() or c.isspace() for c in sentence)
    return letters >= 0.9 * len(sentence)


def pick_probes(
    text: str, tokenizer: MLMTokenizer, count: int, *, seed: int, max_len: int, lowercase: bool = False
) -> tuple[ProbeSpec, ...]:
    """``count`` sentences of ``text`` with one word hidden that the tokenizer keeps whole.

    Whole sentences of prose (5 to 25 words, a capital first and an end mark last,
    mostly letters) that fit the model, one word each (of 3+ letters,
    not the first word, longer words preferred), chosen by ``seed``: the same
    text, tokenizer and seed give the same probes.
    """
    rng = random.Random(seed)
    sentences = [
        s for paragraph in _PARAGRAPH.split(text) for s in _SENTENCE_END.split(" ".join(paragraph.split()))
    ]
    sentences = [s for s in sentences if _is_prose(s)]
    order = list(range(len(sentences)))
    rng.shuffle(order)
    picked: list[ProbeSpec] = []
    seen: set[str] = set()
    for index in order:
        if len(picked) >= count:
            break
        sentence = sentences[index]
        if sentence in seen:
            continue
        # A word on its own (spaces or punctuation around it), not part of "arg_name" or "a.x".
        words = [
            m
            for m in _WORD.finditer(sentence)
            if m.start() > 0
            and sentence[m.start() - 1] == " "
            and (m.end() == len(sentence) or sentence[m.end()] in " .,;:!?")
        ]
        rng.shuffle(words)
        words.sort(key=lambda m: len(m.group()) < 4)  # stable: 4+ letters first, in random order
        for match in words:
            masked = sentence[: match.start()] + MASK + sentence[match.end() :]
            answer = match.group().lower() if lowercase else match.group()
            spec = ProbeSpec(masked, answer)
            if spec.problem():
                continue
            ids, pieces = answer_pieces(masked, answer, tokenizer)
            if len(pieces) == 1 and pieces[0] != tokenizer.unk_token_id and len(ids) + 2 <= max_len:
                picked.append(spec)
                seen.add(sentence)
                break
    return tuple(picked)
