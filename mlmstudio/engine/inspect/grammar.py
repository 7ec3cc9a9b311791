"""Grammar check-ups: accuracy on minimal pairs, per paradigm, at each kept checkpoint and at the end.

A pair is passed when the model's pseudo-log-likelihood (PLL, word-l2r: the
metric of engine/inspect/scoring.py) of the good sentence is higher than that
of the bad one, as BLiMP counts it for masked models (Salazar et al. 2020).
A tie (the model cannot tell them apart, which an untouched model of equal
sentences can) counts half, so a model that knows nothing sits at the chance
line of 0.5. All the sentences of a suite are scored together in few forward
passes (``pair_scoring.score_many``). Each paradigm also reports its mean
margin (good minus bad, in nats) and how many pairs hold a word the model
reads as [UNK] (their verdict says little; generated suites have none).

``check_over_training(run_dir, suite)`` asks every kept checkpoint
(engine/kept_checkpoints.py, steps 1, 2, 4, ... and the end) and then the
final model, oldest first, so a plot of accuracy against step shows when a
contrast was learned. The checkpoint kept at the final step holds the final
weights, so it is not asked twice when the caller says which step that is.
Torch-free callers (the store, the GUI) get plain dataclasses.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from mlmstudio.engine.inspect.grammar_suites import Suite
from mlmstudio.engine.inspect.pair_scoring import Progress, score_many
from mlmstudio.engine.inspect.scoring import DEFAULT_MAX_BATCH_TOKENS
from mlmstudio.engine.predict import Predictor

CHANCE = 0.5  # two sentences, one right: the accuracy of a coin


@dataclass(frozen=True)
class ParadigmResult:
    paradigm: str
    pairs: int
    correct: float  # ties count half
    accuracy: float  # correct / pairs
    mean_margin: float  # mean of PLL(good) - PLL(bad), nats
    unknown_pairs: int  # pairs with an [UNK] in either sentence

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class GrammarCheck:
    """One model's results on a suite: a checkpoint's (``step``) or the final model's (``final``)."""

    step: int | None  # the kept checkpoint's step; None for the final model
    final: bool
    suite: str
    paradigms: tuple[ParadigmResult, ...]

    @property
    def accuracy(self) -> float:
        """The mean of the paradigms' accuracies (each paradigm weighs the same, as in BLiMP)."""
        return sum(p.accuracy for p in self.paradigms) / len(self.paradigms) if self.paradigms else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "final": self.final,
            "suite": self.suite,
            "accuracy": self.accuracy,
            "paradigms": [p.as_dict() for p in self.paradigms],
        }


def check_grammar(
    predictor: Predictor,
    suite: Suite,
    *,
    max_batch_tokens: int = DEFAULT_MAX_BATCH_TOKENS,
    progress: Progress | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> tuple[ParadigmResult, ...]:
    """Accuracy per paradigm of one model on the suite (paradigms in the suite's order)."""
    texts = [s for pair in suite.pairs for s in (pair.good, pair.bad)]
    scores = score_many(
        predictor, texts, max_batch_tokens=max_batch_tokens, progress=progress, should_stop=should_stop
    )
    tally: dict[str, list[float]] = {name: [0, 0.0, 0.0, 0] for name in suite.paradigms()}
    for number, pair in enumerate(suite.pairs):
        good, bad = scores[2 * number], scores[2 * number + 1]
        margin = good.score - bad.score
        row = tally[pair.paradigm]
        row[0] += 1
        row[1] += 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
        row[2] += margin
        row[3] += any(t.unknown for t in good.tokens) or any(t.unknown for t in bad.tokens)
    return tuple(
        ParadigmResult(name, int(n), correct, correct / n, margin / n, int(unknown))
        for name, (n, correct, margin, unknown) in tally.items()
    )


def check_over_training(
    run_dir: str | os.PathLike,
    suite: Suite,
    *,
    final_step: int | None = None,
    checkpoints: bool = True,
    max_batch_tokens: int = DEFAULT_MAX_BATCH_TOKENS,
    should_stop: Callable[[], bool] | None = None,
    on_model: Callable[[str], None] | None = None,
) -> Iterator[GrammarCheck]:
    """The suite at each kept checkpoint (oldest first, when ``checkpoints``), then the final model.

    ``on_model(label)`` is told which model is being asked ("step 64", "final model"),
    for a progress line. Yields as it goes, so a caller can record each result at once.
    """
    from mlmstudio.engine.kept_checkpoints import list_kept, load_predictor_at

    run_dir = Path(run_dir)
    steps = [step for step, _ in list_kept(run_dir)] if checkpoints else []
    for step in steps:
        if final_step is not None and step == final_step:
            continue  # the final model's own weights, asked below
        if on_model is not None:
            on_model(f"step {step}")
        predictor = load_predictor_at(run_dir, step)
        results = check_grammar(predictor, suite, max_batch_tokens=max_batch_tokens, should_stop=should_stop)
        yield GrammarCheck(step, False, suite.name, results)
    if on_model is not None:
        on_model("final model")
    predictor = Predictor.from_dir(run_dir)
    results = check_grammar(predictor, suite, max_batch_tokens=max_batch_tokens, should_stop=should_stop)
    yield GrammarCheck(None, True, suite.name, results)


def resolve_suite(
    spec: str, tokenizer_dir: str | os.PathLike, *, per_paradigm: int | None, seed: int = 0
) -> Suite:
    """The suite ``spec`` names: ``blimp`` (shipped), ``generated`` (from the model's own vocabulary,
    read from ``tokenizer_dir``) or a suite file's path; ``per_paradigm`` pairs of each paradigm."""
    from mlmstudio.engine.inspect.grammar_generated import (
        DEFAULT_PER_PARADIGM,
        GENERATED_NAME,
        generate_suite,
    )
    from mlmstudio.engine.inspect.grammar_suites import BLIMP_NAME, load_suite_file, shipped_blimp

    choice = spec.strip()
    if choice.lower() == BLIMP_NAME:
        return shipped_blimp().limited(per_paradigm)
    if choice.lower() == GENERATED_NAME:
        from mlmstudio.engine.artifacts import load_tokenizer

        tokenizer = load_tokenizer(Path(tokenizer_dir))
        return generate_suite(tokenizer, per_paradigm=per_paradigm or DEFAULT_PER_PARADIGM, seed=seed)
    return load_suite_file(Path(choice).expanduser()).limited(per_paradigm)


def random_twin(run_dir: str | os.PathLike, seed: int = 0) -> Predictor:
    """The run's architecture and tokenizer with fresh random weights (``seed``): what training added
    shows as the run's lead over it."""
    import torch

    from mlmstudio.engine.artifacts import LoadedModel, load_config, load_tokenizer
    from mlmstudio.engine.model_factory import build_model

    run_dir = Path(run_dir)
    config = load_config(run_dir)
    tokenizer = load_tokenizer(run_dir)
    state = torch.random.get_rng_state()
    torch.manual_seed(seed)
    try:
        model = build_model(config.model, tokenizer.vocab_size, tokenizer.pad_token_id)
    finally:
        torch.random.set_rng_state(state)
    return Predictor(LoadedModel(model.eval(), tokenizer, config, {"twin_seed": seed}, run_dir))
