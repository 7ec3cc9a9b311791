"""Import the ML stack (torch, tokenizers, the engine) off the GUI thread, after the window shows.

torch alone takes about 2 s to import on a 2-core machine, more than the
window itself. The window is therefore built from modules that do not import
it (tests/test_startup.py holds that), and this object imports it in a
thread once the first frame is on screen, so the first prediction or
training does not pay for it. Until it is done the window shows a
"loading" state; whoever needs the engine earlier simply imports it, and
Python's import lock makes that wait for the thread's import instead of
doing it twice.
"""

from __future__ import annotations

import importlib
import logging
import sys
import time

from PySide6.QtCore import QObject, Signal, Slot

from mlmstudio.gui.background import BackgroundCall
from mlmstudio.gui.i18n import translate

log = logging.getLogger(__name__)

# What training and prediction need, heaviest first. transformers is left out: only the
# Hugging Face export uses it, and it costs seconds and hundreds of MB.
ENGINE_MODULES = (
    "torch",
    "tokenizers",
    "mlmstudio.engine.model",
    "mlmstudio.engine.masking",
    "mlmstudio.engine.tokenization",
    "mlmstudio.engine.trainer",
    "mlmstudio.engine.predict",
)


def engine_loaded() -> bool:
    """True when every engine module is imported (in any thread)."""
    return all(name in sys.modules for name in ENGINE_MODULES)


def import_engine() -> float:
    """Import the engine modules; the seconds it took. Runs in the warm-up thread."""
    start = time.perf_counter()
    for name in ENGINE_MODULES:
        importlib.import_module(name)
    return time.perf_counter() - start


class EngineWarmup(QObject):
    """Imports ENGINE_MODULES in a background thread; ``ready`` or ``failed`` once, on the GUI thread."""

    ready = Signal()
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._call: BackgroundCall | None = None
        self._ready = engine_loaded()
        self.error = ""
        self.loaded_at: float | None = None  # time.monotonic() when the import ended (the probe's mark)

    def is_ready(self) -> bool:
        return self._ready

    def is_loading(self) -> bool:
        return self._call is not None and not self._call.done

    def start(self) -> bool:
        """Start the import unless it is done or under way; True when a thread was started."""
        if self._ready or self._call is not None:
            return False
        self._call = BackgroundCall(self._import, name="engine-warmup", parent=self)
        self._call.succeeded.connect(self._on_imported)
        self._call.failed.connect(self._on_failed)
        self._call.start()
        return True

    def wait(self, msecs: int = 60_000) -> bool:
        """Block until the import thread has ended (at shutdown); True when it has."""
        return self._call is None or self._call.wait(msecs)

    def _import(self) -> float:  # in the warm-up thread
        seconds = import_engine()
        self.loaded_at = time.monotonic()
        return seconds

    @Slot(object)
    def _on_imported(self, seconds: float) -> None:
        log.info("Engine loaded in %.2f s, in the background", seconds)
        self._ready = True
        self.ready.emit()

    @Slot(object)
    def _on_failed(self, exc: BaseException) -> None:
        # The app still opens; whatever needs the engine reports the same import error itself.
        self.error = translate("EngineWarmup", "The training engine could not be loaded: {reason}").format(
            reason=exc
        )
        log.error("%s", self.error)
        self.failed.emit(self.error)
