"""Whether a string is real Unicode text, or carries bytes that were never text.

Python turns bytes it cannot decode (a file name or a command-line argument
in another encoding) into lone surrogates (``\\udcxx``, PEP 383). Such a string
cannot be written as UTF-8: into the history, a JSON file or the terminal it
fails with a traceback. The CLI's arguments, the corpus report and run
references are checked here first, so the user gets a sentence instead.
No torch, no Qt: every layer may use it.
"""

from __future__ import annotations


def is_text(value: str) -> bool:
    """Whether ``value`` is real Unicode text, without lone surrogates from undecodable bytes."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def storable(value: str) -> str:
    """``value`` as text that UTF-8 can hold: undecodable bytes written as ``\\xNN`` (a name shown, not opened)."""
    if is_text(value):
        return value
    return value.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
