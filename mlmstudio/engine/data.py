"""From a token stream to training and validation batches.

The corpus is tokenized once into compact int32 arrays (ids and word ids).
Training cuts that stream into windows of ``seq_len - 2`` tokens framed by
[CLS] ... [SEP]; each epoch shifts the window grid by a random offset (so
dynamic masking also sees new contexts) unless masks are static, where a
window must keep its identity across epochs. Validation uses a fixed grid and
fixed 15% token masks, so every run is measured on exactly the same task.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np
import torch

from mlmstudio.config import MaskingConfig
from mlmstudio.engine.corpus import check_enough_tokens, check_real_text
from mlmstudio.engine.masking import EVAL_MASKING, EVAL_SEED, IGNORE_INDEX, mask_tokens
from mlmstudio.engine.memory import release_free_memory
from mlmstudio.engine.text_spans import TextSpans
from mlmstudio.engine.tokenization import MLMTokenizer

# Characters per tokenizer call, cut at a newline: large enough for the library's
# batching, small enough that progress reports arrive often on a 100 MB corpus and
# that only one chunk's temporary objects exist at a time.
CHUNK_CHARS = 500_000
# The tokenizer's threads free their buffers into glibc arenas that keep them; handing
# them back this often keeps a 100 MB corpus' peak under 3x its size (docs/PERFORMANCE.md).
_RELEASE_EVERY_CHARS = 8_000_000


@dataclass(frozen=True)
class TokenStream:
    """A split of the corpus as compact parallel arrays (3 bytes a token for most vocabularies)."""

    ids: np.ndarray  # uint16[N] token ids (int32 when the vocabulary exceeds 65,535)
    word_starts: np.ndarray  # bool[N]: True where a token begins a new word

    def __len__(self) -> int:
        return int(self.ids.shape[0])


def encode_stream(
    text: str | TextSpans, tokenizer: MLMTokenizer, progress: Callable[[int, int], None] | None = None
) -> TokenStream:
    """Tokenize ``text`` (or the spans of a split) into one stream, a chunk of whole lines at a time.

    ``progress(done_chars, total_chars)`` is called after every chunk.
    """
    spans = text if isinstance(text, TextSpans) else TextSpans.whole(text)
    dtype = np.uint16 if tokenizer.vocab_size <= np.iinfo(np.uint16).max + 1 else np.int32
    id_parts: list[np.ndarray] = []
    start_parts: list[np.ndarray] = []
    done, total, since_release = 0, len(spans), 0
    for chunk in spans.chunks(CHUNK_CHARS):
        ids, words = tokenizer.encode_with_words(chunk)
        if len(ids):
            id_parts.append(ids.astype(dtype))
            starts = np.empty(len(words), dtype=bool)
            starts[0] = True  # a chunk begins after a newline or a span's start, so with a new word
            np.not_equal(words[1:], words[:-1], out=starts[1:])
            start_parts.append(starts)
        done += len(chunk)
        since_release += len(chunk)
        if since_release >= _RELEASE_EVERY_CHARS:
            release_free_memory()
            since_release = 0
        if progress is not None:
            progress(done, total)
    if not id_parts:
        return TokenStream(np.zeros(0, dtype), np.zeros(0, bool))
    ids = np.concatenate(id_parts)
    del id_parts  # one array's parts at a time: the peak is one array, not both with their parts
    stream = TokenStream(ids, np.concatenate(start_parts))
    del start_parts
    release_free_memory()
    return stream


@dataclass(frozen=True)
class Batch:
    input_ids: torch.Tensor  # long[B, T], masked
    attention_mask: torch.Tensor  # long[B, T], 1 = real token
    labels: torch.Tensor  # long[B, T], -100 where no loss
    # long[N]: flat indices of the labelled positions, found on the host so that a GPU
    # never has to stop and report how many there are (nonzero() would sync every step).
    label_positions: torch.Tensor | None = None

    @classmethod
    def with_positions(
        cls, input_ids: torch.Tensor, attention_mask: torch.Tensor, labels: torch.Tensor
    ) -> Batch:
        positions = (labels.reshape(-1) != IGNORE_INDEX).nonzero().squeeze(1)
        return cls(input_ids, attention_mask, labels, positions)

    def to(self, device: torch.device) -> Batch:
        if device.type == "cpu":
            return self

        def move(t: torch.Tensor) -> torch.Tensor:
            if device.type == "cuda":  # pinned host memory lets the copy overlap with compute
                return t.pin_memory().to(device, non_blocking=True)
            return t.to(device)

        positions = self.label_positions
        return Batch(
            move(self.input_ids),
            move(self.attention_mask),
            move(self.labels),
            None if positions is None else move(positions),
        )

    @property
    def num_tokens(self) -> int:
        return int(self.attention_mask.sum())


class WindowFramer:
    """Cuts a stream into [CLS] body [SEP] windows with per-window word ids."""

    def __init__(self, tokenizer: MLMTokenizer, seq_len: int) -> None:
        self.body_len = seq_len - 2
        self.cls_id = tokenizer.cls_token_id
        self.sep_id = tokenizer.sep_token_id
        self.pad_id = tokenizer.pad_token_id

    def frame(
        self, stream: TokenStream, starts: np.ndarray, length: int | None = None
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """Windows beginning at ``starts`` -> (input_ids, attention_mask, word_ids), each long[B, T]."""
        body = self.body_len if length is None else length
        # The stream is read as a ring: a window may run past the end into the start,
        # so a shifted window grid still covers every token (on a tiny corpus the
        # first sentence would otherwise be skipped whenever the grid is shifted).
        positions = starts[:, None] + np.arange(body)[None, :]  # [B, body]
        rows = positions % len(stream)
        ids = stream.ids[rows]
        flags = stream.word_starts[rows]
        flags[:, 0] = True  # a window starts a word
        words = np.cumsum(flags, axis=1)  # 1-based word ids per window
        batch = len(starts)
        input_ids = np.full((batch, body + 2), self.pad_id, dtype=np.int64)
        input_ids[:, 0] = self.cls_id
        input_ids[:, 1:-1] = ids
        input_ids[:, -1] = self.sep_id
        word_ids = np.zeros((batch, body + 2), dtype=np.int64)
        word_ids[:, 1:-1] = words
        word_ids[:, -1] = words[:, -1] + 1
        attention = np.ones_like(input_ids)
        return torch.from_numpy(input_ids), torch.from_numpy(attention), torch.from_numpy(word_ids)


def filler_ids(tokenizer: MLMTokenizer) -> list[int]:
    """Token ids that carry no text: the markers [PAD] [CLS] [SEP] [MASK], and whitespace."""
    markers = [
        tokenizer.pad_token_id,
        tokenizer.cls_token_id,
        tokenizer.sep_token_id,
        tokenizer.mask_token_id,
    ]
    return markers + [
        i for i in range(tokenizer.vocab_size) if i not in markers and not tokenizer.token_str(i).strip()
    ]


class TrainBatches:
    """An endless, seeded, resumable source of masked training batches.

    Its whole position is ``state()`` (JSON-safe) plus the masking generator,
    so a resumed run draws exactly the batches an uninterrupted one would.
    """

    def __init__(
        self,
        stream: TokenStream,
        tokenizer: MLMTokenizer,
        seq_len: int,
        batch_size: int,
        masking: MaskingConfig,
        seed: int,
        rank: int = 0,
        world_size: int = 1,
    ) -> None:
        check_enough_tokens(len(stream), seq_len - 2, where="training")
        check_real_text(int((~np.isin(stream.ids, filler_ids(tokenizer))).sum()), len(stream))
        self.stream = stream
        self.framer = WindowFramer(tokenizer, seq_len)
        self.batch_size = batch_size
        self.masking = masking
        self.static = masking.static_masks > 0
        self.vocab_size = tokenizer.vocab_size
        self.mask_token_id = tokenizer.mask_token_id
        self.special_ids = tokenizer.special_ids
        self.seed = seed
        self.rank, self.world_size = rank, world_size
        self.rng = np.random.Generator(np.random.PCG64(seed))
        self.mask_generator = torch.Generator().manual_seed(seed + 1)
        self.epoch = 0
        self._order = np.zeros(0, np.int64)  # window starts of the current epoch, shuffled
        self._windows = np.zeros(0, np.int64)  # the window index of each entry of _order
        self._cursor = 0
        self._start_epoch()

    # -- position -------------------------------------------------------
    def _start_epoch(self) -> None:
        body = self.framer.body_len
        # Dynamic masking also shifts the window grid each epoch, so every token is seen
        # in many contexts and positions; static masks need windows that keep their identity.
        shift = 0 if self.static else int(self.rng.integers(0, body))
        count = len(self.stream) // body
        self._windows = self.rng.permutation(count)
        self._order = shift + self._windows * body
        self._cursor = 0

    def _next_indices(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The next global batch (across all ranks): starts, window ids and epochs."""
        starts, windows, epochs = [], [], []
        needed = self.batch_size * self.world_size
        while needed:
            if self._cursor >= len(self._order):
                self.epoch += 1
                self._start_epoch()
            take = min(needed, len(self._order) - self._cursor)
            starts.append(self._order[self._cursor : self._cursor + take])
            windows.append(self._windows[self._cursor : self._cursor + take])
            epochs.append(np.full(take, self.epoch))
            self._cursor += take
            needed -= take
        return np.concatenate(starts), np.concatenate(windows), np.concatenate(epochs)

    def state(self) -> dict:
        return {
            "rng": self.rng.bit_generator.state,
            "epoch": self.epoch,
            "order": self._order.tolist(),
            "windows": self._windows.tolist(),
            "cursor": self._cursor,
        }

    def load_state(self, state: dict, mask_generator_state: torch.Tensor) -> None:
        self.rng.bit_generator.state = state["rng"]
        self.epoch = int(state["epoch"])
        self._order = np.asarray(state["order"], dtype=np.int64)
        self._windows = np.asarray(state["windows"], dtype=np.int64)
        self._cursor = int(state["cursor"])
        self.mask_generator.set_state(mask_generator_state)

    # -- batches --------------------------------------------------------
    def __iter__(self) -> Iterator[Batch]:
        return self

    def __next__(self) -> Batch:
        starts, windows, epochs = self._next_indices()
        # Every rank draws the same global batch and keeps its own slice, so the
        # masking generator stays in step across ranks and with a single process.
        mine = slice(self.rank * self.batch_size, (self.rank + 1) * self.batch_size)
        input_ids, attention, word_ids = self.framer.frame(self.stream, starts)
        if self.static:
            masked, labels = self._static_masks(input_ids, word_ids, windows, epochs)
        else:
            masked, labels = self._mask(input_ids, word_ids, self.mask_generator)
        return Batch.with_positions(masked[mine], attention[mine], labels[mine])

    def _mask(self, input_ids: torch.Tensor, word_ids: torch.Tensor, generator: torch.Generator):
        return mask_tokens(
            input_ids,
            cfg=self.masking,
            vocab_size=self.vocab_size,
            mask_token_id=self.mask_token_id,
            special_ids=self.special_ids,
            generator=generator,
            word_ids=word_ids,
        )

    def _static_masks(self, input_ids, word_ids, windows, epochs):
        """Static masking: window w in epoch e always gets pattern e mod N, chosen once from the seed."""
        masked_rows, label_rows = [], []
        for row, (window, epoch) in enumerate(zip(windows.tolist(), epochs.tolist(), strict=True)):
            pattern = epoch % self.masking.static_masks
            pattern_seed = np.random.SeedSequence([self.seed, window, pattern]).generate_state(1)[0]
            generator = torch.Generator().manual_seed(int(pattern_seed))
            masked, labels = self._mask(input_ids[row : row + 1], word_ids[row : row + 1], generator)
            masked_rows.append(masked)
            label_rows.append(labels)
        return torch.cat(masked_rows), torch.cat(label_rows)


def validation_batches(
    stream: TokenStream, tokenizer: MLMTokenizer, seq_len: int, batch_size: int, max_batches: int
) -> list[Batch]:
    """Fixed held-out batches with fixed 15% token masks, the same for every run of this data.

    A held-out split shorter than one window becomes a single shorter window.
    """
    framer = WindowFramer(tokenizer, seq_len)
    body = framer.body_len
    if len(stream) == 0:
        return []
    length = min(body, len(stream))
    count = min(max(1, len(stream) // length), batch_size * max_batches)
    starts = np.arange(count, dtype=np.int64) * length
    generator = torch.Generator().manual_seed(EVAL_SEED)
    batches = []
    for first in range(0, count, batch_size):
        input_ids, attention, word_ids = framer.frame(stream, starts[first : first + batch_size], length)
        masked, labels = mask_tokens(
            input_ids,
            cfg=EVAL_MASKING,
            vocab_size=tokenizer.vocab_size,
            mask_token_id=tokenizer.mask_token_id,
            special_ids=tokenizer.special_ids,
            generator=generator,
            word_ids=word_ids,
        )
        if (labels != IGNORE_INDEX).any():
            batches.append(Batch(masked, attention, labels))
    if not batches:
        # Too little held-out text for 15% to pick anything: mask one token per window.
        input_ids, attention, _ = framer.frame(stream, starts[:batch_size], length)
        labels = torch.full_like(input_ids, IGNORE_INDEX)
        labels[:, 1] = input_ids[:, 1]
        masked = input_ids.clone()
        masked[:, 1] = tokenizer.mask_token_id
        batches.append(Batch(masked, attention, labels))
    return batches
