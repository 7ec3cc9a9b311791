"""The app speaks the language it is asked for, and its translations are complete and up to date.

- Choosing: ``$MLMSTUDIO_LANG``, the saved choice, the system's languages; "pseudo"; English or
  an unknown language installs nothing. A child process started with ``MLMSTUDIO_LANG=de`` shows
  the main window with German strings from the .qm and Qt's own buttons in German.
- The files (skipped without PySide6's ``pyside6-lupdate``/``pyside6-lrelease``): every committed
  .qm is what lrelease builds from its committed .ts; the .ts holds every string of the sources
  (lupdate finds nothing new); the German .ts is complete for the Simple path's contexts.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale

from mlmstudio.gui import i18n

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("translations_script", ROOT / "scripts" / "translations.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


translations = _script()
HAVE_TOOLS = translations.tool("lupdate") is not None and translations.tool("lrelease") is not None
needs_tools = pytest.mark.skipif(
    not HAVE_TOOLS, reason="pyside6-lupdate / pyside6-lrelease are not installed (they come with PySide6)"
)
GERMAN_TS = translations.TRANSLATIONS / "mlmstudio_de.ts"


@pytest.fixture
def english(qapp):
    """Whatever a test installs is removed again: the next test sees the English sources."""
    yield qapp
    i18n.remove_translations(qapp)
    assert i18n.translate("MainWindow", "&Quit") == "&Quit"


# Choosing the language -------------------------------------------------------------------------


def test_an_unknown_language_falls_back_to_english(english, caplog, monkeypatch):
    monkeypatch.delenv(i18n.LANGUAGE_ENV, raising=False)
    assert i18n.install_translations(english, "xx_YY") == "en"
    assert i18n.translate("MainWindow", "&Quit") == "&Quit"
    assert "No translation for the language 'xx_YY'" in caplog.text


def test_english_and_a_c_locale_install_nothing(english, monkeypatch):
    monkeypatch.delenv(i18n.LANGUAGE_ENV, raising=False)
    assert i18n.install_translations(english, "en_GB") == "en"
    monkeypatch.setattr(QLocale, "system", staticmethod(lambda: QLocale.c()))
    assert i18n.install_translations(english) == "en"
    assert i18n.translate("TrainPage", "Start") == "Start"


def test_pseudo_from_the_environment_then_the_saved_choice(english, monkeypatch):
    monkeypatch.setenv(i18n.LANGUAGE_ENV, "pseudo")
    assert i18n.install_translations(english) == "pseudo"
    assert i18n.translate("TrainPage", "Start") == "[Start~~]"
    monkeypatch.delenv(i18n.LANGUAGE_ENV)
    i18n.save_language("pseudo")  # in the test's own settings (conftest)
    assert i18n.saved_language() == "pseudo"
    assert i18n.install_translations(english) == "pseudo"
    i18n.save_language(None)
    assert i18n.saved_language() == ""
    assert i18n.install_translations(english, "en") == "en"
    assert i18n.translate("TrainPage", "Start") == "Start"  # the earlier translator is gone


def test_the_system_languages_are_tried_in_order(english, monkeypatch):
    monkeypatch.delenv(i18n.LANGUAGE_ENV, raising=False)

    class Locale:
        @staticmethod
        def uiLanguages():  # noqa: N802
            return ["xx-XX", "pseudo", "de"]

    monkeypatch.setattr(QLocale, "system", staticmethod(lambda: Locale()))
    assert i18n.install_translations(english) == "pseudo"  # xx has no translation; the next is tried


def test_candidates_go_from_the_region_to_the_language():
    assert i18n._candidates("de-DE") == ["de_DE", "de"]
    assert i18n._candidates("pt_BR.UTF-8") == ["pt_BR", "pt"]
    assert i18n._candidates("zh-Hant-TW") == ["zh_Hant_TW", "zh_Hant", "zh"]
    assert i18n._candidates(" ") == []


CHILD = """
import json, sys
sys.path.insert(0, sys.argv[1])
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel, QAbstractButton
from mlmstudio.gui import i18n
if sys.argv[2]:
    i18n.TRANSLATIONS_PACKAGE = sys.argv[2]
app = QApplication(sys.argv[:1])
language = i18n.install_translations(app)
from mlmstudio.gui.main_window import MainWindow
from mlmstudio.gui.settings import AppSettings
from mlmstudio.store.database import Database
window = MainWindow(Database.open(sys.argv[3]), AppSettings())
texts = set()
def walk(actions):
    for action in actions:
        texts.add(action.text())
        if action.menu() is not None:
            walk(action.menu().actions())
walk(window.menuBar().actions())
texts.update(w.text() for w in window.findChildren(QLabel) + window.findChildren(QAbstractButton))
texts.update(window.sidebar.item(i).text() for i in range(window.sidebar.count()))
box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
print(json.dumps({"language": language, "texts": sorted(texts), "cancel": box.buttons()[0].text()}))
window.close()
"""

TINY_TS = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
</context>
</TS>
"""


def _german_of_the_window() -> set[str]:
    """The German .ts's finished translations of the main window's strings."""
    return {
        m.translations[0]
        for m in translations.messages(GERMAN_TS)
        if m.context == "MainWindow" and m.finished
    }


def test_mlmstudio_lang_de_shows_the_window_in_german(tmp_path):
    package = ""
    if (translations.TRANSLATIONS / "mlmstudio_de.qm").exists() and _german_of_the_window():
        german = _german_of_the_window()
    else:  # until the German translation is committed: a one-string catalogue of our own
        if not HAVE_TOOLS:
            pytest.skip("no German .qm committed and no pyside6-lrelease to build a test one")
        package = "tiny_translations"
        folder = tmp_path / "modules" / package
        folder.mkdir(parents=True)
        (folder / "__init__.py").write_text("", encoding="utf-8")
        (tmp_path / "tiny_de.ts").write_text(TINY_TS, encoding="utf-8")
        translations.lrelease(tmp_path / "tiny_de.ts", folder / "mlmstudio_de.qm")
        german = {"&Beenden"}
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        i18n.LANGUAGE_ENV: "de",
        "MLMSTUDIO_HOME": str(tmp_path / "home"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(tmp_path / "modules"), package, str(tmp_path / "home")],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    shown = json.loads(done.stdout.strip().splitlines()[-1])
    assert shown["language"] == "de"
    assert german & set(shown["texts"]), f"none of {sorted(german)[:10]} in the window"
    assert "&Quit" not in shown["texts"]
    qt_folder = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    if (qt_folder / "qtbase_de.qm").exists():
        assert shown["cancel"] == "Abbrechen"  # Qt's own buttons, from qtbase_de.qm


def test_no_translation_leaves_the_source_text(qapp):
    assert not any(isinstance(t, i18n.PseudoTranslator) for t in i18n._installed)
    assert QCoreApplication.translate("TrainPage", "Start") == "Start"


# The files -------------------------------------------------------------------------------------


def _committed_ts() -> list[Path]:
    found = translations.ts_files()
    if not found:
        pytest.skip("no translation (mlmstudio/gui/translations/mlmstudio_*.ts) committed yet")
    return found


@needs_tools
def test_each_qm_is_what_lrelease_builds_from_its_ts(tmp_path):
    stale = []
    for ts in _committed_ts():
        committed = ts.with_suffix(".qm")
        assert committed.exists(), f"{committed.name} is missing: run 'python scripts/translations.py build'"
        built = tmp_path / committed.name
        translations.lrelease(ts, built)
        if built.read_bytes() != committed.read_bytes():
            stale.append(committed.name)
    assert stale == [], f"{stale} differ from their .ts: run 'python scripts/translations.py build'"


@needs_tools
def test_each_ts_holds_every_string_of_the_sources(tmp_path):
    missing = {}
    for ts in _committed_ts():
        copy = tmp_path / ts.name
        copy.write_bytes(ts.read_bytes())
        translations.lupdate(copy)
        before = {m.key for m in translations.messages(ts)}
        new = [m for m in translations.messages(copy) if m.key not in before and m.kind != "vanished"]
        if new:
            missing[ts.name] = [f"{m.context}: {m.source[:60]!r}" for m in new]
    assert missing == {}, (
        "strings of the sources not in the .ts (run 'python scripts/translations.py update', "
        f"translate, then 'build'): {json.dumps(missing, indent=1, ensure_ascii=False)[:6000]}"
    )


def test_the_german_translation_is_complete_for_the_simple_path():
    from mlmstudio.gui.translations.simple_path import SIMPLE_PATH_CONTEXTS

    if not GERMAN_TS.exists():
        pytest.skip("the German translation (mlmstudio_de.ts) is not committed yet")
    found = [m for m in translations.messages(GERMAN_TS) if m.kind not in ("vanished", "obsolete")]
    contexts = {m.context for m in found}
    assert set(SIMPLE_PATH_CONTEXTS) <= contexts, (
        f"no strings at all for {set(SIMPLE_PATH_CONTEXTS) - contexts}"
    )
    unfinished = [
        f"{m.context}: {m.source[:60]!r}"
        for m in found
        if m.context in SIMPLE_PATH_CONTEXTS and not m.finished
    ]
    assert unfinished == [], f"{len(unfinished)} untranslated on the Simple path: {unfinished[:40]}"


FIELD = re.compile(r"(?<!\{)\{[^{}]*\}(?!\})")
TAG = re.compile(r"</?([A-Za-z][A-Za-z0-9]*)")


def test_the_run_configuration_texts_are_listed_for_lupdate():
    texts = translations.config_messages()
    from mlmstudio.config import FIELD_LABELS, TokenizerConfig, field_help

    assert set(FIELD_LABELS.values()) <= set(texts)
    assert field_help(TokenizerConfig, "kind") in texts
    assert 'QT_TRANSLATE_NOOP("RunConfig", ' in translations.config_source()


def test_translations_keep_the_fields_plurals_and_tags_of_their_source():
    """A translation that loses ``{steps}`` or ``%n`` would raise or show nonsense when formatted."""
    broken = []
    for ts in translations.ts_files():
        for m in translations.messages(ts):
            if not m.finished:
                continue
            for text in m.translations:
                if sorted(FIELD.findall(text)) != sorted(FIELD.findall(m.source)):
                    broken.append(f"{ts.name} {m.context}: {m.source[:50]!r} → {text[:50]!r} (fields)")
                if ("%n" in m.source) != ("%n" in text):
                    broken.append(f"{ts.name} {m.context}: {m.source[:50]!r} → {text[:50]!r} (%n)")
                if sorted(TAG.findall(text)) != sorted(TAG.findall(m.source)):
                    broken.append(f"{ts.name} {m.context}: {m.source[:50]!r} → {text[:50]!r} (tags)")
    assert broken == []


def _translate_calls(tree: ast.AST):
    """The translate() and QT_TRANSLATE_NOOP calls, but those inside a wrapper itself named translate."""
    wrapped = {
        id(call)
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and node.name == "translate"
        for call in ast.walk(node)
    }
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or id(node) in wrapped:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name in ("translate", "QT_TRANSLATE_NOOP") and node.args:
            yield node


# Contexts whose texts are not literals at the call, and where lupdate finds them instead.
DYNAMIC_CONTEXTS = {"RunConfig": "scripts/translations.py config_messages (mlmstudio/config.py's texts)"}


def test_every_translate_call_names_a_literal_context_and_no_built_text():
    """lupdate extracts only literals: an f-string or a sum inside translate() is never translated."""
    bad = []
    for path in translations.sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = {
            target.id: node.value.value
            for node in tree.body
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for call in _translate_calls(tree):
            where = f"{path.relative_to(ROOT)}:{call.lineno}"
            context = call.args[0]
            if isinstance(context, ast.Constant) and isinstance(context.value, int | float):
                continue  # QPainter.translate(x, y)
            if isinstance(context, ast.Name) and constants.get(context.id) in DYNAMIC_CONTEXTS:
                continue
            if not (isinstance(context, ast.Constant) and isinstance(context.value, str)):
                bad.append(f"{where}: the context is not a string literal")
            if len(call.args) > 1 and isinstance(call.args[1], ast.JoinedStr | ast.BinOp):
                bad.append(f"{where}: the text is an f-string or built with an operator")
    assert bad == []


def test_the_compiled_translations_ship_with_the_package():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "*.qm" in project["tool"]["setuptools"]["package-data"]["mlmstudio.gui.translations"]
    spec = (ROOT / "packaging" / "mlmstudio.spec").read_text(encoding="utf-8")
    assert "mlmstudio/gui/translations" in spec  # the bundle's build stops without a .qm
    rules = (ROOT / "packaging" / "bundle_rules.py").read_text(encoding="utf-8")
    for qm in translations.TRANSLATIONS.glob("mlmstudio_*.qm"):
        assert f'"{translations.language_of(qm)}"' in rules, f"bundle_rules.APP_LANGUAGES lacks {qm.name}"


PLURAL_TS = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>TrainPage</name>
    <message numerus="yes">
        <source>%n probe(s)</source>
        <translation>
            <numerusform>%n Probe</numerusform>
            <numerusform>%n Proben</numerusform>
        </translation>
    </message>
</context>
</TS>
"""


@needs_tools
def test_an_update_keeps_the_plural_forms_lupdate_drops(tmp_path, english):
    """PySide6's lupdate does not see translate(..., None, n) as a plural; the update puts the forms back."""
    source = tmp_path / "page.py"
    source.write_text('translate("TrainPage", "%n probe(s)", None, n)\n', encoding="utf-8")
    ts = tmp_path / "mlmstudio_de.ts"
    ts.write_text(PLURAL_TS, encoding="utf-8")
    translations.lupdate(ts, files=[source])
    assert 'numerus="yes"' not in ts.read_text(encoding="utf-8")  # what lupdate alone does
    assert translations.keep_plurals(PLURAL_TS, ts) == 1
    (message,) = translations.messages(ts)
    assert message.translations == ("%n Probe", "%n Proben") and message.finished
    translations.lrelease(ts, tmp_path / "mlmstudio_de.qm")
    from PySide6.QtCore import QTranslator

    translator = QTranslator()
    assert translator.load(str(tmp_path / "mlmstudio_de.qm"))
    english.installTranslator(translator)
    try:
        assert i18n.translate("TrainPage", "%n probe(s)", None, 1) == "1 Probe"
        assert i18n.translate("TrainPage", "%n probe(s)", None, 3) == "3 Proben"
    finally:
        english.removeTranslator(translator)
