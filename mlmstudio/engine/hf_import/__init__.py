"""Bring your own model: open a local transformers masked language model as an engine model.

Design (why it is shaped this way):

- **Exact mapping, not a wrapper.** Each supported family is written into the engine's own
  model classes (``seed``: BERT's post-LN layout; ``modern``: pre-LN with rotary or learned
  positions), so every Explore view and inspection command works on an opened model with no
  second code path, and training from it (continued pretraining) runs on the engine's fast
  layers. Parity tests check the logits against transformers within 1e-4.
- **The specials move, the engine stays simple.** The engine assumes its five special tokens at
  ids 0..4; the imported vocabulary is permuted once (tokenizer_import.py) and the permutation
  remembered, instead of teaching every module a second layout.
- **Nothing from outside is trusted or fetched.** config.json is read with size limits, the
  size is checked before allocating, weights are safetensors or weights-only ``.bin``, and no
  module here ever asks the network: a cached model is read from the cache folder itself.

Modules: ``families`` (model_type -> family, refusals), ``folder`` (config, size, weights),
``tokenizer_import``, ``weight_maps``, ``hub_cache`` (the local Hugging Face cache),
``convert`` (writes the engine folder and its ``origin.json``).
"""

from mlmstudio.engine.hf_import.convert import (
    ORIGIN_FILE,
    UNTRAINED_HEAD_NOTE,
    Origin,
    open_transformers_folder,
    read_origin,
)
from mlmstudio.engine.hf_import.errors import ModelImportError
from mlmstudio.engine.hf_import.families import SUPPORTED, TEXT_GENERATOR
from mlmstudio.engine.hf_import.folder import folder_key, is_transformers_folder

__all__ = [
    "ORIGIN_FILE",
    "SUPPORTED",
    "TEXT_GENERATOR",
    "UNTRAINED_HEAD_NOTE",
    "ModelImportError",
    "Origin",
    "folder_key",
    "is_transformers_folder",
    "open_transformers_folder",
    "read_origin",
]
