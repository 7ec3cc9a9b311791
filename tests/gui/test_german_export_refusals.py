"""History's export refusals and a continued run's, in the German app (issue 21).

Each is raised for real (store/bundle.py export_bundle, store/service.py export_hf_run,
engine/export.py export_hf, engine/start_from.py), then shown as History shows its export errors
(``user_message`` → ``translated``) with the committed German catalogue installed: the German
sentence shows, its values are carried over, the English is gone.
"""

from __future__ import annotations

import json
import shutil
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from mlmstudio.store import bundle, service

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from german_checks import raised, shown_in_german  # noqa: E402

from store_helpers import add_run, build_model_files, tiny_config  # noqa: E402

ENGLISH = ("Nothing was exported", "Choose", "Give a", " is a ", "already exists")


def _german(exc: Exception, *expected: str) -> str:
    return shown_in_german(exc, expected, ENGLISH)


@pytest.fixture(scope="module")
def model_folder(tmp_path_factory) -> Path:
    return build_model_files(tmp_path_factory.mktemp("model"))


@pytest.fixture
def run_id(db, model_folder) -> str:
    return add_run(db, name="to export", model_files=model_folder, steps=2)


def test_where_a_bundle_cannot_be_written_is_said_in_german(german, db, run_id, tmp_path):
    (tmp_path / "folder.mlmrun").mkdir()
    _german(
        raised(lambda: bundle.export_bundle(db, run_id, tmp_path / "folder.mlmrun")),
        f"Die .mlmrun-Datei {tmp_path / 'folder.mlmrun'} ist ein Ordner. Geben Sie einen Dateinamen an.",
    )
    (tmp_path / "taken.mlmrun").write_text("mine")
    _german(
        raised(lambda: bundle.export_bundle(db, run_id, tmp_path / "taken.mlmrun")),
        f"Die .mlmrun-Datei {tmp_path / 'taken.mlmrun'} existiert bereits. Wählen Sie einen anderen Namen",
    )
    (tmp_path / "notes.txt").write_text("notes")
    _german(
        raised(lambda: bundle.export_bundle(db, run_id, tmp_path / "notes.txt" / "run.mlmrun")),
        f"lässt sich nicht anlegen: {tmp_path / 'notes.txt'} ist eine Datei, kein Ordner.",
    )
    _german(
        raised(lambda: bundle.export_bundle(db, run_id, db.runs_dir / "inside.mlmrun")),
        f"liegt in den Laufordnern des Laufverlaufs ({db.runs_dir}). Wählen Sie einen Ordner außerhalb davon:",
    )


def test_where_a_hugging_face_folder_cannot_be_written_is_said_in_german(german, db, run_id, tmp_path):
    (tmp_path / "a file").write_text("x")
    _german(
        raised(lambda: service.export_hf_run(db, run_id, tmp_path / "a file")),
        f"Der Exportordner {tmp_path / 'a file'} ist eine Datei, kein Ordner. Wählen Sie einen Ordner (neu oder",
    )
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "keep.txt").write_text("mine")
    _german(
        raised(lambda: service.export_hf_run(db, run_id, tmp_path / "full")),
        f"Der Exportordner {tmp_path / 'full'} existiert bereits und ist nicht leer (keep.txt).",
    )
    _german(
        raised(lambda: service.export_hf_run(db, run_id, db.runs_dir / "x")),
        "Der Exportordner ",
        "liegt in den Laufordnern des Laufverlaufs",
    )


def test_a_damaged_origin_refuses_the_exports_in_german(german, db, run_id, model_folder, tmp_path):
    from mlmstudio.engine.export import export_hf

    run_dir = service.get_run(db, run_id).summary.run_dir
    (run_dir / "origin.json").write_text("[1, 2]")
    _german(
        raised(lambda: bundle.export_bundle(db, run_id, tmp_path / "out.mlmrun")),
        f"Die origin.json in {run_dir} (die sagt, woher sein Modell stammt) kann nicht gelesen werden; die "
        ".mlmrun-Datei verlöre damit",
        "um den Lauf ohne sie zu exportieren.",
    )
    folder = tmp_path / "model"
    shutil.copytree(model_folder, folder)
    (folder / "origin.json").write_text("[1, 2]")
    _german(
        raised(lambda: export_hf(folder, tmp_path / "hf")),
        f"Die origin.json in {folder} (die sagt, woher sein Modell stammt) kann nicht gelesen werden; der "
        "Export verlöre damit die eigene Klasse des Modells, seine Token-IDs und die Schreibweise seiner Maske.",
    )


def _origin(folder: Path, recorded_vocab: int | None = None, **changes) -> None:
    """An origin.json that fits the model in ``folder`` but for ``changes`` (the import records the
    model's vocabulary size in the run's tokenizer settings: ``recorded_vocab`` makes it another)."""
    from mlmstudio.engine.artifacts import load_model_dir
    from mlmstudio.engine.hf_import.convert import Origin

    loaded = load_model_dir(folder, device="cpu")
    vocab, model = loaded.tokenizer.vocab_size, loaded.config.model
    config = json.loads((folder / "config.json").read_text())
    config["tokenizer"]["vocab_size"] = recorded_vocab or vocab
    (folder / "config.json").write_text(json.dumps(config))
    origin = Origin(
        source="/models/bert",
        family="bert",
        model_type="bert",
        architecture="BertForMaskedLM",
        weights_sha256="0" * 64,
        parameters=1,
        head_is_new=False,
        mask_token="[MASK]",
        special_tokens={r: f"[{r.upper()}]" for r in ("pad", "unk", "cls", "sep", "mask")},
        original_ids=list(range(vocab)),
        hf_config={"hidden_size": model.d_model, "max_position_embeddings": model.max_len},
    )
    (folder / "origin.json").write_text(replace(origin, **changes).to_json())


MISFITS = {
    "model type": (dict(model_type="gpt2"), "sie nennt den Modelltyp 'gpt2', den MLM Studio nicht öffnet"),
    "layout": (
        dict(model_type="esm", family="esm"),
        "sie nennt ein esm-Modell, dessen Aufbau nicht der dieses",
    ),
    "vocabulary order": (dict(original_ids=[1, 1]), "die Reihenfolge ihres Vokabulars passt nicht zu den "),
    "special tokens": (dict(special_tokens={}), "ihre Sondertokens sind unvollständig"),
    "config": (dict(hf_config=[]), "ihre Konfiguration ist kein JSON-Objekt"),
    "width": (dict(hf_config={"hidden_size": 999}), "bei ihr ist hidden_size = 999, bei diesem Modell "),
    "positions": (dict(hf_config={"max_position_embeddings": 7}), "sie liest 7 Positionen, dieses Modell "),
}


@pytest.mark.parametrize("case", MISFITS, ids=list(MISFITS))
def test_an_origin_that_does_not_fit_its_model_refuses_the_export_in_german(
    case, german, model_folder, tmp_path
):
    from mlmstudio.engine.export import export_hf

    changes, clause = MISFITS[case]
    folder = tmp_path / "model"
    shutil.copytree(model_folder, folder)
    _origin(folder, **changes)
    _german(
        raised(lambda: export_hf(folder, tmp_path / "hf")),
        f"Die Herkunft, die für das Modell in {folder} verzeichnet ist (origin.json, woher es stammt), passt "
        f"nicht zu ihm: {clause}",
        "Es wurde nichts exportiert; kopieren Sie den Laufordner erneut",
    )


def test_a_vocabulary_that_the_origin_records_otherwise_refuses_the_export_in_german(
    german, model_folder, tmp_path
):
    from mlmstudio.engine.export import export_hf

    folder = tmp_path / "model"
    shutil.copytree(model_folder, folder)
    _origin(folder, recorded_vocab=12345)
    _german(raised(lambda: export_hf(folder, tmp_path / "hf")), "sie beschreibt ein Vokabular von ")


def test_continuing_a_model_that_cannot_be_used_is_said_in_german(german, model_folder, tmp_path):
    from mlmstudio.engine.start_from import load_starting_model

    base = tiny_config()

    def config(**training):
        return replace(base, training=replace(base.training, **training))

    _german(
        raised(lambda: load_starting_model(config(added_words="monday tuesday"))),
        "Wörter lassen sich nur dem Vokabular eines Modells hinzufügen, das Sie fortsetzen,",
    )
    _german(
        raised(lambda: load_starting_model(config(start_from=str(tmp_path / "gone")))),
        f"Das Modell, das fortgesetzt werden soll, lässt sich nicht laden: Der Ordner {tmp_path / 'gone'} "
        "existiert nicht.",
    )
    other = replace(base, model=replace(base.model, num_layers=base.model.num_layers + 1))
    other = replace(other, training=replace(other.training, start_from=str(model_folder)))
    _german(
        raised(lambda: load_starting_model(other)),
        f"Dieser Lauf setzt das Modell in {model_folder} fort, beschreibt aber eine andere Modellform;",
    )
