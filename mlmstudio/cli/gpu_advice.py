"""An NVIDIA GPU that this PyTorch cannot use: how ``doctor`` finds it, and the recipe it prints.

Every supported install puts in the CPU-only torch (it is small, and works everywhere), so on
an NVIDIA laptop ``torch.cuda.is_available()`` is False although the GPU is there. The GPU is
seen without torch: ``nvidia-smi`` on the PATH (the driver installs it on Linux and Windows) or
``/proc/driver/nvidia`` (the Linux kernel driver). The recipe depends on how MLM Studio was
installed: the source tree's set-up has ``--cuda``; a pip install swaps torch for the build from
PyTorch's CUDA index; the desktop bundle carries a CPU torch and cannot swap it.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from mlmstudio import command_hint

NVIDIA_PROC = Path("/proc/driver/nvidia")
CUDA_INDEX = "https://download.pytorch.org/whl/cu128"  # scripts/dev.py's default CUDA tag
SOURCE_TREE = Path(__file__).resolve().parents[2]  # the checkout, when running from one


def nvidia_gpu_evidence(
    which: Callable[[str], str | None] = shutil.which, proc: Path | None = None
) -> str | None:
    """What shows an NVIDIA GPU on this computer ('nvidia-smi found'), or None."""
    if which("nvidia-smi"):
        return "nvidia-smi found"
    proc = NVIDIA_PROC if proc is None else proc
    try:
        if proc.exists():
            return f"{proc} exists"
    except OSError:
        pass
    return None


def cpu_only_message(evidence: str) -> str:
    return f"this PyTorch is CPU-only; this computer has an NVIDIA GPU ({evidence})"


def cuda_recipe(torch_version: str) -> str:
    """How to get a CUDA torch for the way MLM Studio runs here."""
    version = torch_version.split("+", 1)[0]
    if command_hint.is_frozen():
        return (
            "The desktop bundle carries the CPU build only. To train on the GPU, install MLM Studio "
            "from its source with 'python scripts/dev.py setup --cuda' (README.md, 'GPU'), or with pip: "
            f"pip install torch=={version} --index-url {CUDA_INDEX}, then pip install mlmstudio."
        )
    if (SOURCE_TREE / "scripts" / "dev.py").is_file():
        return (
            "Install PyTorch's CUDA build into this environment: bash scripts/setup.sh --cuda "
            "(on Windows or macOS: python scripts/dev.py setup --cuda), then check again with "
            f"'{command_hint.command('doctor')}'."
        )
    return (
        "Replace this torch with PyTorch's CUDA build (about 3 GB): "
        f"pip install --force-reinstall torch=={version} --index-url {CUDA_INDEX}, then check again with "
        f"'{command_hint.command('doctor')}'."
    )
