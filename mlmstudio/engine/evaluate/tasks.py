"""Labelled tasks for the transfer probe: texts with a class each, read from a file or made here.

A task file is a CSV, TSV or JSONL of rows with a text and a label (the columns or fields are
chosen as for corpora: ``text`` and ``label`` unless named, case forgiven). The file is read as
a stream, so its size costs time, not memory: at most ``MAX_EXAMPLES`` rows are kept, a seeded
uniform sample of all rows (reservoir sampling) when there are more, and a note says so. Rows
whose text and label are both empty (blank lines) are skipped. A row with a text but no label,
or a label but no text, is refused with its row numbers: guessing or silently dropping them
would change what is measured. More than ``MAX_CLASSES`` classes, a single class, or a text
column empty in every row are refused too. Each refusal is a ``TaskError``: a sentence, exit 2.

``groups`` (optional) keep examples together when the task is split: the demo task groups its
sentences by their one deciding word, so the held-out words are words the probe never saw.
"""

from __future__ import annotations

import csv
import io
import json
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mlmstudio.errors import MLMStudioError

MAX_EXAMPLES = 20_000  # rows kept from a file (a seeded sample of all rows beyond it)
MAX_CLASSES = 1_000
MIN_EXAMPLES = 20  # fewer leave no held-out split worth a number
MAX_TEXT_CHARS = 2_000  # a probe reads at most the model's length; longer cells are cut
MAX_LINE_CHARS = 1_000_000  # one JSONL line; beyond this it is not a labelled sentence
_SAMPLE_SEED = 20261202
_ROWS_NAMED = 5  # row numbers named in a refusal


class TaskError(MLMStudioError):
    """A labelled task that cannot be used: the message says what is wrong and what to do (exit 2)."""


@dataclass(frozen=True)
class LabelledTask:
    """Texts with one class each; ``labels[i]`` indexes ``classes``."""

    name: str  # what the history calls it ("sample:kinds", "shuffled", a file name)
    texts: tuple[str, ...]
    labels: tuple[int, ...]
    classes: tuple[str, ...]
    groups: tuple[str, ...] | None = None  # examples of one group are split together
    notes: tuple[str, ...] = field(default_factory=tuple)  # sentences for the user (sampled, cut, ...)
    description: str = ""

    def __post_init__(self) -> None:
        if len(self.texts) != len(self.labels) or (
            self.groups is not None and len(self.groups) != len(self.texts)
        ):
            raise ValueError("texts, labels and groups must have one entry per example")

    def __len__(self) -> int:
        return len(self.texts)

    def class_counts(self) -> list[int]:
        counts = Counter(self.labels)
        return [counts.get(i, 0) for i in range(len(self.classes))]


def make_task(
    name: str,
    texts: Sequence[str],
    labels: Sequence[str],
    *,
    groups: Sequence[str] | None = None,
    notes: Sequence[str] = (),
    description: str = "",
) -> LabelledTask:
    """A task from texts and their label names, checked: two classes at least, at most MAX_CLASSES."""
    classes = sorted(set(labels))
    check_classes(name, Counter(labels), len(texts))
    index = {c: i for i, c in enumerate(classes)}
    return LabelledTask(
        name=name,
        texts=tuple(texts),
        labels=tuple(index[label] for label in labels),
        classes=tuple(classes),
        groups=None if groups is None else tuple(groups),
        notes=tuple(notes),
        description=description,
    )


def check_classes(name: str, counts: Counter[str], n_examples: int) -> None:
    if n_examples < MIN_EXAMPLES:
        raise TaskError(
            f"{name} has {n_examples} labelled example{'s' if n_examples != 1 else ''}; a probe needs at "
            f"least {MIN_EXAMPLES} to keep some apart for testing. Add more rows."
        )
    if len(counts) > MAX_CLASSES:
        raise TaskError(
            f"{name} has more than {MAX_CLASSES:,} different labels; a linear probe over so many classes "
            "measures nothing on a small model. Check that the label column is the right one "
            "(--label-column), or group the labels into fewer classes."
        )
    if len(counts) < 2:
        only = next(iter(counts), "")
        raise TaskError(
            f'Every row of {name} has the same label ("{only}"); a task needs at least two classes to tell '
            "apart. Check the label column (--label-column) or add rows of another class."
        )


def load_task_file(
    path: str | Path,
    *,
    text_column: str = "text",
    label_column: str = "label",
    max_examples: int = MAX_EXAMPLES,
) -> LabelledTask:
    """Read a labelled CSV, TSV or JSONL file as a stream; ``TaskError`` with a sentence when unusable."""
    path = Path(path).expanduser()
    if not path.is_file():
        what = "does not exist" if not path.exists() else "is not a regular file"
        raise TaskError(
            f"The task file {path} {what}. Give a CSV, TSV or JSONL file with a text and a label."
        )
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".tsv", ".jsonl"):
        raise TaskError(
            f"{path.name} is not a CSV, TSV or JSONL file. A task file holds one text and one label per row; "
            "save it with one of those endings."
        )
    text_column = text_column or "text"
    label_column = label_column or "label"
    sample = _Reservoir(max_examples)
    counts: Counter[str] = Counter()
    no_label: list[int] = []
    no_text: list[int] = []
    cut = 0
    try:
        with open(path, encoding="utf-8-sig", newline="") as f:
            rows = (
                _jsonl_rows(f, path.name, text_column, label_column)
                if suffix == ".jsonl"
                else _csv_rows(f, path.name, text_column, label_column, "\t" if suffix == ".tsv" else ",")
            )
            for number, text, label in rows:
                text, label = " ".join(text.split()), label.strip()
                if not text and not label:
                    continue
                if not label:
                    no_label.append(number)
                    continue
                if not text:
                    no_text.append(number)
                    continue
                counts[label] += 1
                if len(counts) > MAX_CLASSES:
                    check_classes(path.name, counts, MIN_EXAMPLES)
                if len(text) > MAX_TEXT_CHARS:
                    text, cut = text[:MAX_TEXT_CHARS], cut + 1
                sample.add((text, label))
    except UnicodeDecodeError as exc:
        raise TaskError(
            f"{path.name} is not UTF-8 text (byte {exc.start} of a read block). Save the file as UTF-8 and try again."
        ) from exc
    except OSError as exc:
        raise TaskError(f"{path.name} could not be read ({exc.strerror or exc}).") from exc
    rows_seen = sample.seen + len(no_label) + len(no_text)
    if rows_seen and not sample.seen and no_label and not no_text:
        raise TaskError(
            f'The label column "{label_column}" of {path.name} is empty in every row. Choose the column that holds the labels (--label-column).'
        )
    if rows_seen and not sample.seen and no_text and not no_label:
        raise TaskError(
            f'The text column "{text_column}" of {path.name} is empty in every row. Choose the column that holds the texts (--text-column).'
        )
    if no_label:
        raise TaskError(
            f"{_rows(no_label)} of {path.name} {'has' if len(no_label) == 1 else 'have'} a text but no label "
            f'in "{label_column}". Fill in the labels or remove those rows; nothing was evaluated.'
        )
    if no_text:
        raise TaskError(
            f"{_rows(no_text)} of {path.name} {'has' if len(no_text) == 1 else 'have'} a label but no text "
            f'in "{text_column}". Fill in the texts or remove those rows; nothing was evaluated.'
        )
    check_classes(path.name, counts, sample.seen)
    notes = []
    if sample.seen > max_examples:
        notes.append(
            f"{path.name} has {sample.seen:,} labelled rows; a seeded random sample of {max_examples:,} "
            "was used (the limit of one evaluation)."
        )
    if cut:
        notes.append(
            f"{cut:,} text{'s were' if cut != 1 else ' was'} longer than {MAX_TEXT_CHARS:,} characters and cut there."
        )
    kept = sample.items
    # Classes are counted over every row; a class the sample missed is dropped with the others.
    return make_task(path.name, [t for t, _ in kept], [label for _, label in kept], notes=notes)


def _rows(numbers: list[int]) -> str:
    shown = ", ".join(str(n) for n in numbers[:_ROWS_NAMED])
    more = f" and {len(numbers) - _ROWS_NAMED:,} more" if len(numbers) > _ROWS_NAMED else ""
    return f"Row{'s' if len(numbers) > 1 else ''} {shown}{more}"


def _column(names: list[str], wanted: str, file_name: str, role: str, flag: str) -> int:
    if wanted not in names:
        wanted = next((n for n in names if n.lower() == wanted.lower()), wanted)
    if wanted not in names:
        shown = ", ".join(f'"{n}"' for n in names)
        raise TaskError(
            f'{file_name} has no column "{wanted}" for the {role}. Its columns are: {shown}. Choose one with {flag}.'
        )
    return names.index(wanted)


def _csv_rows(
    f: io.TextIOBase, name: str, text_column: str, label_column: str, delimiter: str
) -> Iterator[tuple[int, str, str]]:
    """(row number, text, label) of each data row; the header is row 1, as a spreadsheet numbers them."""
    reader = csv.reader(f, delimiter=delimiter)
    old_limit = csv.field_size_limit()
    csv.field_size_limit(MAX_LINE_CHARS)
    try:
        header = next(reader, None)
        if not header:
            raise TaskError(f"{name} has no header row. Add a first row naming the columns (text, label).")
        names = [h.strip() for h in header]
        ti = _column(names, text_column, name, "texts", "--text-column")
        li = _column(names, label_column, name, "labels", "--label-column")
        for number, row in enumerate(reader, start=2):
            if not row:
                continue
            yield number, row[ti] if ti < len(row) else "", row[li] if li < len(row) else ""
    except csv.Error as exc:
        raise TaskError(
            f"{name} is not a valid CSV file near line {reader.line_num} ({exc}). Fix it or export it again."
        ) from exc
    finally:
        csv.field_size_limit(old_limit)


def _jsonl_rows(
    f: io.TextIOBase, name: str, text_field: str, label_field: str
) -> Iterator[tuple[int, str, str]]:
    for number, line in enumerate(f, start=1):
        if not line.strip():
            continue
        if len(line) > MAX_LINE_CHARS:
            raise TaskError(
                f"Line {number} of {name} is longer than {MAX_LINE_CHARS:,} characters; a row holds one text and its label."
            )
        try:
            record = json.loads(line)
        except (json.JSONDecodeError, RecursionError, ValueError) as exc:
            raise TaskError(
                f'Line {number} of {name} is not a JSON object ({exc}). Each line must look like {{"{text_field}": "...", "{label_field}": "..."}}.'
            ) from exc
        if not isinstance(record, dict):
            raise TaskError(
                f'Line {number} of {name} is not a JSON object. Each line must look like {{"{text_field}": "...", "{label_field}": "..."}}.'
            )
        yield number, _cell(record.get(text_field)), _cell(record.get(label_field))


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (str, int, float)):
        return str(value)
    return ""  # a list or an object is no label or text


class _Reservoir:
    """A uniform sample of at most ``size`` items from a stream of unknown length (Algorithm R), seeded."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: list[tuple[str, str]] = []
        self.seen = 0
        self._rng = random.Random(_SAMPLE_SEED)

    def add(self, item: tuple[str, str]) -> None:
        self.seen += 1
        if len(self.items) < self.size:
            self.items.append(item)
            return
        j = self._rng.randrange(self.seen)
        if j < self.size:
            self.items[j] = item
