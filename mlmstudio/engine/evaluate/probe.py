"""The linear probe: multinomial logistic regression on frozen features, and the held-out split.

The features are standardised with the training split's mean and standard deviation (so one
L2 strength suits every model, whatever the scale of its states), then a weight matrix and a
bias are fitted by L-BFGS (strong Wolfe line search) on the mean cross-entropy plus
``l2 * |W|^2 / 2``. The problem is convex, so the seeded starting point changes little; the
seed matters through the split. A feature that never varies contributes nothing (its
standardised value is 0), so an encoder whose features are all equal scores the majority class.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import Tensor

DEFAULT_L2 = 1e-2
HELD_OUT_FRACTION = 0.3
MAX_ITERATIONS = 200


@dataclass(frozen=True)
class Split:
    train: tuple[int, ...]
    test: tuple[int, ...]


def split_examples(
    labels: Sequence[int],
    seed: int,
    *,
    groups: Sequence[str] | None = None,
    fraction: float = HELD_OUT_FRACTION,
) -> Split:
    """A seeded held-out split, stratified by class: ``fraction`` of each class's examples (or of its
    groups, when given: a group never straddles the split) held out, at least one where a class has two."""
    rng = random.Random(seed)
    by_class: dict[int, list[int]] = {}
    for i, label in enumerate(labels):
        by_class.setdefault(label, []).append(i)
    test: list[int] = []
    for label in sorted(by_class):
        members = by_class[label]
        if groups is None:
            units = [[i] for i in members]
        else:
            grouped: dict[str, list[int]] = {}
            for i in members:
                grouped.setdefault(groups[i], []).append(i)
            units = [grouped[g] for g in sorted(grouped)]
        rng.shuffle(units)
        n_test = round(len(units) * fraction) if len(units) > 1 else 0
        n_test = min(max(n_test, 1 if len(units) > 1 else 0), len(units) - 1)
        for unit in units[:n_test]:
            test.extend(unit)
    held = set(test)
    return Split(tuple(i for i in range(len(labels)) if i not in held), tuple(sorted(held)))


@dataclass(frozen=True)
class Probe:
    mean: Tensor  # [d]
    scale: Tensor  # [d]
    weight: Tensor  # [d, C]
    bias: Tensor  # [C]

    def predict(self, features: Tensor) -> Tensor:
        return ((features - self.mean) / self.scale @ self.weight + self.bias).argmax(1)


def fit_probe(
    features: Tensor, labels: Tensor, n_classes: int, *, seed: int, l2: float = DEFAULT_L2
) -> Probe:
    """Fit the probe on ``features`` [N, d] and ``labels`` [N] (class indices)."""
    x = features.double()
    mean = x.mean(0)
    scale = x.std(0, unbiased=False)
    scale = torch.where(scale > 1e-8, scale, torch.ones_like(scale))
    x = (x - mean) / scale
    generator = torch.Generator().manual_seed(seed)
    weight = (
        torch.randn(x.shape[1], n_classes, generator=generator, dtype=torch.float64) * 0.01
    ).requires_grad_()
    bias = torch.zeros(n_classes, dtype=torch.float64, requires_grad=True)
    optimiser = torch.optim.LBFGS(
        [weight, bias], lr=1.0, max_iter=MAX_ITERATIONS, line_search_fn="strong_wolfe", tolerance_grad=1e-7
    )
    y = labels.long()

    def closure() -> Tensor:
        optimiser.zero_grad()
        loss = F.cross_entropy(x @ weight + bias, y) + 0.5 * l2 * (weight * weight).sum()
        loss.backward()
        return loss

    with torch.enable_grad(), one_thread():
        optimiser.step(closure)
    return Probe(mean, scale, weight.detach(), bias.detach())


@contextmanager
def one_thread() -> Iterator[None]:
    """The probe's matrices are small (hundreds of rows): more threads only wait for each other, and on
    a busy machine they made one fit 10-30 times slower (measured: 0.1 s on one thread, 1-4 s on two).
    The fine-tune's small batches too (one epoch of sample:kinds: 7 s on one thread, 28 s on two, at
    load 19 on two cores)."""
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(before)


def accuracy(predicted: Tensor, labels: Tensor) -> float:
    return float((predicted == labels).double().mean()) if len(labels) else float("nan")


def majority_accuracy(train_labels: Sequence[int], test_labels: Sequence[int]) -> float:
    """The accuracy of always answering the training split's most frequent class (ties: the lowest)."""
    counts: dict[int, int] = {}
    for label in train_labels:
        counts[label] = counts.get(label, 0) + 1
    majority = min(counts, key=lambda c: (-counts[c], c))
    return sum(1 for label in test_labels if label == majority) / max(1, len(test_labels))
