"""Explore's refusals of a text, a setting or a run gone from under it, in the German app (issue 21).

Each is raised for real by engine/predict.py, engine/inspect/ or engine/predictor_cache.py on a
tiny untrained model (its answers do not matter, only its refusals), then shown as Explore's
tabs show it (``user_message`` → ``translated``) with the committed German catalogue installed.
"""

from __future__ import annotations

import copy
import shutil
import sys
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest
import torch

from mlmstudio.gui.engine_messages import translated

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from german_checks import raised, shown_in_german  # noqa: E402

from store_helpers import build_model_files, tiny_config  # noqa: E402

ENGLISH = ("Type ", "Choose ", "Give ", "Ask ", " the model", " is not ", "no longer")


def _german(call, *expected: str) -> str:
    return shown_in_german(raised(call), expected, ENGLISH)


@pytest.fixture(scope="module")
def model_folder(tmp_path_factory) -> Path:
    return build_model_files(tmp_path_factory.mktemp("model"))


@pytest.fixture(scope="module")
def predictor(model_folder):
    from mlmstudio.engine.predict import Predictor

    return Predictor.from_dir(model_folder)


def test_an_empty_or_tokenless_text_is_refused_in_german(german, predictor, monkeypatch):
    from mlmstudio.engine.inspect import detection
    from mlmstudio.engine.inspect.attention import attend
    from mlmstudio.engine.inspect.scoring import score_sentence, score_sentences

    _german(
        lambda: detection.detect(predictor, "a sentence"),
        "Dieser Lauf wurde mit maskierter Sprachmodellierung trainiert, die keinen Detektor für ersetzte",
        "in der Einrichtung unter Erweitert: „Trainingsziel“). Um zu sehen, welche Wörter dieses Modell",
    )
    _german(
        lambda: attend(predictor, " "), "Der Text ist leer. Geben Sie einen Satz ein, um zu sehen, worauf"
    )
    _german(
        lambda: score_sentence(predictor, " "), "Der Satz ist leer. Geben Sie einen Satz zum Bewerten ein."
    )
    _german(
        lambda: score_sentence(predictor, "the [MASK] sat"),
        "Der Satz enthält [MASK], eine Markierung, die das Modell selbst verwendet.",
        "oder den Tab „Vorhersagen“ unter „Erkunden“",
    )
    _german(lambda: score_sentences(predictor, []), "Geben Sie mindestens einen Satz zum Bewerten an.")
    monkeypatch.setattr(detection, "ReplacedTokenDetector", object)  # as if the run were ELECTRA's
    _german(
        lambda: detection.detect(predictor, " "), "Der Satz ist leer. Geben Sie einen Satz zum Prüfen ein"
    )
    _german(
        lambda: detection.detect(predictor, "a" * 20_001),
        "Der Text ist 20.001 Zeichen lang; prüfen Sie höchstens 20.000 auf einmal",
    )
    tokenless = copy.copy(predictor)  # a tokenizer that reads nothing of the text
    tokenless.tokenizer = SimpleNamespace(encode=lambda text: [], encode_with_words=lambda text: ([], []))
    _german(lambda: attend(tokenless, "x"), "Dieser Text hat keine Tokens, die das Modell liest.")
    _german(
        lambda: detection.detect(tokenless, "x"), "Von diesem Text bleibt nichts übrig, wenn er in Tokens"
    )
    _german(lambda: score_sentence(tokenless, "x"), "Dieser Satz hat keine Tokens, die das Modell liest.")


def test_texts_of_bytes_that_are_not_text_are_refused_in_german(german, predictor):
    _german(
        lambda: predictor.fill_mask("the \udcff [MASK]"),
        "Der Text enthält Bytes, die kein gültiger Text sind (bei Zeichen 5)",
    )
    _german(
        lambda: predictor.fill_mask("the [MASK]", targets=["\udcff"]),
        "Ein Kandidatenwort enthält Bytes, die kein gültiger Text sind (bei Zeichen 1)",
    )
    _german(
        lambda: predictor.fill_mask("the [MASK]", targets=[]),
        "Geben Sie mindestens ein Kandidatenwort zum Bewerten an.",
    )


def test_masks_that_do_not_fit_the_model_are_refused_in_german(german, predictor):
    most = f"{predictor.max_len:,}"
    _german(
        lambda: predictor.fill_mask("[MASK] " * (predictor.max_len + 1)),
        f"Der Text hat {predictor.max_len + 1} [MASK], aber dieses Modell liest höchstens {most} Tokens auf",
    )
    far = "[MASK] " + "cat " * (3 * predictor.max_len) + "[MASK]"
    _german(
        lambda: predictor.fill_mask(far),
        f"Die [MASK] liegen für dieses Modell zu weit auseinander; es liest höchstens {most}",
    )


def test_embeddings_and_attentions_refusals_are_german(german, predictor):
    from mlmstudio.engine.inspect.attention import visit_attention_layers
    from mlmstudio.engine.inspect.attention_cell import attention_arithmetic
    from mlmstudio.engine.inspect.embeddings import embedding_map, nearest_tokens
    from mlmstudio.engine.inspect.logit_lens import logit_lens

    _german(
        lambda: nearest_tokens(predictor, "жж", 5),
        "'жж' ist nicht im Vokabular dieses Modells (es wird als [UNK] gelesen).",
    )
    _german(lambda: nearest_tokens(predictor, "the", 0), "Fragen Sie nach 1 bis 200 Nachbarn (nicht 0).")
    _german(lambda: embedding_map(predictor, 2), "Die Karte zeigt 3 bis 5000 Tokens (nicht 2).")
    ids = torch.tensor([[1, 2, 3]])
    _german(
        lambda: visit_attention_layers(torch.nn.Linear(2, 2), ids, None, print),
        "Dieses Modell (Linear) hat keine Attention-Schichten",
    )
    (layer, *_) = attention_arithmetic(predictor.model, ids)
    _german(
        lambda: layer.cell(99, 0, 0, ["a", "b", "c"]),
        "Hier gibt es keinen Kopf 100, kein schauendes Token 0 oder kein angeschautes Token 0:",
    )
    linear = copy.copy(predictor)  # a copy whose model is of a kind the lens does not read
    linear.model = torch.nn.Linear(2, 2)
    _german(
        lambda: logit_lens(linear, "the [MASK]", 5),
        "Die Ansicht „Schicht für Schicht“ kann diese Art Modell (Linear) noch nicht lesen.",
    )


def test_a_temperature_out_of_bounds_is_refused_in_german(german):
    from mlmstudio.engine.inspect.temperature import check_temperature

    _german(lambda: check_temperature("warm"), "Die Temperatur muss eine Zahl sein (angegeben: 'warm').")
    _german(lambda: check_temperature(9.0), "Die Temperatur muss zwischen 0,1 und 5,0 liegen (angegeben: 9")


def test_two_runs_that_cannot_be_compared_are_said_in_german(german):
    from test_engine_messages import _token_loss_report

    from mlmstudio.engine.inspect.token_loss import compare_reports

    a, b = _token_loss_report("A"), _token_loss_report("B")
    _german(
        lambda: compare_reports(replace(a, corpus_sha256="1"), replace(b, corpus_sha256="2")),
        "Lauf A und Lauf B wurden mit verschiedenen Korpora trainiert;",
    )
    _german(
        lambda: compare_reports(
            replace(a, run_label="", validation_sha256="1"), replace(b, validation_sha256="2")
        ),
        "Der erste Lauf und Lauf B halten verschiedenen Validierungstext zurück",
    )


def test_a_run_gone_from_under_explore_is_said_in_german(german, model_folder, tmp_path):
    from mlmstudio.engine.kept_checkpoints import load_predictor_at
    from mlmstudio.engine.predictor_cache import kept_stamp, model_stamp

    folder = tmp_path / "run"
    _german(
        lambda: model_stamp(folder),
        f"Der Modellordner {folder} existiert nicht mehr (der Lauf wurde vielleicht gelöscht).",
    )
    shutil.copytree(model_folder, folder)
    (folder / "model.safetensors").unlink()
    _german(
        lambda: model_stamp(folder),
        f"Die Modelldateien dieses Laufs fehlen ({folder / 'model.safetensors'}).",
    )
    _german(
        lambda: kept_stamp(tmp_path / "gone", 4),
        f"Der Ordner dieses Laufs ({tmp_path / 'gone'}) existiert nicht mehr",
    )
    _german(lambda: kept_stamp(folder, 4), "Der Checkpoint bei Schritt 4 ist nicht mehr da (")
    _german(lambda: load_predictor_at(folder, 4), "Der Checkpoint bei Schritt 4 wird nicht mehr aufbewahrt (")
    from mlmstudio.engine.run_files import RunFolder

    kept = RunFolder(folder).kept_checkpoint(4)
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_bytes(b"weights")
    (folder / "tokenizer.json").unlink()
    _german(
        lambda: load_predictor_at(folder, 4),
        f"Der Laufordner {folder} hat keine config.json oder tokenizer.json,",
    )


def test_helps_example_from_a_corpus_without_sentences_is_said_in_german(german):
    from mlmstudio.engine.inspect.help_example import masked_example

    _german(
        lambda: masked_example(tiny_config(), "a b", "tiny"),
        "Das Korpus hat keinen Satz aus drei oder mehr Wörtern",
    )


def test_a_cancelled_per_token_loss_is_said_in_german(german):
    assert translated("The per-token loss was cancelled.") == "Der Verlust pro Token wurde abgebrochen."


def test_helps_window_says_why_it_has_no_example_in_german(german, qtbot):
    from mlmstudio.engine.inspect.help_example import masked_example
    from mlmstudio.gui.pages.help_page import HelpPage

    page = HelpPage()
    qtbot.addWidget(page)
    try:
        masked_example(tiny_config(), "a b", "tiny")
    except Exception as exc:  # the engine's own refusal
        failure = exc
    said: list[str] = []
    page.example_failed.connect(said.append)
    page._on_example_failed(failure)  # as its background call reports it
    assert said and "Das Korpus hat keinen Satz aus drei oder mehr Wörtern" in said[0], said
    assert "three words" not in said[0]


def test_per_token_loss_without_a_chosen_text_is_said_in_german(german):
    from mlmstudio.store.token_loss_runs import chosen_text

    _german(
        lambda: chosen_text(" "),
        "Kein Text zum Messen gewählt. Geben Sie eine Textdatei, einen Ordner oder sample:NAME an.",
    )
