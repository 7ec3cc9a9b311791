"""Helpers for the store tests: tiny configs, recorded runs without training, tree digests."""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Iterable
from pathlib import Path

from mlmstudio.config import RunConfig
from mlmstudio.engine.events import StepEvent
from mlmstudio.store import lifecycle, repository
from mlmstudio.store.database import Database
from mlmstudio.store.models import RunRow, utcnow

from tiny_configs import tiny_config as shared_tiny_config


def tiny_config(**training) -> RunConfig:
    """The shared tiny config as a seed model (exportable to Hugging Face) on the tutorial sample."""
    return shared_tiny_config(
        source="sample:tutorial",
        val_fraction=0.2,
        arch="seed",
        max_len=32,
        **{"batch_size": 4, "eval_batches": 8, "checkpoint_every": 10, **training},
    )


def at_step(n: int, action):
    """A training callback that calls ``action()`` when step ``n`` is reported."""

    def callback(event):
        if isinstance(event, StepEvent) and event.step == n:
            action()

    return callback


def interrupt():
    raise KeyboardInterrupt  # what a kill looks like to the store: no clean end


def build_model_files(folder: Path) -> Path:
    """Write a real, untrained model folder of ``tiny_config()`` (config, tokenizer, weights, metrics)."""
    from mlmstudio.engine.artifacts import save_model_dir
    from mlmstudio.engine.corpus import load_corpus
    from mlmstudio.engine.model_factory import build_model
    from mlmstudio.engine.tokenization import MLMTokenizer

    config = tiny_config()
    tokenizer = MLMTokenizer.train([load_corpus("sample:tutorial").text], config.tokenizer)
    model = build_model(config.model, tokenizer.vocab_size, tokenizer.pad_token_id)
    save_model_dir(folder, model, tokenizer, config, {"val_loss": 2.5, "status": "completed"})
    return folder


def add_run(
    db: Database,
    *,
    status: str = "completed",
    name: str | None = None,
    config: RunConfig | None = None,
    model_files: Path | None = None,
    steps: int = 0,
    val_every: int = 10,
    tags: Iterable[str] = (),
    final_metrics: dict | None = None,
    **row_values,
) -> str:
    """A recorded run without training: its row, its config.json, optional model files and points."""
    from mlmstudio.engine.corpus import load_corpus

    config = config or tiny_config()
    handle = lifecycle.prepare_run(db, config, load_corpus("sample:tutorial"), name=name)
    if model_files is not None:
        for file in model_files.iterdir():
            shutil.copy2(file, handle.run_dir / file.name)
    points = []
    for step in range(1, steps + 1):
        points.append(
            dict(
                run_id=handle.run_id,
                step=step,
                split="train",
                name="loss",
                value=5.0 / step,
                wall_time=step * 0.1,
            )
        )
        if step % val_every == 0:
            points.append(
                dict(
                    run_id=handle.run_id,
                    step=step,
                    split="val",
                    name="loss",
                    value=6.0 / step,
                    wall_time=step * 0.1,
                )
            )
    with db.session() as session:
        repository.add_metric_points(session, points)
        row = session.get(RunRow, handle.run_id)
        row.status = status
        row.last_step = steps
        if status != "queued":
            row.started_at = utcnow()
        if final_metrics is not None:
            row.final_metrics_json = json.dumps(final_metrics)
        repository.add_tags(row, tags)
        for key, value in row_values.items():
            setattr(row, key, value)
    return handle.run_id


def tree_digest(root: Path) -> dict[str, str]:
    """Every file and folder under root with a hash of its bytes: equal digests = byte-identical trees."""
    digest = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        digest[rel] = "dir" if path.is_dir() else hashlib.sha256(path.read_bytes()).hexdigest()
    return digest
