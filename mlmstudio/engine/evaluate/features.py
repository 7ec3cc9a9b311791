"""Sentence features of a frozen encoder: its last layer, mean-pooled over the real tokens.

Which layer is "the encoder's last": the output of the final encoder block, before any
prediction head: ``seed`` (BERT layout) the last TransformerEncoder layer, ``modern`` the final
LayerNorm after its blocks, ELECTRA the discriminator's encoder (the model ELECTRA trains for
downstream use). A forward hook takes that output and stops the forward pass there, so the
vocabulary projection (the largest matrix of a small model) is never computed, and no model
class needs a method for it.

Each text is framed as in training, ``[CLS] text [SEP]``, cut to the model's length (the count
of cut texts is returned), and padded in batches of alike length; the mean runs over the
attention mask (the framing tokens included, padding not).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import torch
from torch import Tensor, nn

from mlmstudio.engine.electra import is_electra
from mlmstudio.engine.errors import PredictionError
from mlmstudio.engine.tokenization import MLMTokenizer
from mlmstudio.errors import MLMStudioError

MAX_FEATURE_TOKENS = 128  # a labelled sentence is short; a longer text is cut (the count is said)
BATCH_SIZE = 64
ProgressCallback = Callable[[int, int], None]  # (texts done, texts in all)


class EvaluationCancelled(MLMStudioError):
    """The user stopped the evaluation; nothing was kept."""


class _Reached(Exception):  # noqa: N818  (control flow, never seen by a user)
    def __init__(self, output: Tensor) -> None:
        self.output = output


@dataclass(frozen=True)
class Encoded:
    """Framed token ids of some texts: ``ids[i]`` is [CLS] ... [SEP] of text i."""

    ids: tuple[tuple[int, ...], ...]
    cut: int  # texts longer than the model reads


def encode_texts(tokenizer: MLMTokenizer, texts: Sequence[str], max_len: int) -> Encoded:
    room = max(1, min(max_len, MAX_FEATURE_TOKENS) - 2)
    cls, sep = tokenizer.cls_token_id, tokenizer.sep_token_id
    framed, cut = [], 0
    for text in texts:
        body = tokenizer.encode(text)
        if len(body) > room:
            body, cut = body[:room], cut + 1
        framed.append((cls, *body, sep))
    return Encoded(tuple(framed), cut)


def last_layer(model: nn.Module) -> nn.Module:
    """The module whose output is the encoder's last layer (see the module docstring)."""
    if is_electra(model):
        found: nn.Module | None = model.get_submodule("discriminator.encoder")
    elif hasattr(model, "final_norm"):  # modern
        found = model.get_submodule("final_norm")
    elif hasattr(model, "encoder"):  # seed: its forward runs the layers itself, so the last one's output
        layers = list(model.get_submodule("encoder.layers").children())
        found = layers[-1] if layers else None
    else:
        found = None
    if found is not None:
        return found
    raise PredictionError(f"The model class {type(model).__name__} has no encoder the probe can read.")


def hidden_states(model: nn.Module, input_ids: Tensor, attention_mask: Tensor) -> Tensor:
    """[B, T, d] last-layer states (with gradients when enabled: the fine-tune uses them)."""
    handle = last_layer(model).register_forward_hook(_stop_with_output)
    try:
        if is_electra(model):
            model.replaced_logits(input_ids, attention_mask)  # type: ignore[operator]
        else:
            model(input_ids, attention_mask=attention_mask)
    except _Reached as reached:
        return reached.output
    finally:
        handle.remove()
    raise PredictionError("The model's encoder was never reached; its features cannot be read.")


def _stop_with_output(module: nn.Module, inputs: object, output: Tensor) -> None:
    raise _Reached(output)


def mean_pooled(model: nn.Module, input_ids: Tensor, attention_mask: Tensor) -> Tensor:
    """[B, d] the mean of the last layer over each text's tokens (padding left out)."""
    states = hidden_states(model, input_ids, attention_mask).float()
    weights = attention_mask.to(states.dtype).unsqueeze(-1)  # [B, T, 1]
    return (states * weights).sum(1) / weights.sum(1).clamp(min=1.0)


def batches(
    ids: Sequence[Sequence[int]],
    pad_id: int,
    batch_size: int = BATCH_SIZE,
    device: str | torch.device = "cpu",
):
    """(positions, input_ids, attention_mask) batches of texts of alike length."""
    order = sorted(range(len(ids)), key=lambda i: len(ids[i]))
    for start in range(0, len(order), batch_size):
        chosen = order[start : start + batch_size]
        width = max(len(ids[i]) for i in chosen)
        input_ids = torch.full((len(chosen), width), pad_id, dtype=torch.long)
        mask = torch.zeros((len(chosen), width), dtype=torch.long)
        for row, i in enumerate(chosen):
            input_ids[row, : len(ids[i])] = torch.tensor(ids[i], dtype=torch.long)
            mask[row, : len(ids[i])] = 1
        yield chosen, input_ids.to(device), mask.to(device)


@torch.inference_mode()
def pooled_features(
    model: nn.Module,
    tokenizer: MLMTokenizer,
    encoded: Encoded,
    *,
    batch_size: int = BATCH_SIZE,
    progress: ProgressCallback | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Tensor:
    """[N, d] float32 features of the encoded texts, in their order, on the CPU."""
    model.eval()
    device = next(model.parameters()).device
    out: Tensor | None = None
    done = 0
    for chosen, input_ids, mask in batches(encoded.ids, tokenizer.pad_token_id, batch_size, device):
        if should_stop is not None and should_stop():
            raise EvaluationCancelled("The evaluation was stopped; nothing was stored.")
        pooled = mean_pooled(model, input_ids, mask).cpu()
        if out is None:
            out = torch.empty((len(encoded.ids), pooled.shape[1]), dtype=torch.float32)
        out[torch.tensor(chosen)] = pooled
        done += len(chosen)
        if progress is not None:
            progress(done, len(encoded.ids))
    if out is None:
        raise PredictionError("There are no texts to read features from.")
    return out
