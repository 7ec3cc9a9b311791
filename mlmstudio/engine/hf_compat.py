"""Which runs can be exported to Hugging Face, decided without loading torch.

The History page asks this for every run the user selects, on the GUI
thread, so the rule lives here, free of torch; ``engine.export`` (which needs
torch to write the weights) applies the same function before it writes.

An export must predict exactly as MLM Studio does, so a run is exported only
when a ``transformers`` class has its very layout:

- ``seed`` is BERT's own layout: ``BertForMaskedLM``.
- ``modern`` without the distance bias is a pre-LN encoder with a final
  LayerNorm: with learned positions ``XLMRobertaXLForMaskedLM``, with rotary
  positions (RoPE) ``EsmForMaskedLM``.
- ``modern`` with the distance bias (ALiBi-style) has no counterpart: no
  ``transformers`` encoder adds a fixed per-head distance penalty to its
  attention, and an approximation would predict differently, so it is refused.
"""

from __future__ import annotations

from mlmstudio.config import ModelConfig, RunConfig

# The transformers class each exportable kind of model becomes.
BERT = "BertForMaskedLM"
XLM_ROBERTA_XL = "XLMRobertaXLForMaskedLM"
ESM = "EsmForMaskedLM"
# An ELECTRA run (objective 'electra', seed layout) becomes two folders (engine/electra_export.py).
ELECTRA = "ElectraForPreTraining + ElectraForMaskedLM"

NOT_EXPORTABLE = (
    "This run uses the distance bias (ALiBi-style), which no Hugging Face transformers encoder has, "
    "so it cannot be exported exactly. Runs trained with the distance bias off (--no-distance-bias; "
    "in Setup, Advanced: 'Distance bias') or with --arch seed can be exported; with rotary positions "
    "(--positions rotary) a run without the distance bias learns nearly as fast."
)


def hf_architecture(config: RunConfig | ModelConfig) -> str | None:
    """The transformers class a run exports to, or None when it cannot be exported exactly."""
    model_cfg = config.model if isinstance(config, RunConfig) else config
    if model_cfg.objective == "electra":
        return ELECTRA
    if model_cfg.arch == "seed":
        return BERT
    if model_cfg.arch == "modern" and not model_cfg.distance_bias:
        return ESM if model_cfg.positions == "rotary" else XLM_ROBERTA_XL
    return None


def can_export_hf(config: RunConfig | ModelConfig) -> tuple[bool, str]:
    """(True, "") when the run can be exported to Hugging Face, else (False, the reason)."""
    if hf_architecture(config) is None:
        return False, NOT_EXPORTABLE
    return True, ""


def export_note(config: RunConfig | ModelConfig) -> str:
    """A few words for a summary line: whether the run will export to Hugging Face, and if not, why."""
    if hf_architecture(config) is not None:
        return "exports to Hugging Face"
    return "no Hugging Face export (distance bias on)"
