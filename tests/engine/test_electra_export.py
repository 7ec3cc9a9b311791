"""ELECTRA export: the discriminator as ElectraForPreTraining and the generator as ElectraForMaskedLM,
each loading offline in transformers and answering exactly as MLM Studio does."""

import os

import pytest
import torch

from mlmstudio.config import ModelConfig, RunConfig, TokenizerConfig, TrainingConfig
from mlmstudio.engine.artifacts import load_model_dir, save_model_dir
from mlmstudio.engine.export import can_export_hf, export_hf
from mlmstudio.engine.model import IGNORE_INDEX
from mlmstudio.engine.model_factory import build_model
from mlmstudio.engine.predict import Predictor
from mlmstudio.engine.tokenization import MLMTokenizer

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
transformers = pytest.importorskip("transformers")

CORPUS = "\n".join(
    [
        "the cat sat on the mat .",
        "the dog sat on the rug .",
        "the bird flew over the tree .",
        "a fish swam under the boat .",
    ]
    * 3
)
QUESTIONS = [
    "the cat sat on the [MASK] .",
    "the [MASK] sat on the [MASK] .",
    "a [MASK] swam under the boat .",
]
SENTENCES = ["the cat sat on the mat .", "the boat sat over the cat .", "a dog swam"]


@pytest.fixture(scope="module", params=["word", "wordpiece"])
def electra_dir(request, tmp_path_factory):
    """An ELECTRA model trained a few steps (every weight moved from its start), saved."""
    kind = request.param
    torch.manual_seed(0)
    tok = MLMTokenizer.train([CORPUS], TokenizerConfig(kind=kind, vocab_size=100, min_frequency=1))
    cfg = RunConfig(
        tokenizer=TokenizerConfig(kind=kind, vocab_size=100, min_frequency=1),
        model=ModelConfig(
            arch="seed",
            objective="electra",
            d_model=32,
            num_heads=4,
            num_layers=2,
            ffn_dim=64,
            max_len=64,
            dropout=0.1,
            generator_fraction=0.5,
        ),
        training=TrainingConfig(seq_len=64),
    )
    model = build_model(cfg.model, tok.vocab_size, tok.pad_token_id)
    rows = [[tok.cls_token_id, *tok.encode(line), tok.sep_token_id] for line in CORPUS.splitlines()[:4]]
    T = max(map(len, rows))
    ids = torch.tensor([r + [tok.pad_token_id] * (T - len(r)) for r in rows])
    ordinary = ~torch.isin(ids, torch.tensor(tok.special_ids))
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    g = torch.Generator().manual_seed(0)
    model.train()
    for _ in range(30):
        select = (torch.rand(ids.shape, generator=g) < 0.3) & ordinary
        labels = torch.where(select, ids, torch.full_like(ids, IGNORE_INDEX))
        inputs = torch.where(select, torch.full_like(ids, tok.mask_token_id), ids)
        loss = model(inputs, (ids != tok.pad_token_id).long(), labels).loss
        opt.zero_grad()
        loss.backward()
        opt.step()
    path = tmp_path_factory.mktemp(f"electra-{kind}")
    save_model_dir(path / "model", model.eval(), tok, cfg)
    export_hf(path / "model", path / "hf")
    return path


def test_an_electra_run_can_be_exported():
    cfg = RunConfig(model=ModelConfig(arch="seed", objective="electra"))
    assert can_export_hf(cfg) == (True, "")


def test_the_export_writes_two_loadable_folders_and_a_readme(electra_dir):
    hf = electra_dir / "hf"
    assert (hf / "README.md").is_file()
    for name in ("discriminator", "generator"):
        for file in ("config.json", "model.safetensors", "tokenizer.json", "tokenizer_config.json"):
            assert (hf / name / file).is_file()
    disc = transformers.ElectraForPreTraining.from_pretrained(hf / "discriminator")
    gen = transformers.ElectraForMaskedLM.from_pretrained(hf / "generator")
    assert disc.config.hidden_size == 32 and gen.config.hidden_size == 16
    assert gen.config.embedding_size == 32
    # The LM head is tied to the word embeddings, as ours is.
    assert gen.generator_lm_head.weight.data_ptr() == gen.electra.embeddings.word_embeddings.weight.data_ptr()


def test_discriminator_logits_match_within_1e_4(electra_dir):
    ours = load_model_dir(electra_dir / "model")
    disc = transformers.ElectraForPreTraining.from_pretrained(electra_dir / "hf" / "discriminator").eval()
    tok = transformers.AutoTokenizer.from_pretrained(electra_dir / "hf" / "discriminator")
    for sentence in SENTENCES:
        inputs = tok(sentence, return_tensors="pt")
        ids = torch.tensor(
            [[ours.tokenizer.cls_token_id, *ours.tokenizer.encode(sentence), ours.tokenizer.sep_token_id]]
        )
        assert inputs["input_ids"].tolist() == ids.tolist()
        with torch.no_grad():
            theirs = disc(**inputs).logits
            mine = ours.model.replaced_logits(ids)
        assert torch.allclose(theirs, mine, atol=1e-4), (theirs - mine).abs().max()


def test_generator_fill_mask_gives_the_same_top_k_and_scores_within_1e_4(electra_dir):
    fill = transformers.pipeline("fill-mask", model=str(electra_dir / "hf" / "generator"), top_k=5)
    ours = Predictor.from_dir(electra_dir / "model")
    for question in QUESTIONS:
        theirs = fill(question)
        theirs = theirs if isinstance(theirs[0], list) else [theirs]
        mine = ours.fill_mask(question, top_k=5).masks
        for their_mask, my_mask in zip(theirs, mine, strict=True):
            assert [c["token"] for c in their_mask] == [c["token"] for c in my_mask]
            for a, b in zip(their_mask, my_mask, strict=True):
                assert a["score"] == pytest.approx(b["score"], abs=1e-4)


def test_overwriting_an_export_of_the_other_kind_leaves_only_the_new_model(electra_dir, tmp_path):
    """An MLM export replaced by an ELECTRA one (and back): nothing stale loads from the folder."""
    import shutil

    target = tmp_path / "hf"
    shutil.copytree(electra_dir / "hf", target)
    for name in ("config.json", "model.safetensors", "tokenizer.json"):  # an earlier MLM export's files
        (target / name).write_text("stale")
    (target / "notes.txt").write_text("mine")
    export_hf(electra_dir / "model", target, overwrite=True)
    assert not (target / "config.json").exists() and not (target / "model.safetensors").exists()
    assert (target / "generator" / "config.json").is_file() and (target / "notes.txt").is_file()

    from mlmstudio.cli.runs import hf_export_note

    note = hf_export_note(target)
    assert str(target / "generator") in note and "ElectraForPreTraining" in note
