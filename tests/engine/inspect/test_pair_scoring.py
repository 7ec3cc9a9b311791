"""Many sentences scored together give each one the numbers score_sentence gives it alone."""

import pytest

from mlmstudio.engine.inspect.pair_scoring import ScoringStopped, score_many
from mlmstudio.engine.inspect.scoring import score_sentence
from tests.engine.inspect.test_scoring import make_predictor

SENTENCES = [
    "the cat sat on the mat .",
    "the cat sat on the mats .",  # a word of several pieces for WordPiece
    "the dog swimming under the boats .",
    "a fish swam .",
    "the bird flew over the tree . " * 4,  # longer than max_len 16: windowed
]


@pytest.mark.parametrize(("kind", "arch"), [("wordpiece", "modern"), ("word", "seed"), ("char", "modern")])
@pytest.mark.parametrize("metric", ["word-l2r", "token"])
def test_batched_scores_equal_score_sentence(kind, arch, metric, tmp_path):
    predictor = make_predictor(kind, arch, tmp_path, max_len=16)
    together = score_many(
        predictor, SENTENCES, metric=metric, max_batch_tokens=64
    )  # many passes of mixed rows
    for text, batched in zip(SENTENCES, together, strict=True):
        alone = score_sentence(predictor, text, metric=metric)
        assert batched.text == text
        assert batched.num_tokens == alone.num_tokens
        assert batched.windowed == alone.windowed
        assert batched.score == pytest.approx(alone.score, abs=1e-5)
        assert [t.log_prob for t in batched.tokens] == pytest.approx(
            [t.log_prob for t in alone.tokens], abs=1e-5
        )
    assert together[0].score != pytest.approx(together[1].score, abs=1e-3)  # the numbers tell sentences apart


def test_stop_between_passes(tmp_path):
    predictor = make_predictor("word", "modern", tmp_path)
    seen = []
    with pytest.raises(ScoringStopped):
        score_many(
            predictor,
            SENTENCES,
            max_batch_tokens=16,
            progress=lambda done, total: seen.append((done, total)),
            should_stop=lambda: len(seen) >= 2,
        )
    assert len(seen) == 2 and seen[-1][0] < seen[-1][1]
