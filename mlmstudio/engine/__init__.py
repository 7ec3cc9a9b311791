"""The ML engine: torch, tokenizers and numpy; no Qt, no SQLAlchemy, no store.

Its modules, grouped by what they are for:

- **Text**: ``corpus`` (read, clean, split, fingerprint), ``encoding``, ``text_spans``,
  ``samples`` (the built-in corpora), ``tokenization``, ``run_tokenizer``, ``masking``,
  ``data`` (token streams, windows, batches), ``mask_spelling``, ``own_mask`` (a model folder's own
  mask spelling, from its files).
- **Model**: ``model`` (seed and modern encoders), ``electra``, ``estimates``,
  ``system_memory``, ``memory``, ``device``.
- **Training**: ``trainer``, ``schedule``, ``checkpoint``, ``kept_checkpoints``,
  ``calibration``, ``preflight``, ``events``, ``run_end``, ``run_status``, ``run_files``,
  ``metric_names``, ``metric_points``, ``curve_log``, ``forecast``, ``distributed``, ``capsule``.
- **Using a model**: ``artifacts`` (the model folder), ``predict`` (fill-mask),
  ``predictor_cache``, and ``inspect/`` (scores, attention, per-token loss, embeddings,
  detection, probes: see its docstring).
- **Interop**: ``export``, ``electra_export``, ``hf_compat`` (Hugging Face folders),
  ``output_paths``, ``errors``.
- **Files**: ``atomic_file`` (one file, whole or not at all; no torch), ``atomic_folder`` (a folder
  likewise), ``temp_files``.
"""
