"""ELECTRA (engine/electra.py): the step, its statistics, save/load/resume and the config rule."""

import math
import shutil
from dataclasses import replace

import pytest
import torch

from mlmstudio.config import ConfigError, ModelConfig, RunConfig
from mlmstudio.engine.artifacts import load_model_dir
from mlmstudio.engine.checkpoint import checkpoint_dir
from mlmstudio.engine.electra import ElectraMLM, sample_tokens
from mlmstudio.engine.events import EvalEvent, StepEvent
from mlmstudio.engine.masking import IGNORE_INDEX
from mlmstudio.engine.model_factory import build_model
from mlmstudio.engine.predict import Predictor
from mlmstudio.engine.samples import sample_text
from mlmstudio.engine.trainer import Trainer

from tiny_configs import tiny_config


def electra_config(**training) -> RunConfig:
    cfg = tiny_config(
        arch="seed", max_len=32, **{"steps": 20, "batch_size": 4, "lr": 3e-3, "seed": 3, **training}
    )
    return replace(cfg, model=replace(cfg.model, objective="electra"))


@pytest.fixture(scope="module")
def facts_text():
    return sample_text("facts")[:20_000]


def small_model(vocab=40) -> ElectraMLM:
    cfg = ModelConfig(
        arch="seed", objective="electra", d_model=32, num_layers=1, num_heads=2, ffn_dim=64, max_len=16
    )
    torch.manual_seed(0)
    return build_model(cfg, vocab)


def masked_batch(vocab=40):
    g = torch.Generator().manual_seed(1)
    original = torch.randint(5, vocab, (3, 12), generator=g)
    labels = torch.full_like(original, IGNORE_INDEX)
    labels[:, 2:5] = original[:, 2:5]
    masked = original.clone()
    masked[:, 2:5] = 4  # [MASK]
    return original, masked, labels


def test_the_generator_is_a_fraction_of_the_width_and_shares_the_embeddings():
    model = small_model()
    assert model.cfg.generator_width == 8  # 32 x 0.25, a multiple of the 2 heads
    assert model.generator.project.weight.shape == (8, 32)
    # One token embedding for both halves: the generator's logits use the shared one.
    ids = torch.tensor([[2, 7, 9, 3]])
    model.eval()
    before = model(ids).logits
    with torch.no_grad():
        model.embeddings.tok_emb.weight[9] += 1.0
    assert not torch.allclose(before, model(ids).logits)
    assert model.replaced_logits(ids).shape == (1, 4)


def test_the_training_step_combines_both_losses_with_lambda():
    model = small_model()
    original, masked, labels = masked_batch()
    model.train()
    torch.manual_seed(5)
    out = model(masked, attention_mask=torch.ones_like(masked), labels=labels)
    s = out.stats
    assert out.loss.item() == pytest.approx(
        s["generator_loss"].item() + 10.0 * s["discriminator_loss"].item(), rel=1e-5
    )
    assert 0.0 <= s["replaced_share"].item() <= 9 / 36  # only the 9 masked of 36 real tokens can change
    assert 0.0 <= s["discriminator_accuracy"].item() <= 1.0
    out.loss.backward()
    assert model.generator.project.weight.grad is not None
    assert model.discriminator.prediction.weight.grad is not None


def test_no_gradient_flows_through_the_sampling():
    """The discriminator's loss never reaches the generator's logits (the paper's rule)."""
    model = small_model()
    original, masked, labels = masked_batch()
    model.train()
    where = (labels.reshape(-1) != IGNORE_INDEX).nonzero().squeeze(1)
    targets = labels.reshape(-1)[where]
    gen_logits = torch.randn(len(where), 40, requires_grad=True)
    out = model._detection_step(masked, None, None, where, targets, gen_logits, torch.zeros(()))
    out.loss.backward()  # lambda x discriminator loss only
    assert gen_logits.grad is None
    assert model.discriminator.prediction.weight.grad is not None


def test_a_sample_equal_to_the_original_counts_as_original():
    """A generator sure of the right token replaces nothing, and the discriminator is told so."""
    model = small_model()
    original, masked, labels = masked_batch()
    with torch.no_grad():  # make the generator certain of the true token: huge bias on it
        model.generator.bias.fill_(-1e4)
    model.train()
    # every masked position holds the same true token, so the biased generator always samples it
    labels[labels != IGNORE_INDEX] = 11
    with torch.no_grad():
        model.generator.bias[11] = 1e4
    out = model(masked, labels=labels)
    assert out.stats["replaced_share"].item() == 0.0


def test_the_discriminator_reads_the_generators_samples_not_the_masked_input():
    """Guards ELECTRA's defining step (``_detection_step``): the discriminator reads the text with each
    masked position filled by the generator's sample, and is told "replaced" exactly where the sample
    differs from the original. Feeding it the masked input (or the original text) fails here."""
    model = small_model()
    original, masked, labels = masked_batch()
    embedded = []  # (input ids, output) of every call of the shared embeddings
    model.embeddings.register_forward_hook(lambda m, args, out: embedded.append((args[0].clone(), out)))
    fed = []  # what the discriminator's encoder receives
    model.discriminator.register_forward_pre_hook(lambda m, args: fed.append(args[0]))
    model.train()
    torch.manual_seed(5)
    out = model(masked, attention_mask=torch.ones_like(masked), labels=labels)
    assert len(fed) == 1
    [read] = [ids for ids, vectors in embedded if vectors is fed[0]]  # the ids the discriminator read
    is_masked = labels != IGNORE_INDEX
    assert torch.equal(read[~is_masked], original[~is_masked])  # around the masks: the original text
    # every mask filled by a sample: no [MASK] (or other structural token) is left for the discriminator
    assert not torch.isin(read[is_masked], model.structural_ids).any()
    changed = read != original
    assert 0 < changed.sum().item() <= is_masked.sum().item()  # an untrained generator swaps some
    # the share it is told is replaced is the share of its input that differs from the original (36 real tokens)
    assert out.stats["replaced_share"].item() == pytest.approx(changed.sum().item() / original.numel())


def test_the_discriminators_loss_and_accuracy_score_its_logits_against_the_swapped_tokens():
    """Guards the statistics of ``_detection_step``: the loss is the binary cross-entropy of the
    discriminator's logits against "this token differs from the original", and the accuracy counts a
    positive logit as "replaced". Inverting either (or scoring against the masks) fails here."""
    model = small_model()
    original, masked, labels = masked_batch()
    read, logits = [], []
    model.embeddings.register_forward_hook(lambda m, args, out: read.append(args[0].clone()))
    model.discriminator.register_forward_hook(lambda m, args, out: logits.append(out.detach()))
    model.train()
    torch.manual_seed(5)
    stats = model(masked, attention_mask=torch.ones_like(masked), labels=labels).stats
    swapped = (read[-1] != original).float()  # the discriminator's input against the original text
    assert 0 < swapped.sum().item() < swapped.numel()
    expected_loss = torch.nn.functional.binary_cross_entropy_with_logits(logits[0], swapped)
    assert stats["discriminator_loss"].item() == pytest.approx(expected_loss.item(), rel=1e-5)
    expected_accuracy = ((logits[0] > 0).float() == swapped).float().mean()
    assert stats["discriminator_accuracy"].item() == pytest.approx(expected_accuracy.item())


def test_sampling_follows_the_softmax_and_never_draws_banned_tokens():
    torch.manual_seed(0)
    logits = torch.log(torch.tensor([[0.0, 0.7, 0.3]]).clamp(min=1e-12)).repeat(4000, 1)
    drawn = sample_tokens(logits, banned=torch.tensor([0]))
    assert (drawn != 0).all()
    assert (drawn == 1).float().mean().item() == pytest.approx(0.7, abs=0.03)


def test_a_run_reports_both_losses_accuracy_replaced_share_and_the_detection_auc(tmp_path, facts_text):
    events = []
    result = Trainer(electra_config(), facts_text, tmp_path / "run", callbacks=[events.append]).run()
    steps = [e for e in events if isinstance(e, StepEvent)]
    assert len(steps) == 20
    for e in steps:
        assert e.generator_loss > 0 and e.discriminator_loss > 0
        assert 0 <= e.discriminator_accuracy <= 1 and 0 <= e.replaced_share <= 1
        assert e.loss == pytest.approx(e.generator_loss + 10 * e.discriminator_loss, rel=1e-4)
    evals = [e for e in events if isinstance(e, EvalEvent)]
    assert evals and all(0.0 <= e.detection_auc <= 1.0 for e in evals)
    assert result.summary.detection_auc == evals[-1].detection_auc


def test_an_mlm_run_reports_the_detection_auc_and_no_electra_numbers(tmp_path, facts_text):
    events = []
    cfg = tiny_config(arch="seed", max_len=32, steps=10, batch_size=4, eval_every=10)
    Trainer(cfg, facts_text, tmp_path / "run", callbacks=[events.append]).run()
    assert all(e.generator_loss is None for e in events if isinstance(e, StepEvent))
    evals = [e for e in events if isinstance(e, EvalEvent)]
    assert 0.0 <= evals[-1].detection_auc <= 1.0


def test_save_load_gives_the_same_generator_and_discriminator_and_fill_mask_works(tmp_path, facts_text):
    trainer = Trainer(electra_config(steps=5), facts_text, tmp_path / "run")
    trainer.run()
    loaded = load_model_dir(tmp_path / "run")
    assert isinstance(loaded.model, ElectraMLM)
    ids = torch.tensor([[2, 10, 11, 12, 3]])
    trainer.model.eval()
    assert torch.allclose(trainer.model(ids).logits, loaded.model(ids).logits, atol=1e-6)
    assert torch.allclose(trainer.model.replaced_logits(ids), loaded.model.replaced_logits(ids), atol=1e-6)
    result = Predictor.from_dir(tmp_path / "run").fill_mask("the capital of [MASK]", top_k=3)
    assert len(result.masks[0]) == 3 and math.isclose(sum(c["score"] for c in result.masks[0]) <= 1, True)


def test_resume_continues_exactly(tmp_path, facts_text):
    """The sampling draws from torch's RNG, which the checkpoint keeps: a resumed run matches."""
    cfg = electra_config(steps=10, checkpoint_every=5, eval_every=100)
    straight = []
    Trainer(cfg, facts_text, tmp_path / "full", callbacks=[straight.append]).run()
    partial = tmp_path / "partial"
    partial.mkdir()
    for name in ("config.json", "tokenizer.json"):
        shutil.copy(tmp_path / "full" / name, partial / name)
    shutil.copytree(checkpoint_dir(tmp_path / "full", 5), checkpoint_dir(partial, 5))
    resumed = []
    Trainer.resume(partial, facts_text, callbacks=[resumed.append]).run()
    a = [(e.loss, e.replaced_share) for e in straight if isinstance(e, StepEvent)][5:]
    b = [(e.loss, e.replaced_share) for e in resumed if isinstance(e, StepEvent)]
    assert b == a


def test_electra_with_the_modern_architecture_is_refused_with_a_sentence():
    cfg = RunConfig.from_dict({"model": {"objective": "electra", "arch": "modern"}})
    problems = cfg.errors()
    assert len(problems) == 1 and "--arch seed" in problems[0] and "ELECTRA" in problems[0]
    with pytest.raises(ConfigError, match="seed"):
        cfg.validate()
    with pytest.raises(ConfigError, match="seed"):
        Trainer(cfg, "x" * 100, "/nonexistent")


def test_an_old_config_without_the_objective_loads_as_mlm():
    cfg = RunConfig.from_dict({"model": {"arch": "seed", "d_model": 64}})
    assert cfg.model.objective == "mlm" and cfg.model.discriminator_weight == 10.0
    with pytest.raises(ConfigError, match="objective"):
        RunConfig.from_dict({"model": {"objective": "gan"}}).check_fields()


@pytest.mark.parametrize(
    "kw", [{}, dict(d_model=64, num_heads=4, generator_fraction=0.5, ffn_dim=100, num_layers=3, max_len=32)]
)
def test_the_setup_pages_parameter_estimate_is_exact(kw):
    from mlmstudio.engine.estimates import estimate_parameters
    from mlmstudio.engine.model import count_parameters

    cfg = ModelConfig(arch="seed", objective="electra", **kw)
    assert estimate_parameters(cfg, 500) == count_parameters(build_model(cfg, 500))


def test_a_model_folder_from_before_electra_still_loads_and_predicts(tmp_path, facts_text):
    """A config.json without the objective keys (written before ELECTRA) is an MLM run, as it was."""
    import json

    Trainer(tiny_config(arch="seed", max_len=32, steps=3, batch_size=4), facts_text, tmp_path / "old").run()
    config_file = tmp_path / "old" / "config.json"
    data = json.loads(config_file.read_text())
    for key in ("objective", "generator_fraction", "discriminator_weight"):
        data["model"].pop(key)
    config_file.write_text(json.dumps(data))
    loaded = load_model_dir(tmp_path / "old")
    assert loaded.config.model.objective == "mlm" and not isinstance(loaded.model, ElectraMLM)
    assert len(Predictor(loaded).fill_mask("the capital of [MASK]", top_k=2).masks[0]) == 2


# Settings found to make ELECTRA learn visibly in a short run on the facts sample (a small generator, so its
# swaps are spottable early; 30% masking, so there are many of them; lambda 20). See docs/PERFORMANCE.md.
LEARNING_STEPS = 3000


@pytest.mark.slow  # 3,000 steps: 47 s at load average ~3, 206 s at ~18 (docs/PERFORMANCE.md)
@pytest.mark.timeout(600)
def test_a_short_electra_run_learns_to_spot_swapped_words(tmp_path):
    from mlmstudio.config import quick_start_config
    from mlmstudio.engine.inspect.detection import detect

    base = quick_start_config("facts")
    cfg = replace(
        base,
        model=replace(
            base.model,
            arch="seed",
            objective="electra",
            d_model=64,
            num_heads=4,
            ffn_dim=0,
            generator_fraction=0.1,
            discriminator_weight=20.0,
        ),
        masking=replace(base.masking, mlm_probability=0.3),
        training=replace(
            base.training,
            time_budget=0,
            steps=LEARNING_STEPS,
            lr=2e-3,
            batch_size=32,
            eval_every=LEARNING_STEPS,
            precision="fp32",
            device="cpu",
            seed=0,
        ),
    )
    steps = []
    Trainer(
        cfg,
        sample_text("facts"),
        tmp_path / "run",
        callbacks=[lambda e: steps.append(e) if isinstance(e, StepEvent) else None],
    ).run()
    last = steps[-100:]
    accuracy = sum(e.discriminator_accuracy for e in last) / len(last)
    unreplaced = 1 - sum(e.replaced_share for e in last) / len(last)
    # Saying "original" everywhere scores the unreplaced share; the discriminator beats it clearly.
    assert accuracy > unreplaced + 0.03, (accuracy, unreplaced)
    result = detect(Predictor.from_dir(tmp_path / "run"), "The capital of France is banana.")
    assert result.most_suspect().token_str == "banana", [(t.token_str, t.probability) for t in result.tokens]
