"""What opening records and keeps: the origin, MLM Studio's own exports opened back exactly, an
encoder without its head, the local Hugging Face cache, and not one network connection."""

import json
import os
import socket

import pytest
import torch
from hf_family_models import TEXT, build_family

from mlmstudio.config import ModelConfig, RunConfig, TokenizerConfig, TrainingConfig
from mlmstudio.engine.artifacts import load_model_dir, save_model_dir
from mlmstudio.engine.export import export_hf
from mlmstudio.engine.hf_import import (
    ORIGIN_FILE,
    UNTRAINED_HEAD_NOTE,
    ModelImportError,
    open_transformers_folder,
    read_origin,
)
from mlmstudio.engine.hf_import.hub_cache import hub_cache_dir, list_cached_models, snapshot_of
from mlmstudio.engine.model_factory import build_model
from mlmstudio.engine.predict import Predictor
from mlmstudio.engine.tokenization import MLMTokenizer


def test_the_origin_names_source_family_weights_and_size(family_folders, opened_folders):
    import hashlib

    origin, engine_dir = opened_folders["roberta"]
    saved = json.loads((engine_dir / ORIGIN_FILE).read_text())
    weights = (family_folders["roberta"] / "model.safetensors").read_bytes()
    assert saved["weights_sha256"] == hashlib.sha256(weights).hexdigest() == origin.weights_sha256
    assert saved["family"] == "RoBERTa" and saved["architecture"] == "RobertaForMaskedLM"
    assert saved["source"] == str(family_folders["roberta"].resolve())
    assert saved["mask_token"] == "<mask>"
    from transformers import AutoModelForMaskedLM

    hf = AutoModelForMaskedLM.from_pretrained(family_folders["roberta"], local_files_only=True)
    assert origin.parameters == hf.num_parameters()  # as transformers counts them (tied decoder once)
    assert load_model_dir(engine_dir).tokenizer.vocab_size == hf.config.vocab_size
    assert read_origin(engine_dir) == origin
    # The specials sit at 0..4 and the permutation says where each came from.
    own = [origin.original_ids[i] for i in range(5)]
    from transformers import AutoTokenizer

    hf_tok = AutoTokenizer.from_pretrained(family_folders["roberta"], local_files_only=True)
    assert own == [hf_tok.convert_tokens_to_ids(t) for t in ("<pad>", "<unk>", "<s>", "</s>", "<mask>")]


EXPORTS = [
    ("seed", "learned", "BertForMaskedLM"),
    ("modern", "learned", "XLMRobertaXLForMaskedLM"),
    ("modern", "rotary", "EsmForMaskedLM"),
]


@pytest.mark.parametrize("arch,positions,architecture", EXPORTS)
def test_our_own_exports_open_back_exactly(arch, positions, architecture, tmp_path):
    torch.manual_seed(0)
    tok = MLMTokenizer.train(["\n".join(TEXT)], TokenizerConfig(kind="wordpiece", vocab_size=120))
    cfg = RunConfig(
        tokenizer=TokenizerConfig(kind="wordpiece", vocab_size=120),
        model=ModelConfig(arch=arch, d_model=32, num_heads=4, num_layers=2, ffn_dim=64, max_len=64,
                          distance_bias=False, positions=positions),
        training=TrainingConfig(seq_len=32),
    )  # fmt: skip
    model = build_model(cfg.model, tok.vocab_size).eval()
    with torch.no_grad():
        for p in model.parameters():
            p.add_(torch.randn_like(p) * 0.1)
    save_model_dir(tmp_path / "run", model, tok, cfg)
    export_hf(tmp_path / "run", tmp_path / "export")
    origin = open_transformers_folder(tmp_path / "export", tmp_path / "opened")
    assert origin.architecture == architecture
    assert origin.original_ids == list(range(tok.vocab_size))  # our specials are at 0..4 already
    opened = Predictor.from_dir(tmp_path / "opened")
    ids = torch.tensor([tok.encode("[CLS] the cat sat on the [MASK] . [SEP]")])
    with torch.no_grad():
        assert torch.allclose(opened.model(ids).logits, model(ids).logits, atol=1e-5)


def test_an_encoder_without_its_head_opens_with_a_plain_note(tmp_path):
    source = build_family("bert", tmp_path / "bare", head=False)
    origin = open_transformers_folder(source, tmp_path / "opened")
    assert origin.head_is_new and origin.note == UNTRAINED_HEAD_NOTE
    assert "untrained" in origin.note
    result = Predictor.from_dir(tmp_path / "opened").fill_mask("the cat sat on the [MASK] .")
    assert len(result.masks[0]) == 5


def test_an_untied_config_whose_file_holds_no_decoder_opens_with_the_same_note(tmp_path):
    """tie_word_embeddings: false, no decoder in the file: transformers draws that decoder at random
    ("newly initialized"), so the fill-mask head is new and untrained, and said so, not quietly
    tied to the embeddings as if it were the model's own."""
    import json

    from safetensors.torch import load_file, save_file
    from transformers import AutoModelForMaskedLM

    source = build_family("bert", tmp_path / "untied")
    weights = load_file(source / "model.safetensors")
    weights.pop("cls.predictions.decoder.weight", None)
    save_file(weights, source / "model.safetensors", metadata={"format": "pt"})
    config = json.loads((source / "config.json").read_text())
    (source / "config.json").write_text(json.dumps({**config, "tie_word_embeddings": False}))
    _, info = AutoModelForMaskedLM.from_pretrained(source, local_files_only=True, output_loading_info=True)
    assert "cls.predictions.decoder.weight" in info["missing_keys"]  # transformers: new, random
    origin = open_transformers_folder(source, tmp_path / "opened")
    assert origin.head_is_new and origin.note == UNTRAINED_HEAD_NOTE
    # Its dense layer is the file's, not a new one; it still answers (untrained) questions.
    opened = Predictor.from_dir(tmp_path / "opened")
    assert torch.equal(
        opened.model.state_dict()["head.0.weight"], weights["cls.predictions.transform.dense.weight"]
    )
    assert len(opened.fill_mask("the cat sat on the [MASK] .").masks[0]) == 5
    # With its config tied (the default), the same file is the model's own head: no note.
    (source / "config.json").write_text(json.dumps({**config, "tie_word_embeddings": True}))
    assert open_transformers_folder(source, tmp_path / "tied").note == ""


def test_opening_and_predicting_makes_no_connection(family_folders, tmp_path, monkeypatch):
    attempts = []

    def refuse(*args, **kwargs):
        attempts.append(args)
        raise OSError("network blocked by the test")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    for family in ("bert", "xlm-roberta"):
        open_transformers_folder(family_folders[family], tmp_path / family)
        Predictor.from_dir(tmp_path / family).fill_mask("the cat sat on the [MASK] .")
    assert attempts == []


def _cache_with(tmp_path, source, repo="org/tiny-bert", revision="abc123"):
    """A cache laid out as huggingface_hub writes it: blobs, a snapshot of links, refs/main."""
    cache = tmp_path / "hub"
    repo_dir = cache / ("models--" + repo.replace("/", "--"))
    (repo_dir / "blobs").mkdir(parents=True)
    snapshot = repo_dir / "snapshots" / revision
    snapshot.mkdir(parents=True)
    for file in source.iterdir():
        blob = repo_dir / "blobs" / f"blob-{file.name}"
        blob.write_bytes(file.read_bytes())
        os.symlink(os.path.relpath(blob, snapshot), snapshot / file.name)
    (repo_dir / "refs").mkdir()
    (repo_dir / "refs" / "main").write_text(revision)
    return cache, snapshot


def test_the_cache_is_found_from_the_environment(tmp_path):
    assert (
        hub_cache_dir({"HF_HUB_CACHE": str(tmp_path / "a"), "HF_HOME": str(tmp_path / "b")}) == tmp_path / "a"
    )
    assert hub_cache_dir({"HF_HOME": str(tmp_path / "b")}) == tmp_path / "b" / "hub"
    assert hub_cache_dir({}).parts[-3:] == (".cache", "huggingface", "hub")


def test_the_cache_lists_what_opens_and_a_model_opens_from_it(family_folders, tmp_path):
    cache, snapshot = _cache_with(tmp_path, family_folders["bert"])
    _cache_with(tmp_path, family_folders["roberta"], repo="org/tiny-roberta")
    listed = {m.repo_id: m for m in list_cached_models(cache)}
    assert listed["org/tiny-bert"].family == "BERT" and listed["org/tiny-bert"].snapshot == snapshot
    assert listed["org/tiny-roberta"].family == "RoBERTa" and not listed["org/tiny-roberta"].problem
    assert snapshot_of("org/tiny-bert", cache) == snapshot
    origin = open_transformers_folder(snapshot_of("org/tiny-bert", cache), tmp_path / "opened")
    assert origin.family == "BERT"


def test_a_snapshot_link_to_a_deleted_blob_gets_a_sentence(family_folders, tmp_path):
    cache, snapshot = _cache_with(tmp_path, family_folders["bert"])
    os.unlink(os.path.realpath(snapshot / "model.safetensors"))
    with pytest.raises(
        ModelImportError, match="incomplete: its model.safetensors is a link to a file that was deleted"
    ):
        snapshot_of("org/tiny-bert", cache)
    [listed] = list_cached_models(cache)
    assert "incomplete" in listed.problem and listed.snapshot is None


def test_a_model_missing_from_the_cache_is_never_downloaded(tmp_path):
    with pytest.raises(ModelImportError, match="not in the local Hugging Face cache.*never downloads"):
        snapshot_of("org/absent", tmp_path / "hub")


def test_an_old_bert_folder_with_only_vocab_txt_opens_with_the_same_answers(family_folders, tmp_path):
    """No tokenizer.json: the WordPiece vocabulary and tokenizer_config.json's do_lower_case suffice."""
    import shutil

    source = tmp_path / "old-bert"
    shutil.copytree(family_folders["bert"], source)
    tokenizer = json.loads((source / "tokenizer.json").read_text())
    vocab = sorted(tokenizer["model"]["vocab"].items(), key=lambda item: item[1])
    assert [i for _, i in vocab] == list(range(len(vocab)))
    (source / "vocab.txt").write_text("".join(f"{token}\n" for token, _ in vocab))
    (source / "tokenizer.json").unlink()
    settings = json.loads((source / "tokenizer_config.json").read_text())
    (source / "tokenizer_config.json").write_text(json.dumps({**settings, "do_lower_case": True}))
    old = open_transformers_folder(source, tmp_path / "old")
    new = open_transformers_folder(family_folders["bert"], tmp_path / "new")
    assert old.original_ids == new.original_ids
    question = "The Cat sat on the [MASK] ."
    a = Predictor.from_dir(tmp_path / "old").fill_mask(question).masks
    b = Predictor.from_dir(tmp_path / "new").fill_mask(question).masks
    assert a == b
