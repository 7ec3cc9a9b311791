"""Shared fixtures. Qt runs offscreen; no test touches the real data directory."""

import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

DATA_DIR = Path(__file__).parent / "data"


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path, monkeypatch):
    """Every test gets its own MLMSTUDIO_HOME, so the user's history is never touched."""
    home = tmp_path / "mlmstudio-home"
    monkeypatch.setenv("MLMSTUDIO_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def _no_thread_role_left_over():
    """An entry point a test ran (cli.main, the app's worker) records its thread role for the
    process; the next test starts as a library caller again (mlmstudio/thread_policy.py)."""
    yield
    from mlmstudio import thread_policy

    thread_policy.forget_role()


@pytest.fixture
def tutorial_corpus_path() -> Path:
    return DATA_DIR / "tutorial_corpus.txt"


@pytest.fixture
def tutorial_text(tutorial_corpus_path) -> str:
    return tutorial_corpus_path.read_text(encoding="utf-8")
