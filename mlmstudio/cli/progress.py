"""Terminal progress for a training run: a tqdm bar on a terminal, plain lines otherwise."""

from __future__ import annotations

import sys
from typing import Any

from tqdm import tqdm

from mlmstudio.config import RunConfig
from mlmstudio.engine.events import (CheckpointEvent, EvalEvent, FailedEvent, FinishedEvent,
                                     StepEvent, TrainerEvent)


class TrainingProgress:
    """A trainer callback that shows progress on stderr (stdout stays for results)."""

    def __init__(self, config: RunConfig, quiet: bool = False) -> None:
        self.config = config
        self.quiet = quiet
        self.interactive = sys.stderr.isatty() and not quiet
        self.bar: tqdm | None = None

    def announce(self, line: str) -> None:
        if not self.quiet:
            print(line, file=sys.stderr)

    def __call__(self, event: TrainerEvent) -> None:
        if isinstance(event, StepEvent):
            self._on_step(event)
        elif isinstance(event, EvalEvent):
            self._write(f"step {event.step}: validation loss {event.val_loss:.4f}, "
                        f"masked accuracy {event.val_accuracy:.3f}")
        elif isinstance(event, CheckpointEvent):
            pass  # checkpoints are routine; the summary names the model folder
        elif isinstance(event, (FinishedEvent, FailedEvent)):
            self.close()

    def _on_step(self, event: StepEvent) -> None:
        if not self.interactive:
            return
        if self.bar is None:
            self.bar = tqdm(total=1000, unit="‰", file=sys.stderr, dynamic_ncols=True,
                            bar_format="{l_bar}{bar}| {elapsed}<{remaining} {postfix}")
        self.bar.n = int(event.progress * 1000)
        self.bar.set_postfix_str(f"step {event.step} loss {event.loss:.3f} "
                                 f"{event.tokens_per_second:,.0f} tok/s", refresh=False)
        self.bar.refresh()

    def _write(self, line: str) -> None:
        if self.quiet:
            return
        if self.bar is not None:
            self.bar.write(line, file=sys.stderr)
        else:
            print(line, file=sys.stderr)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None

    def print_summary(self, summary: dict[str, Any]) -> None:
        def fmt(value: Any, spec: str = ".4f") -> str:
            return "n/a" if value is None else format(value, spec)

        lines = [
            f"status:          {summary.get('status')} after {summary.get('steps')} steps "
            f"({fmt(summary.get('wall_seconds'), '.1f')} s)",
            f"model:           {summary.get('params', 0):,} parameters, vocabulary "
            f"{summary.get('vocab_size')}",
            f"loss:            {fmt(summary.get('initial_loss'))} -> {fmt(summary.get('final_loss'))}"
            f" (random guessing: {fmt(summary.get('baseline_loss'))})",
            f"validation:      loss {fmt(summary.get('val_loss'))}, masked accuracy "
            f"{fmt(summary.get('val_accuracy'), '.3f')}, perplexity {fmt(summary.get('perplexity'), '.2f')}",
            f"speed:           {fmt(summary.get('tokens_per_second'), ',.0f')} tokens/s",
            f"model folder:    {summary.get('model_dir')}",
        ]
        if summary.get("run_id") is not None:
            lines.append(f"run id:          {summary['run_id']}")
        print("\n".join(lines))
