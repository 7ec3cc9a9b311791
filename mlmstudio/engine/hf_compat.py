"""Which runs can be exported to Hugging Face, decided without loading torch.

The History page asks this for every run the user selects, on the GUI
thread, so the rule lives here, free of torch; ``engine.export`` (which needs
torch to write the weights) applies the same function before it writes.
"""

from __future__ import annotations

from mlmstudio.config import ModelConfig, RunConfig

NOT_EXPORTABLE = ("Only runs with the 'seed' architecture (BERT's own layout) can be exported to "
                  "Hugging Face; train with --arch seed to export.")


def can_export_hf(config: RunConfig | ModelConfig) -> tuple[bool, str]:
    """(True, "") when the run can be exported to Hugging Face, else (False, the reason)."""
    model_cfg = config.model if isinstance(config, RunConfig) else config
    if model_cfg.arch != "seed":
        return False, NOT_EXPORTABLE
    return True, ""
