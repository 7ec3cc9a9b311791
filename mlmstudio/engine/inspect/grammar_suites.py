"""Grammar suites: minimal pairs, grouped by paradigm, read from a JSONL file.

A minimal pair is two sentences that differ in a word or two, one acceptable
("good") and one not ("bad"): ``The cats sleep`` / ``The cats sleeps``. A model
passes a pair when it scores the good sentence higher (engine/inspect/
grammar.py). Pairs come in paradigms, one contrast each (subject-verb
agreement, determiner-noun agreement, ...), and accuracy is counted per
paradigm, as BLiMP reports it (Warstadt et al. 2020).

The file format, the same for the shipped English suite and a user's suite in
any language: UTF-8 JSON Lines, one pair a line, either

    {"paradigm": "subject_verb_agreement", "good": "The cats sleep.", "bad": "The cats sleeps."}

(``pair_id`` optional), or BLiMP's own field names (``sentence_good``,
``sentence_bad``, ``UID`` as the paradigm, ``pairID``), so a file from
BLiMP's data/ folder loads as it is. Blank lines are skipped. A row that is
not a JSON object, lacks a field, holds an empty sentence or two equal ones is
refused with its file name and line number, and nothing is loaded: a suite
with a silently missing row would give a wrong accuracy. Files are bounded
(``MAX_FILE_BYTES``, ``MAX_PAIRS``, ``MAX_SENTENCE_CHARS``).

``shipped_blimp()`` is the suite that ships (resources/grammar/blimp-en.jsonl:
six BLiMP paradigms, 500 pairs each, CC BY 4.0, attributed in the README
beside it). ``Suite.limited(n)`` keeps the first ``n`` pairs of each paradigm,
so a check-up over many checkpoints stays quick.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from mlmstudio import bounded_json
from mlmstudio.engine.errors import PredictionError
from mlmstudio.unicode_text import is_text

MAX_FILE_BYTES = 64 << 20  # 64 MiB: BLiMP's 67 paradigms whole are 29 MB
MAX_PAIRS = 200_000
MAX_SENTENCE_CHARS = 1_000
MAX_PARADIGM_CHARS = 200
BLIMP_NAME = "blimp"
BLIMP_FILE = "blimp-en.jsonl"


class GrammarSuiteError(PredictionError):
    """A suite file that cannot be used as it is; the message names the file and the line."""


@dataclass(frozen=True)
class MinimalPair:
    paradigm: str
    good: str
    bad: str
    pair_id: str = ""


@dataclass(frozen=True)
class Suite:
    """Minimal pairs in file order; ``name`` says where they came from (blimp, generated, a file)."""

    name: str
    pairs: tuple[MinimalPair, ...]
    notes: tuple[str, ...] = field(default=())

    def paradigms(self) -> list[str]:
        """The paradigms in the order they first appear."""
        return list(dict.fromkeys(p.paradigm for p in self.pairs))

    def limited(self, per_paradigm: int | None) -> Suite:
        """The first ``per_paradigm`` pairs of each paradigm (all when None)."""
        if per_paradigm is None:
            return self
        if per_paradigm < 1:
            raise GrammarSuiteError(f"Pairs per paradigm must be at least 1 (got {per_paradigm}).")
        kept: list[MinimalPair] = []
        counts: dict[str, int] = {}
        for pair in self.pairs:
            if counts.get(pair.paradigm, 0) < per_paradigm:
                counts[pair.paradigm] = counts.get(pair.paradigm, 0) + 1
                kept.append(pair)
        return Suite(self.name, tuple(kept), self.notes)


def shipped_blimp() -> Suite:
    """The BLiMP paradigms MLM Studio ships (resources/grammar/README.md)."""
    from mlmstudio.resource_paths import grammar_file

    suite = load_suite_file(grammar_file(BLIMP_FILE))
    return Suite(BLIMP_NAME, suite.pairs)


def load_suite_file(path: str | os.PathLike) -> Suite:
    """Read a suite file (see the module docstring); ``GrammarSuiteError`` names the line of a bad row."""
    path = Path(path)
    name = path.name
    try:
        text = bounded_json.read_text(path, max_bytes=MAX_FILE_BYTES)
    except FileNotFoundError:
        raise GrammarSuiteError(
            f"There is no suite file {path}. Give a JSONL file of minimal pairs, 'blimp' or 'generated'."
        ) from None
    except IsADirectoryError:
        raise GrammarSuiteError(f"{path} is a folder. Give a JSONL file of minimal pairs.") from None
    except OSError as exc:
        raise GrammarSuiteError(f"The suite file {path} cannot be read ({exc.strerror}).") from None
    except bounded_json.JSONLimitError as exc:
        raise GrammarSuiteError(f"The suite file {name} {exc}.") from None
    pairs = list(_pairs(text, name))
    if not pairs:
        raise GrammarSuiteError(
            f"The suite file {name} holds no minimal pairs. Write one JSON object a line: "
            '{"paradigm": ..., "good": ..., "bad": ...}.'
        )
    return Suite(path.stem, tuple(pairs))


def _pairs(text: str, name: str) -> Iterator[MinimalPair]:
    count = 0
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        count += 1
        if count > MAX_PAIRS:
            raise GrammarSuiteError(f"The suite file {name} holds more than {MAX_PAIRS:,} pairs; split it.")
        yield _pair(line, f"{name}, line {number}")


def _pair(line: str, where: str) -> MinimalPair:
    try:
        row = bounded_json.loads(line, max_depth=2)
    except bounded_json.JSONLimitError as exc:
        raise GrammarSuiteError(f"{where}: the row {exc}. Each line must be one JSON object.") from None
    if not isinstance(row, dict):
        raise GrammarSuiteError(f'{where}: the row is not a JSON object. Write {{"good": ..., "bad": ...}}.')
    good = _field(row, ("good", "sentence_good"), where)
    bad = _field(row, ("bad", "sentence_bad"), where)
    paradigm = _field(row, ("paradigm", "UID"), where, limit=MAX_PARADIGM_CHARS)
    if good.strip() == bad.strip():
        raise GrammarSuiteError(f"{where}: the good and the bad sentence are the same; a pair must differ.")
    pair_id = row.get("pair_id", row.get("pairID", ""))
    if not isinstance(pair_id, (str, int)) or isinstance(pair_id, bool):
        raise GrammarSuiteError(f"{where}: pair_id must be a number or a text.")
    return MinimalPair(paradigm.strip(), good.strip(), bad.strip(), str(pair_id))


def _field(row: dict, names: tuple[str, ...], where: str, limit: int = MAX_SENTENCE_CHARS) -> str:
    for key in names:
        if key in row:
            value = row[key]
            if not isinstance(value, str):
                raise GrammarSuiteError(f"{where}: {key!r} must be a text (got {json.dumps(value)[:40]}).")
            if not value.strip():
                raise GrammarSuiteError(f"{where}: {key!r} is empty.")
            if len(value) > limit:
                raise GrammarSuiteError(f"{where}: {key!r} is longer than {limit:,} characters.")
            if not is_text(value):
                raise GrammarSuiteError(f"{where}: {key!r} holds characters that are not text.")
            return value
    either = " or ".join(repr(n) for n in names)
    raise GrammarSuiteError(f"{where}: the row has no {either} field.")
