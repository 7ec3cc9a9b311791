"""Read a corpus, check that it is text, describe it, and split it for validation.

A corpus source is a ``.txt`` file, a folder of ``.txt``/``.md`` files, a
``.jsonl`` file (one JSON object per line, text in a named field), a ``.csv``
file (text in a named column), any other file that decodes as text, or a
built-in sample ``sample:NAME``. Whatever the source, the result is one
normalised string (``\\n`` newlines, no BOM) with its statistics and a sha256
fingerprint of that string, so the same text read from different encodings has
the same fingerprint. Files that are not UTF-8 are decoded by ``encoding.py``,
and the stats say which encoding was read and how sure that is.

Everything a user can get wrong raises ``CorpusError`` with a sentence saying
what is wrong and what to do.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import logging
import math
import os
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

from mlmstudio.engine.encoding import Candidate, decode_bytes, encoding_label
from mlmstudio.engine.errors import CorpusError
from mlmstudio.engine.samples import SAMPLES, sample_text
from mlmstudio.engine.text_spans import TextSpans

log = logging.getLogger(__name__)

ProgressCallback = Callable[[int, int], None]  # (done_bytes, total_bytes)

SAMPLE_PREFIX = "sample:"
FOLDER_SUFFIXES = (".txt", ".md")
DOCUMENT_SEPARATOR = "\n\n"  # between the files of a folder or the records of a jsonl/csv
_READ_CHUNK = 1 << 20  # bytes read between two progress reports
_STATS_CHUNK = 1 << 20  # characters scanned at a time for statistics
_BINARY_SAMPLE = 1 << 20  # characters inspected for control characters
_MAX_CONTROL_SHARE = 0.10  # real text has almost none; binary data ~11% or more
_MAX_NUL_SHARE = 0.01  # a few stray zero bytes in text are dropped; more means binary
_CONTROL_CHARS = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class CorpusStats:
    characters: int  # after newline normalisation
    lines: int  # a last line without a final newline counts
    words: int  # whitespace-separated words, as `wc -w` counts them
    unique_characters: int
    vocabulary_estimate: int  # distinct lower-cased \w+ words
    sha256: str  # fingerprint of the normalised text, UTF-8 encoded
    size_bytes: int  # bytes read from disk (UTF-8 size for samples)
    encoding: str = "utf-8"  # the codec the text was read with; "mixed (a, b)" for a folder of several
    encoding_confidence: float = 1.0  # 1.0 when certain (UTF-8, byte-order mark); lower for a guess

    @property
    def encoding_label(self) -> str:
        """The encoding in words ("Shift-JIS (Japanese, cp932)")."""
        return encoding_label(self.encoding)


@dataclass(frozen=True)
class Corpus:
    name: str  # file or folder name, or the sample's title
    source: str  # absolute path, or "sample:NAME"
    text: str
    stats: CorpusStats
    warnings: list[str] = field(default_factory=list)
    # For a guessed encoding that is uncertain: the top readings (the one used first), to choose from.
    encoding_candidates: tuple[Candidate, ...] = ()

    def preview(self, n_chars: int = 2000) -> str:
        """The start of the text, cut at a line or word boundary, '…' when cut."""
        if len(self.text) <= n_chars:
            return self.text
        head = self.text[:n_chars]
        cut = max(head.rfind("\n"), head.rfind(" "))
        if cut > n_chars // 2:
            head = head[:cut]
        return head.rstrip() + " …"


# --------------------------------------------------------------------------- loading


def load_corpus(
    source: str | os.PathLike[str],
    *,
    text_field: str = "text",
    csv_column: str = "",
    progress: ProgressCallback | None = None,
    encoding: str = "",
) -> Corpus:
    """Read a corpus from a path or ``sample:NAME``; ``CorpusError`` when it cannot be used.

    ``encoding``: the codec the user chose for every file (``CorpusConfig.encoding``); empty to detect.
    """
    source_str = os.fspath(source)
    if source_str.strip().lower().startswith(SAMPLE_PREFIX):
        return _load_sample(source_str.strip()[len(SAMPLE_PREFIX) :], progress)

    path = Path(source_str).expanduser()
    _check_exists(path)
    warnings: list[str] = []
    if path.is_dir():
        text, size, encodings, candidates = _read_folder(path, warnings, progress, encoding)
    else:
        if not path.is_file():  # reading a device or a pipe would never end (/dev/zero, a FIFO)
            raise CorpusError(
                f"{path} is not a regular file (it is a device, a pipe or a socket). "
                "Choose a text file or a folder."
            )
        reader = _Reader([path], progress, encoding)
        encodings = reader.encodings
        candidates = reader.candidates
        suffix = path.suffix.lower()
        if suffix == ".jsonl":
            text = _jsonl_text(path, reader.read_text(path, warnings), text_field, warnings)
        elif suffix in (".csv", ".tsv"):
            text = _csv_text(
                path,
                reader.read_text(path, warnings),
                csv_column,
                warnings=warnings,
                delimiter="\t" if suffix == ".tsv" else ",",
            )
        else:
            text = reader.read_text(path, warnings)
        size = reader.total
    text = text.strip("\n")
    if not text.strip():
        raise CorpusError(
            f"{path.name} contains no text (it is empty or only whitespace). "
            "Choose a file with some text in it."
        )
    for message in warnings:
        log.info("%s", message)  # the caller shows corpus.warnings; logging them too would say it twice
    resolved = path.resolve()
    encoding, confidence = _summarise_encodings(encodings)
    return Corpus(
        name=resolved.name or str(resolved),
        source=str(resolved),
        text=text,
        stats=compute_stats(text, size_bytes=size, encoding=encoding, encoding_confidence=confidence),
        warnings=warnings,
        encoding_candidates=tuple(candidates),
    )


def _check_exists(path: Path) -> None:
    """A missing path, or a link that leads nowhere, each said as it is."""
    if path.exists():
        return
    if path.is_symlink():
        try:
            path.resolve(strict=True)
        except RuntimeError as exc:  # Python 3.11-3.12 report a loop this way
            raise CorpusError(
                f"{path} is a symbolic link that leads back to itself (a loop). "
                "Choose the real file or folder instead."
            ) from exc
        except OSError as exc:
            if "loop" in str(exc).lower() or getattr(exc, "errno", None) == 40:  # ELOOP
                raise CorpusError(
                    f"{path} is a symbolic link that leads back to itself (a loop). "
                    "Choose the real file or folder instead."
                ) from exc
        raise CorpusError(
            f"{path} is a symbolic link to {os.readlink(path)}, which does not exist. "
            "Choose the real file or folder instead."
        )
    raise CorpusError(f"{path} does not exist. Check the path, or choose another file or folder.")


def _summarise_encodings(encodings: list[tuple[str, float]]) -> tuple[str, float]:
    """One encoding and confidence for the whole corpus: the least sure file decides."""
    if not encodings:
        return "utf-8", 1.0
    names = sorted({name for name, _ in encodings}, key=lambda n: (n != "utf-8", n))
    confidence = min(c for _, c in encodings)
    return (names[0] if len(names) == 1 else f"mixed ({', '.join(names)})"), confidence


def _load_sample(name: str, progress: ProgressCallback | None) -> Corpus:
    key = name.strip().lower()
    text = sample_text(key)  # raises CorpusError listing the samples for an unknown name
    size = len(text.encode("utf-8"))
    if progress is not None:
        progress(size, size)
    return Corpus(
        name=SAMPLES[key].title,
        source=SAMPLE_PREFIX + key,
        text=text,
        stats=compute_stats(text, size_bytes=size),
    )


def _read_folder(
    folder: Path, warnings: list[str], progress: ProgressCallback | None, encoding: str = ""
) -> tuple[str, int, list[tuple[str, float]], list[Candidate]]:
    """All .txt/.md files under ``folder`` (hidden ones skipped), in sorted path order.

    A file that cannot be used is skipped with a warning rather than sinking
    the whole folder; the folder is refused only if nothing usable is left.
    """
    try:
        files = sorted(
            (
                p
                for p in folder.rglob("*")
                if p.suffix.lower() in FOLDER_SUFFIXES
                and p.is_file()
                and not any(part.startswith(".") for part in p.relative_to(folder).parts)
            ),
            key=lambda p: p.relative_to(folder).as_posix(),
        )
    except OSError as exc:
        raise CorpusError(
            f"The folder {folder} cannot be listed ({exc.strerror or exc}). Check its permissions."
        ) from exc
    if not files:
        raise CorpusError(
            f"The folder {folder} contains no .txt or .md files. "
            "Choose a folder with text files, or a single file."
        )
    reader = _Reader(files, progress, encoding)
    documents: list[str] = []
    skipped: list[str] = []
    for path in files:
        try:
            document = reader.read_text(path, warnings).strip("\n")
        except CorpusError as exc:
            warnings.append(f"Skipped {path.relative_to(folder)}: {exc}")
            skipped.append(str(exc))
            continue
        if document.strip():
            documents.append(document)
    if not documents:
        reason = f" The first problem: {skipped[0]}" if skipped else ""
        raise CorpusError(f"None of the {len(files)} text files in {folder} contains usable text.{reason}")
    _note_mixed_encodings(folder, reader, warnings)
    return DOCUMENT_SEPARATOR.join(documents), reader.total, reader.encodings, reader.candidates


def _note_mixed_encodings(folder: Path, reader: _Reader, warnings: list[str]) -> None:
    """In a folder of several encodings, name the files that were not UTF-8, so a wrong guess can be found."""
    names = {encoding for encoding, _ in reader.encodings}
    if len(names) < 2:
        return
    shown = "; ".join(
        f"{path.relative_to(folder)} in {encoding_label(encoding)}"
        for path, (encoding, _) in zip(reader.paths_read, reader.encodings, strict=True)
        if encoding != "utf-8"
    )
    warnings.append(
        f"The files in {folder.name} are in different encodings; each was read in its own. "
        f"Not UTF-8: {_clip_list(shown)}."
    )


def _clip_list(text: str, limit: int = 400) -> str:
    return text if len(text) <= limit else text[:limit].rsplit(";", 1)[0] + "; …"


class _Reader:
    """Reads files as text, reporting progress over all of them together."""

    def __init__(self, paths: list[Path], progress: ProgressCallback | None, encoding: str = "") -> None:
        self.progress = progress
        self.encoding = encoding  # the user's choice, or "" to detect
        self.candidates: list[Candidate] = []  # of the first file whose guess is uncertain
        self.total = sum(_file_size(p) for p in paths)
        self.done = 0
        self.encodings: list[tuple[str, float]] = []  # (codec, confidence) of each file read
        self.paths_read: list[Path] = []

    def read_text(self, path: Path, warnings: list[str]) -> str:
        found: list[tuple[str, float]] = []
        candidates: list[Candidate] = []
        text = decode_text(self._read_bytes(path), path.name, warnings, found, self.encoding, candidates)
        if candidates and not self.candidates:
            self.candidates.extend(candidates)  # in place: load_corpus holds this list
        self.encodings += found
        self.paths_read += [path] * len(found)
        return text

    def _read_bytes(self, path: Path) -> bytearray:
        try:
            with open(path, "rb") as f:
                size = os.fstat(f.fileno()).st_size
                buffer = bytearray(size)
                view = memoryview(buffer)
                filled = 0
                while filled < size:
                    n = f.readinto(view[filled : filled + _READ_CHUNK])
                    if not n:
                        break
                    filled += n
                    self._report(n)
                rest = f.read()  # the file grew while we read it
        except PermissionError as exc:
            raise CorpusError(
                f"{path} cannot be read: permission denied. "
                "Check the file's permissions, or copy it somewhere you can read."
            ) from exc
        except IsADirectoryError as exc:
            raise CorpusError(f"{path} is a folder, not a file.") from exc
        except OSError as exc:
            raise CorpusError(
                f"{path} cannot be read ({exc.strerror or exc}). Check that the file is accessible."
            ) from exc
        del view  # a bytearray with a live view cannot be resized
        if filled < size:
            del buffer[filled:]
        buffer += rest
        return buffer  # decoded in place: no second copy of a big file

    def _report(self, n: int) -> None:
        self.done += n
        if self.progress is not None:
            self.progress(min(self.done, self.total), self.total)


def _file_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


# --------------------------------------------------------------------------- decoding


def decode_text(
    data: bytes | bytearray,
    name: str,
    warnings: list[str],
    encodings: list[tuple[str, float]] | None = None,
    encoding: str = "",
    candidates: list[Candidate] | None = None,
) -> str:
    """Bytes to normalised text, refusing binary data.

    UTF-8 (BOM or not) and UTF-16/32 with a BOM are read as such; other
    encodings are detected (``encoding.decode_bytes``). What the user should
    know (a guessed encoding, unreadable bytes, dropped NULs) is added to
    ``warnings``; the codec and its confidence to ``encodings`` when given;
    for an uncertain guess the readings to choose from to ``candidates``.
    ``encoding``: the user's codec, used as it is; empty to detect.
    """
    decoded = decode_bytes(data, name, encoding)
    if candidates is not None:
        candidates.extend(decoded.candidates)
    notes, encoding, confidence = decoded.notes, decoded.encoding, decoded.confidence
    text = decoded.text
    del decoded  # the text is the only copy kept
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _refuse_binary(text, name, notes)
    warnings.extend(notes)
    if encodings is not None:
        encodings.append((encoding, confidence))
    return text


def _refuse_binary(text: str, name: str, warnings: list[str]) -> str:
    """The text, with stray NUL characters dropped; ``CorpusError`` for binary data."""
    sample = text[:_BINARY_SAMPLE]
    controls = len(_CONTROL_CHARS.findall(sample))
    if sample and controls / len(sample) > _MAX_CONTROL_SHARE:
        raise CorpusError(
            f"{name} looks like a binary file ({controls / len(sample):.0%} of its first "
            "characters are control characters), not plain text. Export it as plain text first."
        )
    if "\x00" not in text:
        return text
    nuls = text.count("\x00")
    if nuls > _MAX_NUL_SHARE * len(text):
        raise CorpusError(
            f"{name} looks like a binary file (it contains {nuls:,} NUL bytes), not plain "
            "text. Export it as plain text first."
        )
    warnings.append(
        f"{name} contains {nuls:,} NUL character{'s' if nuls != 1 else ''} (zero bytes, "
        "often left by a crash or a bad copy); they were left out."
    )
    return text.replace("\x00", "")


# --------------------------------------------------------------------------- jsonl / csv


def _jsonl_text(path: Path, text: str, text_field: str, warnings: list[str]) -> str:
    """The ``text_field`` of every record, one document each.

    A record whose field is missing or not text (a number, a list) is skipped
    and counted in one warning; the file is refused only when no record has text.
    """
    documents: list[str] = []
    skipped: list[str] = []  # why each skipped record was skipped, "line N: ..."
    records = 0
    for number, line in enumerate(io.StringIO(text), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise CorpusError(
                f"Line {number} of {path.name} is not valid JSON ({exc.msg}). Fix or remove that line."
            ) from exc
        except (RecursionError, ValueError) as exc:  # brackets nested thousands deep, a 5000-digit number
            raise CorpusError(
                f"Line {number} of {path.name} is not usable JSON (nested too deep or "
                "a number too long). Fix or remove that line."
            ) from exc
        if not isinstance(record, dict):
            raise CorpusError(
                f"Line {number} of {path.name} is not a JSON object. "
                f'Each line must look like {{"{text_field}": "..."}}.'
            )
        records += 1
        if text_field not in record:
            fields = ", ".join(f'"{name}"' for name in record) or "none"
            skipped.append(f'line {number} has no "{text_field}" field (its fields: {fields})')
            continue
        value = record[text_field]
        if value is None:
            continue
        if not isinstance(value, str):
            skipped.append(f'on line {number} "{text_field}" is {_json_kind(value)}, not text')
            continue
        if value.strip():
            documents.append(_normalise_newlines(value).strip("\n"))
    if skipped and not documents:
        raise CorpusError(
            f'No record of {path.name} has text in its "{text_field}" field: {skipped[0]}. '
            "Choose the field that holds the text."
        )
    if skipped:
        warnings.append(
            f"{len(skipped):,} of the {records:,} records of {path.name} were skipped because "
            f'their "{text_field}" field is missing or not text; the first: {skipped[0]}.'
        )
    return DOCUMENT_SEPARATOR.join(documents)


def _json_kind(value: object) -> str:
    """A JSON value's type in words."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return f"a number ({value!r})"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _csv_text(path: Path, text: str, column: str, delimiter: str, warnings: list[str]) -> str:
    """The cells of one column (``text`` by default), one document each.

    Two mistakes that would otherwise pass in silence get a warning: rows too
    short to have the column, and a quote never closed (the rest of the file
    then lands in one cell).
    """
    column = column or "text"
    old_limit = csv.field_size_limit()
    csv.field_size_limit(1 << 30)  # long documents in one cell are normal here
    try:
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        header = next(reader, None)
        if not header:
            raise CorpusError(f"{path.name} has no header row. Add a first row naming the columns.")
        names = [h.strip() for h in header]
        if column not in names:  # forgive case: "Text" for "text"
            column = next((n for n in names if n.lower() == column.lower()), column)
        if column not in names:
            columns = ", ".join(f'"{n}"' for n in names)
            raise CorpusError(
                f'{path.name} has no column "{column}". Its columns are: {columns}. '
                "Choose the column that holds the text."
            )
        index = names.index(column)
        documents: list[str] = []
        short_rows = 0
        row_start = reader.line_num + 1
        for row in reader:
            if index >= len(row):
                short_rows += bool(row)  # a blank line is no row
            elif row[index].strip():
                documents.append(_normalise_newlines(row[index]).strip("\n"))
            last_row_start, row_start = row_start, reader.line_num + 1
    except csv.Error as exc:
        raise CorpusError(
            f"{path.name} is not a valid CSV file near line {reader.line_num} ({exc}). "
            "Fix the file or export it again."
        ) from exc
    finally:
        csv.field_size_limit(old_limit)
    if short_rows:
        warnings.append(
            f'{short_rows:,} row{"s" if short_rows != 1 else ""} of {path.name} had no "{column}" '
            "cell (fewer cells than the header names) and were skipped."
        )
    if text.count('"') % 2 and documents:
        warnings.append(
            f'{path.name} has a quote (") that is never closed, so everything from line '
            f"{last_row_start:,} to the end was read as one cell. Close the quote, or export "
            "the file again from your spreadsheet."
        )
    return DOCUMENT_SEPARATOR.join(documents)


def _normalise_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


# --------------------------------------------------------------------------- statistics


def compute_stats(
    text: str, size_bytes: int | None = None, *, encoding: str = "utf-8", encoding_confidence: float = 1.0
) -> CorpusStats:
    """Statistics and fingerprint in one pass over chunks, so 100 MB needs no big lists."""
    digest = hashlib.sha256()
    characters: set[str] = set()
    vocabulary: set[str] = set()
    words = 0
    utf8_size = 0
    for chunk in _chunks_at_whitespace(text, _STATS_CHUNK):
        encoded = chunk.encode("utf-8")
        digest.update(encoded)
        utf8_size += len(encoded)
        characters.update(chunk)
        words += len(chunk.split())
        vocabulary.update(_WORD.findall(chunk.lower()))
    lines = text.count("\n") + (1 if text and not text.endswith("\n") else 0)
    return CorpusStats(
        characters=len(text),
        lines=lines,
        words=words,
        unique_characters=len(characters),
        vocabulary_estimate=len(vocabulary),
        sha256=digest.hexdigest(),
        size_bytes=utf8_size if size_bytes is None else size_bytes,
        encoding=encoding,
        encoding_confidence=encoding_confidence,
    )


def _chunks_at_whitespace(text: str, size: int) -> Iterator[str]:
    """Consecutive pieces of ``text`` that end just after whitespace, so no word is cut."""
    start = 0
    while start < len(text):
        end = min(start + size, len(text))
        if end < len(text):
            cut = max(text.rfind("\n", start, end), text.rfind(" ", start, end))
            if cut > start:
                end = cut + 1
        yield text[start:end]
        start = end


# --------------------------------------------------------------------------- train / validation

DEFAULT_SPLIT_BLOCKS = 100
_MIN_LONG_LINE_BLOCK = 64  # a block may run this far past its start before a long line is cut
_NON_SPACE = re.compile(r"\S")


def split_train_val(
    text: str, val_fraction: float, seed: int, n_blocks: int = DEFAULT_SPLIT_BLOCKS
) -> tuple[str, str]:
    """``split_spans`` as two strings, stripped: the training and the validation text."""
    train, val = split_spans(text, val_fraction, seed, n_blocks)
    return train.joined().strip(), val.joined().strip()


def split_spans(
    text: str, val_fraction: float, seed: int, n_blocks: int = DEFAULT_SPLIT_BLOCKS
) -> tuple[TextSpans, TextSpans]:
    """Hold out about ``val_fraction`` of the characters, as whole contiguous blocks.

    The text is cut into about ``n_blocks`` blocks at line ends (a very long
    line is cut at a space); a seeded RNG picks the validation blocks. Each
    side is its own spans of ``text`` (offsets, not a copy), so no window can
    straddle both. The same text, fraction, seed and ``n_blocks`` always give
    the same split. Both sides have text: even a five-line corpus gives one
    validation line.
    """
    if not 0.0 < val_fraction < 1.0:
        raise ValueError(f"val_fraction must be between 0 and 1, got {val_fraction}")
    if len(text.strip()) < 2:
        raise CorpusError(
            "The corpus is too small to split into training and validation text. Add more text."
        )
    bounds = _block_bounds(text, max(1, n_blocks))
    blocks = list(pairwise(bounds))
    candidates = [i for i, (start, end) in enumerate(blocks) if _NON_SPACE.search(text, start, end)]
    if len(candidates) < 2:
        return _split_tail(text, val_fraction)

    random.Random(seed).shuffle(candidates)
    target = val_fraction * len(text)
    chosen: set[int] = set()
    val_chars = 0
    for i in candidates[:-1]:  # the last candidate always stays in training
        if val_chars >= target:
            break
        size = blocks[i][1] - blocks[i][0]
        # Take a block while it brings the total closer to the target (and always the first).
        if not chosen or abs(val_chars + size - target) < abs(val_chars - target):
            chosen.add(i)
            val_chars += size
    return (
        TextSpans.of_blocks(text, [b for i, b in enumerate(blocks) if i not in chosen]).stripped(),
        TextSpans.of_blocks(text, [blocks[i] for i in sorted(chosen)]).stripped(),
    )


def _block_bounds(text: str, n_blocks: int) -> list[int]:
    """Offsets cutting ``text`` into blocks of at least len/n_blocks characters.

    A block ends just after the first newline once it is long enough; if its
    line runs on past twice that length, at the first space once it is long
    enough; a text with no whitespace there is cut hard. Offsets, not slices, so a
    100 MB corpus is not copied into a list of pieces.
    """
    target = max(1, math.ceil(len(text) / n_blocks))
    bounds = [0]
    while bounds[-1] + target < len(text):
        start = bounds[-1]
        limit = min(start + max(2 * target, _MIN_LONG_LINE_BLOCK), len(text))
        newline = text.find("\n", start + target - 1, limit)
        if newline >= 0:
            end = newline + 1
        elif limit == len(text):
            end = len(text)  # the last line: the end of the text ends it
        else:
            space = text.find(" ", start + max(target, _MIN_LONG_LINE_BLOCK // 2) - 1, limit)
            end = space + 1 if space >= 0 else limit
        bounds.append(end)
    if bounds[-1] < len(text):
        bounds.append(len(text))
    return bounds


def _split_tail(text: str, val_fraction: float) -> tuple[TextSpans, TextSpans]:
    """For a text that gives one block: the last words (at least one character) are validation."""
    first = len(text) - len(text.lstrip())
    last = len(text.rstrip())
    n_val = min(max(1, round(val_fraction * (last - first))), last - first - 1)
    cut = last - n_val
    space = text.rfind(" ", first, cut + 1)
    if space > first:
        cut = space
    return TextSpans(text, ((first, cut),)).stripped(), TextSpans(text, ((cut, last),)).stripped()


def check_real_text(n_text_tokens: int, n_tokens: int) -> None:
    """Refuse a stream that is (almost) all the model's own markers ([MASK], [CLS], [SEP], [PAD]) and spaces.

    Markers typed in a text are read as the special tokens themselves, so such a
    corpus has nothing to learn from: every "prediction" would be a marker.
    ``n_text_tokens`` counts the tokens that are neither markers nor whitespace;
    fewer than one in ten is no text.
    """
    if n_text_tokens < max(1, n_tokens // 10):
        raise CorpusError(
            f"The corpus has almost no real text: {n_tokens - n_text_tokens:,} of its "
            f"{n_tokens:,} tokens are the model's own markers ([MASK], [CLS], [SEP], [PAD]) "
            "written as text, or spaces. Choose a text with words in it."
        )


def check_enough_tokens(n_tokens: int, seq_len: int, where: str = "training") -> None:
    """Refuse a token stream shorter than one window, saying how much is needed."""
    if n_tokens < seq_len:
        raise CorpusError(
            f"The corpus gives only {n_tokens:,} tokens for {where}, but one {where} window "
            f"needs {seq_len:,}. Use a shorter sequence length or add more text."
        )
