"""Fixtures the CLI tests share: one model's files per module, a fresh data folder and its history."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mlmstudio.store.database import Database

# The store tests' helpers make recorded runs without training (tests/ is not a package).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from store_helpers import build_model_files  # noqa: E402


@pytest.fixture(scope="module")
def model_files(tmp_path_factory) -> Path:
    return build_model_files(tmp_path_factory.mktemp("model"))


@pytest.fixture
def data_dir(tmp_path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def db(data_dir) -> Database:
    return Database.open(data_dir)
