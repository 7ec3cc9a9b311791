"""The optional short fine-tune: the whole encoder plus a linear head on its mean-pooled last layer.

A copy of the model is trained (the run's own weights are never touched) with AdamW, a small
learning rate for the encoder and a larger one for the new head, for a few epochs over the
training split, batches in a seeded order; then the held-out split is classified. Fine-tuning
is known to vary with the seed (the head's start and the batch order), which is why every
number is a mean over seeds with its spread.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence

import torch
import torch.nn.functional as F
from torch import nn

from mlmstudio.engine.evaluate.features import EvaluationCancelled, batches, mean_pooled
from mlmstudio.engine.evaluate.probe import one_thread
from mlmstudio.engine.tokenization import MLMTokenizer

EPOCHS = 3
ENCODER_LR = 1e-4
HEAD_LR = 1e-3
BATCH_SIZE = 32


@one_thread()
def finetune_accuracy(
    model: nn.Module,
    tokenizer: MLMTokenizer,
    ids: Sequence[Sequence[int]],
    labels: Sequence[int],
    n_classes: int,
    train: Sequence[int],
    test: Sequence[int],
    *,
    seed: int,
    epochs: int = EPOCHS,
    should_stop: Callable[[], bool] | None = None,
) -> float:
    """Held-out accuracy after fine-tuning a copy of ``model`` on the ``train`` examples (on one thread:
    ``probe.one_thread`` says why)."""
    torch.manual_seed(seed)
    tuned = copy.deepcopy(model).float()
    device = next(tuned.parameters()).device
    width = _width(tuned, tokenizer, ids[train[0]], device)
    head = nn.Linear(width, n_classes).to(device)
    optimiser = torch.optim.AdamW(
        [{"params": tuned.parameters(), "lr": ENCODER_LR}, {"params": head.parameters(), "lr": HEAD_LR}],
        weight_decay=0.01,
    )
    target = torch.tensor(labels, dtype=torch.long)
    order = torch.Generator().manual_seed(seed)
    tuned.train()
    with torch.enable_grad():
        for _ in range(epochs):
            shuffled = [train[i] for i in torch.randperm(len(train), generator=order).tolist()]
            for start in range(0, len(shuffled), BATCH_SIZE):
                if should_stop is not None and should_stop():
                    raise EvaluationCancelled("The evaluation was stopped; nothing was stored.")
                chosen = shuffled[start : start + BATCH_SIZE]
                ((_, input_ids, mask),) = batches(
                    [ids[i] for i in chosen], tokenizer.pad_token_id, len(chosen), device
                )
                # batches() sorts by length; the labels follow the same order.
                by_length = sorted(range(len(chosen)), key=lambda j: len(ids[chosen[j]]))
                y = target[[chosen[j] for j in by_length]].to(device)
                loss = F.cross_entropy(head(mean_pooled(tuned, input_ids, mask)), y)
                optimiser.zero_grad()
                loss.backward()
                optimiser.step()
    tuned.eval()
    correct = 0
    with torch.inference_mode():
        test_ids = [ids[i] for i in test]
        for positions, input_ids, mask in batches(test_ids, tokenizer.pad_token_id, 64, device):
            predicted = head(mean_pooled(tuned, input_ids, mask)).argmax(1).cpu()
            correct += int((predicted == target[[test[p] for p in positions]]).sum())
    return correct / max(1, len(test))


def _width(model: nn.Module, tokenizer: MLMTokenizer, one: Sequence[int], device: torch.device) -> int:
    with torch.inference_mode():
        ((_, input_ids, mask),) = batches([one], tokenizer.pad_token_id, 1, device)
        return int(mean_pooled(model, input_ids, mask).shape[1])
