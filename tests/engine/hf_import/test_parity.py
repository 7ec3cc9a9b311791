"""An opened model predicts exactly as transformers does: the pipeline's top-k and scores (1e-4),
and the logits at every real token, padded or not, for every family."""

import os

import pytest
import torch
from hf_family_models import FAMILIES, QUESTIONS

from mlmstudio.engine.predict import Predictor

os.environ.setdefault("HF_HUB_OFFLINE", "1")


def _pipeline(folder):
    from transformers import pipeline

    return pipeline("fill-mask", model=str(folder), top_k=5)  # HF_HUB_OFFLINE=1: from the folder only


@pytest.mark.parametrize("family", FAMILIES)
def test_fill_gives_the_pipelines_top_k_and_scores(family, family_folders, opened_folders):
    origin, engine_dir = opened_folders[family]
    predictor = Predictor.from_dir(engine_dir)
    fill = _pipeline(family_folders[family])
    for question in QUESTIONS:
        ours = predictor.fill_mask(question, top_k=5).masks
        theirs = fill(question.replace("[MASK]", origin.mask_token))
        theirs = [theirs] if isinstance(theirs[0], dict) else theirs
        assert len(ours) == len(theirs) == question.count("[MASK]")
        for mine, reference in zip(ours, theirs, strict=True):
            assert [origin.original_ids[c["token"]] for c in mine] == [c["token"] for c in reference]
            for a, b in zip(mine, reference, strict=True):
                assert a["score"] == pytest.approx(b["score"], abs=1e-4)


@pytest.mark.parametrize("family", FAMILIES)
def test_logits_match_transformers_padded_and_unpadded(family, family_folders, opened_folders):
    from transformers import AutoModelForMaskedLM, AutoTokenizer

    origin, engine_dir = opened_folders[family]
    predictor = Predictor.from_dir(engine_dir)
    hf = AutoModelForMaskedLM.from_pretrained(family_folders[family], local_files_only=True).eval()
    hf_tok = AutoTokenizer.from_pretrained(family_folders[family], local_files_only=True)
    texts = ["the cat sat on the mat .", "two plus three is five and the sky is blue ."]
    batch = hf_tok(texts, return_tensors="pt", padding=True)
    order = torch.tensor(origin.original_ids)
    to_ours = torch.empty_like(order)
    to_ours[order] = torch.arange(len(order))  # the model's id -> ours
    with torch.no_grad():
        theirs = hf(**batch).logits  # [B, T, V], the model's own vocabulary order
        ours = predictor.model(to_ours[batch["input_ids"]], attention_mask=batch["attention_mask"]).logits
        single = predictor.model(
            to_ours[batch["input_ids"][:1, : int(batch["attention_mask"][0].sum())]]
        ).logits
    real = batch["attention_mask"].bool()
    assert torch.allclose(ours[..., to_ours][real], theirs[real], atol=1e-4)
    assert torch.allclose(single[0][:, to_ours], theirs[0][real[0]], atol=1e-4)
    assert real.sum() < real.numel()  # the batch really was padded
