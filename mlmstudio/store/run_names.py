"""The name a run gets when the user gives none.

Starting a run (``lifecycle.py``), importing a run folder (``folder_import.py``)
and rebuilding a damaged history (``history_repair.py``) all name runs the same
way; the rule lives here so none of them imports another for it.

A name carries what tells runs apart at a glance: the corpus, the objective, the
size (or the model a continued run starts from), the tokenizer, and an ordinal
among runs of the same description, last, where a name cut in the middle still
shows it: ``Simple facts · MLM 4×256 · wordpiece 4k #3``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import PurePath

from mlmstudio.config import RunConfig


def describe_run(config: RunConfig, corpus_name: str) -> str:
    """``corpus · objective size · tokenizer``, without the ordinal."""
    m, t = config.model, config.tokenizer
    objective = "ELECTRA" if m.objective == "electra" else "MLM"
    start_from = getattr(config.training, "start_from", "")
    if start_from:
        # The model's own tokenizer is kept: its folder's name says more than a size or a kind.
        return f"{corpus_name} · {objective} from {PurePath(start_from).name or start_from}"
    tokenizer = t.kind if t.kind == "char" else f"{t.kind} {_thousands(t.vocab_size)}"
    return f"{corpus_name} · {objective} {m.num_layers}×{m.d_model} · {tokenizer}"


def default_run_name(config: RunConfig, corpus_name: str, taken: Iterable[str] | None = None) -> str:
    """The description with ``#N``, one more than the runs ``taken`` that share the description.

    Without ``taken`` (a run rebuilt or imported from its folder, whose place among the others is
    unknown) the name is the description alone.
    """
    base = describe_run(config, corpus_name)
    if taken is None:
        return base
    pattern = re.compile(re.escape(base) + r" #(\d+)$")
    numbers = [int(match.group(1)) for name in taken if (match := pattern.match(name))]
    return f"{base} #{max(numbers, default=0) + 1}"


def _thousands(count: int) -> str:
    return f"{count // 1000}k" if count >= 1000 and count % 1000 == 0 else str(count)
