"""What the app shows of a model opened from a transformers folder (a run of kind "imported").

An opened model is an ordinary finished run; what makes it one of another kind is the origin
its final metrics carry (``store/imported_runs.origin_metrics``: source path, family, weights
SHA-256, parameter count and the model's own mask spelling). Reading those from the run's
summary, which the run list already holds, keeps History and Explore from opening files on the
GUI thread, and keeps torch out of it. The engine writes the mask ``[MASK]`` whatever the
model's own spelling, so a question typed with ``<mask>`` is translated here before it is asked.

A run continued from an opened model (``training.start_from``) is a trained run, but its mask
is still the model's own. Its final metrics record it (``mask_token``) once it has finished;
before that (a run still training), and for a run finished before runs recorded it, the
spelling is read from the run's own files (``engine/own_mask.py``: its origin.json, else the
folders its config.json started from, each parsed once per change), so every run shows the
mask it reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from mlmstudio.engine.own_mask import own_mask_token as _own_mask_in_files
from mlmstudio.gui.i18n import translate
from mlmstudio.gui.widgets.clickable_text import MASK

KIND_IMPORTED = "imported"
KIND_TRAINED = "trained"
_SOURCE_KEY = "imported_from"  # set by origin_metrics, and only there


def _metrics(run: Any) -> dict[str, Any]:
    metrics = getattr(run, "final_metrics", None)
    return dict(metrics) if isinstance(metrics, Mapping) else {}


def run_kind(run: Any) -> str:
    """'imported' for a model opened from a transformers folder, else 'trained'."""
    return KIND_IMPORTED if _metrics(run).get(_SOURCE_KEY) else KIND_TRAINED


def is_imported(run: Any) -> bool:
    return run_kind(run) == KIND_IMPORTED


def is_continued(run: Any) -> bool:
    """Whether the run continued another model (its config's ``training.start_from``)."""
    start = getattr(getattr(getattr(run, "config", None), "training", None), "start_from", "")
    return isinstance(start, str) and bool(start.strip())


def own_mask_token(run: Any) -> str:
    """The model's own spelling of the mask (``<mask>`` for RoBERTa, an opened one or a run continued
    from it), ``[MASK]`` for every other run.

    The final metrics' ``mask_token`` when they have one; else the run's own files (a continued
    run still training, or one finished before the metrics recorded it)."""
    if not (is_imported(run) or is_continued(run)):
        return MASK
    token = _metrics(run).get("mask_token")
    if isinstance(token, str) and token.strip():
        return token
    run_dir = getattr(run, "run_dir", None)
    if run_dir is None:
        return MASK
    start = getattr(getattr(getattr(run, "config", None), "training", None), "start_from", "")
    token = _own_mask_in_files(run_dir, start if isinstance(start, str) else "")
    return token or MASK


def with_engine_mask(text: str, masks: Iterable[str]) -> str:
    """``text`` with each of the models' own mask spellings written as the engine's ``[MASK]``."""
    for mask in masks:
        if mask and mask != MASK:
            text = text.replace(mask, MASK)
    return text


def origin_lines(run: Any) -> list[str]:
    """The origin of an imported run as short plain-text lines; for a run continued from a model
    whose mask is spelt otherwise, that spelling; none for another trained run."""
    if not is_imported(run):
        mask = own_mask_token(run) if is_continued(run) else MASK
        return [] if mask == MASK else [translate("ImportedModel", "mask token {mask}").format(mask=mask)]
    metrics = _metrics(run)
    lines = [translate("ImportedModel", "Imported from {source}").format(source=metrics.get(_SOURCE_KEY))]
    family = metrics.get("family")
    parameters = metrics.get("parameters")
    facts = []
    if family:
        facts.append(translate("ImportedModel", "family {family}").format(family=family))
    if isinstance(parameters, int) and not isinstance(parameters, bool):
        facts.append(translate("ImportedModel", "{count:,} parameters").format(count=parameters))
    mask = own_mask_token(run)
    facts.append(translate("ImportedModel", "mask token {mask}").format(mask=mask))
    lines.append(" · ".join(facts))
    sha = metrics.get("weights_sha256")
    if sha:
        lines.append(translate("ImportedModel", "Weights SHA-256 {sha}").format(sha=sha))
    return lines


def mask_hint(run: Any) -> str:
    """Explore's hint for a model whose mask is spelt otherwise; "" for one that writes [MASK]."""
    mask = own_mask_token(run)
    if mask == MASK:
        return ""
    return translate(
        "ImportedModel",
        "This model writes its mask {mask}. Type {mask} or {engine_mask} where it should guess a word; "
        "clicking a word puts {engine_mask}, which means the same.",
    ).format(mask=mask, engine_mask=MASK)
