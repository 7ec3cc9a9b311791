"""Tiny transformers folders of each family, built locally (no hub), for the import tests.

Each folder is what ``save_pretrained`` writes: config.json, model.safetensors and the
tokenizer files, with a tokenizer trained here by the ``tokenizers`` library in the family's
own style (WordPiece with ``[MASK]``, byte-level BPE or SentencePiece-like Unigram with
``<mask>``) and its special tokens at the ids the family uses, not at 0..4, so the import's
permutation is exercised. Every weight is perturbed away from its initial value (LayerNorms
not 1, biases not 0), so a mapping that swaps two tensors cannot pass a parity test.

Import it as ``from hf_family_models import build_family`` (tests/ is on the path).
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

import torch  # noqa: E402
from tokenizers import (
    AddedToken,
    Tokenizer,
    decoders,
    models,
    normalizers,
    pre_tokenizers,
    processors,
    trainers,
)  # noqa: E402

TEXT = [
    "the cat sat on the mat .",
    "the dog sat on the rug .",
    "the bird flew over the tree .",
    "a fish swam under the boat .",
    "paris is the capital of france .",
    "berlin is the capital of germany .",
    "the sky is blue and the grass is green .",
    "two plus three is five .",
] * 4

# The families the tests build, and the ones an import maps exactly.
FAMILIES = ("bert", "distilbert", "roberta", "xlm-roberta", "electra")

# Written with the engine's [MASK]; a model whose own mask is <mask> is asked with that in its place.
QUESTIONS = ["the cat sat on the [MASK] .", "paris is the [MASK] of [MASK] .", "[MASK] dog sat on the rug ."]


def wordpiece_tokenizer() -> Tokenizer:
    """BERT's way: lower-cased WordPiece, [PAD] at 0, [UNK] [CLS] [SEP] [MASK] after two unused ids."""
    specials = ["[PAD]", "[unused0]", "[unused1]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tok.normalizer = normalizers.BertNormalizer(lowercase=True)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.decoder = decoders.WordPiece(prefix="##")
    tok.train_from_iterator(TEXT, trainers.WordPieceTrainer(vocab_size=200, special_tokens=specials))
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]",
        pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", tok.token_to_id("[CLS]")), ("[SEP]", tok.token_to_id("[SEP]"))],
    )
    return tok


def byte_bpe_tokenizer() -> Tokenizer:
    """RoBERTa's way: byte-level BPE, <s> <pad> </s> <unk> at 0..3, <mask> at the end."""
    tok = Tokenizer(models.BPE(unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(
        TEXT,
        trainers.BpeTrainer(
            vocab_size=320,  # the 256 bytes and some merges
            special_tokens=["<s>", "<pad>", "</s>", "<unk>"],
            initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        ),
    )
    tok.add_special_tokens([AddedToken("<mask>", special=True, lstrip=True, normalized=False)])
    tok.post_processor = processors.RobertaProcessing(
        ("</s>", tok.token_to_id("</s>")), ("<s>", tok.token_to_id("<s>"))
    )
    return tok


def unigram_tokenizer() -> Tokenizer:
    """XLM-RoBERTa's way: SentencePiece-like Unigram with ▁ word starts, <mask> at the end."""
    tok = Tokenizer(models.Unigram())
    tok.pre_tokenizer = pre_tokenizers.Metaspace()
    tok.decoder = decoders.Metaspace()
    tok.train_from_iterator(
        TEXT,
        trainers.UnigramTrainer(
            vocab_size=150, special_tokens=["<s>", "<pad>", "</s>", "<unk>"], unk_token="<unk>"
        ),
    )
    tok.add_special_tokens([AddedToken("<mask>", special=True, lstrip=True, normalized=False)])
    tok.post_processor = processors.TemplateProcessing(
        single="<s> $A </s>",
        pair="<s> $A </s> </s> $B </s>",
        special_tokens=[("<s>", tok.token_to_id("<s>")), ("</s>", tok.token_to_id("</s>"))],
    )
    return tok


def _save_tokenizer(tok: Tokenizer, out: Path, style: str) -> None:
    from transformers import PreTrainedTokenizerFast

    if style == "bert":
        names = dict(
            unk_token="[UNK]", sep_token="[SEP]", pad_token="[PAD]", cls_token="[CLS]", mask_token="[MASK]"
        )
    else:
        names = dict(
            bos_token="<s>",
            eos_token="</s>",
            unk_token="<unk>",
            sep_token="</s>",
            pad_token="<pad>",
            cls_token="<s>",
            mask_token="<mask>",
        )
    PreTrainedTokenizerFast(tokenizer_object=tok, model_max_length=64, **names).save_pretrained(out)


def _perturb(model: torch.nn.Module, seed: int) -> None:
    generator = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for p in model.parameters():
            p.add_(torch.randn(p.shape, generator=generator) * 0.1)


def build_family(family: str, out: Path, *, head: bool = True, seed: int = 0) -> Path:
    """Save a tiny random ``family`` model with its tokenizer into ``out``; return ``out``."""
    import transformers as tf

    torch.manual_seed(seed)
    common = dict(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64)
    if family in ("bert", "distilbert", "electra", "electra-discriminator"):
        tok, style = wordpiece_tokenizer(), "bert"
    elif family == "roberta":
        tok, style = byte_bpe_tokenizer(), "roberta"
    elif family == "xlm-roberta":
        tok, style = unigram_tokenizer(), "roberta"
    else:
        raise ValueError(family)
    vocab = tok.get_vocab_size(with_added_tokens=True)
    pad = tok.token_to_id("[PAD]" if style == "bert" else "<pad>")
    if family == "bert":
        config = tf.BertConfig(
            vocab_size=vocab, max_position_embeddings=64, type_vocab_size=2, pad_token_id=pad, **common
        )
        model = (tf.BertForMaskedLM if head else tf.BertModel)(config)
    elif family == "distilbert":
        config = tf.DistilBertConfig(
            vocab_size=vocab,
            dim=32,
            n_layers=2,
            n_heads=4,
            hidden_dim=64,
            max_position_embeddings=64,
            pad_token_id=pad,
        )
        model = tf.DistilBertForMaskedLM(config)
    elif family == "electra-discriminator":  # replaced-token detection, no fill-mask head
        config = tf.ElectraConfig(
            vocab_size=vocab, embedding_size=32, max_position_embeddings=64, pad_token_id=pad, **common
        )
        model = tf.ElectraForPreTraining(config)
    elif family == "electra":
        config = tf.ElectraConfig(
            vocab_size=vocab, embedding_size=32, max_position_embeddings=64, pad_token_id=pad, **common
        )
        model = tf.ElectraForMaskedLM(config)
    elif family == "roberta":
        config = tf.RobertaConfig(
            vocab_size=vocab,
            max_position_embeddings=64 + pad + 1,
            pad_token_id=pad,
            bos_token_id=tok.token_to_id("<s>"),
            eos_token_id=tok.token_to_id("</s>"),
            type_vocab_size=1,
            **common,
        )
        model = tf.RobertaForMaskedLM(config)
    else:
        config = tf.XLMRobertaConfig(
            vocab_size=vocab,
            max_position_embeddings=64 + pad + 1,
            pad_token_id=pad,
            bos_token_id=tok.token_to_id("<s>"),
            eos_token_id=tok.token_to_id("</s>"),
            type_vocab_size=1,
            **common,
        )
        model = tf.XLMRobertaForMaskedLM(config)
    _perturb(model, seed)
    model.tie_weights()
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out)
    _save_tokenizer(tok, out, style)
    return out
