"""Produced folders appear whole: a kill at any file boundary leaves the old folder or the new one.

The kill is injected, not timed: ``atomic_folder.after_each_file`` is called at
every file written and every rename, and raises there; the cleanup a real
SIGKILL would skip is switched off too. Then the target is compared with the
old export and with a complete new one, byte for byte, before and after the
next write's ``recover_leftovers``.
"""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path

import pytest

from mlmstudio.config import ModelConfig, RunConfig, TokenizerConfig, TrainingConfig
from mlmstudio.engine import atomic_folder
from mlmstudio.engine.artifacts import save_model_dir
from mlmstudio.engine.export import export_hf
from mlmstudio.engine.model_factory import build_model
from mlmstudio.engine.tokenization import MLMTokenizer

CORPUS = "the cat sat on the mat .\nthe dog sat on the rug .\n" * 4


class Killed(BaseException):
    """Where the injected kill stopped the process."""


def digest(root: Path) -> dict[str, str] | None:
    """Every file under ``root`` and its content hash (None when there is no folder)."""
    if not root.is_dir():
        return None
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def model_dir(path: Path, objective: str) -> Path:
    tok = MLMTokenizer.train([CORPUS], TokenizerConfig(kind="word", vocab_size=60, min_frequency=1))
    cfg = RunConfig(
        tokenizer=TokenizerConfig(kind="word", vocab_size=60, min_frequency=1),
        model=ModelConfig(
            arch="seed",
            objective=objective,
            d_model=32,
            num_heads=4,
            num_layers=1,
            ffn_dim=64,
            max_len=64,
            distance_bias=False,
        ),
        training=TrainingConfig(seq_len=64),
    )
    return save_model_dir(path, build_model(cfg.model, tok.vocab_size, tok.pad_token_id).eval(), tok, cfg)


@pytest.fixture(params=["mlm", "electra"])
def models(request, tmp_path):
    """Two different models of one kind: the old export's and the new one's."""
    return model_dir(tmp_path / "old-model", request.param), model_dir(tmp_path / "new-model", request.param)


def whole_at_each_boundary(tmp_path, monkeypatch, write_old, write_new, is_new) -> int:
    """Kill ``write_new(target)`` (an overwrite of ``write_old(target)``) at each file boundary in
    turn; each time the place holds the old folder, byte for byte, or a whole new one, and after
    ``recover_leftovers`` no temporary folder of ours is left. The number of boundaries."""
    boundaries: list[Path] = []
    monkeypatch.setattr(atomic_folder, "after_each_file", boundaries.append)
    write_old(tmp_path / "count")
    monkeypatch.setattr(atomic_folder, "after_each_file", None)
    monkeypatch.setattr(atomic_folder, "_discard", lambda folder: None)  # a kill runs no cleanup
    for k in range(len(boundaries)):
        target = tmp_path / f"out-{k}"
        write_old(target)
        old = digest(target)
        assert not is_new(target, old)
        seen = iter(range(10**6))

        def kill_at_k(path, k=k, seen=seen):
            if next(seen) == k:
                raise Killed(path)

        monkeypatch.setattr(atomic_folder, "after_each_file", kill_at_k)
        with pytest.raises(Killed):
            write_new(target)
        monkeypatch.setattr(atomic_folder, "after_each_file", None)
        # Right after the kill the place is the old folder, a whole new one, or (between two
        # renames) empty until the next write puts the complete one there.
        assert digest(target) is None or digest(target) == old or is_new(target, old), k
        notes = atomic_folder.recover_leftovers(target)
        assert digest(target) == old or is_new(target, old), (k, notes)
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith(f".out-{k}.")] == [], k
        write_new(target)  # and the write can simply be run again
        assert is_new(target, old)
    return len(boundaries)


def test_export_hf_killed_at_each_file_boundary_leaves_the_old_or_the_new_folder(
    models, tmp_path, monkeypatch
):
    old_model, new_model = models
    export_hf(new_model, tmp_path / "reference")
    new = digest(tmp_path / "reference")
    count = whole_at_each_boundary(
        tmp_path,
        monkeypatch,
        lambda target: export_hf(old_model, target),
        lambda target: export_hf(new_model, target, overwrite=True),
        lambda target, old: digest(target) == new,
    )
    assert count >= 6  # the files and the renames of one export


def test_a_capsule_killed_at_each_file_boundary_leaves_the_old_or_the_new_one(tmp_path, monkeypatch):
    from mlmstudio.engine.capsule import LaunchPlan, read_capsule, write_capsule

    config = RunConfig(
        corpus=dataclasses.replace(RunConfig().corpus, source="sample:tutorial"),
        tokenizer=TokenizerConfig(kind="char"),
        model=ModelConfig(d_model=32, num_heads=2, num_layers=1, ffn_dim=64, max_len=32),
        training=TrainingConfig(seq_len=32, batch_size=4, steps=3),
    )

    def is_new(target, old):  # a whole capsule (read_capsule checks its files) that is not the old one
        try:
            capsule = read_capsule(target)
            launch = (target / "launch.sh").read_text()  # it names its capsule: no stale script
            readme = (target / "README.txt").read_text()
            return (
                capsule.plan.nodes == 2
                and capsule.capsule_id in launch
                and "2" in readme
                and digest(target) != old
            )
        except Exception:
            return False

    count = whole_at_each_boundary(
        tmp_path,
        monkeypatch,
        lambda target: write_capsule(config, target, LaunchPlan()),
        lambda target: write_capsule(config, target, LaunchPlan(nodes=2), overwrite=True),
        is_new,
    )
    assert count >= 6


def test_a_leftover_of_our_naming_is_cleaned_with_a_note(tmp_path):
    target = tmp_path / "out"
    stale = tmp_path / ".out.partial-123-abcd"
    stale.mkdir()
    (stale / "model.safetensors").write_bytes(b"half")
    notes: list[str] = []
    with atomic_folder.atomic_folder(target, notes=notes) as staging:
        (staging / "a.txt").write_text("new")
    assert not stale.exists() and (target / "a.txt").read_text() == "new"
    assert len(notes) == 1 and "unfinished copy" in notes[0]


def test_an_error_inside_leaves_the_old_folder_untouched(tmp_path):
    target = tmp_path / "out"
    target.mkdir()
    (target / "a.txt").write_text("old")
    with pytest.raises(RuntimeError):
        with atomic_folder.atomic_folder(target, replaceable=lambda _: True) as staging:
            (staging / "a.txt").write_text("new")
            raise RuntimeError("the disk filled up")
    assert digest(target) == {"a.txt": hashlib.sha256(b"old").hexdigest()}
    assert [p.name for p in tmp_path.iterdir()] == ["out"]


def test_an_overwrite_replaces_the_export_and_keeps_the_users_own_files(models, tmp_path):
    target = tmp_path / "mine"
    export_hf(models[0], target)
    (target / "photos").mkdir()
    (target / "photos" / "cat.jpg").write_bytes(b"jpeg")
    (target / "notes.txt").write_text("mine")
    export_hf(models[1], target, overwrite=True)
    assert (target / "photos" / "cat.jpg").read_bytes() == b"jpeg" and (
        target / "notes.txt"
    ).read_text() == "mine"
    reference = tmp_path / "reference"
    export_hf(models[1], reference)
    kept = {k: v for k, v in digest(target).items() if not k.startswith(("photos", "notes"))}
    assert kept == digest(reference)


def test_train_out_killed_at_each_file_boundary_leaves_the_old_or_the_new_model(tmp_path, monkeypatch):
    from mlmstudio.cli.engine_commands import _copy_model

    old_model, new_model = model_dir(tmp_path / "a", "mlm"), model_dir(tmp_path / "b", "mlm")
    new = {name: sha for name, sha in digest(new_model).items()}
    count = whole_at_each_boundary(
        tmp_path,
        monkeypatch,
        lambda target: _copy_model(old_model, target),
        lambda target: _copy_model(new_model, target),
        lambda target, old: {k: v for k, v in digest(target).items() if k in new} == new,
    )
    assert count >= 3


def test_a_capsule_of_the_facts_sample_keeps_its_own_probes(tmp_path):
    """A capsule's corpus is a copy named corpus/corpus.txt: the 14 facts questions are written out."""
    from mlmstudio.engine.capsule import LaunchPlan, read_capsule, write_capsule
    from mlmstudio.engine.samples import fact_probes

    config = RunConfig(
        corpus=dataclasses.replace(RunConfig().corpus, source="sample:facts"),
        tokenizer=TokenizerConfig(kind="char"),
        model=ModelConfig(d_model=32, num_heads=2, num_layers=1, ffn_dim=64, max_len=32),
        training=TrainingConfig(seq_len=32, batch_size=4, steps=3),
    )
    capsule = read_capsule(write_capsule(config, tmp_path / "cap", LaunchPlan()).path)
    asked = [(p.sentence, p.answer) for p in capsule.config.probes.items]
    assert asked == fact_probes(lowercase=config.tokenizer.lowercase) and len(asked) == 14
