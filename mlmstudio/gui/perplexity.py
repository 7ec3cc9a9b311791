"""Perplexity and the loss unit, said the same way on every page that shows them.

Perplexity is e^loss: the number of tokens the model is, on average, as unsure
among as a fair guess between that many. The Train page's read-out, the History
column and the compare view all derive it here from a validation loss in nats,
so the three show the same number for the same run, and explain it in the same
plain words. (The trainer caps the perplexity it records at e^50; a loss that
high means "learned nothing", and is shown as such.)
"""

from __future__ import annotations

import math

from PySide6.QtCore import QT_TRANSLATE_NOOP

from mlmstudio.gui.i18n import number, translate

MAX_LOSS = 50.0  # e^50 ≈ 5e21: beyond this a perplexity says nothing, and exp would overflow later

# The English source; show it with perplexity_tip(), which translates it.
PERPLEXITY_TIP = QT_TRANSLATE_NOOP(
    "Perplexity",
    "Perplexity = e^(validation loss). The model is, on average, as unsure as if it were "
    "choosing evenly among this many tokens. Lower is better; 1 is always sure and right, "
    "and a model that learned nothing sits at V, the vocabulary size.",
)


def perplexity_tip() -> str:
    """The hover text of a perplexity read-out or column, in the user's language."""
    return translate("Perplexity", PERPLEXITY_TIP)


def perplexity(loss: float | None) -> float | None:
    """e^loss for a finite loss in nats; None for a missing or non-finite one."""
    if loss is None or isinstance(loss, bool):
        return None
    loss = float(loss)
    if not math.isfinite(loss):
        return None
    return math.exp(min(loss, MAX_LOSS))


def format_perplexity(value: float | None) -> str:
    """'7.39', '123.4', '4,012': a few significant digits, '—' when there is none."""
    if value is None or not math.isfinite(value):
        return "—"
    if value < 100:
        return number(value, ".2f")
    if value < 1000:
        return number(value, ".1f")
    return number(value, ",.0f")


def loss_axis_tip(baseline: float | None = None, line_drawn: bool = True) -> str:
    """The hover text of a loss axis: what a nat is, and what the random-guess level ln V means.

    ``line_drawn``: the plot draws ln V as a dashed line (the Train page); the
    compare view does not, since its runs may have different vocabularies.
    """
    tip = translate(
        "Perplexity",
        "Loss, in nats: for each hidden token, −ln(the probability the model gave the right token), "
        "averaged. 0 would be always sure and right; every halving of that probability adds "
        "ln 2 ≈ 0.69 nats. (A nat is the natural-log unit: 1 nat ≈ 1.44 bits.) Lower is better.",
    )
    if baseline is not None and math.isfinite(baseline) and baseline > 0:
        if line_drawn:
            line = translate(
                "Perplexity",
                "The dashed line is the random guess, ln V = {baseline:.2f} for V = {v:,.0f} tokens: "
                "the loss of a model that spreads its guess evenly over the whole vocabulary. "
                "A model that learns goes below it.",
            )
        else:
            line = translate(
                "Perplexity",
                "A random guess scores ln V = {baseline:.2f} for V = {v:,.0f} tokens: the loss of a "
                "model that spreads its guess evenly over the whole vocabulary. A model that learns "
                "goes below it.",
            )
        line = line.format(baseline=baseline, v=math.exp(baseline))
    elif line_drawn:
        line = translate(
            "Perplexity",
            "The dashed line is the random guess, ln V: the loss of a model that spreads its guess "
            "evenly over all V tokens of the vocabulary. A model that learns goes below it.",
        )
    else:
        line = translate(
            "Perplexity",
            "A random guess scores ln V: the loss of a model that spreads its guess evenly over all "
            "V tokens of the vocabulary. A model that learns goes below it.",
        )
    end = translate("Perplexity", "Perplexity = e^loss (Help → How masked language models learn).")
    return f"{tip}\n\n{line}\n\n{end}"
