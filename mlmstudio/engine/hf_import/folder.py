"""Reading a transformers folder safely: its config.json, a size check, and its weights.

Everything a user hands us is checked before it costs memory: config.json goes through
``bounded_json`` (size and nesting limits), the parameter count is worked out from the config's
numbers and refused *before* a tensor is allocated, and the weights come from safetensors
(``model.safetensors`` or its shards) or, for an old ``pytorch_model.bin``, only through
``torch.load(weights_only=True)``, which refuses a pickle that would run code rather than
running it. The SHA-256 of the weight files is taken as they are read, for the run's record.
"""

from __future__ import annotations

import errno
import hashlib
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch
from safetensors.torch import load_file

from mlmstudio import bounded_json
from mlmstudio.engine.hf_import.errors import ModelImportError
from mlmstudio.engine.hf_import.families import Family, family_of


def folder_key(source: Path) -> str:
    """A short key that changes when the folder's files change (name, size, modification time):
    the data directory's cache of opened copies (``opened/KEY``) and the history's imported runs
    both know a folder they have seen by it. An unreadable folder raises OSError."""
    digest = hashlib.sha256(os.fsencode(source.resolve()))  # a path that is not UTF-8: its bytes
    for entry in sorted(source.iterdir()):
        if entry.is_file():
            stat = entry.stat()
            # A name that is not UTF-8 (bytes a Linux folder may hold) is hashed as its bytes.
            digest.update(os.fsencode(entry.name) + f":{stat.st_size}:{stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:20]


CONFIG = "config.json"
SAFETENSORS = "model.safetensors"
SAFETENSORS_INDEX = "model.safetensors.index.json"
PYTORCH_BIN = "pytorch_model.bin"
PYTORCH_BIN_INDEX = "pytorch_model.bin.index.json"  # a large model saved before safetensors: shards
# 2e9 parameters are 8 GB in fp32, beyond what the engine trains or inspects on a laptop.
MAX_PARAMETERS = 2_000_000_000
_MAX_INDEX_BYTES = 10_000_000
# Weights of other frameworks, and the from_pretrained flag that converts them to PyTorch.
_OTHER_WEIGHTS = (
    ("tf_model.h5", "from_tf"), ("tf_model.h5.index.json", "from_tf"), ("model.ckpt.index", "from_tf"),
    ("flax_model.msgpack", "from_flax"), ("flax_model.msgpack.index.json", "from_flax"),
)  # fmt: skip


# What to do about a file of the folder that cannot be read (permissions, a disk error), and
# about one that is read but is not what transformers writes.
CHECK_READABLE = "Check that you are allowed to read it, or copy the model again from where it came from."
COPY_AGAIN = "Copy the model again from where it came from, or write it again with save_pretrained."


def read_json_text(file: Path, *, max_bytes: int = bounded_json.MAX_CONFIG_BYTES) -> str:
    """A JSON (or text) file of a model folder, as bounded_json reads it, without the UTF-8
    byte-order mark some Windows editors write at its start (read as utf-8-sig, as Python's
    json.load of a file opened that way and transformers' own readers accept it)."""
    return bounded_json.read_text(file, max_bytes=max_bytes).removeprefix("\ufeff")


def read_folder_text(
    file: Path, subject: str, *, damaged: str = COPY_AGAIN, max_bytes: int = bounded_json.MAX_CONFIG_BYTES
) -> str:
    """A file of a model folder as text (``read_json_text``), or a ModelImportError whose sentence
    starts with ``subject`` ("The config.json in /models/bert"): the system's reason and
    CHECK_READABLE when it cannot be read, its flaw and ``damaged`` when its bytes are not usable."""
    try:
        return read_json_text(file, max_bytes=max_bytes)
    except OSError as exc:
        raise ModelImportError(f"{subject} cannot be read ({reason(exc)}). {CHECK_READABLE}") from exc
    except ValueError as exc:  # not UTF-8, or too large
        raise ModelImportError(f"{subject} cannot be read ({exc}). {damaged}") from exc


def read_folder_json(
    file: Path, subject: str, *, damaged: str = COPY_AGAIN, max_bytes: int = bounded_json.MAX_CONFIG_BYTES
) -> Any:
    """``read_folder_text`` parsed by bounded_json; JSON that cannot be used is refused the same way."""
    text = read_folder_text(file, subject, damaged=damaged, max_bytes=max_bytes)
    try:
        return bounded_json.loads(text)
    except ValueError as exc:  # not JSON, or too deep
        raise ModelImportError(f"{subject} cannot be read ({exc}). {damaged}") from exc


def reason(exc: OSError) -> str:
    """The system's words for an OSError ("Permission denied"), without the path it repeats."""
    return exc.strerror or str(exc)


def link_problem(entry: Path) -> str | None:
    """ "loop" for a link that leads back to itself, "deleted" for one whose file is gone, None
    for anything else (a plain file, a link that resolves)."""
    if not entry.is_symlink():
        return None
    try:
        entry.stat()
    except OSError as exc:
        return "loop" if exc.errno == errno.ELOOP else "deleted"
    return None


@dataclass(frozen=True)
class SourceConfig:
    """A checked config.json: the parsed dict, its family and the parameters it implies."""

    path: Path
    config: dict[str, Any]
    family: Family
    parameters: int


# Files save_pretrained writes beside config.json and an MLM Studio model folder never holds.
_TRANSFORMERS_ONLY = (
    "tokenizer_config.json", "special_tokens_map.json", "vocab.txt", PYTORCH_BIN, SAFETENSORS_INDEX,
    PYTORCH_BIN_INDEX,
)  # fmt: skip


def is_transformers_folder(path: Path) -> bool:
    """A folder whose config.json names a ``model_type`` (MLM Studio's own runs' configs do not).

    A damaged config.json (not UTF-8, cut short, too large) that still spells ``"model_type"`` in
    its first bytes, or one beside files only transformers writes, is a transformers folder too: it
    is refused by ``read_config`` with what is wrong with it, not read as a run's config (whose
    sentence asks for "a run.json written by MLM Studio").
    """
    folder = Path(path)
    file = folder / CONFIG
    if not file.is_file():
        # A config.json that is a broken link or a loop (a hub snapshot is all links), or a folder
        # of that name beside transformers' files: read_config says what is wrong with it.
        return file.is_symlink() or (file.exists() and _beside_transformers_files(folder))
    try:
        data = bounded_json.loads(read_json_text(file))
    except (OSError, ValueError):
        try:
            with open(file, "rb") as handle:
                head = handle.read(1 << 16)
        except OSError:  # unreadable: its neighbours tell (read_config then says why it cannot be read)
            return _beside_transformers_files(folder)
        return b'"model_type"' in head or _beside_transformers_files(folder)
    if isinstance(data, dict) and "model_type" in data:
        return True
    return _beside_transformers_files(folder)


def _beside_transformers_files(folder: Path) -> bool:
    return any((folder / name).is_file() for name in _TRANSFORMERS_ONLY)


def read_config(path: Path) -> SourceConfig:
    """config.json of a transformers folder, its family, and a size check before anything is allocated."""
    path = Path(path)
    if not path.is_dir():
        raise ModelImportError(f"{path} is not a folder. Give the folder that holds the model's config.json.")
    if shown_name(str(path)) != str(path):  # the history, origin.json and the app hold UTF-8 text only
        raise ModelImportError(
            f"The folder {shown_name(str(path))} has a name that is not UTF-8 text, so MLM Studio cannot "
            "record where the model came from. Rename the folder (or the one above it that has such a "
            "name), or copy the model to a folder whose name is UTF-8."
        )
    links = sorted((entry.name, problem) for entry in path.iterdir() if (problem := link_problem(entry)))
    loop = next((name for name, problem in links if problem == "loop"), None)
    if loop is not None:  # "Too many levels of symbolic links" from whichever reader meets it first
        raise ModelImportError(
            f"The folder {path} holds a link that leads back to itself ({shown_name(loop)}), so the file "
            "it stands for cannot be read. Put the file itself in its place, or copy the model again "
            "from where it came from."
        )
    if links:  # a hub cache snapshot whose blob was deleted: not "no weights", not "no tokenizer"
        raise ModelImportError(
            f"The folder {path} is incomplete: its {shown_name(links[0][0])} is a link to a file that was "
            "deleted (a Hugging Face cache cleaned or cut short). Download the model again, or copy it whole."
        )
    file = path / CONFIG
    if file.is_dir():
        raise ModelImportError(
            f"The config.json in {path} is a folder, not a file, so the model's settings cannot be read. "
            f"{COPY_AGAIN}"
        )
    if not file.is_file():
        raise ModelImportError(
            f"The folder {path} has no config.json, so it is not a transformers model folder. "
            "Give the folder that save_pretrained wrote."
        )
    config = read_folder_json(file, f"The config.json in {path}")
    if not isinstance(config, dict):
        raise ModelImportError(
            f"The config.json in {path} is not a JSON object, so it holds no model settings. {COPY_AGAIN}"
        )
    family = family_of(config, str(path))
    parameters = estimate_parameters(config, path)
    if parameters > MAX_PARAMETERS:
        raise ModelImportError(
            f"The config.json in {path} describes a model of about {parameters:,} parameters, more than "
            f"MLM Studio opens ({MAX_PARAMETERS:,}); nothing was loaded. Choose a smaller model."
        )
    return SourceConfig(path, config, family, parameters)


def shown_name(name: str) -> str:
    """A file name as a sentence shows it: bytes that are not UTF-8 as \\x escapes (they cannot
    be written to the history or shown otherwise)."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def config_int(config: Mapping[str, Any], where: Path, *names: str, default: int | None = None) -> int:
    """The first of ``names`` in the config as a positive whole number, or a sentence naming it."""
    for name in names:
        if name in config:
            value = config[name]
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ModelImportError(
                    f"The config.json in {where} gives {name} = {value!r}, which is not a positive whole "
                    "number. The folder may be damaged."
                )
            return value
    if default is not None:
        return default
    raise ModelImportError(f"The config.json in {where} does not give {names[0]}. The folder may be damaged.")


def config_float(config: Mapping[str, Any], where: Path, *names: str, default: float) -> float:
    """The first of ``names`` in the config as a finite number, or a sentence naming it.

    ``float()`` of a value read from a file is not trusted: a string or a list in config.json is
    named in a sentence, not raised as a ValueError from deep in the mapping.
    """
    for name in names:
        if name in config:
            value = config[name]
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise ModelImportError(
                    f"The config.json in {where} gives {name} = {value!r}, which is not a number. "
                    "The folder may be damaged."
                )
            return float(value)
    return default


def config_pad_id(config: Mapping[str, Any], where: Path) -> int:
    """``pad_token_id`` (1 when absent, RoBERTa's) as an id the vocabulary can hold, or a sentence."""
    value = config.get("pad_token_id", 1)
    vocab = config.get("vocab_size")
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < 0
        or (isinstance(vocab, int) and value >= vocab)
    ):
        raise ModelImportError(
            f"The config.json in {where} gives pad_token_id = {value!r}, which is not a token id of its "
            "vocabulary. The folder may be damaged."
        )
    return value


def estimate_parameters(config: Mapping[str, Any], where: Path) -> int:
    """The parameters a config implies (embeddings, layers, head), from its numbers alone."""
    h = config_int(config, where, "hidden_size", "dim")
    layers = config_int(config, where, "num_hidden_layers", "n_layers")
    ffn = config_int(config, where, "intermediate_size", "hidden_dim", default=4 * h)
    vocab = config_int(config, where, "vocab_size")
    positions = config_int(config, where, "max_position_embeddings", default=512)
    emb = config_int(config, where, "embedding_size", default=h)
    per_layer = 4 * h * h + 2 * h * ffn + 9 * h + ffn
    return vocab * emb + positions * emb + layers * per_layer + h * h + vocab


def load_weights(path: Path) -> tuple[dict[str, torch.Tensor], str]:
    """(the weights by name, the SHA-256 of their files) from safetensors, or a weights-only .bin."""
    path = Path(path)
    digest = hashlib.sha256()
    if (path / SAFETENSORS).is_file():
        return _safetensors(path / SAFETENSORS, digest), digest.hexdigest()
    if (path / SAFETENSORS_INDEX).is_file():
        state: dict[str, torch.Tensor] = {}
        for shard in _shards(path, SAFETENSORS_INDEX):
            state.update(_safetensors(shard, digest))
        return state, digest.hexdigest()
    if (path / PYTORCH_BIN).is_file():
        return _weights_only_bin(path / PYTORCH_BIN, digest), digest.hexdigest()
    if (path / PYTORCH_BIN_INDEX).is_file():  # each shard through the weights-only loader too
        state = {}
        for shard in _shards(path, PYTORCH_BIN_INDEX):
            state.update(_weights_only_bin(shard, digest))
        return state, digest.hexdigest()
    other = next((name for name, _ in _OTHER_WEIGHTS if (path / name).is_file()), None)
    if other is not None:
        flag = dict(_OTHER_WEIGHTS)[other]
        raise ModelImportError(
            f"The folder {path} holds its weights only as {other}, for TensorFlow or Flax, which MLM "
            "Studio does not read. Write model.safetensors with transformers "
            f"(AutoModelForMaskedLM.from_pretrained(folder, {flag}=True).save_pretrained(folder))."
        )
    raise ModelImportError(
        f"The folder {path} has no weights (model.safetensors, or pytorch_model.bin). "
        "Give the folder that save_pretrained wrote."
    )


def _hash_file(file: Path, digest: Any) -> None:
    with open(file, "rb") as handle:
        while chunk := handle.read(1 << 22):
            digest.update(chunk)


def _refuse_empty(file: Path) -> None:
    """An empty weights file (a download or copy cut short at once) said as such, not as a pickle
    or a damaged header."""
    try:
        empty = file.stat().st_size == 0
    except OSError:
        return  # reading it says why
    if empty:
        raise ModelImportError(
            f"The weights file {file} is empty (0 bytes): its download or copy was cut short. "
            "Copy the model again from where it came from."
        )


def _safetensors(file: Path, digest: Any) -> dict[str, torch.Tensor]:
    _refuse_empty(file)
    try:
        _hash_file(file, digest)
        return load_file(file, device="cpu")
    except OSError as exc:
        raise ModelImportError(
            f"The weights file {file} cannot be read ({reason(exc)}). {CHECK_READABLE}"
        ) from exc
    except Exception as exc:  # SafetensorError: truncated, empty or not safetensors at all
        raise ModelImportError(
            f"The weights file {file} is damaged or not a safetensors file ({exc}). "
            "Copy the model again from where it came from."
        ) from exc


def _shards(path: Path, index_name: str) -> list[Path]:
    """The shard files a weights index names, each a file in the folder itself, or a sentence."""
    index = read_folder_json(
        path / index_name, f"The weights index {path / index_name}", max_bytes=_MAX_INDEX_BYTES
    )
    weight_map = index.get("weight_map") if isinstance(index, dict) else None
    names = sorted(set(weight_map.values()), key=str) if isinstance(weight_map, dict) else []
    if not names or not all(isinstance(name, str) and name for name in names):
        raise ModelImportError(
            f"The weights index {path / index_name} names no shard files (its weight_map is empty "
            "or not file names). Copy the model again from where it came from."
        )
    shards = [path / name for name in names]
    for name, shard in zip(names, shards, strict=True):
        if shard.parent != path or not shard.is_file():
            raise ModelImportError(
                f"The weights index in {path} names {name[:200]!r}, which is not a file in the folder. "
                "Copy the model again from where it came from."
            )
    return shards


def _weights_only_bin(file: Path, digest: Any) -> dict[str, torch.Tensor]:
    """A pytorch_model.bin through torch's weights-only unpickler: tensors load, code is refused."""
    _refuse_empty(file)
    try:
        _hash_file(file, digest)
        state = torch.load(file, map_location="cpu", weights_only=True)
    except OSError as exc:
        raise ModelImportError(
            f"The weights file {file} cannot be read ({reason(exc)}). {CHECK_READABLE}"
        ) from exc
    except Exception as exc:  # UnpicklingError for anything but plain tensors, RuntimeError if damaged
        raise ModelImportError(
            f"The weights file {file} holds more than plain weights (or is damaged), so it was not "
            "loaded: a pickle can run code. Use the model's model.safetensors instead."
        ) from exc
    if not isinstance(state, dict) or not all(isinstance(v, torch.Tensor) for v in state.values()):
        raise ModelImportError(
            f"The weights file {file} does not hold a table of weights. The folder may be damaged."
        )
    return state
