"""Metric names, defined once: the trainer reports them, the store keeps them, the faces plot them.

A recorded curve is keyed ``{split}_{name}``: ``train_loss`` is the raw loss of
each training step (never smoothed: smoothing is a view, done by the plot and
named ``train_loss_smoothed`` there), ``val_loss`` the held-out loss at the
fixed evaluation masks.
"""

from __future__ import annotations

TRAIN, VAL = "train", "val"  # splits
GENERAL = "general"  # a second text every evaluation also tests (TrainingConfig.general_text)

LOSS = "loss"
LR = "lr"
TOKENS_PER_SECOND = "tokens_per_second"
ACCURACY = "accuracy"
PERPLEXITY = "perplexity"


def metric_key(split: str, name: str) -> str:
    """'val_loss', 'train_loss', ...: how the CLI, the GUI and compare name a curve."""
    return f"{split}_{name}"


TRAIN_LOSS = metric_key(TRAIN, LOSS)  # raw loss per step
TRAIN_LOSS_SMOOTHED = "train_loss_smoothed"  # the live plot's moving average of it
TRAIN_LR = metric_key(TRAIN, LR)
TRAIN_TOKENS_PER_SECOND = metric_key(TRAIN, TOKENS_PER_SECOND)
VAL_LOSS = metric_key(VAL, LOSS)
VAL_ACCURACY = metric_key(VAL, ACCURACY)
VAL_PERPLEXITY = metric_key(VAL, PERPLEXITY)
GENERAL_LOSS = metric_key(GENERAL, LOSS)
GENERAL_ACCURACY = metric_key(GENERAL, ACCURACY)

# ELECTRA's training statistics (train split; engine/electra.py STAT_NAMES) and the shared
# evaluation every run reports (val split; engine/inspect/detection_metric.py).
GENERATOR_LOSS = "generator_loss"
DISCRIMINATOR_LOSS = "discriminator_loss"
DISCRIMINATOR_ACCURACY = "discriminator_accuracy"
REPLACED_SHARE = "replaced_share"
ELECTRA_STATS = (GENERATOR_LOSS, DISCRIMINATOR_LOSS, DISCRIMINATOR_ACCURACY, REPLACED_SHARE)
DETECTION_AUC = "detection_auc"
VAL_DETECTION_AUC = metric_key(VAL, DETECTION_AUC)
TRAIN_DISCRIMINATOR_ACCURACY = metric_key(TRAIN, DISCRIMINATOR_ACCURACY)
