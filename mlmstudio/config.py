"""Every setting of a run, as small frozen dataclasses.

This module is the single source of defaults, validation and presets for the
GUI forms and the CLI flags. It imports neither torch nor Qt, so it is cheap to
import anywhere. A ``RunConfig`` serialises to JSON and back; a JSON written by
an older version loads with the missing keys defaulted.

Field metadata carries what a form or a flag needs: ``help`` (a plain-language
tooltip with a typical value), ``choices`` and, for numbers, ``min``/``max``.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field, fields, replace
from typing import Any, Mapping

SPECIAL_TOKENS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
PAD, UNK, CLS, SEP, MASK = SPECIAL_TOKENS

TOKENIZER_KINDS = ("char", "word", "wordpiece", "bpe")
MASKING_STRATEGIES = ("token", "whole-word", "span")
ARCHITECTURES = ("modern", "seed")
SCHEDULES = ("constant", "linear", "cosine")
DEVICES = ("auto", "cpu", "cuda", "mps")
PRECISIONS = ("auto", "fp32", "bf16")
PRESETS = ("tiny", "small", "base")


class ConfigError(ValueError):
    """A setting is invalid. The message is a sentence meant for the user."""


def _f(default: Any, help: str, **meta: Any) -> Any:
    """A dataclass field with user-facing metadata."""
    return field(default=default, metadata={"help": help, **meta})


@dataclass(frozen=True)
class CorpusConfig:
    source: str = _f("sample:facts", "A .txt/.jsonl/.csv file, a folder of text files, or sample:NAME.")
    text_field: str = _f("text", "Field of a .jsonl file that holds the text.")
    csv_column: str = _f("", "Column of a .csv file that holds the text (empty: a column named 'text').")
    val_fraction: float = _f(
        0.05, "Share of the corpus held out for validation, in contiguous blocks. Typical: 0.05.",
        min=0.0, max=0.5)

    def validate(self) -> None:
        if not self.source.strip():
            raise ConfigError("No corpus chosen. Pick a text file, a folder or a built-in sample.")
        if not 0.0 < self.val_fraction <= 0.5:
            raise ConfigError(
                f"The validation fraction must be above 0 and at most 0.5 (got {self.val_fraction}); "
                "0.05 is typical.")


@dataclass(frozen=True)
class TokenizerConfig:
    kind: str = _f("wordpiece", "How text is cut into tokens: single characters, whole words, "
                   "or WordPiece/BPE sub-words learned from the corpus.", choices=TOKENIZER_KINDS)
    vocab_size: int = _f(4000, "Largest vocabulary to learn (word, WordPiece, BPE). "
                         "Typical: 4000 for a 1 MB corpus.", min=16, max=200_000)
    # 1 by default: on a small corpus a rarer character or word dropped to [UNK] can never be
    # predicted (the tutorial corpus has a 'q' only once in its training split).
    min_frequency: int = _f(1, "A token must occur at least this often to enter the vocabulary; "
                            "the vocabulary size caps it anyway. Typical: 1, or 2 to 5 on noisy text.",
                            min=1, max=1000)
    lowercase: bool = _f(False, "Lower-case all text before tokenizing.")

    def validate(self) -> None:
        _choice("tokenizer", self.kind, TOKENIZER_KINDS)
        if not 16 <= self.vocab_size <= 200_000:
            raise ConfigError(f"The vocabulary size must be between 16 and 200,000 (got {self.vocab_size}).")
        if self.min_frequency < 1:
            raise ConfigError(f"The minimum frequency must be at least 1 (got {self.min_frequency}).")


@dataclass(frozen=True)
class MaskingConfig:
    strategy: str = _f("token", "What is masked together: single tokens, all pieces of a word, "
                       "or spans of whole words (SpanBERT).", choices=MASKING_STRATEGIES)
    # 30% is the measured default for short CPU budgets (DESIGN.md); BERT used 15%.
    mlm_probability: float = _f(0.30, "Share of tokens the model must predict. BERT used 0.15; "
                                "0.3 learns faster in short runs.", min=0.01, max=0.9)
    mask_replace_prob: float = _f(0.8, "Of the selected tokens, the share replaced by [MASK]. "
                                  "BERT: 0.8.", min=0.0, max=1.0)
    random_replace_prob: float = _f(0.1, "Of the selected tokens, the share replaced by a random "
                                    "token. BERT: 0.1. The rest stay unchanged.", min=0.0, max=1.0)
    static_masks: int = _f(0, "0: a fresh mask every time a sequence is seen (dynamic, RoBERTa). "
                           "N: N fixed masks per sequence chosen once (static, original BERT).",
                           min=0, max=100)
    span_p: float = _f(0.2, "Span masking: the p of the geometric distribution of span lengths "
                       "in words (SpanBERT: 0.2).", min=0.01, max=1.0)
    span_max: int = _f(10, "Span masking: the longest span, in words (SpanBERT: 10).", min=1, max=100)

    @property
    def keep_prob(self) -> float:
        return max(0.0, 1.0 - self.mask_replace_prob - self.random_replace_prob)

    def validate(self) -> None:
        _choice("masking strategy", self.strategy, MASKING_STRATEGIES)
        if not 0.0 < self.mlm_probability < 1.0:
            raise ConfigError(f"The masking rate must be between 0 and 1 (got {self.mlm_probability}); "
                              "0.15 to 0.4 is typical.")
        for name, value in (("[MASK] share", self.mask_replace_prob),
                            ("random-token share", self.random_replace_prob)):
            if not 0.0 <= value <= 1.0:
                raise ConfigError(f"The {name} must be between 0 and 1 (got {value}).")
        if self.mask_replace_prob + self.random_replace_prob > 1.0 + 1e-9:
            raise ConfigError(
                f"The [MASK] share ({self.mask_replace_prob}) and the random-token share "
                f"({self.random_replace_prob}) add up to more than 1. Lower one of them; "
                "BERT uses 0.8 and 0.1.")
        if self.static_masks < 0:
            raise ConfigError("The number of static masks cannot be negative; use 0 for dynamic masking.")
        if not 0.0 < self.span_p <= 1.0:
            raise ConfigError(f"The span p must be in (0, 1] (got {self.span_p}); SpanBERT uses 0.2.")
        if self.span_max < 1:
            raise ConfigError("The longest span must be at least 1 word.")


@dataclass(frozen=True)
class ModelConfig:
    arch: str = _f("modern", "'modern': fast pre-LN encoder (default). 'seed': the tutorial's TinyMLM, "
                   "BERT's own layout, exportable to Hugging Face.", choices=ARCHITECTURES)
    d_model: int = _f(256, "Width of every token vector (hidden size). Typical: 128 to 512.",
                      min=8, max=4096)
    num_layers: int = _f(2, "Transformer blocks stacked. 2 learns fastest on a CPU budget.",
                         min=1, max=48)
    num_heads: int = _f(4, "Attention heads per block; must divide the width. Typical: 4.",
                        min=1, max=64)
    # 0 means "4 x width", resolved by ``ffn_width``: changing the width then changes the FFN too,
    # and a config that set a number (old saved runs, the quick start) keeps it.
    ffn_dim: int = _f(0, "Size of the small network inside each block that processes every word on its own "
                      "(feed-forward width). 0 follows the width: 4 x width, as BERT. Set a number to "
                      "fix it.", min=0, max=16384, zero_means="4 × width")
    max_len: int = _f(128, "Longest sequence the model can read, in tokens.", min=8, max=8192)
    dropout: float = _f(0.0, "Dropout rate. 0 for short runs; 0.1 for long runs on small corpora.",
                        min=0.0, max=0.9)
    # ALiBi-style symmetric distance bias on attention: worth ~0.7 nats at short budgets (DESIGN.md).
    distance_bias: bool = _f(True, "Modern only: let attention prefer nearby tokens (ALiBi-style). "
                             "Learns much faster on short budgets.")

    @property
    def ffn_width(self) -> int:
        """The feed-forward width the model is built with: ``ffn_dim``, or 4 x width when it is 0."""
        return self.ffn_dim or 4 * self.d_model

    def validate(self) -> None:
        _choice("architecture", self.arch, ARCHITECTURES)
        if self.ffn_dim < 0:
            raise ConfigError(f"The feed-forward width cannot be negative (got {self.ffn_dim}); "
                              "use 0 for 4 x width.")
        for name, value in (("width", self.d_model), ("number of layers", self.num_layers),
                            ("number of heads", self.num_heads), ("maximum length", self.max_len)):
            if value < 1:
                raise ConfigError(f"The {name} must be at least 1 (got {value}).")
        if self.d_model % self.num_heads:
            raise ConfigError(
                f"The width ({self.d_model}) must be divisible by the number of heads "
                f"({self.num_heads}). Try {self.num_heads * max(1, round(self.d_model / self.num_heads))} "
                "or change the heads.")
        if self.max_len < 8:
            raise ConfigError(f"The maximum length must be at least 8 tokens (got {self.max_len}).")
        if not 0.0 <= self.dropout < 1.0:
            raise ConfigError(f"Dropout must be at least 0 and below 1 (got {self.dropout}).")


@dataclass(frozen=True)
class TrainingConfig:
    steps: int = _f(1000, "Optimizer steps to train. With a time budget, the run stops at whichever "
                    "comes first.", min=1, max=10_000_000)
    time_budget: float = _f(0.0, "Stop after this many seconds of training (0: no limit). "
                            "The schedule then follows elapsed time.", min=0.0, max=1e7)
    batch_size: int = _f(16, "Sequences per step. 16 is best for short CPU budgets.", min=1, max=4096)
    seq_len: int = _f(128, "Tokens per training sequence, including [CLS] and [SEP].", min=4, max=8192)
    lr: float = _f(7e-4, "Peak learning rate of AdamW. Typical: 7e-4 for small models on a CPU budget, 5e-4 for large.",
                   min=1e-7, max=1.0)
    warmup: float = _f(0.05, "Share of the run spent warming the learning rate up from 0. Typical: 0.05.",
                       min=0.0, max=0.9)
    schedule: str = _f("linear", "Learning rate after warm-up: constant, linear decay to 0, or cosine.",
                       choices=SCHEDULES)
    weight_decay: float = _f(0.01, "AdamW weight decay. Typical: 0.01.", min=0.0, max=1.0)
    grad_clip: float = _f(1.0, "Clip the gradient norm to this value (0: no clipping).", min=0.0, max=1e4)
    eval_every: int = _f(100, "Measure held-out loss and accuracy every N steps.", min=1, max=1_000_000)
    eval_batches: int = _f(8, "Batches of held-out text per evaluation.", min=1, max=10_000)
    checkpoint_every: int = _f(500, "Save a resumable checkpoint every N steps (0: only at the end).",
                               min=0, max=10_000_000)
    seed: int = _f(0, "Random seed. The same seed and settings give the same run.", min=0, max=2**31 - 1)
    device: str = _f("auto", "Where to train: auto picks cuda, then mps, then cpu.", choices=DEVICES)
    precision: str = _f("auto", "Number format: auto uses bf16 where the hardware has it, else fp32.",
                        choices=PRECISIONS)

    def validate(self) -> None:
        _choice("schedule", self.schedule, SCHEDULES)
        _choice("device", self.device, DEVICES)
        _choice("precision", self.precision, PRECISIONS)
        if self.steps < 1:
            raise ConfigError(f"Train for at least 1 step (got {self.steps}).")
        if self.time_budget < 0:
            raise ConfigError("The time budget cannot be negative; use 0 for no limit.")
        if self.batch_size < 1:
            raise ConfigError(f"The batch size must be at least 1 (got {self.batch_size}).")
        if self.seq_len < 4:
            raise ConfigError(f"The sequence length must be at least 4 tokens (got {self.seq_len}).")
        if not 0.0 < self.lr <= 1.0:
            raise ConfigError(f"The learning rate must be above 0 and at most 1 (got {self.lr}); "
                              "1e-3 is a good start.")
        if not 0.0 <= self.warmup < 1.0:
            raise ConfigError(f"The warm-up share must be at least 0 and below 1 (got {self.warmup}).")
        if self.weight_decay < 0 or self.grad_clip < 0:
            raise ConfigError("Weight decay and gradient clipping cannot be negative.")
        if self.eval_every < 1 or self.eval_batches < 1:
            raise ConfigError("Evaluate at least every 1 step, on at least 1 batch.")
        if self.checkpoint_every < 0:
            raise ConfigError("The checkpoint interval cannot be negative; use 0 for only at the end.")
        if self.seed < 0:
            raise ConfigError("The seed must be 0 or a positive whole number.")


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

    def validate(self) -> "RunConfig":
        """Raise ConfigError for the first invalid setting; return self when all is well."""
        self.corpus.validate()
        self.tokenizer.validate()
        self.masking.validate()
        self.model.validate()
        self.training.validate()
        if self.training.seq_len > self.model.max_len:
            raise ConfigError(
                f"The sequence length ({self.training.seq_len}) is longer than the model's maximum "
                f"length ({self.model.max_len}). Shorten the sequences or raise the maximum length.")
        return self

    def errors(self) -> list[str]:
        """Every problem, one sentence each (for forms that show all at once)."""
        problems = []
        for part in (self.corpus, self.tokenizer, self.masking, self.model, self.training):
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

    def with_preset(self, preset: str) -> "RunConfig":
        _choice("preset", preset, PRESETS)
        return replace(self, model=replace(self.model, **MODEL_PRESETS[preset]))

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def to_json(self, indent: int = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent, sort_keys=True)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "RunConfig":
        """Build from a dict; missing keys take defaults, unknown keys are refused."""
        if not isinstance(data, Mapping):
            raise ConfigError("A run configuration must be a JSON object.")
        unknown = set(data) - {f.name for f in fields(cls)}
        if unknown:
            raise ConfigError(f"Unknown configuration section(s): {', '.join(sorted(unknown))}.")
        parts = {}
        for f in fields(cls):
            section = data.get(f.name, {})
            parts[f.name] = section_from_dict(f.default_factory, section, f.name)  # type: ignore[arg-type]
        return cls(**parts)

    @classmethod
    def from_json(cls, text: str) -> "RunConfig":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ConfigError(f"The configuration is not valid JSON ({exc.msg} at line {exc.lineno}).") from exc
        return cls.from_dict(data)


QUICK_START_SECONDS = 60.0


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
    corpus = replace(base.corpus, source=f"sample:{sample}")
    common = dict(steps=100_000, time_budget=QUICK_START_SECONDS, eval_every=50, eval_batches=4,
                  checkpoint_every=0)
    if sample == "facts":
        return replace(
            base, corpus=corpus,
            tokenizer=replace(base.tokenizer, kind="word", vocab_size=4000, min_frequency=1,
                              lowercase=True),
            model=replace(base.model, num_layers=1, num_heads=8, ffn_dim=256, max_len=16),
            training=replace(base.training, batch_size=64, seq_len=16, lr=2e-3,
                             schedule="constant", **common))
    return replace(
        base, corpus=corpus,
        tokenizer=replace(base.tokenizer, kind="wordpiece", vocab_size=4000, min_frequency=1,
                          lowercase=True),
        model=replace(base.model, max_len=64),
        training=replace(base.training, batch_size=16, seq_len=64, **common))


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
    except (TypeError, ValueError):
        pass
    else:
        return value
    raise ConfigError(f"The setting {where} must be a {kind.__name__}, not {value!r}.")


def _choice(what: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise ConfigError(f"Unknown {what} '{value}'. Choose one of: {', '.join(choices)}.")


def field_help(section_cls: type, name: str) -> str:
    return next(f.metadata.get("help", "") for f in fields(section_cls) if f.name == name)
