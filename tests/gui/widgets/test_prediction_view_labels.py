"""The bars' token column fits its tokens: "german" is drawn whole, not "germ…" (integer advances cut it)."""

from __future__ import annotations

from mlmstudio.gui.widgets.prediction_view import PredictionView

# Short words as the facts sample's answers are, and a long one that is elided (its row's tooltip has it).
WORDS = ["rome", "madrid", "blue", "german", "athens", "french", "tuesday", "february", "quack", "wednesday"]


def test_short_tokens_are_drawn_whole_and_a_long_one_is_elided(qtbot):
    view = PredictionView("[MASK] 1 of 2")
    qtbot.addWidget(view)
    for word in WORDS:
        view.set_predictions([{"token_str": word, "score": 0.5}, {"token_str": "rome", "score": 0.1}])
        assert view.shown_tokens()[0] == word
    view.set_predictions(
        [{"token_str": WORDS[3], "score": 0.2} for _ in range(2)] + [{"token_str": "x" * 60, "score": 0.1}]
    )
    assert view.shown_tokens()[:2] == [WORDS[3]] * 2
    long = view.shown_tokens()[2]
    assert long.endswith("…") and len(long) < 60
    assert "x" * 60 in view.toolTip()


def test_the_embeddings_neighbours_do_not_say_no_predictions_before_a_word_is_looked_up(qtbot):
    from types import SimpleNamespace

    from mlmstudio.gui.pages.explore.embeddings_tab import EmbeddingsTab

    assert PredictionView().empty_text() == "No predictions"
    tab = EmbeddingsTab(SimpleNamespace(show_error=lambda _m: None))
    qtbot.addWidget(tab)
    assert tab.neighbours.empty_text() == ""
