"""Was the pretraining worth it? A run, its random twin and the majority class on one labelled task.

For each seed (0, 1, 2, ... by default 3 seeds) the task is split (``probe.split_examples``), and
on the held-out part the following are compared, each with a linear probe on its frozen
mean-pooled last layer (``features``) trained on the training part:

- ``majority``: always the training part's most frequent class;
- ``twin``: a model of the run's own architecture, config and tokenizer, freshly initialised
  with the seed (a new twin per seed), never trained;
- ``run``: the run's final model; ``checkpoint``: each of its kept checkpoints (``step``);
- ``other-run:<id>``: any other runs chosen (imported models are runs too), each with its own
  tokenizer.

With ``finetune`` the run, the twin and the other runs are also fine-tuned whole
(``finetune.py``; the checkpoints are probed only: a fine-tune per checkpoint and seed would cost
minutes each). A subject's number is the mean accuracy over the seeds and its spread is the
sample standard deviation (n - 1); the minimum and maximum are kept too. Features depend on the
model only, so each trained model is read once and the seeds reuse them; each twin is read once.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

import torch

from mlmstudio.engine.evaluate.features import EvaluationCancelled, encode_texts, pooled_features
from mlmstudio.engine.evaluate.finetune import finetune_accuracy
from mlmstudio.engine.evaluate.probe import accuracy, fit_probe, majority_accuracy, split_examples
from mlmstudio.engine.evaluate.tasks import LabelledTask, TaskError

if TYPE_CHECKING:
    from mlmstudio.engine.artifacts import LoadedModel

DEFAULT_SEEDS = 3
MAX_SEEDS = 10
SPREAD = "std"  # the sample standard deviation over the seeds (n - 1); 0 for one seed
METHOD_PROBE = "probe"
METHOD_FINETUNE = "finetune"
ProgressCallback = Callable[[str, int, int], None]  # (what is being done, done, in all)


@dataclass(frozen=True)
class Subject:
    """A model to compare: ``load`` gives it (called once, when its turn comes)."""

    subject: str  # "run", "checkpoint" or "other-run:<id>"
    label: str  # shown in tables and plots ("this run", "step 64", a run's name)
    load: Callable[[], LoadedModel]
    step: int | None = None
    finetune: bool = True  # checkpoints are probed only


@dataclass(frozen=True)
class SubjectResult:
    subject: str
    label: str
    step: int | None
    method: str  # "probe" or "finetune"
    per_seed: tuple[float, ...]

    @property
    def mean(self) -> float:
        return statistics.fmean(self.per_seed)

    @property
    def spread(self) -> float:
        return statistics.stdev(self.per_seed) if len(self.per_seed) > 1 else 0.0

    @property
    def metric(self) -> str:
        return "accuracy" if self.method == METHOD_PROBE else "finetune_accuracy"

    def as_dict(self) -> dict[str, Any]:
        return {
            **asdict(self),
            "per_seed": list(self.per_seed),
            "metric": self.metric,
            "mean": self.mean,
            "spread": self.spread,
            "min": min(self.per_seed),
            "max": max(self.per_seed),
        }


@dataclass(frozen=True)
class TransferReport:
    task: str
    description: str
    classes: tuple[str, ...]
    class_counts: tuple[int, ...]
    examples: int
    train_examples: int  # of the first seed's split
    test_examples: int
    seeds: tuple[int, ...]
    results: tuple[SubjectResult, ...]
    notes: tuple[str, ...] = field(default_factory=tuple)
    spread: str = SPREAD

    def result(self, subject: str, method: str = METHOD_PROBE, step: int | None = None) -> SubjectResult:
        for r in self.results:
            if r.subject == subject and r.method == method and r.step == step:
                return r
        raise KeyError(subject)

    def as_dict(self) -> dict[str, Any]:
        return {
            "task": self.task,
            "description": self.description,
            "classes": list(self.classes),
            "class_counts": list(self.class_counts),
            "examples": self.examples,
            "train_examples": self.train_examples,
            "test_examples": self.test_examples,
            "seeds": list(self.seeds),
            "spread": "sample standard deviation over the seeds (n - 1)",
            "results": [r.as_dict() for r in self.results],
            "notes": list(self.notes),
        }

    def csv_rows(self) -> list[dict[str, Any]]:
        rows = []
        for r in self.results:
            row: dict[str, Any] = {
                "task": self.task,
                "subject": r.subject,
                "label": r.label,
                "step": "" if r.step is None else r.step,
                "method": r.method,
                "mean": round(r.mean, 6),
                "std": round(r.spread, 6),
                "min": round(min(r.per_seed), 6),
                "max": round(max(r.per_seed), 6),
                "seeds": len(r.per_seed),
            }
            for seed, value in zip(self.seeds, r.per_seed, strict=True):
                row[f"seed_{seed}"] = round(value, 6)
            rows.append(row)
        return rows


def evaluate_transfer(
    task: LabelledTask,
    run: LoadedModel,
    subjects: Sequence[Subject],
    *,
    seeds: int = DEFAULT_SEEDS,
    finetune: bool = False,
    progress: ProgressCallback | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> TransferReport:
    """Compare ``subjects`` (the run first, usually), the run's twin and the majority class on ``task``."""
    if not 1 <= seeds <= MAX_SEEDS:
        raise TaskError(f"--seeds must be between 1 and {MAX_SEEDS}; {seeds} was given.")
    seed_list = tuple(range(seeds))
    splits = [split_examples(task.labels, s, groups=task.groups) for s in seed_list]
    for split in splits:
        if not split.test or len({task.labels[i] for i in split.train}) < 2:
            raise TaskError(
                f"{task.name} cannot be split into a training part with two classes and a held-out part; "
                "add examples of each class."
            )
    labels = torch.tensor(task.labels, dtype=torch.long)
    notes = list(task.notes)
    steps_total = len(subjects) + seeds
    step_no = 0

    def report(what: str) -> Callable[[int, int], None]:
        nonlocal step_no
        step_no += 1
        number = step_no

        def callback(done: int, total: int) -> None:
            if progress is not None:
                progress(f"{what} ({number}/{steps_total})", done, total)

        return callback

    def check_stop() -> None:
        if should_stop is not None and should_stop():
            raise EvaluationCancelled("The evaluation was stopped; nothing was stored.")

    def probe_scores(features: torch.Tensor) -> tuple[float, ...]:
        found = []
        for seed, split in zip(seed_list, splits, strict=True):
            train, test = list(split.train), list(split.test)
            probe = fit_probe(features[train], labels[train], len(task.classes), seed=seed)
            found.append(accuracy(probe.predict(features[test].double()), labels[test]))
        return tuple(found)

    results: list[SubjectResult] = [
        SubjectResult(
            "majority",
            "majority class",
            None,
            METHOD_PROBE,
            tuple(
                majority_accuracy([task.labels[i] for i in s.train], [task.labels[i] for i in s.test])
                for s in splits
            ),
        )
    ]
    cut_noted = False
    for subject in subjects:
        check_stop()
        loaded = subject.load()
        encoded = encode_texts(loaded.tokenizer, task.texts, loaded.model.max_len)
        if encoded.cut and not cut_noted:
            notes.append(f"{encoded.cut:,} texts were longer than {subject.label} reads and were cut.")
            cut_noted = True
        features = pooled_features(
            loaded.model,
            loaded.tokenizer,
            encoded,
            progress=report(f"Reading {subject.label}"),
            should_stop=should_stop,
        )
        results.append(
            SubjectResult(subject.subject, subject.label, subject.step, METHOD_PROBE, probe_scores(features))
        )
        if finetune and subject.finetune:
            tuned = tuple(
                finetune_accuracy(
                    loaded.model, loaded.tokenizer, encoded.ids, task.labels, len(task.classes),
                    s.train, s.test, seed=seed, should_stop=should_stop,
                )
                for seed, s in zip(seed_list, splits, strict=True)
            )  # fmt: skip
            results.append(
                SubjectResult(subject.subject, subject.label, subject.step, METHOD_FINETUNE, tuned)
            )
        del loaded, features

    twin_probe, twin_tuned = [], []
    encoded = encode_texts(run.tokenizer, task.texts, run.model.max_len)
    for seed, split in zip(seed_list, splits, strict=True):
        check_stop()
        twin = random_twin(run, seed)
        features = pooled_features(
            twin, run.tokenizer, encoded, progress=report("Reading the random twin"), should_stop=should_stop
        )
        train, test = list(split.train), list(split.test)
        probe = fit_probe(features[train], labels[train], len(task.classes), seed=seed)
        twin_probe.append(accuracy(probe.predict(features[test].double()), labels[test]))
        if finetune:
            twin_tuned.append(
                finetune_accuracy(
                    twin, run.tokenizer, encoded.ids, task.labels, len(task.classes), split.train, split.test,
                    seed=seed, should_stop=should_stop,
                )
            )  # fmt: skip
    results.insert(1, SubjectResult("twin", "random twin", None, METHOD_PROBE, tuple(twin_probe)))
    if finetune:
        results.insert(2, SubjectResult("twin", "random twin", None, METHOD_FINETUNE, tuple(twin_tuned)))
    for r in results:
        if any(math.isnan(v) for v in r.per_seed):
            raise TaskError(
                f"{task.name} left no held-out examples for {r.label}; add examples of each class."
            )
    return TransferReport(
        task=task.name,
        description=task.description,
        classes=task.classes,
        class_counts=tuple(task.class_counts()),
        examples=len(task),
        train_examples=len(splits[0].train),
        test_examples=len(splits[0].test),
        seeds=seed_list,
        results=tuple(results),
        notes=tuple(notes),
    )


def random_twin(run: LoadedModel, seed: int) -> torch.nn.Module:
    """The run's architecture and config, freshly initialised with ``seed``, in eval mode."""
    from mlmstudio.engine.model_factory import build_model

    state = torch.random.get_rng_state()
    try:
        torch.manual_seed(seed)
        twin = build_model(run.config.model, run.tokenizer.vocab_size, run.tokenizer.pad_token_id)
    finally:
        torch.random.set_rng_state(state)
    device = next(run.model.parameters()).device
    return twin.to(device).eval()
