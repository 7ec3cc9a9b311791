"""Resumable training checkpoints, written atomically.

A checkpoint is a folder ``checkpoints/step-NNNNNNNN/`` holding
- ``model.safetensors``  the weights,
- ``optimizer.pt``       AdamW state (plain tensors; loaded with ``weights_only=True``),
- ``rng.safetensors``    torch RNG states (global and masking generator),
- ``state.json``         step, elapsed time, scheduler and sampler position, loss history.
It is written to a temporary folder and renamed into place, so a crash never
leaves a half-written checkpoint under a real name.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch
from safetensors.torch import load_file, load_model, save_file, save_model

from mlmstudio.engine.errors import ModelLoadError

CHECKPOINTS_DIR = "checkpoints"
_NAME = re.compile(r"^step-(\d{8})$")


@dataclass
class CheckpointData:
    step: int
    optimizer_state: dict[str, Any]
    rng: dict[str, torch.Tensor]
    state: dict[str, Any]
    path: Path


def checkpoint_dir(run_dir: Path, step: int) -> Path:
    return Path(run_dir) / CHECKPOINTS_DIR / f"step-{step:08d}"


def list_checkpoints(run_dir: Path) -> list[tuple[int, Path]]:
    """Complete checkpoints of a run, oldest first."""
    root = Path(run_dir) / CHECKPOINTS_DIR
    if not root.is_dir():
        return []
    found = []
    for child in root.iterdir():
        match = _NAME.match(child.name)
        if match and (child / "state.json").is_file():
            found.append((int(match.group(1)), child))
    return sorted(found)


def save_checkpoint(run_dir: Path, step: int, model: torch.nn.Module,
                    optimizer_state: dict[str, Any], rng: dict[str, torch.Tensor],
                    state: dict[str, Any], keep_last: int = 2) -> Path:
    final = checkpoint_dir(run_dir, step)
    tmp = final.with_name(final.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    save_model(model, str(tmp / "model.safetensors"))  # handles tied weights
    torch.save(optimizer_state, tmp / "optimizer.pt")
    save_file({k: v.contiguous() for k, v in rng.items()}, str(tmp / "rng.safetensors"))
    (tmp / "state.json").write_text(json.dumps({"step": step, **state}), encoding="utf-8")
    for file in tmp.iterdir():
        _fsync(file)
    if final.exists():  # the same step saved twice (stop right after a periodic checkpoint)
        shutil.rmtree(final)
    os.replace(tmp, final)
    _prune(run_dir, keep_last)
    return final


def load_checkpoint(path: Path) -> CheckpointData:
    path = Path(path)
    try:
        state = json.loads((path / "state.json").read_text(encoding="utf-8"))
        if not (path / "model.safetensors").is_file():
            raise OSError("model.safetensors is missing")
        rng = load_file(str(path / "rng.safetensors"))
        optimizer_state = torch.load(path / "optimizer.pt", map_location="cpu", weights_only=True)
    except (OSError, ValueError, RuntimeError, json.JSONDecodeError) as exc:
        raise ModelLoadError(
            f"The checkpoint in {path} is missing or damaged ({exc.__class__.__name__}). "
            "Resume from an earlier checkpoint or start a new run.") from exc
    return CheckpointData(int(state["step"]), optimizer_state, rng, state, path)


def load_checkpoint_weights(model: torch.nn.Module, checkpoint: CheckpointData) -> None:
    try:
        load_model(model, str(checkpoint.path / "model.safetensors"), strict=True)
    except (OSError, ValueError, RuntimeError) as exc:
        raise ModelLoadError(
            f"The weights in {checkpoint.path} do not fit this run's model ({exc}). "
            "Resume from another checkpoint or start a new run.") from exc


def latest_checkpoint(run_dir: Path) -> Path | None:
    found = list_checkpoints(run_dir)
    return found[-1][1] if found else None


def _prune(run_dir: Path, keep_last: int) -> None:
    """Keep the newest ``keep_last`` checkpoints; older ones only cost disk."""
    found = list_checkpoints(run_dir)
    for _, old in found[:-keep_last] if keep_last > 0 else []:
        # Rename first: a kill during rmtree then leaves a ".deleting" folder that the next
        # prune removes, never a half-deleted folder under a checkpoint's name.
        doomed = old.with_name(old.name + ".deleting")
        os.replace(old, doomed)
        shutil.rmtree(doomed, ignore_errors=True)
    for leftover in (Path(run_dir) / CHECKPOINTS_DIR).glob("*.deleting"):
        shutil.rmtree(leftover, ignore_errors=True)


def _fsync(path: Path) -> None:
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())
