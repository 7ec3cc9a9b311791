"""Budgeted sweeps: many ordinary runs with varied settings, searched and pruned by Optuna.

Sweeps orchestrate training (the engine) and the history (the store), so they
sit above both and below the two faces: ``config -> engine -> store -> sweep ->
gui / cli`` (an import-linter contract in pyproject.toml keeps it so).
"""
