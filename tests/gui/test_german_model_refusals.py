"""Open a Model's rarer refusals, in the German app (issue 21).

Each is raised for real by the engine (engine/hf_import) on a tiny transformers folder altered
the way a damaged, foreign or unusual model would be (tests/hf_family_models.py builds it), then
shown as Open a Model shows it (``user_message`` → ``translated``) with the committed German
catalogue installed: the German sentence shows, its values are carried over, the English is gone.
"""

from __future__ import annotations

import json
import shutil

import pytest
import torch

pytest.importorskip("transformers")

from german_checks import raised, shown_in_german  # noqa: E402
from hf_family_models import build_family  # noqa: E402

ENGLISH = ("cannot be opened here", "The folder may", "copy the model again", "Copy the model", " is not ")


def _german(exc: Exception, *expected: str) -> str:
    return shown_in_german(exc, expected, ENGLISH)


@pytest.fixture(scope="module")
def bert(tmp_path_factory):
    return build_family("bert", tmp_path_factory.mktemp("hf") / "bert")


@pytest.fixture
def source(bert, tmp_path):
    copy = tmp_path / "model"
    shutil.copytree(bert, copy)
    return copy


def _open(source, out=None):
    from mlmstudio.engine.hf_import import open_transformers_folder

    return raised(lambda: open_transformers_folder(source, out or source.parent / "opened"))


def _config(source, **changes):
    file = source / "config.json"
    data = json.loads(file.read_text())
    data.update(changes)
    file.write_text(json.dumps(data))


def _weights(source, change):
    from safetensors.torch import load_file, save_file

    state = load_file(source / "model.safetensors")
    change(state)
    save_file(state, source / "model.safetensors")


CONFIGS = {
    "heads do not divide": (
        dict(num_attention_heads=5),
        "gibt hidden_size = 32 und num_attention_heads = 5 an, die sich nicht teilen lassen (auch transformers "
        "lehnt das ab). Der Ordner ist vielleicht beschädigt.",
    ),
    "too many positions": (
        dict(max_position_embeddings=10**7),
        "liest höchstens 10.000.000 Tokens auf einmal (seine max_position_embeddings); die Schichten von MLM "
        "Studio lesen",
    ),
    "activation": (
        dict(hidden_act="relu"),
        "verwendet die Aktivierung 'relu'; die Schichten von MLM Studio verwenden die exakte GELU ('gelu'), "
        "seine Vorhersagen wären also anders. Dieses Modell lässt sich hier nicht öffnen.",
    ),
    "positions": (
        dict(position_embedding_type="relative_key"),
        "verwendet Positionen der Art relative_key, die der BERT-Aufbau von MLM Studio nicht hat.",
    ),
    "not a number": (
        dict(layer_norm_eps="tiny"),
        "gibt layer_norm_eps = 'tiny' an, was keine Zahl ist. Der Ordner ist vielleicht beschädigt.",
    ),
    "more layers": (
        dict(num_hidden_layers=1),
        "enthalten mehr Schichten als die 1, die die config.json des Ordners angibt (num_hidden_layers).",
    ),
}


@pytest.mark.parametrize("case", CONFIGS, ids=list(CONFIGS))
def test_each_config_an_opened_model_cannot_take_is_refused_in_german(case, german, source):
    changes, expected = CONFIGS[case]
    _config(source, **changes)
    _german(_open(source), str(source), expected)


def test_an_existing_output_folder_is_refused_in_german(german, source, tmp_path):
    (tmp_path / "taken").mkdir()
    _german(
        _open(source, tmp_path / "taken"),
        f"{tmp_path / 'taken'} existiert bereits. Wählen Sie einen neuen Ordner für das geöffnete Modell.",
    )


def test_weights_that_are_not_finite_missing_or_misshapen_are_refused_in_german(german, source, bert):
    name = "bert.encoder.layer.0.attention.self.query.weight"
    _weights(source, lambda s: s[name].fill_(float("nan")))
    _german(
        _open(source),
        f"Die Gewichte in {source} enthalten in {name} Zahlen, die nicht endlich sind (NaN oder unendlich).",
    )
    _weights(source, lambda s: s.pop(name))
    _german(
        _open(source), f"In den Gewichten in {source} fehlt {name}. Der Ordner ist vielleicht beschädigt;"
    )
    shutil.copy(bert / "model.safetensors", source / "model.safetensors")
    word = "bert.embeddings.word_embeddings.weight"
    _weights(source, lambda s: s.update({word: s[word][:10].clone()}))
    _german(
        _open(source),
        f"Die Gewichte in {source} haben nicht die Formen, die die config.json des Ordners beschreibt (seine "
        "Wort-Embeddings haben die Form [10, 32] statt [",
    )


def test_a_weights_index_that_cannot_be_used_is_refused_in_german(german, source):
    (source / "model.safetensors").unlink()
    index = source / "model.safetensors.index.json"
    index.write_text('{"weight_map": {}}')
    _german(_open(source), f"Der Gewichtsindex {index} nennt keine Teildateien (seine weight_map ist leer")
    index.write_text('{"weight_map": {"a.weight": "elsewhere.safetensors"}}')
    _german(
        _open(source),
        f"Der Gewichtsindex in {source} nennt 'elsewhere.safetensors', das keine Datei im Ordner",
    )
    index.write_text("{not json")
    _german(_open(source), f"Der Gewichtsindex {index} kann nicht gelesen werden (")


def test_a_bin_that_holds_no_table_of_weights_is_refused_in_german(german, source):
    (source / "model.safetensors").unlink()
    torch.save([torch.zeros(2)], source / "pytorch_model.bin")
    _german(
        _open(source),
        f"Die Gewichtsdatei {source / 'pytorch_model.bin'} enthält keine Tabelle von Gewichten.",
    )


def test_a_tokenizer_with_one_token_for_two_roles_is_refused_in_german(german, source):
    settings = source / "tokenizer_config.json"
    data = json.loads(settings.read_text())
    data["pad_token"] = data["unk_token"]
    settings.write_text(json.dumps(data))
    _german(_open(source), f"Der Tokenizer in {source} verwendet ein Token für zwei Rollen (pad ")


def test_a_tokenizer_that_names_a_missing_token_is_refused_in_german(german, source):
    settings = source / "tokenizer_config.json"
    data = json.loads(settings.read_text())
    data["mask_token"] = "<blank>"
    settings.write_text(json.dumps(data))
    _german(
        _open(source),
        f"Der Tokenizer in {source} nennt '<blank>' als sein mask-Token, enthält es aber nicht.",
    )
    settings.write_text("{not json")
    _german(_open(source), f"Die Datei tokenizer_config.json in {source} kann nicht gelesen werden (")


def test_the_layouts_own_refusals_are_german(german):
    from mlmstudio.engine.hf_import.convert import engine_config
    from mlmstudio.engine.hf_import.weight_maps import (
        Parts,
        electra_discriminator_state,
        modern_state,
        seed_state,
    )

    word = torch.zeros(4, 8)
    bare = Parts(
        word=word, positions=None, emb_norm=None, layers=[], final_norm=None, head={}, head_is_new=True
    )
    _german(
        raised(lambda: seed_state(bare, [0, 1, 2, 3], 8)),
        "Dieses Modell hat keine gelernten Positionen und keine LayerNorm der Embeddings, es ist also nicht",
    )
    _german(
        raised(lambda: modern_state(bare, [0, 1, 2, 3], 8, "/m")),
        "Das Modell in /m hat keine abschließende LayerNorm.",
    )
    untied = Parts(
        word=word,
        positions=None,
        emb_norm=None,
        layers=[],
        final_norm=None,
        head={"decoder.weight": word + 1},
    )
    _german(
        raised(lambda: modern_state(untied, [0, 1, 2, 3], 8, "/m")),
        "Das Modell in /m hat einen eigenen Decoder, der nicht an seine Wort-Embeddings gebunden ist;",
    )
    _german(
        raised(lambda: electra_discriminator_state(bare, {}, [0, 1, 2, 3], 8, {}, "/m")),
        "Der ELECTRA-Diskriminator in /m hat keine Positions-Embeddings.",
    )
    esm = dict(hidden_size=32, num_attention_heads=4, num_hidden_layers=2, max_position_embeddings=64)
    for changes, expected in (
        (dict(position_embedding_type="absolute"), "Das ESM-Modell in /m hat gelernte Positionen;"),
        (dict(emb_layer_norm_before=True), "Das ESM-Modell in /m normalisiert zuerst seine Embeddings"),
        (dict(rope_theta=500.0), "Das ESM-Modell in /m dreht seine Positionen mit einer anderen Rate"),
    ):
        _german(
            raised(lambda changes=changes: engine_config({**esm, **changes}, "modern", "esm", None, "/m")),
            expected,
        )
    electra = dict(esm, embedding_size=16)
    _german(
        raised(lambda: engine_config(electra, "seed", "electra", None, "/m")),
        "Der ELECTRA-Generator in /m projiziert seine Embeddings auf eine andere Breite",
    )


def test_a_model_not_in_the_hugging_face_cache_is_refused_in_german(german, tmp_path):
    from mlmstudio.engine.hf_import.hub_cache import snapshot_of

    _german(
        raised(lambda: snapshot_of("someone/model", tmp_path)),
        f"someone/model ist nicht im lokalen Hugging-Face-Cache ({tmp_path}). MLM Studio lädt nie etwas herunter",
    )
    (tmp_path / "models--someone--model" / "snapshots").mkdir(parents=True)
    _german(
        raised(lambda: snapshot_of("someone/model", tmp_path)),
        "Die Kopie von someone/model im Cache hat keinen Snapshot",
    )


def test_an_empty_weights_file_is_refused_in_german(german, source):
    (source / "model.safetensors").write_bytes(b"")
    _german(
        _open(source),
        f"Die Gewichtsdatei {source / 'model.safetensors'} ist leer (0 Bytes): Ihr Download oder ihre Kopie wurde",
    )


def test_a_tokenizer_that_cannot_be_read_is_refused_in_german(german, source):
    (source / "tokenizer.json").write_text("{not json")
    _german(
        _open(source),
        f"Die tokenizer.json in {source} kann nicht gelesen werden (",
        "Der Ordner ist vielleicht beschädigt; kopieren Sie die Tokenizer-Dateien des Modells erneut",
    )
    (source / "tokenizer.json").unlink()
    (source / "vocab.txt").unlink(missing_ok=True)
    (source / "spiece.model").write_bytes(b"sentencepiece")
    _german(
        _open(source),
        f"Der Ordner {source} hat seinen Tokenizer nur als SentencePiece-Modell (spiece.model), das MLM Studio",
    )
