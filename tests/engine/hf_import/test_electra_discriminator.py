"""An ELECTRA discriminator opens for "Spot the replaced word": its replaced-token logits match
ElectraForPreTraining's within 1e-4, padded or not; its generator is new, and the note says so."""

import pytest
import torch
from hf_family_models import build_family

from mlmstudio.engine.artifacts import load_model_dir
from mlmstudio.engine.hf_import import UNTRAINED_HEAD_NOTE, open_transformers_folder


@pytest.fixture(scope="module")
def discriminator(tmp_path_factory):
    root = tmp_path_factory.mktemp("electra-discriminator")
    source = build_family("electra-discriminator", root / "source")
    return source, open_transformers_folder(source, root / "opened"), root / "opened"


def test_replaced_token_logits_match_electra_for_pretraining(discriminator):
    from transformers import AutoTokenizer, ElectraForPreTraining

    source, origin, opened = discriminator
    assert origin.family == "ELECTRA discriminator" and origin.architecture == "ElectraForPreTraining"
    hf = ElectraForPreTraining.from_pretrained(source, local_files_only=True).eval()
    hf_tok = AutoTokenizer.from_pretrained(source, local_files_only=True)
    batch = hf_tok(
        ["the cat sat on the mat .", "two plus three is five and the sky is green ."],
        return_tensors="pt",
        padding=True,
    )
    order = torch.tensor(origin.original_ids)
    to_ours = torch.empty_like(order)
    to_ours[order] = torch.arange(len(order))
    model = load_model_dir(opened).model
    with torch.no_grad():
        theirs = hf(**batch).logits  # [B, T]
        ours = model.replaced_logits(to_ours[batch["input_ids"]], batch["attention_mask"])
    real = batch["attention_mask"].bool()
    assert real.sum() < real.numel()
    assert torch.allclose(ours[real], theirs[real], atol=1e-4)


def test_the_generator_is_new_and_said_to_be(discriminator):
    """Said of fill only: the generic note ("its predictions mean nothing") was printed before
    detect's answers too, which come from the discriminator's own trained head."""
    from mlmstudio.engine.hf_import.convert import DISCRIMINATOR_NOTE

    _, origin, _ = discriminator
    assert origin.head_is_new and origin.note == DISCRIMINATOR_NOTE != UNTRAINED_HEAD_NOTE
    assert "detect" in origin.note and "fill" in origin.note


def test_detect_spots_replaced_words_with_an_opened_discriminator(discriminator, capsys, tmp_path):
    from mlmstudio.cli import main

    source, _, _ = discriminator
    assert (
        main(["detect", str(source), "the cat sat on the mat .", "--data-dir", str(tmp_path / "data")]) == 0
    )
    out = capsys.readouterr().out
    assert "cat" in out
