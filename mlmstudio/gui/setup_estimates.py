"""The numbers Setup shows before Start, decided without Qt: size, memory, disk, passages.

The Setup page only shows what this module decides, so every rule here is
tested as plain arithmetic (tests/gui/test_setup_estimates.py, no qtbot):

- the vocabulary: exact once the run's own tokenizer has been trained on the
  corpus (``engine.preflight``); before that the configured cap, an upper
  bound, or for letters a guess;
- the parameter count (``engine.estimates``), the memory one training step
  needs at the precision the run will use, and whether that fits the free
  memory (``engine.system_memory``);
- the disk the kept checkpoints take, and at which steps (``engine.kept_checkpoints``);
- the passage length that fits a corpus too short for the configured one.

The time per 1,000 steps is measured on this computer, not computed: see
``gui/step_times.py``. This module imports neither Qt nor torch (a test checks
both), so the page can call it on every keystroke.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from types import ModuleType

from mlmstudio.config import RunConfig, training_limits
from mlmstudio.engine.errors import MLMStudioError
from mlmstudio.engine.estimates import estimate_parameters, estimate_training_memory
from mlmstudio.engine.kept_checkpoints import kept_bytes, planned_steps
from mlmstudio.engine.system_memory import MemoryFit, human_bytes, memory_fit


def _i18n() -> ModuleType | None:
    """``mlmstudio.gui.i18n`` once the app has loaded Qt, None before (this module loads no Qt)."""
    if sys.modules.get("PySide6.QtCore") is None:
        return None
    from mlmstudio.gui import i18n

    return i18n


def translate(context: str, text: str, disambiguation: str | None = None, n: int = -1) -> str:
    """Qt's ``translate`` once the app has loaded Qt; the English text before.

    Named like ``mlmstudio.gui.i18n.translate`` so ``pyside6-lupdate`` extracts the strings here too.
    """
    if (i18n := _i18n()) is None:
        return text.replace("%Ln", f"{n:,}").replace("%n", str(n)) if n >= 0 else text
    return i18n.translate(context, text, disambiguation, n)  # numbers in the app's language


def number(value: float, spec: str = ",") -> str:
    """``mlmstudio.gui.i18n.number`` once Qt is loaded (the app's separators); Python's before."""
    i18n = _i18n()
    return format(value, spec) if i18n is None else i18n.number(value, spec)


def size_text(size: float) -> str:
    """``human_bytes`` ("1.2 GB") with the app's decimal point once Qt is loaded."""
    i18n = _i18n()
    return human_bytes(size) if i18n is None else i18n.localize_digits(human_bytes(size))


CHAR_VOCAB_GUESS = 300  # letters: no cap to quote before the corpus has been read
MIN_FIT_PASSAGE = 8  # tokens: a corpus filling fewer is too short to train on
PASSAGE_MULTIPLE = 8  # a suggested passage length of 16 or more is rounded down to a multiple of this


def params_text(params: int) -> str:
    """12,345,678 -> '12.35 million'."""
    if params >= 1e9:
        return translate("SetupEstimates", "{value:.2f} billion").format(value=params / 1e9)
    if params >= 1e6:
        return translate("SetupEstimates", "{value:.2f} million").format(value=params / 1e6)
    return number(params)


def vocab_estimate(cfg: RunConfig, learned_vocab: int | None) -> tuple[int, bool]:
    """The vocabulary the run will have, and whether that number is exact.

    ``learned_vocab`` is the size of the run's tokenizer trained on this corpus
    with these settings, when known.
    """
    if learned_vocab is not None:
        return learned_vocab, True
    if cfg.tokenizer.kind == "char":
        return min(CHAR_VOCAB_GUESS, cfg.tokenizer.vocab_size), False
    return cfg.tokenizer.vocab_size, False


def not_exact_yet(*, has_corpus: bool, learning: bool) -> str:
    """When a vocabulary bound becomes exact: ``learning`` while the run's tokenizer is trained."""
    if not has_corpus:
        return translate("SetupEstimates", "exact once a corpus is loaded")
    if learning:
        return translate("SetupEstimates", "learning it from the corpus…")
    return translate("SetupEstimates", "exact once the settings are valid")


def training_precision(cfg: RunConfig, measured: str | None = None) -> str:
    """The precision the memory is estimated for: the configured one, or what "auto" picks.

    ``measured`` is the precision the step-time measurement found for "auto";
    without it, what this computer's engine would choose once it has loaded,
    and fp32 (the larger estimate) before that.
    """
    if cfg.training.precision != "auto":
        return cfg.training.precision
    return measured or _auto_precision()


def _auto_precision() -> str:
    if "torch" not in sys.modules:
        # The engine loads after the window shows (gui/engine_warmup.py); fp32 is the larger
        # estimate until it has, and the window recomputes once it is ready.
        return "fp32"
    from mlmstudio.engine.device import resolve_device, resolve_precision

    try:
        return resolve_precision("auto", resolve_device("auto"))
    except MLMStudioError:
        return "fp32"


def device_problem(cfg: RunConfig) -> str:
    """Why the chosen device cannot be used here, or ''."""
    if cfg.training.device in ("auto", "cpu"):
        return ""
    from mlmstudio.engine.device import resolve_device

    try:
        resolve_device(cfg.training.device)
    except MLMStudioError as exc:
        return str(exc)
    return ""


def passage_advice(problem: str, longest: int) -> tuple[str, int | None]:
    """What to say when the corpus cannot fill the configured passages, and the length that fits.

    ``problem`` is the trainer's own sentence; ``longest`` the longest passage
    this corpus fills. The length is None when the corpus is too short to train on.
    """
    if longest < MIN_FIT_PASSAGE:
        return (
            translate(
                "SetupEstimates", "{problem} This corpus is too short to train on: add more text."
            ).format(problem=problem),
            None,
        )
    fit = longest - longest % PASSAGE_MULTIPLE if longest >= 2 * PASSAGE_MULTIPLE else longest
    return (
        translate(
            "SetupEstimates",
            "{problem} This corpus fills passages of at most {longest} tokens: use the button, "
            "or set Advanced → Training → Sequence length.",
        ).format(problem=problem, longest=longest),
        fit,
    )


def kept_checkpoints_note(params: int, cfg: RunConfig, exact: bool) -> str:
    """The disk cost of the kept checkpoints, beside the setting: N copies of the weights, and their steps."""
    keep = cfg.training.keep_checkpoints
    if keep == 0:
        return translate(
            "SetupEstimates", "None kept: Explore's slider over training will have only the final model."
        )
    sizes = dict(total=size_text(kept_bytes(params, keep)), keep=keep, one=size_text(kept_bytes(params, 1)))
    if cfg.training.time_budget > 0:
        if exact:
            text = translate(
                "SetupEstimates",
                "≈ {total} on disk ({keep} × {one} of weights), at steps 1, 2, 4, 8, … and the end.",
            )
        else:
            text = translate(
                "SetupEstimates",
                "up to {total} on disk ({keep} × {one} of weights), at steps 1, 2, 4, 8, … and the end.",
            )
        return text.format(**sizes)
    steps = [number(s) for s in planned_steps(cfg.training.steps, keep)]
    shown = steps if len(steps) <= 6 else [*steps[:3], "…", *steps[-2:]]
    if exact:
        text = translate("SetupEstimates", "≈ {total} on disk ({keep} × {one} of weights), at steps {steps}.")
    else:
        text = translate(
            "SetupEstimates", "up to {total} on disk ({keep} × {one} of weights), at steps {steps}."
        )
    return text.format(**sizes, steps=", ".join(shown))


@dataclass(frozen=True)
class SetupEstimates:
    """The size and cost of one configuration, as Setup shows them before Start."""

    config: RunConfig
    vocab: int
    exact: bool  # the vocabulary (and so the parameter count) is the run's own, not a bound
    parameters: int
    memory: int  # bytes one training step needs
    available: int | None  # bytes of memory free now, None when unknown

    @classmethod
    def of(
        cls,
        cfg: RunConfig,
        *,
        learned_vocab: int | None = None,
        precision: str | None = None,
        available: int | None = None,
    ) -> SetupEstimates:
        """Estimate ``cfg``; ``precision`` is what "auto" measured to (see ``training_precision``)."""
        vocab, exact = vocab_estimate(cfg, learned_vocab)
        memory = estimate_training_memory(
            cfg.model,
            vocab,
            cfg.training.batch_size,
            min(cfg.training.seq_len, cfg.model.max_len),
            training_precision(cfg, precision),
            labelled_fraction=cfg.masking.mlm_probability,
        )
        return cls(cfg, vocab, exact, estimate_parameters(cfg.model, vocab), memory, available)

    def memory_fit(self) -> MemoryFit:
        """Whether the run fits the free memory: refused, tight (a warning) or fine."""
        return memory_fit(self.memory, self.available)

    def kept_checkpoints_note(self) -> str:
        return kept_checkpoints_note(self.parameters, self.config, self.exact)

    def summary(self, why_not_exact: str = "") -> str:
        """'1.23 million parameters · ≈ 45.6 MB to train · vocabulary 1,234, ...', and the free memory.

        ``why_not_exact`` says, for a bound, when the number becomes exact.
        """
        numbers = dict(
            params=params_text(self.parameters),
            memory=size_text(self.memory),
            vocab=self.vocab,
            why=why_not_exact,
        )
        if self.exact:
            text = translate(
                "SetupEstimates",
                "{params} parameters · ≈ {memory} to train · vocabulary {vocab:,}, learned from this corpus",
            )
        elif self.config.tokenizer.kind == "char":
            text = translate(
                "SetupEstimates",
                "about {params} parameters · about {memory} to train · vocabulary about {vocab:,} ({why})",
            )
        else:
            text = translate(
                "SetupEstimates",
                "up to {params} parameters · up to {memory} to train · vocabulary up to {vocab:,} ({why})",
            )
        text = text.format(**numbers)
        if self.config.training.time_budget > 0:  # what ends a timed run: the budget, or the steps first
            text += " · " + translate("SetupEstimates", "ends after {limits}").format(
                limits=training_limits(self.config.training)
            )
        if self.available:
            text += " · " + translate("SetupEstimates", "{memory} of memory free").format(
                memory=size_text(self.available)
            )
        return text
