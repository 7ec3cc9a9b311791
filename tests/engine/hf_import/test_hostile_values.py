"""Values a damaged config.json or weights file can hold, each refused in one sentence (issue 17).

The numbers of config.json were checked as whole numbers, but the ones read as floats
(layer_norm_eps, dropout, rope_theta) and RoBERTa's pad_token_id went through float()/int()
and raised a ValueError or TypeError from deep in the mapping; a model_type that is a list
raised "unhashable type". A weights file whose vocabulary tables have another row count was
indexed before its shapes were checked (an IndexError), or, with more rows, silently cut;
and layers beyond num_hidden_layers were dropped without a word.
"""

import json
import shutil

import pytest
import torch
from safetensors.torch import load_file, save_file

from mlmstudio.engine.hf_import import ModelImportError, open_transformers_folder


def _copy(folder, tmp_path):
    target = tmp_path / "copy"
    shutil.copytree(folder, target)
    return target


def _config(folder, **values):
    file = folder / "config.json"
    file.write_text(json.dumps({**json.loads(file.read_text()), **values}))


def _weights(folder, change):
    state = load_file(folder / "model.safetensors")
    change(state)
    save_file(state, folder / "model.safetensors", metadata={"format": "pt"})


def _refused(source, tmp_path, *fragments):
    out = tmp_path / "out" / "opened"
    with pytest.raises(ModelImportError) as caught:
        open_transformers_folder(source, out)
    message = str(caught.value)
    for fragment in fragments:
        assert fragment in message, message
    assert "\n" not in message
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


@pytest.mark.parametrize(
    "family, values, said",
    [
        ("bert", {"layer_norm_eps": "tiny"}, "layer_norm_eps = 'tiny', which is not a number"),
        ("bert", {"layer_norm_eps": None}, "layer_norm_eps = None, which is not a number"),
        ("bert", {"hidden_dropout_prob": "x"}, "hidden_dropout_prob = 'x', which is not a number"),
        ("distilbert", {"dropout": [0.1]}, "dropout = [0.1], which is not a number"),
        ("roberta", {"pad_token_id": "one"}, "pad_token_id = 'one', which is not a token id"),
        ("roberta", {"pad_token_id": None}, "pad_token_id = None, which is not a token id"),
        ("roberta", {"pad_token_id": -3}, "pad_token_id = -3, which is not a token id"),
        ("xlm-roberta", {"pad_token_id": 10**6}, "pad_token_id = 1000000, which is not a token id"),
        ("bert", {"model_type": ["bert"]}, "no model_type"),
        (
            "bert",
            {"num_attention_heads": 5},
            "hidden_size = 32 and num_attention_heads = 5, which do not divide",
        ),
        ("bert", {"max_position_embeddings": 1}, "reads at most 1 tokens at once"),
        ("roberta", {"max_position_embeddings": 2}, "reads at most 0 tokens at once"),
        ("bert", {"max_position_embeddings": 100_000}, "MLM Studio's layers read 8 to 8,192"),
    ],
)
def test_a_config_value_of_the_wrong_kind_is_named(family_folders, tmp_path, family, values, said):
    source = _copy(family_folders[family], tmp_path)
    _config(source, **values)
    _refused(source, tmp_path, said)


def test_a_null_dropout_is_no_dropout_as_transformers_reads_it(family_folders, tmp_path):
    source = _copy(family_folders["bert"], tmp_path)
    _config(source, hidden_dropout_prob=None)
    open_transformers_folder(source, tmp_path / "opened")
    config = json.loads((tmp_path / "opened" / "config.json").read_text())
    assert config["model"]["dropout"] == 0.0


def _first(state, part):
    return next(name for name in state if part in name)


@pytest.mark.parametrize("family", ["bert", "roberta"])
@pytest.mark.parametrize(
    "change, said",
    [
        (lambda s: s.__setitem__(_first(s, "word_embeddings"), torch.zeros(10, 32)), "word embeddings are [10, 32]"),
        (lambda s: s.__setitem__(_first(s, "word_embeddings"), torch.zeros(32)), "word embeddings are [32]"),
        (lambda s: s.__setitem__(_first(s, "word_embeddings"), torch.zeros(999, 32)), "word embeddings are [999, 32]"),
        (lambda s: s.__setitem__(_first(s, "query.weight"), torch.zeros(3, 3)), "do not have the shapes"),
        (lambda s: s.__setitem__(_first(s, "key.bias"), torch.zeros(5)), "do not have the shapes"),
    ],
)  # fmt: skip
def test_weights_of_other_shapes_are_refused_before_they_are_indexed(
    family_folders, tmp_path, family, change, said
):
    source = _copy(family_folders[family], tmp_path)
    _weights(source, change)
    _refused(source, tmp_path, "do not have the shapes its config.json describes", said)


def test_a_wider_decoder_is_not_cut_to_the_vocabulary(family_folders, tmp_path):
    source = _copy(family_folders["distilbert"], tmp_path)
    _weights(source, lambda s: s.__setitem__("vocab_projector.bias", torch.zeros(999)))
    _refused(source, tmp_path, "decoder bias are [999]")


def test_a_pytorch_bin_of_other_shapes_is_refused(family_folders, tmp_path):
    source = _copy(family_folders["bert"], tmp_path)
    state = load_file(source / "model.safetensors")
    state[_first(state, "query.weight")] = torch.zeros(3, 3)
    (source / "model.safetensors").unlink()
    torch.save(state, source / "pytorch_model.bin")
    _refused(source, tmp_path, "do not have the shapes")


@pytest.mark.parametrize("layer", [2, 9])
def test_layers_beyond_the_configs_count_are_refused(family_folders, tmp_path, layer):
    source = _copy(family_folders["bert"], tmp_path)
    _weights(
        source,
        lambda s: s.update({f"bert.encoder.layer.{layer}.attention.self.query.weight": torch.zeros(32, 32)}),
    )
    _refused(source, tmp_path, "more layers than the 2 its config.json gives")


@pytest.mark.parametrize("value", [float("nan"), float("inf")])
def test_weights_that_are_not_finite_are_refused(family_folders, tmp_path, value):
    """A NaN in one query matrix gave predictions anyway (the engine's scores carried on)."""
    source = _copy(family_folders["bert"], tmp_path)
    _weights(source, lambda s: s[_first(s, "query.weight")].fill_(value))
    _refused(source, tmp_path, "not finite (NaN or infinity) in bert.encoder.layer.0.attention.self.query")


@pytest.mark.parametrize("family", ["bert", "roberta", "distilbert"])
def test_more_position_rows_than_the_config_gives_are_refused(family_folders, tmp_path, family):
    """They were cut to the config's count without a word (transformers refuses the size mismatch)."""
    source = _copy(family_folders[family], tmp_path)
    name = "distilbert.embeddings.position_embeddings.weight" if family == "distilbert" else None
    _weights(source, lambda s: s.__setitem__(name or _first(s, "position_embeddings"), torch.zeros(200, 32)))
    _refused(source, tmp_path, "do not have the shapes", "position embeddings are [")


def test_a_word_to_add_that_the_tokenizer_splits_says_how(opened_folders):
    """'猫猫猫' to a BERT was said to have "spaces or punctuation in it": BERT reads each Chinese
    or Japanese character as a word of its own, and the sentence now shows the split."""
    from mlmstudio.engine.tokenization import MLMTokenizer
    from mlmstudio.engine.vocab_extension import VocabularyError, extend_tokenizer

    tokenizer = MLMTokenizer.load(opened_folders["bert"][1] / "tokenizer.json")
    with pytest.raises(VocabularyError, match="it reads it as 3 words: 猫, 猫, 猫"):
        extend_tokenizer(tokenizer, ["猫猫猫"])
