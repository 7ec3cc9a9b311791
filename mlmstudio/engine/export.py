"""Export a trained model as a Hugging Face ``transformers`` folder that predicts exactly as we do.

Each exportable kind of model maps one to one onto a ``transformers`` class
(``hf_compat`` holds the rule, free of torch):

- ``seed`` is BERT's own layout (learned positions, post-LN blocks, exact
  GELU, the same prediction head): ``BertForMaskedLM``.
- ``modern`` without the distance bias is a pre-LN encoder (learned
  positions, no embedding LayerNorm, a final LayerNorm, BERT's head, the
  decoder tied to the token embedding): ``XLMRobertaXLForMaskedLM``. Its
  positions are RoBERTa's, counted from ``pad_token_id + 1``, so our position
  rows are written at that offset. With rotary positions (RoPE) it is
  ``EsmForMaskedLM`` (ESM turns q and k exactly as we do).
- ``modern`` with the distance bias is refused rather than approximated.

So ``transformers.pipeline("fill-mask", model=DIR)`` gives the same
predictions as MLM Studio. The export needs neither ``transformers`` nor a
network: it writes ``config.json``, ``model.safetensors`` (renamed and split
weights), and the tokenizer as ``tokenizer.json`` + ``tokenizer_config.json``
+ ``special_tokens_map.json``.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING

import torch

from mlmstudio.engine.artifacts import (
    LoadedModel,
    atomic_save_safetensors,
    atomic_write_text,
    load_model_dir,
)
from mlmstudio.engine.atomic_folder import atomic_folder, carry_over
from mlmstudio.engine.errors import ExportError
from mlmstudio.engine.hf_compat import (  # noqa: F401  (the rule, torch-free)
    BERT,
    ELECTRA,
    ESM,
    NOT_EXPORTABLE,
    XLM_ROBERTA_XL,
    can_export_hf,
    hf_architecture,
)
from mlmstudio.engine.hf_export_common import write_tokenizer

if TYPE_CHECKING:
    from mlmstudio.engine.hf_import.export_back import CardFacts
from mlmstudio.engine.model import rotary_inv_freq
from mlmstudio.engine.output_paths import check_output_folder

log = logging.getLogger(__name__)


def export_hf(
    model_dir: str | os.PathLike,
    out_dir: str | os.PathLike,
    *,
    overwrite: bool = False,
    card_facts: CardFacts | None = None,
) -> Path:
    """Write a transformers folder for the model in model_dir; return its path.

    ``card_facts`` (the history's corpus fingerprint and held-out losses) go into the model card
    of an opened or continued model.

    A folder that already holds files is refused (``OutputExistsError``) unless
    ``overwrite``: the export would replace its README.md, config.json and weights.
    """
    out = check_output_folder(out_dir, overwrite=overwrite, what="export folder")
    loaded = load_model_dir(model_dir)
    ok, reason = can_export_hf(loaded.config)
    if not ok:
        raise ExportError(reason)
    # Written beside its place and renamed into it whole (a kill leaves the old folder or the new
    # one); an overwrite replaces the whole folder, so no file of an earlier export's layout stays.
    with atomic_folder(out, replaceable=lambda _: True) as staging:
        carry_over(out, staging, ours={*EXPORT_FILES, "README.md", *ELECTRA_FOLDERS})
        from mlmstudio.engine.hf_import.convert import ORIGIN_FILE
        from mlmstudio.engine.hf_import.export_back import (
            exports_back,
            model_card,
            origin_misfit,
            origin_of,
            write_original,
        )

        origin = origin_of(Path(model_dir), loaded.config)
        if origin is None and (Path(model_dir) / ORIGIN_FILE).is_file():
            raise ExportError(
                f"The origin.json in {model_dir} (where its model came from) cannot be read, so the "
                "export would lose the model's own class, token ids and mask spelling. Nothing was "
                "exported; copy the run folder again, or remove its origin.json to export it in "
                "MLM Studio's own layout."
            )
        misfit = origin_misfit(loaded, origin) if origin is not None else ""
        if misfit:
            raise ExportError(
                f"The origin recorded for the model in {model_dir} (origin.json, where it came from) "
                f"does not fit it: {misfit}. Nothing was exported; copy the run folder again, or "
                "remove its origin.json to export it in MLM Studio's own layout."
            )
        if exports_back(origin):  # an opened or continued model: its own class, ids and spellings
            assert origin is not None
            write_original(loaded, origin, staging)
            atomic_write_text(staging / "README.md", model_card(loaded, origin, Path(model_dir), card_facts))
        elif hf_architecture(loaded.config) == ELECTRA:  # two folders: engine/electra_export.py
            from mlmstudio.engine.electra_export import export_electra

            export_electra(loaded, staging, Path(model_dir))
        else:
            config, weights = hf_layout(loaded)
            atomic_save_safetensors(weights, staging / "model.safetensors", metadata={"format": "pt"})
            write_tokenizer(loaded, staging)
            atomic_write_text(staging / "config.json", json.dumps(config, indent=2, sort_keys=True))
            atomic_write_text(staging / "README.md", _model_card(loaded, Path(model_dir)))
    log.info("Exported %s to %s", model_dir, out)
    return out


EXPORT_FILES = (
    "config.json",
    "model.safetensors",
    "tokenizer.json",
    "tokenizer_config.json",
    "special_tokens_map.json",
)
ELECTRA_FOLDERS = ("discriminator", "generator")


def hf_layout(loaded: LoadedModel) -> tuple[dict, dict[str, torch.Tensor]]:
    """(config.json as a dict, weights under transformers' names) for a model, by its kind."""
    arch = hf_architecture(loaded.config)
    if arch == BERT:
        return bert_config(loaded), bert_state_dict(loaded)
    if arch == XLM_ROBERTA_XL:
        return xlm_roberta_xl_config(loaded), xlm_roberta_xl_state_dict(loaded)
    if arch == ESM:
        return esm_config(loaded), esm_state_dict(loaded)
    raise ExportError(can_export_hf(loaded.config)[1])


def bert_config(loaded: LoadedModel) -> dict:
    """The BertConfig (as a dict) that describes the seed model exactly."""
    cfg = loaded.config.model
    tok = loaded.tokenizer
    return {
        "architectures": [BERT],
        "model_type": "bert",
        "vocab_size": tok.vocab_size,
        "hidden_size": cfg.d_model,
        "num_hidden_layers": cfg.num_layers,
        "num_attention_heads": cfg.num_heads,
        "intermediate_size": cfg.ffn_width,
        "hidden_act": "gelu",  # exact (erf) GELU, as nn.GELU() and activation="gelu"
        "max_position_embeddings": cfg.max_len,
        # One token type whose embedding is zero: it adds nothing, as in our model.
        "type_vocab_size": 1,
        "layer_norm_eps": cfg.layer_norm_eps,
        "hidden_dropout_prob": cfg.dropout,
        "attention_probs_dropout_prob": cfg.dropout,
        "initializer_range": 0.02,
        "position_embedding_type": "absolute",
        "pad_token_id": tok.pad_token_id,
        # Our decoder has its own weights; BERT would otherwise tie them to the embeddings.
        "tie_word_embeddings": False,
        "is_decoder": False,
        "add_cross_attention": False,
        "use_cache": False,
        "dtype": "float32",
    }


def bert_state_dict(loaded: LoadedModel) -> dict[str, torch.Tensor]:
    """Our seed weights under BertForMaskedLM's names (attention in_proj split into q, k, v)."""
    sd = {k: v.detach().cpu() for k, v in loaded.model.state_dict().items()}
    d = loaded.config.model.d_model
    out = {
        "bert.embeddings.word_embeddings.weight": sd["tok_emb.weight"],
        "bert.embeddings.position_embeddings.weight": sd["pos_emb.weight"],
        "bert.embeddings.token_type_embeddings.weight": torch.zeros(1, d),
        "bert.embeddings.LayerNorm.weight": sd["emb_norm.weight"],
        "bert.embeddings.LayerNorm.bias": sd["emb_norm.bias"],
    }
    for i in range(loaded.config.model.num_layers):
        src, dst = f"encoder.layers.{i}.", f"bert.encoder.layer.{i}."
        q, k, v = sd[src + "self_attn.in_proj_weight"].split(d, dim=0)  # each [d, d]
        qb, kb, vb = sd[src + "self_attn.in_proj_bias"].split(d, dim=0)  # each [d]
        for name, w, b in (("query", q, qb), ("key", k, kb), ("value", v, vb)):
            out[f"{dst}attention.self.{name}.weight"] = w.clone()
            out[f"{dst}attention.self.{name}.bias"] = b.clone()
        renames = {
            "self_attn.out_proj": "attention.output.dense",
            "norm1": "attention.output.LayerNorm",  # post-LN: norm(x + attention(x))
            "linear1": "intermediate.dense",
            "linear2": "output.dense",
            "norm2": "output.LayerNorm",  # post-LN: norm(x + ffn(x))
        }
        for ours, theirs in renames.items():
            out[f"{dst}{theirs}.weight"] = sd[f"{src}{ours}.weight"]
            out[f"{dst}{theirs}.bias"] = sd[f"{src}{ours}.bias"]
    out.update(
        {
            "cls.predictions.transform.dense.weight": sd["head.0.weight"],
            "cls.predictions.transform.dense.bias": sd["head.0.bias"],
            "cls.predictions.transform.LayerNorm.weight": sd["head.2.weight"],
            "cls.predictions.transform.LayerNorm.bias": sd["head.2.bias"],
            "cls.predictions.decoder.weight": sd["decoder.weight"],
            "cls.predictions.decoder.bias": sd["decoder.bias"],
            # BertLMPredictionHead keeps the decoder bias also as its own parameter.
            "cls.predictions.bias": sd["decoder.bias"].clone(),
        }
    )
    return {k: v.contiguous() for k, v in out.items()}


def xlm_roberta_xl_config(loaded: LoadedModel) -> dict:
    """The XLMRobertaXLConfig (as a dict) that describes the modern model without distance bias exactly."""
    cfg = loaded.config.model
    tok = loaded.tokenizer
    return {
        "architectures": [XLM_ROBERTA_XL],
        "model_type": "xlm-roberta-xl",
        "vocab_size": tok.vocab_size,
        "hidden_size": cfg.d_model,
        "num_hidden_layers": cfg.num_layers,
        "num_attention_heads": cfg.num_heads,
        "intermediate_size": cfg.ffn_width,
        "hidden_act": "gelu",  # exact (erf) GELU, as F.gelu
        # RoBERTa counts positions from pad_token_id + 1 (pad tokens sit at pad_token_id).
        "max_position_embeddings": cfg.max_len + tok.pad_token_id + 1,
        "type_vocab_size": 1,  # one token type whose embedding is zero: it adds nothing
        "layer_norm_eps": cfg.layer_norm_eps,
        "hidden_dropout_prob": cfg.dropout,
        "attention_probs_dropout_prob": cfg.dropout,
        "initializer_range": 0.02,
        "pad_token_id": tok.pad_token_id,
        "bos_token_id": tok.cls_token_id,
        "eos_token_id": tok.sep_token_id,
        "tie_word_embeddings": True,  # our decoder is the token embedding
        "is_decoder": False,
        "add_cross_attention": False,
        "use_cache": False,
        "dtype": "float32",
    }


def xlm_roberta_xl_state_dict(loaded: LoadedModel) -> dict[str, torch.Tensor]:
    """Our modern weights under XLMRobertaXLForMaskedLM's names (fused qkv split into q, k, v).

    The tied decoder weight is not written: transformers ties it to the word
    embeddings on loading, as our model does.
    """
    sd = {k: v.detach().cpu().float() for k, v in loaded.model.state_dict().items()}
    cfg = loaded.config.model
    d, pad = cfg.d_model, loaded.tokenizer.pad_token_id
    positions = torch.zeros(cfg.max_len + pad + 1, d)
    if "pos_emb.weight" in sd:  # (rotary models have none; esm_state_dict drops the rows)
        positions[pad + 1 :] = sd["pos_emb.weight"]  # our position i is RoBERTa's pad + 1 + i
    out = {
        "roberta.embeddings.word_embeddings.weight": sd["tok_emb.weight"],
        "roberta.embeddings.position_embeddings.weight": positions,
        "roberta.embeddings.token_type_embeddings.weight": torch.zeros(1, d),
        "roberta.encoder.LayerNorm.weight": sd["final_norm.weight"],
        "roberta.encoder.LayerNorm.bias": sd["final_norm.bias"],
    }
    for i in range(cfg.num_layers):
        src, dst = f"blocks.{i}.", f"roberta.encoder.layer.{i}."
        q, k, v = sd[src + "attn.qkv.weight"].split(d, dim=0)  # each [d, d]
        qb, kb, vb = sd[src + "attn.qkv.bias"].split(d, dim=0)  # each [d]
        for name, w, b in (("query", q, qb), ("key", k, kb), ("value", v, vb)):
            out[f"{dst}attention.self.{name}.weight"] = w.clone()
            out[f"{dst}attention.self.{name}.bias"] = b.clone()
        renames = {
            "ln1": "attention.self_attn_layer_norm",  # pre-LN: x + attention(norm(x))
            "attn.proj": "attention.output.dense",
            "ln2": "LayerNorm",  # pre-LN: x + ffn(norm(x))
            "ffn.fc1": "intermediate.dense",
            "ffn.fc2": "output.dense",
        }
        for ours, theirs in renames.items():
            out[f"{dst}{theirs}.weight"] = sd[f"{src}{ours}.weight"]
            out[f"{dst}{theirs}.bias"] = sd[f"{src}{ours}.bias"]
    out.update(
        {
            "lm_head.dense.weight": sd["head.dense.weight"],
            "lm_head.dense.bias": sd["head.dense.bias"],
            "lm_head.layer_norm.weight": sd["head.norm.weight"],
            "lm_head.layer_norm.bias": sd["head.norm.bias"],
            "lm_head.bias": sd["decoder_bias"],
        }
    )
    return {k: v.contiguous() for k, v in out.items()}


def esm_config(loaded: LoadedModel) -> dict:
    """The EsmConfig (as a dict) that describes the modern model with rotary positions exactly."""
    config = xlm_roberta_xl_config(loaded)
    config.update(
        {
            "architectures": [ESM],
            "model_type": "esm",
            "position_embedding_type": "rotary",
            "rope_theta": 10000.0,
            "max_position_embeddings": loaded.config.model.max_len,
            "mask_token_id": loaded.tokenizer.mask_token_id,
            "emb_layer_norm_before": False,  # no embedding LayerNorm, as ours
            # ESM-2's rescaling of masked inputs: kept by an opened ESM model, off for ours.
            "token_dropout": loaded.config.model.token_dropout_id >= 0,
            "is_folding_model": False,
        }
    )
    for key in ("type_vocab_size", "bos_token_id", "eos_token_id", "use_cache"):
        config.pop(key)
    return config


def esm_state_dict(loaded: LoadedModel) -> dict[str, torch.Tensor]:
    """Our rotary modern weights under EsmForMaskedLM's names (the tied decoder left to transformers).

    ESM's contact-prediction head (a logistic regression over attention maps) is
    part of its model but not of ours: it is written as zeros, unused by fill-mask.
    """
    cfg = loaded.config.model
    out: dict[str, torch.Tensor] = {}
    for name, tensor in xlm_roberta_xl_state_dict(loaded).items():
        if name.startswith(("roberta.embeddings.position_embeddings", "roberta.embeddings.token_type")):
            continue  # rotary positions have no vectors; ESM has no token types
        out[
            (
                name.replace("roberta.embeddings.", "esm.embeddings.")
                .replace("roberta.encoder.LayerNorm.", "esm.encoder.emb_layer_norm_after.")
                .replace("roberta.encoder.layer.", "esm.encoder.layer.")
                .replace(".attention.self_attn_layer_norm.", ".attention.LayerNorm.")
            )
        ] = tensor
    out["esm.rotary_embeddings.inv_freq"] = rotary_inv_freq(cfg.d_model // cfg.num_heads)
    out["esm.contact_head.regression.weight"] = torch.zeros(1, cfg.num_layers * cfg.num_heads)
    out["esm.contact_head.regression.bias"] = torch.zeros(1)
    return out


def _model_card(loaded: LoadedModel, source: Path) -> str:
    cfg = loaded.config
    return (
        "# A masked language model trained with MLM Studio\n\n"
        f"Exported from `{source.name}`: a BERT-style encoder, `{hf_architecture(cfg)}` in "
        f"transformers ({cfg.model.arch} architecture, {cfg.model.num_layers} layers, "
        f"hidden size {cfg.model.d_model}, {cfg.model.num_heads} heads, vocabulary "
        f"{loaded.tokenizer.vocab_size}, {cfg.tokenizer.kind} tokenizer), trained on `{cfg.corpus.source}`.\n\n"
        "```python\n"
        "from transformers import pipeline\n"
        'fill = pipeline("fill-mask", model="PATH/TO/THIS/FOLDER")\n'
        'fill("The cat sat on the [MASK].")\n'
        "```\n"
    )
