"""The name a run gets when the user gives none.

Starting a run (``lifecycle.py``), importing a run folder (``folder_import.py``)
and rebuilding a damaged history (``history_repair.py``) all name runs the same
way; the rule lives here so none of them imports another for it.
"""

from __future__ import annotations

from mlmstudio.config import RunConfig


def default_run_name(config: RunConfig, corpus_name: str) -> str:
    """``corpus · arch layersxwidth · tokenizer``, e.g. ``facts · modern 4x256 · wordpiece``."""
    m = config.model
    return f"{corpus_name} · {m.arch} {m.num_layers}x{m.d_model} · {config.tokenizer.kind}"
