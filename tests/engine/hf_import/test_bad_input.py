"""Every folder that cannot be opened gets one sentence, and nothing is written."""

import json
import pickle
import shutil

import pytest
import torch

from mlmstudio.engine.hf_import import TEXT_GENERATOR, ModelImportError, open_transformers_folder


def _copy(folder, tmp_path, name="copy"):
    target = tmp_path / name
    shutil.copytree(folder, target)
    return target


def _refused(source, tmp_path, *fragments):
    out = tmp_path / "out" / "opened"
    with pytest.raises(ModelImportError) as caught:
        open_transformers_folder(source, out)
    message = str(caught.value)
    for fragment in fragments:
        assert fragment in message
    assert "\n" not in message and "Traceback" not in message
    assert not out.exists()
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
    return message


def _edit_json(file, change):
    data = json.loads(file.read_text())
    change(data)
    file.write_text(json.dumps(data))


def test_a_folder_without_a_tokenizer(family_folders, tmp_path):
    source = _copy(family_folders["bert"], tmp_path)
    (source / "tokenizer.json").unlink()
    _refused(source, tmp_path, "has no tokenizer")


def test_a_tokenizer_that_names_a_mask_it_does_not_have(family_folders, tmp_path):
    source = _copy(family_folders["roberta"], tmp_path)
    _edit_json(source / "tokenizer_config.json", lambda d: d.update(mask_token="<blank>"))
    _refused(source, tmp_path, "'<blank>' as its mask token but does not contain it")


def test_a_tokenizer_without_any_mask_token(family_folders, tmp_path):
    source = _copy(family_folders["roberta"], tmp_path)
    _edit_json(source / "tokenizer_config.json", lambda d: d.pop("mask_token"))

    def rename_mask(data):
        for token in data["added_tokens"]:
            if token["content"] == "<mask>":
                token["content"] = "<blank>"

    _edit_json(source / "tokenizer.json", rename_mask)
    _refused(source, tmp_path, "has no mask token, so it cannot fill in blanks")


def test_a_vocabulary_size_that_does_not_match_the_tokenizer(family_folders, tmp_path):
    source = _copy(family_folders["bert"], tmp_path)
    _edit_json(source / "config.json", lambda d: d.update(vocab_size=d["vocab_size"] + 7))
    _refused(source, tmp_path, "vocabulary has", "but its tokenizer has")


def test_a_config_claiming_1e11_parameters_is_refused_before_anything_loads(family_folders, tmp_path):
    source = tmp_path / "huge"
    source.mkdir()
    config = json.loads((family_folders["bert"] / "config.json").read_text())
    config.update(vocab_size=10_000_000, hidden_size=10_000, intermediate_size=40_000)
    (source / "config.json").write_text(json.dumps(config))  # no tokenizer, no weights: never reached
    _refused(source, tmp_path, "about 102,510,900,000 parameters", "nothing was loaded")


def test_truncated_safetensors(family_folders, tmp_path):
    source = _copy(family_folders["bert"], tmp_path)
    weights = source / "model.safetensors"
    weights.write_bytes(weights.read_bytes()[: weights.stat().st_size // 2])
    _refused(source, tmp_path, "model.safetensors is damaged or not a safetensors file")


class _Payload:
    """Unpickling this would create a file: proof that the pickle ran."""

    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (open, (str(self.marker), "w"))


def test_a_pickle_payload_in_a_bin_is_refused_and_never_run(family_folders, tmp_path):
    source = _copy(family_folders["bert"], tmp_path)
    (source / "model.safetensors").unlink()
    marker = tmp_path / "the-pickle-ran"
    with open(source / "pytorch_model.bin", "wb") as handle:
        pickle.dump({"bert.embeddings.word_embeddings.weight": _Payload(marker)}, handle, protocol=2)
    _refused(source, tmp_path, "a pickle can run code", "model.safetensors instead")
    assert not marker.exists()


def test_a_bin_of_plain_weights_opens(family_folders, tmp_path):
    from safetensors.torch import load_file

    source = _copy(family_folders["bert"], tmp_path)
    torch.save(load_file(source / "model.safetensors"), source / "pytorch_model.bin")
    (source / "model.safetensors").unlink()
    origin = open_transformers_folder(source, tmp_path / "opened")
    reference = open_transformers_folder(family_folders["bert"], tmp_path / "reference")
    assert origin.parameters == reference.parameters
    a = load_file(tmp_path / "opened" / "model.safetensors")
    b = load_file(tmp_path / "reference" / "model.safetensors")
    assert all(torch.equal(a[k], b[k]) for k in b)


def test_a_decoder_only_model_is_a_text_generator(tmp_path):
    from transformers import GPT2Config, GPT2LMHeadModel

    source = tmp_path / "gpt2"
    GPT2LMHeadModel(
        GPT2Config(vocab_size=50, n_embd=16, n_layer=1, n_head=2, n_positions=32)
    ).save_pretrained(source)
    message = _refused(source, tmp_path, TEXT_GENERATOR)
    assert "BERT" in message  # names what does open


def test_an_unsupported_encoder_names_the_supported_families(family_folders, tmp_path):
    source = _copy(family_folders["bert"], tmp_path)
    _edit_json(source / "config.json", lambda d: d.update(model_type="funnel"))
    _refused(source, tmp_path, "funnel", "cannot open yet", "BERT, DistilBERT, RoBERTa, XLM-RoBERTa")


def test_a_folder_that_is_not_a_model(tmp_path):
    source = tmp_path / "empty"
    source.mkdir()
    _refused(source, tmp_path, "has no config.json")


def test_an_existing_output_folder_is_not_overwritten(family_folders, tmp_path):
    out = tmp_path / "taken"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    with pytest.raises(ModelImportError, match="already exists"):
        open_transformers_folder(family_folders["bert"], out)
    assert [p.name for p in out.iterdir()] == ["keep.txt"]
