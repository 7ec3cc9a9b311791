"""ELECTRA: replaced-token detection (Clark et al. 2020) as a training objective.

Masked language modelling learns only from the ~15-30% of tokens it hides.
ELECTRA learns from every token: a small *generator* (an MLM a fraction of the
model's width) fills the masked positions by sampling from its own guesses,
and the *discriminator* (the model that matters) says for every real token
whether it was replaced. The loss is the generator's MLM loss plus
``discriminator_weight`` (lambda: 50 in the paper, 10 here by default, measured
for short CPU runs in docs/PERFORMANCE.md) times the discriminator's
binary cross-entropy. A sampled token equal to the original counts as
original, as in the paper, and no gradient flows through the sampling.

Both halves are built on BERT's own post-LN layout (the ``seed`` architecture),
so each maps one to one onto ``transformers``: the discriminator onto
``ElectraForPreTraining`` and the generator onto ``ElectraForMaskedLM``
(``engine/electra_export.py``). They share the embeddings (token, position and
their LayerNorm), as in the paper; the generator projects them down to its own
width (HF's ``embeddings_project``) and its output head projects back up to the
embedding width and onto the tied token embeddings.

``ElectraMLM`` keeps the one model interface: ``forward(input_ids,
attention_mask=None, labels=None)`` returns the generator's fill-mask logits,
so fill-mask, sentence scores and the validation loss use the generator; in
training mode with labels it runs the whole ELECTRA step and returns the
combined loss with its parts in ``stats``. ``replaced_logits`` is the
discriminator's answer (``mlmstudio detect``, Explore's "Spot the replaced word").

Shapes: B batch, T length, d width, g generator width, V vocabulary, N labelled positions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import Tensor, nn

from mlmstudio.config import CLS, MASK, PAD, SEP, SPECIAL_TOKENS, ModelConfig
from mlmstudio.engine.masking import IGNORE_INDEX
from mlmstudio.engine.model import MLMModel, MLMOutput, init_bert

# nn.TransformerEncoderLayer's and our LayerNorms' epsilon (written into the exported configs).
LAYER_NORM_EPS = 1e-5
# Never sampled as a replacement, never scored by the discriminator: structure, not text.
# ([UNK] stays: it stands for real words.)
STRUCTURAL_TOKEN_IDS = tuple(SPECIAL_TOKENS.index(t) for t in (PAD, CLS, SEP, MASK))

# The names of the training statistics (StepEvent's fields, metric_names' curve names).
STAT_NAMES = ("generator_loss", "discriminator_loss", "discriminator_accuracy", "replaced_share")


@dataclass
class ElectraOutput(MLMOutput):
    """An MLMOutput whose ``loss`` is generator + lambda x discriminator; ``stats`` holds the parts
    (detached scalar tensors named as ``STAT_NAMES``), so reading them costs no device sync."""

    stats: dict[str, Tensor] = field(default_factory=dict)


def post_ln_encoder(
    width: int, heads: int, ffn: int, layers: int, dropout: float, eps: float = LAYER_NORM_EPS
) -> nn.TransformerEncoder:
    """BERT's post-LN encoder with exact GELU (the seed model's; maps onto ``ElectraLayer``)."""
    layer = nn.TransformerEncoderLayer(
        d_model=width,
        nhead=heads,
        dim_feedforward=ffn,
        dropout=dropout,
        activation="gelu",
        batch_first=True,
        norm_first=False,
        layer_norm_eps=eps,
    )
    # enable_nested_tensor=False: padded positions computed the plain way, as transformers does.
    return nn.TransformerEncoder(layer, num_layers=layers, enable_nested_tensor=False)


class Embeddings(nn.Module):
    """Token + position embeddings, LayerNorm, dropout: ``ElectraEmbeddings`` (one token type, zero)."""

    def __init__(
        self, vocab_size: int, width: int, max_len: int, dropout: float, eps: float = LAYER_NORM_EPS
    ) -> None:
        super().__init__()
        self.tok_emb = nn.Embedding(vocab_size, width)
        self.pos_emb = nn.Embedding(max_len, width)
        self.norm = nn.LayerNorm(width, eps=eps)
        self.drop = nn.Dropout(dropout)

    def forward(self, input_ids: Tensor) -> Tensor:
        pos = torch.arange(input_ids.shape[1], device=input_ids.device)
        return self.drop(self.norm(self.tok_emb(input_ids) + self.pos_emb(pos)))  # [B, T, d]


class Generator(nn.Module):
    """The small MLM: project d -> g, a post-LN encoder of width g, head g -> d -> tied vocabulary."""

    def __init__(self, cfg: ModelConfig, vocab_size: int) -> None:
        super().__init__()
        d, g = cfg.d_model, cfg.generator_width
        self.project = nn.Linear(d, g)  # HF: electra.embeddings_project
        self.encoder = post_ln_encoder(
            g, cfg.num_heads, cfg.generator_ffn_width, cfg.num_layers, cfg.dropout, cfg.layer_norm_eps
        )
        self.dense = nn.Linear(g, d)  # HF: generator_predictions.dense
        self.norm = nn.LayerNorm(d, eps=cfg.layer_norm_eps)  # HF: generator_predictions.LayerNorm
        self.bias = nn.Parameter(torch.zeros(vocab_size))  # HF: generator_lm_head.bias

    def hidden(self, embedded: Tensor, padding: Tensor | None) -> Tensor:
        """[B, T, d] embeddings -> [B, T, d] head input (before the vocabulary projection)."""
        return self.encoder(self.project(embedded), src_key_padding_mask=padding)

    def vocab_logits(self, h: Tensor, tok_emb: Tensor) -> Tensor:
        """[..., g] encoder output -> [..., V] through the head and the tied token embeddings."""
        return F.linear(self.norm(F.gelu(self.dense(h))), tok_emb, self.bias)


class Discriminator(nn.Module):
    """The model that matters: a post-LN encoder of width d and a per-token replaced/original head."""

    def __init__(self, cfg: ModelConfig) -> None:
        super().__init__()
        d = cfg.d_model
        self.encoder = post_ln_encoder(
            d, cfg.num_heads, cfg.ffn_width, cfg.num_layers, cfg.dropout, cfg.layer_norm_eps
        )
        self.dense = nn.Linear(d, d)  # HF: discriminator_predictions.dense
        self.prediction = nn.Linear(d, 1)  # HF: discriminator_predictions.dense_prediction

    def forward(self, embedded: Tensor, padding: Tensor | None) -> Tensor:
        h = self.encoder(embedded, src_key_padding_mask=padding)  # [B, T, d]
        return self.prediction(F.gelu(self.dense(h))).squeeze(-1)  # [B, T] logits


class ElectraMLM(MLMModel):
    """Generator and discriminator over shared embeddings; see the module docstring."""

    structural_ids: Tensor  # a buffer: the ids a sample never takes

    def __init__(self, cfg: ModelConfig, vocab_size: int, pad_token_id: int = 0) -> None:
        super().__init__(cfg, vocab_size, pad_token_id)
        self.embeddings = Embeddings(vocab_size, cfg.d_model, cfg.max_len, cfg.dropout, cfg.layer_norm_eps)
        self.generator = Generator(cfg, vocab_size)
        self.discriminator = Discriminator(cfg)
        self.register_buffer("structural_ids", torch.tensor(STRUCTURAL_TOKEN_IDS), persistent=False)
        self.apply(init_bert)  # N(0, 0.02), as BERT and ELECTRA: the tied vocabulary logits start small

    @property
    def output_bias(self) -> Tensor:
        return self.generator.bias

    # -- the generator: fill-mask, scores and the validation loss ------------------------

    def forward(
        self,
        input_ids: Tensor,
        attention_mask: Tensor | None = None,
        labels: Tensor | None = None,
        label_positions: Tensor | None = None,
        detect: bool | None = None,
    ) -> MLMOutput:
        """Generator logits [B, T, V] (no labels) or [N, V] at the labelled positions with its loss;
        with ``detect`` (default: in training mode, given labels) the whole ELECTRA step."""
        self._check_length(input_ids)
        padding = None if attention_mask is None else attention_mask == 0  # True = ignore
        embedded = self.embeddings(input_ids)  # [B, T, d]
        h = self.generator.hidden(embedded, padding)  # [B, T, g]
        tok_emb = self.embeddings.tok_emb.weight
        if labels is None:
            return MLMOutput(None, self.generator.vocab_logits(h, tok_emb))  # [B, T, V]
        B, T = input_ids.shape
        where = label_positions
        if where is None:
            where = (labels.reshape(-1) != IGNORE_INDEX).nonzero().squeeze(1)  # [N]
        targets = labels.reshape(-1)[where]  # [N]
        logits = self.generator.vocab_logits(h.reshape(B * T, -1)[where], tok_emb)  # [N, V]
        gen_loss = F.cross_entropy(logits.float(), targets) if where.numel() else logits.float().sum() * 0.0
        if not (self.training if detect is None else detect):
            return MLMOutput(gen_loss, logits, targets)
        return self._detection_step(input_ids, attention_mask, padding, where, targets, logits, gen_loss)

    # -- the discriminator -----------------------------------------------------------------

    def replaced_logits(self, input_ids: Tensor, attention_mask: Tensor | None = None) -> Tensor:
        """The discriminator's logit that each token was replaced: [B, T] (sigmoid gives the probability)."""
        self._check_length(input_ids)
        padding = None if attention_mask is None else attention_mask == 0
        return self.discriminator(self.embeddings(input_ids), padding)

    def _detection_step(
        self,
        input_ids: Tensor,
        attention_mask: Tensor | None,
        padding: Tensor | None,
        where: Tensor,
        targets: Tensor,
        gen_logits: Tensor,
        gen_loss: Tensor,
    ) -> ElectraOutput:
        B, T = input_ids.shape
        original = input_ids.reshape(-1).clone()
        original[where] = targets
        original = original.view(B, T)  # the unmasked text
        with torch.no_grad():  # sampling: no gradient flows from the discriminator into the generator
            sampled = sample_tokens(gen_logits, self.structural_ids)  # [N]
            corrupted = original.reshape(-1).clone()
            corrupted[where] = sampled
            corrupted = corrupted.view(B, T)
            replaced = corrupted != original  # [B, T]
            real = ~torch.isin(original, self.structural_ids)  # [B, T]
            if attention_mask is not None:
                real &= attention_mask.bool()
        disc_logits = self.discriminator(self.embeddings(corrupted), padding)  # [B, T]
        chosen_logits = disc_logits[real].float()  # [R]
        truth = replaced[real].float()  # [R]
        disc_loss = (
            F.binary_cross_entropy_with_logits(chosen_logits, truth)
            if truth.numel()
            else chosen_logits.sum() * 0.0
        )
        loss = gen_loss + self.cfg.discriminator_weight * disc_loss
        with torch.no_grad():
            count = max(1, truth.numel())
            stats = {
                "generator_loss": gen_loss.detach().float(),
                "discriminator_loss": disc_loss.detach().float(),
                "discriminator_accuracy": ((chosen_logits > 0).float() == truth).float().sum() / count,
                "replaced_share": truth.sum() / count,
            }
        return ElectraOutput(loss, gen_logits, targets, stats=stats)


def sample_tokens(logits: Tensor, banned: Tensor | None = None) -> Tensor:
    """One token per row of ``logits`` [N, V], drawn from its softmax (Gumbel-max; torch's global RNG,
    so a resumed run draws what an uninterrupted one would). ``banned`` ids are never drawn."""
    scores = logits.detach().float()
    if banned is not None and banned.numel():
        scores = scores.index_fill(-1, banned.to(scores.device), float("-inf"))
    noise = torch.rand_like(scores).clamp_(min=1e-10)
    return (scores - torch.log(-torch.log(noise))).argmax(dim=-1)


def is_electra(model: nn.Module) -> bool:
    return isinstance(model, ElectraMLM)
