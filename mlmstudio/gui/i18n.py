"""Qt's translation machinery for every user-visible string of the app.

Write each string as ``translate("Context", "Literal text")``: the context and
the text must be string literals so ``pyside6-lupdate`` can extract them
(``scripts/translations.py``). Put values in with named ``str.format`` fields
after translating, never with an f-string inside the call::

    translate("TrainPage", "Trained {steps:,} steps").format(steps=n)
    translate("TrainPage", "%Ln probe(s) answered", None, count)   # plurals

The context is the class (or module) the string belongs to, so a translator
sees related strings together.

Numbers and dates follow the language the app runs in, not the English of the source: the
text ``translate`` returns formats its number fields through that language's ``QLocale``
(``{steps:,}`` reads 2,500 in English and 2.500 in German, ``{loss:.2f}`` 0.50 and 0,50),
``%Ln`` writes a count the same way, and ``number()`` and ``date_time_text()`` do it for a
number or a moment shown outside a sentence (a table cell, an axis tick). The engine and the
command line stay English and locale-free.
"""

from __future__ import annotations

import datetime as _dt
import logging
import math
import numbers
import os
import re
import string
from importlib import resources

from PySide6.QtCore import (
    QCoreApplication,
    QDateTime,
    QLibraryInfo,
    QLocale,
    QObject,
    QSettings,
    QTranslator,
)

log = logging.getLogger(__name__)

LANGUAGE_ENV = "MLMSTUDIO_LANG"  # a language code (de, de_DE, pt-BR), "pseudo", or "en"
LANGUAGE_KEY = "ui/language"  # the user's choice in the app's settings, read at the next start
SOURCE_LANGUAGE = "en"  # the language the strings are written in: nothing to install
PSEUDO = "pseudo"
CATALOG = "mlmstudio"  # mlmstudio_<language>.qm in mlmstudio/gui/translations/
TRANSLATIONS_PACKAGE = "mlmstudio.gui.translations"
_ENGLISH_LOCALES = {"c", "posix", SOURCE_LANGUAGE}


# Numbers and dates in the language of the app ----------------------------------------------------

ENGLISH_LOCALE = "en_US"  # the source's numbers: 2,500.5


def translate(context: str, text: str, disambiguation: str | None = None, n: int = -1) -> str:
    """Qt's ``QCoreApplication.translate``, whose text formats its numbers in the app's language.

    ``translate(ctx, "{steps:,} steps").format(steps=2500)`` reads "2,500 steps" in English and
    "2.500 Schritte" in German: the text returned is a ``LocalText``, a ``str`` whose ``format``
    writes every number field (int or float, whatever its format spec) with the separators of
    ``ui_locale()``. ``%Ln`` in a plural message is written the same way by Qt.
    """
    translated = QCoreApplication.translate(context, text, disambiguation, n)
    if n >= 0 and "(s)" in translated and translated == _count_in(text, n):
        # No catalogue resolved the plural (not even EnglishPlurals): English's own.
        translated = translated.replace("(s)", "" if n == 1 else "s")
    return LocalText(translated)


def _count_in(source: str, n: int) -> str:
    """``source`` with its count put in as Qt puts it in an untranslated message."""
    return source.replace("%Ln", QLocale().toString(n)).replace("%n", str(n))


class _LocaleFormatter(string.Formatter):
    """``str.format`` with the number fields written in the separators of ``ui_locale()``."""

    def format_field(self, value, format_spec):  # noqa: ANN001, ANN201 - string.Formatter's signature
        text = super().format_field(value, format_spec)
        if isinstance(value, numbers.Real) and not isinstance(value, bool):
            return localize_digits(text)
        return text


_FORMATTER = _LocaleFormatter()


class LocalText(str):
    """A translated text whose ``format`` writes numbers as the app's language does (see ``translate``)."""

    __slots__ = ()

    def format(self, *args, **kwargs) -> str:  # noqa: D102
        return _FORMATTER.vformat(str(self), args, kwargs)


_locales: dict[str, QLocale] = {}


def ui_locale() -> QLocale:
    """The locale of the language the app shows: its catalogue says which (German: de_DE).

    Read from the installed translation itself (context "Locale"), so numbers follow the
    language whichever way its catalogue was installed; English, the pseudo-locale and a
    catalogue without the entry give English (en_US).
    """
    name = QCoreApplication.translate(
        "Locale", "en_US", "The QLocale name whose numbers and dates this translation uses (de_DE)"
    )
    name = name.strip("[]~ ")
    if not re.fullmatch(r"[a-z]{2,3}(_[A-Z][a-z]{3})?(_[A-Z]{2}|_\d{3})?", name):
        name = ENGLISH_LOCALE
    locale = _locales.get(name)
    if locale is None:
        locale = _locales[name] = QLocale(name)
    return locale


def localize_digits(text: str, locale: QLocale | None = None) -> str:
    """``"2,500.5"`` (Python's separators) written with those of ``locale`` (default ``ui_locale()``)."""
    locale = locale or ui_locale()
    group, decimal = locale.groupSeparator(), locale.decimalPoint()
    if (group, decimal) == (",", "."):
        return text
    return "".join(group if c == "," else decimal if c == "." else c for c in text)


def number(value: float, spec: str = ",") -> str:
    """A number shown to the user, as ``format(value, spec)`` writes it, in the app's language.

    ``number(2500)`` is "2,500" in English and "2.500" in German; ``number(0.5, ".2f")`` "0,50".
    """
    return localize_digits(format(value, spec))


def localize_plot_axes() -> None:
    """pyqtgraph's axis numbers (2.5, 1,000) with the separators of ``ui_locale()``, for every plot.

    pyqtgraph writes its tick labels with Python's ``%g``; each ``AxisItem.tickStrings`` result is
    passed through ``localize_digits`` (ticks a page sets itself use ``number()``). Idempotent;
    English is unchanged.
    """
    import pyqtgraph as pg

    axis = pg.AxisItem
    if getattr(axis, "_mlmstudio_localized", False):
        return
    english = axis.tickStrings

    def tick_strings(self, values, scale, spacing):  # noqa: ANN001, ANN202 - pyqtgraph's signature
        return [localize_digits(text) for text in english(self, values, scale, spacing)]

    axis.tickStrings = tick_strings
    axis._mlmstudio_localized = True


def date_time_text(moment: _dt.datetime, pattern: str) -> str:
    """``moment`` written with a ``QLocale`` date pattern (``"d MMM HH:mm"``) in the app's language.

    Translate the pattern itself (German writes "d. MMM HH:mm"), so day and month come in the
    language's order and with its month names.
    """
    return ui_locale().toString(QDateTime(moment.replace(tzinfo=None)), pattern)


USER_TEXT_PROPERTY = "mlmstudio_user_text"


USER_FRAGMENTS_PROPERTY = "mlmstudio_user_fragments"


def mark_user_fragments(widget: QObject, fragments: list[str]) -> None:
    """Name the pieces of the user's data (a sentence, its tokens) inside a widget's translated text.

    The pseudo-locale test leaves them out when it looks for strings that missed translate().
    """
    widget.setProperty(USER_FRAGMENTS_PROPERTY, [str(f) for f in fragments if str(f).strip()])


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


class EnglishPlurals(QTranslator):
    """English's own plural: ``translate(ctx, "%n run(s)", None, n)`` reads "1 run" or "2 runs".

    Qt resolves a plural only through a catalogue, so without one English would show "2 run(s)".
    Installed first, under any other catalogue, it answers only numerus messages written with
    "(s)"; every other message, and any message a later catalogue translates, passes it by.
    """

    def translate(  # noqa: D102
        self, context: str, source_text: str, disambiguation: str | None = None, n: int = -1
    ) -> str:
        if n < 0 or "(s)" not in (source_text or ""):
            return None  # type: ignore[return-value]  # a null QString: not ours, the next catalogue or the source
        return source_text.replace("(s)", "" if n == 1 else "s")

    def isEmpty(self) -> bool:  # noqa: N802
        return False


# Choosing and installing the language ------------------------------------------------------------

_installed: list[QTranslator] = []


def install_translations(app: QCoreApplication, language: str | None = None) -> str:
    """Install the translation of the app's strings (and Qt's own) before any widget is built.

    The language is ``language`` if given, else ``$MLMSTUDIO_LANG``, else the one saved in the
    settings (``save_language``), else the system's UI languages in their order of preference.
    ``mlmstudio_<lang>.qm`` comes from the package (``mlmstudio/gui/translations``), Qt's
    ``qtbase_<lang>.qm`` (standard buttons, context menus) from Qt's translations folder.
    ``"pseudo"`` installs the ``PseudoTranslator``. English, or a language the app has no
    translation for, installs nothing (logged, never an error). Returns the language installed:
    its catalogue's code (``"de"``), ``"pseudo"`` or ``"en"``. Calling it again replaces the
    translators an earlier call installed.
    """
    remove_translations(app)
    installed = _install_language(app, language)
    global _default_locale
    if _default_locale is None:
        _default_locale = QLocale()
    QLocale.setDefault(ui_locale())  # Qt's own numbers (%Ln, spin boxes) in the language shown
    return installed


_default_locale: QLocale | None = None  # the default before install_translations set it


def _install_language(app: QCoreApplication, language: str | None) -> str:
    _install(app, EnglishPlurals(app))  # under every catalogue: English plurals, and a catalogue's gaps
    chosen = language or os.environ.get(LANGUAGE_ENV, "").strip() or saved_language()
    wanted = [chosen] if chosen else list(QLocale.system().uiLanguages())
    for code in wanted:
        if code.strip().lower() == PSEUDO:
            _install(app, PseudoTranslator(app))
            log.info("Language: the pseudo-locale (every string bracketed and 40% longer)")
            return PSEUDO
        for candidate in _candidates(code):
            if candidate.lower() in _ENGLISH_LOCALES:
                return SOURCE_LANGUAGE
            translator = _load_catalog(app, candidate)
            if translator is not None:
                _install(app, translator)
                _install_qt_translation(app, candidate)
                log.info("Language: %s (%s)", candidate, QLocale(candidate).nativeLanguageName())
                return candidate
    if chosen:
        log.warning(
            "No translation for the language %r (available: %s); the app is in English",
            chosen,
            ", ".join(available_languages()) or "none",
        )
    else:
        log.info("No translation for the system's languages %s; the app is in English", wanted)
    return SOURCE_LANGUAGE


def remove_translations(app: QCoreApplication) -> None:
    """Remove the translators ``install_translations`` installed: the app is in English again."""
    global _default_locale
    while _installed:
        translator = _installed.pop()
        app.removeTranslator(translator)
        translator.deleteLater()
    if _default_locale is not None:
        QLocale.setDefault(_default_locale)
        _default_locale = None


def available_languages() -> list[str]:
    """The codes of the translations the app ships (``de`` for ``mlmstudio_de.qm``), sorted."""
    try:
        folder = resources.files(TRANSLATIONS_PACKAGE)
        names = [entry.name for entry in folder.iterdir()]
    except (ModuleNotFoundError, OSError):
        return []
    prefix = CATALOG + "_"
    return sorted(n[len(prefix) : -3] for n in names if n.startswith(prefix) and n.endswith(".qm"))


def saved_language() -> str:
    """The language saved in the app's settings, or "" for the system's."""
    value = _settings().value(LANGUAGE_KEY, "")
    return value.strip() if isinstance(value, str) else ""


def save_language(language: str | None) -> None:
    """Use ``language`` (a code, "en", "pseudo") from the next start; None or "" follows the system."""
    settings = _settings()
    if language:
        settings.setValue(LANGUAGE_KEY, language)
    else:
        settings.remove(LANGUAGE_KEY)
    settings.sync()


def _settings() -> QSettings:
    from mlmstudio.settings_file import APPLICATION, ORGANIZATION

    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION)


def _candidates(code: str) -> list[str]:
    """``"de-DE"`` → ``["de_DE", "de"]``: the most specific catalogue first, then the language's."""
    code = code.strip().replace("-", "_").split(".")[0].split("@")[0]
    if not code:
        return []
    parts = code.split("_")
    names = ["_".join(parts[:i]) for i in range(len(parts), 0, -1)]
    return list(dict.fromkeys(names))


def _load_catalog(app: QCoreApplication, language: str) -> QTranslator | None:
    name = f"{CATALOG}_{language}.qm"
    try:
        resource = resources.files(TRANSLATIONS_PACKAGE).joinpath(name)
        if not resource.is_file():
            return None
        translator = QTranslator(app)
        with resources.as_file(resource) as path:
            loaded = translator.load(str(path))
    except (ModuleNotFoundError, OSError) as exc:
        log.warning("Could not read the translation %s: %s", name, exc)
        return None
    if not loaded:
        log.warning("The translation %s could not be loaded; it is skipped", name)
        translator.deleteLater()
        return None
    return translator


def _install_qt_translation(app: QCoreApplication, language: str) -> None:
    """Qt's own strings (OK, Cancel, Close, a text field's menu) in ``language``, where Qt has them."""
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    translator = QTranslator(app)
    if translator.load(f"qtbase_{language}", folder):
        _install(app, translator)
    else:
        log.info(
            "Qt has no translation qtbase_%s.qm in %s: its own buttons stay in English", language, folder
        )
        translator.deleteLater()


def _install(app: QCoreApplication, translator: QTranslator) -> None:
    app.installTranslator(translator)
    _installed.append(translator)
