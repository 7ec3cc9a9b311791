"""Terminal progress for a training run: a tqdm bar on a terminal, plain lines otherwise."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from tqdm import tqdm

from mlmstudio import command_hint
from mlmstudio.config import RunConfig
from mlmstudio.engine.events import (
    EvalEvent,
    FailedEvent,
    FinishedEvent,
    StartedEvent,
    StepEvent,
    TrainerCallback,
    TrainingSummary,
)
from mlmstudio.engine.hf_compat import hf_architecture


class TrainingProgress(TrainerCallback):
    """A trainer callback that shows progress on stderr (stdout stays for results)."""

    def __init__(self, config: RunConfig, quiet: bool = False) -> None:
        self.config = config
        self.quiet = quiet
        self.interactive = sys.stderr.isatty() and not quiet
        self.bar: tqdm | None = None

    def announce(self, line: str) -> None:
        if not self.quiet:
            print(line, file=sys.stderr)

    def on_started(self, event: StartedEvent) -> None:
        if event.note:
            self._write(f"note: {event.note}")

    def on_step(self, event: StepEvent) -> None:
        if not self.interactive:
            return
        if self.bar is None:
            self.bar = tqdm(
                total=1000,
                unit="‰",
                file=sys.stderr,
                dynamic_ncols=True,
                bar_format="{l_bar}{bar}| {elapsed}<{remaining} {postfix}",
            )
        self.bar.n = int(event.progress * 1000)
        electra = (
            ""
            if event.discriminator_accuracy is None
            # an ELECTRA run's own numbers
            else f"(generator {event.generator_loss:.3f}, spotted {event.discriminator_accuracy:.1%} "
            f"vs {1 - event.replaced_share:.1%} unchanged) "
        )
        self.bar.set_postfix_str(
            f"step {event.step} loss {event.loss:.3f} {electra}{event.tokens_per_second:,.0f} tok/s",
            refresh=False,
        )
        self.bar.refresh()

    def on_eval(self, event: EvalEvent) -> None:
        detection = "" if event.detection_auc is None else f", detection AUC {event.detection_auc:.3f}"
        self._write(
            f"step {event.step}: validation loss {event.val_loss:.4f}, "
            f"masked accuracy {event.val_accuracy:.3f}{detection}"
        )
        if event.probes:
            self._write(probe_summary(event.probes))

    def on_finished(self, event: FinishedEvent) -> None:
        self.close()

    def on_failed(self, event: FailedEvent) -> None:
        self.close()

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

    def print_summary(self, summary: TrainingSummary, run_id: str | None = None) -> None:
        def fmt(value: Any, spec: str = ".4f") -> str:
            return "n/a" if value is None else format(value, spec)

        s = summary
        lines = [
            f"status:          {s.status} after {s.steps} steps ({fmt(s.wall_seconds, '.1f')} s)",
            f"model:           {s.params:,} parameters, vocabulary {s.vocab_size}",
            f"loss:            {fmt(s.initial_loss)} -> {fmt(s.final_loss)}"
            f" (random guessing: {fmt(s.baseline_loss)})",
            f"validation:      loss {fmt(s.val_loss)}, masked accuracy "
            f"{fmt(s.val_accuracy, '.3f')}, perplexity {fmt(s.perplexity, '.2f')}",
            f"speed:           {fmt(s.tokens_per_second, ',.0f')} tokens/s",
            f"model folder:    {s.model_dir}",
        ]
        if run_id is not None:
            lines.append(f"run id:          {run_id}")
        lines.append(f"export:          {export_line(self.config, run_id, s.model_dir or None)}")
        print("\n".join(lines))


PROBES_SHOWN = 6


def probe_summary(probes) -> str:
    """One compact line of an evaluation's probes: how many the model answers, and the first few
    answers with their probability (a ✓ where the best guess is the answer)."""
    hits = sum(p.hit for p in probes)
    shown = ", ".join(f"{p.answer} {p.probability:.0%}{' ✓' if p.hit else ''}" for p in probes[:PROBES_SHOWN])
    more = f", … ({len(probes) - PROBES_SHOWN} more)" if len(probes) > PROBES_SHOWN else ""
    return f"  probes: {hits}/{len(probes)} answered; {shown}{more}"


def export_line(config: RunConfig, run_id: str | None, model_dir: str | None = None) -> str:
    """Whether this run can leave the app for Hugging Face, how, or why not (``model_dir``: the
    run's folder, whose own origin.json says the class of a continued opened model)."""
    if hf_architecture(config) is None:
        return (
            "not to Hugging Face: the distance bias has no counterpart there (to export, train "
            "with --no-distance-bias --positions rotary, nearly as fast to learn, or --arch seed)"
        )
    from mlmstudio.engine.hf_import.export_back import original_class_name

    # A run continued from an opened model goes back out as that model's own class.
    folder = Path(model_dir) if model_dir else None
    target = f"to Hugging Face {original_class_name(config, folder) or hf_architecture(config)}"
    return (
        f"{target} with '{command_hint.command(f'export-hf {run_id} DIR')}'"
        if run_id
        else f"possible, {target}"
    )


def summary_json(summary: TrainingSummary, run_id: str | None = None) -> dict[str, Any]:
    """The summary as ``--json`` prints it."""
    return dict(summary.as_dict(), run_id=run_id)
