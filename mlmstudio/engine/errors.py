"""User-facing errors of the engine.

Each message is one or two sentences: what went wrong and what to do. The CLI
prints them without a traceback; the GUI shows them inline.
The root, ``MLMStudioError``, is shared with ``config.ConfigError``.
"""

from mlmstudio.errors import MLMStudioError

__all__ = [
    "MLMStudioError",
    "CorpusError",
    "TokenizerError",
    "ModelLoadError",
    "PredictionError",
    "TrainingError",
    "ExportError",
    "OutOfMemoryError",
    "DiskFullError",
]


class CorpusError(MLMStudioError):
    """The corpus cannot be read or is unsuitable for training."""


class TokenizerError(MLMStudioError):
    """A tokenizer cannot be trained or loaded."""


class ModelLoadError(MLMStudioError):
    """A saved model directory or checkpoint is missing, incomplete or corrupt."""


class PredictionError(MLMStudioError):
    """A fill-mask request cannot be answered as given."""


class TrainingError(MLMStudioError):
    """Training cannot start or had to stop (non-finite loss, out of memory, ...)."""


class ExportError(MLMStudioError):
    """A model cannot be exported as asked."""


class OutOfMemoryError(TrainingError):
    """The computer ran out of memory while training."""

    exit_code = 1  # the input was fine; the work failed


class DiskFullError(TrainingError):
    """The disk filled up while a checkpoint or the model was written."""

    exit_code = 1  # the input was fine; the work failed
