"""A recorded run's corpus text, read again from where it came from and checked against its fingerprint.

The history keeps no copy of a corpus: a run's corpus record holds its source
(a path, or ``sample:NAME`` for a built-in sample, which is regenerated) and
the sha256 of the text it was trained on. Whatever needs the run's own text
again (resuming it exactly, its per-token validation loss) reads the source
and compares fingerprints; a file that is gone or was edited since gets a
sentence that says which file and what to do, never a loss computed on the
wrong text.
"""

from __future__ import annotations

from dataclasses import dataclass

from mlmstudio.config import ConfigError, RunConfig
from mlmstudio.engine.errors import CorpusError
from mlmstudio.store.errors import CorpusChangedError, StoreError
from mlmstudio.store.records import RunDetail


@dataclass(frozen=True)
class RunCorpus:
    text: str
    source: str
    sha256: str
    checked: bool  # False when the history holds no fingerprint to check against (an old import)


def load_run_corpus(detail: RunDetail) -> RunCorpus:
    """The text ``detail``'s run was trained on; ``StoreError`` when it is gone or changed."""
    from mlmstudio.engine.corpus import load_corpus

    run_id = detail.id
    try:
        config = RunConfig.from_json(detail.config_json)
    except ConfigError as exc:
        raise StoreError(f"The stored configuration of run {run_id} is no longer valid: {exc}") from exc
    source = detail.corpus.source if detail.corpus and detail.corpus.source else config.corpus.source
    expected = detail.corpus.sha256 if detail.corpus else ""
    try:
        corpus = load_corpus(
            source,
            text_field=config.corpus.text_field,
            csv_column=config.corpus.csv_column,
            encoding=config.corpus.encoding,
        )
    except CorpusError as exc:
        raise CorpusError(
            f"The corpus of run {run_id} cannot be read from {source}: {exc} Put the file "
            "back where it was, or choose another run."
        ) from exc
    if expected and corpus.stats.sha256 != expected:
        raise CorpusChangedError(
            f"The corpus of run {run_id} ({source}) has changed since the run was trained, so its "
            "validation text is no longer the one the run was measured on. Restore the original "
            "text, or choose another run."
        )
    return RunCorpus(corpus.text, source, corpus.stats.sha256, bool(expected))
