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

from PySide6.QtCore import QCoreApplication, QObject

translate = QCoreApplication.translate


USER_TEXT_PROPERTY = "mlmstudio_user_text"


def mark_user_text(widget: QObject) -> None:
    """Mark a widget whose text is the user's data (corpus lines, run names, predictions).

    The pseudo-locale test skips it when it looks for strings that missed translate().
    """
    widget.setProperty(USER_TEXT_PROPERTY, True)
