"""Fixtures the CLI tests share: one model's files per module, a trained character model for the
whole session, a fresh data folder and its history."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mlmstudio.store.database import Database

# The store tests' helpers make recorded runs without training (tests/ is not a package).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from store_helpers import build_model_files  # noqa: E402

# A tiny character model: 2 layers of 2 heads, 2 steps on the tutorial sample.
CHAR_MODEL = (
    "--tokenizer", "char", "--d-model", "16", "--heads", "2", "--layers", "2", "--ffn", "32",
    "--steps", "2", "--seq-len", "16", "--max-len", "32", "--batch-size", "2",
)  # fmt: skip


@pytest.fixture(scope="module")
def model_files(tmp_path_factory) -> Path:
    return build_model_files(tmp_path_factory.mktemp("model"))


@pytest.fixture(scope="session")
def char_model_dir(tmp_path_factory) -> Path:
    """CHAR_MODEL really trained, once: the attention, neighbours and score tests only read it."""
    from mlmstudio.cli import main

    path = tmp_path_factory.mktemp("char-model") / "m"
    assert main(["train", "sample:tutorial", *CHAR_MODEL, "--no-record", "--out", str(path)]) == 0
    return path


@pytest.fixture
def data_dir(tmp_path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def db(data_dir) -> Database:
    return Database.open(data_dir)
