"""The rows a training run's progress reaches the plots in, with their columns named once.

The training worker turns each trainer event into one of these rows on the
training thread; the plots store them in numpy buffers whose columns are the
rows' field names (``StepRow._fields``). A row is a ``NamedTuple``: plain
floats that cross threads safely and convert to an array row as they are, and
``row.loss`` instead of ``row[2]``, whose meaning lived in a comment before.
Qt-free, like the events they come from.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from mlmstudio.engine.events import EvalEvent, StepEvent


class StepRow(NamedTuple):
    """One optimizer step, for the loss, learning-rate and speed curves."""

    step: int
    elapsed: float  # seconds of training
    loss: float
    lr: float
    tokens_per_second: float

    @classmethod
    def of(cls, event: StepEvent) -> StepRow:
        return cls(event.step, event.elapsed, event.loss, event.lr, event.tokens_per_second)


class EvalRow(NamedTuple):
    """One evaluation on the held-out text."""

    step: int
    elapsed: float
    val_loss: float
    val_accuracy: float
    perplexity: float
    general_loss: float = math.nan  # on TrainingConfig.general_text; NaN without one

    @classmethod
    def of(cls, event: EvalEvent) -> EvalRow:
        general = math.nan if event.general_loss is None else event.general_loss
        return cls(event.step, event.elapsed, event.val_loss, event.val_accuracy, event.perplexity, general)


class ElectraRow(NamedTuple):
    """An ELECTRA step's parts (engine/electra.py): generator and discriminator."""

    step: int
    elapsed: float
    generator_loss: float
    discriminator_loss: float
    discriminator_accuracy: float
    replaced_share: float

    @classmethod
    def of(cls, event: StepEvent) -> ElectraRow | None:
        """None for a step of a run that is not ELECTRA."""
        if event.generator_loss is None:
            return None
        return cls(
            event.step,
            event.elapsed,
            event.generator_loss,
            event.discriminator_loss,
            event.discriminator_accuracy,
            event.replaced_share,
        )


class DetectionRow(NamedTuple):
    """An evaluation's replaced-word detection AUC (engine/inspect/detection_metric.py)."""

    step: int
    elapsed: float
    detection_auc: float

    @classmethod
    def of(cls, event: EvalEvent) -> DetectionRow | None:
        """None for an evaluation that did not measure detection."""
        if event.detection_auc is None:
            return None
        return cls(event.step, event.elapsed, event.detection_auc)


STEP_COLUMNS = StepRow._fields
EVAL_COLUMNS = EvalRow._fields
ELECTRA_COLUMNS = ElectraRow._fields
DETECTION_COLUMNS = DetectionRow._fields
