"""Device and precision selection."""

from contextlib import nullcontext

import pytest
import torch

from mlmstudio.engine import device as dev
from mlmstudio.engine.errors import TrainingError


def test_auto_and_cpu():
    assert dev.resolve_device("cpu") == torch.device("cpu")
    expected = "cuda" if torch.cuda.is_available() else ("mps" if dev._mps_available() else "cpu")
    assert dev.resolve_device("auto").type == expected


@pytest.mark.skipif(torch.cuda.is_available(), reason="this machine has CUDA")
def test_asking_for_missing_cuda_is_a_plain_error():
    with pytest.raises(TrainingError, match="no CUDA GPU.*'auto' or 'cpu'"):
        dev.resolve_device("cuda")


def test_asking_for_missing_mps_is_a_plain_error(monkeypatch):
    monkeypatch.setattr(dev, "_mps_available", lambda: False)
    with pytest.raises(TrainingError, match="MPS"):
        dev.resolve_device("mps")


def test_unknown_names_are_refused():
    with pytest.raises(TrainingError, match="Unknown device"):
        dev.resolve_device("tpu")
    with pytest.raises(TrainingError, match="Unknown precision"):
        dev.resolve_precision("fp8", torch.device("cpu"))


def test_auto_precision_on_cpu_follows_native_bf16(monkeypatch):
    cpu = torch.device("cpu")
    monkeypatch.setattr(dev, "cpu_has_native_bf16", lambda: True)
    assert dev.resolve_precision("auto", cpu) == "bf16"
    monkeypatch.setattr(dev, "cpu_has_native_bf16", lambda: False)
    assert dev.resolve_precision("auto", cpu) == "fp32"
    assert dev.resolve_precision("bf16", cpu) == "bf16"  # honoured, with a warning
    assert dev.resolve_precision("fp32", cpu) == "fp32"


def test_cpu_flags_are_read_from_cpuinfo(monkeypatch):
    dev.cpu_has_native_bf16.cache_clear()
    try:
        monkeypatch.setattr(dev, "_cpu_flags", lambda: {"avx2", "avx512_bf16"})
        assert dev.cpu_has_native_bf16()
        dev.cpu_has_native_bf16.cache_clear()
        monkeypatch.setattr(dev, "_cpu_flags", lambda: {"avx2", "avx512f"})
        assert not dev.cpu_has_native_bf16()
    finally:
        dev.cpu_has_native_bf16.cache_clear()


def test_autocast_context():
    cpu = torch.device("cpu")
    assert isinstance(dev.autocast_context(cpu, "fp32"), nullcontext)
    with dev.autocast_context(cpu, "bf16"):
        y = torch.nn.Linear(4, 4)(torch.ones(2, 4))
    assert y.dtype == torch.bfloat16
