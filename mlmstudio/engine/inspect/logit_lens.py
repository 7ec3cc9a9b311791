"""The logit lens: what the model would say about a [MASK] if it stopped after layer k.

For each [MASK] of a sentence, framed exactly as ``Predictor.fill_mask`` frames
it, the hidden state at that position after the embeddings and after every
layer is read through the model's own output path, the one its forward applies
to the last layer (nostalgebraist's "logit lens", 2020). The last row is then
the model's answer itself: tests/engine/inspect/test_logit_lens.py checks that
it equals fill_mask to 1e-6 for every architecture and for an opened
transformers model.

The output path of each architecture (``_route``):

- ``seed`` (and the opened BERT, DistilBERT, RoBERTa, XLM-R, which are mapped
  onto it): head (Linear -> GELU -> LayerNorm), then the decoder. Post-LN:
  each layer's output is already normalised, as the last one is.
- ``modern`` (and an opened ESM): the final LayerNorm, the head and the tied
  decoder. Pre-LN: the residual stream after layer k goes through the final
  LayerNorm exactly as the last layer's does.
- ELECTRA: the generator's layers and head over the tied token embeddings;
  "after the embeddings" is the shared embeddings projected to the generator's
  width, which is what its first layer reads. The discriminator has no word
  head, so it has no lens.

The hidden states are taken from the model's own forward pass (forward hooks
on the embedding output and on every layer, removed afterwards), so nothing of
the forward is written a second time here; only the head is applied to the
states it did not reach.

``LogitLens.probabilities(mask, T)`` redraws them as softmax(logits / T)
(``temperature.with_temperature``, T from 0.1 to 5): below 1 the guesses
sharpen, above 1 they flatten. The order of the guesses never changes with T,
only how sure they look.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch
from torch import Tensor, nn

from mlmstudio.engine.electra import ElectraMLM
from mlmstudio.engine.errors import PredictionError
from mlmstudio.engine.inspect.temperature import with_temperature
from mlmstudio.engine.model import ModernMLM, SeedMLM
from mlmstudio.engine.predict import Predictor

DEFAULT_TOP_K = 5


@dataclass
class LogitLens:
    """Each [MASK]'s vocabulary logits after the embeddings and after every layer.

    ``logits[m, s]`` is [MASK] m (in text order) read at stage s: stage 0 after the
    embeddings, stage k after layer k; the last stage is the model's output.
    ``top_ids[m, s]`` are the stage's k best tokens (by logit, so at any temperature).
    """

    text: str
    tokens: list[str]  # the framed tokens, [CLS] ... [SEP]
    token_ids: list[int]
    mask_positions: list[int]  # index of each [MASK] in tokens
    stage_names: list[str]  # "embeddings", "layer 1", ... ("generator 1", ... for ELECTRA)
    logits: np.ndarray  # [M, S, V] float32
    top_ids: np.ndarray  # [M, S, k] int64
    top_tokens: list[list[list[str]]]  # [M][S][k] the tokenizer's spelling of top_ids
    truncated: bool = False
    arch: str = ""
    note: str = ""  # what the reader should know about this model's lens (ELECTRA: the generator's)

    @property
    def num_masks(self) -> int:
        return int(self.logits.shape[0])

    @property
    def num_stages(self) -> int:
        return int(self.logits.shape[1])

    def probabilities(self, mask: int, temperature: float = 1.0) -> np.ndarray:
        """[S, k]: the probability of each stage's top tokens at this temperature."""
        probs = with_temperature(self.logits[mask], temperature)  # [S, V]
        return np.take_along_axis(probs, self.top_ids[mask], axis=-1)

    def rows(self, temperature: float = 1.0) -> list[dict[str, Any]]:
        """One CSV row per (mask, stage, rank)."""
        out = []
        for m in range(self.num_masks):
            probs = self.probabilities(m, temperature)
            for s, stage in enumerate(self.stage_names):
                for r in range(self.top_ids.shape[-1]):
                    out.append(
                        {
                            "mask": m + 1,
                            "stage": s,
                            "after": stage,
                            "rank": r + 1,
                            "token": self.top_tokens[m][s][r],
                            "token_id": int(self.top_ids[m, s, r]),
                            "probability": float(probs[s, r]),
                            "temperature": float(temperature),
                        }
                    )
        return out

    def as_dict(self, temperature: float = 1.0) -> dict[str, Any]:
        masks = []
        for m in range(self.num_masks):
            probs = self.probabilities(m, temperature)
            masks.append(
                {
                    "position": self.mask_positions[m],
                    "stages": [
                        {
                            "after": stage,
                            "top": [
                                {
                                    "token": self.top_tokens[m][s][r],
                                    "token_id": int(self.top_ids[m, s, r]),
                                    "probability": float(probs[s, r]),
                                }
                                for r in range(self.top_ids.shape[-1])
                            ],
                        }
                        for s, stage in enumerate(self.stage_names)
                    ],
                }
            )
        return {
            "text": self.text,
            "arch": self.arch,
            "tokens": self.tokens,
            "token_ids": self.token_ids,
            "truncated": self.truncated,
            "note": self.note,
            "temperature": float(temperature),
            "stages": self.stage_names,
            "masks": masks,
        }


@dataclass(frozen=True)
class _Route:
    """Where a model's hidden states are read and how its forward turns the last one into logits."""

    start: nn.Module  # its output: the states after the embeddings (what the first layer reads)
    layers: list[nn.Module]  # each one's output: the states after that layer
    readout: Callable[[Tensor], Tensor]  # [..., width] -> [..., V], the forward's own output path
    names: list[str]
    note: str = ""


def _route(model: nn.Module) -> _Route:
    if isinstance(model, ElectraMLM):
        generator = model.generator
        layers = list(generator.encoder.layers)
        tok_emb = model.embeddings.tok_emb.weight
        return _Route(
            generator.project,
            layers,
            lambda h: generator.vocab_logits(h, tok_emb),
            ["embeddings"] + [f"generator {i + 1}" for i in range(len(layers))],
            "ELECTRA: the generator's layers (it fills the [MASK]s); the discriminator has no word head.",
        )
    if isinstance(model, SeedMLM):
        layers, norm = list(model.encoder.layers), model.encoder.norm
        head, decoder = model.head, model.decoder
        return _Route(
            model.emb_drop,
            layers,
            lambda h: decoder(head(norm(h) if norm is not None else h)),
            ["embeddings"] + [f"layer {i + 1}" for i in range(len(layers))],
        )
    if isinstance(model, ModernMLM):
        final_norm = model.final_norm
        return _Route(
            model.emb_drop,
            list(model.blocks),
            lambda h: model._vocab_logits(final_norm(h)),
            ["embeddings"] + [f"layer {i + 1}" for i in range(len(model.blocks))],
        )
    raise PredictionError(
        f"The layer-by-layer view cannot read this kind of model ({type(model).__name__}) yet."
    )


@torch.inference_mode()
def stage_logits(model: nn.Module, input_ids: Tensor, positions: list[int]) -> Tensor:
    """[M, S, V] fp32 logits at ``positions`` of input_ids [1, T]: after the embeddings and every layer."""
    route = _route(model)
    states: list[Tensor] = []

    def keep(_module: nn.Module, _args: tuple, output: Tensor) -> None:
        states.append(output[0, positions])  # [M, width]

    handles = [module.register_forward_hook(keep) for module in (route.start, *route.layers)]
    was_training = model.training
    try:
        model.eval()
        model(input_ids)
    finally:
        for handle in handles:
            handle.remove()
        model.train(was_training)
    if len(states) != len(route.layers) + 1:  # a module the forward did not call: the model changed
        raise RuntimeError(f"{type(model).__name__}.forward did not pass through every layer once")
    return route.readout(torch.stack(states, dim=1)).float()  # [M, S, V]


def logit_lens(predictor: Predictor, text: str, top_k: int = DEFAULT_TOP_K) -> LogitLens:
    """The top-k guesses for every [MASK] of ``text`` after the embeddings and after every layer."""
    if not isinstance(top_k, int) or isinstance(top_k, bool) or top_k < 1:
        raise PredictionError(f"top_k must be a whole number of at least 1 (got {top_k!r}).")
    ids, masks, truncated = predictor.frame(text)
    model = predictor.model
    route = _route(model)
    input_ids = torch.tensor([ids], dtype=torch.long, device=predictor.device)  # [1, T]
    logits = stage_logits(model, input_ids, masks).cpu()  # [M, S, V]
    k = min(top_k, logits.shape[-1])
    top_ids = logits.topk(k, dim=-1).indices  # [M, S, k]
    tok = predictor.tokenizer
    spelled = [[[tok.token_str(int(i)) for i in stage] for stage in mask] for mask in top_ids.tolist()]
    cfg = getattr(model, "cfg", None)
    return LogitLens(
        text=text,
        tokens=[tok.token_str(i) for i in ids],
        token_ids=ids,
        mask_positions=masks,
        stage_names=route.names,
        logits=logits.numpy().astype(np.float32),
        top_ids=top_ids.numpy().astype(np.int64),
        top_tokens=spelled,
        truncated=truncated,
        arch=str(getattr(cfg, "arch", "")),
        note=route.note,
    )
