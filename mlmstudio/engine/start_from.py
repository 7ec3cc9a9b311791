"""Continued pretraining (issue 17, item 3): a run that starts from a model folder's weights.

``TrainingConfig.start_from`` names the folder (a finished run's, or a transformers model
opened by ``engine/hf_import``). Carrying it in the config, rather than as an argument of one
caller, means every way a run is started (train, the queue, resume, sweeps, capsules) starts
from the same weights. The run keeps that model's tokenizer (none is trained) and its exact
shape: a config whose model section differs is refused with a sentence. The trainer evaluates
the untouched model at step 0, so the curve starts at the model's own held-out loss.

A run continued from an opened transformers model carries that model's origin in its own
folder (``origin.json``, ``starting_origin`` below): its export, its bundle and the app find
the family, the token ids and the mask spelling (``<mask>``) there, even once the opened copy
it started from is gone.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from mlmstudio.config import RunConfig
from mlmstudio.engine.artifacts import LoadedModel, load_model_dir, load_tokenizer
from mlmstudio.engine.errors import MLMStudioError, TrainingError
from mlmstudio.engine.hf_import.convert import Origin
from mlmstudio.engine.tokenization import MLMTokenizer
from mlmstudio.engine.vocab_extension import added_words, extend_loaded

# A pretrained model wants small corrections, warmed up: the usual fine-tuning rate (BERT's
# run_mlm.py default 5e-5), not the 7e-4 that a small model trained from nothing can take.
CONTINUED_LR = 5e-5
CONTINUED_WARMUP = 0.1


def starting_tokenizer(config: RunConfig) -> MLMTokenizer | None:
    """The tokenizer of the model a run continues from, loaded once: the trainer's memory check
    counts its vocabulary before any weight loads, and ``load_starting_model`` reuses it. None for
    a new model or an unreadable tokenizer (``load_starting_model`` then says why)."""
    start = config.training.start_from.strip()
    if not start:
        return None
    try:
        return load_tokenizer(Path(start))
    except MLMStudioError:
        return None


def load_starting_model(config: RunConfig, tokenizer: MLMTokenizer | None = None) -> LoadedModel | None:
    """The model a run continues from (on the CPU), or None for a new model; a sentence if it cannot.

    ``tokenizer``: that model's own, from ``starting_tokenizer`` (else it is read here).

    With ``training.added_words`` the model and its tokenizer come with those words added
    (engine/vocab_extension.py): done here, from the config, so a resumed or queued run grows
    exactly the same rows.
    """
    start = config.training.start_from.strip()
    words = added_words(config)
    if not start:
        if words:
            raise TrainingError(
                "Words can be added to the vocabulary of a model you continue, not of a new one. "
                "Choose a model to start from, or add no words."
            )
        return None
    try:
        loaded = load_model_dir(Path(start), tokenizer=tokenizer)
    except MLMStudioError as exc:
        raise TrainingError(f"The model to continue from cannot be loaded: {exc}") from exc
    if replace(loaded.config.model, dropout=0.0) != replace(config.model, dropout=0.0):
        raise TrainingError(
            f"This run continues the model in {start} but describes another model shape; a "
            "continued run keeps the model's own (drop the model settings, or start a new model)."
        )
    return extend_loaded(loaded, words) if words else loaded


def starting_origin(config: RunConfig, run_dir: Path) -> Origin | None:
    """The origin a continued run's folder carries: its own origin.json when it has a readable
    one (a resumed run), else the origin of the model it starts from, followed back through
    continued runs (engine/hf_import/export_back.py); None for a new model or one trained here."""
    if not config.training.start_from.strip():
        return None
    from mlmstudio.engine.hf_import.export_back import origin_of

    return origin_of(Path(run_dir), config)


def continued_config(
    config: RunConfig, model_dir: Path, *, lr_given: bool, warmup_given: bool, dropout_given: bool = False
) -> RunConfig:
    """``config`` as a continuation of the model in ``model_dir``: its shape and tokenizer settings,
    the continued-pretraining rate and warm-up unless they were given, the model's own dropout
    (BERT's 0.1, from its config.json) unless it was given, windows that fit the model."""
    base = load_model_dir(model_dir).config
    training = replace(
        config.training,
        start_from=str(Path(model_dir).resolve()),
        lr=config.training.lr if lr_given else CONTINUED_LR,
        warmup=config.training.warmup if warmup_given else CONTINUED_WARMUP,
        seq_len=min(config.training.seq_len, base.model.max_len),
    )
    return replace(
        config,
        model=replace(base.model, dropout=config.model.dropout if dropout_given else base.model.dropout),
        tokenizer=base.tokenizer,
        training=training,
    )
