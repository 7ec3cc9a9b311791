"""Taking an opened (or continued) model back out as the transformers model it came from.

An opened model lives in the engine's own layout with its vocabulary permuted (the specials at
ids 0..4 under the engine's spellings, ``tokenizer_import.py``). ``export-hf`` of such a model
writes the *original* class (``RobertaForMaskedLM`` for a RoBERTa, not ``BertForMaskedLM``),
with every vocabulary row back at the model's own id and the tokenizer in the model's own ids
and spellings (``<mask>`` where it had it), so the export is a drop-in replacement for the
folder it was opened from: ``pipeline("fill-mask")`` on both gives the same answers.

The mapping is the inverse of ``weight_maps.py``, name for name, by the same tables. What is
not restored exactly, and why that changes no prediction: BERT's token-type rows are written
as zeros because the import folded type 0 into the position rows (a type-0 input, which every
single text is, sums to the same vector); RoBERTa's position rows below ``pad + 1``, which no
real token reads, are zeros. The decoder is written untied (the engine trains its own).

A continued run's folder carries its own origin.json, the origin of the model it started from,
written by the trainer with the run's first files (``engine/trainer.py``), so its export needs
neither the opened copy nor the chain of runs behind it. A folder written before that has none;
its origin is then found by following ``TrainingConfig.start_from`` back through continued runs.
An origin that does not fit the model in the folder (another family's layout, a permutation of
another vocabulary) is refused with a sentence rather than written out as a broken model.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch

from mlmstudio.config import SPECIAL_TOKENS, RunConfig
from mlmstudio.engine.artifacts import LoadedModel, atomic_save_safetensors, atomic_write_text
from mlmstudio.engine.hf_import.convert import _MAX_VOCAB_IN_CONFIG, Origin, read_origin
from mlmstudio.engine.hf_import.families import FAMILIES, with_article
from mlmstudio.engine.hf_import.tokenizer_import import ROLES
from mlmstudio.engine.hf_import.weight_maps import _HEAD, _LAYER_NAMES

_MAX_CHAIN = 32  # continued runs of continued runs; a loop in start_from stops here

# model_type -> (the fill-mask class, the encoder's prefix in its weight names)
ORIGINAL_CLASS = {
    "bert": ("BertForMaskedLM", "bert."),
    "distilbert": ("DistilBertForMaskedLM", "distilbert."),
    "roberta": ("RobertaForMaskedLM", "roberta."),
    "xlm-roberta": ("XLMRobertaForMaskedLM", "roberta."),
    "camembert": ("CamembertForMaskedLM", "roberta."),
    "electra": ("ElectraForMaskedLM", "electra."),
}
_ROBERTA_STYLE = ("roberta", "xlm-roberta", "camembert")  # <s> A </s></s> B </s>; positions from pad + 1


def origin_of(model_dir: Path, config: RunConfig) -> Origin | None:
    """The origin of an opened model, or of the model a continued run started from; None if trained here.

    The folder's own origin.json first; without one (a run folder from before continued runs
    carried theirs), the folders named by ``training.start_from``, one after the other."""
    seen: set[str] = set()
    folder, cfg = Path(model_dir), config
    for _ in range(_MAX_CHAIN):
        origin = read_origin(folder)
        if origin is not None:
            return origin
        start = cfg.training.start_from.strip()
        if not start or start in seen:
            return None
        seen.add(start)
        folder = Path(start)
        try:
            cfg = RunConfig.from_json((folder / "config.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return read_origin(folder)
    return None


DISCRIMINATOR = "ElectraForPreTraining"


def original_class_name(config: RunConfig, model_dir: Path | None = None) -> str | None:
    """The transformers class export-hf writes for a run continued from an opened model, else None.

    With ``model_dir`` (the run's folder) its own origin.json is read first."""
    start = config.training.start_from.strip()
    if model_dir is not None:
        origin = origin_of(Path(model_dir), config)
    else:
        origin = origin_of(Path(start), config) if start else None
    if not exports_back(origin):
        return None
    assert origin is not None
    return DISCRIMINATOR if _is_discriminator(origin) else ORIGINAL_CLASS[origin.model_type][0]


def _is_discriminator(origin: Origin) -> bool:
    return origin.model_type == "electra" and origin.architecture == DISCRIMINATOR


def exports_back(origin: Origin | None) -> bool:
    """True when export-hf writes this model's own transformers class (a fill-mask family or an
    ELECTRA discriminator, which goes back out as ElectraForPreTraining alone)."""
    return origin is not None and origin.model_type in ORIGINAL_CLASS


def origin_misfit(loaded: LoadedModel, origin: Origin) -> str:
    """Why ``origin`` cannot be the origin of the model in ``loaded`` ("" when it fits): its family
    maps onto another of the engine's layouts, or its vocabulary permutation is not one of this
    model's rows (an origin.json edited, or copied from another model's folder)."""
    family = FAMILIES.get(origin.model_type)
    if family is None:
        return f"it names the model type {origin.model_type!r}, which MLM Studio does not open"
    expected = "electra" if _is_discriminator(origin) else family.layout
    model = loaded.config.model
    actual = "electra" if model.objective == "electra" else model.arch
    if expected != actual:
        return f"it names {with_article(origin.family)} model, whose layout is not this model's"
    ids = origin.original_ids
    vocab = loaded.tokenizer.vocab_size
    if (
        not isinstance(ids, list)
        or len(ids) > vocab
        or sorted(i if type(i) is int else -1 for i in ids) != list(range(len(ids)))
    ):
        return f"its vocabulary order does not match this model's {vocab:,} tokens"
    # The import writes the model's own vocabulary size into the run's tokenizer settings, and a
    # continued run keeps them (rows added later are not counted there): they must agree.
    recorded = loaded.config.tokenizer.vocab_size
    if recorded != min(len(ids), _MAX_VOCAB_IN_CONFIG):
        return f"it describes a vocabulary of {len(ids):,} tokens, this model's was {recorded:,}"
    if not isinstance(origin.special_tokens, dict) or any(
        not isinstance(origin.special_tokens.get(role), str) for role in ROLES
    ):
        return "its special tokens are incomplete"
    if not isinstance(origin.hf_config, dict):
        return "its config is not a JSON object"
    # Numbers the export allocates rows by: a text, a negative or a huge one would fail inside torch.
    for name, default, low, high in (("type_vocab_size", 2, 1, 1024), ("pad_token_id", 1, 0, len(ids) - 1)):
        value = origin.hf_config.get(name, default)
        if value is None and name == "pad_token_id":  # BERT may have none; RoBERTa's opens only with one
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            return f"its {name} is {value!r}, not a whole number from {low} to {high:,}"
    for names, ours in (
        (("hidden_size", "dim"), model.d_model),
        (("num_hidden_layers", "n_layers"), model.num_layers),
        (("num_attention_heads", "n_heads"), model.num_heads),
    ):
        theirs = next((origin.hf_config[n] for n in names if n in origin.hf_config), ours)
        if theirs != ours:
            return f"its {names[0]} is {theirs!r}, this model's is {ours}"
    positions = origin.hf_config.get("max_position_embeddings", model.max_len)
    if family.names in ("roberta", "xlm-roberta-xl") and isinstance(positions, int):  # from pad + 1
        pad = origin.hf_config.get("pad_token_id", 1)
        positions -= (pad if isinstance(pad, int) else 1) + 1
    if positions != model.max_len:
        return f"it reads {positions!r} positions, this model {model.max_len}"
    return ""


def write_original(loaded: LoadedModel, origin: Origin, out: Path) -> None:
    """config.json, model.safetensors and the tokenizer files of the original class into ``out``."""
    to_original = _to_original(origin, loaded.tokenizer.vocab_size)
    config = original_config(loaded, origin)
    if _is_discriminator(origin):
        weights = discriminator_state(loaded, origin, to_original)
        config["architectures"] = [DISCRIMINATOR]
    else:
        weights = original_state(loaded, origin, to_original)
    atomic_save_safetensors(weights, out / "model.safetensors", metadata={"format": "pt"})
    atomic_write_text(out / "config.json", json.dumps(config, indent=2, sort_keys=True))
    write_original_tokenizer(loaded, origin, to_original, out)


def discriminator_state(
    loaded: LoadedModel, origin: Origin, to_original: list[int]
) -> dict[str, torch.Tensor]:
    """engine/electra.py's discriminator (its embeddings, encoder and replaced-token head) under
    ElectraForPreTraining's names; the engine's generator, which that class lacks, stays out."""
    sd = {k: v.detach().cpu().float() for k, v in loaded.model.state_dict().items()}
    d, hf = loaded.config.model.d_model, origin.hf_config
    out = {
        "electra.embeddings.word_embeddings.weight": _unpermuted(
            sd["embeddings.tok_emb.weight"], to_original
        ),
        "electra.embeddings.position_embeddings.weight": sd["embeddings.pos_emb.weight"],
        "electra.embeddings.token_type_embeddings.weight": torch.zeros(int(hf.get("type_vocab_size", 2)), d),
        "electra.embeddings.LayerNorm.weight": sd["embeddings.norm.weight"],
        "electra.embeddings.LayerNorm.bias": sd["embeddings.norm.bias"],
    }
    out.update(_layers(sd, "discriminator.encoder.layers.", "electra.encoder.layer.", "electra", d))
    for ours, theirs in (("dense", "dense"), ("prediction", "dense_prediction")):
        for part in ("weight", "bias"):
            out[f"discriminator_predictions.{theirs}.{part}"] = sd[f"discriminator.{ours}.{part}"]
    return {k: v.contiguous().clone() for k, v in out.items()}


def _layers(
    sd: dict[str, torch.Tensor], ours: str, theirs: str, names: str, d: int
) -> dict[str, torch.Tensor]:
    """Post-LN layers (nn.TransformerEncoder's names) under a family's names, q/k/v split."""
    theirs_of = _LAYER_NAMES[names]
    out: dict[str, torch.Tensor] = {}
    i = 0
    while f"{ours}{i}.self_attn.in_proj_weight" in sd:
        src, dst = f"{ours}{i}.", f"{theirs}{i}."
        q, k, v = sd[src + "self_attn.in_proj_weight"].split(d, dim=0)
        qb, kb, vb = sd[src + "self_attn.in_proj_bias"].split(d, dim=0)
        for role, w, b in (("q", q, qb), ("k", k, kb), ("v", v, vb)):
            out[f"{dst}{theirs_of[role]}.weight"], out[f"{dst}{theirs_of[role]}.bias"] = w, b
        for name, role in (
            ("self_attn.out_proj", "o"),
            ("norm1", "ln_attn"),
            ("linear1", "ffn_in"),
            ("linear2", "ffn_out"),
            ("norm2", "ln_ffn"),
        ):
            out[f"{dst}{theirs_of[role]}.weight"] = sd[f"{src}{name}.weight"]
            out[f"{dst}{theirs_of[role]}.bias"] = sd[f"{src}{name}.bias"]
        i += 1
    return out


def _to_original(origin: Origin, vocab_size: int) -> list[int]:
    """engine id -> the model's own id; rows added after the import keep their ids (at the end)."""
    ids = list(origin.original_ids)
    return ids + list(range(len(ids), vocab_size))


def _unpermuted(rows: torch.Tensor, to_original: list[int]) -> torch.Tensor:
    out = torch.empty_like(rows)
    out[torch.tensor(to_original)] = rows
    return out


def original_config(loaded: LoadedModel, origin: Origin) -> dict[str, Any]:
    """The source's own config.json, with its class, the vocabulary size and an untied decoder."""
    config = dict(origin.hf_config)
    config.update(
        architectures=[ORIGINAL_CLASS[origin.model_type][0]],
        vocab_size=loaded.tokenizer.vocab_size,
        tie_word_embeddings=False,  # the engine's decoder is its own, trained apart from the embeddings
        dtype="float32",
    )
    config.pop("transformers_version", None)
    return config


def original_state(loaded: LoadedModel, origin: Origin, to_original: list[int]) -> dict[str, torch.Tensor]:
    """The engine's seed weights under the original class's names, vocabulary rows at their own ids."""
    sd = {k: v.detach().cpu().float() for k, v in loaded.model.state_dict().items()}
    names = FAMILIES[origin.model_type].names
    prefix = ORIGINAL_CLASS[origin.model_type][1]
    cfg, hf = loaded.config.model, origin.hf_config
    d = cfg.d_model
    emb = f"{prefix}embeddings."
    out = {
        f"{emb}word_embeddings.weight": _unpermuted(sd["tok_emb.weight"], to_original),
        f"{emb}LayerNorm.weight": sd["emb_norm.weight"],
        f"{emb}LayerNorm.bias": sd["emb_norm.bias"],
    }
    positions = sd["pos_emb.weight"]
    if origin.model_type in _ROBERTA_STYLE:  # the engine's position i is their row pad + 1 + i
        below = int(hf.get("pad_token_id", 1)) + 1
        positions = torch.cat([torch.zeros(below, d), positions])
    out[f"{emb}position_embeddings.weight"] = positions
    if names != "distilbert":  # type 0 lives in the position rows (folded in on import)
        out[f"{emb}token_type_embeddings.weight"] = torch.zeros(int(hf.get("type_vocab_size", 2)), d)
    layer_prefix = prefix + ("transformer.layer." if names == "distilbert" else "encoder.layer.")
    out.update(_layers(sd, "encoder.layers.", layer_prefix, names, d))
    dense, norm, decoder, biases = _HEAD[names]
    bias = _unpermuted(sd["decoder.bias"], to_original)
    out.update(
        {
            f"{dense}.weight": sd["head.0.weight"],
            f"{dense}.bias": sd["head.0.bias"],
            f"{norm}.weight": sd["head.2.weight"],
            f"{norm}.bias": sd["head.2.bias"],
            decoder: _unpermuted(sd["decoder.weight"], to_original),
        }
    )
    for name in biases:  # BERT and RoBERTa keep the decoder bias under two names
        out[name] = bias.clone()
    return {k: v.contiguous().clone() for k, v in out.items()}


def original_tokenizer_json(loaded: LoadedModel, origin: Origin, to_original: list[int]) -> str:
    """tokenizer.json with every id back at the model's own, its specials spelt its way, and its
    framing (``[CLS] A [SEP]`` or ``<s> A </s>``) restored for transformers."""
    data = json.loads(loaded.tokenizer.to_str())
    rename = {SPECIAL_TOKENS[n]: origin.special_tokens[role] for n, role in enumerate(ROLES)}
    model = data["model"]
    if model["type"] == "Unigram":
        pieces: list[Any] = [None] * len(model["vocab"])
        for engine_id, (piece, score) in enumerate(model["vocab"]):
            pieces[to_original[engine_id]] = [rename.get(piece, piece), score]
        model["vocab"] = pieces
        if isinstance(model.get("unk_id"), int):
            model["unk_id"] = to_original[model["unk_id"]]
    else:
        model["vocab"] = {rename.get(t, t): to_original[i] for t, i in model["vocab"].items()}
        if isinstance(model.get("unk_token"), str):
            model["unk_token"] = rename.get(model["unk_token"], model["unk_token"])
    data["added_tokens"] = sorted(
        (
            {**t, "id": to_original[t["id"]], "content": rename.get(t["content"], t["content"])}
            for t in data.get("added_tokens") or []
        ),
        key=lambda t: t["id"],
    )
    cls, sep = origin.special_tokens["cls"], origin.special_tokens["sep"]
    ids = {cls: to_original[SPECIAL_TOKENS.index("[CLS]")], sep: to_original[SPECIAL_TOKENS.index("[SEP]")]}
    pair = (
        f"{cls} $A {sep} {sep} $B {sep}"
        if origin.model_type in _ROBERTA_STYLE
        else f"{cls} $A {sep} $B:1 {sep}:1"
    )
    data["post_processor"] = {
        "type": "TemplateProcessing",
        "single": _template(f"{cls} $A {sep}"),
        "pair": _template(pair),
        "special_tokens": {s: {"id": s, "ids": [i], "tokens": [s]} for s, i in ids.items()},
    }
    data["padding"] = data["truncation"] = None
    return json.dumps(data, ensure_ascii=False)


def _template(text: str) -> list[dict[str, Any]]:
    """A TemplateProcessing template as tokenizer.json spells it ("$A", "$B:1", "[SEP]:1")."""
    parts = []
    for item in text.split():
        name, _, type_id = item.partition(":")
        tid = int(type_id or 0)
        if name in ("$A", "$B"):
            parts.append({"Sequence": {"id": name[1], "type_id": tid}})
        else:
            parts.append({"SpecialToken": {"id": name, "type_id": tid}})
    return parts


def write_original_tokenizer(loaded: LoadedModel, origin: Origin, to_original: list[int], out: Path) -> None:
    atomic_write_text(out / "tokenizer.json", original_tokenizer_json(loaded, origin, to_original))
    specials = {f"{role}_token": origin.special_tokens[role] for role in ROLES}
    if origin.model_type in _ROBERTA_STYLE:
        specials.update(bos_token=origin.special_tokens["cls"], eos_token=origin.special_tokens["sep"])
    config = {
        "tokenizer_class": "PreTrainedTokenizerFast",
        "model_max_length": loaded.config.model.max_len,
        "clean_up_tokenization_spaces": False,
        **specials,
    }
    atomic_write_text(out / "tokenizer_config.json", json.dumps(config, indent=2, sort_keys=True))
    atomic_write_text(out / "special_tokens_map.json", json.dumps(specials, indent=2, sort_keys=True))


@dataclass(frozen=True)
class CardFacts:
    """What the history knows about a run that its folder does not: the corpus and the curve."""

    corpus_sha256: str = ""
    loss_before: float | None = None  # held-out loss at step 0 (the untouched model)
    loss_after: float | None = None


def model_card(loaded: LoadedModel, origin: Origin, source: Path, facts: CardFacts | None = None) -> str:
    """README.md of the export: the base model it came from and what training did to it."""
    facts = facts or CardFacts()
    cls = DISCRIMINATOR if _is_discriminator(origin) else ORIGINAL_CLASS[origin.model_type][0]
    steps = int(loaded.metrics.get("steps") or 0)
    after = facts.loss_after if facts.loss_after is not None else loaded.metrics.get("val_loss")
    trained = steps > 0 or bool(loaded.config.training.start_from.strip())
    lines = [
        f"# {origin.family} {'continued' if trained else 'opened'} with MLM Studio",
        "",
        f"`{cls}` in transformers, exported from `{source.name}`: the base model's own class, token ids "
        f"and special tokens (mask `{origin.mask_token}`).",
        "",
        "## Base model",
        "",
        f"- source: `{origin.source}`",
        f"- family: {origin.family} (`{origin.architecture or origin.model_type}`)",
        f"- weights SHA-256: `{origin.weights_sha256}`",
        f"- parameters: {origin.parameters:,}",
        "",
        "## Continued pretraining",
        "",
    ]
    if trained:
        lines += [
            f"- corpus: `{loaded.config.corpus.source}`",
            f"- corpus fingerprint (SHA-256 of the text): `{facts.corpus_sha256 or 'not recorded'}`",
            f"- steps: {steps:,}",
            f"- held-out loss: {_loss(facts.loss_before)} -> {_loss(after)} (before -> after)",
        ]
    else:
        lines.append("None: these are the base model's weights, as opened.")
    mask = origin.mask_token
    lines += [
        "",
        "```python",
        "from transformers import pipeline",
        'fill = pipeline("fill-mask", model="PATH/TO/THIS/FOLDER")',
        f'fill("The cat sat on the {mask}.")',
        "```",
        "",
    ]
    return "\n".join(lines)


def _loss(value: Any) -> str:
    return f"{float(value):.4f}" if isinstance(value, int | float) else "not recorded"
