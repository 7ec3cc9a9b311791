"""The training loop: a run config and a corpus in, events out.

The loop knows nothing about who watches it (minGPT's callbacks): it reports
small immutable events to callbacks on the training thread and checks a
``TrainingControl`` once per step for stop and pause. Everything needed to
continue a run exactly lives in its checkpoints; shutdown work (final
checkpoint, model folder, the finished/failed event) happens in ``run()``'s
one exit path.

Checkpoints are due every ``checkpoint_every`` steps and also after
``checkpoint_seconds`` of training, so a crash loses little even when steps
are slow. A failure the user can act on (out of memory, a full disk, a
diverging loss) ends the run ``failed`` with a sentence and leaves the last
checkpoint as it was.
"""

from __future__ import annotations

import errno
import logging
import math
import time
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

from mlmstudio import thread_policy
from mlmstudio.config import RunConfig
from mlmstudio.engine import distributed
from mlmstudio.engine.artifacts import atomic_write_text, save_model_dir
from mlmstudio.engine.checkpoint import (
    disk_full_error,
    latest_checkpoint,
    load_checkpoint,
    load_checkpoint_weights,
    save_checkpoint,
)
from mlmstudio.engine.corpus import split_spans
from mlmstudio.engine.curve_log import CurveLog
from mlmstudio.engine.data import Batch, TrainBatches, encode_stream, validation_batches
from mlmstudio.engine.device import autocast_context, resolve_device, resolve_precision
from mlmstudio.engine.errors import MLMStudioError, ModelLoadError, OutOfMemoryError, TrainingError
from mlmstudio.engine.events import (
    CheckpointEvent,
    EvalEvent,
    EventCallback,
    FailedEvent,
    FinishedEvent,
    StartedEvent,
    StepEvent,
    TrainerEvent,
    TrainingControl,
    TrainingSummary,
)
from mlmstudio.engine.general_text import general_batches
from mlmstudio.engine.hf_import.convert import ORIGIN_FILE
from mlmstudio.engine.inspect.detection_metric import METRIC_NAME as DETECTION_AUC
from mlmstudio.engine.inspect.detection_metric import detection_auc, detection_batches
from mlmstudio.engine.inspect.probe_log import ProbeLog
from mlmstudio.engine.inspect.probes import ProbeSet, choose_probes
from mlmstudio.engine.kept_checkpoints import drop_kept_after, is_kept_step, save_kept
from mlmstudio.engine.learned_too_little import PROBED_SAMPLE, expected_steps
from mlmstudio.engine.masking import IGNORE_INDEX
from mlmstudio.engine.memory import release_free_memory, training_memory_shortage
from mlmstudio.engine.model import count_parameters, init_output_bias
from mlmstudio.engine.model_factory import build_model
from mlmstudio.engine.run_files import RunFolder
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.engine.run_tokenizer import train_run_tokenizer
from mlmstudio.engine.schedule import ADAM_BETAS, lr_factor
from mlmstudio.engine.start_from import load_starting_model, starting_origin, starting_tokenizer
from mlmstudio.engine.tokenization import MLMTokenizer, unigram_log_probs
from mlmstudio.engine.vocab_extension import added_words

log = logging.getLogger(__name__)

# A resumed run saves soon, whatever checkpoint_every and checkpoint_seconds say: after its first
# RESUMED_CHECKPOINT_STEPS steps, then every RESUMED_CHECKPOINT_SECONDS of training until it has
# trained checkpoint_seconds since the resume. A machine that crashes every 30 s (5-10 of them spent
# starting) still moves forward; the usual spacing returns once the run stays up.
RESUMED_CHECKPOINT_STEPS = 5
RESUMED_CHECKPOINT_SECONDS = 15.0

FINAL_LOSS_WINDOW = 20  # final_loss is the mean of this many last steps
LOSS_READBACK_EVERY = 10  # on a GPU, steps between reading the loss back to the host
CHECKPOINTS_KEPT = 3  # the newest few: one damaged by a crash still leaves an older one
OUT_OF_MEMORY_MESSAGE = (
    "There is not enough memory for this model and batch: try a smaller model, "
    "batch or sequence length. The last checkpoint is kept."
)
_ALLOCATOR_FAILURES = ("can't allocate memory", "not enough memory", "out of memory")


@dataclass
class TrainResult:
    status: RunStatus  # COMPLETED, STOPPED or FAILED
    steps: int
    summary: TrainingSummary
    message: str = ""
    model_dir: str = ""


@dataclass
class _Progress:
    """What the loop has done so far; saved in every checkpoint."""

    step: int = 0
    elapsed: float = 0.0
    tokens_seen: int = 0
    initial_loss: float | None = None
    recent_losses: list[float] = field(default_factory=list)
    last_eval: dict[str, float] = field(default_factory=dict)


class Trainer:
    evaluate_first = False  # True for a continued model: step 0 is evaluated before training

    def __init__(
        self,
        config: RunConfig,
        corpus_text: str,
        out_dir: str | Path,
        *,
        callbacks: Iterable[EventCallback] = (),
        control: TrainingControl | None = None,
        tokenizer: MLMTokenizer | None = None,
    ) -> None:
        self.config = config.validate()
        # A continued run's own tokenizer, read once: its vocabulary for the memory check, then its
        # model's (load_starting_model below), which would read it again.
        start_tokenizer = starting_tokenizer(config) if tokenizer is None else None
        vocab = tokenizer.vocab_size if tokenizer else None
        if start_tokenizer is not None:
            vocab = start_tokenizer.vocab_size + len(added_words(config))
        shortage = training_memory_shortage(config, vocab)
        if shortage:  # refuse before a tokenizer is trained or a tensor allocated
            raise TrainingError(shortage)
        self.out_dir = Path(out_dir)
        self.callbacks = list(callbacks)
        self.control = control or TrainingControl()
        self.dist = distributed.context()
        train_cfg = config.training
        self.device = resolve_device(train_cfg.device if not self.dist.device else self.dist.device)
        self.precision = resolve_precision(train_cfg.precision, self.device)
        self.threads = _thread_governor(self.device, self.dist.world_size)

        # Spans, not copies: a 100 MB corpus is held once while it is tokenized.
        train_text, val_text = split_spans(corpus_text, config.corpus.val_fraction, train_cfg.seed)
        # Continued pretraining (engine/start_from.py): that model's weights and its own tokenizer.
        self.start = load_starting_model(config, start_tokenizer)
        # Where an opened model came from, kept in this run's own folder (_write_run_files).
        self.origin = starting_origin(config, self.out_dir) if self.start is not None else None
        if self.start is not None and tokenizer is None:
            tokenizer = self.start.tokenizer
        self.tokenizer = tokenizer or train_run_tokenizer(train_text, config)
        self.vocab_size = self.tokenizer.vocab_size
        train_stream = encode_stream(train_text, self.tokenizer)
        release_free_memory()
        self.train_batches = TrainBatches(
            train_stream,
            self.tokenizer,
            train_cfg.seq_len,
            train_cfg.batch_size,
            config.masking,
            train_cfg.seed,
            rank=self.dist.rank,
            world_size=self.dist.world_size,
        )
        self.val_batches = validation_batches(
            encode_stream(val_text, self.tokenizer),
            self.tokenizer,
            train_cfg.seq_len,
            train_cfg.batch_size,
            train_cfg.eval_batches,
        )
        # A second text every evaluation also tests, so forgetting shows (engine/general_text.py).
        self.general_batches = general_batches(config, self.tokenizer)

        torch.manual_seed(train_cfg.seed)
        self.model = build_model(config.model, self.vocab_size, pad_token_id=self.tokenizer.pad_token_id)
        if self.start is not None:
            self.model.load_state_dict(self.start.model.state_dict())
            self.start = None  # only its weights were needed: free the copy
            self.evaluate_first = True  # the curve starts at the untouched model's held-out loss
        elif config.model.arch == "modern" or config.model.objective == "electra":
            # Start from "predict the corpus' token frequencies": the model then
            # spends its short budget on context, not on learning the unigram.
            init_output_bias(self.model, unigram_log_probs(train_stream.ids, self.vocab_size))
        self.model.to(self.device)
        # The probes asked at every evaluation (engine/inspect/probes.py), encoded once.
        self.probes = ProbeSet.build(
            choose_probes(config, val_text, self.tokenizer, config.model.max_len),
            self.tokenizer,
            config.model.max_len,
        )
        self.param_count = count_parameters(self.model)
        self.baseline_loss = math.log(self.vocab_size)
        self.optimizer = torch.optim.AdamW(
            _param_groups(self.model, train_cfg.weight_decay),
            lr=train_cfg.lr,
            betas=ADAM_BETAS,
            # Fused on a CPU too: ~3% of a bf16 step (PERFORMANCE.md 11).
            fused=self.device.type in ("cuda", "cpu") or None,
        )
        self.train_model = self.dist.wrap(self.model)
        self.progress = _Progress()
        self.start_note = ""  # shown with the StartedEvent (set by whoever resumes the run)
        # Seconds per step Setup's calibration measured (engine/calibration.py), set by a caller
        # that has it; a time-budgeted run measures it itself otherwise (learned_too_little.py).
        self.expected_step_seconds: float | None = None
        self._expected_steps: int | None = None
        self._last_probes: tuple = ()
        self._checkpointed_step = -1
        self._checkpointed_elapsed = 0.0
        self._resumed_at: tuple[int, float] | None = None  # (step, elapsed) of a resume, while saving early
        self._pending_losses: list[torch.Tensor] = []
        # ELECTRA's loss parts (engine/electra.py), read back with the losses; empty for MLM.
        self._pending_stats: list[dict[str, torch.Tensor]] = []
        self._step_stats: dict[str, float] = {}
        # The shared evaluation (engine/inspect/detection_metric.py): fixed replacements in the same windows.
        self.detection_batches = detection_batches(
            self.val_batches, self.vocab_size, self.tokenizer.special_ids
        )
        self._tps_window: deque[tuple[int, float]] = deque(maxlen=20)

    # -- resume -----------------------------------------------------------
    @classmethod
    def resume(
        cls,
        out_dir: str | Path,
        corpus_text: str,
        *,
        callbacks: Iterable[EventCallback] = (),
        control: TrainingControl | None = None,
        checkpoint: str | Path | None = None,
    ) -> Trainer:
        """A trainer that continues the run in ``out_dir`` exactly where its checkpoint left off."""
        path = Path(checkpoint) if checkpoint else latest_checkpoint(Path(out_dir))
        if path is None:
            raise TrainingError(
                f"The run in {out_dir} has no checkpoint to resume from. Start it again instead."
            )
        trainer = cls.restart(out_dir, corpus_text, callbacks=callbacks, control=control)
        trainer._load_checkpoint(path)
        return trainer

    @classmethod
    def restart(
        cls,
        out_dir: str | Path,
        corpus_text: str,
        *,
        callbacks: Iterable[EventCallback] = (),
        control: TrainingControl | None = None,
    ) -> Trainer:
        """A trainer that trains the run in ``out_dir`` again from step 0, with its stored settings.

        The run's own tokenizer is reused when it was saved (a retrained WordPiece
        could number its tokens differently); a run killed before saving it trains one.
        """
        folder = RunFolder(Path(out_dir))
        if not folder.config.is_file():
            raise TrainingError(
                f"The run folder {folder.path} has no readable config.json, so it cannot be resumed."
            )
        config = RunConfig.from_file(folder.config)  # bounded read; a bad file is a ConfigError
        tokenizer = None
        if folder.tokenizer.is_file():
            try:
                tokenizer = MLMTokenizer.load(folder.tokenizer)
            except MLMStudioError:
                log.warning("The tokenizer of %s is damaged; training a new one.", folder.path)
        return cls(
            config, corpus_text, folder.path, callbacks=callbacks, control=control, tokenizer=tokenizer
        )

    def _load_checkpoint(self, path: Path) -> None:
        data = load_checkpoint(path)
        load_checkpoint_weights(self.model, data)
        try:
            self.optimizer.load_state_dict(data.optimizer_state)
            self.train_batches.load_state(data.state["sampler"], data.rng["mask_generator"])
            torch.set_rng_state(data.rng["torch"])
            saved = data.state["progress"]
            progress = _Progress(
                step=data.step,
                elapsed=float(saved["elapsed"]),
                tokens_seen=int(saved["tokens_seen"]),
                initial_loss=saved["initial_loss"],
                recent_losses=list(saved["recent_losses"]),
                last_eval=dict(saved["last_eval"]),
            )
        except (KeyError, TypeError, ValueError, RuntimeError) as exc:
            raise ModelLoadError(
                f"The checkpoint in {path} is incomplete ({exc.__class__.__name__}). "
                "Resume from an earlier checkpoint."
            ) from exc
        self._checkpointed_step = data.step
        self._checkpointed_elapsed = progress.elapsed
        self._resumed_at = (data.step, progress.elapsed)
        self.progress = progress

    # -- the loop -----------------------------------------------------------
    def run(self) -> TrainResult:
        failure: MLMStudioError | None = None
        try:
            self._write_run_files()
            if self.dist.is_main:  # the folder's own copy of the curves (import-folder reads it)
                self.callbacks.append(CurveLog(RunFolder(self.out_dir).curves))
                self.callbacks.append(ProbeLog(RunFolder(self.out_dir).probes))
            if self.dist.is_main:  # copies kept after the step this run starts from are trained again
                drop_kept_after(self.out_dir, self.progress.step)
            self._expected_steps = self._expect_steps()
            self._emit(self.started_event())
            if self.evaluate_first and self.progress.step == 0:
                self._evaluate()
            status = self._loop()
            summary = self._finish(status)
        except Exception as exc:
            failure = as_user_error(exc)
            if failure is None:  # a bug: report it, then let it surface
                self._emit_failed(f"Training stopped on an unexpected error: {exc}")
                raise
        if failure is not None:
            # Out of the except block, the failed step's tensors (held by the traceback) are free.
            self._pending_losses.clear()
            release_free_memory()
            summary = self.summary(RunStatus.FAILED)
            self._emit_failed(str(failure), summary)
            return TrainResult(RunStatus.FAILED, self.progress.step, summary, str(failure))
        self._emit(FinishedEvent(status, self.progress.step, summary))
        return TrainResult(status, self.progress.step, summary, "", str(self.out_dir))

    def started_event(self) -> StartedEvent:
        return StartedEvent(
            step=self.progress.step,
            total_steps=self.config.training.steps,
            vocab_size=self.vocab_size,
            baseline_loss=self.baseline_loss,
            param_count=self.param_count,
            device=self.device.type,
            precision=self.precision,
            note=" ".join(filter(None, [self.start_note, *self.probes.notes, self._threads_note()])),
        )

    def _expect_steps(self) -> int | None:
        """Steps the calibration expects in the time left (None without a time budget)."""
        cfg = self.config.training
        if cfg.time_budget <= 0 or self.dist.world_size > 1:
            return None
        seconds = self.expected_step_seconds
        key = None
        if seconds is None:  # a calibration of this shape on this computer, kept from an earlier start
            from mlmstudio.engine import calibration_cache

            key = calibration_cache.cache_key(
                self.config.model,
                self.vocab_size,
                cfg.batch_size,
                min(cfg.seq_len, self.config.model.max_len),
                self.config.masking.mlm_probability,
                self.precision,
                self.device.type,
            )
            seconds = calibration_cache.cached_seconds(key)
        if seconds is None:
            from mlmstudio.engine import calibration_cache
            from mlmstudio.engine.calibration import measure_step_time

            try:  # the measurement Setup shows (its threads), on this run's model and batch shape
                measured = measure_step_time(
                    self.config.model,
                    self.vocab_size,
                    cfg.batch_size,
                    cfg.seq_len,
                    mlm_probability=self.config.masking.mlm_probability,
                    precision=self.precision,
                    device=self.device.type,
                )
                seconds = measured.seconds
                if key is not None:
                    calibration_cache.remember(key, seconds, measured.precision)
            except (MemoryError, RuntimeError):  # its second model did not fit: train, expect nothing
                log.info("The step-time calibration did not fit in memory; no steps are expected.")
                seconds = None
            finally:
                torch.set_num_threads(self.threads.threads)  # the calibration sets its own
                release_free_memory()
        return expected_steps(cfg.time_budget - self.progress.elapsed, seconds, self.progress.step)

    def _threads_note(self) -> str:
        policy = self.threads.policy
        if self.device.type != "cpu":
            return ""
        return f"CPU threads: {policy.describe()}."

    def _loop(self) -> RunStatus:
        cfg = self.config.training
        self.model.train()
        clock = time.perf_counter()
        while True:
            waited_from = time.perf_counter()
            self.control.wait_if_paused()
            clock += time.perf_counter() - waited_from  # pauses are not training time
            if self.control.stop_requested:
                return RunStatus.STOPPED
            if self._budget_spent():
                return RunStatus.COMPLETED

            lr = cfg.lr * lr_factor(
                self._run_progress(self.progress.elapsed, mid_step=True), cfg.warmup, cfg.schedule
            )
            for group in self.optimizer.param_groups:
                group["lr"] = lr
            cpu_batch = next(self.train_batches)
            tokens = cpu_batch.num_tokens * self.dist.world_size  # counted before the copy: no device sync
            step_start = time.perf_counter()
            loss = self._train_step(cpu_batch.to(self.device))

            now = time.perf_counter()
            self.threads.step_done(now - step_start)  # the step's own time: no evaluation or checkpoint
            step_seconds, clock = now - clock, now
            self._advance(loss, tokens, step_seconds)
            at_eval = self.progress.step % cfg.eval_every == 0
            at_checkpoint = self._checkpoint_due()
            if self._losses_due(at_eval or at_checkpoint):
                self._record_step(self._read_losses(), lr)
            if at_eval:
                self._evaluate()
            if at_checkpoint:
                self._checkpoint()
            if is_kept_step(self.progress.step):
                self._keep_weights()

    def _train_step(self, batch: Batch) -> torch.Tensor:
        """One optimizer step; returns the loss as a detached tensor (no host sync)."""
        with autocast_context(self.device, self.precision):
            out = self.train_model(
                batch.input_ids,
                attention_mask=batch.attention_mask,
                labels=batch.labels,
                label_positions=batch.label_positions,
            )
        loss = out.loss
        stats = getattr(out, "stats", None)
        if stats:
            self._pending_stats.append(stats)
        self.optimizer.zero_grad(set_to_none=True)
        loss.backward()
        if self.config.training.grad_clip > 0:
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.config.training.grad_clip)
        self.optimizer.step()
        return loss.detach()

    def _advance(self, loss: torch.Tensor, tokens: int, seconds: float) -> None:
        p = self.progress
        p.step += 1
        p.elapsed += seconds
        p.tokens_seen += tokens
        self._pending_losses.append(loss)
        self._tps_window.append((tokens, seconds))

    def _losses_due(self, forced: bool) -> bool:
        """On a CPU the loss is read every step; on a GPU every few steps, to avoid a sync per step."""
        return (
            forced
            or self.device.type == "cpu"
            or len(self._pending_losses) >= LOSS_READBACK_EVERY
            or self._budget_spent()
            or self.control.stop_requested
        )

    def _read_losses(self) -> float:
        """Mean loss of the steps since the last read-back, over all ranks; refuse non-finite."""
        value = float(torch.stack(self._pending_losses).float().mean())
        self._pending_losses.clear()
        if self._pending_stats:
            self._step_stats = {
                name: distributed.mean_across_ranks(
                    float(torch.stack([s[name] for s in self._pending_stats]).mean()), self.dist
                )
                for name in self._pending_stats[0]
            }
            self._pending_stats.clear()
        value = distributed.mean_across_ranks(value, self.dist)
        if not math.isfinite(value):
            raise TrainingError(
                f"The loss became {value} at step {self.progress.step}, so training "
                f"stopped. Try a lower learning rate (now {self.config.training.lr:g})."
            )
        return value

    def _record_step(self, loss: float, lr: float) -> None:
        p = self.progress
        if p.initial_loss is None:
            p.initial_loss = loss
        p.recent_losses = (p.recent_losses + [loss])[-FINAL_LOSS_WINDOW:]
        window_tokens = sum(t for t, _ in self._tps_window)
        window_seconds = sum(s for _, s in self._tps_window)
        self._emit(
            StepEvent(
                step=p.step,
                total_steps=self.config.training.steps,
                loss=loss,
                lr=lr,
                tokens_per_second=window_tokens / max(window_seconds, 1e-9),
                tokens_seen=p.tokens_seen,
                elapsed=p.elapsed,
                progress=min(1.0, self._run_progress(p.elapsed)),
                **self._step_stats,
            )
        )

    def _checkpoint_due(self) -> bool:
        """Every ``checkpoint_every`` steps, and after ``checkpoint_seconds`` of training without one;
        a resumed run also early (RESUMED_CHECKPOINT_STEPS / _SECONDS), unless saving is off."""
        cfg, p = self.config.training, self.progress
        by_steps = bool(cfg.checkpoint_every) and p.step % cfg.checkpoint_every == 0
        seconds = cfg.checkpoint_seconds
        by_time = seconds > 0 and p.elapsed - self._checkpointed_elapsed >= seconds
        return by_steps or by_time or self._early_after_resume()

    def _early_after_resume(self) -> bool:
        if self._resumed_at is None:
            return False
        cfg, p = self.config.training, self.progress
        step, elapsed = self._resumed_at
        if not (cfg.checkpoint_every or cfg.checkpoint_seconds > 0) or (
            p.elapsed - elapsed >= max(cfg.checkpoint_seconds, RESUMED_CHECKPOINT_SECONDS)
        ):
            self._resumed_at = None  # saving is off, or the run has stayed up: the usual spacing
            return False
        return p.step - step == RESUMED_CHECKPOINT_STEPS or (
            p.elapsed - self._checkpointed_elapsed >= RESUMED_CHECKPOINT_SECONDS
        )

    def _budget_spent(self) -> bool:
        """All steps done, or the time budget would be overrun by one more (typical) step."""
        cfg = self.config.training
        if self.progress.step >= cfg.steps:
            return True
        if cfg.time_budget <= 0:
            return False
        recent = [seconds for _, seconds in self._tps_window]
        typical_step = sum(recent) / len(recent) if recent else 0.0
        return self.progress.elapsed + typical_step > cfg.time_budget

    def _run_progress(self, elapsed: float, mid_step: bool = False) -> float:
        """How far through the run, 0..1, by steps or by time budget, whichever is further.

        ``mid_step`` measures at the middle of the coming step, so that neither the
        first step (warm-up) nor the last (decay) trains with a learning rate of 0.
        """
        cfg = self.config.training
        by_steps = (self.progress.step + (0.5 if mid_step else 0.0)) / cfg.steps
        by_time = elapsed / cfg.time_budget if cfg.time_budget > 0 else 0.0
        return max(by_steps, by_time)

    @torch.no_grad()
    def evaluate(self) -> dict[str, float]:
        """Held-out masked loss and accuracy on the fixed 15% evaluation masks (an ELECTRA run's
        generator's), and the replaced-token detection AUC every run reports (detection_metric.py)."""
        self.model.eval()
        held_out = self._masked_loss(self.val_batches)
        general = self._masked_loss(self.general_batches)
        self.model.train()
        if held_out is None:
            return {}
        val_loss, val_accuracy = held_out
        metrics = {
            "val_loss": val_loss,
            "val_accuracy": val_accuracy,
            "perplexity": math.exp(min(val_loss, 50.0)),
        }
        if general is not None:
            metrics["general_loss"], metrics["general_accuracy"] = general
        auc = detection_auc(
            self.model,
            self.detection_batches,
            self.device,
            lambda: autocast_context(self.device, self.precision),
        )
        if auc is not None:
            metrics[DETECTION_AUC] = auc
        return metrics

    def _masked_loss(self, batches: list[Batch]) -> tuple[float, float] | None:
        """Mean loss and accuracy over the masked tokens of fixed batches; None when they mask none."""
        total_loss, correct, count = 0.0, 0, 0
        for batch in batches:
            batch = batch.to(self.device)
            with autocast_context(self.device, self.precision):
                out = self.model(batch.input_ids, attention_mask=batch.attention_mask, labels=batch.labels)
            targets = batch.labels[batch.labels != IGNORE_INDEX]
            logits = out.logits if out.logits.dim() == 2 else out.logits[batch.labels != IGNORE_INDEX]
            logits = logits.float()
            total_loss += float(F.cross_entropy(logits, targets, reduction="sum"))
            correct += int((logits.argmax(-1) == targets).sum())
            count += int(targets.numel())
        return (total_loss / count, correct / count) if count else None

    def _evaluate(self) -> None:
        metrics = self.evaluate()
        if metrics:
            self.progress.last_eval = metrics
            probes = self.probes.measure(self.model, self.device) if self.dist.is_main else ()
            self._last_probes = tuple(probes)
            self._emit(
                EvalEvent(step=self.progress.step, elapsed=self.progress.elapsed, probes=probes, **metrics)
            )

    def _checkpoint(self) -> None:
        if not self.dist.is_main:
            return
        p = self.progress
        state = {
            "sampler": self.train_batches.state(),
            "progress": {
                "elapsed": p.elapsed,
                "tokens_seen": p.tokens_seen,
                "initial_loss": p.initial_loss,
                "recent_losses": p.recent_losses,
                "last_eval": p.last_eval,
            },
        }
        rng = {
            "torch": torch.get_rng_state(),
            "mask_generator": self.train_batches.mask_generator.get_state(),
        }
        path = save_checkpoint(
            self.out_dir,
            p.step,
            self.model,
            self.optimizer.state_dict(),
            rng,
            state,
            keep_last=CHECKPOINTS_KEPT,
        )
        self._checkpointed_step, self._checkpointed_elapsed = p.step, p.elapsed
        self._emit(CheckpointEvent(step=p.step, path=str(path), metrics=dict(p.last_eval)))

    def _keep_weights(self) -> None:
        """A copy of the weights for Explore's slider over training (spacing: kept_checkpoints.py)."""
        if self.dist.is_main:
            save_kept(self.out_dir, self.progress.step, self.model, self.config.training.keep_checkpoints)

    # -- start and end ------------------------------------------------------
    def _write_run_files(self) -> None:
        """config.json and tokenizer.json first, so even a run killed at once can be resumed; and
        for a run continued from an opened model its origin.json, so the folder needs neither the
        opened copy nor the runs before it to export as that model's own class, ids and mask."""
        if not self.dist.is_main:
            return
        folder = RunFolder(self.out_dir)
        folder.path.mkdir(parents=True, exist_ok=True)
        atomic_write_text(folder.config, self.config.to_json())
        atomic_write_text(folder.tokenizer, self.tokenizer.to_str())
        if self.origin is not None:
            atomic_write_text(folder.path / ORIGIN_FILE, self.origin.to_json())

    def _finish(self, status: RunStatus) -> TrainingSummary:
        if self.progress.step and self.progress.step % self.config.training.eval_every:
            self._evaluate()  # the final numbers always come from the final weights
        summary = self.summary(status)
        if self.dist.is_main:
            if self.progress.step and self._checkpointed_step != self.progress.step:
                self._checkpoint()
            if self.progress.step:
                self._keep_weights()
            save_model_dir(self.out_dir, self.model, self.tokenizer, self.config, summary.as_dict())
        return summary

    def summary(self, status: RunStatus) -> TrainingSummary:
        p = self.progress
        recent = p.recent_losses
        return TrainingSummary(
            status=status,
            steps=p.step,
            params=self.param_count,
            vocab_size=self.vocab_size,
            baseline_loss=self.baseline_loss,
            initial_loss=p.initial_loss,
            final_loss=float(np.mean(recent)) if recent else None,
            val_loss=p.last_eval.get("val_loss"),
            val_accuracy=p.last_eval.get("val_accuracy"),
            perplexity=p.last_eval.get("perplexity"),
            detection_auc=p.last_eval.get(DETECTION_AUC),
            tokens_per_second=p.tokens_seen / p.elapsed if p.elapsed else 0.0,
            wall_seconds=p.elapsed,
            model_dir=str(self.out_dir),
            device=self.device.type,
            precision=self.precision,
            threads=self.threads.describe() if self.device.type == "cpu" else "",
            expected_steps=self._expected_steps,
            mask_token=self.origin.mask_token if self.origin is not None else None,
            **self._probe_counts(),
        )

    def _probe_counts(self) -> dict[str, int]:
        """The facts sample's probes answered at the last evaluation (learned_too_little.py)."""
        if self.config.corpus.source != PROBED_SAMPLE or not self._last_probes:
            return {}
        answered = sum(bool(getattr(p, "hit", False)) for p in self._last_probes)
        return {"probes_answered": answered, "probes_asked": len(self._last_probes)}

    def _emit(self, event: TrainerEvent) -> None:
        if not self.dist.is_main:
            return
        for callback in self.callbacks:
            callback(event)

    def _emit_failed(self, message: str, summary: TrainingSummary | None = None) -> None:
        try:
            self._emit(FailedEvent(step=self.progress.step, message=message, summary=summary))
        except Exception:  # a broken watcher must not hide the original failure
            log.exception("a callback failed while reporting a failed run")


def _param_groups(model: torch.nn.Module, weight_decay: float) -> list[dict]:
    """No weight decay on biases and normalisation weights (as BERT)."""
    decay: list[torch.nn.Parameter] = []
    no_decay: list[torch.nn.Parameter] = []
    seen: set[int] = set()
    for param in model.parameters():
        if not param.requires_grad or id(param) in seen:
            continue
        seen.add(id(param))
        (decay if param.dim() >= 2 else no_decay).append(param)
    return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]


def as_user_error(exc: BaseException) -> MLMStudioError | None:
    """The user-facing error ``exc`` stands for, or None when it is a bug.

    Running out of memory shows up as torch's OutOfMemoryError on a GPU, as a
    RuntimeError from the CPU allocator ("DefaultCPUAllocator: can't allocate
    memory", "not enough memory") or as Python's MemoryError.
    """
    if isinstance(exc, MLMStudioError):
        return exc
    if isinstance(exc, (MemoryError, torch.OutOfMemoryError)) or (
        isinstance(exc, RuntimeError) and any(s in str(exc) for s in _ALLOCATOR_FAILURES)
    ):
        return OutOfMemoryError(OUT_OF_MEMORY_MESSAGE)
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return disk_full_error(exc)
    return None


def default_num_threads() -> int:
    """Threads for torch in a training process that also serves a GUI: leave it a core."""
    return thread_policy.decide("app").threads


def _thread_governor(device: torch.device, world_size: int) -> thread_policy.ThreadGovernor:
    """This process' thread policy (mlmstudio/thread_policy.py), applied to torch now.

    A library caller that never chose a role keeps its own torch setting; a GPU run
    and ranks under torchrun keep their starting count (the check times CPU steps).
    A step-counted run adapts too, although a changed count sums reductions in another
    order (the same seed then gives a slightly different model): kept at its starting two
    threads on a busy machine, the README's 2,500-step run took 447-526 s against 66 s at
    one thread (docs/PERFORMANCE.md, section 18). ``MLMSTUDIO_THREADS`` gives exact repeats.
    """
    policy = thread_policy.decide()
    if not policy.threads:
        current = torch.get_num_threads()
        policy = replace(policy, threads=current, max_threads=current)
    if policy.adaptive and (device.type != "cpu" or world_size > 1):
        policy = thread_policy.fixed(policy)
    thread_policy.apply(policy, torch.set_num_threads)
    return thread_policy.ThreadGovernor(policy, torch.set_num_threads, thread_policy.scheduler_waits)
