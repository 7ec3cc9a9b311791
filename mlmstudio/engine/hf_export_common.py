"""What every Hugging Face export writes the same way: the tokenizer files.

``export.py`` (BERT, XLM-RoBERTa-XL, ESM) and ``electra_export.py`` (the
generator and discriminator folders) both write them; the writer lives here,
below both, so that neither exporter imports the other for it.
"""

from __future__ import annotations

import json
from pathlib import Path

from tokenizers import Tokenizer
from tokenizers.processors import TemplateProcessing

from mlmstudio.config import CLS, MASK, PAD, SEP, UNK
from mlmstudio.engine.artifacts import LoadedModel, atomic_write_text


def write_tokenizer(loaded: LoadedModel, out: Path) -> None:
    """tokenizer.json that frames input as [CLS] text [SEP], as MLM Studio does, plus HF's configs."""
    tok = loaded.tokenizer
    hf = Tokenizer.from_str(tok.to_str())
    hf.post_processor = TemplateProcessing(
        single=f"{CLS} $A {SEP}",
        pair=f"{CLS} $A {SEP} $B {SEP}",  # one token type only (type_vocab_size 1)
        special_tokens=[(CLS, tok.cls_token_id), (SEP, tok.sep_token_id)],
    )
    hf.no_truncation()
    hf.no_padding()
    atomic_write_text(out / "tokenizer.json", hf.to_str())
    specials = {"unk_token": UNK, "sep_token": SEP, "pad_token": PAD, "cls_token": CLS, "mask_token": MASK}
    config = {
        "tokenizer_class": "PreTrainedTokenizerFast",
        "model_max_length": loaded.config.model.max_len,
        "clean_up_tokenization_spaces": False,
        "model_input_names": ["input_ids", "token_type_ids", "attention_mask"],
        **specials,
    }
    atomic_write_text(out / "tokenizer_config.json", json.dumps(config, indent=2, sort_keys=True))
    atomic_write_text(out / "special_tokens_map.json", json.dumps(specials, indent=2, sort_keys=True))
