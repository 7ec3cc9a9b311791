"""Scrub log lines and tracebacks for the crash report: keep their structure, never their text.

A log message is kept only in a shape the app's own code logs (its ``log.xxx("template", ...)``
literals, found with ``ast``): numbers stay, every ``%s``/``%r`` argument becomes ``<…>``, and a
message of any other shape (a variable, a third-party library's text) is removed. Traceback lines
keep file basenames, line numbers, function names and exception types; source lines and exception
messages are dropped, since either can quote a sentence, a prediction or a file's contents.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

REMOVED = "[message removed]"
ARG = "<…>"
_LEVELS = "DEBUG|INFO|WARNING|ERROR|CRITICAL"
_LOG_LINE = re.compile(rf"^(\d{{4}}-\d\d-\d\d \d\d:\d\d:\d\d(?:,\d+)? (?:{_LEVELS}) [\w.\-]+): ?(.*)$")
_HEADER = re.compile(r"^(=== \d{4}-\d\d-\d\d \d\d:\d\d:\d\d pid \d+: )(.*)$")
_FRAME = re.compile(r'^(\s*)File "([^"]*)", line (\d+)(?:, in ([\w<>.]+))?')
# An exception type by its conventional name only: a corpus line such as "Paris" is not one.
_EXC = re.compile(
    r"^\s*((?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Warning|Interrupt|Exit|Iteration|Failure))(:.*)?$"
)
_KEPT = (
    "Traceback (most recent call last):",
    "During handling of the above exception",
    "The above exception",
)
_SPEC = re.compile(r"%(?:\.\d+)?([sdrfig%])")
_CALL = re.compile(r"""\blog\.(?:debug|info|warning|error|exception|critical)\(\s*("(?:[^"\\\n]|\\.)*")""")


@functools.lru_cache(maxsize=1)
def _templates() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Every literal first argument of a logging call in the mlmstudio package, as a regex."""
    found: set[str] = set()
    for path in Path(__file__).parent.rglob("*.py"):
        try:
            source = path.read_text(encoding="utf-8")
        except OSError:
            continue
        # A regex, not ast: parsing the package takes seconds; a missed template only redacts more.
        for match in _CALL.finditer(source):
            try:
                value = ast.literal_eval(match.group(1))
            except (ValueError, SyntaxError):
                continue
            if isinstance(value, str):
                found.add(value)
    compiled = []
    # The most literal text first: "%s" alone matches anything, so it must be the last resort.
    for template in sorted(found, key=lambda t: (-len(_SPEC.sub("", t)), t)):
        parts, kinds, pos = [], [], 0
        for match in _SPEC.finditer(template):
            parts.append(re.escape(template[pos : match.start()]))
            kind = match.group(1)
            if kind == "%":
                parts.append("%")
            else:
                parts.append(
                    r"(-?\d+)" if kind in "di" else r"(-?[\d.]+(?:e[-+]?\d+)?)" if kind in "fg" else "(.*?)"
                )
                kinds.append(kind)
            pos = match.end()
        parts.append(re.escape(template[pos:]))
        compiled.append((re.compile("".join(parts) + r"\Z", re.DOTALL), "".join(kinds)))
    return tuple(compiled)


def scrub_message(message: str) -> str:
    """The message in a known shape with its text arguments replaced, or REMOVED."""
    for pattern, kinds in _templates():
        match = pattern.match(message)
        if match is None:
            continue
        out, pos = [], 0
        for group, kind in enumerate(kinds, start=1):
            out.append(message[pos : match.start(group)])
            out.append(match.group(group) if kind in "difg" else ARG)
            pos = match.end(group)
        out.append(message[pos:])
        return "".join(out)
    return REMOVED


def _scrub_other(line: str) -> str | None:
    """A traceback line reduced to its structure; None for a line with nothing safe in it."""
    stripped = line.strip()
    if not stripped:
        return ""
    if stripped.startswith(_KEPT):
        return line
    frame = _FRAME.match(line)
    if frame:
        indent, file, number, func = frame.groups()
        where = f", in {func}" if func else ""
        return f'{indent}File "{Path(file).name}", line {number}{where}'
    exc = _EXC.match(line)
    if exc:
        return exc.group(1) + (f": {REMOVED}" if exc.group(2) and exc.group(2).strip(": ") else "")
    return None  # a source line, a message's continuation, anything else


def scrub_log(text: str) -> str:
    """A session log's lines with every message scrubbed (see the module's docstring)."""
    kept: list[str] = []
    for line in text.splitlines():
        logged = _LOG_LINE.match(line)
        header = None if logged else _HEADER.match(line)
        if logged:
            kept.append(f"{logged.group(1)}: {scrub_message(logged.group(2))}")
        elif header:
            where = header.group(2)
            if not where.startswith("an unhandled exception"):
                name, sep, message = where.partition(": ")  # "logger.name: message"
                if not re.fullmatch(r"[\w.\-]+", name):
                    where = REMOVED
                elif sep:
                    where = f"{name}: {scrub_message(message)}"
            kept.append(header.group(1) + where)
        else:
            other = _scrub_other(line)
            if other is not None:
                kept.append(other)
    return "\n".join(kept) + ("\n" if text.endswith("\n") else "")
