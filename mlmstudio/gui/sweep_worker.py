"""The Sweep page's worker: the Qt-free sweep loop (``mlmstudio/sweep/runner.py``) in its own QThread.

Each trial is an ordinary recorded run (``lifecycle.run_recorded``, as the
Train page's worker calls it); the loop between trials belongs to the sweep,
so this worker runs the whole loop and turns its events into one Qt signal
(a few per trial: started, each evaluation, ended). Stop is cooperative
(``SweepControl``): the current trial stops after its step, and ``finished``
comes exactly once, whatever happens. The recipe preset's measuring (real
steps) happens here too, never on the GUI thread.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal, Slot

from mlmstudio.config import RunConfig

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SweepRequest:
    """A new sweep (``params`` empty with ``preset`` 'recipe': the preset picks them) or a resumed one."""

    name: str
    base: RunConfig | None = None
    corpus: object = None
    params: tuple = ()
    budget_seconds: float = 0.0
    trials: int | None = None
    prune: bool = True
    preset: str = ""
    resume: bool = False


class SweepWorker(QObject):
    """Runs one sweep when its ``run`` slot is invoked in the worker thread."""

    event = Signal(object)  # runner.TrialStarted / TrialEvaluated / TrialEnded / SweepEnded
    spec_ready = Signal(object, object)  # the SweepSpec (the preset's settings included), its trials so far
    failed = Signal(str)  # a sentence
    finished = Signal()  # exactly once

    def __init__(self, db, request: SweepRequest) -> None:
        super().__init__()
        from mlmstudio.sweep.runner import SweepControl

        self.db, self.request = db, request
        self.control = SweepControl()

    @Slot()
    def run(self) -> None:
        try:
            self._run()
        except Exception as exc:  # every failure reaches the page as a sentence
            from mlmstudio.errors import MLMStudioError
            from mlmstudio.gui.background import user_message
            from mlmstudio.gui.i18n import translate

            if not isinstance(exc, MLMStudioError):
                log.exception("The sweep failed")
            # The engine's sentence in the user's language (user_message translates it), or what failed.
            self.failed.emit(user_message(exc, translate("SweepWorker", "The sweep")))
        finally:
            self.finished.emit()

    def stop(self) -> None:
        self.control.stop()

    def _run(self) -> None:
        from mlmstudio.engine.corpus import load_corpus
        from mlmstudio.sweep import runner
        from mlmstudio.sweep.study import load_spec, load_study, trial_records

        r = self.request
        if r.resume:
            study = load_study(self.db, r.name)
            spec, earlier = load_spec(study), trial_records(study)
            base = spec.base_config
            corpus = load_corpus(
                spec.corpus,
                text_field=base.corpus.text_field,
                csv_column=base.corpus.csv_column,
                encoding=base.corpus.encoding,
            )
        else:
            corpus = r.corpus
            params = r.params
            trials = r.trials or runner.default_trials(r.budget_seconds, r.prune)
            if r.preset == "recipe":
                from mlmstudio.sweep.recipe import recipe_params

                params = tuple(recipe_params(r.base, r.budget_seconds * 0.9 / trials))
            spec = runner.new_spec(
                r.name,
                corpus,
                r.base,
                params,
                r.budget_seconds,
                trials=trials,
                prune=r.prune,
                preset=r.preset,
            )
            runner.create_sweep(self.db, spec)
            earlier = []
        self.spec_ready.emit(spec, earlier)
        if self.control.stop_requested:
            return
        runner.run_sweep(self.db, spec.name, corpus, control=self.control, on_event=self.event.emit)
