"""The app's training worker trains with the app's thread policy (all cores but one to start)."""

from __future__ import annotations

import torch

from mlmstudio import thread_policy
from mlmstudio.engine.samples import sample_text
from mlmstudio.engine.trainer import Trainer
from mlmstudio.gui.threads import start_in_thread
from mlmstudio.gui.training_worker import TrainingWorker

from tiny_configs import tiny_config


def test_the_apps_worker_trains_with_one_core_left_for_the_window(qtbot, tmp_path, monkeypatch):
    seen: list[int] = []
    step = Trainer._train_step

    def spying_step(self, batch):
        seen.append(torch.get_num_threads())
        return step(self, batch)

    monkeypatch.setattr(Trainer, "_train_step", spying_step)
    monkeypatch.setattr(thread_policy, "available_cores", lambda: 3)
    monkeypatch.delenv(thread_policy.THREADS_ENV, raising=False)
    monkeypatch.delenv("OMP_NUM_THREADS", raising=False)
    before = torch.get_num_threads()
    torch.set_num_threads(1)  # a run that skipped the policy would report this
    config = tiny_config(steps=4)
    text = sample_text("facts")
    notes: list[str] = []

    def job(callback, control):
        def both(event):
            notes.append(getattr(event, "note", ""))
            callback(event)

        return Trainer(config, text, tmp_path / "run", callbacks=[both], control=control).run()

    worker = TrainingWorker(job, min_interval=0.05)
    try:
        with qtbot.waitSignal(worker.finished, timeout=60_000):
            thread = start_in_thread(worker, "threads")
        qtbot.waitUntil(lambda: not thread.isRunning(), timeout=10_000)
    finally:
        torch.set_num_threads(before)
    assert seen and set(seen) == {2}
    assert any("CPU threads: adaptive, 2 threads of 3 cores" in note for note in notes)
