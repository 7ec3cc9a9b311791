"""Per-token validation loss of recorded runs: the history's half of ``engine.inspect.token_loss``.

The engine computes losses from a model and a corpus text; this module finds
both for a run reference (an id, a name, ``latest``): the run's model folder
(a sentence when it was deleted), its corpus read again and checked against
the recorded fingerprint (``run_corpus``), and the recorded corpus sha256
handed on so that two runs of different corpora are refused by name. The CLI
and the app's Explore tab both call it, in the CLI's thread or a worker.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from mlmstudio.store.database import Database
from mlmstudio.store.errors import StoreError
from mlmstudio.store.run_corpus import load_run_corpus
from mlmstudio.store.service import get_run

if TYPE_CHECKING:
    from mlmstudio.engine.artifacts import LoadedModel
    from mlmstudio.engine.inspect.token_loss import TokenLossComparison, TokenLossReport

ProgressCallback = Callable[[int, int], None]
ModelLoader = Callable[[Path], "LoadedModel"]
PROGRESS_SCALE = 1000  # a comparison reports both runs on one 0..1000 scale


def token_loss_of_run(
    db: Database,
    ref: str,
    *,
    load_model: ModelLoader | None = None,
    progress: ProgressCallback | None = None,
    should_stop: Callable[[], bool] | None = None,
    text_source: str | None = None,
) -> TokenLossReport:
    """The per-token validation loss of the run ``ref``; a ``MLMStudioError`` sentence when it cannot be had.

    ``text_source`` (a file, folder or ``sample:NAME``): measure on that whole text instead of
    the run's held-out text; an opened model, which has none, needs one.
    ``load_model(model_dir)`` defaults to ``engine.artifacts.load_model_dir``
    (the app passes its model cache's).
    """
    from mlmstudio.engine.inspect.token_loss import token_losses

    detail = get_run(db, ref)  # an unknown reference is a sentence already
    summary = detail.summary
    if not summary.has_model:
        raise StoreError(summary.no_model_reason())
    if text_source is not None:
        text, sha256 = chosen_text(text_source)
    elif detail.corpus is None and summary.last_step == 0:  # opened (store/imported_runs.py), never trained
        raise StoreError(
            f"Run {summary.id} is a model opened from a folder, not trained here, so it has no "
            "held-out text of its own. Choose a text to measure it on (on the command line: "
            f"token-loss {summary.id} --text FILE or sample:NAME)."
        )
    else:
        corpus = load_run_corpus(detail)
        text, sha256 = corpus.text, corpus.sha256
    loaded = (load_model or _load_model_dir)(summary.run_dir)
    label = f"{summary.id} ({summary.name})" if summary.name else summary.id
    return token_losses(
        loaded,
        text,
        run_label=label,
        corpus_sha256=sha256,
        progress=progress,
        should_stop=should_stop,
        whole_text=text_source is not None,
    )


def chosen_text(source: str) -> tuple[str, str]:
    """The text and sha256 of a text the user chose to measure on; ``CorpusError`` says why not."""
    from mlmstudio.engine.corpus import load_corpus
    from mlmstudio.engine.errors import CorpusError

    if not source.strip():
        raise CorpusError("No text chosen to measure on. Give a text file, a folder or sample:NAME.")
    corpus = load_corpus(source)
    return corpus.text, corpus.stats.sha256


def compare_runs(
    db: Database,
    ref_a: str,
    ref_b: str,
    *,
    load_model: ModelLoader | None = None,
    progress: ProgressCallback | None = None,
    should_stop: Callable[[], bool] | None = None,
    text_source: str | None = None,
) -> TokenLossComparison:
    """Run B against run A on their shared validation text, or both on ``text_source``
    (``engine.inspect.token_loss.compare_reports``)."""
    from mlmstudio.engine.inspect.token_loss import compare_reports

    detail_a, detail_b = get_run(db, ref_a), get_run(db, ref_b)
    if detail_a.id == detail_b.id:
        raise StoreError(f"Both references name run {detail_a.id}. Choose two different runs to compare.")
    same_text = text_source is not None  # both measured on one chosen text: any two models compare
    if (
        not same_text
        and detail_a.corpus
        and detail_b.corpus
        and detail_a.corpus.sha256 != detail_b.corpus.sha256
    ):
        raise StoreError(
            f"Runs {detail_a.id} and {detail_b.id} were trained on different corpora "
            f"({detail_a.corpus.name} and {detail_b.corpus.name}), so their validation texts "
            "differ and cannot be compared. Choose two runs of the same corpus."
        )

    def part(offset: int) -> ProgressCallback | None:
        if progress is None:
            return None
        half = PROGRESS_SCALE // 2
        return lambda done, total: progress(
            offset + (half * done // total if total else half), PROGRESS_SCALE
        )

    a = token_loss_of_run(
        db,
        detail_a.id,
        load_model=load_model,
        progress=part(0),
        should_stop=should_stop,
        text_source=text_source,
    )
    b = token_loss_of_run(
        db,
        detail_b.id,
        load_model=load_model,
        progress=part(PROGRESS_SCALE // 2),
        should_stop=should_stop,
        text_source=text_source,
    )
    return compare_reports(a, b)


def _load_model_dir(path: Path) -> LoadedModel:
    from mlmstudio.engine.artifacts import load_model_dir

    return load_model_dir(path)
