"""Qt's translation machinery for every user-visible string of the app.

Write each string as ``translate("Context", "Literal text")``: the context and
the text must be string literals so ``pyside6-lupdate`` can extract them
(``scripts/translations.py``). Put values in with named ``str.format`` fields
after translating, never with an f-string inside the call::

    translate("TrainPage", "Trained {steps:,} steps").format(steps=n)
    translate("TrainPage", "%n probe(s) answered", None, count)   # plurals

The context is the class (or module) the string belongs to, so a translator
sees related strings together.
"""

from __future__ import annotations

import math
import re

from PySide6.QtCore import QCoreApplication, QObject, QTranslator

translate = QCoreApplication.translate


USER_TEXT_PROPERTY = "mlmstudio_user_text"


def mark_user_text(widget: QObject) -> None:
    """Mark a widget whose text is the user's data (corpus lines, run names, predictions).

    The pseudo-locale test skips it when it looks for strings that missed translate().
    """
    widget.setProperty(USER_TEXT_PROPERTY, True)


PSEUDO_PAD = "~"
PSEUDO_GROUP = 10  # a longer padding is cut into "~~~~~~~~~ " words, so wrapped text can still wrap
_MARKUP = re.compile(r"(<[^>]*>|&[A-Za-z]+;|&#\d+;|&#x[0-9A-Fa-f]+;)")


def pseudo_text(source: str) -> str:
    """``source`` as the pseudo-locale shows it: bracketed and 40 % longer.

    ``"Start"`` becomes ``"[Start~~]"``: the brackets show where a string was translated (and
    where a label cuts it off); the tildes make it as much longer as a German or French
    translation would be. What the text's code needs stays intact: ``{fields}`` for
    ``str.format``, ``%n`` for Qt's plurals, ``&`` mnemonics, and HTML, whose brackets go inside
    the tags, around the visible text only. A padding longer than ``PSEUDO_GROUP`` is cut into
    words, as a real translation's would be. Empty and blank texts stay as they are.
    """
    if not source.strip():
        return source
    parts = _MARKUP.split(source)
    visible = [i for i, part in enumerate(parts) if i % 2 == 0 and part.strip()]
    if not visible:  # only tags or entities: nothing a reader sees to mark
        return source
    length = sum(len(part) for i, part in enumerate(parts) if i % 2 == 0)
    padding = _padding(math.ceil(0.4 * length))
    first, last = visible[0], visible[-1]
    head = parts[first]
    stripped = head.lstrip()
    parts[first] = head[: len(head) - len(stripped)] + "[" + stripped
    tail = parts[last]
    kept = tail.rstrip()
    parts[last] = kept + padding + "]" + tail[len(kept) :]
    return "".join(parts)


def _padding(count: int) -> str:
    if count <= PSEUDO_GROUP:
        return PSEUDO_PAD * count
    words = []
    while count > 0:
        size = min(PSEUDO_GROUP, count)
        words.append(
            PSEUDO_PAD * (size - 1) + " " if size == PSEUDO_GROUP and count > size else PSEUDO_PAD * size
        )
        count -= size
    return "".join(words)


class PseudoTranslator(QTranslator):
    """Translates every string of every context into the pseudo-locale (``pseudo_text``).

    Installed (``MLMSTUDIO_LANG=pseudo``, or by the pseudo-locale test) before any widget is built,
    it shows at a glance which strings missed ``translate()`` (no brackets), and which labels cut a
    translation that is 40 % longer than the English (no closing bracket). Qt's own strings
    (standard buttons, context menus) are bracketed too.
    """

    def translate(  # noqa: D102
        self, context: str, source_text: str, disambiguation: str | None = None, n: int = -1
    ) -> str:
        return pseudo_text(source_text or "")

    def isEmpty(self) -> bool:  # noqa: N802
        return False
