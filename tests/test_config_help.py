"""Every setting's help text starts in plain words and puts the term of art after (issue 9).

These texts are the app's tooltips and the CLI's --help, so they are read by
people who do not know the jargon yet.
"""

from dataclasses import fields

import pytest

from mlmstudio.config import CorpusConfig, MaskingConfig, ModelConfig, TokenizerConfig, TrainingConfig

SECTIONS = (CorpusConfig, TokenizerConfig, MaskingConfig, ModelConfig, TrainingConfig)
JARGON = (
    "pre-LN",
    "AdamW",
    "geometric",
    "bf16",
    "nats",
    "ALiBi",
    "optimizer",
    "gradient",
    "d_model",
    "hidden size",
    "dropout",
    "SpanBERT",
    "RoBERTa",
    "mlm_probability",
    "[UNK]",
)
ALL_FIELDS = [(cls.__name__, f) for cls in SECTIONS for f in fields(cls)]


@pytest.mark.parametrize("section,f", ALL_FIELDS, ids=[f"{s}.{f.name}" for s, f in ALL_FIELDS])
def test_help_is_a_plain_sentence_before_any_jargon(section, f):
    text = f.metadata.get("help", "")
    assert len(text) >= 30, f"{section}.{f.name} has no real help text"
    assert text[0].isupper() or text[0].isdigit() or text.startswith("'"), text
    for term in JARGON:
        at = text.find(term)
        if at >= 0:  # the plain explanation comes first: at least a few words before the term
            assert len(text[:at].split()) >= 4, f"{section}.{f.name} opens with jargon: {text!r}"


def test_the_examples_of_the_issue_are_explained_first():
    bias = next(f for f in fields(ModelConfig) if f.name == "distance_bias").metadata["help"]
    assert bias.startswith("Distance bias: each token pays more attention to its neighbours (ALiBi-style).")
    arch = next(f for f in fields(ModelConfig) if f.name == "arch").metadata["help"]
    assert "fast pre-LN encoder" not in arch
