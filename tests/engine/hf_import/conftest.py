"""Tiny transformers folders of every family, built once per session (tests/hf_family_models.py)."""

import os

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from hf_family_models import FAMILIES, build_family  # noqa: E402


@pytest.fixture(scope="session")
def family_folders(tmp_path_factory):
    """family -> a transformers folder written by save_pretrained."""
    root = tmp_path_factory.mktemp("hf-families")
    return {family: build_family(family, root / family) for family in FAMILIES}


@pytest.fixture(scope="session")
def opened_folders(family_folders, tmp_path_factory):
    """family -> (origin, the engine model folder it was opened into)."""
    from mlmstudio.engine.hf_import import open_transformers_folder

    root = tmp_path_factory.mktemp("opened")
    return {f: (open_transformers_folder(path, root / f), root / f) for f, path in family_folders.items()}
