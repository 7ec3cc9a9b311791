"""Shared helpers of the benchmark scripts: arguments, machine, memory, matmul peak, GUI-thread
delay probe, output.

Every benchmark prints its figures and one line per target in the form
``RATIO <name>: <value> (target <target>)``, measured against a baseline timed
in the same run: this machine's absolute timings drift by +-20% between runs,
so only ratios from one run are worth comparing.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as `python benchmarks/x.py` from a checkout
    sys.path.insert(0, str(ROOT))

CHILD_RESULT_PREFIX = "CHILD_RESULT "


# --------------------------------------------------------------------------- arguments and output


def parser(description: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=description)
    p.add_argument(
        "--smoke",
        action="store_true",
        help="tiny sizes that finish in seconds (for the test suite), not a measurement",
    )
    return p


def ratio_line(name: str, value: float, target: str, met: bool) -> str:
    """The one line a benchmark reports per target; the verdict follows on its own line."""
    line = f"RATIO {name}: {value:.3f} (target {target})"
    print(line)
    print(f"  -> target {'met' if met else 'MISSED'}")
    return line


def section(title: str) -> None:
    print(f"\n== {title} ==")


def table(rows: Sequence[Sequence[Any]], header: Sequence[str]) -> None:
    """A plain fixed-width table on stdout."""
    cells = [[str(h) for h in header]] + [[_fmt(v) for v in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    raws = [list(header)] + [list(row) for row in rows]
    for n, (row, raw) in enumerate(zip(cells, raws, strict=True)):
        print(
            "  ".join(
                c.ljust(w) if n == 0 or isinstance(raw[i], str) else c.rjust(w)
                for i, (c, w) in enumerate(zip(row, widths, strict=True))
            ).rstrip()
        )
        if n == 0:
            print("  ".join("-" * w for w in widths))


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        if value != value:  # NaN
            return "-"
        if abs(value) >= 1000:
            return f"{value:,.0f}"
        if abs(value) >= 10:
            return f"{value:.1f}"
        return f"{value:.3f}"
    return str(value)


def median(values: Sequence[float]) -> float:
    return float(statistics.median(values)) if values else float("nan")


# --------------------------------------------------------------------------- the machine


def machine_summary() -> str:
    """One line: CPU, cores, bf16 support, torch and transformers versions."""
    cpu = platform.processor() or platform.machine()
    flags: set[str] = set()
    try:
        for line in Path("/proc/cpuinfo").read_text(errors="replace").splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "model name":
                cpu = value.strip()
            elif key.strip() == "flags":
                flags = set(value.split())
    except OSError:
        pass
    parts = [f"{cpu}, {os.cpu_count()} cores"]
    if flags:
        parts.append("avx512_bf16" if "avx512_bf16" in flags or "amx_bf16" in flags else "no native bf16")
    try:
        import torch

        parts.append(f"torch {torch.__version__} ({torch.get_num_threads()} threads)")
    except ImportError:
        pass
    hf = transformers_version()
    parts.append(f"transformers {hf}" if hf else "transformers not installed")
    parts.append(f"Python {platform.python_version()}")
    try:
        parts.append(f"load average {os.getloadavg()[0]:.1f}")
    except OSError:
        pass
    return ", ".join(parts)


def transformers_version() -> str | None:
    try:
        import transformers
    except ImportError:
        return None
    return transformers.__version__


# --------------------------------------------------------------------------- memory


def current_rss() -> int:
    """Resident memory of this process now, in bytes."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return peak_rss()


def reset_peak_rss() -> bool:
    """Reset the kernel's peak-RSS mark (Linux ``clear_refs``); False where that is not possible."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def peak_rss() -> int:
    """Peak resident memory in bytes: since the last reset_peak_rss, else of the process' life."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # Linux: KiB


def mib(n_bytes: float) -> float:
    return n_bytes / (1 << 20)


# --------------------------------------------------------------------------- child processes


def child_result(data: dict) -> None:
    """What a child process hands back to its parent (one JSON line on stdout)."""
    print(CHILD_RESULT_PREFIX + json.dumps(data), flush=True)


def run_child(script: Path, args: Sequence[str], timeout: float = 1800) -> dict:
    """Run a benchmark script as a fresh process (memory is measured there) and read its result."""
    proc = subprocess.run(
        [sys.executable, str(script), *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT
    )
    for line in reversed(proc.stdout.splitlines()):
        if line.startswith(CHILD_RESULT_PREFIX):
            return json.loads(line[len(CHILD_RESULT_PREFIX) :])
    raise RuntimeError(
        f"child {script.name} {' '.join(args)} failed (exit {proc.returncode}):\n"
        f"{proc.stdout[-2000:]}\n{proc.stderr[-4000:]}"
    )


# --------------------------------------------------------------------------- compute


def matmul_peak(dtype_name: str, n: int = 2048, repeats: int = 20, device: str = "cpu") -> float:
    """Best FLOP/s of an n x n @ n x n matmul in this process (the machine's practical peak)."""
    import torch

    dtype = {"fp32": torch.float32, "bf16": torch.bfloat16}[dtype_name]
    a = torch.randn(n, n).to(device=device, dtype=dtype)
    b = torch.randn(n, n).to(device=device, dtype=dtype)
    on_gpu = torch.device(device).type == "cuda"
    torch.mm(a, b)  # warm-up: packing, thread pool, the GPU's kernel choice
    best = float("inf")
    for _ in range(repeats):
        if on_gpu:
            torch.cuda.synchronize()
        start = time.perf_counter()
        torch.mm(a, b)
        if on_gpu:
            torch.cuda.synchronize()  # a GPU matmul returns before it has run
        best = min(best, time.perf_counter() - start)
    return 2.0 * n**3 / best


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


# --------------------------------------------------------------------------- an untrained model


def write_model(out: Path, preset: str, arch: str, tokenizer) -> Path:
    """A seeded, untrained ``preset`` model of ``arch`` saved under ``out``: what latency is timed on."""
    import torch

    from mlmstudio.config import RunConfig
    from mlmstudio.engine.artifacts import save_model_dir
    from mlmstudio.engine.model_factory import build_model

    config = RunConfig().with_preset(preset)
    config = replace(config, model=replace(config.model, arch=arch))
    torch.manual_seed(0)
    model = build_model(config.model, tokenizer.vocab_size, tokenizer.pad_token_id)
    return save_model_dir(out / f"{preset}-{arch}", model, tokenizer, config, {})


# --------------------------------------------------------------------------- GUI-thread delay

PROBE_MS = 10


class Probe:
    """A 10 ms precise QTimer on the GUI thread; records how late each tick is."""

    def __init__(self) -> None:
        from PySide6.QtCore import Qt, QTimer

        self.delays: list[float] = []
        self._last = 0.0
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(PROBE_MS)
        self.timer.timeout.connect(self._on_tick)

    def start(self) -> None:
        self._last = time.perf_counter()
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()

    def _on_tick(self) -> None:
        now = time.perf_counter()
        self.delays.append(max(0.0, 1000 * (now - self._last) - PROBE_MS))
        self._last = now

    def percentile(self, q: float) -> float:
        return percentile(self.delays, q)


def idle_probe(seconds: float) -> Probe:
    """The probe with nothing else to do: how late the timer is on this machine anyway."""
    from PySide6.QtCore import QEventLoop, QTimer

    probe = Probe()
    loop = QEventLoop()
    QTimer.singleShot(int(1000 * seconds), loop.quit)
    probe.start()
    loop.exec()
    probe.stop()
    return probe


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile of ``values``; NaN when there are none."""
    import numpy as np

    return float(np.percentile(values, q)) if values else float("nan")


# --------------------------------------------------------------------------- the Hugging Face baseline


def hf_tokenizer(tokenizer):
    """Our trained tokenizer as a transformers tokenizer (for DataCollatorForLanguageModeling)."""
    from transformers import PreTrainedTokenizerFast

    return PreTrainedTokenizerFast(
        tokenizer_object=tokenizer.backend,
        unk_token="[UNK]",
        pad_token="[PAD]",
        cls_token="[CLS]",
        sep_token="[SEP]",
        mask_token="[MASK]",
    )


def hf_bert(
    vocab_size: int,
    pad_token_id: int,
    d_model: int = 256,
    num_layers: int = 4,
    num_heads: int = 4,
    ffn_dim: int = 1024,
    max_len: int = 128,
    seed: int = 0,
):
    """BertForMaskedLM at its default settings (dropout 0.1, GELU, post-LN) in this size."""
    import torch
    from transformers import BertConfig, BertForMaskedLM

    torch.manual_seed(seed)
    model = BertForMaskedLM(
        BertConfig(
            vocab_size=vocab_size,
            hidden_size=d_model,
            num_hidden_layers=num_layers,
            num_attention_heads=num_heads,
            intermediate_size=ffn_dim,
            max_position_embeddings=max(512, max_len),
            pad_token_id=pad_token_id,
        )
    )
    model.train()
    return model


def hf_adamw(model, lr: float, weight_decay: float = 0.01):
    """AdamW as the HF Trainer sets it up: no decay on biases and LayerNorm weights, and
    transformers 5's default optimizer ``adamw_torch_fused`` (torch's fused AdamW)."""
    import torch

    decay = [p for p in model.parameters() if p.dim() >= 2]
    no_decay = [p for p in model.parameters() if p.dim() < 2]
    return torch.optim.AdamW(
        [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}],
        lr=lr,
        fused=True,
    )


class HFWindows:
    """Random [CLS] body [SEP] windows of our training stream, as collator examples."""

    def __init__(self, stream, tokenizer, seq_len: int, batch_size: int, seed: int = 0) -> None:
        import numpy as np
        import torch

        from mlmstudio.engine.data import WindowFramer

        self.stream = stream
        self.framer = WindowFramer(tokenizer, seq_len)
        self.batch_size = batch_size
        self.rng = np.random.default_rng(seed)
        self.special = torch.tensor(sorted(tokenizer.special_ids))

    def examples(self) -> list[dict]:
        import torch

        # The collator is given special_tokens_mask, as the HF docs advise, so it
        # does not have to look special tokens up row by row.
        starts = self.rng.integers(0, len(self.stream) - self.framer.body_len, size=self.batch_size)
        input_ids, _, _ = self.framer.frame(self.stream, starts)
        return [
            {"input_ids": row, "special_tokens_mask": torch.isin(row, self.special).long()}
            for row in input_ids
        ]
