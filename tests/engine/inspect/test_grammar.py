"""Grammar check-ups: accuracy counted from the same PLL as `score`, generated pairs, over training."""

import pytest

from mlmstudio.config import TokenizerConfig
from mlmstudio.engine.inspect.grammar import CHANCE, check_grammar, check_over_training, random_twin
from mlmstudio.engine.inspect.grammar_generated import Lexicon, generate_suite, known_word
from mlmstudio.engine.inspect.grammar_suites import GrammarSuiteError, MinimalPair, Suite
from mlmstudio.engine.inspect.scoring import score_sentence
from mlmstudio.engine.tokenization import MLMTokenizer
from tests.engine.inspect.test_scoring import make_predictor

PAIRS = Suite(
    "mine",
    (
        MinimalPair("a", "the cat sat on the mat .", "the cat sat on the dog ."),
        MinimalPair("a", "the dog sat on the rug .", "the rug sat on the dog ."),
        MinimalPair("a", "a fish swam under the boat .", "a boat swam under the fish ."),
        MinimalPair("b", "the bird flew over the tree .", "the tree flew over the bird ."),
        MinimalPair("b", "the capital of france is paris .", "the capital of paris is france ."),
        MinimalPair("b", "the cat sat .", "the mat sat ."),
    ),
)


@pytest.mark.parametrize("kind", ["wordpiece", "word"])
def test_accuracy_counts_the_pairs_whose_good_sentence_scores_higher_by_score(kind, tmp_path):
    predictor = make_predictor(kind, "modern", tmp_path)
    results = {r.paradigm: r for r in check_grammar(predictor, PAIRS, max_batch_tokens=128)}
    assert list(results) == ["a", "b"]
    for name, result in results.items():
        pairs = [p for p in PAIRS.pairs if p.paradigm == name]
        margins = [
            score_sentence(predictor, p.good).score - score_sentence(predictor, p.bad).score for p in pairs
        ]
        assert result.pairs == len(pairs)
        assert result.accuracy == pytest.approx(sum(m > 0 for m in margins) / len(pairs))
        assert result.mean_margin == pytest.approx(sum(margins) / len(pairs), abs=1e-4)
        assert 0.0 <= result.accuracy <= 1.0
    # Reversing every pair gives 1 - accuracy: a verdict that swapped good and bad fails above.
    flipped = Suite("flipped", tuple(MinimalPair(p.paradigm, p.bad, p.good) for p in PAIRS.pairs))
    for again in check_grammar(predictor, flipped):
        assert again.accuracy == pytest.approx(1.0 - results[again.paradigm].accuracy)


def test_a_tie_counts_half_so_a_model_that_cannot_tell_sits_at_chance(tmp_path):
    predictor = make_predictor("word", "modern", tmp_path)
    same = Suite("ties", (MinimalPair("t", "the cat sat .", "the  cat sat ."),))  # the same tokens
    (result,) = check_grammar(predictor, same)
    assert result.accuracy == CHANCE and result.mean_margin == 0.0


LEXICON = Lexicon(
    nouns=(("cat", "cats"), ("dog", "dogs"), ("mat", "mats"), ("boat", "boats"), ("unicorn", "unicorns")),
    verbs=(("sees", "see"), ("likes", "like"), ("flies", "fly")),
)
TEXT = (
    "the cat sees the dog . the cats see the dogs . the dog likes this mat . the dogs like these mats . "
    "the boat is in the mat . the boats are in the mats . the cat of the boats sees the dog .\n"
) * 20


def test_generated_pairs_use_whole_words_of_the_vocabulary_and_repeat_with_the_seed():
    tok = MLMTokenizer.train([TEXT], TokenizerConfig(kind="word", vocab_size=200, min_frequency=1))
    assert not known_word(tok, "unicorn") and not known_word(tok, "flies")
    suite = generate_suite(tok, per_paradigm=10, seed=3, lexicon=LEXICON)
    assert suite == generate_suite(tok, per_paradigm=10, seed=3, lexicon=LEXICON)
    assert suite != generate_suite(tok, per_paradigm=10, seed=4, lexicon=LEXICON)
    assert set(suite.paradigms()) == {
        "subject_verb_agreement",
        "agreement_across_prepositional_phrase",
        "determiner_noun_agreement",
        "copula_agreement",
    }
    for pair in suite.pairs:
        good, bad = pair.good.split(), pair.bad.split()
        assert len(good) == len(bad) and sum(g != b for g, b in zip(good, bad, strict=True)) == 1
        assert "unicorn" not in pair.good and "flies" not in pair.good
        ids = tok.encode(pair.good)
        assert len(ids) == len(good) and tok.unk_token_id not in ids
    plural_nouns = {p for _, p in LEXICON.nouns}
    plural_verbs = {p for _, p in LEXICON.verbs}
    for pair in (p for p in suite.pairs if p.paradigm == "subject_verb_agreement"):
        subject, verb = pair.good.split()[1:3]
        assert (subject in plural_nouns) == (verb in plural_verbs), pair  # the good one agrees
        assert (subject in plural_nouns) != (pair.bad.split()[2] in plural_verbs), pair


def test_a_vocabulary_without_the_words_is_a_sentence():
    tok = MLMTokenizer.train(
        ["the sun is hot .\n" * 10], TokenizerConfig(kind="word", vocab_size=50, min_frequency=1)
    )
    with pytest.raises(GrammarSuiteError, match="Too few of the lexicon's nouns and verbs"):
        generate_suite(tok, lexicon=LEXICON)


def test_each_kept_checkpoint_and_the_final_model_are_checked(tmp_path):
    from mlmstudio.engine.trainer import Trainer
    from tests.tiny_configs import tiny_config

    run_dir = tmp_path / "run"
    config = tiny_config(steps=8, keep_checkpoints=3)
    Trainer(config, "the cat sat on the mat .\n" * 40, run_dir).run()
    suite = Suite("mine", (MinimalPair("a", "the cat sat .", "the mat sat ."),))
    checks = list(check_over_training(run_dir, suite, final_step=8))
    assert [(c.step, c.final) for c in checks] == [
        (2, False),
        (4, False),
        (None, True),
    ]  # step 8 is the final
    assert all(0.0 <= c.accuracy <= 1.0 and c.paradigms[0].pairs == 1 for c in checks)
    twin = check_grammar(random_twin(run_dir, seed=0), suite)
    assert twin == check_grammar(random_twin(run_dir, seed=0), suite)  # the twin repeats with its seed
