"""Kept checkpoints killed at each file boundary: no half copy under a real name, no kept copy lost.

A run saves copies at steps 1, 2, 4, ... and its last step; each save writes the
new copy, then prunes what the spacing no longer keeps. The kill is injected at
every file boundary (``atomic_folder.after_each_file``: each copy renamed into
place, each copy deleted). Afterwards every copy on disk loads and holds its own
step's weights, none that the spacing keeps before the save (or after it, once the new copy is in place) is gone; the run then
resumes (``drop_kept_after``) and saves on, and ends with exactly the copies the
spacing keeps.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import torch
from safetensors.torch import load_file

from mlmstudio.engine import atomic_folder
from mlmstudio.engine.kept_checkpoints import drop_kept_after, kept_steps, list_kept, save_kept

KEEP = 3
SAVES = [1, 2, 4, 8, 16, 32, 40]  # the powers of two of a 40-step run, and its end


class Killed(BaseException):
    """Where the injected kill stopped the process."""


def model_at(step: int) -> torch.nn.Module:
    layer = torch.nn.Linear(4, 4)
    with torch.no_grad():
        layer.weight.fill_(float(step))
        layer.bias.fill_(float(step))
    return layer


def check_whole(run_dir: Path) -> list[int]:
    """The kept steps, after checking that each file loads and holds its own step's weights."""
    steps = []
    for step, path in list_kept(run_dir):
        weights = load_file(str(path))
        assert torch.all(weights["weight"] == step) and torch.all(weights["bias"] == step), path
        steps.append(step)
    return steps


def train(run_dir: Path, saves: list[int]) -> None:
    for step in saves:
        save_kept(run_dir, step, model_at(step), KEEP)


def test_kept_checkpoints_killed_at_each_file_boundary_keep_whole_copies_and_recover(tmp_path, monkeypatch):
    boundaries: list[Path] = []
    monkeypatch.setattr(atomic_folder, "after_each_file", boundaries.append)
    train(tmp_path / "count", SAVES)
    monkeypatch.setattr(atomic_folder, "after_each_file", None)
    assert len(boundaries) == len(SAVES) + len(SAVES) - KEEP  # each copy, each one pruned
    for k in range(len(boundaries)):
        run_dir = tmp_path / f"run-{k}"
        seen = iter(range(10**6))
        done: list[int] = []

        def kill_at_k(path, k=k, seen=seen):
            if next(seen) == k:
                raise Killed(path)

        monkeypatch.setattr(atomic_folder, "after_each_file", kill_at_k)
        with pytest.raises(Killed):
            for step in SAVES:
                save_kept(run_dir, step, model_at(step), KEEP)
                done.append(step)
        monkeypatch.setattr(atomic_folder, "after_each_file", None)
        killed_in = SAVES[len(done)]  # the save the kill stopped
        on_disk = check_whole(run_dir)
        old, new = set(kept_steps(done, KEEP)), set(kept_steps([*done, killed_in], KEEP))
        # What the old state or the new one keeps is all there (a copy too many at most).
        assert old <= set(on_disk) or new <= set(on_disk), (k, on_disk)
        assert set(on_disk) <= {*done, killed_in}, (k, on_disk)
        # The run resumes from its last finished save and trains the killed part again.
        resumed_from = done[-1] if done else 0
        drop_kept_after(run_dir, resumed_from)
        train(run_dir, SAVES[len(done) :])
        assert check_whole(run_dir) == kept_steps(SAVES, KEEP), k


def test_a_copy_whose_writing_was_killed_is_removed_on_resume_with_a_note(tmp_path):
    train(tmp_path, [1, 2, 4])
    leftover = tmp_path / "kept-checkpoints" / ".step-00000008.safetensors.0123456789abcdef.tmp"
    leftover.write_bytes(b"half a copy")
    notes = drop_kept_after(tmp_path, 4)
    assert not leftover.exists() and len(notes) == 1 and leftover.name in notes[0]
    assert check_whole(tmp_path) == [1, 2, 4]
    assert drop_kept_after(tmp_path, 4) == []  # nothing more to say
