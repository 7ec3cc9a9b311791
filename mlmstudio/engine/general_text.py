"""The second, "general" text a continued run is also tested on, so forgetting shows (issue 17).

Domain-adaptive pretraining trades general language for the domain's. The
run's own held-out split shows what it gains; ``TrainingConfig.general_text``
names a second text (a file, folder or sample) that every evaluation also
measures, with the same fixed masks as the held-out split, so its curve
(``general_loss``) shows what it loses. Step 0 of a continued run evaluates the
untouched model, so the curve starts at the imported model's own loss on it.

Only the start of a long text is read into windows: the evaluation uses at
most ``batch_size × eval_batches`` windows, and encoding 100 MB for them would
cost minutes at every start and every resume.
"""

from __future__ import annotations

from mlmstudio.config import RunConfig
from mlmstudio.engine.corpus import load_corpus
from mlmstudio.engine.data import Batch, encode_stream, validation_batches
from mlmstudio.engine.errors import CorpusError, TrainingError
from mlmstudio.engine.tokenization import MLMTokenizer

CHARS_PER_WINDOW = 16  # generous characters per token, so enough text is kept for every window


def general_batches(config: RunConfig, tokenizer: MLMTokenizer) -> list[Batch]:
    """Fixed masked batches of the general text; [] without one. TrainingError says what is wrong."""
    source = config.training.general_text.strip()
    if not source:
        return []
    try:
        corpus = load_corpus(source)
    except CorpusError as exc:
        raise TrainingError(
            f"The general text {source!r} cannot be used: {exc} "
            "Choose another general text, or leave it empty to test only on the corpus."
        ) from exc
    training = config.training
    keep = training.seq_len * training.batch_size * training.eval_batches * CHARS_PER_WINDOW
    batches = validation_batches(
        encode_stream(corpus.text[:keep], tokenizer),
        tokenizer,
        training.seq_len,
        training.batch_size,
        training.eval_batches,
    )
    if not batches:
        raise TrainingError(
            f"The general text {source!r} holds no words to test on. Choose a longer general text, "
            "or leave it empty."
        )
    return batches
