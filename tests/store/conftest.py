"""Fixtures for the run history: a fresh database and a real model folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from mlmstudio.store.database import Database
from store_helpers import tiny_config


@pytest.fixture
def db(tmp_path) -> Database:
    database = Database.open(tmp_path / "data")
    yield database
    database.close()


@pytest.fixture(scope="session")
def model_files(tmp_path_factory) -> Path:
    """A real model folder (config, tokenizer, weights, metrics) of the tiny config, built once."""
    from mlmstudio.engine.artifacts import save_model_dir
    from mlmstudio.engine.corpus import load_corpus
    from mlmstudio.engine.model import build_model
    from mlmstudio.engine.tokenization import MLMTokenizer

    config = tiny_config()
    tokenizer = MLMTokenizer.train([load_corpus("sample:tutorial").text], config.tokenizer)
    model = build_model(config.model, tokenizer.vocab_size, tokenizer.pad_token_id)
    folder = tmp_path_factory.mktemp("model")
    save_model_dir(folder, model, tokenizer, config, {"val_loss": 2.5, "status": "completed"})
    return folder
