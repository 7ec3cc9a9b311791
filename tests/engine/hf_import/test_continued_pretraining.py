"""train --from MODEL (issue 17, item 3): the model's own weights and tokenizer, the continued
defaults (lr 5e-5, warm-up), step 0 evaluated on the untouched model, its shape kept."""

import json

import pytest
import torch
from hf_family_models import TEXT

from mlmstudio.config import RunConfig, TrainingConfig
from mlmstudio.engine.artifacts import load_model_dir
from mlmstudio.engine.errors import TrainingError
from mlmstudio.engine.start_from import CONTINUED_LR, CONTINUED_WARMUP, continued_config
from mlmstudio.engine.trainer import Trainer

CORPUS = "\n".join(TEXT * 8)


def _continued(engine_dir, **training):
    base = RunConfig(training=TrainingConfig(steps=2, batch_size=2, eval_every=1, eval_batches=1, **training))
    return continued_config(base, engine_dir, lr_given=False, warmup_given=False).validate()


def test_a_continued_run_starts_from_the_models_weights_and_tokenizer(opened_folders, tmp_path):
    _, engine_dir = opened_folders["roberta"]
    config = _continued(engine_dir, seq_len=32)
    assert config.training.lr == CONTINUED_LR and config.training.warmup == CONTINUED_WARMUP
    assert config.training.start_from == str(engine_dir.resolve())
    trainer = Trainer(config, CORPUS, tmp_path / "run")
    source = load_model_dir(engine_dir)
    assert trainer.tokenizer.to_str() == source.tokenizer.to_str()  # kept, not trained
    expected = source.model.state_dict()
    assert all(torch.equal(v, expected[k]) for k, v in trainer.model.state_dict().items())
    assert trainer.evaluate_first


@pytest.mark.slow
def test_step_0_is_the_untouched_models_held_out_loss(opened_folders, tmp_path):
    _, engine_dir = opened_folders["bert"]
    config = _continued(engine_dir, seq_len=32)
    events = []
    Trainer(config, CORPUS, tmp_path / "run", callbacks=[events.append]).run()
    evals = [e for e in events if type(e).__name__ == "EvalEvent"]
    assert evals and evals[0].step == 0
    untouched = Trainer(config, CORPUS, tmp_path / "again").evaluate()
    assert evals[0].val_loss == pytest.approx(untouched["val_loss"], abs=1e-6)


def test_another_shape_is_refused(opened_folders, tmp_path):
    from dataclasses import replace

    _, engine_dir = opened_folders["bert"]
    config = _continued(engine_dir, seq_len=32)
    wider = replace(config, model=replace(config.model, num_layers=3))
    with pytest.raises(TrainingError, match="keeps the model's own"):
        Trainer(wider, CORPUS, tmp_path / "run")


@pytest.mark.slow
def test_train_from_a_transformers_folder_records_the_continued_run(family_folders, tmp_path, capsys):
    from mlmstudio.cli import main
    from mlmstudio.store.database import Database
    from mlmstudio.store.service import get_run, load_curve

    data = tmp_path / "data"
    corpus = tmp_path / "corpus.txt"
    corpus.write_text(CORPUS)
    argv = ["train", str(corpus), "--from", str(family_folders["bert"]), "--steps", "3", "--eval-every", "3",
            "--batch-size", "2", "--seq-len", "32", "--data-dir", str(data)]  # fmt: skip
    assert main(argv) == 0
    db = Database.open(data)
    detail = get_run(db, "latest")
    config = json.loads((detail.summary.run_dir / "config.json").read_text())
    assert config["training"]["lr"] == CONTINUED_LR and config["training"]["start_from"]
    assert list(load_curve(db, "latest", "val", "loss").steps) == [0, 3]
    capsys.readouterr()
    assert (
        main(
            [
                "train",
                str(corpus),
                "--from",
                str(family_folders["bert"]),
                "--d-model",
                "64",
                "--data-dir",
                str(data),
            ]
        )
        != 0
    )
    assert "--d-model cannot be used with it" in capsys.readouterr().err


def test_a_continued_model_keeps_its_own_dropout_unless_one_is_given(
    opened_folders, family_folders, tmp_path
):
    from dataclasses import replace

    from mlmstudio.cli import main

    _, engine_dir = opened_folders["bert"]
    hf = json.loads((family_folders["bert"] / "config.json").read_text())
    assert _continued(engine_dir).model.dropout == hf["hidden_dropout_prob"] == 0.1  # BERT's own
    base = RunConfig(model=replace(RunConfig().model, dropout=0.0))
    given = continued_config(base, engine_dir, lr_given=False, warmup_given=False, dropout_given=True)
    assert given.model.dropout == 0.0
    for flags, expected in (([], 0.1), (["--dropout", "0.2"], 0.2)):
        out = tmp_path / f"config{len(flags)}.json"
        argv = ["train", "sample:tutorial", "--from", str(engine_dir), *flags, "--save-config", str(out)]
        assert main([*argv, "--data-dir", str(tmp_path / "data")]) == 0
        assert json.loads(out.read_text())["model"]["dropout"] == expected
