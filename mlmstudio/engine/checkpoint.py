"""Resumable training checkpoints, written atomically.

A checkpoint is a folder ``checkpoints/step-NNNNNNNN/`` holding
- ``model.safetensors``  the weights,
- ``optimizer.pt``       AdamW state (plain tensors; loaded with ``weights_only=True``),
- ``rng.safetensors``    torch RNG states (global and masking generator),
- ``state.json``         step, elapsed time, scheduler and sampler position, loss history.
It is written to a temporary folder and renamed into place, so a crash never
leaves a half-written checkpoint under a real name. A write that fails (a full
disk) removes its temporary folder at once: it would keep the disk full.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch
from safetensors.torch import load_file, load_model, save_file, save_model

from mlmstudio import bounded_json
from mlmstudio.engine.errors import DiskFullError, ModelLoadError
from mlmstudio.engine.run_files import CHECKPOINT_NAME, MODEL_FILE, RunFolder

MAX_STATE_BYTES = 64_000_000  # state.json holds a few numbers and the loss history


_DISK_FULL_ERRNOS = (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))


@dataclass
class CheckpointData:
    step: int
    optimizer_state: dict[str, Any]
    rng: dict[str, torch.Tensor]
    state: dict[str, Any]
    path: Path


def checkpoint_dir(run_dir: Path, step: int) -> Path:
    return RunFolder(run_dir).checkpoint(step)


def list_checkpoints(run_dir: Path) -> list[tuple[int, Path]]:
    """Complete checkpoints of a run, oldest first."""
    root = RunFolder(run_dir).checkpoints
    if not root.is_dir():
        return []
    found = []
    for child in root.iterdir():
        match = CHECKPOINT_NAME.match(child.name)
        if match and (child / "state.json").is_file():
            found.append((int(match.group(1)), child))
    return sorted(found)


def save_checkpoint(
    run_dir: Path,
    step: int,
    model: torch.nn.Module,
    optimizer_state: dict[str, Any],
    rng: dict[str, torch.Tensor],
    state: dict[str, Any],
    keep_last: int = 2,
) -> Path:
    final = checkpoint_dir(run_dir, step)
    tmp = final.with_name(final.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    try:
        tmp.mkdir(parents=True)
        save_model(model, str(tmp / MODEL_FILE))  # handles tied weights
        torch.save(optimizer_state, tmp / "optimizer.pt")
        save_file({k: v.contiguous() for k, v in rng.items()}, str(tmp / "rng.safetensors"))
        (tmp / "state.json").write_text(json.dumps({"step": step, **state}), encoding="utf-8")
        for file in tmp.iterdir():
            _fsync(file)
    except BaseException as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        if is_disk_full(exc, Path(run_dir)):
            raise disk_full_error(exc) from exc
        raise
    if final.exists():  # the same step saved twice (stop right after a periodic checkpoint)
        shutil.rmtree(final)
    os.replace(tmp, final)
    _prune(run_dir, keep_last)
    return final


def load_checkpoint(path: Path) -> CheckpointData:
    path = Path(path)
    try:
        state = bounded_json.loads(bounded_json.read_text(path / "state.json", max_bytes=MAX_STATE_BYTES))
        if not (path / MODEL_FILE).is_file():
            raise OSError(f"{MODEL_FILE} is missing")
        rng = load_file(str(path / "rng.safetensors"))
        optimizer_state = torch.load(path / "optimizer.pt", map_location="cpu", weights_only=True)
        step = int(state["step"])
    except Exception as exc:  # noqa: BLE001 - a truncated file fails many ways (EOFError, SafetensorError)
        raise ModelLoadError(
            f"The checkpoint in {path} is missing or damaged ({exc.__class__.__name__}). "
            "Resume from an earlier checkpoint or start a new run."
        ) from exc
    return CheckpointData(step, optimizer_state, rng, state, path)


def load_checkpoint_weights(model: torch.nn.Module, checkpoint: CheckpointData) -> None:
    try:
        load_model(model, str(checkpoint.path / MODEL_FILE), strict=True)
    except Exception as exc:  # noqa: BLE001 - SafetensorError is no OSError
        raise ModelLoadError(
            f"The weights in {checkpoint.path} are damaged or do not fit this run's model ({exc}). "
            "Resume from another checkpoint or start a new run."
        ) from exc


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
    for leftover in RunFolder(run_dir).checkpoints.glob("*.deleting"):
        shutil.rmtree(leftover, ignore_errors=True)


def is_disk_full(exc: BaseException, folder: Path) -> bool:
    """Whether a failed write failed for lack of space (its errno, a library's text, or the disk)."""
    if isinstance(exc, OSError) and exc.errno in _DISK_FULL_ERRNOS:
        return True
    text = str(exc)
    if "No space left" in text or "os error 28" in text:
        return True
    if isinstance(exc, (OSError, RuntimeError)) or type(exc).__name__ == "SafetensorError":
        try:  # torch.save says only "file write failed": ask the disk itself
            return shutil.disk_usage(folder).free < 1 << 20
        except OSError:
            return False
    return False


def disk_full_error(exc: BaseException) -> DiskFullError:
    return DiskFullError(
        "The disk is full: free some space and resume the run. Its last complete checkpoint is kept."
    )


def _fsync(path: Path) -> None:
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())
