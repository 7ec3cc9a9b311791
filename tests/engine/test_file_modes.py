"""Models, exports and their temporary names get the modes the user's umask gives: 0644 files
and 0755 folders under the usual 022 (a shared folder is readable by the class), still private
under 077. Every file is still written to a temporary name and renamed into place."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest
import torch

from mlmstudio.config import ModelConfig, RunConfig, TokenizerConfig, TrainingConfig
from mlmstudio.engine.artifacts import save_model_dir
from mlmstudio.engine.atomic_file import atomic_write_bytes
from mlmstudio.engine.export import export_hf
from mlmstudio.engine.model_factory import build_model
from mlmstudio.engine.temp_files import temp_file, temp_folder
from mlmstudio.engine.tokenization import MLMTokenizer

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX permission bits")


@pytest.fixture(params=[0o022, 0o077], ids=["umask022", "umask077"])
def umask(request):
    before = os.umask(request.param)
    yield request.param
    os.umask(before)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def expected(umask: int, folder: bool = False) -> int:
    return (0o777 if folder else 0o666) & ~umask


@pytest.fixture(scope="module")
def model_parts():
    cfg = RunConfig(
        tokenizer=TokenizerConfig(kind="wordpiece", vocab_size=120, min_frequency=1),
        model=ModelConfig(arch="seed", d_model=32, num_heads=4, num_layers=1, ffn_dim=64, max_len=32),
        training=TrainingConfig(seq_len=32),
    )
    tokenizer = MLMTokenizer.train(["the quick brown fox jumps over the lazy dog.\n" * 20], cfg.tokenizer)
    torch.manual_seed(0)
    return build_model(cfg.model, tokenizer.vocab_size, tokenizer.pad_token_id), tokenizer, cfg


def test_an_atomic_write_has_the_umask_mode_and_leaves_no_temporary(tmp_path, umask):
    path = tmp_path / "metrics.json"
    atomic_write_bytes(path, b"{}")
    assert mode(path) == expected(umask)
    atomic_write_bytes(path, b'{"a": 1}')  # replacing keeps the rename pattern and the mode
    assert path.read_bytes() == b'{"a": 1}' and mode(path) == expected(umask)
    assert os.listdir(tmp_path) == ["metrics.json"]


def test_temporary_names_have_the_umask_modes(tmp_path, umask):
    fd, file = temp_file(tmp_path, prefix=".x.")
    os.close(fd)
    folder = temp_folder(tmp_path, prefix=".y.", suffix=".opening")
    assert file.name.startswith(".x.") and file.name.endswith(".tmp")
    assert folder.name.startswith(".y.") and folder.name.endswith(".opening")
    assert mode(file) == expected(umask)
    assert mode(folder) == expected(umask, folder=True)


def test_a_model_folder_and_its_transformers_export_are_readable_by_others(tmp_path, umask, model_parts):
    model, tokenizer, cfg = model_parts
    saved = save_model_dir(tmp_path / "model", model, tokenizer, cfg, {"val_loss": 1.0})
    tokenizer.save(saved)  # the tokenizer's own writer, used by training
    exported = export_hf(saved, tmp_path / "export")
    for folder in (saved, exported):
        assert mode(folder) == expected(umask, folder=True), folder
        files = [p for p in folder.rglob("*") if p.is_file()]
        assert files
        assert {p.name: mode(p) for p in files} == {p.name: expected(umask) for p in files}
