"""Every setting of a run, as small frozen dataclasses.

This module is the single source of defaults, validation and presets for the
GUI forms and the CLI flags. It imports neither torch nor Qt, so it is cheap to
import anywhere. A ``RunConfig`` serialises to JSON and back; a JSON written by
an older version loads with the missing keys defaulted.

Field metadata carries what a form or a flag needs: ``help`` (a plain-language
tooltip with a typical value), ``choices`` and, for numbers, ``min``/``max``.
Those bounds are enforced here and nowhere else (``check_fields``): the type of
every value, the finiteness of every float, every number's range and every
choice. Each section's ``validate`` adds only the rules that tie fields together.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from mlmstudio import bounded_json
from mlmstudio.errors import MLMStudioError

SPECIAL_TOKENS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
PAD, UNK, CLS, SEP, MASK = SPECIAL_TOKENS

TOKENIZER_KINDS = ("char", "word", "wordpiece", "bpe")
MASKING_STRATEGIES = ("token", "whole-word", "span")
ARCHITECTURES = ("modern", "seed")
POSITIONS = ("learned", "rotary")
OBJECTIVES = ("mlm", "electra")
SCHEDULES = ("constant", "linear", "cosine")
DEVICES = ("auto", "cpu", "cuda", "mps")
PRECISIONS = ("auto", "fp32", "bf16")
PRESETS = ("tiny", "small", "base")


class ConfigError(MLMStudioError, ValueError):
    """A setting is invalid. The message is a sentence meant for the user."""


def _f(default: Any, help: str, **meta: Any) -> Any:
    """A dataclass field with user-facing metadata."""
    return field(default=default, metadata={"help": help, **meta})


@dataclass(frozen=True)
class CorpusConfig:
    source: str = _f(
        "sample:facts",
        "The text to learn from: a .txt, .jsonl or .csv file, a folder of "
        "text files, or a built-in sample (sample:NAME).",
    )
    text_field: str = _f("text", "For a .jsonl file: the field of each line that holds the text.")
    csv_column: str = _f(
        "", "For a .csv file: the column that holds the text (empty: the column named 'text')."
    )
    val_fraction: float = _f(
        0.05,
        "How much of the text is set aside to test the model on passages it never trained on "
        "(the held-out or validation share), in whole blocks. Typical: 0.05.",
        min=0.001,
        max=0.5,
    )
    encoding: str = _f(
        "",
        "The text encoding of the corpus files (utf-8, shift_jis, gbk, big5, cp1251, ...); "
        "empty: detected from the bytes. Choose it when the detected one is uncertain.",
    )

    def validate(self) -> None:
        check_fields(self)
        if not self.source.strip():
            raise ConfigError("No corpus chosen. Pick a text file, a folder or a built-in sample.")


@dataclass(frozen=True)
class TokenizerConfig:
    kind: str = _f(
        "wordpiece",
        "How the model reads the text: letter by letter (char), whole words "
        "(word), or pieces of words learned from your text (wordpiece or bpe "
        "sub-words).",
        choices=TOKENIZER_KINDS,
    )
    vocab_size: int = _f(
        4000,
        "The most different letters, words or word pieces the model may know "
        "(vocabulary size); rarer ones become [UNK], unknown. Typical: 4000 "
        "for a 1 MB text; letters rarely need more than a few hundred.",
        min=16,
        max=200_000,
    )
    # 1 by default: on a small corpus a rarer character or word dropped to [UNK] can never be
    # predicted (the tutorial corpus has a 'q' only once in its training split).
    min_frequency: int = _f(
        1,
        "How often a letter, word or piece must appear in the text to be "
        "learned (minimum frequency); the vocabulary size caps it anyway. "
        "Typical: 1, or 2 to 5 on noisy text.",
        min=1,
        max=1000,
    )
    lowercase: bool = _f(
        False,
        "Treat capital and small letters as the same (lower-case the text before cutting it into tokens).",
    )

    def validate(self) -> None:
        check_fields(self)


@dataclass(frozen=True)
class MaskingConfig:
    strategy: str = _f(
        "token",
        "What is hidden together: single tokens (token), every piece of a word "
        "at once (whole-word), or runs of several words (span, as SpanBERT).",
        choices=MASKING_STRATEGIES,
    )
    # 30% is the measured default for short CPU budgets (DESIGN.md); BERT used 15%.
    mlm_probability: float = _f(
        0.30,
        "How much of the text the model must guess: the share of tokens "
        "hidden or swapped each time (masking rate, mlm_probability). "
        "BERT used 0.15; 0.3 learns faster in short runs.",
        min=0.01,
        max=0.9,
    )
    mask_replace_prob: float = _f(
        0.8, "Of the tokens to guess, the share shown as [MASK]. BERT: 0.8.", min=0.0, max=1.0
    )
    random_replace_prob: float = _f(
        0.1,
        "Of the tokens to guess, the share swapped for a random "
        "token, so the model cannot trust every token it sees. BERT: "
        "0.1. The rest are left as they are.",
        min=0.0,
        max=1.0,
    )
    static_masks: int = _f(
        0,
        "0: hide different tokens every time the model reads a passage (dynamic "
        "masking, as RoBERTa). N: choose N fixed patterns per passage once and "
        "reuse them (static masking, as the original BERT).",
        min=0,
        max=100,
    )
    span_p: float = _f(
        0.2,
        "Span masking only: how short the hidden runs of words tend to be; higher "
        "gives shorter runs, and 0.2 gives about 4 words on average (the p of a "
        "geometric distribution of span lengths, SpanBERT: 0.2).",
        min=0.01,
        max=1.0,
    )
    span_max: int = _f(
        10, "Span masking only: the longest run of words hidden at once (SpanBERT: 10).", min=1, max=100
    )

    @property
    def keep_prob(self) -> float:
        return max(0.0, 1.0 - self.mask_replace_prob - self.random_replace_prob)

    def validate(self) -> None:
        check_fields(self)
        if self.mask_replace_prob + self.random_replace_prob > 1.0 + 1e-9:
            raise ConfigError(
                f"The [MASK] share ({self.mask_replace_prob}) and the random-token share "
                f"({self.random_replace_prob}) add up to more than 1. Lower one of them; "
                "BERT uses 0.8 and 0.1."
            )


@dataclass(frozen=True)
class ModelConfig:
    arch: str = _f(
        "modern",
        "The model's design. 'modern' (default): built to learn fast on a CPU (a "
        "pre-LN encoder: each block normalises its input first); it exports to "
        "Hugging Face when the distance bias is off. 'seed': the tutorial's "
        "TinyMLM in BERT's own layout, which always exports to Hugging Face.",
        choices=ARCHITECTURES,
    )
    d_model: int = _f(
        256,
        "How many numbers describe each token inside the model (width, also d_model "
        "or hidden size). Wider learns more but trains slower. Typical: 128 to 512.",
        min=8,
        max=4096,
    )
    num_layers: int = _f(
        2,
        "How many times the text is reworked on its way through the model (layers, "
        "transformer blocks). 2 learns fastest on a CPU budget.",
        min=1,
        max=48,
    )
    num_heads: int = _f(
        4,
        "How many different things each token can look for in the others at once "
        "(attention heads); must divide the width. Typical: 4.",
        min=1,
        max=64,
    )
    # 0 means "4 x width", resolved by ``ffn_width``: changing the width then changes the FFN too,
    # and a config that set a number (old saved runs, the quick start) keeps it.
    ffn_dim: int = _f(
        0,
        "Size of the small network inside each layer that works on every token on its "
        "own (feed-forward width). 0 follows the width: 4 x width, as in BERT. Set a "
        "number to fix it.",
        min=0,
        max=16384,
        zero_means="4 × width",
    )
    max_len: int = _f(
        128,
        "The longest passage the model can read at once, in tokens (maximum length: "
        "the positions it learns).",
        min=8,
        max=8192,
    )
    dropout: float = _f(
        0.0,
        "Switch off this share of the model's connections at random while "
        "training, so it cannot simply memorise a small text (dropout). 0 for "
        "short runs; 0.1 for long runs on small texts.",
        min=0.0,
        max=0.9,
    )
    # ALiBi-style symmetric distance bias on attention: the fastest start (the quick start keeps it),
    # but no transformers model has it; rotary positions catch up by two minutes (PERFORMANCE.md 11).
    distance_bias: bool = _f(
        False,
        "Distance bias: each token pays more attention to its neighbours "
        "(ALiBi-style). Learns fastest in the first minute (the quick start "
        "uses it), but no Hugging Face model has it: a run with it cannot be "
        "exported to Hugging Face. The 'modern' design only.",
    )
    # Rotary positions (RoPE, Su et al. 2021) as ESM has them: the exportable way to see distances.
    positions: str = _f(
        "rotary",
        "How the model knows where each word is. 'rotary' (default): the "
        "positions turn each query and key (RoPE), so attention sees how far "
        "apart two words are; it exports to Hugging Face (as ESM) and, from "
        "about two minutes of training on, learns as well as the distance "
        "bias. 'learned': one learned vector per position, as BERT. The "
        "'modern' design only.",
        choices=POSITIONS,
    )
    # The LayerNorms' epsilon: 1e-5 (torch's default) for the engine's own models; an opened
    # transformers model keeps its own (BERT 1e-12), without which its predictions would differ.
    layer_norm_eps: float = _f(
        1e-5,
        "A tiny number added inside every normalisation so that it never divides by zero "
        "(LayerNorm epsilon). 1e-5 for models trained here; a model opened from Hugging Face "
        "keeps its own (BERT: 1e-12).",
        min=1e-12,
        max=1e-3,
    )
    # ESM-2's token dropout (Lin et al. 2023), kept by an opened ESM model: its predictions depend on it.
    token_dropout_id: int = _f(
        -1,
        "How an opened protein model reads hidden words: the input of this token (the mask "
        "token) is zeroed and the others are scaled by the share of tokens left, as ESM-2 models "
        "were trained (ESM's token dropout; -1: off). Set when an ESM model is opened; the "
        "'modern' design with rotary positions only.",
        min=-1,
        max=10_000_000,
        form=False,
    )
    # ELECTRA (Clark et al. 2020): engine/electra.py. Built on the seed (BERT) layout, which is
    # what transformers' ElectraForPreTraining and ElectraForMaskedLM are.
    objective: str = _f(
        "mlm",
        "What the model learns from. 'mlm': guess the hidden words (masked "
        "language modelling, as BERT). 'electra': a small helper (the "
        "generator) fills the hidden words with its own guesses and the model "
        "(the discriminator) learns to spot, for every word, whether it was "
        "swapped (replaced-token detection, ELECTRA), so it learns from every "
        "word, not only the hidden ones. ELECTRA needs the 'seed' design.",
        choices=OBJECTIVES,
    )
    generator_fraction: float = _f(
        0.25,
        "ELECTRA only: how wide the helper that fills in the hidden "
        "words is, as a share of the model's width (generator "
        "size). A helper that guesses too well makes its swaps "
        "impossible to spot; the paper found 1/4 to 1/2 best. "
        "Typical: 0.25.",
        min=0.05,
        max=1.0,
    )
    discriminator_weight: float = _f(
        10.0,
        "ELECTRA only: how much more spotting swapped words counts "
        "than filling in hidden ones in the training loss "
        "(the discriminator loss weight, lambda). Typical: 10. The paper "
        "used 50 for runs of days; in runs of a few minutes 10 spotted "
        "the swapped word more reliably.",
        min=0.1,
        max=1000.0,
    )

    @property
    def ffn_width(self) -> int:
        """The feed-forward width the model is built with: ``ffn_dim``, or 4 x width when it is 0."""
        return self.ffn_dim or 4 * self.d_model

    @property
    def generator_width(self) -> int:
        """ELECTRA's generator width: the fraction of ``d_model``, a multiple of the heads."""
        heads = self.num_heads
        return max(heads, round(self.d_model * self.generator_fraction / heads) * heads)

    @property
    def generator_ffn_width(self) -> int:
        """ELECTRA's generator feed-forward width: the model's, scaled as the width is."""
        return max(1, round(self.ffn_width * self.generator_width / self.d_model))

    def validate(self) -> None:
        check_fields(self)
        if self.d_model % self.num_heads:
            raise ConfigError(
                f"The width ({self.d_model}) must be divisible by the number of heads "
                f"({self.num_heads}). Try {self.num_heads * max(1, round(self.d_model / self.num_heads))} "
                "or change the heads."
            )
        if self.positions == "rotary" and self.arch == "modern" and (self.d_model // self.num_heads) % 2:
            raise ConfigError(
                f"Rotary positions need an even width per head; {self.d_model} wide with "
                f"{self.num_heads} heads gives {self.d_model // self.num_heads}. Change the width or "
                "the heads, or use learned positions."
            )
        if self.objective == "electra" and self.arch != "seed":
            raise ConfigError(
                f"ELECTRA (objective 'electra') is built on BERT's own layout, the 'seed' "
                f"architecture, so that it exports to Hugging Face's ELECTRA; the '{self.arch}' "
                "architecture cannot be used with it. Set the architecture to 'seed' (--arch seed) "
                "or the objective to 'mlm'."
            )
        if self.token_dropout_id >= 0 and (self.arch, self.positions, self.objective) != (
            "modern",
            "rotary",
            "mlm",
        ):
            raise ConfigError(
                "ESM's token dropout (token_dropout_id) belongs to ESM models: the 'modern' design with "
                "rotary positions and the 'mlm' objective. Set it to -1 for this model."
            )


# "No step count": a time-budgeted run whose steps were not given trains until its budget is spent.
NO_STEP_LIMIT = 10_000_000


@dataclass(frozen=True)
class TrainingConfig:
    steps: int = _f(
        1000,
        "How many times the model corrects itself (optimizer steps). With a time "
        "budget as well, training stops at whichever is reached first; give only "
        "the time budget and there is no step limit.",
        min=1,
        max=NO_STEP_LIMIT,
    )
    time_budget: float = _f(
        0.0,
        "Stop training after this many seconds (0: no limit). The learning "
        "rate then follows the time that has passed and reaches 0 at the budget.",
        min=0.0,
        max=1e7,
    )
    # Continued pretraining (issue 17): the weights and tokenizer of a model folder, not a new model.
    start_from: str = _f(
        "",
        "Continue training this model instead of a new one: a model folder (a run's, or one "
        "opened from Hugging Face), whose weights and tokenizer are kept (empty: a new model). "
        "On the command line: train CORPUS --from MODEL.",
        form=False,
    )
    # Forgetting (issue 17, item 3): a second text every evaluation also tests, as its own curve.
    general_text: str = _f(
        "",
        "A second, general text the model is also tested on at every evaluation (a .txt, .jsonl "
        "or .csv file, a folder or sample:NAME), so that forgetting general language while it "
        "adapts to your corpus shows as its own curve, general_loss (empty: none). It is only "
        "tested on, never trained on.",
        form=False,
    )
    # Vocabulary extension (issue 17, item 4): data in the config, so resume, the queue and
    # capsules grow the same rows; words hold no spaces, so one string carries the list.
    added_words: str = _f(
        "",
        "Words the continued model learns as single tokens, separated by spaces; each new row "
        "starts at the mean of the pieces the model read the word as (empty: none). Only with "
        "start_from. On the command line: train CORPUS --from MODEL --add-words N (the N most "
        "frequent words its tokenizer splits) or --add-words-file FILE.",
        form=False,
    )
    batch_size: int = _f(
        16,
        "How many passages the model reads before each correction (batch size). "
        "16 is best for short CPU runs.",
        min=1,
        max=4096,
    )
    seq_len: int = _f(
        128,
        "How long each training passage is, in tokens, counting the start and end "
        "markers [CLS] and [SEP] (sequence length).",
        min=4,
        max=8192,
    )
    lr: float = _f(
        7e-4,
        "How big each correction is (the peak learning rate of AdamW, the method that "
        "updates the model). Too big: training goes unstable; too small: it learns "
        "slowly. Typical: 7e-4 for small models on a CPU budget, 5e-4 for large ones.",
        min=1e-7,
        max=1.0,
    )
    warmup: float = _f(
        0.05,
        "Share of the run during which the corrections grow slowly from 0, so the "
        "first clumsy steps stay small (learning-rate warm-up). Typical: 0.05.",
        min=0.0,
        max=0.9,
    )
    schedule: str = _f(
        "linear",
        "How the size of the corrections changes after the warm-up: stays the "
        "same (constant), shrinks steadily to 0 (linear), or shrinks along a "
        "curve (cosine learning-rate schedule).",
        choices=SCHEDULES,
    )
    weight_decay: float = _f(
        0.01,
        "A gentle pull of the model's numbers towards 0 at every step, "
        "against memorising (AdamW weight decay). Typical: 0.01.",
        min=0.0,
        max=1.0,
    )
    grad_clip: float = _f(
        1.0,
        "Caps how big a single correction can be, so one odd batch cannot throw "
        "the model off (the gradient norm is clipped to this value; 0: no cap).",
        min=0.0,
        max=1e4,
    )
    eval_every: int = _f(
        100,
        "How often the model is tested on the held-out text, in steps (validation loss and accuracy).",
        min=1,
        max=1_000_000,
    )
    eval_batches: int = _f(
        8,
        "How many batches of held-out text each test reads (evaluation batches): "
        "more gives steadier numbers but takes longer.",
        min=1,
        max=10_000,
    )
    checkpoint_every: int = _f(
        500,
        "How often the training so far is saved so that it can be resumed, "
        "in steps (a checkpoint; 0: only at the end).",
        min=0,
        max=10_000_000,
    )
    checkpoint_seconds: float = _f(
        60.0,
        "Also save the training so far after this many seconds of "
        "training since the last save, so a crash or a power cut "
        "loses at most this much (0: by steps only).",
        min=0.0,
        max=1e7,
    )
    keep_checkpoints: int = _f(
        8,
        "How many copies of the model's weights are kept from along the "
        "training, so Explore can show what it answered at each point "
        "(kept checkpoints). They are taken at steps 1, 2, 4, 8, ... (each "
        "twice the one before: models change fastest early) and at the end; "
        "beyond this many, the earliest go. Each copy costs the size of the "
        "weights on disk; 0 keeps none.",
        min=0,
        max=64,
    )
    seed: int = _f(
        0,
        "The starting point of every random choice (random seed). The same seed and "
        "settings give the same run.",
        min=0,
        max=2**31 - 1,
    )
    device: str = _f(
        "auto",
        "Which part of the computer trains: auto picks a graphics card when there "
        "is one (cuda for NVIDIA, mps for Apple), else the processor (cpu).",
        choices=DEVICES,
    )
    precision: str = _f(
        "auto",
        "How precisely numbers are stored while training. auto uses a shorter, "
        "faster number format where the processor has it (bf16, bfloat16), "
        "else the standard one (fp32).",
        choices=PRECISIONS,
    )

    def validate(self) -> None:
        check_fields(self)


PROBE_MAX_ITEMS = 50  # probes per run: one small batch at every evaluation
PROBE_MAX_SENTENCE_CHARS = 300
PROBE_MAX_ANSWER_CHARS = 50


@dataclass(frozen=True)
class ProbeSpec:
    """One probe: a sentence with exactly one [MASK] and the answer the model should give there."""

    sentence: str
    answer: str

    def problem(self) -> str | None:
        """Why this probe cannot be used (a sentence), or None."""
        sentence, answer = self.sentence.strip(), self.answer.strip()
        shown = _shown(sentence) if sentence else "(empty)"
        if not sentence:
            return "is empty: write a sentence with [MASK] where the answer goes."
        if len(self.sentence) > PROBE_MAX_SENTENCE_CHARS:
            return (
                f"is {len(self.sentence):,} characters long; keep a probe sentence under "
                f"{PROBE_MAX_SENTENCE_CHARS} characters."
            )
        count = self.sentence.count(MASK)
        if count != 1:
            what = "has no [MASK]" if count == 0 else f"has {count} [MASK]s"
            return (
                f"{shown} {what}: a probe asks about exactly one blank, so write [MASK] once, "
                "where the answer goes."
            )
        if not answer:
            return f"{shown} has no expected answer: give the word that belongs at [MASK]."
        if len(self.answer) > PROBE_MAX_ANSWER_CHARS:
            return f"{shown}: the answer is longer than {PROBE_MAX_ANSWER_CHARS} characters; give one word."
        if MASK in self.answer or "\n" in self.answer or "\n" in self.sentence:
            return (
                f"{shown}: the sentence and the answer must each be one line, and the answer without [MASK]."
            )
        return None


@dataclass(frozen=True)
class ProbesConfig:
    """Probe sentences tested at every evaluation: the Train page plots how sure the model is of each
    answer, so the user watches 'paris' rise. Empty ``items``: automatic (see ``auto_count``)."""

    items: tuple[ProbeSpec, ...] = _f(
        (),
        "Sentences with one [MASK] and the answer expected there, tested at every evaluation "
        "(probes). Empty: automatic (the facts sample's own questions, or sentences picked from "
        "the held-out text).",
        max_items=PROBE_MAX_ITEMS,
    )
    auto_count: int = _f(
        8,
        "When no probe sentences are given: how many sentences of the held-out "
        "text to test the model on, each with one word hidden (0: no probes; the "
        "facts sample uses its own questions).",
        min=0,
        max=PROBE_MAX_ITEMS,
    )

    def validate(self) -> None:
        check_fields(self)


# Names a newcomer understands, for the forms and for messages; a field missing here is shown by its key.
FIELD_LABELS: dict[str, str] = {
    "source": "Corpus",
    "text_field": "JSON text field",
    "csv_column": "CSV column",
    "val_fraction": "Held-out share",
    "kind": "Tokenizer",
    "vocab_size": "Vocabulary size",
    "min_frequency": "Minimum frequency",
    "lowercase": "Lower-case text",
    "strategy": "Strategy",
    "mlm_probability": "Masking rate",
    "mask_replace_prob": "Share → [MASK]",
    "random_replace_prob": "Share → random token",
    "static_masks": "Static masks",
    "span_p": "Span length p",
    "span_max": "Longest span (words)",
    "arch": "Architecture",
    "d_model": "Width (d_model)",
    "num_layers": "Layers",
    "num_heads": "Attention heads",
    "ffn_dim": "Feed-forward width",
    "max_len": "Maximum length",
    "dropout": "Dropout",
    "distance_bias": "Distance bias",
    "positions": "Positions",
    "objective": "Training objective",
    "generator_fraction": "Generator size (share of width)",
    "discriminator_weight": "Detection weight (lambda)",
    "steps": "Steps",
    "time_budget": "Time budget (s)",
    "batch_size": "Batch size",
    "seq_len": "Sequence length",
    "lr": "Learning rate",
    "warmup": "Warm-up share",
    "schedule": "Schedule",
    "weight_decay": "Weight decay",
    "grad_clip": "Gradient clipping",
    "eval_every": "Evaluate every",
    "eval_batches": "Evaluation batches",
    "checkpoint_every": "Checkpoint every",
    "checkpoint_seconds": "Checkpoint after (s)",
    "keep_checkpoints": "Checkpoints kept",
    "seed": "Seed",
    "device": "Device",
    "precision": "Precision",
    "items": "Probe sentences",
    "auto_count": "Automatic probes",
}

SECTION_NAMES: dict[type, str] = {
    CorpusConfig: "corpus",
    TokenizerConfig: "tokenizer",
    MaskingConfig: "masking",
    ModelConfig: "model",
    TrainingConfig: "training",
    ProbesConfig: "probes",
}

# Presets set only model shape; measured for short CPU budgets (see docs/PERFORMANCE.md).
MODEL_PRESETS: dict[str, dict[str, Any]] = {
    # ffn_dim 0: the feed-forward width follows the width (4 x), also after a later --d-model.
    "tiny": dict(d_model=128, num_layers=2, num_heads=4, ffn_dim=0, max_len=128),
    "small": dict(d_model=256, num_layers=2, num_heads=4, ffn_dim=0, max_len=128),
    "base": dict(d_model=512, num_layers=4, num_heads=8, ffn_dim=0, max_len=256),
}


@dataclass(frozen=True)
class RunConfig:
    corpus: CorpusConfig = field(default_factory=CorpusConfig)
    tokenizer: TokenizerConfig = field(default_factory=TokenizerConfig)
    masking: MaskingConfig = field(default_factory=MaskingConfig)
    model: ModelConfig = field(default_factory=ModelConfig)
    training: TrainingConfig = field(default_factory=TrainingConfig)
    probes: ProbesConfig = field(default_factory=ProbesConfig)

    def validate(self) -> RunConfig:
        """Raise ConfigError for the first invalid setting; return self when all is well."""
        self.corpus.validate()
        self.tokenizer.validate()
        self.masking.validate()
        self.model.validate()
        self.training.validate()
        self.probes.validate()
        if self.training.seq_len > self.model.max_len:
            raise ConfigError(
                f"The sequence length ({self.training.seq_len}) is longer than the model's maximum "
                f"length ({self.model.max_len}). Shorten the sequences or raise the maximum length."
            )
        return self

    def check_fields(self) -> RunConfig:
        """Every value's type, finiteness and range against the metadata (not the rules between
        fields): what a loaded file must pass before a form shows it or a command uses it."""
        for part in (self.corpus, self.tokenizer, self.masking, self.model, self.training, self.probes):
            check_fields(part)
        return self

    def errors(self) -> list[str]:
        """Every problem, one sentence each (for forms that show all at once)."""
        problems = []
        for part in (self.corpus, self.tokenizer, self.masking, self.model, self.training, self.probes):
            try:
                part.validate()
            except ConfigError as exc:
                problems.append(str(exc))
        if not problems:
            try:
                self.validate()
            except ConfigError as exc:
                problems.append(str(exc))
        return problems

    def with_preset(self, preset: str) -> RunConfig:
        _choice("preset", preset, PRESETS)
        return replace(self, model=replace(self.model, **MODEL_PRESETS[preset]))

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["probes"]["items"] = list(data["probes"]["items"])  # JSON's own shape, as it reads back
        return data

    def to_json(self, indent: int = 2) -> str:
        return json.dumps({**self.to_dict(), VERSION_KEY: CONFIG_VERSION}, indent=indent, sort_keys=True)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RunConfig:
        """Build from a dict; missing keys take defaults, unknown keys are refused."""
        if not isinstance(data, Mapping):
            raise ConfigError("A run configuration must be a JSON object.")
        data = upgrade_config_dict(data)
        unknown = set(data) - {f.name for f in fields(cls)}
        if unknown:
            raise ConfigError(f"Unknown configuration section(s): {', '.join(sorted(unknown))}.")
        parts = {}
        for f in fields(cls):
            section = data.get(f.name, {})
            parts[f.name] = section_from_dict(f.default_factory, section, f.name)  # type: ignore[arg-type]
        return cls(**parts)

    @classmethod
    def from_json(cls, text: str | bytes) -> RunConfig:
        """Parse a run configuration; text over 1 MB or nested too deep is refused, not read."""
        try:
            data = bounded_json.loads(text, max_chars=bounded_json.MAX_CONFIG_BYTES)
        except bounded_json.JSONLimitError as exc:
            raise ConfigError(f"The configuration {exc}.") from exc
        return cls.from_dict(data)

    @classmethod
    def from_file(cls, path: Any) -> RunConfig:
        """Read a run configuration file, at most 1 MB of it (``/dev/urandom`` is refused quickly)."""
        try:
            text = bounded_json.read_text(path, max_bytes=bounded_json.MAX_CONFIG_BYTES)
        except bounded_json.JSONLimitError as exc:
            raise ConfigError(
                f"The configuration file {path} {exc}. Give a run.json written by MLM Studio (--save-config)."
            ) from exc
        except OSError as exc:
            raise ConfigError(
                f"Cannot read the configuration file {path} ({exc.strerror or exc}). Check the path."
            ) from exc
        try:
            return cls.from_json(text)
        except ConfigError as exc:
            raise ConfigError(f"{path}: {exc}") from exc


QUICK_START_SECONDS = 60.0


# The version a saved configuration is written in (``to_json``). Version 1 (no key: every file from
# before this field) meant learned positions and the distance bias on when the file did not say.
VERSION_KEY = "config_version"
CONFIG_VERSION = 2
_VERSION_1_MODEL_DEFAULTS = {"positions": "learned", "distance_bias": True}


def upgrade_config_dict(data: Mapping[str, Any]) -> dict[str, Any]:
    """A saved configuration in today's terms: the defaults it was written under made explicit.

    Run folders, the history and bundles keep every run's config.json as it was
    written; reading one through here builds the model it was trained with, even
    though the defaults have moved since.
    """
    data = dict(data)
    version = data.pop(VERSION_KEY, 1)
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= CONFIG_VERSION:
        raise ConfigError(
            f"This configuration is version {version!r}; this MLM Studio reads versions 1 "
            f"to {CONFIG_VERSION}. Update MLM Studio to read it."
        )
    if version < 2 and isinstance(data.get("model", {}), Mapping):
        data["model"] = {**_VERSION_1_MODEL_DEFAULTS, **data.get("model", {})}
    return data


def budget_words(seconds: float) -> str:
    """A time budget in words: "2 min", "90 s"."""
    return f"{seconds / 60:g} min" if seconds >= 60 and seconds % 60 == 0 else f"{seconds:g} s"


def length_text(training: TrainingConfig) -> str:
    """A run's length in a few words (queue, History, capsules): never the no-step-limit sentinel.

    A time budget with no step count is "until 2 min"; with both, "500 steps or 2 min".
    """
    if training.time_budget <= 0:
        return f"{training.steps:,} steps"
    if training.steps >= NO_STEP_LIMIT:
        return f"until {budget_words(training.time_budget)}"
    return f"{training.steps:,} steps or {budget_words(training.time_budget)}"


def training_limits(training: TrainingConfig) -> str:
    """What ends a run, in words (Setup, the CLI): the steps, the time budget, or whichever comes first."""
    budget = training.time_budget
    if budget <= 0:
        return f"{training.steps:,} steps"
    seconds = budget_words(budget)
    if training.steps >= NO_STEP_LIMIT:
        return f"{seconds}, no step limit (the learning rate reaches 0 at the end of the time)"
    return (
        f"{training.steps:,} steps or {seconds}, whichever is reached first (the learning rate "
        "follows whichever is further along)"
    )


def quick_start_config(sample: str = "facts") -> RunConfig:
    """The first-run recipe behind the welcome panel: a visible result in about a minute on a CPU.

    For ``facts`` the goal is that the trained model answers the sample's
    fill-mask probes. Measured on a shared 2-core CPU (docs/PERFORMANCE.md, section 7,
    "Quick start"), at the compute of the old recipe's 800 steps:
    the old recipe (2 layers, 4 heads, 64-token windows of 16, linear decay)
    answered 0-3 of the 14 probes; this one answers 11-14. What mattered:
    one layer instead of two (more facts per step, and 1.5x faster), 16-token
    windows (a fact is one short sentence; longer windows hide it among
    unrelated ones), a constant learning rate (linear decay slows learning
    the facts), and 8 heads with a 256-wide feed-forward, the fastest shape
    on this CPU. ``max_len`` equals the window so no position goes
    untrained; longer questions are cut to a window around the [MASK].
    Other samples are real prose: WordPiece, the tiny 2-layer model, 64-token windows.
    """
    base = RunConfig().with_preset("tiny")
    # The distance bias learns fastest in the first minute (PERFORMANCE.md 11): the quick start
    # keeps it, so its runs are not exported to Hugging Face; every other default run is.
    base = replace(base, model=replace(base.model, distance_bias=True, positions="learned"))
    corpus = replace(base.corpus, source=f"sample:{sample}")
    common: dict[str, Any] = dict(
        steps=NO_STEP_LIMIT,
        time_budget=QUICK_START_SECONDS,
        eval_every=50,
        eval_batches=4,
        checkpoint_every=0,
    )
    if sample == "facts":
        return replace(
            base,
            corpus=corpus,
            tokenizer=replace(base.tokenizer, kind="word", vocab_size=4000, min_frequency=1, lowercase=True),
            model=replace(base.model, num_layers=1, num_heads=8, ffn_dim=256, max_len=16),
            training=replace(
                base.training, batch_size=64, seq_len=16, lr=2e-3, schedule="constant", **common
            ),
        )
    return replace(
        base,
        corpus=corpus,
        tokenizer=replace(base.tokenizer, kind="wordpiece", vocab_size=4000, min_frequency=1, lowercase=True),
        model=replace(base.model, max_len=64),
        training=replace(base.training, batch_size=16, seq_len=64, **common),
    )


def section_from_dict(section_cls: type, data: Any, name: str) -> Any:
    """One config section from a dict, converting and checking each value's type."""
    if not isinstance(data, Mapping):
        raise ConfigError(f"The '{name}' section of the configuration must be an object.")
    known = {f.name: f for f in fields(section_cls)}
    unknown = set(data) - set(known)
    if unknown:
        raise ConfigError(f"Unknown setting(s) in '{name}': {', '.join(sorted(unknown))}.")
    values = {key: coerce(known[key], value, f"{name}.{key}") for key, value in data.items()}
    return section_cls(**values)


def check_fields(section: Any) -> None:
    """Raise ConfigError for the first field of ``section`` outside its metadata.

    Type (an int is a whole number, never a bool), finiteness of every float,
    ``min``/``max`` and ``choices``: the bounds the forms and the flags show are
    the bounds enforced.
    """
    name = SECTION_NAMES.get(type(section), type(section).__name__)
    for f in fields(section):
        problem = field_problem(f, getattr(section, f.name), f"{name}.{f.name}")
        if problem:
            raise ConfigError(problem)


def field_problem(f: dataclasses.Field, value: Any, where: str) -> str | None:
    """Why ``value`` does not fit field ``f`` (a sentence naming ``where``), or None."""
    kind, meta = type(f.default), f.metadata
    label = _label(f, where)
    if kind is bool and not isinstance(value, bool):
        return f"The setting {label} must be on or off (true or false), not {_shown(value)}."
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        return f"The setting {label} must be a whole number, not {_shown(value)}."
    if kind is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return f"The setting {label} must be a number, not {_shown(value)}."
        if not math.isfinite(value):
            return f"The setting {label} must be a finite number, not {value}."
    if kind is str and not isinstance(value, str):
        return f"The setting {label} must be text, not {_shown(value)}."
    if kind is tuple:
        return _probes_problem(value, label, meta)
    choices = meta.get("choices")
    if choices is not None and value not in choices:
        return f"The setting {label} cannot be '{_shown(value, quote=False)}'. Choose one of: {', '.join(choices)}."
    low, high = meta.get("min"), meta.get("max")
    if kind in (int, float) and ((low is not None and value < low) or (high is not None and value > high)):
        if low is not None and high is not None:
            bounds = f"between {_number(low)} and {_number(high)}"
        else:
            bounds = f"at least {_number(low)}" if low is not None else f"at most {_number(high)}"
        zero = meta.get("zero_means")
        hint = f" (0 means {zero})" if zero else ""
        return f"The setting {label} must be {bounds}{hint}; got {_number(value)}."
    return None


def _probes_problem(value: Any, label: str, meta: Mapping[str, Any]) -> str | None:
    """Why a list of probes does not fit: not a list of ProbeSpec, too many, or a bad row (named)."""
    if not isinstance(value, tuple) or not all(isinstance(item, ProbeSpec) for item in value):
        return f"The setting {label} must be a list of sentences with their answers."
    limit = meta.get("max_items")
    if limit is not None and len(value) > limit:
        return f"The setting {label} holds {len(value)} probes; at most {limit} are tested. Remove some."
    for number, probe in enumerate(value, start=1):
        problem = probe.problem()
        if problem:
            return f"Probe {number} {problem}"
    return None


def check_value(section_cls: type, name: str, value: Any, where: str | None = None) -> Any:
    """Check one value against a field's metadata (for flags that are not part of a RunConfig)."""
    f = next(f for f in fields(section_cls) if f.name == name)
    problem = field_problem(f, value, where or f"{SECTION_NAMES.get(section_cls, '')}.{name}")
    if problem:
        raise ConfigError(problem)
    return value


def _label(f: dataclasses.Field, where: str) -> str:
    """``model.d_model (width)``: the key, then the name a form shows, in lower case."""
    label = FIELD_LABELS.get(f.name, "").split(" (")[0]
    if not label:
        return where
    if not label[1:2].isupper():  # "[MASK] share" and "AdamW" keep their capitals
        label = label[0].lower() + label[1:]
    return f"{where} ({label})"


def _number(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:,g}" if abs(value) < 1e16 else f"{value:g}"
    if isinstance(value, int) and abs(value) < 10**30:
        return f"{value:,}"
    return _shown(value)


def _shown(value: Any, quote: bool = True) -> str:
    text = repr(value) if quote else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def coerce(f: dataclasses.Field, value: Any, where: str) -> Any:
    """Convert a JSON/CLI value to the field's type, or raise a ConfigError naming the setting."""
    kind = type(f.default)
    try:
        if kind is bool:
            if isinstance(value, str):
                if value.lower() in ("1", "true", "yes", "on"):
                    return True
                if value.lower() in ("0", "false", "no", "off"):
                    return False
                raise ValueError
            if isinstance(value, (bool, int)):
                return bool(value)
            raise ValueError
        if kind is int:
            if isinstance(value, bool):
                raise ValueError
            if isinstance(value, float) and not value.is_integer():
                raise ValueError
            return int(value)
        if kind is float:
            if isinstance(value, bool):
                raise ValueError
            return float(value)
        if kind is str:
            if not isinstance(value, str):
                raise ValueError
            return value
        if kind is tuple:
            return probe_specs(value, where)
    except ConfigError:
        raise  # a sentence about one probe row already
    except (TypeError, ValueError, OverflowError):
        pass
    else:
        return value
    wanted = {
        bool: "on or off (true or false)",
        int: "a whole number",
        float: "a number",
        str: "text",
        tuple: 'a list of probes ({"sentence": ..., "answer": ...})',
    }.get(kind, f"a {kind.__name__}")
    raise ConfigError(f"The setting {where} must be {wanted}, not {_shown(value)}.")


def probe_specs(value: Any, where: str = "probes.items") -> tuple[ProbeSpec, ...]:
    """Probes from JSON: a list of {"sentence", "answer"} objects or [sentence, answer] pairs.

    A value of the wrong shape raises ConfigError naming the row; the rules of a
    good probe (one [MASK], an answer) are ``ProbeSpec.problem``'s, checked by ``check_fields``.
    """
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, (list, tuple)):
        raise ValueError
    out = []
    for number, item in enumerate(value, start=1):
        if isinstance(item, ProbeSpec):
            out.append(item)
            continue
        if isinstance(item, Mapping) and set(item) <= {"sentence", "answer"}:
            sentence, answer = item.get("sentence", ""), item.get("answer", "")
        elif isinstance(item, (list, tuple)) and len(item) == 2:
            sentence, answer = item
        else:
            raise ConfigError(
                f'Probe {number} of {where} must be an object with a "sentence" and an '
                f'"answer", not {_shown(item)}.'
            )
        if not isinstance(sentence, str) or not isinstance(answer, str):
            raise ConfigError(f"Probe {number} of {where}: the sentence and the answer must be text.")
        out.append(ProbeSpec(sentence, answer))
    return tuple(out)


def _choice(what: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise ConfigError(f"Unknown {what} '{value}'. Choose one of: {', '.join(choices)}.")


def field_help(section_cls: type, name: str) -> str:
    return next(f.metadata.get("help", "") for f in fields(section_cls) if f.name == name)
