"""The German translation keeps both plural forms of every "%n" message, in the .ts and the .qm.

lupdate's Python parser never marks a ``translate(context, text, None, n)`` call as a plural
message, and ``lupdate`` then folds a plural translation to its first form: ``%n Minute`` for
5 minutes too. The German .ts marks every message with ``%n`` as plural, with its two forms.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from mlmstudio.gui.i18n import translate

TRANSLATIONS = Path(__file__).resolve().parents[2] / "mlmstudio" / "gui" / "translations"


def test_every_plural_message_has_its_two_german_forms():
    root = ET.parse(TRANSLATIONS / "mlmstudio_de.ts").getroot()
    folded = []
    for context in root.iter("context"):
        for message in context.iter("message"):
            source = message.findtext("source", "")
            translation = message.find("translation")
            if "%n" not in source or translation is None:
                continue
            forms = [f.text or "" for f in translation.findall("numerusform")]
            if not any(forms) and not (translation.text or "").strip():
                continue  # not translated yet: the completeness tests say so
            if message.get("numerus") != "yes" or len(forms) != 2 or not all("%n" in f for f in forms):
                folded.append(f"{context.findtext('name')}: {source[:60]!r}")
    assert folded == [], (
        'plural messages folded to one form: mark each %n message numerus="yes" with its two forms'
    )


def test_the_compiled_german_picks_the_form_by_the_count(german):
    from mlmstudio.gui.widgets.simple_setup import _minutes_text

    assert _minutes_text(1) == "1 Minute"
    assert _minutes_text(5) == "5 Minuten"
    assert translate("MainWindow", "&Quit") == "&Beenden"


def test_english_without_a_translation_reads_as_english():
    from mlmstudio.gui.widgets.simple_setup import _minutes_text

    assert (_minutes_text(1), _minutes_text(5)) == ("1 minute", "5 minutes")
