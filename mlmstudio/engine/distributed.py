"""Multi-process training under ``torchrun`` with DistributedDataParallel.

Outside torchrun this is a no-op context of one process. Under torchrun every
rank draws the same global batch and trains on its own slice of it (see
``TrainBatches``); only rank 0 reports events, records history and writes
files. Backend: nccl on CUDA, gloo on CPU.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass

import torch
import torch.distributed as dist

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class DistContext:
    rank: int = 0
    world_size: int = 1
    local_rank: int = 0
    device: str = ""  # a device forced by the launcher ("cuda:N"), else "" for the config's choice

    @property
    def is_main(self) -> bool:
        return self.rank == 0

    @property
    def enabled(self) -> bool:
        return self.world_size > 1

    def wrap(self, model: torch.nn.Module) -> torch.nn.Module:
        """The module to call in the training step: DDP around the model when distributed."""
        if not self.enabled:
            return model
        from torch.nn.parallel import DistributedDataParallel

        device_ids = [self.local_rank] if self.device.startswith("cuda") else None
        return DistributedDataParallel(model, device_ids=device_ids)


def mean_across_ranks(value: float, ctx: DistContext) -> float:
    """The mean of a logged number over all ranks (the loss of the global batch)."""
    if not ctx.enabled:
        return value
    tensor = torch.tensor([value], dtype=torch.float64, device=ctx.device if ctx.device else "cpu")
    dist.all_reduce(tensor)
    return float(tensor.item()) / ctx.world_size


def context() -> DistContext:
    """Join the process group when launched by torchrun; otherwise one process."""
    world_size = int(os.environ.get("WORLD_SIZE", "1"))
    if world_size <= 1:
        return DistContext()
    rank = int(os.environ["RANK"])
    local_rank = int(os.environ.get("LOCAL_RANK", "0"))
    local_processes = int(os.environ.get("LOCAL_WORLD_SIZE", "1"))
    has_cuda = torch.cuda.is_available()
    # One GPU per process, or none: ranks beyond the GPUs would fail with "invalid device ordinal".
    use_cuda = has_cuda and torch.cuda.device_count() >= local_processes
    if has_cuda and not use_cuda and local_rank == 0:
        log.warning(
            "%d processes on this machine but %d GPU(s): all train on the CPU. "
            "Start one process per GPU (--nproc_per_node %d) to train on them.",
            local_processes,
            torch.cuda.device_count(),
            torch.cuda.device_count(),
        )
    if not dist.is_initialized():
        dist.init_process_group(backend="nccl" if use_cuda else "gloo")
    device = "cpu" if has_cuda else ""  # "": the run's own device setting (a CPU or MPS)
    if use_cuda:
        torch.cuda.set_device(local_rank)
        device = f"cuda:{local_rank}"
    return DistContext(rank=rank, world_size=world_size, local_rank=local_rank, device=device)


def shutdown() -> None:
    if dist.is_available() and dist.is_initialized():
        dist.destroy_process_group()
