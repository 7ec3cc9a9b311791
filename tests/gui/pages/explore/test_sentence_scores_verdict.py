"""The minimal-pair verdict the Score sentences tab shows is the engine's sentence, clause by clause
through translate(): with no translation installed it reads exactly as ``PairVerdict.summary``."""

from __future__ import annotations

import pytest

from mlmstudio.engine.inspect.scoring import AlignedUnit, PairVerdict, SentenceScore
from mlmstudio.gui.pages.explore.answers import escape
from mlmstudio.gui.pages.explore.sentence_scores_tab import verdict_html


def _score(text: str, score: float, tokens: int) -> SentenceScore:
    return SentenceScore(text, score, 2.0, "pll", None, None, tokens)


A, B = _score("The bus has <arrived>.", -10.0, 5), _score("The bus have arrived.", -14.5, 5)
LONG = _score("The bus have arrived & gone.", -30.0, 7)
DIFFERS = AlignedUnit("differs", ["has"], ["have"], -1.0, -5.0, 4.0)
LACKS = AlignedUnit("differs", [], ["&", "gone"], 0.0, -3.0, 3.0)
SAME = AlignedUnit("same", ["bus"], ["bus"], -2.0, -4.0, 2.0)


@pytest.mark.parametrize(
    "pair",
    [
        PairVerdict(A, B, "neither", 0.0, None),
        PairVerdict(A, B, "a", 4.5, None),
        PairVerdict(A, B, "a", 4.5, DIFFERS, [DIFFERS]),
        PairVerdict(B, A, "b", -4.5, DIFFERS, [DIFFERS]),
        PairVerdict(A, LONG, "a", 20.0, LACKS, [LACKS]),
        PairVerdict(A, B, "a", 4.5, SAME, [SAME, DIFFERS]),
        PairVerdict(A, B, "a", 300.0, SAME, [SAME]),
    ],
)
def test_the_verdict_reads_as_the_engines_summary(pair):
    assert verdict_html(pair) == escape(pair.summary())
