"""Add your words to a model's vocabulary (issue 17, item 4): the candidates, the new rows at the
mean of the old pieces, one token before and after export-hf and transformers' reload, the
pipeline's parity on the extended export, whole-word masking, and bad input as sentences."""

import json
import os
from dataclasses import replace

import pytest
import torch
from hf_family_models import TEXT

from mlmstudio.config import RunConfig, TokenizerConfig, TrainingConfig
from mlmstudio.engine import vocab_extension as ve
from mlmstudio.engine.artifacts import load_model_dir
from mlmstudio.engine.export import export_hf
from mlmstudio.engine.hf_import.export_back import _to_original
from mlmstudio.engine.predict import Predictor
from mlmstudio.engine.start_from import continued_config, load_starting_model
from mlmstudio.engine.tokenization import MLMTokenizer
from mlmstudio.engine.trainer import Trainer

os.environ.setdefault("HF_HUB_OFFLINE", "1")

DOMAIN = "the electroencephalography of the hippopotamus was unremarkable ."
CORPUS = "\n".join(TEXT + [DOMAIN] * 40)  # the domain words outnumber every split word of TEXT
NEW = ("electroencephalography", "hippopotamus", "unremarkable")
QUESTIONS = ["the hippopotamus sat on the [MASK] .", "the [MASK] of the hippopotamus was unremarkable ."]
STYLES = ("bert", "roberta", "xlm-roberta")  # WordPiece, byte-level BPE, SentencePiece Unigram


def _config(model_dir, words=NEW, **training):
    base = RunConfig(
        training=TrainingConfig(steps=3, batch_size=4, eval_every=3, eval_batches=1, seq_len=32, lr=3e-3)
    )
    config = continued_config(base, model_dir, lr_given=True, warmup_given=False)
    return replace(
        config, training=replace(config.training, added_words=" ".join(words), **training)
    ).validate()


@pytest.fixture(scope="module")
def engine_trained(tmp_path_factory):
    """A model trained here (modern: decoder tied to the embedding), on text without the new words."""
    out = tmp_path_factory.mktemp("engine-trained")
    config = RunConfig(
        tokenizer=TokenizerConfig(kind="wordpiece", vocab_size=120),
        training=TrainingConfig(steps=2, batch_size=4, eval_every=2, eval_batches=1, seq_len=32),
    )
    config = replace(config, model=replace(config.model, d_model=32, num_heads=2, ffn_dim=64, num_layers=1))
    Trainer(config.validate(), "\n".join(TEXT * 8), out).run()
    return out


def _folder(family, opened_folders, engine_trained):
    return engine_trained if family == "engine" else opened_folders[family][1]


@pytest.mark.parametrize("family", STYLES)
def test_candidates_are_the_most_frequent_split_words(family, opened_folders):
    tokenizer = load_model_dir(opened_folders[family][1]).tokenizer
    found = ve.word_candidates(CORPUS + "\nhippopotamus", tokenizer, 2)
    assert [c.word for c in found] == ["hippopotamus", "electroencephalography"]  # 41 and 40 times
    assert [c.count for c in found] == [41, 40]
    for candidate in found:
        assert len(candidate.pieces) >= ve.MIN_PIECES or candidate.unknown
    assert all(c.count >= 2 for c in ve.word_candidates(CORPUS + "\nzyzzyvas", tokenizer, 100))


@pytest.mark.parametrize("family", [*STYLES, "distilbert", "electra", "engine"])
def test_new_rows_start_at_the_mean_of_their_old_pieces(family, opened_folders, engine_trained):
    folder = _folder(family, opened_folders, engine_trained)
    before = load_model_dir(folder)
    size = before.tokenizer.vocab_size
    extension = ve.extend_tokenizer(before.tokenizer, NEW)
    grown = load_starting_model(_config(folder))  # what the trainer starts from
    assert grown.tokenizer.vocab_size == size + len(NEW)
    old_rows = ve.rows_of(before.model, range(size))
    new_rows = ve.rows_of(grown.model, range(size + len(NEW)))
    assert set(new_rows) == set(old_rows) and old_rows
    for name, old in old_rows.items():
        assert torch.equal(new_rows[name][:size], old), name  # every old token keeps its row
        for k, pieces in enumerate(extension.piece_ids):
            assert len(pieces) >= ve.MIN_PIECES or pieces == (before.tokenizer.unk_token_id,)
            expected = old[list(pieces)].mean(dim=0)
            assert torch.allclose(new_rows[name][size + k], expected, atol=1e-6), (name, NEW[k])
    if family == "engine":  # tied: the decoder is the embedding, so there is no decoder weight to grow
        assert set(new_rows) == {"tok_emb.weight", "decoder_bias"}


@pytest.mark.parametrize("family", STYLES)
def test_whole_word_masking_treats_a_new_token_as_a_word_start(family, opened_folders):
    tokenizer = load_model_dir(opened_folders[family][1]).tokenizer
    extended = ve.extend_tokenizer(tokenizer, NEW).tokenizer
    ids, words = extended.encode_with_words("the cat and the " + DOMAIN)
    for token_id in range(tokenizer.vocab_size, extended.vocab_size):
        at = list(ids).index(token_id)  # the word is one token
        assert words[at] != words[at - 1] and words[at + 1] != words[at]  # a word of its own


def _pipeline_answers(folder, mask):
    from transformers import pipeline

    fill = pipeline("fill-mask", model=str(folder), top_k=5)
    out = []
    for question in QUESTIONS:
        out.append([(g["token"], g["score"]) for g in fill(question.replace("[MASK]", mask))])
    return out


def _our_answers(run_dir, to_original):
    predictor = Predictor.from_dir(run_dir)
    out = []
    for question in QUESTIONS:
        (guesses,) = predictor.fill_mask(question, top_k=5).masks
        out.append([(to_original[g["token"]], g["score"]) for g in guesses])
    return out


@pytest.mark.slow
@pytest.mark.parametrize("family", [*STYLES, "engine"])
def test_a_new_word_is_one_token_before_and_after_export(family, opened_folders, engine_trained, tmp_path):
    from transformers import AutoTokenizer

    folder = _folder(family, opened_folders, engine_trained)
    size = load_model_dir(folder).tokenizer.vocab_size
    config = _config(folder)
    Trainer(config, CORPUS, tmp_path / "run").run()
    run = load_model_dir(tmp_path / "run")
    assert run.tokenizer.vocab_size == size + len(NEW)
    ids = run.tokenizer.encode("the hippopotamus saw electroencephalography , unremarkable")
    assert all(size + k in ids for k in range(len(NEW)))
    restarted = Trainer.restart(tmp_path / "run", CORPUS)  # a resumed run grows the same rows
    assert restarted.tokenizer.to_str() == run.tokenizer.to_str()

    out = export_hf(tmp_path / "run", tmp_path / "export")
    assert json.loads((out / "config.json").read_text())["vocab_size"] == size + len(NEW)
    reloaded = AutoTokenizer.from_pretrained(out, local_files_only=True)
    assert len(reloaded) == size + len(NEW)
    origin = opened_folders[family][0] if family != "engine" else None
    to_original = _to_original(origin, size + len(NEW)) if origin else list(range(size + len(NEW)))
    for k, word in enumerate(NEW):
        ids = reloaded(f"the cat and the {word} sat", add_special_tokens=False)["input_ids"]
        around = reloaded("the cat and the sat", add_special_tokens=False)["input_ids"]
        assert to_original[size + k] in ids and len(ids) == len(around) + 1  # one token, mid-sentence
        assert reloaded.decode([to_original[size + k]]).strip() == word
    mask = origin.mask_token if origin else "[MASK]"
    ours, theirs = _our_answers(tmp_path / "run", to_original), _pipeline_answers(out, mask)
    for mine, pipe in zip(ours, theirs, strict=True):
        assert [t for t, _ in mine] == [t for t, _ in pipe]
        assert [s for _, s in mine] == pytest.approx([s for _, s in pipe], abs=1e-4)


def test_a_words_list_that_cannot_be_added_gets_a_sentence(opened_folders):
    tokenizer = load_model_dir(opened_folders["bert"][1]).tokenizer
    cases = {
        (): "No words to add",
        ("the",): "already one token",
        ("two words",): "not one word",
        ("hippo-potamus",): "not one word",
        ("hippopotamus", "hippopotamus"): "twice",
        ("x",) * (ve.MAX_ADDED_WORDS + 1): "At most",
    }
    for words, sentence in cases.items():
        with pytest.raises(ve.VocabularyError, match=sentence):
            ve.extend_tokenizer(tokenizer, words)
    with pytest.raises(ve.VocabularyError, match="at least 1"):
        ve.word_candidates(CORPUS, tokenizer, 0)
    chars = MLMTokenizer.train(["\n".join(TEXT)], TokenizerConfig(kind="char", vocab_size=100))
    with pytest.raises(ve.VocabularyError, match="one character at a time"):
        ve.extend_tokenizer(chars, ["hippopotamus"])


def test_words_without_a_model_to_continue_are_refused():
    from mlmstudio.engine.errors import TrainingError

    config = RunConfig(training=TrainingConfig(added_words="hippopotamus"))
    with pytest.raises(TrainingError, match="model you continue"):
        load_starting_model(config)


@pytest.mark.parametrize(
    ("flags", "corpus", "sentence"),
    [
        (["--add-words", "0"], CORPUS, "at least 1"),
        (["--add-words", "1000000000"], CORPUS, "At most 10,000"),
        (["--add-words", "5"], "\n".join(TEXT * 8), "no words to add"),
        (["--add-words-file", "WORDS"], CORPUS, "already one token"),
        (["--add-words-file", "MISSING"], CORPUS, "no words file"),
    ],
)
def test_bad_add_words_input_is_a_sentence_and_records_nothing(
    flags, corpus, sentence, family_folders, tmp_path, capsys
):
    from mlmstudio.cli import main

    (tmp_path / "corpus.txt").write_text(corpus)
    (tmp_path / "words.txt").write_text("# my words\nhippopotamus\nthe\n")
    flags = [
        {"WORDS": str(tmp_path / "words.txt"), "MISSING": str(tmp_path / "no.txt")}.get(f, f) for f in flags
    ]
    data = tmp_path / "data"
    argv = ["train", str(tmp_path / "corpus.txt"), "--from", str(family_folders["bert"]), *flags,
            "--steps", "2", "--seq-len", "32", "--data-dir", str(data)]  # fmt: skip
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert sentence in err and "Traceback" not in err
    assert not any((data / "runs").glob("*")) if (data / "runs").exists() else True


def test_add_words_without_from_is_a_sentence(tmp_path, capsys):
    from mlmstudio.cli import main

    (tmp_path / "corpus.txt").write_text(CORPUS)
    argv = [
        "train",
        str(tmp_path / "corpus.txt"),
        "--add-words",
        "3",
        "--steps",
        "2",
        "--data-dir",
        str(tmp_path),
    ]
    assert main(argv) == 2
    assert "give the model with --from" in capsys.readouterr().err
