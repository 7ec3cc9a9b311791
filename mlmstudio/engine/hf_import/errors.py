"""The one error an opening of a transformers folder raises: a sentence saying what is wrong and what to do.

A subclass of ``ModelLoadError``, so every face that already reports a model folder it cannot
load (the CLI's commands, Explore) reports a folder it cannot open the same way.
"""

from mlmstudio.engine.errors import ModelLoadError


class ModelImportError(ModelLoadError):
    """A transformers folder (or a cached model) cannot be opened as a masked language model."""
