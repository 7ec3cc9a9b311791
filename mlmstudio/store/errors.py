"""User-facing errors of the run history. Messages say what is wrong and what to do."""

from mlmstudio.engine.errors import MLMStudioError


class StoreError(MLMStudioError):
    """The run history cannot do what was asked (a run is busy, files are missing, ...)."""


class RunNotFoundError(StoreError):
    """No run matches the given id or name, or several do."""


class NoSuchRunError(RunNotFoundError):
    """Nothing in the history matches the reference at all (not several runs, not an empty history
    asked for ``latest``): a caller may then try the reference as something else, such as a folder."""


class CorpusChangedError(StoreError):
    """A run's corpus no longer has the content it was trained on."""


class BundleError(StoreError):
    """A .mlmrun bundle is unreadable, unsafe or inconsistent; nothing was imported."""
