"""Masking: rates, the 80/10/10 split, strategies, span lengths, static vs dynamic, evaluation masks."""

import sys
from dataclasses import replace

import numpy as np
import pytest
import torch

from mlmstudio.config import ConfigError, MaskingConfig
from mlmstudio.engine.masking import (
    EVAL_MASKING,
    EVAL_SEED,
    IGNORE_INDEX,
    KEPT,
    MASKED,
    NOT_SELECTED,
    RANDOM,
    derive_seed,
    eval_masks,
    mask_tokens,
    mask_tokens_with_actions,
    masking_statistics,
    sample_span_lengths,
    span_length_pmf,
)

PAD, UNK, CLS, SEP, MASK = range(5)
SPECIALS = [PAD, UNK, CLS, SEP, MASK]
VOCAB = 500
STRATEGIES = ("token", "whole-word", "span")


def make_batch(rows: int, length: int = 128, seed: int = 0) -> tuple[torch.Tensor, torch.Tensor]:
    """Rows like the data module makes: [CLS] words... [SEP] [PAD]..., words of 1-4 pieces, a few specials inside."""
    rng = np.random.default_rng(seed)
    ids = rng.integers(len(SPECIALS), VOCAB, size=(rows, length))
    word_ids = np.zeros((rows, length), dtype=np.int64)
    for row in range(rows):
        word_ids[row] = np.repeat(np.arange(length), rng.integers(1, 5, size=length))[:length]
    ids[rng.random((rows, length)) < 0.01] = UNK
    ids[rng.random((rows, length)) < 0.005] = MASK  # a literal [MASK] in the text
    ids[:, 0] = CLS
    word_ids[:, 0] = -1
    ends = rng.integers(length // 2, length, size=rows)
    ends[: rows // 2] = length - 1  # half the rows are full, half padded
    for row, end in enumerate(ends):
        ids[row, end] = SEP
        ids[row, end + 1 :] = PAD
        word_ids[row, end:] = -1 - np.arange(length - end)
    return torch.from_numpy(ids), torch.from_numpy(word_ids)


def run(ids, word_ids, cfg, seed=0):
    return mask_tokens_with_actions(
        ids,
        cfg=cfg,
        vocab_size=VOCAB,
        mask_token_id=MASK,
        special_ids=SPECIALS,
        generator=torch.Generator().manual_seed(seed),
        word_ids=word_ids,
    )


@pytest.fixture(scope="module")
def big_batch():
    return make_batch(8000)  # 1,024,000 positions


# ----------------------------------------------------------------- rates


@pytest.mark.parametrize("rates", [(0.15, 0.8, 0.1), (0.3, 0.6, 0.2), (0.4, 0.5, 0.5)])
@pytest.mark.parametrize("strategy", STRATEGIES)
def test_selection_rate_and_replacement_split(big_batch, strategy, rates):
    ids, word_ids = big_batch
    p, mask_p, random_p = rates
    cfg = MaskingConfig(
        strategy=strategy, mlm_probability=p, mask_replace_prob=mask_p, random_replace_prob=random_p
    )
    stats = masking_statistics(
        ids,
        word_ids,
        cfg,
        vocab_size=VOCAB,
        mask_token_id=MASK,
        special_ids=SPECIALS,
        generator=torch.Generator().manual_seed(7),
    )
    assert stats.n_eligible >= 100_000
    assert stats.selected_rate == pytest.approx(p, abs=0.01)
    assert stats.mask_share == pytest.approx(mask_p, abs=0.01)
    assert stats.random_share == pytest.approx(random_p, abs=0.01)
    assert stats.kept_share == pytest.approx(1 - mask_p - random_p, abs=0.01)
    assert stats.mask_rate + stats.random_rate + stats.kept_rate == pytest.approx(stats.selected_rate)
    assert stats.n_special_selected == 0
    assert stats.n_tokens == ids.numel()


def test_specials_and_padding_are_never_selected_nor_drawn(big_batch):
    ids, word_ids = big_batch
    special = torch.isin(ids, torch.tensor(SPECIALS))
    for strategy in STRATEGIES:
        cfg = MaskingConfig(
            strategy=strategy, mlm_probability=0.5, mask_replace_prob=0.0, random_replace_prob=1.0
        )
        result = run(ids, word_ids, cfg)
        assert (result.labels[special] == IGNORE_INDEX).all()
        assert torch.equal(result.input_ids[special], ids[special])
        random_positions = result.actions == RANDOM
        drawn = result.input_ids[random_positions]
        assert drawn.numel() > 100_000
        assert not torch.isin(drawn, torch.tensor(SPECIALS)).any()
        # The draws cover the ordinary vocabulary evenly.
        counts = torch.bincount(drawn, minlength=VOCAB)[len(SPECIALS) :].double()
        assert (counts > 0).all() and counts.std() / counts.mean() < 0.1


def test_labels_hold_the_original_ids(big_batch):
    ids, word_ids = big_batch[0][:200], big_batch[1][:200]
    result = run(ids, word_ids, MaskingConfig(strategy="token", mlm_probability=0.3))
    selected = result.actions != NOT_SELECTED
    assert torch.equal(result.labels[selected], ids[selected])
    assert (result.labels[~selected] == IGNORE_INDEX).all()
    assert (result.input_ids[result.actions == MASKED] == MASK).all()
    assert torch.equal(result.input_ids[result.actions == KEPT], ids[result.actions == KEPT])
    assert torch.equal(result.input_ids[~selected], ids[~selected])
    masked, labels = mask_tokens(
        ids,
        cfg=MaskingConfig(strategy="token", mlm_probability=0.3),
        vocab_size=VOCAB,
        mask_token_id=MASK,
        special_ids=SPECIALS,
        generator=torch.Generator().manual_seed(0),
        word_ids=word_ids,
    )
    assert torch.equal(masked, result.input_ids) and torch.equal(labels, result.labels)
    assert masked.dtype == torch.long and labels.dtype == torch.long


# ----------------------------------------------------------------- strategies


@pytest.mark.parametrize("strategy", ["whole-word", "span"])
def test_words_stay_whole_with_one_decision(big_batch, strategy):
    ids, word_ids = big_batch[0][:1000], big_batch[1][:1000]
    result = run(ids, word_ids, MaskingConfig(strategy=strategy, mlm_probability=0.3))
    actions = result.actions
    eligible = ~torch.isin(ids, torch.tensor(SPECIALS))
    same_word = (word_ids[:, 1:] == word_ids[:, :-1]) & eligible[:, 1:] & eligible[:, :-1]
    # Within a word, every piece got the same treatment (all selected or none; same 80/10/10 choice).
    assert torch.equal(actions[:, 1:][same_word], actions[:, :-1][same_word])
    n_multi_piece_selected = ((actions[:, 1:] != NOT_SELECTED) & same_word).sum()
    assert n_multi_piece_selected > 1000


def test_span_masking_selects_runs_of_words(big_batch):
    ids, word_ids = big_batch[0][:2000], big_batch[1][:2000]

    def mean_run(strategy):
        return masking_statistics(
            ids,
            word_ids,
            MaskingConfig(strategy=strategy, mlm_probability=0.15),
            vocab_size=VOCAB,
            mask_token_id=MASK,
            special_ids=SPECIALS,
            generator=torch.Generator().manual_seed(3),
        ).mean_span_words

    assert mean_run("token") < 1.3 and mean_run("whole-word") < 1.3
    assert 2.5 < mean_run("span") < 4.5


def test_span_length_sampler_follows_the_truncated_geometric():
    pmf = span_length_pmf(0.2, 10)
    assert pmf.sum() == pytest.approx(1.0)
    assert float(pmf @ np.arange(1, 11)) == pytest.approx(3.8, abs=0.01)  # SpanBERT's reported mean
    for p, max_len in ((0.2, 10), (0.5, 4), (1.0, 10)):
        lengths = sample_span_lengths(
            200_000, p=p, max_len=max_len, generator=torch.Generator().manual_seed(1)
        )
        assert int(lengths.min()) >= 1 and int(lengths.max()) <= max_len
        histogram = np.bincount(lengths.numpy(), minlength=max_len + 1)[1:] / lengths.numel()
        np.testing.assert_allclose(histogram, span_length_pmf(p, max_len), atol=0.004)
    # Clipped at 10: the longest length is actually reached, and no longer one.
    lengths = sample_span_lengths(200_000, p=0.2, max_len=10, generator=torch.Generator().manual_seed(2))
    assert int(lengths.max()) == 10


def test_without_word_ids_every_token_is_a_word(big_batch):
    ids = big_batch[0][:2000]
    for strategy in STRATEGIES:
        stats = masking_statistics(
            ids,
            None,
            MaskingConfig(strategy=strategy, mlm_probability=0.2),
            vocab_size=VOCAB,
            mask_token_id=MASK,
            special_ids=SPECIALS,
            generator=torch.Generator().manual_seed(0),
        )
        assert stats.selected_rate == pytest.approx(0.2, abs=0.01)


# ----------------------------------------------------------------- configuration


def test_shares_above_one_are_refused(big_batch):
    cfg = MaskingConfig(mask_replace_prob=0.8, random_replace_prob=0.3)
    with pytest.raises(ConfigError, match="more than 1"):
        cfg.validate()
    with pytest.raises(ConfigError, match="more than 1"):
        mask_tokens(
            big_batch[0][:2],
            cfg=cfg,
            vocab_size=VOCAB,
            mask_token_id=MASK,
            special_ids=SPECIALS,
            generator=torch.Generator().manual_seed(0),
        )


def test_bad_inputs_are_refused(big_batch):
    ids, word_ids = big_batch[0][:4], big_batch[1][:4]
    cfg = MaskingConfig()
    kwargs = dict(
        cfg=cfg, mask_token_id=MASK, special_ids=SPECIALS, generator=torch.Generator().manual_seed(0)
    )
    with pytest.raises(ValueError, match="outside the vocabulary"):
        mask_tokens(ids, vocab_size=100, **kwargs)
    with pytest.raises(ValueError, match="word_ids has shape"):
        mask_tokens(ids, vocab_size=VOCAB, word_ids=word_ids[:, :10], **kwargs)
    with pytest.raises(ValueError):
        mask_tokens(ids.reshape(2, 2, -1), vocab_size=VOCAB, **kwargs)


# ----------------------------------------------------------------- determinism


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_same_seed_same_masks_other_seed_other_masks(big_batch, strategy):
    ids, word_ids = big_batch[0][:64], big_batch[1][:64]
    cfg = MaskingConfig(strategy=strategy)
    a, b, c = (
        run(ids, word_ids, cfg, seed=0),
        run(ids, word_ids, cfg, seed=0),
        run(ids, word_ids, cfg, seed=1),
    )
    assert torch.equal(a.input_ids, b.input_ids) and torch.equal(a.labels, b.labels)
    assert not torch.equal(a.labels, c.labels)


def test_eval_masks_are_fixed_whatever_the_training_masking():
    assert (EVAL_MASKING.strategy, EVAL_MASKING.mlm_probability) == ("token", 0.15)
    assert (EVAL_MASKING.mask_replace_prob, EVAL_MASKING.random_replace_prob) == (0.8, 0.1)
    batches = [make_batch(16, 128, seed=s)[0] for s in range(3)]
    kwargs = dict(vocab_size=VOCAB, mask_token_id=MASK, special_ids=SPECIALS)
    torch.manual_seed(1)
    first = eval_masks(batches, **kwargs)
    torch.manual_seed(2)
    torch.rand(100)
    second = eval_masks(batches, **kwargs)
    for (m1, l1), (m2, l2) in zip(first, second, strict=True):
        assert torch.equal(m1, m2) and torch.equal(l1, l2)
    # A batch's masks do not depend on the batches before it.
    other = eval_masks([make_batch(16, 128, seed=9)[0], batches[1]], **kwargs)
    assert torch.equal(other[1][1], first[1][1])
    assert not torch.equal(eval_masks(batches, seed=EVAL_SEED + 1, **kwargs)[0][1], first[0][1])
    labels = torch.cat([label for _, label in first])
    eligible = ~torch.isin(torch.cat(batches), torch.tensor(SPECIALS))
    assert (labels != IGNORE_INDEX).sum() / eligible.sum() == pytest.approx(0.15, abs=0.02)


def test_derive_seed_mixes_its_parts():
    seeds = {derive_seed(0, i, k) for i in range(100) for k in range(3)}
    assert len(seeds) == 300
    assert derive_seed(0, 1, 2) == derive_seed(0, 1, 2) != derive_seed(0, 2, 1)
    torch.Generator().manual_seed(derive_seed(2**31 - 1, 10**9, 99))  # fits a generator seed


def test_single_sequence_and_masking_preview(big_batch):
    """A 1-D sequence works too (the GUI's masking preview)."""
    ids = big_batch[0][0]
    result = mask_tokens_with_actions(
        ids,
        cfg=replace(EVAL_MASKING, mlm_probability=0.5),
        vocab_size=VOCAB,
        mask_token_id=MASK,
        special_ids=SPECIALS,
        generator=torch.Generator().manual_seed(0),
    )
    assert result.input_ids.shape == ids.shape and result.actions.shape == ids.shape
    assert set(result.actions.unique().tolist()) <= {NOT_SELECTED, MASKED, RANDOM, KEPT}


# ----------------------------------------------------------------- Chinese text

_ZH_WORDS = "我 你 他 喜欢 自然 语言 处理 机器 学习 今天 天气 很 好 我们 一起 去 学校 看书 北京 城市 朋友 吃饭 的 了".split()


@pytest.fixture(scope="module", params=["characters", "jieba"])
def chinese_batch(request):
    """Rows of a real tokenizer's ids and word ids over Chinese text, half the lines spaced by word.

    The unspaced half is grouped by jieba when it is installed, else one word per character.
    """
    from mlmstudio.config import TokenizerConfig
    from mlmstudio.engine.tokenization import MLMTokenizer

    if request.param == "jieba":
        pytest.importorskip("jieba")
    rng = np.random.default_rng(3)
    lines = []
    for n in range(6000):
        words = list(rng.choice(_ZH_WORDS, size=int(rng.integers(8, 20))))
        lines.append((" " if n % 2 else "").join(words) + "。")
    with pytest.MonkeyPatch.context() as patch:
        if request.param == "characters":
            patch.setitem(sys.modules, "jieba", None)
        tok = MLMTokenizer.train(["\n".join(lines)], TokenizerConfig(kind="wordpiece", vocab_size=200))
        ids, words = tok.encode_batch_with_words([line + "\n" for line in lines])
    length = 126
    rows = len(ids) // length
    ids = ids[: rows * length].reshape(rows, length)
    words = words[: rows * length].reshape(rows, length)
    cls = np.full((rows, 1), CLS)
    sep = np.full((rows, 1), SEP)
    batch = np.concatenate([cls, ids, sep], axis=1)
    word_ids = np.concatenate([np.full((rows, 1), -1), words, np.full((rows, 1), -2)], axis=1)
    return torch.from_numpy(batch).long(), torch.from_numpy(word_ids).long(), tok.vocab_size, request.param


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_masking_rates_hold_on_chinese_text(chinese_batch, strategy):
    ids, word_ids, vocab, grouping = chinese_batch
    # Words of several characters exist (the spaced half, and jieba's words). Without jieba most
    # are single characters; with it most of the unspaced half's words are whole too.
    sizes = np.unique(word_ids[:, 1:-1].numpy(), return_counts=True)[1]
    single = float((sizes == 1).mean())
    assert sizes.max() >= 2
    assert 0.5 < single < 0.95 if grouping == "characters" else single < 0.5
    cfg = MaskingConfig(strategy=strategy, mlm_probability=0.15)
    stats = masking_statistics(
        ids,
        word_ids,
        cfg,
        vocab_size=vocab,
        mask_token_id=MASK,
        special_ids=SPECIALS,
        generator=torch.Generator().manual_seed(11),
    )
    assert stats.n_eligible >= 100_000
    assert stats.selected_rate == pytest.approx(0.15, abs=0.01)
    assert stats.mask_share == pytest.approx(0.8, abs=0.01)
    assert stats.random_share == pytest.approx(0.1, abs=0.01)
    assert stats.kept_share == pytest.approx(0.1, abs=0.01)
    assert stats.n_special_selected == 0
