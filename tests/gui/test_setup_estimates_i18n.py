"""setup_estimates loads no Qt, yet its sentences are translated once the app has Qt loaded."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from mlmstudio.config import RunConfig
from mlmstudio.gui import setup_estimates
from mlmstudio.gui.i18n import PseudoTranslator


def test_the_estimates_are_translated_through_qt(qapp):
    english = setup_estimates.SetupEstimates.of(RunConfig()).summary("exact once a corpus is loaded")
    translator = PseudoTranslator()
    QCoreApplication.installTranslator(translator)
    try:
        assert setup_estimates.params_text(12_345_678).startswith("[12.35 million")
        assert setup_estimates.not_exact_yet(has_corpus=False, learning=False).endswith("~]")
        advice, fit = setup_estimates.passage_advice("Too short.", 40)
        assert advice.startswith("[Too short. This corpus fills passages of at most 40 tokens") and fit == 40
        summary = setup_estimates.SetupEstimates.of(RunConfig()).summary("why")
        assert summary.startswith("[up to [") and summary != english
    finally:
        QCoreApplication.removeTranslator(translator)
    assert setup_estimates.params_text(12_345_678) == "12.35 million"


def test_with_no_translator_the_shim_gives_the_english_text_and_fills_plurals():
    assert setup_estimates.translate("SetupEstimates", "exact once a corpus is loaded") == (
        "exact once a corpus is loaded"
    )
    assert setup_estimates.translate("X", "%n pieces", None, 3) == "3 pieces"
