"""Inspection: what a trained model does, measured without training it.

Every module here reads a model (a ``Predictor`` or a ``LoadedModel``) and
returns plain records the faces draw or print; none trains, and none imports
Qt or the store (import-linter contracts in ``pyproject.toml``).

- ``scoring``: sentence scores by pseudo-log-likelihood, minimal pairs.
- ``pair_scoring``: many sentences' PLL in few forward passes (the grammar suites').
- ``grammar_suites`` / ``grammar_generated`` / ``grammar``: minimal-pair suites (shipped BLiMP, a file,
  pairs from the run's own vocabulary) and accuracy per paradigm over the kept checkpoints.
- ``attention``: every layer's and head's attention weights for a text.
- ``attention_cell``: one attention weight worked out: q·k/√d, the softmax row, the weighted values.
- ``logit_lens``: a [MASK]'s top guesses after the embeddings and after every layer; temperature.
- ``token_loss`` / ``token_loss_html``: the loss on each held-out token, and its coloured page.
- ``embeddings``: nearest tokens and the PCA map of the input embeddings.
- ``detection``: ELECTRA's "which word was replaced".
- ``detection_metric``: the replaced-token detection AUC every run reports at each evaluation.
- ``probes`` / ``probe_log``: the cloze questions asked at every evaluation, and their file.
- ``help_example``: the Help page's worked example, masked as a run would mask it.

The trainer uses ``probes``, ``probe_log`` and ``detection_metric`` while it
evaluates; nothing here imports the trainer.
"""
