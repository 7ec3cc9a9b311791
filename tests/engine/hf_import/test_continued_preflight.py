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


@pytest.fixture(scope="module")
def bert_512(tmp_path_factory):
    """A tiny BERT that reads 512 tokens (the defaults' windows are 128)."""
    import transformers
    from hf_family_models import wordpiece_tokenizer

    folder = tmp_path_factory.mktemp("bert-512") / "model"
    fast = transformers.PreTrainedTokenizerFast(
        tokenizer_object=wordpiece_tokenizer(),
        unk_token="[UNK]",
        pad_token="[PAD]",
        cls_token="[CLS]",
        sep_token="[SEP]",
        mask_token="[MASK]",
    )
    config = transformers.BertConfig(
        vocab_size=len(fast),
        hidden_size=16,
        num_hidden_layers=1,
        num_attention_heads=2,
        intermediate_size=32,
        max_position_embeddings=512,
        pad_token_id=fast.pad_token_id,
    )
    transformers.BertForMaskedLM(config).save_pretrained(folder)
    fast.save_pretrained(folder)
    return folder


def _words(tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text(" ".join(["the cat sat on the mat . the dog sat on the rug ."] * 300))
    return corpus


def test_queue_add_from_a_model_takes_windows_as_long_as_the_model_reads(bert_512, tmp_path, capsys):
    """--seq-len was checked against the defaults' 128 tokens before the model's own shape came in:
    'longer than the model's maximum length (128)' for a BERT that reads 512."""
    home = tmp_path / "data"
    argv = [
        "queue",
        "add",
        str(_words(tmp_path)),
        "--from",
        str(bert_512),
        "--steps",
        "2",
        "--data-dir",
        str(home),
    ]
    assert main([*argv, "--seq-len", "256"]) == 0, capsys.readouterr().err
    capsys.readouterr()
    assert main([*argv, "--seq-len", "600"]) == 2
    err = capsys.readouterr().err
    assert "reads at most 512 tokens at once, so --seq-len 600 is too long" in err and "Traceback" not in err


@pytest.mark.slow
def test_train_from_a_model_takes_windows_as_long_as_the_model_reads(bert_512, tmp_path, capsys):
    from mlmstudio.store.database import Database
    from mlmstudio.store.service import list_runs

    home = tmp_path / "data"
    argv = ["train", str(_words(tmp_path)), "--from", str(bert_512), "--steps", "2", "--batch-size", "2"]
    assert main([*argv, "--seq-len", "600", "--data-dir", str(home)]) == 2
    err = capsys.readouterr().err
    assert "Choose --seq-len 512 or less." in err and "Traceback" not in err
    assert [r for r in list_runs(Database.open(home)) if r.kind != "imported"] == []
    assert main([*argv, "--seq-len", "256", "--data-dir", str(home)]) == 0, capsys.readouterr().err
    [run] = [r for r in list_runs(Database.open(home)) if r.config.training.start_from]
    assert run.config.training.seq_len == 256 and run.config.model.max_len == 512
