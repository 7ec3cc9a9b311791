"""A second hostile pass over opened transformers folders (issue 17).

Found from outside: a refusal said "holds a albert model" and "names a ELECTRA model" (the
article was a literal "a" before any name); weights that hold integers or true/false values where
floats belong opened in silence (``.float()`` made numbers of them, and a continued run trained
on them); a config.json (or tokenizer file, vocab.txt, weights index) that starts with the UTF-8
byte-order mark some Windows editors write was refused as "not valid JSON"; a config.json that is
not JSON, or JSON that is not an object, said only "The folder may be damaged"; a link that leads
back to itself was called "a link to a file that was deleted"; a file name that is not UTF-8 ended
in a UnicodeEncodeError traceback; an unreadable file said "may be damaged" with the path twice.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
import torch
from safetensors.torch import load_file, save_file

from mlmstudio.engine.hf_import import ModelImportError, folder_key, open_transformers_folder
from mlmstudio.engine.hf_import.families import family_of
from mlmstudio.engine.hf_import.folder import is_transformers_folder, read_config

BOM = b"\xef\xbb\xbf"


def _copy(family_folders, tmp_path, family="bert") -> Path:
    target = tmp_path / "model"
    shutil.copytree(family_folders[family], target)
    return target


def _refused(source: Path, tmp_path: Path, *fragments: str) -> str:
    out = tmp_path / "out"
    with pytest.raises(ModelImportError) as caught:
        open_transformers_folder(source, out)
    message = str(caught.value)
    for fragment in fragments:
        assert fragment in message, message
    assert "\n" not in message and "Traceback" not in message, message
    assert not out.exists()
    return message


def _weights(source: Path, change) -> None:
    state = load_file(source / "model.safetensors")
    change(state)
    save_file(state, source / "model.safetensors")


# 1. Articles ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, said",
    [
        ("BERT", "a BERT"),
        ("DistilBERT", "a DistilBERT"),
        ("RoBERTa", "a RoBERTa"),
        ("CamemBERT", "a CamemBERT"),
        ("ELECTRA", "an ELECTRA"),
        ("ELECTRA discriminator", "an ELECTRA discriminator"),
        ("ESM", "an ESM"),
        ("XLM-RoBERTa", "an XLM-RoBERTa"),
        ("XLM-RoBERTa-XL", "an XLM-RoBERTa-XL"),
        ("albert", "an albert"),
        ("ALBERT", "an ALBERT"),
        ("opt", "an opt"),
        ("olmo", "an olmo"),
        ("xlnet", "an xlnet"),
        ("mpnet", "an mpnet"),
        ("nllb", "an nllb"),
        ("gpt2", "a gpt2"),
        ("llama", "a llama"),
        ("umt5", "a umt5"),
        ("t5", "a t5"),
        ("modernbert", "a modernbert"),
        ("deberta-v2", "a deberta-v2"),
        ("decoder-only", "a decoder-only"),
    ],
)
def test_a_name_takes_the_article_it_is_said_with(name, said):
    from mlmstudio.engine.hf_import.families import with_article

    assert with_article(name) == said


@pytest.mark.parametrize(
    "config, said",
    [
        ({"model_type": "albert"}, "holds an albert model, which MLM Studio cannot open yet"),
        ({"model_type": "xlnet"}, "holds an xlnet model, which MLM Studio cannot open yet"),
        ({"model_type": "funnel"}, "holds a funnel model, which MLM Studio cannot open yet"),
        ({"model_type": "opt"}, "holds an opt model: this is a text generator"),
        ({"model_type": "gpt2"}, "holds a gpt2 model: this is a text generator"),
        ({"architectures": ["FooForCausalLM"]}, "holds a decoder-only model: this is a text generator"),
    ],
)
def test_a_refused_family_is_named_with_its_article(config, said):
    with pytest.raises(ModelImportError) as refused:
        family_of(config, "/models/x")
    assert said in str(refused.value)


@pytest.mark.parametrize("model_type", ["al\nbert", "x" * 5000, "my model"])
def test_a_model_type_that_is_no_plain_name_stays_one_short_sentence(model_type):
    with pytest.raises(ModelImportError) as refused:
        family_of({"model_type": model_type}, "/models/x")
    message = str(refused.value)
    assert "\n" not in message and len(message) < 400, message
    assert "cannot open yet" in message


def test_weights_of_another_family_are_named_with_its_article(family_folders, tmp_path):
    """An ELECTRA config over BERT's weights: "under the names an electra model uses"."""
    source = _copy(family_folders, tmp_path, "electra")
    bert = load_file(family_folders["bert"] / "model.safetensors")
    save_file({k.replace("bert.", "other.", 1): v for k, v in bert.items()}, source / "model.safetensors")
    _refused(source, tmp_path, "under the names an electra model uses")


def test_an_origin_of_another_layout_is_named_with_its_article(opened_folders):
    from dataclasses import replace

    from mlmstudio.engine.artifacts import load_model_dir
    from mlmstudio.engine.hf_import.export_back import origin_misfit

    origin, folder = opened_folders["bert"]
    loaded = load_model_dir(folder)
    misfit = origin_misfit(loaded, replace(origin, model_type="esm", family="ESM"))
    assert misfit == "it names an ESM model, whose layout is not this model's"


# 2. Integer and true/false weights -----------------------------------------------------------


@pytest.mark.parametrize(
    "name, dtype",
    [
        ("bert.embeddings.word_embeddings.weight", torch.int64),
        ("bert.embeddings.LayerNorm.weight", torch.int32),
        ("bert.encoder.layer.0.attention.self.query.weight", torch.bool),
        ("bert.embeddings.token_type_embeddings.weight", torch.uint8),
        ("cls.predictions.bias", torch.int16),
    ],
)
def test_weights_that_are_not_floating_point_are_refused_naming_the_tensor(
    family_folders, tmp_path, name, dtype
):
    source = _copy(family_folders, tmp_path)
    _weights(source, lambda s: s.update({name: (s[name] * 100).to(dtype)}))
    shown = str(dtype).removeprefix("torch.")
    _refused(source, tmp_path, f"hold {name} as {shown} values", "floating-point", "copy the model again")


def test_a_discriminators_integer_head_is_refused(tmp_path):
    from hf_family_models import build_family

    source = build_family("electra-discriminator", tmp_path / "disc")
    name = "discriminator_predictions.dense_prediction.weight"
    _weights(source, lambda s: s.update({name: s[name].long()}))
    _refused(source, tmp_path, f"hold {name} as int64 values")


def test_an_integer_buffer_beside_the_weights_is_no_weight_and_no_parameter(family_folders, tmp_path):
    """Older BERT files carry embeddings.position_ids (int64): not read, not counted."""
    plain = open_transformers_folder(family_folders["bert"], tmp_path / "plain")
    source = _copy(family_folders, tmp_path)
    _weights(source, lambda s: s.update({"bert.embeddings.position_ids": torch.arange(64)[None]}))
    origin = open_transformers_folder(source, tmp_path / "out")
    assert origin.parameters == plain.parameters


# 3. The byte-order mark, and a config.json that is not a JSON object -------------------------


@pytest.mark.parametrize(
    "names",
    [("config.json",), ("tokenizer.json", "tokenizer_config.json"), ("config.json", "tokenizer.json")],
)
def test_files_that_start_with_a_byte_order_mark_are_read(family_folders, tmp_path, names):
    source = _copy(family_folders, tmp_path)
    for name in names:
        file = source / name
        file.write_bytes(BOM + file.read_bytes())
    assert is_transformers_folder(source)
    origin = open_transformers_folder(source, tmp_path / "out")
    assert origin.family == "BERT" and origin.mask_token == "[MASK]"


def test_a_vocab_txt_with_a_byte_order_mark_keeps_its_first_token(family_folders, tmp_path):
    from tokenizers import Tokenizer

    source = _copy(family_folders, tmp_path)
    vocab = Tokenizer.from_file(str(source / "tokenizer.json")).get_vocab(with_added_tokens=True)
    (source / "tokenizer.json").unlink()
    (source / "vocab.txt").write_bytes(BOM + "\n".join(sorted(vocab, key=vocab.get)).encode())
    open_transformers_folder(source, tmp_path / "out")  # [PAD], the first line, was "\ufeff[PAD]"


def test_a_weights_index_with_a_byte_order_mark_is_read(family_folders, tmp_path):
    source = _copy(family_folders, tmp_path)
    names = load_file(source / "model.safetensors")
    (source / "model.safetensors").rename(source / "model-00001-of-00001.safetensors")
    index = {"weight_map": {k: "model-00001-of-00001.safetensors" for k in names}}
    (source / "model.safetensors.index.json").write_bytes(BOM + json.dumps(index).encode())
    open_transformers_folder(source, tmp_path / "out")


@pytest.mark.parametrize(
    "content, said",
    [
        (b"hello, this is not json", "cannot be read (is not valid JSON"),
        (b"", "cannot be read (is not valid JSON"),
        (b"\x80\x81 not text \xfe", "cannot be read (is not UTF-8"),
        (b"[1, 2]", "is not a JSON object, so it holds no model settings"),
        (b'"bert"', "is not a JSON object, so it holds no model settings"),
        (b"null", "is not a JSON object, so it holds no model settings"),
    ],
)
def test_a_config_that_is_not_a_json_object_says_which_file_and_what_to_do(
    family_folders, tmp_path, content, said
):
    source = _copy(family_folders, tmp_path)
    (source / "config.json").write_bytes(content)
    message = _refused(source, tmp_path, said)
    assert message.startswith(f"The config.json in {source} ")
    assert message.endswith(
        "Copy the model again from where it came from, or write it again with save_pretrained."
    )


def test_a_config_json_that_is_a_folder_is_said_to_be_one(family_folders, tmp_path):
    source = _copy(family_folders, tmp_path)
    (source / "config.json").unlink()
    (source / "config.json").mkdir()
    assert is_transformers_folder(source)
    _refused(source, tmp_path, "config.json in", "is a folder, not a file", "Copy the model again")


@pytest.mark.parametrize("name", ["tokenizer_config.json", "special_tokens_map.json"])
def test_tokenizer_settings_that_are_not_an_object_are_refused_not_guessed(family_folders, tmp_path, name):
    source = _copy(family_folders, tmp_path)
    (source / name).write_text("[]")
    _refused(source, tmp_path, f"The {name} in {source} is not a JSON object", "copy the model's tokenizer")


@pytest.mark.parametrize("index", ["[]", '{"weight_map": ["a"]}', '{"weight_map": "a"}', "3"])
def test_a_weights_index_of_another_shape_names_no_shards(family_folders, tmp_path, index):
    source = _copy(family_folders, tmp_path)
    (source / "model.safetensors").rename(source / "model-00001-of-00001.safetensors")
    (source / "model.safetensors.index.json").write_text(index)
    _refused(source, tmp_path, "names no shard files", "Copy the model again")


# 4. Links, names and permissions -------------------------------------------------------------


@pytest.mark.parametrize("name", ["model.safetensors", "tokenizer.json", "config.json"])
def test_a_link_that_leads_back_to_itself_is_called_a_loop(family_folders, tmp_path, name):
    source = _copy(family_folders, tmp_path)
    (source / name).unlink()
    (source / name).symlink_to(name)
    assert is_transformers_folder(source)
    message = _refused(source, tmp_path, f"holds a link that leads back to itself ({name})")
    assert "deleted" not in message


def test_two_links_that_lead_to_each_other_are_a_loop(family_folders, tmp_path):
    source = _copy(family_folders, tmp_path)
    (source / "tokenizer.json").unlink()
    (source / "tokenizer.json").symlink_to("other")
    (source / "other").symlink_to("tokenizer.json")
    _refused(source, tmp_path, "holds a link that leads back to itself")


def test_a_cached_snapshot_with_a_link_loop_is_said_to_be_damaged(family_folders, tmp_path):
    from mlmstudio.engine.hf_import.hub_cache import list_cached_models, snapshot_of

    snapshot = tmp_path / "hub" / "models--org--tiny" / "snapshots" / "abc"
    shutil.copytree(family_folders["bert"], snapshot)
    (snapshot / "model.safetensors").unlink()
    (snapshot / "model.safetensors").symlink_to("model.safetensors")
    with pytest.raises(ModelImportError, match="is a link that leads back to itself"):
        snapshot_of("org/tiny", tmp_path / "hub")
    [listed] = list_cached_models(tmp_path / "hub")
    assert "leads back to itself" in listed.problem


@pytest.mark.parametrize("raw", [b"notes-\xff\xfe.txt", b"w\xff.safetensors"])
def test_a_file_name_that_is_not_utf8_does_not_stop_the_opening(family_folders, tmp_path, raw):
    source = _copy(family_folders, tmp_path)
    name = os.fsdecode(raw)
    if raw.endswith(b".safetensors"):  # the weights themselves, behind a link of the usual name
        (source / "model.safetensors").rename(source / name)
        (source / "model.safetensors").symlink_to(name)
    else:
        (source / name).write_text("x")
    assert len(folder_key(source)) == 20
    assert open_transformers_folder(source, tmp_path / "out").family == "BERT"


def test_a_deleted_link_with_a_name_that_is_not_utf8_is_named_writably(family_folders, tmp_path):
    source = _copy(family_folders, tmp_path)
    (source / os.fsdecode(b"gone-\xff")).symlink_to("nowhere")
    message = _refused(source, tmp_path, "is a link to a file that was deleted", "gone-\\xff")
    message.encode("utf-8")  # the history and the app can hold it


def _unreadable(monkeypatch, file: Path) -> None:
    """``file`` as it is for a user who may not read it (the tests run as root, who may)."""
    import builtins

    real_open = builtins.open

    def guarded(path, *args, **kwargs):
        if Path(os.fsdecode(path)) == file:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", guarded)


@pytest.mark.parametrize(
    "name, said",
    [
        ("config.json", "The config.json in {source} cannot be read (Permission denied)."),
        ("tokenizer.json", "The tokenizer.json in {source} cannot be read (Permission denied)."),
        (
            "tokenizer_config.json",
            "The tokenizer_config.json in {source} cannot be read (Permission denied).",
        ),
        (
            "model.safetensors",
            "The weights file {source}/model.safetensors cannot be read (Permission denied).",
        ),
    ],
)
def test_an_unreadable_file_says_so_and_what_to_do(family_folders, tmp_path, monkeypatch, name, said):
    source = _copy(family_folders, tmp_path)
    _unreadable(monkeypatch, source / name)
    message = _refused(
        source,
        tmp_path,
        said.format(source=source),
        "Check that you are allowed to read it, or copy the model again from where it came from.",
    )
    assert "damaged" not in message and message.count(str(source)) == 1, message


def test_an_unreadable_config_beside_tokenizer_files_is_a_transformers_folder(
    family_folders, tmp_path, monkeypatch
):
    """Not read as an MLM Studio run's folder ("choose another or retrain"): read_config says why."""
    source = _copy(family_folders, tmp_path)
    _unreadable(monkeypatch, source / "config.json")
    assert is_transformers_folder(source)
    with pytest.raises(ModelImportError, match="cannot be read \\(Permission denied\\)"):
        read_config(source)


def test_a_folder_whose_own_name_is_not_utf8_is_refused_in_a_writable_sentence(family_folders, tmp_path):
    source = Path(os.fsdecode(os.fsencode(tmp_path) + b"/mod\xffel"))
    shutil.copytree(family_folders["bert"], source)
    assert len(folder_key(source)) == 20  # the opened/ cache and the history's key: no UnicodeEncodeError
    message = _refused(
        source, tmp_path, "has a name that is not UTF-8 text", "mod\\xffel", "Rename the folder"
    )
    message.encode("utf-8")


# 5. export-hf: an origin.json edited by hand --------------------------------------------------


@pytest.mark.parametrize(
    "changes, said",
    [
        ({"type_vocab_size": "x"}, "its type_vocab_size is 'x', not a whole number from 1 to 1,024"),
        ({"type_vocab_size": -3}, "its type_vocab_size is -3, not a whole number from 1 to 1,024"),
        ({"pad_token_id": "x"}, "its pad_token_id is 'x', not a whole number from 0 to"),
        ({"pad_token_id": 10**9}, "its pad_token_id is 1000000000, not a whole number from 0 to"),
    ],
)
def test_an_origin_whose_numbers_the_export_allocates_by_are_wrong_is_refused(opened_folders, changes, said):
    """They ended in int('x') or torch.zeros(-3, d) inside the export: a traceback."""
    from dataclasses import replace

    from mlmstudio.engine.artifacts import load_model_dir
    from mlmstudio.engine.hf_import.export_back import origin_misfit

    for family in ("bert", "roberta"):
        origin, folder = opened_folders[family]
        misfit = origin_misfit(
            load_model_dir(folder), replace(origin, hf_config={**origin.hf_config, **changes})
        )
        assert misfit.startswith(said), (family, misfit)


def test_a_bert_origin_without_a_pad_id_still_exports(opened_folders):
    from dataclasses import replace

    from mlmstudio.engine.artifacts import load_model_dir
    from mlmstudio.engine.hf_import.export_back import origin_misfit

    origin, folder = opened_folders["bert"]
    assert (
        origin_misfit(
            load_model_dir(folder), replace(origin, hf_config={**origin.hf_config, "pad_token_id": None})
        )
        == ""
    )


def test_an_origin_json_with_a_byte_order_mark_is_read(opened_folders, tmp_path):
    from mlmstudio.engine.hf_import import read_origin
    from mlmstudio.engine.hf_import.convert import read_origin_bytes

    origin, folder = opened_folders["bert"]
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / "origin.json").write_bytes(BOM + (folder / "origin.json").read_bytes())
    assert read_origin(copy) == origin
    assert read_origin_bytes(copy)[1] == origin
