"""Fixtures for the run history: a fresh database and a real model folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from mlmstudio.store.database import Database

from store_helpers import build_model_files


@pytest.fixture
def db(tmp_path) -> Database:
    database = Database.open(tmp_path / "data")
    yield database
    database.close()


@pytest.fixture(scope="session")
def model_files(tmp_path_factory) -> Path:
    """A real model folder (config, tokenizer, weights, metrics) of the tiny config, built once."""
    return build_model_files(tmp_path_factory.mktemp("model"))
