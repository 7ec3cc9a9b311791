"""Which transformers models can be opened, and the one sentence for those that cannot.

A family is known by ``model_type`` in its config.json. Each openable family maps exactly onto
one of the engine's own layouts (``seed``: BERT's post-LN encoder; ``modern``: pre-LN with a
final LayerNorm and a tied decoder), so every Explore view and inspection command works on it
unchanged; the mapping itself lives in ``weight_maps.py``. A decoder-only model is refused as
what it is, a text generator; other encoders are refused with the list of families that open.
No torch here: the GUI can ask about a folder before anything heavy loads.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mlmstudio.engine.hf_import.errors import ModelImportError


@dataclass(frozen=True)
class Family:
    """An openable family: its display name, the engine layout it maps onto and its weight names."""

    name: str
    layout: str  # "seed", "modern", or "electra" (engine/electra.py's generator + discriminator)
    names: (
        str  # which weight_maps reader: "bert", "distilbert", "roberta", "electra", "esm", "xlm-roberta-xl"
    )


FAMILIES: dict[str, Family] = {
    "bert": Family("BERT", "seed", "bert"),
    "distilbert": Family("DistilBERT", "seed", "distilbert"),
    "roberta": Family("RoBERTa", "seed", "roberta"),
    "xlm-roberta": Family("XLM-RoBERTa", "seed", "roberta"),
    "camembert": Family("CamemBERT", "seed", "roberta"),
    "electra": Family("ELECTRA", "seed", "electra"),
    "esm": Family("ESM", "modern", "esm"),
    "xlm-roberta-xl": Family("XLM-RoBERTa-XL", "modern", "xlm-roberta-xl"),
}

# An ELECTRA discriminator spots replaced words; it opens beside a new, untrained generator.
ELECTRA_DISCRIMINATOR = Family("ELECTRA discriminator", "electra", "electra")

SUPPORTED = (
    "BERT, DistilBERT, RoBERTa, XLM-RoBERTa, CamemBERT, ELECTRA (generator or discriminator), ESM "
    "and the models MLM Studio exports"
)

# Decoder-only language models: they continue text, they do not fill in blanks.
TEXT_GENERATORS = frozenset(
    {
        "gpt2", "gpt_neo", "gpt_neox", "gptj", "gpt_bigcode", "llama", "mistral", "mixtral", "qwen2",
        "qwen3", "phi", "phi3", "opt", "bloom", "falcon", "gemma", "gemma2", "gemma3", "olmo", "olmo2",
        "stablelm", "starcoder2", "codegen", "ctrl", "xglm", "mpt", "cohere", "granite", "smollm3",
    }
)  # fmt: skip
TEXT_GENERATOR = "this is a text generator, not a masked language model"


def with_article(name: str) -> str:
    """``name`` after the article it is said with: "a BERT", "an ELECTRA", "an ESM", "an albert",
    "an XLM-RoBERTa", "an mpnet", "a llama", "a umt5".

    Chosen by how the name sounds, not by its first letter alone: a vowel (but "u", said "you"
    in every model name) takes "an"; so does a name spelt out letter by letter whose first
    letter's name starts with a vowel sound: "x" (ex) always, "m", "n", "l" or "r" before a
    consonant ("mpnet", "nllb", "lxmert"; "llama" is said as a word). Every sentence that puts
    a family or a model type after an article uses this, never a literal "a".
    """
    word = next((c for c in name.lower() if c.isalnum()), "")
    after = name.lower().lstrip("'\"")[1:2]
    spelt = word in "mnlr" and after and after not in "aeiouy" and after != word
    vowel_sound = word in ("a", "e", "i", "o", "x") or bool(spelt)
    return f"{'an' if word and vowel_sound else 'a'} {name}"


_PLAIN_NAME = re.compile(r"[A-Za-z0-9_.\-]{1,64}")


def shown_type(model_type: str) -> str:
    """A model_type as a sentence shows it: as written when it is a plain name, else quoted and
    cut short, so a newline or a page of text in a damaged config.json stays one short sentence."""
    if _PLAIN_NAME.fullmatch(model_type):
        return model_type
    return repr(model_type[:40] + ("..." if len(model_type) > 40 else ""))


def family_of(config: Mapping[str, Any], where: str) -> Family:
    """The family of a parsed config.json, or a ModelImportError that says why it cannot be opened."""
    model_type = config.get("model_type")
    if not isinstance(model_type, str):  # a list or a number in a damaged file: no model_type at all
        model_type = None
    architectures = config.get("architectures") or []
    if not isinstance(architectures, list):
        architectures = []
    if model_type in TEXT_GENERATORS or any(
        isinstance(a, str) and a.endswith(("ForCausalLM", "LMHeadModel")) for a in architectures
    ):
        raise ModelImportError(
            f"{where} holds {with_article(shown_type(model_type or 'decoder-only'))} model: {TEXT_GENERATOR}. "
            f"MLM Studio opens {SUPPORTED}."
        )
    if not isinstance(model_type, str) or not model_type:
        raise ModelImportError(
            f"The config.json in {where} does not say which kind of model it is (no model_type), so it "
            f"was not written by transformers. MLM Studio opens {SUPPORTED}."
        )
    family = FAMILIES.get(model_type)
    if family is None:
        raise ModelImportError(
            f"{where} holds {with_article(shown_type(model_type))} model, which MLM Studio cannot open yet. "
            f"It opens {SUPPORTED}."
        )
    if model_type == "electra" and any(a == "ElectraForPreTraining" for a in architectures):
        return ELECTRA_DISCRIMINATOR
    return family
