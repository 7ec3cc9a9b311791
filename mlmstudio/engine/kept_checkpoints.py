"""Kept checkpoints: copies of the weights from along the training, for a slider over it.

The resumable checkpoints (``checkpoint.py``) are few and recent: they serve
to continue a run. To see *how* a model learned ("when did it learn that
Paris is the capital of France?"), Explore needs the weights from early,
middle and late training. A run keeps up to ``training.keep_checkpoints``
(N) weight files, ``kept-checkpoints/step-NNNNNNNN.safetensors``, weights only
(no optimizer state), so each costs the size of the weights (4 bytes a
parameter, fp32) and N of them cost N times that.

The spacing, documented once here (``kept_steps``):
- a copy is taken at every power of two (steps 1, 2, 4, 8, ...) and at the
  step where the run ends (completed or stopped; a failed run keeps what it had);
- the newest copy is always kept; of the others, the newest N - 1 powers of
  two are kept, the earlier ones deleted.
So the slider's stops are each twice the step of the one before (models
change fastest early, so equal steps in log-time show equal change) and end
at the final weights: 1,000 steps with N = 8 keep steps 8, 16, 32, 64, 128,
256, 512 and 1,000. The rule needs no planned length, so a run under a time
budget keeps the same spacing. When a run resumes from step s, copies after s
belong to the part that is trained again and are deleted first (a run
restarted from 0 loses them all). Each copy is written to a temporary name and
renamed before older copies are pruned, so a killed run never leaves half a
copy under a real name nor loses one the spacing keeps; the temporary file it
may leave is removed, with a note, when the run resumes, and a copy too many
goes at the next save.

Torch is imported only where weights are written or read: the Setup page
calls ``planned_steps`` and ``kept_bytes`` as the user types.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from mlmstudio.engine.atomic_folder import file_written
from mlmstudio.engine.errors import ModelLoadError
from mlmstudio.engine.run_files import KEPT_CHECKPOINT_NAME, RunFolder

if TYPE_CHECKING:
    import torch

    from mlmstudio.engine.predict import Predictor

log = logging.getLogger(__name__)

BYTES_PER_PARAMETER = 4  # the weights are saved in fp32


def is_kept_step(step: int) -> bool:
    """Whether a copy is taken after this step during training (a power of two)."""
    return step > 0 and step & (step - 1) == 0


def kept_steps(steps: Iterable[int], keep: int) -> list[int]:
    """Which of the copies taken at ``steps`` stay: the newest, and the newest ``keep - 1`` powers of two."""
    ordered = sorted(set(steps))
    if keep <= 0 or not ordered:
        return []
    newest = ordered[-1]
    powers = [s for s in ordered[:-1] if is_kept_step(s)]
    return (powers[-(keep - 1) :] if keep > 1 else []) + [newest]


def planned_steps(total_steps: int, keep: int) -> list[int]:
    """The steps a run of ``total_steps`` that completes keeps (the Setup page's note, the tests)."""
    taken = [1 << k for k in range(total_steps.bit_length()) if 1 << k <= total_steps]
    return kept_steps([*taken, total_steps], keep) if total_steps > 0 else []


def kept_bytes(parameters: int, keep: int) -> int:
    """Disk space of ``keep`` copies of weights with this many parameters."""
    return max(0, keep) * parameters * BYTES_PER_PARAMETER


def list_kept(run_dir: str | os.PathLike) -> list[tuple[int, Path]]:
    """The run's kept checkpoints, oldest first; an unreadable or missing folder has none."""
    root = RunFolder(Path(run_dir)).kept_checkpoints
    try:
        children = list(root.iterdir())
    except OSError:
        return []
    found = []
    for child in children:
        match = KEPT_CHECKPOINT_NAME.match(child.name)
        if match and child.is_file():
            found.append((int(match.group(1)), child))
    return sorted(found)


# ---------------------------------------------------------------------------
# Writing (the trainer)
# ---------------------------------------------------------------------------


def save_kept(run_dir: str | os.PathLike, step: int, model: torch.nn.Module, keep: int) -> Path | None:
    """Write the weights at ``step`` (atomically) and delete the copies the spacing no longer keeps."""
    if keep <= 0:
        return None
    from mlmstudio.engine.artifacts import atomic_save_safetensors

    folder = RunFolder(Path(run_dir))
    folder.kept_checkpoints.mkdir(parents=True, exist_ok=True)
    path = folder.kept_checkpoint(step)
    atomic_save_safetensors(model.state_dict(), path, metadata={"format": "pt", "step": str(step)})
    prune_kept(run_dir, keep)
    return path


def prune_kept(run_dir: str | os.PathLike, keep: int) -> None:
    found = list_kept(run_dir)
    stay = set(kept_steps([s for s, _ in found], keep))
    for step, path in found:
        if step not in stay:
            _remove(path)


def drop_kept_after(run_dir: str | os.PathLike, step: int) -> list[str]:
    """Delete the copies after ``step`` (a resumed run trains that part again), and the temporary
    file of a copy whose writing was killed (``.step-NNNNNNNN.safetensors.XXXX.tmp``); a note for
    each such leftover.

    A kill between a new copy and the pruning it triggers leaves one copy too many, each
    of them whole (the copy is renamed into place first): the next ``save_kept`` prunes it.
    """
    for kept_step, path in list_kept(run_dir):
        if kept_step > step:
            _remove(path)
    notes = []
    for leftover in sorted(RunFolder(Path(run_dir)).kept_checkpoints.glob(".step-*.tmp")):
        if _remove(leftover):
            notes.append(f"removed {leftover.name}, a kept checkpoint whose writing was interrupted")
    for note in notes:
        log.warning("%s", note)
    return notes


def _remove(path: Path) -> bool:
    """Delete one file (a file boundary for the tests' injected kills); whether it went."""
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    except OSError as exc:  # a copy that cannot be deleted costs disk, not the run
        log.warning("Could not delete the kept checkpoint %s: %s", path, exc)
        return False
    file_written(path)
    return True


# ---------------------------------------------------------------------------
# Reading (Explore's slider)
# ---------------------------------------------------------------------------


def load_predictor_at(run_dir: str | os.PathLike, step: int) -> Predictor:
    """A predictor with the run's config and tokenizer and the weights kept at ``step``."""
    from mlmstudio.engine.artifacts import LoadedModel, load_config, load_tokenizer, load_weights_file
    from mlmstudio.engine.model_factory import build_model
    from mlmstudio.engine.predict import Predictor

    run_dir = Path(run_dir)
    folder = RunFolder(run_dir)
    path = folder.kept_checkpoint(step)
    if not run_dir.is_dir():
        raise ModelLoadError(
            f"The folder of this run ({run_dir}) no longer exists (the run may have been "
            "deleted). Choose another run."
        )
    if not path.is_file():
        raise ModelLoadError(
            f"The checkpoint at step {step} is no longer kept ({path.name} is missing). Choose another step."
        )
    if not folder.config.is_file() or not folder.tokenizer.is_file():
        raise ModelLoadError(
            f"The run folder {run_dir} has no config.json or tokenizer.json, so its "
            "checkpoints cannot be read."
        )
    config = load_config(run_dir)
    tokenizer = load_tokenizer(run_dir)
    model = build_model(config.model, tokenizer.vocab_size, tokenizer.pad_token_id)
    load_weights_file(model, path)
    model.eval()
    return Predictor(LoadedModel(model, tokenizer, config, {"step": step}, run_dir))
