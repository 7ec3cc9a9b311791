"""Shared checks of the German tests: raise the real error, then read it as a window shows it."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from mlmstudio.gui.background import user_message


def raised(call: Callable[[], object]) -> Exception:
    """The exception ``call`` raises for real (the engine's, the store's or the system's own)."""
    try:
        call()
    except Exception as exc:
        return exc
    raise AssertionError(f"{call} raised nothing")


def shown_in_german(exc: Exception, expected: Iterable[str], english_left: Iterable[str]) -> str:
    """The sentence a window shows for ``exc``: each of ``expected`` in it, none of ``english_left``."""
    english, shown = str(exc), user_message(exc, "Etwas")
    assert shown != english, f"still English: {english}"
    for part in expected:
        assert part in shown, (part, shown)
    for tail in english_left:
        assert tail not in shown, (tail, shown)
    return shown
