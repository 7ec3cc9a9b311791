"""Probes while training (issue 10 item 4): what the trainer asks at every evaluation, and how."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
import torch

from mlmstudio.config import ConfigError, ProbesConfig, ProbeSpec, RunConfig, TokenizerConfig
from mlmstudio.engine.events import EvalEvent, ProbeResult
from mlmstudio.engine.inspect.probe_log import ProbeRecord, keep_through, read_records
from mlmstudio.engine.inspect.probes import ProbeSet, choose_probes, pick_probes
from mlmstudio.engine.model_factory import build_model
from mlmstudio.engine.predict import Predictor
from mlmstudio.engine.samples import FACT_PROBES, sample_text
from mlmstudio.engine.tokenization import MLMTokenizer
from mlmstudio.engine.trainer import Trainer

from tiny_configs import tiny_config


def word_tokenizer(text: str) -> MLMTokenizer:
    return MLMTokenizer.train([text], TokenizerConfig(kind="word", vocab_size=2000, lowercase=True))


def one_at_a_time(model, tokenizer, sentence: str, answer: str) -> tuple[float, list[int]]:
    """The answer's probability and the best guesses, one probe alone, no padding, no batching."""
    ids = tokenizer.encode(sentence)
    pieces = tokenizer.encode(sentence.replace("[MASK]", answer))[ids.index(tokenizer.mask_token_id) :]
    pieces = pieces[: len(pieces) - (len(ids) - ids.index(tokenizer.mask_token_id) - 1)]
    at = ids.index(tokenizer.mask_token_id)
    body = ids[:at] + [tokenizer.mask_token_id] * len(pieces) + ids[at + 1 :]
    full = torch.tensor([[tokenizer.cls_token_id, *body, tokenizer.sep_token_id]])
    model.eval()
    with torch.no_grad():
        logits = model(full).logits[0, at + 1 : at + 1 + len(pieces)].float()
    log_probs = torch.log_softmax(logits, -1)
    return float(sum(log_probs[i, p] for i, p in enumerate(pieces)).exp()), log_probs.argmax(-1).tolist()


@pytest.mark.parametrize("arch", ["modern", "seed"])
def test_the_batched_pass_gives_each_probe_alone_answers(arch):
    """Padding and batching change nothing: a multi-piece answer (characters) is the product of its pieces."""
    config = tiny_config(arch=arch)
    text = sample_text("facts")[:20_000]
    tokenizer = MLMTokenizer.train([text], config.tokenizer)
    torch.manual_seed(0)
    model = build_model(config.model, tokenizer.vocab_size)
    specs = [ProbeSpec(s, a) for s, a in FACT_PROBES[:6]]
    results = ProbeSet.build(specs, tokenizer, config.model.max_len).measure(model, torch.device("cpu"))
    assert [r.answer for r in results] == [a for _, a in FACT_PROBES[:6]]
    for spec, result in zip(specs, results, strict=True):
        probability, guesses = one_at_a_time(model, tokenizer, spec.sentence, spec.answer)
        assert 0.0 <= result.probability <= 1.0
        assert result.probability == pytest.approx(probability, rel=1e-4, abs=1e-12)
        assert result.top1 == tokenizer.decode(guesses)
        assert len(spec.answer) > 1  # characters: every answer here has several pieces


def test_a_probe_is_a_hit_only_when_every_piece_is_the_best_guess():
    """Guards ``ProbeSet.measure``'s hit: a multi-piece answer is a hit only when the top token at every
    one of its masks is its piece (the first alone is not enough); and the model is handed back in the
    mode it came in (the trainer measures mid-run and goes on training)."""
    from mlmstudio.engine.model import MLMOutput

    tokenizer = MLMTokenizer.train([sample_text("facts")[:20_000]], tiny_config().tokenizer)  # characters
    specs = [ProbeSpec("The sky is [MASK].", "blue"), ProbeSpec("The capital of France is [MASK].", "Paris")]
    probes = ProbeSet.build(specs, tokenizer, 64)
    first = len(probes.asked[0].pieces)
    assert first == 4

    class KnowsAllButTheFirstAnswersTail(torch.nn.Module):
        def forward(self, input_ids, attention_mask=None, labels=None, label_positions=None):
            targets = labels.reshape(-1)[label_positions]  # the first probe's pieces, then the second's
            guess = targets.clone()
            guess[1:first] = (guess[1:first] + 1) % tokenizer.vocab_size
            logits = 20.0 * torch.nn.functional.one_hot(guess, tokenizer.vocab_size).float()
            return MLMOutput(None, logits, targets)

    model = KnowsAllButTheFirstAnswersTail().train()
    half, whole = probes.measure(model, torch.device("cpu"))
    assert (half.hit, whole.hit) == (False, True)
    assert whole.top1 == tokenizer.decode(probes.asked[1].pieces) and half.top1 != whole.top1
    assert whole.probability > 0.99 and half.probability < 1e-6
    assert model.training


def test_unknown_answers_are_left_out_with_a_note():
    tokenizer = word_tokenizer("the sky is blue . the grass is green . " * 20)
    probes = ProbeSet.build(
        [ProbeSpec("The sky is [MASK].", "blue"), ProbeSpec("The sea is [MASK].", "turquoise")], tokenizer, 32
    )
    assert [a.spec.answer for a in probes.asked] == ["blue"]
    assert len(probes.notes) == 1 and "turquoise" in probes.notes[0] and "vocabulary" in probes.notes[0]


def test_a_long_sentence_is_cut_around_its_answer():
    tokenizer = word_tokenizer(" ".join(f"w{i}" for i in range(300)) + " the sky is blue .")
    sentence = " ".join(f"w{i}" for i in range(200)) + " the sky is [MASK] ."
    model = build_model(tiny_config(max_len=16).model, tokenizer.vocab_size)
    probes = ProbeSet.build([ProbeSpec(sentence, "blue")], tokenizer, 16)
    asked = probes.asked[0]
    assert len(asked.ids) == 16 and asked.ids[asked.positions[0]] == tokenizer.mask_token_id
    (result,) = probes.measure(model, torch.device("cpu"))
    assert 0.0 < result.probability < 1.0


def test_defaults_facts_sample_uses_its_own_questions_others_pick_held_out_sentences():
    """Guards ``choose_probes``' order of choice: the run's own list, else none when automatic probes are
    off, else the facts sample's questions, else seeded held-out sentences."""
    facts = tiny_config()
    text = sample_text("facts")[:60_000]  # plenty of sentences; a corpus that is not the facts sample
    tokenizer = word_tokenizer(text)
    chosen = choose_probes(facts, "", tokenizer, 64)
    assert [p.sentence for p in chosen] == [s for s, _ in FACT_PROBES]
    # A tokenizer that keeps capitals is asked for the answers as the corpus writes them.
    assert [p.answer for p in chosen][:2] == ["Paris", "blue"] and not facts.tokenizer.lowercase
    lowercased = replace(facts, tokenizer=replace(facts.tokenizer, lowercase=True))
    assert [(p.sentence, p.answer) for p in choose_probes(lowercased, "", tokenizer, 64)] == list(FACT_PROBES)

    tutorial = replace(
        tiny_config(source="sample:tutorial"),
        tokenizer=TokenizerConfig(kind="word", vocab_size=2000, lowercase=True),
    )
    picked = choose_probes(tutorial, text, tokenizer, 64)
    assert len(picked) == tutorial.probes.auto_count
    for probe in picked:
        assert probe.problem() is None and probe.sentence.count("[MASK]") == 1
        assert probe.answer == probe.answer.lower()
        assert len(tokenizer.encode(probe.answer)) == 1 and tokenizer.unk_token_id not in tokenizer.encode(
            probe.answer
        )
        # the sentence with its answer put back is a sentence of the text
        assert (
            " ".join(probe.sentence.replace("[MASK]", probe.answer).split()).lower()
            in " ".join(text.split()).lower()
        )
    assert choose_probes(tutorial, text, tokenizer, 64) == picked  # deterministic for a seed
    reseeded = replace(tutorial, training=replace(tutorial.training, seed=7))
    assert choose_probes(reseeded, text, tokenizer, 64) != picked
    none = replace(tutorial, probes=ProbesConfig(auto_count=0))
    assert choose_probes(none, text, tokenizer, 64) == ()
    # no automatic probes means none, also for the facts sample (whose questions come first otherwise)
    assert choose_probes(replace(facts, probes=ProbesConfig(auto_count=0)), "", tokenizer, 64) == ()
    own = replace(tutorial, probes=ProbesConfig(items=(ProbeSpec("A [MASK] b.", "c"),)))
    assert choose_probes(own, text, tokenizer, 64) == own.probes.items
    assert pick_probes("too short.", tokenizer, 5, seed=0, max_len=64) == ()


def test_a_sentence_written_twice_is_asked_once():
    """Guards ``pick_probes``' one-probe-per-sentence rule: a text repeating a sentence gives it once."""
    text = "The quick brown foxes jumped over sleeping dogs. " * 10
    picked = pick_probes(text, word_tokenizer(text), 5, seed=0, max_len=64)
    assert len(picked) == 1


@pytest.mark.parametrize(
    "items, words",
    [
        ([{"sentence": "The sky is blue.", "answer": "blue"}], "no [MASK]"),
        ([{"sentence": "The [MASK] is [MASK].", "answer": "sky"}], "2 [MASK]s"),
        ([{"sentence": "The sky is [MASK].", "answer": "  "}], "no expected answer"),
        ([{"sentence": "", "answer": "x"}], "is empty"),
        ([{"sentence": "The sky is [MASK].", "answer": "blue", "colour": "x"}], "must be an object"),
        ([["The sky is [MASK]."]], "must be an object"),
        ("The sky is [MASK].", "must be a list of probes"),
        ([{"sentence": "x [MASK]", "answer": "y"}] * 51, "at most 50"),
    ],
)
def test_bad_probe_rows_are_refused_with_a_sentence(items, words):
    data = RunConfig().to_dict()
    data["probes"]["items"] = items
    with pytest.raises(ConfigError) as refused:
        RunConfig.from_dict(data).validate()
    assert words in str(refused.value)
    assert str(refused.value)[0].isupper() and "Traceback" not in str(refused.value)


def test_probes_round_trip_through_json_and_old_configs_load_without_them():
    config = replace(RunConfig(), probes=ProbesConfig(items=(ProbeSpec("The sky is [MASK].", "blue"),)))
    again = RunConfig.from_json(config.to_json())
    assert again == config and json.loads(config.to_json())["probes"]["items"] == [
        {"sentence": "The sky is [MASK].", "answer": "blue"}
    ]
    old = RunConfig().to_dict()
    del old["probes"]
    assert RunConfig.from_dict(old).probes == ProbesConfig()


def test_the_probe_file_keeps_the_steps_a_resumed_run_goes_on_from(tmp_path):
    path = tmp_path / "probes.jsonl"
    for step in (10, 20, 30):
        with open(path, "a", encoding="utf-8") as out:
            out.write(
                ProbeRecord(step, step / 10, (ProbeResult("A [MASK].", "b", 0.25, "c"),)).to_line() + "\n"
            )
    with open(path, "a", encoding="utf-8") as out:
        out.write('{"step": 40, "probes": [{"sentence"')  # cut short by a kill
    assert [r.step for r in read_records(path)] == [10, 20, 30]
    keep_through(path, 20)
    records = read_records(path)
    assert [r.step for r in records] == [10, 20]
    assert records[1].probes[0] == ProbeResult("A [MASK].", "b", 0.25, "c", False)
    assert read_records(tmp_path / "missing.jsonl") == []


@pytest.mark.slow
def test_a_short_facts_run_records_every_probe_at_every_evaluation(tmp_path):
    config = replace(
        tiny_config(steps=30, eval_every=10),
        tokenizer=TokenizerConfig(kind="word", vocab_size=4000, lowercase=True),
    )
    evals: list[EvalEvent] = []
    trainer = Trainer(
        config,
        sample_text("facts"),
        tmp_path / "run",
        callbacks=[lambda e: evals.append(e) if isinstance(e, EvalEvent) else None],
    )
    trainer.run()
    assert [e.step for e in evals] == [10, 20, 30]
    for event in evals:
        assert [p.answer for p in event.probes] == [a for _, a in FACT_PROBES]
        assert all(0.0 <= p.probability <= 1.0 and p.top1 for p in event.probes)
    # The last evaluation's numbers are the ones Explore shows for the saved model.
    predictor = Predictor.from_dir(tmp_path / "run")
    for probe in evals[-1].probes:
        answer = predictor.fill_mask(probe.sentence, top_k=1, targets=[probe.answer])
        assert probe.probability == pytest.approx(answer.targets[0]["score"], rel=1e-4)
        assert probe.top1 == answer.masks[0][0]["token_str"]
        assert probe.hit == (probe.top1 == probe.answer)
    records = read_records(tmp_path / "run" / "probes.jsonl")
    assert [r.step for r in records] == [10, 20, 30] and records[-1].probes == evals[-1].probes


def test_the_facts_answers_a_cased_model_is_asked_are_written_so_in_the_corpus():
    import re

    from mlmstudio.engine.samples import fact_probes, facts_text

    text = facts_text()
    for (_, lower), (_, asked) in zip(FACT_PROBES, fact_probes(lowercase=False), strict=True):
        capital = lower.capitalize()
        capitalised_only = bool(re.search(rf"\b{capital}\b", text)) and not re.search(rf"\b{lower}\b", text)
        assert asked == (capital if capitalised_only else lower)
