"""Export an ELECTRA run as two Hugging Face folders: the discriminator and the generator.

An ELECTRA run (engine/electra.py) is two models over shared embeddings, both
in BERT's post-LN layout, so each maps one to one onto a ``transformers`` class:

    OUT/discriminator/   ElectraForPreTraining: per-token replaced logits
    OUT/generator/       ElectraForMaskedLM: fill-mask (the generator's hidden
                         size is a fraction of the embedding size, with
                         ``embeddings_project``; the LM head is tied to the
                         word embeddings)
    OUT/README.md        how to load both

Each folder gets its own copy of the shared embeddings and the tokenizer, so
either loads alone, offline, with ``from_pretrained(DIR)`` or
``pipeline("fill-mask", model=OUT/generator)``. Like ``engine/export.py``, it
needs neither ``transformers`` nor a network to write them.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

import torch

from mlmstudio.engine.artifacts import LoadedModel, atomic_save_safetensors, atomic_write_text
from mlmstudio.engine.hf_export_common import write_tokenizer

log = logging.getLogger(__name__)

DISCRIMINATOR_DIR = "discriminator"
GENERATOR_DIR = "generator"


def export_electra(loaded: LoadedModel, out: Path, source: Path) -> Path:
    """Write OUT/discriminator and OUT/generator (and a README) for a loaded ELECTRA run."""
    for name, config, weights in (
        (DISCRIMINATOR_DIR, discriminator_config(loaded), discriminator_state_dict(loaded)),
        (GENERATOR_DIR, generator_config(loaded), generator_state_dict(loaded)),
    ):
        folder = out / name
        folder.mkdir(parents=True, exist_ok=True)
        atomic_save_safetensors(weights, folder / "model.safetensors", metadata={"format": "pt"})
        write_tokenizer(loaded, folder)
        atomic_write_text(folder / "config.json", json.dumps(config, indent=2, sort_keys=True))
    atomic_write_text(out / "README.md", _model_card(loaded, source))
    log.info("Exported the ELECTRA run %s to %s", source, out)
    return out


def _base_config(loaded: LoadedModel, architecture: str, hidden: int, ffn: int) -> dict:
    cfg = loaded.config.model
    return {
        "architectures": [architecture],
        "model_type": "electra",
        "vocab_size": loaded.tokenizer.vocab_size,
        "embedding_size": cfg.d_model,
        "hidden_size": hidden,
        "num_hidden_layers": cfg.num_layers,
        "num_attention_heads": cfg.num_heads,
        "intermediate_size": ffn,
        "hidden_act": "gelu",  # exact (erf) GELU, as nn.TransformerEncoderLayer(activation="gelu")
        "max_position_embeddings": cfg.max_len,
        "type_vocab_size": 1,  # one token type whose embedding is zero: it adds nothing
        "layer_norm_eps": cfg.layer_norm_eps,
        "hidden_dropout_prob": cfg.dropout,
        "attention_probs_dropout_prob": cfg.dropout,
        "initializer_range": 0.02,
        "position_embedding_type": "absolute",
        "pad_token_id": loaded.tokenizer.pad_token_id,
        "tie_word_embeddings": True,  # the generator's LM head is the word embedding, as ours
        "is_decoder": False,
        "add_cross_attention": False,
        "use_cache": False,
        "dtype": "float32",
    }


def discriminator_config(loaded: LoadedModel) -> dict:
    cfg = loaded.config.model
    return _base_config(loaded, "ElectraForPreTraining", cfg.d_model, cfg.ffn_width)


def generator_config(loaded: LoadedModel) -> dict:
    cfg = loaded.config.model
    return _base_config(loaded, "ElectraForMaskedLM", cfg.generator_width, cfg.generator_ffn_width)


def _state(loaded: LoadedModel) -> dict[str, torch.Tensor]:
    return {k: v.detach().cpu().float() for k, v in loaded.model.state_dict().items()}


def _embeddings(sd: dict[str, torch.Tensor], d: int) -> dict[str, torch.Tensor]:
    """The shared embeddings, copied for one folder."""
    return {
        "electra.embeddings.word_embeddings.weight": sd["embeddings.tok_emb.weight"].clone(),
        "electra.embeddings.position_embeddings.weight": sd["embeddings.pos_emb.weight"].clone(),
        "electra.embeddings.token_type_embeddings.weight": torch.zeros(1, d),
        "electra.embeddings.LayerNorm.weight": sd["embeddings.norm.weight"].clone(),
        "electra.embeddings.LayerNorm.bias": sd["embeddings.norm.bias"].clone(),
    }


def _encoder(sd: dict[str, torch.Tensor], src: str, width: int, layers: int) -> dict[str, torch.Tensor]:
    """nn.TransformerEncoder layers (post-LN) under ElectraLayer's names; in_proj split into q, k, v."""
    out = {}
    for i in range(layers):
        s, t = f"{src}.layers.{i}.", f"electra.encoder.layer.{i}."
        q, k, v = sd[s + "self_attn.in_proj_weight"].split(width, dim=0)  # each [w, w]
        qb, kb, vb = sd[s + "self_attn.in_proj_bias"].split(width, dim=0)  # each [w]
        for name, w, b in (("query", q, qb), ("key", k, kb), ("value", v, vb)):
            out[f"{t}attention.self.{name}.weight"] = w.clone()
            out[f"{t}attention.self.{name}.bias"] = b.clone()
        for ours, theirs in (
            ("self_attn.out_proj", "attention.output.dense"),
            ("norm1", "attention.output.LayerNorm"),  # post-LN: norm(x + attention(x))
            ("linear1", "intermediate.dense"),
            ("linear2", "output.dense"),
            ("norm2", "output.LayerNorm"),
        ):  # post-LN: norm(x + ffn(x))
            out[f"{t}{theirs}.weight"] = sd[f"{s}{ours}.weight"]
            out[f"{t}{theirs}.bias"] = sd[f"{s}{ours}.bias"]
    return out


def discriminator_state_dict(loaded: LoadedModel) -> dict[str, torch.Tensor]:
    """The discriminator under ElectraForPreTraining's names."""
    sd, cfg = _state(loaded), loaded.config.model
    out = _embeddings(sd, cfg.d_model)
    out.update(_encoder(sd, "discriminator.encoder", cfg.d_model, cfg.num_layers))
    out.update(
        {
            "discriminator_predictions.dense.weight": sd["discriminator.dense.weight"],
            "discriminator_predictions.dense.bias": sd["discriminator.dense.bias"],
            "discriminator_predictions.dense_prediction.weight": sd["discriminator.prediction.weight"],
            "discriminator_predictions.dense_prediction.bias": sd["discriminator.prediction.bias"],
        }
    )
    return {k: v.contiguous() for k, v in out.items()}


def generator_state_dict(loaded: LoadedModel) -> dict[str, torch.Tensor]:
    """The generator under ElectraForMaskedLM's names; the LM head's weight is the tied word embedding."""
    sd, cfg = _state(loaded), loaded.config.model
    out = _embeddings(sd, cfg.d_model)
    out.update(
        {
            "electra.embeddings_project.weight": sd["generator.project.weight"],
            "electra.embeddings_project.bias": sd["generator.project.bias"],
        }
    )
    out.update(_encoder(sd, "generator.encoder", cfg.generator_width, cfg.num_layers))
    out.update(
        {
            "generator_predictions.dense.weight": sd["generator.dense.weight"],
            "generator_predictions.dense.bias": sd["generator.dense.bias"],
            "generator_predictions.LayerNorm.weight": sd["generator.norm.weight"],
            "generator_predictions.LayerNorm.bias": sd["generator.norm.bias"],
            "generator_lm_head.bias": sd["generator.bias"],
        }
    )
    return {k: v.contiguous() for k, v in out.items()}


def _model_card(loaded: LoadedModel, source: Path) -> str:
    cfg = loaded.config
    m = cfg.model
    return (
        "# An ELECTRA model trained with MLM Studio\n\n"
        f"Exported from `{source.name}`: replaced-token detection (ELECTRA) on `{cfg.corpus.source}`, "
        f"{m.num_layers} layers, hidden size {m.d_model} (generator {m.generator_width}), {m.num_heads} "
        f"heads, vocabulary {loaded.tokenizer.vocab_size}, {cfg.tokenizer.kind} tokenizer.\n\n"
        f"- `{DISCRIMINATOR_DIR}/`: `ElectraForPreTraining`, a logit per token that it was replaced.\n"
        f"- `{GENERATOR_DIR}/`: `ElectraForMaskedLM`, the generator that filled the masks (fill-mask).\n\n"
        "```python\n"
        "import torch\n"
        "from transformers import AutoTokenizer, ElectraForPreTraining, pipeline\n"
        f'tok = AutoTokenizer.from_pretrained("PATH/{DISCRIMINATOR_DIR}")\n'
        f'disc = ElectraForPreTraining.from_pretrained("PATH/{DISCRIMINATOR_DIR}")\n'
        'inputs = tok("The capital of France is banana.", return_tensors="pt")\n'
        "replaced = torch.sigmoid(disc(**inputs).logits)  # per token\n"
        f'fill = pipeline("fill-mask", model="PATH/{GENERATOR_DIR}")\n'
        'fill("The capital of France is [MASK].")\n'
        "```\n"
    )
