"""The run folder's own record of its probes: ``probes.jsonl``, one line per evaluation.

The trainer appends a line at every evaluation (step, seconds of training, and
each probe's sentence, answer, probability and best guess), so the probe curves
survive with the run folder: ``runs rebuild-history`` and bundles read them back
from here. When a run resumes from a checkpoint, the lines after its step are
dropped first, so the file holds one clean curve, as the history does.

A line cut short by a hard kill is skipped when read, never fatal. Torch-free:
the store and the GUI read it without the engine's weight.
"""

from __future__ import annotations

import json
import logging
import math
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from mlmstudio.engine.atomic_file import atomic_write_text
from mlmstudio.engine.events import EvalEvent, ProbeResult, StartedEvent, TrainerCallback
from mlmstudio.engine.run_files import PROBES_FILE

log = logging.getLogger(__name__)

MAX_LINE_CHARS = 1 << 20  # 50 probes of 300 characters fit many times over
MAX_FILE_BYTES = 256 << 20  # a bundle member or a damaged file: read no more than this


@dataclass(frozen=True)
class ProbeRecord:
    """All probes at one evaluation."""

    step: int
    elapsed: float
    probes: tuple[ProbeResult, ...]

    def to_line(self) -> str:
        return json.dumps(
            {
                "step": self.step,
                "elapsed": round(self.elapsed, 3),
                "probes": [
                    {
                        "sentence": p.sentence,
                        "answer": p.answer,
                        "probability": p.probability,
                        "top1": p.top1,
                        "hit": p.hit,
                    }
                    for p in self.probes
                ],
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )


class ProbeLog(TrainerCallback):
    """Appends each evaluation's probes to ``path``; a resumed run first drops the later lines.

    A write error (a full disk) is logged once and the run goes on: the history
    still records the probes, only the folder's own copy is lost.
    """

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self._broken = False

    def on_started(self, event: StartedEvent) -> None:
        self._guarded(
            lambda: keep_through(self.path, event.step) if event.step else self.path.unlink(missing_ok=True)
        )

    def on_eval(self, event: EvalEvent) -> None:
        if event.probes:
            record = ProbeRecord(event.step, event.elapsed, event.probes)
            self._guarded(lambda: append_record(self.path, record))

    def _guarded(self, write) -> None:
        if self._broken:
            return
        try:
            write()
        except OSError:
            self._broken = True
            log.warning(
                "Could not write the probe file %s; the run goes on without it.", self.path, exc_info=True
            )


def probes_path(run_dir: str | os.PathLike) -> Path:
    return Path(run_dir) / PROBES_FILE


def append_record(path: Path, record: ProbeRecord) -> None:
    """One more line; written in one call, so a kill leaves at most one cut line at the end."""
    with open(path, "a", encoding="utf-8") as out:
        out.write(record.to_line() + "\n")


def read_records(path: str | os.PathLike) -> list[ProbeRecord]:
    """Every readable line of a probes file, in step order, one record per step (the newest wins).

    A missing file is an empty list; a damaged line is skipped with a log line.
    """
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError:
        return []
    if size > MAX_FILE_BYTES:
        log.warning("%s is %d bytes, more than a probes file can be; it is not read.", path, size)
        return []
    by_step: dict[int, ProbeRecord] = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as lines:
            for number, line in enumerate(lines, start=1):
                record = parse_line(line)
                if record is None:
                    if line.strip():
                        log.warning("Line %d of %s is not a probe record; skipped.", number, path)
                    continue
                by_step[record.step] = record
    except OSError as exc:
        log.warning("Cannot read %s (%s).", path, exc)
    return [by_step[step] for step in sorted(by_step)]


def parse_line(line: str) -> ProbeRecord | None:
    """A record from one line, or None when the line is not a complete, sensible one."""
    if len(line) > MAX_LINE_CHARS:
        return None
    try:
        data = json.loads(line)
        step, elapsed = data["step"], float(data.get("elapsed", 0.0))
        if isinstance(step, bool) or not isinstance(step, int) or step < 0 or not math.isfinite(elapsed):
            return None
        probes = []
        for item in data["probes"]:
            probability = float(item["probability"])
            sentence, answer, top1 = item["sentence"], item["answer"], item.get("top1", "")
            if not (0.0 <= probability <= 1.0) or not all(
                isinstance(v, str) for v in (sentence, answer, top1)
            ):
                return None
            probes.append(ProbeResult(sentence, answer, probability, top1, bool(item.get("hit", False))))
    except (ValueError, TypeError, KeyError, AttributeError):
        return None
    return ProbeRecord(step, elapsed, tuple(probes))


def keep_through(path: Path, step: int) -> None:
    """Drop the records after ``step`` (a resumed run goes on from there), and any damaged line."""
    if not path.exists():
        return
    kept = [r for r in read_records(path) if r.step <= step]
    write_records(path, kept)


def write_records(path: Path, records: Iterable[ProbeRecord]) -> None:
    """Replace the file with ``records`` (atomically: a temporary file, then a rename)."""
    atomic_write_text(path, "".join(record.to_line() + "\n" for record in records))


def probe_rows(records: Iterable[ProbeRecord], run_id: str) -> Iterator[dict]:
    """The history's probe_points rows of some records (store/repository.add_probe_points)."""
    for record in records:
        for index, probe in enumerate(record.probes):
            yield dict(
                run_id=run_id,
                step=record.step,
                probe=index,
                sentence=probe.sentence,
                answer=probe.answer,
                probability=probe.probability,
                top1=probe.top1,
                hit=probe.hit,
                wall_time=record.elapsed,
            )
