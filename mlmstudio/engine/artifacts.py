"""The model directory: everything needed to use a trained model again.

    config.json        the RunConfig that trained it
    tokenizer.json     the tokenizer it was trained with
    model.safetensors  the weights (never pickled)
    metrics.json       final metrics (optional)

Every file is written to a temporary name in the same folder and renamed over
the old one, so a crash mid-write leaves the previous file or the new one,
never half of either. config.json is written last: a folder that has it is
complete.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch
from safetensors.torch import load_file
from safetensors.torch import save_file as save_safetensors_file

from mlmstudio import bounded_json
from mlmstudio.config import ConfigError, RunConfig
from mlmstudio.engine.atomic_file import atomic_write_text, atomic_write_with
from mlmstudio.engine.device import resolve_device
from mlmstudio.engine.errors import MLMStudioError, ModelLoadError
from mlmstudio.engine.memory import model_memory_shortage
from mlmstudio.engine.model import MLMModel
from mlmstudio.engine.model_factory import build_model
from mlmstudio.engine.run_files import (
    CONFIG_FILE,
    METRICS_FILE,
    MODEL_FILE,
    REQUIRED_MODEL_FILES,
    TOKENIZER_FILE,
)
from mlmstudio.engine.tokenization import MLMTokenizer

log = logging.getLogger(__name__)


PathLike = str | os.PathLike


@dataclass
class LoadedModel:
    """A model ready for prediction (in eval mode), with what it was trained with."""

    model: MLMModel
    tokenizer: MLMTokenizer
    config: RunConfig
    metrics: dict[str, Any] = field(default_factory=dict)
    path: Path | None = None


# ---------------------------------------------------------------------------
# Atomic writes (engine/atomic_file.py; the weights' writer lives here, beside torch)
# ---------------------------------------------------------------------------


def atomic_save_safetensors(
    tensors: Mapping[str, torch.Tensor], path: PathLike, metadata: dict[str, str] | None = None
) -> None:
    """safetensors.torch.save_file, but atomic. Tensors must not share memory.

    save_file writes without holding the GIL; save() builds the bytes while holding it, which
    froze the window for 4.9 s while a 110 M-parameter model was opened (issue 17's figure).
    """
    plain = {name: t.detach().to("cpu").contiguous() for name, t in tensors.items()}
    atomic_write_with(path, fill_by_name=lambda name: save_safetensors_file(plain, name, metadata=metadata))


# ---------------------------------------------------------------------------
# Save and load
# ---------------------------------------------------------------------------


def save_model_dir(
    path: PathLike,
    model: MLMModel,
    tokenizer: MLMTokenizer,
    run_cfg: RunConfig,
    metrics: Mapping[str, Any] | None = None,
) -> Path:
    """Write the model directory; return its path."""
    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path / TOKENIZER_FILE, tokenizer.to_str())
    atomic_save_safetensors(
        model.state_dict(), path / MODEL_FILE, metadata={"format": "pt", "arch": run_cfg.model.arch}
    )
    if metrics is not None:
        atomic_write_text(path / METRICS_FILE, json.dumps(dict(metrics), indent=2, sort_keys=True))
    atomic_write_text(path / CONFIG_FILE, run_cfg.to_json())
    return path


def load_model_dir(
    path: PathLike, device: str | torch.device = "cpu", *, tokenizer: MLMTokenizer | None = None
) -> LoadedModel:
    """Load a model directory written by save_model_dir, in eval mode, on device (``tokenizer``:
    its tokenizer.json, already loaded by the caller, so a large vocabulary is read once)."""
    path = Path(path)
    if not path.exists():
        raise ModelLoadError(f"The folder {path} does not exist. Choose a folder written by MLM Studio.")
    if not path.is_dir():
        raise ModelLoadError(
            f"{path} is a file, not a model folder. Choose a folder written by MLM Studio "
            "(it holds config.json, tokenizer.json and model.safetensors)."
        )
    for name in REQUIRED_MODEL_FILES:
        if not (path / name).is_file():
            raise ModelLoadError(
                f"The folder {path} has no {name}. Choose a folder written by MLM Studio "
                "(it holds config.json, tokenizer.json and model.safetensors)."
            )

    config = load_config(path)
    tokenizer = tokenizer if tokenizer is not None else load_tokenizer(path)
    shortage = model_memory_shortage(config, tokenizer.vocab_size)
    if shortage:
        raise ModelLoadError(f"{shortage} (The model in {path}.)")
    model = build_model(config.model, tokenizer.vocab_size, tokenizer.pad_token_id)
    _load_weights(model, path)
    target = device if isinstance(device, torch.device) else resolve_device(device)
    model.to(target).eval()
    return LoadedModel(model, tokenizer, config, _load_metrics(path), path)


def load_config(path: Path) -> RunConfig:
    try:
        return RunConfig.from_file(path / CONFIG_FILE).validate()
    except ConfigError as exc:
        raise ModelLoadError(
            f"The config.json in {path} cannot be used: {exc} "
            "The folder may be damaged; choose another or retrain."
        ) from exc


def load_tokenizer(path: Path) -> MLMTokenizer:
    try:
        return MLMTokenizer.load(path / TOKENIZER_FILE)
    except MLMStudioError as exc:
        raise ModelLoadError(f"The tokenizer.json in {path} cannot be used: {exc}") from exc
    except Exception as exc:  # the tokenizers library raises plain Exceptions on bad JSON
        raise ModelLoadError(
            f"The tokenizer.json in {path} is damaged ({exc}). Choose another folder or retrain."
        ) from exc


def _load_weights(model: MLMModel, path: Path) -> None:
    load_weights_file(model, path / MODEL_FILE)


def load_weights_file(model: MLMModel, file: Path) -> None:
    """Weights from one safetensors file (a model folder's, or a kept checkpoint's), checked key by key."""
    path = file.parent
    try:
        state = load_file(file, device="cpu")
    except Exception as exc:  # SafetensorError, OSError: truncated, empty or not safetensors at all
        raise ModelLoadError(
            f"The {file.name} in {path} is damaged or not a safetensors file "
            f"({exc}). Choose another folder or retrain."
        ) from exc
    expected = model.state_dict()
    missing = sorted(set(expected) - set(state))
    unexpected = sorted(set(state) - set(expected))
    wrong = sorted(k for k in set(expected) & set(state) if expected[k].shape != state[k].shape)
    if missing or unexpected or wrong:
        details = "; ".join(
            part
            for part in (
                f"missing {', '.join(missing[:3])}" if missing else "",
                f"unexpected {', '.join(unexpected[:3])}" if unexpected else "",
                f"wrong shape for {', '.join(wrong[:3])}" if wrong else "",
            )
            if part
        )
        raise ModelLoadError(
            f"The weights in {path} do not match its config.json and tokenizer.json "
            f"({details}). The folder may mix files from different runs; retrain or "
            "choose another folder."
        )
    model.load_state_dict(state, strict=True)


def _load_metrics(path: Path) -> dict[str, Any]:
    """metrics.json is optional; a damaged one costs only the metrics, not the model."""
    file = path / METRICS_FILE
    if not file.is_file():
        return {}
    try:
        data = bounded_json.loads(bounded_json.read_text(file, max_bytes=bounded_json.MAX_CONFIG_BYTES))
    except (ValueError, OSError) as exc:
        log.warning("Ignoring unreadable %s: %s", file, exc)
        return {}
    if not isinstance(data, dict):
        log.warning("Ignoring %s: not a JSON object", file)
        return {}
    return data
