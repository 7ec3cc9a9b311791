"""A second, "general" text every evaluation also tests, so forgetting shows as its own curve (issue 17, item 3)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hf_family_models import TEXT

from mlmstudio.config import RunConfig, TrainingConfig
from mlmstudio.engine.errors import TrainingError
from mlmstudio.engine.events import EvalEvent
from mlmstudio.engine.metric_points import event_points
from mlmstudio.engine.samples import sample_text
from mlmstudio.engine.start_from import continued_config
from mlmstudio.engine.trainer import Trainer

CORPUS = "\n".join(TEXT * 8)


def _continued(engine_dir, **training):
    base = RunConfig(
        training=TrainingConfig(steps=2, batch_size=2, eval_every=1, eval_batches=1, seq_len=32, **training)
    )
    return continued_config(base, engine_dir, lr_given=False, warmup_given=False).validate()


def test_the_general_text_is_tested_with_fixed_masks_apart_from_the_held_out_split(opened_folders, tmp_path):
    _, engine_dir = opened_folders["bert"]
    trainer = Trainer(_continued(engine_dir, general_text="sample:pydoc"), CORPUS, tmp_path / "run")
    first, again = trainer.evaluate(), trainer.evaluate()
    assert first["general_loss"] == pytest.approx(again["general_loss"], abs=1e-6)  # fixed masks
    # Another text than the corpus' held-out split: another loss, measured on the pydoc sample itself.
    assert abs(first["general_loss"] - first["val_loss"]) > 1e-3
    assert 0.0 <= first["general_accuracy"] <= 1.0
    alone = Trainer(_continued(engine_dir), CORPUS, tmp_path / "alone").evaluate()
    assert "general_loss" not in alone and alone["val_loss"] == pytest.approx(first["val_loss"], abs=1e-6)
    assert trainer.general_batches and sum(int((b.labels != -100).sum()) for b in trainer.general_batches) > 0


def test_a_general_text_of_the_corpus_itself_gives_the_corpus_loss(opened_folders, tmp_path):
    """The defining step: the same masked loss on another text. Its own text gives the held-out kind of loss."""
    _, engine_dir = opened_folders["bert"]
    same = tmp_path / "same.txt"
    same.write_text(sample_text("pydoc"), encoding="utf-8")
    by_file = Trainer(_continued(engine_dir, general_text=str(same)), CORPUS, tmp_path / "a").evaluate()
    by_sample = Trainer(
        _continued(engine_dir, general_text="sample:pydoc"), CORPUS, tmp_path / "b"
    ).evaluate()
    assert by_file["general_loss"] == pytest.approx(by_sample["general_loss"], abs=1e-6)


@pytest.mark.slow
def test_the_curve_starts_at_the_untouched_models_general_loss_and_is_recorded(opened_folders, tmp_path):
    _, engine_dir = opened_folders["bert"]
    config = _continued(engine_dir, general_text="sample:pydoc")
    events = []
    Trainer(config, CORPUS, tmp_path / "run", callbacks=[events.append]).run()
    evals = [e for e in events if isinstance(e, EvalEvent)]
    assert [e.step for e in evals][0] == 0 and all(e.general_loss is not None for e in evals)
    untouched = Trainer(config, CORPUS, tmp_path / "again").evaluate()
    assert evals[0].general_loss == pytest.approx(untouched["general_loss"], abs=1e-6)
    names = {(p.split, p.name) for p in event_points(evals[-1])}
    assert {("general", "loss"), ("general", "accuracy"), ("val", "loss")} <= names
    from mlmstudio.engine.run_files import RunFolder

    curve = RunFolder(tmp_path / "run").curves.read_text(encoding="utf-8")
    assert ",general,loss," in curve  # the run folder's own record holds it too (runs rebuild-history)


@pytest.mark.parametrize(
    "general, says",
    [("sample:nosuch", "general text 'sample:nosuch' cannot be used"), ("missing.txt", "cannot be used")],
)
def test_a_general_text_that_cannot_be_read_is_refused_before_anything_is_written(
    opened_folders, tmp_path, general, says
):
    _, engine_dir = opened_folders["bert"]
    out = tmp_path / "run"
    with pytest.raises(TrainingError, match=says):
        Trainer(
            _continued(engine_dir, general_text=str(tmp_path / general) if "." in general else general),
            CORPUS,
            out,
        )
    assert not out.exists()


def test_an_empty_general_text_is_refused(opened_folders, tmp_path):
    _, engine_dir = opened_folders["bert"]
    empty = tmp_path / "empty.txt"
    empty.write_text("   \n", encoding="utf-8")
    with pytest.raises(TrainingError, match="general text"):
        Trainer(_continued(engine_dir, general_text=str(empty)), CORPUS, tmp_path / "run")


def test_the_setting_is_a_train_flag_kept_in_the_runs_config(tmp_path):
    from mlmstudio.cli import build_parser
    from mlmstudio.cli.options import config_from_args

    args = build_parser().parse_args(["train", "sample:facts", "--general-text", "sample:pydoc"])
    config = config_from_args(args)
    assert config.training.general_text == "sample:pydoc"
    assert json.loads(config.to_json())["training"]["general_text"] == "sample:pydoc"
    older = json.loads(config.to_json())
    del older["training"]["general_text"]  # a config written before the setting existed
    assert RunConfig.from_json(json.dumps(older)).training.general_text == ""
    assert replace(config, training=replace(config.training, general_text="")).training.general_text == ""


@pytest.mark.slow
def test_train_from_with_a_general_text_prints_and_shows_both_before_and_after(
    family_folders, tmp_path, capsys
):
    from mlmstudio.cli import main

    data = tmp_path / "data"
    corpus = tmp_path / "corpus.txt"
    corpus.write_text(CORPUS)
    argv = ["train", str(corpus), "--from", str(family_folders["bert"]), "--steps", "3", "--eval-every", "3",
            "--batch-size", "2", "--seq-len", "32", "--general-text", "sample:pydoc", "--data-dir", str(data)]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if line.startswith("general loss:"))
    before, after = (float(x) for x in line.split(":", 1)[1].split("(")[0].split("→"))
    assert before > 0 and after > 0
    assert main(["runs", "show", "latest", "--data-dir", str(data)]) == 0
    shown = capsys.readouterr().out
    assert "general:    loss" in shown and "sample:pydoc" in shown
    assert main(["runs", "show", "latest", "--json", "--data-dir", str(data)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["general_loss_before"] == pytest.approx(before, abs=0.006)
    assert report["general_loss_after"] == pytest.approx(after, abs=0.006)
