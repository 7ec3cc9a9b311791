"""Under the pseudo-locale every string is translated and no label cuts a 40 % longer text.

``PseudoTranslator`` turns every string that goes through ``translate()`` into
``"[" + text + 40 % "~" + "]"``. It is installed before the main window is built; then each view
(the welcome, the menus, every page, every Explore tab and History curve tab, the Help window)
is shown, screenshotted, and checked:

- **untranslated**: visible text with a word of letters outside any ``[...~]`` (labels, buttons,
  group titles, tab texts, table headers, combo items, placeholders, list items, read-only text,
  plot titles, axis labels and legends, menus, the window title). Widgets marked with
  ``mark_user_text`` (and their children) show the user's data and are skipped, as are numbers,
  units, special tokens such as ``[MASK]`` and the few names in ``DATA_WORDS``;
- **clipped**: the checks of test_window_fits (the window inside the 1280×800 screen, the page
  needs no scrolling, no widget outside the window, no label cut without a tooltip), plus buttons
  narrower than their text and plot axes cut off.

Each view is one test (``-k Setup``, ``-k "trained and History"``); the failure lists the strings
per view and widget class. Screenshots and a JSON summary go to the ``pseudo-locale`` folder of
pytest's temporary directory (the failure message says where).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListView,
    QMainWindow,
    QMenu,
    QPlainTextEdit,
    QStyle,
    QTabBar,
    QTextEdit,
    QWidget,
)
from test_window_fits import _cut_labels, _outside, clipped_axes

from mlmstudio.gui.i18n import (
    USER_FRAGMENTS_PROPERTY,
    USER_TEXT_PROPERTY,
    PseudoTranslator,
    pseudo_text,
    translate,
)
from mlmstudio.gui.main_window import PAGES

from trained_history import window_on_history

VIEWS = ("Welcome", "Menus", *PAGES, "Help")
TRAINED_VIEWS = PAGES

# Names shown as they are in every language (and data values the app shows on its own).
DATA_WORDS = {
    "MLM",
    "MLM Studio",
    "ELECTRA",
    "BERT",
    "RoBERTa",
    "ModernBERT",
    "BPE",
    "WordPiece",
    "Unigram",
    "CPU",
    "GPU",
    "CUDA",
    "MPS",
    "fp32",
    "fp16",
    "bf16",
    "KiB",
    "MiB",
    "GiB",
    "Hugging Face",
    "PyTorch",
    "UTF",
}
_SPECIAL_TOKEN = re.compile(r"\[[A-Z]{2,}\]")  # [MASK], [CLS], [UNK]
_PSEUDO = re.compile(r"\[[^\[\]]*~\]")  # one translated string (innermost first)
_PSEUDO_ELIDED = re.compile(r"\[[^\[\]]*…")  # a translated string elided at its end
_WORD = re.compile(r"[^\W\d_]{3,}")  # a word of three letters or more: not a unit (ms, px, k)
mightBeRichText = GuiQt.mightBeRichText
_DATA = re.compile("|".join(re.escape(w) for w in sorted(DATA_WORDS, key=len, reverse=True)))


# The translator ------------------------------------------------------------------------------


def test_pseudo_text_is_bracketed_and_forty_percent_longer():
    assert pseudo_text("Start") == "[Start~~]"
    assert pseudo_text("") == "" and pseudo_text("  ") == "  "
    for source in ("OK", "Open a corpus", ("A sentence of some length, as a tooltip has. " * 3).strip()):
        text = pseudo_text(source)
        assert text.startswith("[") and text.endswith("~]")
        assert len(text) - len(source) - 2 == -(-len(source) * 4 // 10)  # ceil(0.4 * len)
    long = pseudo_text("word " * 40)
    assert max(len(w) for w in long.split()) <= len("word]") + 10  # the padding wraps like words


def test_fields_plurals_and_mnemonics_still_work(qapp):
    translator = PseudoTranslator()
    assert QCoreApplication.installTranslator(translator)
    try:
        text = translate("TrainPage", "Trained {steps:,} steps").format(steps=12345)
        assert text.startswith("[Trained 12,345 steps") and text.endswith("~]")
        assert translate("TrainPage", "%n probe(s) answered", None, 3).startswith("[3 probe(s) answered")
        assert translate("AnyContext", "&Open").startswith("[&Open")
    finally:
        QCoreApplication.removeTranslator(translator)
    assert translate("TrainPage", "Start") == "Start"


def test_rich_text_stays_valid_and_renders_the_brackets(qtbot):
    source = "<p><b>Loss</b> is <i>low</i>&nbsp;now</p>"
    text = pseudo_text(source)
    assert re.sub(r"<[^>]*>", "", text).startswith("[Loss")
    assert re.findall(r"<[^>]*>", text) == re.findall(r"<[^>]*>", source)  # every tag kept, in order
    label = QLabel(text)
    qtbot.addWidget(label)
    assert mightBeRichText(label.text())
    document = QTextDocument()
    document.setHtml(text)
    assert _untranslated(document.toPlainText()) is None
    assert document.toPlainText().startswith("[Loss is low")


def test_the_checker_finds_what_missed_translate():
    assert _untranslated(pseudo_text("Open a corpus")) is None
    assert _untranslated("Open a corpus") == "Open a corpus"
    assert _untranslated(pseudo_text("Run {name} of {n}").format(name=pseudo_text("Base"), n=3)) is None
    assert _untranslated(pseudo_text("Trained") + " steps") == "steps"
    assert _untranslated("12.5 ms · 3 k · 40%") is None  # data and units
    assert _untranslated(pseudo_text("Hide a word with [MASK] and see what the model guesses")) is None
    assert _untranslated("ELECTRA · fp32") is None
    assert _untranslated(pseudo_text("A long text elided")[:10] + "…") is None


# The checks ------------------------------------------------------------------------------------


def _untranslated(text: str) -> str | None:
    """The part of a visible ``text`` no translation covers, if it holds a word; else None."""
    if mightBeRichText(text):
        document = QTextDocument()
        document.setHtml(text)
        text = document.toPlainText()
    text = html.unescape(text).replace("&&", "&")
    text = _SPECIAL_TOKEN.sub(" ", text)
    while True:
        shorter = _PSEUDO.sub(" ", text)
        if shorter == text:
            break
        text = shorter
    text = _PSEUDO_ELIDED.sub(" ", text)
    text = _DATA.sub(" ", text)
    rest = " ".join(text.split())
    return rest if _WORD.search(rest) else None


def _without_user_fragments(widget: QWidget, text: str) -> str | None:
    """What of ``text`` is untranslated once the user's data named in it (i18n.mark_user_fragments) is left out."""
    fragments = widget.property(USER_FRAGMENTS_PROPERTY) or []
    if not fragments:
        return text
    rest = _untranslated(text)
    if rest is None:
        return None
    for fragment in sorted((" ".join(f.split()) for f in fragments), key=len, reverse=True):
        rest = re.sub(rf"(?<!\w){re.escape(fragment)}(?!\w)", " ", rest)
    return rest if _WORD.search(rest) else None


def _is_user_text(obj) -> bool:
    while obj is not None:
        if obj.property(USER_TEXT_PROPERTY):
            return True
        obj = obj.parent()
    return False


def _visible_texts(root: QWidget) -> list[tuple[str, str]]:
    """(widget class, text) for the visible texts of ``root`` and its children that are not user data."""
    found: list[tuple[str, str]] = []

    def add(obj, text: str | None, kind: str | None = None) -> None:
        if text and text.strip():
            found.append((kind or type(obj).__name__, text))

    widgets = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        if not widget.isVisible() or _is_user_text(widget):
            continue
        if isinstance(widget, QLabel):
            add(widget, widget.text())
        elif isinstance(widget, QAbstractButton) and not isinstance(widget.parent(), QTabBar):
            add(widget, widget.text())
        elif isinstance(widget, QTabBar):
            for i in range(widget.count()):
                add(widget, widget.tabText(i))
        elif isinstance(widget, QComboBox):
            for i in range(widget.count()):
                add(widget, widget.itemText(i))
        elif isinstance(widget, QLineEdit):
            add(widget, widget.placeholderText(), "QLineEdit placeholder")
        elif isinstance(widget, QTextEdit | QPlainTextEdit):
            if widget.isReadOnly():
                add(widget, _without_user_fragments(widget, widget.toPlainText()))
            add(widget, widget.placeholderText(), f"{type(widget).__name__} placeholder")
        elif isinstance(widget, QHeaderView):
            model = widget.model()
            if model is None:
                continue
            count = _count(model.columnCount) if widget.orientation() == Qt.Orientation.Horizontal else 0
            for section in range(count):
                if not widget.isSectionHidden(section):
                    add(widget, model.headerData(section, widget.orientation()))
        elif isinstance(widget, QListView):  # a list of choices or pages; data tables are not read
            model = widget.model()
            if model is not None:
                for row in range(min(_count(model.rowCount), 50)):
                    add(widget, model.index(row, 0).data())
        if isinstance(widget, QGroupBox):
            add(widget, widget.title(), "QGroupBox title")
        if widget.isWindow():
            add(widget, widget.windowTitle(), "window title")
        found += _plot_texts(widget)
    return [(kind, text) for kind, text in found if isinstance(text, str)]


def _count(method) -> int:
    """``model.rowCount()`` or ``columnCount()``: a list model's takes no parent, a table's a root."""
    try:
        return method()
    except TypeError:
        return method(QModelIndex())


def _plot_texts(widget: QWidget) -> list[tuple[str, str]]:
    """Titles, axis labels, legends and text items of a visible pyqtgraph view."""
    import pyqtgraph as pg

    if not isinstance(widget, pg.GraphicsView):
        return []
    texts = []
    for item in widget.scene().items():
        if not item.isVisible() or (isinstance(item, QObject) and _is_user_text(item)):
            continue
        if isinstance(item, pg.AxisItem) and item.label.isVisible():
            texts.append(("plot axis", item.labelText))
        elif isinstance(item, pg.LabelItem):
            texts.append(("plot label", item.text))
        elif isinstance(item, pg.TextItem):
            texts.append(("plot text", item.toPlainText()))
    return texts


def _menu_texts(window: QMainWindow) -> list[tuple[str, str]]:
    found = []

    def walk(actions, depth=0):
        for action in actions:
            if action.isSeparator() or _is_user_text(action):
                continue
            if action.text().strip():
                found.append(("menu" if depth else "menu bar", action.text()))
            if action.menu() is not None and depth < 4:
                walk(action.menu().actions(), depth + 1)

    walk(window.menuBar().actions())
    for menu in window.findChildren(QMenu):
        if menu.title():
            found.append(("menu title", menu.title()))
    return found


OUTSIDE_SHOWN = 6


def _widest(page: QWidget, count: int = 4) -> list[str]:
    """The visible widgets without visible children that need the most width: where a too-wide page is."""
    leaves = [
        w
        for w in page.findChildren(QWidget)
        if w.isVisible() and not any(c.isVisible() for c in w.findChildren(QWidget))
    ]
    leaves.sort(key=lambda w: w.minimumSizeHint().width(), reverse=True)
    return [
        f"{type(w).__name__} {(getattr(w, 'text', lambda: '')() or w.objectName())[:30]!r} "
        f"min {w.minimumSizeHint().width()}"
        for w in leaves[:count]
    ]


def _cut_headers(window: QWidget) -> list[str]:
    """Tables that scroll sideways, and column titles wider than their column (cut or elided)."""
    bad = []
    for header in window.findChildren(QHeaderView):
        table = header.parentWidget()
        if not header.isVisible() or header.orientation() != Qt.Orientation.Horizontal or table is None:
            continue
        if _is_user_text(header):
            continue
        model = header.model()
        if model is None:
            continue
        scroll = getattr(table, "horizontalScrollBar", lambda: None)()
        if scroll is not None and scroll.isVisible() and scroll.maximum() > 0:
            owners = []
            owner = table.parentWidget()
            while owner is not None and owner is not window and len(owners) < 3:
                if not type(owner).__name__.startswith("Q"):  # the app's own classes say where
                    owners.append(type(owner).__name__)
                owner = owner.parentWidget()
            columns = [
                model.headerData(i, Qt.Orientation.Horizontal) for i in range(_count(model.columnCount))
            ]
            bad.append(
                f"table {type(table).__name__} {table.objectName()!r} in {'/'.join(owners) or '?'} "
                f"scrolls sideways (columns {columns[:8]})"
            )
        margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
        mark = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMarkSize, None, header)
        for section in range(_count(model.columnCount)):
            text = model.headerData(section, Qt.Orientation.Horizontal)
            if header.isSectionHidden(section) or not isinstance(text, str) or not text:
                continue
            need = header.fontMetrics().horizontalAdvance(text) + 2 * margin
            if header.isSortIndicatorShown() and header.sortIndicatorSection() == section:
                need += margin + mark  # the arrow takes room from the sorted column's title
            if need > header.sectionSize(section) + 1:
                bad.append(f"column {text[:30]!r} needs {need}, has {header.sectionSize(section)}")
    return bad


def _clipped(window: QWidget) -> list[str]:
    """The fit checks of test_window_fits on what is shown now, plus cut buttons and plot axes."""
    import pyqtgraph as pg

    problems = []
    room = window.screen().availableGeometry()
    if not room.contains(window.frameGeometry()):
        problems.append(f"window {window.frameGeometry().getRect()} outside screen {room.getRect()}")
    scroll = window.findChild(QWidget, "pageScroll")
    if scroll is not None:
        viewport = scroll.viewport().size()
        need = window.stack.currentWidget().minimumSizeHint()
        if need.width() > viewport.width() or need.height() > viewport.height():
            problems.append(
                f"page needs {need.toTuple()}, has {viewport.toTuple()}; widest: "
                + ", ".join(_widest(window.stack.currentWidget()))
            )
    outside = _outside(window)
    if len(outside) > OUTSIDE_SHOWN:  # one problem (a page too wide) pushes many widgets out
        outside = [
            f"{len(outside)} widgets outside the window, among them: " + "; ".join(outside[:OUTSIDE_SHOWN])
        ]
    problems += outside
    problems += _cut_labels(window)
    for button in window.findChildren(QAbstractButton):
        if not button.isVisible() or not button.text() or isinstance(button.parent(), QTabBar):
            continue
        need = button.sizeHint().width()
        if need > button.width() + 1 and not button.toolTip():
            problems.append(f"button {button.text()[:40]!r} needs {need}, has {button.width()}")
    problems += _cut_headers(window)
    for view in window.findChildren(pg.GraphicsLayoutWidget):
        if view.isVisible():
            problems += clipped_axes(view)
    return problems


# The views -------------------------------------------------------------------------------------


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


class Report:
    """What each view (a page, or a tab of it) shows untranslated and clipped, with its screenshot."""

    def __init__(self, folder: Path, prefix: str) -> None:
        self.folder = folder
        self.prefix = prefix
        self.untranslated: dict[str, dict[str, list[str]]] = {}
        self.clipped: dict[str, list[str]] = {}

    def check(self, view: str, root: QWidget, texts: list[tuple[str, str]] | None = None) -> None:
        _settle()
        name = re.sub(r"[^\w.-]+", "_", view)
        root.grab().save(str(self.folder / f"{self.prefix}-{name}.png"))
        for kind, text in texts if texts is not None else _visible_texts(root):
            rest = _untranslated(text)
            if rest is not None:
                found = self.untranslated.setdefault(view, {}).setdefault(kind, [])
                if rest[:80] not in found:
                    found.append(rest[:80])
        problems = _clipped(root)
        if problems:
            self.clipped[view] = problems

    def failed(self) -> bool:
        return bool(self.untranslated or self.clipped)

    def message(self) -> str:
        lines = [f"Screenshots in {self.folder}"]
        for view, kinds in self.untranslated.items():
            count = sum(len(texts) for texts in kinds.values())
            lines.append(f"{view}: {count} untranslated")
            for kind, texts in sorted(kinds.items()):
                lines.append(f"  {kind}: " + " | ".join(repr(t) for t in texts))
        for view, problems in self.clipped.items():
            lines.append(f"{view}: {len(problems)} clipped")
            lines += [f"  {p}" for p in problems]
        return "\n".join(lines)

    def save(self) -> None:
        summary = {
            "untranslated": {v: sum(len(t) for t in k.values()) for v, k in self.untranslated.items()},
            "clipped": {v: len(p) for v, p in self.clipped.items()},
            "details": {"untranslated": self.untranslated, "clipped": self.clipped},
        }
        (self.folder / f"{self.prefix}.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")


def _check_view(window, view: str, report: Report, qtbot) -> None:
    if view == "Welcome":
        window.show_welcome()
        report.check(view, window)
    elif view == "Menus":
        texts = _menu_texts(window) + [("window title", window.windowTitle())]
        for i in range(window.sidebar.count()):
            texts.append(("sidebar", window.sidebar.item(i).text()))
        report.check(view, window, texts)
    elif view == "Help":
        window.show_learning_help()
        help_window = window.help_page
        qtbot.waitUntil(help_window.isVisible, timeout=5000)
        help_window.wait_idle()
        _settle()
        report.check(view, help_window)
        # Only a few checks of the window apply to a dialog: its labels and buttons.
        report.clipped.pop(view, None)
        cut = _cut_labels(help_window)
        if cut:
            report.clipped[view] = cut
        help_window.close()
    else:
        window.show_page(PAGES.index(view))
        report.check(view, window)
        tabs = {"Explore": "explore_page", "History": "history_page"}
        if view in tabs:
            page = getattr(window, tabs[view])
            widget = page.tabs if view == "Explore" else page.curve_tabs
            for tab in range(widget.count()):
                widget.setCurrentIndex(tab)
                report.check(f"{view} › {widget.tabBar().tabText(tab)}", window)
            widget.setCurrentIndex(0)


@pytest.fixture
def pseudo(qapp):
    translator = PseudoTranslator()
    QCoreApplication.installTranslator(translator)
    yield translator
    QCoreApplication.removeTranslator(translator)


@pytest.fixture(scope="session")
def shots(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("pseudo-locale", numbered=False)


def _wait_for_pages(window) -> None:
    for page in (window.explore_page, window.history_page, window.corpus_page, window.setup_page):
        if page is not None:
            page.wait_idle()
    if getattr(window, "help_page", None) is not None:
        window.help_page.wait_idle()
    window.train_page.stop_and_wait()


def _run(build: Callable[[], QMainWindow], view: str, folder: Path, name: str, qtbot) -> None:
    window = build()
    report = Report(folder, name)
    try:
        _check_view(window, view, report, qtbot)
    finally:
        _wait_for_pages(window)
    report.save()
    assert not report.failed(), report.message()


@pytest.mark.parametrize("view", VIEWS)
def test_a_new_window_is_translated_and_unclipped(view, pseudo, qtbot, db, shots):
    from mlmstudio.gui.main_window import MainWindow
    from mlmstudio.gui.settings import AppSettings

    def build():
        window = MainWindow(db, AppSettings())
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        window.runs.wait_idle()
        return window

    _run(build, view, shots, f"new-{view}", qtbot)


@pytest.mark.slow
@pytest.mark.parametrize("view", TRAINED_VIEWS)
def test_with_trained_runs_every_page_is_translated_and_unclipped(view, pseudo, qtbot, trained_db, shots):
    _run(lambda: window_on_history(qtbot, trained_db), view, shots, f"trained-{view}", qtbot)
