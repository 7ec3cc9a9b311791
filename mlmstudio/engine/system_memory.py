"""How much memory this computer can give a new run right now, and whether a run fits.

The Setup page compares its training-memory estimate with this before Start.
On Linux ``MemAvailable`` in ``/proc/meminfo`` is the kernel's own estimate of
what can be allocated without swapping; elsewhere a portable fallback
(``sysconf`` free pages, or ``GlobalMemoryStatusEx`` on Windows) is used, and
``None`` means "unknown": the app then says nothing rather than guess.
No torch and no psutil, so the GUI can call it on its own thread.
"""

from __future__ import annotations

import ctypes
import os
import sys
from dataclasses import dataclass
from pathlib import Path

MEMINFO = Path("/proc/meminfo")
# The estimate leaves out allocator overheads and temporary buffers: above this share of the
# free memory a run may still fit, but the user should know it is tight.
TIGHT_SHARE = 0.7


def available_memory_bytes(meminfo: Path = MEMINFO) -> int | None:
    """Bytes that a new allocation can use without swapping, or None when unknown."""
    try:
        for line in meminfo.read_text(encoding="ascii", errors="replace").splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024  # the kernel writes kB
    except (OSError, ValueError, IndexError):
        pass
    if sys.platform == "win32":
        return _windows_available()
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def _windows_available() -> int | None:
    class MemoryStatus(ctypes.Structure):
        _fields_ = [
            ("dwLength", ctypes.c_ulong),
            ("dwMemoryLoad", ctypes.c_ulong),
            ("ullTotalPhys", ctypes.c_ulonglong),
            ("ullAvailPhys", ctypes.c_ulonglong),
            ("ullTotalPageFile", ctypes.c_ulonglong),
            ("ullAvailPageFile", ctypes.c_ulonglong),
            ("ullTotalVirtual", ctypes.c_ulonglong),
            ("ullAvailVirtual", ctypes.c_ulonglong),
            ("ullAvailExtendedVirtual", ctypes.c_ulonglong),
        ]

    status = MemoryStatus()
    status.dwLength = ctypes.sizeof(MemoryStatus)
    try:
        if ctypes.windll.kernel32.GlobalMemoryStatusEx(ctypes.byref(status)):  # type: ignore[attr-defined]
            return int(status.ullAvailPhys)
    except (AttributeError, OSError):
        pass
    return None


@dataclass(frozen=True)
class MemoryFit:
    """The verdict on one run: ``fits`` False means Start should be refused."""

    fits: bool
    tight: bool
    message: str  # a plain sentence, empty when there is nothing to say


def memory_fit(needed: int, available: int | None) -> MemoryFit:
    """Compare a run's estimated training memory with the free memory."""
    if available is None or available <= 0:
        return MemoryFit(True, False, "")
    advice = "Choose a smaller model, a smaller batch or shorter sequences, or close other programs."
    if needed > available:
        return MemoryFit(
            False,
            True,
            f"This run needs about {human_bytes(needed)} of memory to train, but only "
            f"{human_bytes(available)} is free on this computer. {advice}",
        )
    if needed > TIGHT_SHARE * available:
        return MemoryFit(
            True,
            True,
            f"Memory is tight: this run needs about {human_bytes(needed)} of the "
            f"{human_bytes(available)} that is free, and the estimate is rough. "
            f"If training fails for lack of memory: {advice[0].lower()}{advice[1:]}",
        )
    return MemoryFit(True, False, "")


def human_bytes(n: float) -> str:
    """1,234,567 -> '1.2 MB' (decimal units, as file managers show them)."""
    for unit in ("bytes", "KB", "MB", "GB", "TB"):
        if n < 1000 or unit == "TB":
            return f"{n:,.0f} {unit}" if unit == "bytes" else f"{n:,.1f} {unit}"
        n /= 1000
    return f"{n:.0f} bytes"
