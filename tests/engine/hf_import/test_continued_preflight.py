"""A run that continues a model reads its corpus with that model's tokenizer before it starts too
(engine/run_tokenizer.tokenizer_for_run, found by a hostile pass): the pre-flight check of a small
corpus trained a new tokenizer on it and refused with "a lower minimum frequency", or counted the
windows with the wrong pieces, and a capsule of a continued run carried a tokenizer learnt from the
corpus, which its nodes would then have trained the model's weights with."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from mlmstudio.cli import main


@pytest.fixture
def continued(opened_folders):
    from mlmstudio.config import RunConfig
    from mlmstudio.engine.start_from import continued_config

    folder = opened_folders["xlm-roberta"][1]
    config = continued_config(RunConfig(), folder, lr_given=False, warmup_given=False)
    return folder, config


def test_the_run_tokenizer_of_a_continued_run_is_its_models_own(continued):
    from mlmstudio.engine.artifacts import load_tokenizer
    from mlmstudio.engine.run_tokenizer import tokenizer_for_run

    folder, config = continued
    own = load_tokenizer(folder)
    text = "zebras quietly juggle marmalade .\n" * 50
    assert tokenizer_for_run(config, text).to_str() == own.to_str()
    # With words added: the model's tokenizer with them, as the trainer will have it.
    word = "marmalade"
    assert len(own.encode(word)) > 1
    added = replace(config, training=replace(config.training, added_words=word))
    extended = tokenizer_for_run(added, text)
    assert extended.vocab_size == own.vocab_size + 1 and len(extended.encode(word)) == 1


def test_a_small_corpus_for_a_continued_run_is_counted_with_the_models_tokenizer(
    family_folders, tmp_path, capsys
):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("the cat sat on the mat .\nthe dog sat on the rug .\n")
    home = tmp_path / "data"
    argv = ["train", str(corpus), "--from", str(family_folders["xlm-roberta"]), "--steps", "2"]
    code = main([*argv, "--seq-len", "64", "--data-dir", str(home)])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert "minimum frequency" not in err and "one training window needs 62" in err, err
    # Without --seq-len the windows fit the corpus, as for a new model, and the run trains.
    assert main([*argv, "--batch-size", "2", "--data-dir", str(home)]) == 0, capsys.readouterr().err


def test_a_capsule_of_a_continued_run_carries_the_models_tokenizer(continued, tmp_path, capsys):
    from mlmstudio.engine.artifacts import load_tokenizer

    folder, config = continued
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("the cat sat on the mat .\nthe dog sat on the rug .\n" * 40)
    config = replace(config, corpus=replace(config.corpus, source=str(corpus)))
    run_json = tmp_path / "run.json"
    run_json.write_text(config.to_json())
    out = tmp_path / "capsule"
    assert (
        main(["capsule", str(run_json), str(out), "--no-estimate", "--data-dir", str(tmp_path / "d")]) == 0
    ), capsys.readouterr().err
    carried = json.loads((out / "tokenizer.json").read_text())
    assert carried == json.loads(load_tokenizer(folder).to_str())
