"""File → Open a Model…: the cache's models, opening one (or a folder) into History and Explore.

The models are tiny transformers folders written by ``save_pretrained`` (hidden 32, two layers;
tests/hf_family_models.py, the import tests' builder), built once per session. The cache is a
folder laid out as huggingface_hub lays it out (blobs, snapshots of links, refs/main), found
through HF_HUB_CACHE. Every outcome is checked in the history and on disk, not in the dialog.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from mlmstudio.gui.imported_model import KIND_IMPORTED, origin_lines, run_kind, with_engine_mask
from mlmstudio.gui.open_model_dialog import OpenModelDialog
from mlmstudio.gui.pages.history_page import HistoryPage
from mlmstudio.gui.runs_table_model import COLUMN_INDEX
from mlmstudio.store import service
from mlmstudio.store.models import RunRow

JOB_MS = 120_000  # listing the cache or opening a tiny model, in a worker thread


@pytest.fixture(scope="session")
def model_folders(tmp_path_factory):
    """family -> a tiny transformers folder (its own trained tokenizer; RoBERTa's mask is <mask>)."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from hf_family_models import build_family

    root = tmp_path_factory.mktemp("open-model-dialog")
    return {family: build_family(family, root / family) for family in ("bert", "roberta")}


def cache_with(cache: Path, repo_id: str, files: dict[str, bytes], revision: str = "0a1b2c3d") -> Path:
    """A model in a cache as huggingface_hub writes it; returns its snapshot folder."""
    repo = cache / ("models--" + repo_id.replace("/", "--"))
    (repo / "blobs").mkdir(parents=True)
    snapshot = repo / "snapshots" / revision
    snapshot.mkdir(parents=True)
    for name, data in files.items():
        blob = repo / "blobs" / f"blob-{name}"
        blob.write_bytes(data)
        os.symlink(os.path.relpath(blob, snapshot), snapshot / name)
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text(revision)
    return snapshot


def folder_files(folder: Path) -> dict[str, bytes]:
    return {f.name: f.read_bytes() for f in folder.iterdir() if f.is_file()}


GPT2_CONFIG = json.dumps(
    {"model_type": "gpt2", "architectures": ["GPT2LMHeadModel"], "vocab_size": 50, "n_embd": 16, "n_layer": 1}
).encode()


@pytest.fixture
def hub_cache(tmp_path, monkeypatch, model_folders):
    """A cache with one BERT that opens, a text generator, and a BERT whose weights blob was deleted."""
    cache = tmp_path / "hub"
    snapshot = cache_with(cache, "org/tiny-bert", folder_files(model_folders["bert"]))
    cache_with(cache, "org/tiny-gpt", {"config.json": GPT2_CONFIG})
    broken = cache_with(cache, "org/broken-bert", folder_files(model_folders["bert"]))
    os.unlink(os.path.realpath(broken / "model.safetensors"))
    monkeypatch.setenv("HF_HUB_CACHE", str(cache))
    return snapshot


@pytest.fixture
def dialog(qtbot, db):
    dialog = OpenModelDialog(db)
    qtbot.addWidget(dialog)
    yield dialog
    dialog.wait_idle()


def the_run_row(db, run_id: str) -> RunRow:
    with db.session(write=False) as session:
        row = session.get(RunRow, run_id)
        session.expunge(row)
        return row


def test_the_cache_lists_what_opens_and_why_the_rest_cannot(qtbot, dialog, hub_cache):
    with qtbot.waitSignal(dialog.listed, timeout=JOB_MS):
        dialog.refresh_cache()
    rows = {model: (family, problem) for model, family, problem in dialog.cached_models()}
    assert set(rows) == {"org/tiny-bert", "org/tiny-gpt", "org/broken-bert"}
    assert rows["org/tiny-bert"] == ("BERT", "")
    assert "text generator, not a masked language model" in rows["org/tiny-gpt"][1]
    assert "incomplete" in rows["org/broken-bert"][1] and "deleted" in rows["org/broken-bert"][1]
    assert str(hub_cache.parents[2]) in dialog.cache_label.text()  # says which cache it read
    # Only the model that opens can be chosen and opened.
    assert not dialog.select_model("org/tiny-gpt") and not dialog.select_model("org/broken-bert")
    assert dialog.select_model("org/tiny-bert")
    assert dialog.open_button.isEnabled()


def test_a_cached_model_opens_as_an_imported_run_shown_in_history(qtbot, db, dialog, hub_cache):
    from mlmstudio.engine.hf_import import read_origin

    with qtbot.waitSignal(dialog.listed, timeout=JOB_MS):
        dialog.refresh_cache()
    assert dialog.select_model("org/tiny-bert")
    busy = []
    dialog.busy_changed.connect(busy.append)
    with qtbot.waitSignal(dialog.opened, timeout=JOB_MS) as opened:
        qtbot.mouseClick(dialog.open_button, Qt.MouseButton.LeftButton)
    run_id = opened.args[0]
    assert busy == [True, False]  # the busy state came and went

    row = the_run_row(db, run_id)
    assert (row.kind, row.status, row.name) == ("imported", "completed", "org/tiny-bert")
    origin = read_origin(db.run_dir(run_id))
    assert origin is not None and origin.source == str(hub_cache)
    metrics = json.loads(row.final_metrics_json)
    assert metrics["weights_sha256"] == origin.weights_sha256 and metrics["parameters"] == origin.parameters

    page = HistoryPage(db)
    qtbot.addWidget(page)
    page.select_runs([run_id])
    assert page.model.index(page.model.row_of(run_id), COLUMN_INDEX["Kind"]).data() == KIND_IMPORTED
    details = page.details.title.text()
    assert f"Imported from {hub_cache}" in details
    assert f"family BERT · {origin.parameters:,} parameters · mask token [MASK]" in details
    assert f"Weights SHA-256 {origin.weights_sha256}" in details


def test_a_folder_opened_from_the_window_answers_on_explore_in_its_own_mask(
    qtbot, window, model_folders, monkeypatch
):
    """File → Open a Model… → Choose a folder…: the run is listed, chosen on Explore, and asked with <mask>."""
    from mlmstudio.engine.predict import Predictor
    from mlmstudio.gui.main_window import EXPLORE
    from mlmstudio.gui.widgets.prediction_view import readable_token
    from mlmstudio.store.imported_runs import record_imported_model

    # Another model is chosen on Explore first: the opened one must take its place.
    earlier, _ = record_imported_model(window.db, model_folders["bert"])
    with qtbot.waitSignal(window.runs.changed, timeout=JOB_MS):
        window.runs.refresh()
    assert window.explore_page.select_run(earlier) and window.explore_page.current_run_id() == earlier
    window.explore_page.wait_idle()

    folder = model_folders["roberta"]
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(folder)))
    window.open_model_action.trigger()
    dialog = window.open_model_dialog
    assert dialog is not None and dialog.isVisible()
    explore = window.explore_page
    # The earlier model's own load may still be delivered (wait_idle ends the threads, their
    # answers wait in the event loop): wait for the opened model's signal, not just any.
    with qtbot.waitSignal(
        explore.model_loaded, timeout=JOB_MS, check_params_cb=lambda loaded_id: loaded_id != earlier
    ) as loaded:
        qtbot.mouseClick(dialog.folder_button, Qt.MouseButton.LeftButton)
    run_id = loaded.args[0]
    assert run_id != earlier and not dialog.isVisible()
    assert window.stack.currentIndex() == EXPLORE and explore.current_run_id() == run_id
    assert window.runs.get(run_id) is not None and run_kind(window.runs.get(run_id)) == KIND_IMPORTED
    assert not explore.mask_hint.isHidden() and "<mask>" in explore.mask_hint.text()

    explore.sentence.set_text("paris is the <mask> of france .")
    with qtbot.waitSignal(explore.answered, timeout=JOB_MS):
        qtbot.mouseClick(explore.predict_button, Qt.MouseButton.LeftButton)
        assert explore.message_text() == ""  # asked: a refused sentence is said at once
    expected = Predictor.from_dir(window.db.run_dir(run_id)).fill_mask("paris is the [MASK] of france .", 5)
    [view] = explore.prediction_views()
    shown = view.rows()
    assert [token for token, _ in shown] == [readable_token(c["token_str"]) for c in expected.masks[0]]
    assert [p for _, p in shown] == pytest.approx([c["score"] for c in expected.masks[0]], abs=1e-6)


def bad_folders(tmp_path: Path, model_folders) -> dict[str, Path]:
    gpt = tmp_path / "gpt2"
    gpt.mkdir()
    (gpt / "config.json").write_bytes(GPT2_CONFIG)
    truncated = tmp_path / "truncated-bert"
    truncated.mkdir()
    for name, data in folder_files(model_folders["bert"]).items():
        (truncated / name).write_bytes(data[: len(data) // 2] if name == "model.safetensors" else data)
    return {"text generator, not a masked language model": gpt, "is damaged or not a safetensors": truncated}


def test_a_bad_folder_gets_its_sentence_and_nothing_is_written(qtbot, db, dialog, model_folders, tmp_path):
    for expected, folder in bad_folders(tmp_path, model_folders).items():
        with qtbot.waitSignal(dialog.failed, timeout=JOB_MS) as failed:
            assert dialog.open_folder(folder)
        assert expected in failed.args[0]
        assert dialog.message_text() == failed.args[0]
        assert dialog.folder_button.isEnabled()  # usable again, to choose another folder
    assert service.list_runs(db) == []
    assert not db.runs_dir.exists() or list(db.runs_dir.iterdir()) == []


class _Run:
    def __init__(self, metrics: dict) -> None:
        self.final_metrics = metrics


def test_only_a_run_with_an_origin_is_imported_and_its_mask_means_the_engines():
    trained = _Run({"val_loss": 2.0, "mask_token": "<mask>"})
    assert run_kind(trained) == "trained" and origin_lines(trained) == []
    assert with_engine_mask("a <mask> b <mask>", ["<mask>"]) == "a [MASK] b [MASK]"
    assert with_engine_mask("a <mask> b", ["[MASK]"]) == "a <mask> b"  # a BERT model is told, not guessed


def test_opening_a_folder_again_says_its_run_is_given_back(qtbot, window, model_folders):
    """The same folder, files unchanged: the run that holds it is chosen again, the status bar
    says so, and the history still holds one run."""
    folder = model_folders["bert"]
    window.open_model_action.trigger()
    dialog = window.open_model_dialog
    with qtbot.waitSignal(dialog.opened, timeout=JOB_MS) as first:
        assert dialog.open_folder(folder)
    run_id = first.args[0]
    assert not dialog.last_reused
    said = window.statusBar().currentMessage()
    assert said.startswith(f"Opened the BERT model as run {run_id}:") and "already open" not in said
    qtbot.waitUntil(lambda: window.explore_page.current_run_id() == run_id, timeout=JOB_MS)
    window.explore_page.wait_idle()
    qtbot.wait(50)  # the load's answer delivered: what opening did is still what the status bar says
    assert window.statusBar().currentMessage() == said

    window.open_model_action.trigger()
    with qtbot.waitSignal(dialog.opened, timeout=JOB_MS) as second:
        assert dialog.open_folder(folder, name="another name")
    assert second.args[0] == run_id and dialog.last_reused
    said = window.statusBar().currentMessage()
    name = window.runs.get(run_id).name if window.runs.get(run_id) is not None else dialog.last_name
    assert said.startswith(f"This model is already open as run {run_id} ({name})")
    assert "no second run was recorded" in said
    assert [run.id for run in service.list_runs(window.db)] == [run_id]
    assert window.explore_page.current_run_id() == run_id
    window.explore_page.wait_idle()
    qtbot.wait(50)
    assert "no second run was recorded" in window.statusBar().currentMessage()
