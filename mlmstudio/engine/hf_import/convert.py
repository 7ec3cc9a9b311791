"""Opening a transformers folder: check it, map it, and write an ordinary engine model folder.

The result is a model folder like the ones training writes (config.json with a RunConfig,
tokenizer.json, model.safetensors), plus ``origin.json`` saying where it came from: source
path, family, the transformers class and config, the SHA-256 of the weights, the parameter
count, the model's own special-token spellings and the vocabulary permutation. So
``Predictor.from_dir`` and everything built on it (Explore, fill, score, attention,
neighbours, token-loss) work unchanged, and training from it is a later step of the same kind.
The origin lives in its own file rather than in config.json because RunConfig describes how to
*train* a model and refuses unknown sections; an import is a fact about the weights.

Every check runs before anything is written, and the folder is written under a temporary name
and renamed at the end, so a refusal or a crash leaves nothing behind.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from mlmstudio import bounded_json
from mlmstudio.config import (
    ConfigError,
    CorpusConfig,
    ModelConfig,
    RunConfig,
    TokenizerConfig,
    TrainingConfig,
)
from mlmstudio.engine.artifacts import atomic_write_text, save_model_dir
from mlmstudio.engine.hf_import.errors import ModelImportError
from mlmstudio.engine.hf_import.folder import (
    config_float,
    config_int,
    config_pad_id,
    load_weights,
    read_config,
)
from mlmstudio.engine.hf_import.tokenizer_import import ImportedTokenizer, import_tokenizer
from mlmstudio.engine.hf_import.weight_maps import (
    common_parts,
    electra_discriminator_state,
    modern_state,
    seed_state,
    vocabulary_rows_problem,
)
from mlmstudio.engine.memory import model_memory_shortage
from mlmstudio.engine.model_factory import build_model
from mlmstudio.engine.run_files import ORIGIN_FILE
from mlmstudio.engine.temp_files import temp_folder

log = logging.getLogger(__name__)

UNTRAINED_HEAD_NOTE = (
    "This model was saved without its fill-mask head, so the head is new and untrained: its "
    "predictions mean nothing until it is trained."
)
DISCRIMINATOR_NOTE = (
    "This is an ELECTRA discriminator: its replaced-word detector (detect) is its own, trained, but "
    "its fill-mask generator is new and untrained, so fill's predictions mean nothing until it is trained."
)
_MAX_LEN_RANGE = (
    int(ModelConfig.__dataclass_fields__["max_len"].metadata["min"]),
    int(ModelConfig.__dataclass_fields__["max_len"].metadata["max"]),
)
_MAX_VOCAB_IN_CONFIG = 200_000  # TokenizerConfig's bound (a training setting; the file's vocabulary rules)


@dataclass(frozen=True)
class Origin:
    """Where an opened model came from (origin.json)."""

    source: str
    family: str
    model_type: str
    architecture: str
    weights_sha256: str
    parameters: int  # as transformers counts them (the weights file's tensors)
    head_is_new: bool
    mask_token: str  # the model's own spelling of the mask ("[MASK]", "<mask>")
    special_tokens: dict[str, str]  # role -> the model's own spelling
    original_ids: list[int]  # engine id -> the model's own id
    hf_config: dict[str, Any]

    @property
    def note(self) -> str:
        if self.architecture == "ElectraForPreTraining":  # its detector is trained: only fill is not
            return DISCRIMINATOR_NOTE
        return UNTRAINED_HEAD_NOTE if self.head_is_new else ""

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1, sort_keys=True)


MAX_ORIGIN_BYTES = 100_000_000  # the whole vocabulary permutation of a very large model fits


def parse_origin(text: str | bytes) -> Origin:
    """The origin that an origin.json's text holds; ValueError or TypeError when it holds none."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")  # UnicodeDecodeError is a ValueError
    data = bounded_json.loads(text.removeprefix("\ufeff"))  # an origin.json saved by an editor with a BOM
    if not isinstance(data, dict):
        raise ValueError("it is not a JSON object")
    return Origin(**data)


def read_origin_bytes(model_dir: Path) -> tuple[bytes, Origin | None] | None:
    """(the bytes of a folder's origin.json, its origin or None when they hold none), read once;
    None when the folder has no origin.json. Raises OSError when it cannot be read."""
    file = Path(model_dir) / ORIGIN_FILE
    if not file.is_file():
        return None
    with open(file, "rb") as f:
        data = f.read(MAX_ORIGIN_BYTES + 1)
    if len(data) > MAX_ORIGIN_BYTES:
        return data, None
    try:
        return data, parse_origin(data.decode("utf-8"))
    except (ValueError, TypeError) as exc:
        log.warning("Ignoring unreadable %s: %s", file, exc)
        return data, None


def read_origin(model_dir: Path) -> Origin | None:
    """The origin of an opened model's folder, or None for a model trained here."""
    file = Path(model_dir) / ORIGIN_FILE
    if not file.is_file():
        return None
    try:
        return parse_origin(bounded_json.read_text(file, max_bytes=MAX_ORIGIN_BYTES))
    except (OSError, ValueError, TypeError) as exc:
        log.warning("Ignoring unreadable %s: %s", file, exc)
        return None


def open_transformers_folder(source: str | os.PathLike, out_dir: str | os.PathLike) -> Origin:
    """Check the transformers folder ``source``, map it and write the engine folder ``out_dir``.

    ``out_dir`` must not exist yet; it appears complete or not at all.
    """
    source = Path(source)
    out = Path(out_dir)
    if out.exists():
        raise ModelImportError(f"{out} already exists. Choose a new folder for the opened model.")
    checked = read_config(source)
    config, family = checked.config, checked.family
    where = str(source)
    tokenizer = import_tokenizer(source, config)
    run_config = engine_config(config, family.layout, family.names, tokenizer, where)
    shortage = model_memory_shortage(run_config, tokenizer.tokenizer.vocab_size)
    if shortage:
        raise ModelImportError(f"{shortage} (The model in {source}.)")
    state, sha = load_weights(source)
    broken = next(
        (n for n, t in state.items() if t.is_floating_point() and not bool(t.isfinite().all())), None
    )
    if broken is not None:  # its predictions would be NaN, or quietly whatever the other rows give
        raise ModelImportError(
            f"The weights in {source} hold numbers that are not finite (NaN or infinity) in {broken}. "
            "The model is damaged (a training that diverged, or a file cut short); copy it again."
        )
    if family.names == "electra" and any(name.endswith("embeddings_project.weight") for name in state):
        raise ModelImportError(
            f"The ELECTRA generator in {source} projects its embeddings to another width "
            "(embedding_size differs from hidden_size), which MLM Studio's layout cannot hold yet."
        )
    parts = common_parts(family.names, state, config, where)
    max_len = run_config.model.max_len
    vocab = tokenizer.tokenizer.vocab_size
    model = build_model(run_config.model, vocab, tokenizer.tokenizer.pad_token_id)

    def wrong_shapes(what: str) -> ModelImportError:
        return ModelImportError(
            f"The weights in {source} do not have the shapes its config.json describes ({what}). "
            "The folder may mix files of different models; copy the model again."
        )

    problem = vocabulary_rows_problem(parts, vocab, run_config.model.d_model, max_len)
    if problem:
        raise wrong_shapes(problem)
    try:  # a tensor of another shape fails inside torch.cat or an index: the same sentence
        if family.layout == "seed":
            engine_state = seed_state(parts, tokenizer.original_ids, max_len)
        elif family.layout == "electra":  # the discriminator exactly; the generator as just built, untrained
            engine_state = electra_discriminator_state(
                parts, state, tokenizer.original_ids, max_len, model.state_dict(), where
            )
        else:
            engine_state = modern_state(parts, tokenizer.original_ids, max_len, where)
    except (IndexError, RuntimeError, ValueError) as exc:
        raise wrong_shapes(_short(exc)) from exc
    expected = model.state_dict()
    wrong = sorted(k for k in expected if k not in engine_state or expected[k].shape != engine_state[k].shape)
    if wrong:
        raise wrong_shapes(wrong[0])
    model.load_state_dict(engine_state, strict=True)
    origin = Origin(
        source=str(source.resolve()),
        family=family.name,
        model_type=str(config["model_type"]),
        architecture=str((config.get("architectures") or [""])[0]),
        weights_sha256=sha,
        parameters=_source_parameters(state),
        head_is_new=parts.head_is_new or family.layout == "electra",
        mask_token=tokenizer.mask_spelling,
        special_tokens=tokenizer.spellings,
        original_ids=tokenizer.original_ids,
        hf_config=dict(config),
    )
    _write(out, model, tokenizer, run_config, origin)
    log.info("Opened %s (%s, %d parameters) as %s", source, family.name, origin.parameters, out)
    return origin


def _source_parameters(state: Mapping[str, Any]) -> int:
    """The parameters as transformers counts them: each tensor of the file once (a tied decoder is
    not in the file). The engine's copy may hold more (the seed layout's decoder is its own). An
    integer buffer (the ``position_ids`` older BERT files carry) is not a parameter."""
    seen: set[tuple[int, int]] = set()
    total = 0
    for tensor in state.values():
        if not tensor.is_floating_point():
            continue
        key = (tensor.untyped_storage().data_ptr(), tensor.storage_offset())
        if key not in seen:
            seen.add(key)
            total += tensor.numel()
    return total


def engine_config(
    config: Mapping[str, Any], layout: str, names: str, tokenizer: ImportedTokenizer, where: str
) -> RunConfig:
    """The RunConfig whose model is exactly the transformers model (or a sentence why it cannot be)."""
    src = Path(where)
    d = config_int(config, src, "hidden_size", "dim")
    heads = config_int(config, src, "num_attention_heads", "n_heads")
    layers = config_int(config, src, "num_hidden_layers", "n_layers")
    ffn = config_int(config, src, "intermediate_size", "hidden_dim", default=4 * d)
    positions = config_int(config, src, "max_position_embeddings", default=512)
    if names in ("roberta", "xlm-roberta-xl"):
        positions -= config_pad_id(config, src) + 1  # counted from pad + 1
    # Said as the config's own numbers, not as a training setting ("Try 30 or change the heads").
    if d % heads:
        raise ModelImportError(
            f"The config.json in {where} gives hidden_size = {d} and num_attention_heads = {heads}, "
            "which do not divide (transformers refuses it too). The folder may be damaged."
        )
    low, high = _MAX_LEN_RANGE
    if not low <= positions <= high:
        raise ModelImportError(
            f"The model in {where} reads at most {positions:,} tokens at once (its "
            f"max_position_embeddings); MLM Studio's layers read {low} to {high:,}. This model cannot be "
            "opened here."
        )
    act = config.get("hidden_act", config.get("activation", "gelu"))
    if act != "gelu":
        raise ModelImportError(
            f"The model in {where} uses the activation {act!r}; MLM Studio's layers use the exact GELU "
            "('gelu'), so its predictions would differ. This model cannot be opened here."
        )
    if names == "electra" and config.get("embedding_size", d) != d:
        raise ModelImportError(
            f"The ELECTRA generator in {where} projects its embeddings to another width "
            "(embedding_size differs from hidden_size), which MLM Studio's layout cannot hold yet."
        )
    position_type = config.get("position_embedding_type", "rotary" if names == "esm" else "absolute")
    rotary = position_type == "rotary"
    if layout != "modern" or names == "xlm-roberta-xl":
        if position_type != "absolute":
            raise ModelImportError(
                f"The model in {where} uses {position_type} positions, which MLM Studio's BERT layout does "
                "not have. This model cannot be opened here."
            )
    if names == "esm":
        if not rotary:
            raise ModelImportError(
                f"The ESM model in {where} has learned positions; MLM Studio opens rotary ESM models."
            )
        if config.get("emb_layer_norm_before"):
            raise ModelImportError(
                f"The ESM model in {where} normalises its embeddings first (an ESM-1b layout), which "
                "MLM Studio's layers do not do yet. This model cannot be opened here."
            )
        if config_float(config, src, "rope_theta", default=10000.0) != 10000.0:
            raise ModelImportError(
                f"The ESM model in {where} turns its positions at another rate (rope_theta)."
            )
    eps = config_float(config, src, "layer_norm_eps", default=1e-12)
    model = ModelConfig(
        arch="seed" if layout == "electra" else layout,
        objective="electra" if layout == "electra" else "mlm",
        d_model=d,
        num_layers=layers,
        num_heads=heads,
        ffn_dim=ffn,
        max_len=positions,
        dropout=_dropout(config, src),
        distance_bias=False,
        positions="rotary" if rotary else "learned",
        layer_norm_eps=eps,
        # ESM-2 zeroes the mask token's input and rescales the rest (engine/model.py esm_token_dropout).
        token_dropout_id=tokenizer.tokenizer.mask_token_id
        if names == "esm" and config.get("token_dropout")
        else -1,
    )
    kind = tokenizer.tokenizer.kind if tokenizer.tokenizer.kind in ("wordpiece", "bpe") else "bpe"
    run_config = RunConfig(
        corpus=CorpusConfig(source=f"imported: {Path(where).name}"),
        tokenizer=TokenizerConfig(
            kind=kind, vocab_size=min(tokenizer.tokenizer.vocab_size, _MAX_VOCAB_IN_CONFIG)
        ),
        model=model,
        training=replace(TrainingConfig(), seq_len=min(TrainingConfig().seq_len, positions)),
    )
    try:
        return run_config.validate()
    except ConfigError as exc:
        raise ModelImportError(f"The model in {where} cannot be held by MLM Studio's layers: {exc}") from exc


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:160]


def _dropout(config: Mapping[str, Any], where: Path) -> float:
    """hidden_dropout_prob (DistilBERT: dropout), 0.1 when absent; null is none, as transformers reads it."""
    name = next((n for n in ("hidden_dropout_prob", "dropout") if n in config), None)
    if name is None:
        return 0.1
    return 0.0 if config[name] is None else config_float(config, where, name, default=0.1)


def _write(out: Path, model, tokenizer: ImportedTokenizer, run_config: RunConfig, origin: Origin) -> None:
    """The engine folder under a temporary name beside ``out``, renamed into place when complete."""
    out.parent.mkdir(parents=True, exist_ok=True)
    # 0755 with umask 022, unlike mkdtemp's 0700: the folder is renamed into place as it is.
    tmp = temp_folder(out.parent, prefix=f".{out.name}.", suffix=".opening")
    try:
        atomic_write_text(tmp / ORIGIN_FILE, origin.to_json())
        save_model_dir(tmp, model, tokenizer.tokenizer, run_config)
        os.replace(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
