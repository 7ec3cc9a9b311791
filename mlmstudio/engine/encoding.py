"""Turn a file's bytes into text, finding the encoding when it is not UTF-8.

Most files are UTF-8 and are decoded at once. For the others (Shift-JIS,
GBK, Big5, Windows-1251, Latin-1, UTF-16 without a byte-order mark, ...)
``charset-normalizer`` guesses the encoding from a bounded sample, and the whole
file is then decoded with that codec in one call: a 100 MB corpus is never
analysed in full nor held twice.

A guess can be wrong, so every decode says how sure it is (``confidence``,
0 to 1). The confidence is low when the sample holds little non-ASCII text to
judge by, or when another encoding would read it just as well but differently;
then the caller warns the user and asks for a UTF-8 copy.

Why some guesses are called uncertain whatever the detector says: a short
Big5 text reads just as cleanly as Shift-JIS (half-width katakana), and a
short KOI8-R text as Windows-1251 with the letter cases swapped. When another
encoding reads the sample as cleanly and as much like a language, yet gives
clearly different letters, the guess is capped below ``LOW_CONFIDENCE`` and
the top readings are kept as ``candidates`` (each with a preview line), so
the user can pick one (``encoding=``, the ``--encoding`` flag); a chosen
encoding is used as it is.

Why a preference order on top of charset-normalizer: its measure of "mess"
cannot tell Western code pages apart (French in Latin-1 reads just as cleanly
as Windows-1250 or -1257, with a few wrong letters), so among equally clean
readings the common encoding wins.
"""

from __future__ import annotations

import codecs
import dataclasses
import logging
from dataclasses import dataclass, field

from mlmstudio.engine.errors import CorpusError

log = logging.getLogger(__name__)

_HEAD = 64 * 1024  # bytes from the start of the file given to the detector
_AROUND = 64 * 1024  # bytes around the first non-UTF-8 byte, when it lies further in
_DETECT_CHUNK = 4096  # charset-normalizer reads its sample in chunks of this size...
_DETECT_STEPS = 32  # ...at most this many of them
_CHAOS_MARGIN = 0.06  # readings this close in "mess" count as equally clean
_EVIDENCE_FULL = 24  # non-ASCII bytes (or UTF-16 units) that make a guess well founded
_RIVAL_PENALTY = 0.8  # an equally clean rival that reads differently lowers the confidence
_ASCII_BYTES = bytes(range(0x80))
LOW_CONFIDENCE = 0.6  # below this, the user is told the encoding is a guess
_COHERENCE_MARGIN = 0.1  # readings this close in charset-normalizer's language "coherence" tie
_DIFFERENT_LETTERS = 0.25  # a rival whose reading changes this share of the letters is a real alternative
_MAX_CANDIDATES = 3
# Latin-script code pages: between a Western one and these, the preference order decides (see above).
_LATIN_PAGES = frozenset(
    "cp1252 iso8859-1 latin-1 iso8859-15 cp1250 iso8859-2 cp1254 iso8859-9 cp1257 iso8859-4 "
    "iso8859-10 iso8859-13 iso8859-3 iso8859-16 cp775 cp850 cp437 mac-roman mac-latin2".split()
)
_PREVIEW_CHARS = 60

_BOMS = (  # longest first: the UTF-32-LE BOM begins with the UTF-16-LE one
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)

# Lower is preferred among equally clean readings: the encodings people meet most.
_PREFERENCE = {
    "utf-8": 0,
    "cp1252": 1,
    "iso8859-1": 2,
    "latin-1": 2,
    "iso8859-15": 3,
    "cp1251": 4,
    "cp932": 4,
    "shift_jis": 5,
    "gb18030": 4,
    "gbk": 5,
    "big5": 4,
    "cp950": 5,
    "cp949": 4,
    "euc_kr": 5,
    "euc_jp": 5,
    "koi8-r": 6,
    "cp1250": 6,
    "iso8859-2": 7,
}
_OTHER_PREFERENCE = 8
_MIN_WIDE_EVIDENCE = 4  # zero-bearing units before a file without a BOM can be UTF-16
_WIDE_PREFERENCE = 9  # UTF-16/32 without a BOM and without the zero bytes that betray it

# Names a user recognises, by Python codec name.
_LABELS = {
    "utf-8": "UTF-8",
    "utf-8-sig": "UTF-8 with a byte-order mark",
    "utf-16": "UTF-16 with a byte-order mark",
    "utf-32": "UTF-32 with a byte-order mark",
    "utf-16-le": "UTF-16 (little-endian, no byte-order mark)",
    "utf-16-be": "UTF-16 (big-endian, no byte-order mark)",
    "utf-32-le": "UTF-32 (little-endian)",
    "utf-32-be": "UTF-32 (big-endian)",
    "cp1252": "Windows-1252 (Western European, includes Latin-1)",
    "latin-1": "Latin-1 (ISO-8859-1)",
    "iso8859-1": "Latin-1 (ISO-8859-1)",
    "iso8859-15": "Latin-9 (ISO-8859-15)",
    "cp1250": "Windows-1250 (Central European)",
    "iso8859-2": "Latin-2 (ISO-8859-2)",
    "cp1251": "Windows-1251 (Cyrillic)",
    "koi8-r": "KOI8-R (Russian)",
    "koi8-u": "KOI8-U (Ukrainian)",
    "cp932": "Shift-JIS (Japanese, cp932)",
    "shift_jis": "Shift-JIS (Japanese)",
    "euc_jp": "EUC-JP (Japanese)",
    "iso2022_jp": "ISO-2022-JP (Japanese)",
    "gb18030": "GB18030 (Simplified Chinese, includes GBK)",
    "gbk": "GBK (Simplified Chinese)",
    "gb2312": "GB2312 (Simplified Chinese)",
    "big5": "Big5 (Traditional Chinese)",
    "cp950": "Big5 (Traditional Chinese, cp950)",
    "big5hkscs": "Big5-HKSCS (Traditional Chinese)",
    "cp949": "Korean (cp949)",
    "euc_kr": "EUC-KR (Korean)",
    "cp1253": "Windows-1253 (Greek)",
    "cp1254": "Windows-1254 (Turkish)",
    "cp1255": "Windows-1255 (Hebrew)",
    "cp1256": "Windows-1256 (Arabic)",
    "cp1257": "Windows-1257 (Baltic)",
    "cp1258": "Windows-1258 (Vietnamese)",
    "cp874": "Windows-874 (Thai)",
    "mac-roman": "Mac Roman",
}


@dataclass(frozen=True)
class Candidate:
    """One way to read an uncertain file: the codec and the first line with non-ASCII text as it reads."""

    encoding: str
    preview: str

    @property
    def label(self) -> str:
        return encoding_label(self.encoding)


@dataclass(frozen=True)
class Decoded:
    """A file's text and how it was read."""

    text: str
    encoding: str  # Python's codec name: "utf-8", "cp932", "utf-16-le", ...
    confidence: float  # 1.0 for UTF-8 and byte-order marks; a guess's strength otherwise
    replaced: int = 0  # characters that could not be decoded and became U+FFFD
    first_bad_byte: int = -1  # where the first of those was, or -1
    notes: list[str] = field(default_factory=list)  # what the user should know, as sentences
    candidates: tuple[Candidate, ...] = ()  # for an uncertain guess: the top readings, the chosen first

    @property
    def label(self) -> str:
        return encoding_label(self.encoding)


def encoding_label(encoding: str) -> str:
    """A name for an encoding that a user recognises ("Shift-JIS (Japanese, cp932)")."""
    return _LABELS.get(encoding, encoding)


def canonical(encoding: str) -> str:
    """Python's own name for a codec ("utf_16_le" -> "utf-16-le", "latin_1" -> "iso8859-1")."""
    try:
        return codecs.lookup(encoding).name
    except LookupError:
        return encoding


def decode_bytes(data: bytes | bytearray, name: str, encoding: str = "") -> Decoded:
    """The text of ``data``; ``CorpusError`` when it is not text in any encoding.

    ``name`` is the file name used in messages. ``encoding``: the user's choice
    (any Python codec name), used as it is; empty to detect. The result is not
    yet newline-normalised nor checked for control characters.
    """
    if encoding.strip():
        return _decode_chosen(data, name, encoding.strip())
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return _decode_with_bom(data, bom, encoding, name)
    wide = _utf16_by_zero_bytes(data)
    if wide is not None:
        encoding, units = wide
        return _with_guess_note(_decode_whole(data, encoding, min(1.0, units / _EVIDENCE_FULL), name), name)
    try:
        return Decoded(data.decode("utf-8"), "utf-8", 1.0)
    except UnicodeDecodeError as exc:
        first_bad = exc.start
    if _mostly_utf8(data, first_bad):
        return _decode_whole(data, "utf-8", 1.0, name, first_bad=first_bad)
    return _decode_guessed(data, first_bad, name)


# --------------------------------------------------------------------------- the sure cases


def _decode_chosen(data: bytes | bytearray, name: str, encoding: str) -> Decoded:
    codec = canonical(encoding)
    try:
        codecs.lookup(codec)
    except LookupError:
        raise CorpusError(
            f"{encoding!r} is not an encoding Python knows. Use a name such as utf-8, cp1252, "
            "shift_jis, gbk, big5, euc_kr, cp1251, koi8-r or iso8859-2, or leave the encoding "
            "empty to have it detected."
        ) from None
    if codecs.lookup(codec).name.startswith("utf-8") and data.startswith(codecs.BOM_UTF8):
        codec = "utf-8-sig"
    try:
        return Decoded(data.decode(codec), codec, 1.0)
    except UnicodeDecodeError as exc:
        raise CorpusError(
            f"{name} is not {encoding_label(codec)}: byte {exc.start:,} cannot be read in that "
            "encoding. Choose another encoding, or leave it empty to have it detected."
        ) from exc


def _decode_with_bom(data: bytes | bytearray, bom: bytes, encoding: str, name: str) -> Decoded:
    try:
        return Decoded(data.decode(encoding), encoding, 1.0)
    except UnicodeDecodeError as exc:
        if encoding == "utf-16" and (len(data) - len(bom)) % 2 == 1 and exc.start >= len(data) - 2:
            # A UTF-16 file cut one byte short: keep all the text before that byte.
            text = bytes(data[:-1]).decode(encoding)
            return Decoded(
                text,
                encoding,
                1.0,
                notes=[
                    f"{name} ends in the middle of a UTF-16 character (it has an odd number of bytes); "
                    "the last byte was left out. The file may have been cut short."
                ],
            )
        raise CorpusError(
            f"{name} starts with a {encoding.upper()} byte-order mark but is not "
            f"valid {encoding.upper()} (at byte {exc.start}). "
            "Save it again as UTF-8."
        ) from exc


def _utf16_by_zero_bytes(data: bytes | bytearray) -> tuple[str, int] | None:
    """UTF-16 without a BOM betrays itself by zero bytes on one side of each pair.

    Western text in UTF-16 has a zero in almost every other byte; binary data
    has zeros on both sides, and text in 8-bit encodings has none. Returns the
    codec and the number of zero-bearing units seen, or None.
    """
    sample = bytes(data[: _HEAD - _HEAD % 2])
    if len(sample) < 2 or b"\x00" not in sample:
        return None
    units = len(sample) // 2
    zeros_even = sample[0::2].count(0)
    zeros_odd = sample[1::2].count(0)
    for encoding, zeros, other in (
        ("utf-16-le", zeros_odd, zeros_even),
        ("utf-16-be", zeros_even, zeros_odd),
    ):
        # A few zero-bearing units are evidence of nothing: 'abc\0def' is ASCII with a stray NUL.
        if zeros >= max(_MIN_WIDE_EVIDENCE, 0.2 * units) and other <= 0.02 * units:
            cut = len(sample) if len(data) <= len(sample) else _last_aligned_newline(sample, encoding)
            try:
                text = sample[:cut].decode(encoding)
            except UnicodeDecodeError:
                if len(data) > len(sample) or len(data) % 2 == 0:
                    continue
                text = sample[: cut - 1].decode(encoding, errors="replace")
            if _control_share(text) <= 0.10:
                return encoding, zeros
    return None


def _last_aligned_newline(sample: bytes, encoding: str) -> int:
    """A cut just after the last newline, so no surrogate pair is split."""
    newline = "\n".encode(encoding)
    at = sample.rfind(newline)
    while at >= 0 and at % 2:
        at = sample.rfind(newline, 0, at)
    return at + 2 if at >= 0 else len(sample)


def _mostly_utf8(data: bytes | bytearray, first_bad: int) -> bool:
    """UTF-8 with a few broken bytes (a bad copy, two files glued together) rather than another encoding.

    Looks at the bytes around the first bad one: if valid multi-byte UTF-8
    characters clearly outnumber the bad bytes there, the file is UTF-8.
    """
    window = bytes(data[max(0, first_bad - _AROUND // 2) : first_bad + _AROUND // 2])
    text = window.decode("utf-8", errors="replace")
    bad = text.count("\ufffd")
    good = sum(1 for ch in text if ord(ch) > 0x7F) - bad
    return good >= 4 and bad * 4 <= good


# --------------------------------------------------------------------------- guessing


def _decode_guessed(data: bytes | bytearray, first_bad: int, name: str) -> Decoded:
    from charset_normalizer import from_bytes  # imported when needed: most corpora are UTF-8

    sample = _sample(data, first_bad)
    matches = list(
        from_bytes(sample, steps=_DETECT_STEPS, chunk_size=_DETECT_CHUNK, preemptive_behaviour=False)
    )
    if not matches:
        raise CorpusError(
            f"{name} does not look like text in any encoding (it is probably a binary "
            "file, such as an image, an archive or a program). Choose a plain text file, "
            "or export the document as plain text (.txt) first."
        )
    ranked = _rank(matches)
    chosen = ranked[0]
    confidence = _confidence(sample, chosen, ranked)
    if _real_rivals(chosen, ranked):
        confidence = min(confidence, LOW_CONFIDENCE * 0.75)  # another reading is as good: ask the user
    candidates = _candidates(ranked) if confidence < LOW_CONFIDENCE else ()
    encoding = _preferred_alias(chosen)
    for fallback in [encoding] + [_preferred_alias(m) for m in ranked[1:4]]:
        try:
            text = data.decode(fallback)
        except (UnicodeDecodeError, LookupError):
            continue
        if fallback != encoding:
            confidence = min(confidence, LOW_CONFIDENCE / 2)  # the first guess failed further in
            candidates = candidates or _candidates(ranked)
        return _with_guess_note(
            Decoded(text, fallback, round(confidence, 2), candidates=_first(fallback, candidates)), name
        )
    whole = _decode_whole(data, encoding, confidence, name)
    return _with_guess_note(dataclasses.replace(whole, candidates=candidates), name)


def _real_rivals(chosen, ranked: list) -> list:
    """Readings as clean and as language-like as the chosen one that give clearly different letters."""
    letters = _non_ascii(str(chosen))
    western = _preference(_preferred_alias(chosen)) <= _PREFERENCE["iso8859-15"]
    rivals = []
    for rival in ranked[1:6]:
        if western and _preferred_alias(rival) in _LATIN_PAGES:
            continue
        if (
            rival.chaos > chosen.chaos + _CHAOS_MARGIN
            or rival.coherence < chosen.coherence - _COHERENCE_MARGIN
        ):
            continue
        if not letters:
            continue
        theirs = set(_non_ascii(str(rival)))
        changed = sum(1 for ch in letters if ch not in theirs) / len(letters)
        if changed >= _DIFFERENT_LETTERS:
            rivals.append(rival)
    return rivals


def _non_ascii(text: str) -> list[str]:
    return [ch for ch in text if ord(ch) > 0x7F]


def _candidates(ranked: list) -> tuple[Candidate, ...]:
    """The top distinct readings, each with a preview line."""
    found: list[Candidate] = []
    readings: set[str] = set()
    for match in ranked:
        reading = str(match)
        if reading in readings:
            continue
        readings.add(reading)
        found.append(Candidate(_preferred_alias(match), _preview_line(reading)))
        if len(found) == _MAX_CANDIDATES:
            break
    return tuple(found)


def _first(encoding: str, candidates: tuple[Candidate, ...]) -> tuple[Candidate, ...]:
    """The candidates with the encoding actually used first."""
    return tuple(sorted(candidates, key=lambda c: c.encoding != encoding))


def _preview_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    line = next((line for line in lines if _non_ascii(line)), lines[0] if lines else "")
    return line if len(line) <= _PREVIEW_CHARS else line[: _PREVIEW_CHARS - 1] + "…"


def _sample(data: bytes | bytearray, first_bad: int) -> bytes:
    """The start of the file, and the part around its first non-UTF-8 byte if that lies further in.

    The detector needs the non-ASCII text: a Latin-1 file whose first accent is
    10 MB in would look like plain ASCII from its first 64 kB alone.
    """
    head = bytes(data[:_HEAD])
    if len(data) > _HEAD:
        cut = head.rfind(b"\n")
        if cut > _HEAD // 2:
            head = head[: cut + 1]
    if first_bad < len(head) - 16:
        return head
    start = max(len(head), first_bad - _AROUND // 4)
    around = bytes(data[start : start + _AROUND])
    first_newline = around.find(b"\n")
    if 0 <= first_newline < (first_bad - start):
        around = around[first_newline + 1 :]
    if start + _AROUND < len(data):
        last_newline = around.rfind(b"\n")
        if last_newline > len(around) // 2:
            around = around[: last_newline + 1]
    return head + b"\n" + around


def _rank(matches: list) -> list:
    """Equally clean readings ordered by how common their encoding is; cleaner readings first.

    Among the equally clean, a reading clearly more like a language goes first (KOI8-R
    Russian read as Windows-1251 gives clean letters in the wrong case, less like Russian).
    """
    best_chaos = min(m.chaos for m in matches)
    best_coherence = max(m.coherence for m in matches if m.chaos <= best_chaos + _CHAOS_MARGIN)

    def key(match) -> tuple:
        close = match.chaos <= best_chaos + _CHAOS_MARGIN
        return (
            not close,
            close and match.coherence < best_coherence - _COHERENCE_MARGIN,
            _preference(_preferred_alias(match)) if close else 0,
            match.chaos,
            -match.coherence,
        )

    return sorted(matches, key=key)


def _preferred_alias(match) -> str:
    """Of the encodings that read the sample identically, the most common one."""
    aliases = [
        canonical(name) for name in (getattr(match, "could_be_from_charset", None) or [match.encoding])
    ]
    return min(aliases, key=_preference)


def _preference(encoding: str) -> int:
    if encoding.startswith(("utf-16", "utf-32")):
        return _WIDE_PREFERENCE
    return _PREFERENCE.get(encoding, _OTHER_PREFERENCE)


def _confidence(sample: bytes, chosen, ranked: list) -> float:
    """How much to trust the guess: clean reading x enough evidence x no equally good rival."""
    if canonical(chosen.encoding).startswith(("utf-16", "utf-32")):
        evidence = len(sample) // 2
    else:
        evidence = len(sample.translate(None, _ASCII_BYTES))  # the non-ASCII bytes
    # charset-normalizer's "chaos" is small even for a poor reading (0.13 for Greek read as
    # Cyrillic), so it weighs four-fold. A rare encoding in which no language is recognised
    # (short Russian KOI8-R read as Shift-JIS-2004) is half trusted.
    confidence = (1.0 - 4 * chosen.chaos) * min(1.0, evidence / _EVIDENCE_FULL)
    if chosen.coherence == 0.0 and _preference(_preferred_alias(chosen)) >= _OTHER_PREFERENCE:
        confidence *= 0.5
    reading = str(chosen)
    for rival in ranked[1:6]:
        if rival.chaos <= chosen.chaos + 0.02 and str(rival) != reading:
            confidence *= _RIVAL_PENALTY
            break
    return max(0.0, min(1.0, confidence))


def _with_guess_note(decoded: Decoded, name: str) -> Decoded:
    if decoded.confidence >= LOW_CONFIDENCE:
        return decoded
    note = (
        f"{name} is not UTF-8, and its encoding is uncertain, only a guess: it was read as "
        f"{decoded.label} with {decoded.confidence:.0%} confidence."
    )
    others = [c for c in decoded.candidates if c.encoding != decoded.encoding]
    if others:
        note += (
            " It could also be "
            + "; or ".join(f"{c.label} ({c.encoding}): {c.preview!r}" for c in others)
            + "."
        )
        note += " Choose the one whose letters read right (--encoding NAME), or open the file in a text editor and save it as UTF-8."
    else:
        note += (
            " If letters look wrong in the preview, choose the encoding (--encoding NAME), or open "
            "the file in a text editor and save it as UTF-8."
        )
    return dataclasses.replace(decoded, notes=[note] + decoded.notes)


def _decode_whole(
    data: bytes | bytearray, encoding: str, confidence: float, name: str, first_bad: int | None = None
) -> Decoded:
    """Decode with one codec; bytes it cannot read become U+FFFD, and the note says how many.

    ``first_bad``: where a strict decode with this codec already failed (it is not tried again).
    """
    if first_bad is None:
        try:
            return Decoded(data.decode(encoding), encoding, round(confidence, 2))
        except UnicodeDecodeError as exc:
            first_bad = exc.start
    text = data.decode(encoding, errors="replace")
    replaced = text.count("\ufffd")
    label = encoding_label(encoding)
    if encoding.startswith("utf-16") and len(data) % 2 == 1 and first_bad >= len(data) - 2:
        note = (
            f"{name} ends in the middle of a UTF-16 character (it has an odd number of bytes); "
            "the last byte became \ufffd. The file may have been cut short."
        )
    else:
        note = (
            f"{name} is {label} but {replaced:,} of its characters could not be read (the first "
            f"at byte {first_bad:,}); they were replaced by \ufffd. Save the file again as UTF-8 "
            "to keep them."
        )
    return Decoded(text, encoding, round(confidence, 2), replaced, first_bad, [note])


def _control_share(text: str) -> float:
    if not text:
        return 0.0
    controls = sum(1 for ch in text if ch < "\x20" and ch not in "\t\n\r\f\v" or ch == "\x7f")
    return controls / len(text)
