"""Where a model runs and in which number format.

``auto`` picks the fastest thing the machine has: a CUDA GPU, then Apple's
MPS, then the CPU; bf16 autocast where the hardware computes bf16 natively
(recent NVIDIA GPUs, and CPUs with AVX512-BF16 or AMX), fp32 elsewhere.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import platform
from pathlib import Path

import torch

from mlmstudio.engine.errors import TrainingError

log = logging.getLogger(__name__)

# CPU feature flags (Linux /proc/cpuinfo) that mean native bf16 matrix maths.
_BF16_CPU_FLAGS = {"avx512_bf16", "amx_bf16", "bf16"}  # "bf16": Arm's BF16 extension


def resolve_device(name: str = "auto") -> torch.device:
    """The torch device for a setting: auto, cpu, cuda (or cuda:N), mps."""
    name = (name or "auto").strip().lower()
    if name == "auto":
        if torch.cuda.is_available():
            return torch.device("cuda")
        if _mps_available():
            return torch.device("mps")
        return torch.device("cpu")
    if name == "cpu":
        return torch.device("cpu")
    if name == "cuda" or name.startswith("cuda:"):
        if not torch.cuda.is_available():
            raise TrainingError(
                "The device 'cuda' was chosen, but PyTorch finds no CUDA GPU on this machine. "
                "Choose the device 'auto' or 'cpu'."
            )
        device = torch.device(name)
        if device.index is not None and device.index >= torch.cuda.device_count():
            raise TrainingError(
                f"The device '{name}' was chosen, but this machine has only "
                f"{torch.cuda.device_count()} CUDA GPU(s). Choose 'cuda' or a lower number."
            )
        return device
    if name == "mps":
        if not _mps_available():
            raise TrainingError(
                "The device 'mps' was chosen, but Apple's Metal (MPS) is not available here. "
                "Choose the device 'auto' or 'cpu'."
            )
        return torch.device("mps")
    raise TrainingError(f"Unknown device '{name}'. Choose auto, cpu, cuda or mps.")


def resolve_precision(name: str, device: torch.device) -> str:
    """'fp32' or 'bf16' for a precision setting (auto, fp32, bf16) on a device."""
    name = (name or "auto").strip().lower()
    if name == "fp32":
        return "fp32"
    if name == "bf16":
        if device.type == "cuda" and not torch.cuda.is_bf16_supported():
            raise TrainingError("This GPU cannot compute in bf16. Choose the precision 'fp32' or 'auto'.")
        if device.type == "cpu" and not cpu_has_native_bf16():
            log.warning("bf16 was chosen, but this CPU has no native bf16: it will be emulated and slow.")
        return "bf16"
    if name != "auto":
        raise TrainingError(f"Unknown precision '{name}'. Choose auto, fp32 or bf16.")
    if device.type == "cuda":
        return "bf16" if torch.cuda.is_bf16_supported() else "fp32"
    if device.type == "cpu":
        return "bf16" if cpu_has_native_bf16() else "fp32"
    return "fp32"  # MPS: bf16 autocast support varies by macOS version; fp32 is always right


def autocast_context(device: torch.device, precision: str) -> contextlib.AbstractContextManager:
    """torch.autocast for bf16, a no-op context for fp32."""
    if precision == "bf16":
        return torch.autocast(device_type=device.type, dtype=torch.bfloat16)
    return contextlib.nullcontext()


@functools.lru_cache(maxsize=1)
def cpu_has_native_bf16() -> bool:
    """True when the CPU multiplies bf16 in hardware (AVX512-BF16, AMX or Arm BF16)."""
    flags = _cpu_flags()
    if flags:
        return bool(flags & _BF16_CPU_FLAGS)
    # No /proc/cpuinfo (macOS, Windows): trust PyTorch's own dispatch level only for AMX.
    try:
        capability = torch.backends.cpu.get_cpu_capability()
    except (AttributeError, RuntimeError):
        return False
    return "AMX" in capability.upper()


def _cpu_flags() -> set[str]:
    if platform.system() != "Linux":
        return set()
    try:
        text = Path("/proc/cpuinfo").read_text(errors="replace")
    except OSError:
        return set()
    flags: set[str] = set()
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip().lower() in ("flags", "features"):
            flags.update(value.split())
    return flags


def _mps_available() -> bool:
    backend = getattr(torch.backends, "mps", None)
    return bool(backend and backend.is_available())
