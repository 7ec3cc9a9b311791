"""``mlmstudio train --probes FILE``: probe sentences from a JSON or a tab-separated file.

JSON: a list of ``{"sentence": ..., "answer": ...}`` objects (or ``[sentence,
answer]`` pairs), or an object with that list under ``"probes"``. TSV: one probe
per line, the sentence, a tab, the answer; blank lines and lines starting with
``#`` are skipped. Every row is checked as the config checks it (one [MASK], an
answer), and a bad one is refused with a sentence naming its line.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

from mlmstudio import bounded_json
from mlmstudio.config import PROBE_MAX_ITEMS, ConfigError, ProbeSpec, RunConfig, probe_specs

PROBES_HELP = (
    'Probe sentences asked at every evaluation: a JSON list of {"sentence", "answer"} or '
    "TSV lines 'sentence<TAB>answer', each sentence with one [MASK] (default: the facts "
    "questions, or sentences of the held-out text)."
)


def add_probes_flag(parser: argparse.ArgumentParser) -> None:
    """``--probes FILE``, for every command that takes train's settings (train, queue add)."""
    parser.add_argument("--probes", metavar="FILE", help=PROBES_HELP)


def with_probe_file(args: argparse.Namespace, config: RunConfig) -> RunConfig:
    """``config`` with the probes of ``--probes FILE`` when it was given."""
    if getattr(args, "probes", None) is None:
        return config
    return replace(config, probes=replace(config.probes, items=read_probe_file(args.probes))).validate()


def read_probe_file(path: str | Path) -> tuple[ProbeSpec, ...]:
    path = Path(path)
    try:
        text = bounded_json.read_text(path)
    except bounded_json.JSONLimitError as exc:
        raise ConfigError(f"The probe file {path} {exc}. Give a short JSON or TSV list of probes.") from exc
    except OSError as exc:
        raise ConfigError(
            f"Cannot read the probe file {path} ({exc.strerror or exc}). Check the path."
        ) from exc
    text = text.lstrip("\ufeff")
    if _looks_like_json(text):
        specs = _from_json(text.strip(), path)
    else:
        specs = _from_tsv(text, path)
    if not specs:
        raise ConfigError(
            f"The probe file {path} holds no probes. Write one sentence with [MASK], a tab "
            'and the answer per line, or a JSON list of {"sentence", "answer"} objects.'
        )
    if len(specs) > PROBE_MAX_ITEMS:
        raise ConfigError(
            f"The probe file {path} holds {len(specs)} probes; at most {PROBE_MAX_ITEMS} "
            "are tested. Keep the ones you care about most."
        )
    for number, spec in enumerate(specs, start=1):
        problem = spec.problem()
        if problem:
            raise ConfigError(f"{path}: probe {number} {problem}")
    return specs


def _looks_like_json(text: str) -> bool:
    """JSON starts with ``[`` or ``{``; so does a TSV line whose sentence starts with ``[MASK]``
    (its tab gives it away, and JSON's whitespace never holds one before the first value)."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    return text.strip().startswith(("[", "{")) and not ("\t" in first and first.lstrip().startswith("[MASK]"))


def _from_json(text: str, path: Path) -> tuple[ProbeSpec, ...]:
    try:
        data = bounded_json.loads(text)
    except ValueError as exc:
        raise ConfigError(
            f"The probe file {path} {exc}. Fix it, or write it as tab-separated lines: sentence, tab, answer."
        ) from exc
    if isinstance(data, dict):
        data = data.get("probes", data.get("items"))
    try:
        return probe_specs(data, path.name)
    except (TypeError, ValueError) as exc:
        if isinstance(exc, ConfigError):
            raise
        raise ConfigError(
            f'The probe file {path} must hold a list of {{"sentence": ..., "answer": ...}} objects.'
        ) from exc


def _from_tsv(text: str, path: Path) -> tuple[ProbeSpec, ...]:
    specs = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 2:
            raise ConfigError(
                f"Line {number} of {path} must be a sentence, one tab and the answer "
                f"(it has {len(parts) - 1} tabs)."
            )
        specs.append(ProbeSpec(parts[0].strip(), parts[1].strip()))
    return tuple(specs)
