"""export-hf of an opened or continued model (issue 17, item 5): the original transformers class,
the model's own token ids and spellings, and the pipeline's answers, for every family, before and
after a short continued run."""

import json
import os

import pytest
import torch
from hf_family_models import FAMILIES, QUESTIONS, TEXT

from mlmstudio.config import RunConfig, TrainingConfig
from mlmstudio.engine.export import export_hf
from mlmstudio.engine.predict import Predictor
from mlmstudio.engine.start_from import continued_config
from mlmstudio.engine.trainer import Trainer

os.environ.setdefault("HF_HUB_OFFLINE", "1")

CLASSES = {
    "bert": "BertForMaskedLM",
    "distilbert": "DistilBertForMaskedLM",
    "roberta": "RobertaForMaskedLM",
    "xlm-roberta": "XLMRobertaForMaskedLM",
    "electra": "ElectraForMaskedLM",
    "camembert": "CamembertForMaskedLM",
}


def _answers(folder, mask):
    """The pipeline's (token ids, scores) for every mask of every question."""
    from transformers import pipeline

    fill = pipeline("fill-mask", model=str(folder), top_k=5)
    answers = []
    for question in QUESTIONS:
        result = fill(question.replace("[MASK]", mask))
        for guesses in [result] if isinstance(result[0], dict) else result:
            answers.append(([g["token"] for g in guesses], [g["score"] for g in guesses], guesses))
    return answers


def _ours(engine_dir, original_ids):
    predictor = Predictor.from_dir(engine_dir)
    answers = []
    for question in QUESTIONS:
        for guesses in predictor.fill_mask(question, top_k=5).masks:
            answers.append(([original_ids[g["token"]] for g in guesses], [g["score"] for g in guesses]))
    return answers


def _same(answers, reference):
    assert len(answers) == len(reference) == sum(q.count("[MASK]") for q in QUESTIONS)
    for (tokens, scores, *_), (ref_tokens, ref_scores, *_) in zip(answers, reference, strict=True):
        assert tokens == ref_tokens
        assert scores == pytest.approx(ref_scores, abs=1e-4)


def _check_export(out, family, origin):
    from transformers import AutoModelForMaskedLM, AutoTokenizer

    config = json.loads((out / "config.json").read_text())
    assert config["architectures"] == [CLASSES[family]]
    _, info = AutoModelForMaskedLM.from_pretrained(out, local_files_only=True, output_loading_info=True)
    assert not info["missing_keys"] and not info["unexpected_keys"]
    tok = AutoTokenizer.from_pretrained(out, local_files_only=True)
    assert tok.mask_token == origin.mask_token
    assert tok.convert_tokens_to_ids(origin.mask_token) == origin.original_ids[4]  # its own id, not 4


@pytest.mark.parametrize("family", FAMILIES)
def test_the_export_of_an_opened_model_is_the_original(family, family_folders, opened_folders, tmp_path):
    origin, engine_dir = opened_folders[family]
    out = export_hf(engine_dir, tmp_path / "export")
    _check_export(out, family, origin)
    source = _answers(family_folders[family], origin.mask_token)
    _same(_answers(out, origin.mask_token), source)
    _same(_ours(engine_dir, origin.original_ids), source)


@pytest.mark.slow
@pytest.mark.parametrize("family", FAMILIES)
def test_the_export_of_a_continued_run_is_the_original_class_and_agrees(family, opened_folders, tmp_path):
    origin, engine_dir = opened_folders[family]
    base = RunConfig(
        training=TrainingConfig(steps=3, batch_size=4, eval_every=3, eval_batches=1, seq_len=32, lr=3e-3)
    )
    config = continued_config(base, engine_dir, lr_given=True, warmup_given=False).validate()
    Trainer(config, "\n".join(TEXT * 8), tmp_path / "run").run()
    before = Predictor.from_dir(engine_dir).model.state_dict()["decoder.bias"]
    after = Predictor.from_dir(tmp_path / "run").model.state_dict()["decoder.bias"]
    assert not torch.equal(before, after)  # it did train
    out = export_hf(tmp_path / "run", tmp_path / "export")
    _check_export(out, family, origin)
    _same(_answers(out, origin.mask_token), _ours(tmp_path / "run", origin.original_ids))


def test_the_card_of_an_opened_model_names_its_base_model(opened_folders, tmp_path):
    origin, engine_dir = opened_folders["roberta"]
    card = (export_hf(engine_dir, tmp_path / "export") / "README.md").read_text()
    assert origin.source in card and origin.weights_sha256 in card
    assert "RoBERTa" in card and "RobertaForMaskedLM" in card and "<mask>" in card
    assert "these are the base model's weights" in card


@pytest.mark.slow
def test_the_card_of_a_continued_run_names_base_corpus_steps_and_losses(family_folders, tmp_path, capsys):
    from mlmstudio.cli import main
    from mlmstudio.engine.hf_import import read_origin
    from mlmstudio.store.database import Database
    from mlmstudio.store.service import get_run, load_curve

    data, corpus, out = tmp_path / "data", tmp_path / "corpus.txt", tmp_path / "export"
    corpus.write_text("\n".join(TEXT * 8))
    argv = ["train", str(corpus), "--from", str(family_folders["xlm-roberta"]), "--steps", "3",
            "--eval-every", "3", "--batch-size", "2", "--seq-len", "32", "--data-dir", str(data)]  # fmt: skip
    assert main(argv) == 0
    assert main(["export-hf", "latest", str(out), "--data-dir", str(data)]) == 0
    db = Database.open(data)
    detail = get_run(db, "latest")
    curve = load_curve(db, "latest", "val", "loss")
    assert list(curve.steps) == [0, 3]
    origin = read_origin(next((data / "opened").iterdir()))
    assert origin is not None
    card = (out / "README.md").read_text()
    assert f"source: `{origin.source}`" in card
    assert f"weights SHA-256: `{origin.weights_sha256}`" in card and "family: XLM-RoBERTa" in card
    assert detail.corpus is not None and len(detail.corpus.sha256) == 64
    assert f"corpus fingerprint (SHA-256 of the text): `{detail.corpus.sha256}`" in card
    assert "steps: 3\n" in card
    assert f"held-out loss: {curve.values[0]:.4f} -> {curve.values[1]:.4f}" in card
    assert json.loads((out / "config.json").read_text())["architectures"] == ["XLMRobertaForMaskedLM"]


def test_a_camembert_goes_back_out_as_a_camembert(family_folders, tmp_path):
    """CamemBERT is XLM-RoBERTa's layout under its own class: the XLM-R folder relabelled is one."""
    import shutil

    from mlmstudio.engine.hf_import import open_transformers_folder

    source = tmp_path / "camembert"
    shutil.copytree(family_folders["xlm-roberta"], source)
    config = json.loads((source / "config.json").read_text())
    config.update(model_type="camembert", architectures=["CamembertForMaskedLM"])
    (source / "config.json").write_text(json.dumps(config))
    origin = open_transformers_folder(source, tmp_path / "opened")
    out = export_hf(tmp_path / "opened", tmp_path / "export")
    _check_export(out, "camembert", origin)
    _same(_answers(out, origin.mask_token), _answers(source, origin.mask_token))


def test_an_electra_discriminator_goes_back_out_as_electra_for_pretraining(tmp_path):
    from hf_family_models import build_family
    from transformers import AutoTokenizer, ElectraForPreTraining

    from mlmstudio.engine.hf_import import open_transformers_folder

    source = build_family("electra-discriminator", tmp_path / "source")
    open_transformers_folder(source, tmp_path / "opened")
    out = export_hf(tmp_path / "opened", tmp_path / "export")
    assert json.loads((out / "config.json").read_text())["architectures"] == ["ElectraForPreTraining"]
    texts = ["the cat sat on the mat .", "two plus three is five and the sky is green ."]
    batches = [
        AutoTokenizer.from_pretrained(folder, local_files_only=True)(texts, return_tensors="pt", padding=True)
        for folder in (source, out)
    ]
    assert torch.equal(batches[0]["input_ids"], batches[1]["input_ids"])  # the model's own ids
    exported, info = ElectraForPreTraining.from_pretrained(
        out, local_files_only=True, output_loading_info=True
    )
    assert not info["missing_keys"] and not info["unexpected_keys"]
    original = ElectraForPreTraining.from_pretrained(source, local_files_only=True)
    with torch.no_grad():
        theirs = original.eval()(**batches[0]).logits
        ours = exported.eval()(**batches[1]).logits
    real = batches[0]["attention_mask"].bool()
    assert torch.allclose(ours[real], theirs[real], atol=1e-4)
