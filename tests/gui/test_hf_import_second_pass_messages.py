"""The sentences of the second hostile pass over opened folders reach the app translated (issue 17).

Each is raised for real by engine/hf_import on a tiny transformers folder, then passed through
``translated``: with the pseudo translator the whole sentence is one pattern's template (bracketed
once, its values carried over), and without a translator the English comes back exactly as the
engine wrote it (so "an ELECTRA" stays "an", not the "a" of another template).
"""

from __future__ import annotations

import builtins
import json
import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication

from mlmstudio.gui.engine_messages import _one, translated
from mlmstudio.gui.i18n import PseudoTranslator

pytest.importorskip("transformers")

from german_checks import raised  # noqa: E402
from hf_family_models import build_family  # noqa: E402


@pytest.fixture
def pseudo(qapp):
    translator = PseudoTranslator()
    QCoreApplication.installTranslator(translator)
    yield
    QCoreApplication.removeTranslator(translator)


@pytest.fixture(scope="module")
def bert(tmp_path_factory):
    return build_family("bert", tmp_path_factory.mktemp("hf") / "bert")


@pytest.fixture
def source(bert, tmp_path):
    copy = tmp_path / "model"
    shutil.copytree(bert, copy)
    return copy


def _raised(call) -> str:
    return str(raised(call))  # the engine's own refusal, raised for real


def _open(source: Path) -> str:
    from mlmstudio.engine.hf_import import open_transformers_folder

    return _raised(lambda: open_transformers_folder(source, source.parent / "opened"))


def _integer_weights(source: Path) -> None:
    from safetensors.torch import load_file, save_file

    state = load_file(source / "model.safetensors")
    state["bert.embeddings.LayerNorm.weight"] = state["bert.embeddings.LayerNorm.weight"].long()
    save_file(state, source / "model.safetensors")


def _loop(source: Path) -> None:
    (source / "tokenizer.json").unlink()
    (source / "tokenizer.json").symlink_to("tokenizer.json")


def _config_folder(source: Path) -> None:
    (source / "config.json").unlink()
    (source / "config.json").mkdir()


def _index(content: str):
    def change(source: Path) -> None:
        (source / "model.safetensors").rename(source / "model-00001-of-00001.safetensors")
        (source / "model.safetensors.index.json").write_text(content)

    return change


def _write(name: str, content: str):
    return lambda source: (source / name).write_text(content) and None


def _model_type(value: str):
    def change(source: Path) -> None:
        file = source / "config.json"
        file.write_text(json.dumps({**json.loads(file.read_text()), "model_type": value}))

    return change


FOLDERS = {
    "integer weights": (_integer_weights, "bert.embeddings.LayerNorm.weight"),
    "a link loop": (_loop, "tokenizer.json"),
    "config.json a folder": (_config_folder, "config.json"),
    "config.json a list": (_write("config.json", "[1, 2]"), "config.json"),
    "config.json not JSON": (_write("config.json", "hello"), "config.json"),
    "tokenizer_config.json a list": (_write("tokenizer_config.json", "[]"), "tokenizer_config.json"),
    "weights index not JSON": (_index("{not json"), "model.safetensors.index.json"),
    "an unsupported family with an": (_model_type("albert"), "albert"),
    "a text generator with an": (_model_type("opt"), "opt"),
}


@pytest.mark.parametrize("case", FOLDERS, ids=list(FOLDERS))
def test_each_refusal_of_the_second_pass_is_one_translated_sentence(case, source, qapp, pseudo):
    change, value = FOLDERS[case]
    change(source)
    english = _open(source)
    assert _one(english) is not None, english  # one pattern for the whole sentence, not its pieces
    shown = translated(english)
    assert shown.startswith("[") and "~" in shown, shown
    assert value in shown and str(source) in shown, shown


@pytest.mark.parametrize("case", FOLDERS, ids=list(FOLDERS))
def test_without_a_translator_each_comes_back_as_the_engine_wrote_it(case, source, qapp):
    change, _ = FOLDERS[case]
    change(source)
    english = _open(source)
    assert translated(english) == english


@pytest.mark.parametrize("name", ["config.json", "tokenizer.json", "model.safetensors"])
def test_an_unreadable_file_is_translated(name, source, qapp, pseudo, monkeypatch):
    real_open = builtins.open
    target = source / name

    def guarded(path, *args, **kwargs):
        if Path(os.fsdecode(path)) == target:
            raise PermissionError(13, "Permission denied", str(target))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", guarded)
    english = _open(source)
    monkeypatch.setattr(builtins, "open", real_open)
    assert "Check that you are allowed to read it" in english and _one(english) is not None, english
    shown = translated(english)
    assert shown.startswith("[") and str(source) in shown, shown


def test_a_cached_link_loop_and_an_an_origin_misfit_are_translated(bert, tmp_path, qapp, pseudo):
    from mlmstudio.engine.artifacts import load_model_dir
    from mlmstudio.engine.hf_import import open_transformers_folder
    from mlmstudio.engine.hf_import.export_back import origin_misfit
    from mlmstudio.engine.hf_import.hub_cache import snapshot_of

    snapshot = tmp_path / "hub" / "models--org--tiny" / "snapshots" / "abc"
    shutil.copytree(bert, snapshot)
    (snapshot / "config.json").unlink()
    (snapshot / "config.json").symlink_to("config.json")
    english = _raised(lambda: snapshot_of("org/tiny", tmp_path / "hub"))
    assert "leads back to itself" in english and _one(english) is not None, english
    assert translated(english).startswith("[") and "org/tiny" in translated(english)

    origin = open_transformers_folder(bert, tmp_path / "opened")
    misfit = origin_misfit(
        load_model_dir(tmp_path / "opened"), replace(origin, model_type="esm", family="ESM")
    )
    assert misfit == "it names an ESM model, whose layout is not this model's" and _one(misfit) is not None
    assert translated(misfit).startswith("[") and "ESM" in translated(misfit)


def test_a_folder_whose_name_is_not_utf8_is_translated(bert, tmp_path, qapp, pseudo):
    source = Path(os.fsdecode(os.fsencode(tmp_path) + b"/mod\xffel"))
    shutil.copytree(bert, source)
    english = _open(source)
    assert "not UTF-8 text" in english and _one(english) is not None, english
    assert translated(english).startswith("[") and "mod\\xffel" in translated(english)


def test_an_origin_with_a_wrong_count_is_translated(bert, tmp_path, qapp, pseudo):
    from mlmstudio.engine.artifacts import load_model_dir
    from mlmstudio.engine.hf_import import open_transformers_folder
    from mlmstudio.engine.hf_import.export_back import origin_misfit

    origin = open_transformers_folder(bert, tmp_path / "opened")
    edited = replace(origin, hf_config={**origin.hf_config, "type_vocab_size": "x"})
    misfit = origin_misfit(load_model_dir(tmp_path / "opened"), edited)
    assert (
        misfit == "its type_vocab_size is 'x', not a whole number from 1 to 1,024"
        and _one(misfit) is not None
    )
    assert translated(misfit).startswith("[") and "'x'" in translated(misfit)
