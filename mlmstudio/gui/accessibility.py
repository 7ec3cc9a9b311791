"""Accessible names for every focusable widget, and a focus ring that shows where the keyboard is.

A screen reader announces a widget by its accessible name. Qt derives one from a button's text
or a label's buddy; line edits, combos, spin boxes, tables and plots built in code have none, so
``name_widgets`` gives each the nearest thing a sighted user reads: its form label, the label in
front of it, its placeholder, its plot's title, or its tooltip's first sentence. Names set
explicitly (``setAccessibleName``) always win.

Fusion's focus hint on a button or a table is a faint dotted line; ``FocusRing`` draws a 2 px
ring in the palette's highlight colour around whatever has focus, plots and item views too,
without a style sheet (which would change every widget's look and size).

Dialogs are windows of their own (Open a model…, the capsule dialog, the crash offer, the
history repair question, About, the Help window, message boxes): ``cover_dialogs`` installs one
application event filter that, whenever a top-level ``QDialog`` is shown, names its widgets and
gives it its own ring. ``name_window`` installs it, so the main window covers every dialog.
"""

from __future__ import annotations

import html
import re

import shiboken6
from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtGui import QAccessible, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QBoxLayout,
    QComboBox,
    QDialog,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTabWidget,
    QTextEdit,
    QWidget,
)

RING_WIDTH = 2
MAX_NAME = 70
_TAGS = re.compile(r"<[^>]+>")
_ENTITY = re.compile(r"&(#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);")
_MNEMONIC = re.compile(r"&(?!#\d+;|#x[0-9a-fA-F]+;|[a-zA-Z]+;)")


def accessible_name(widget: QWidget) -> str:
    """The name a screen reader gets for ``widget`` (Qt's derivation included)."""
    face = QAccessible.queryAccessibleInterface(widget)
    return (face.text(QAccessible.Text.Name) if face is not None else "") or ""


def needs_name(widget: QWidget) -> bool:
    """A widget the keyboard reaches (not through another widget) that a reader cannot name."""
    if widget.focusPolicy() == Qt.FocusPolicy.NoFocus or widget.focusProxy() is not None:
        return False
    if isinstance(widget, QLabel) and not widget.text().strip():
        return False  # an empty selectable label: nothing to read or click until it says something
    return not accessible_name(widget).strip()


def name_widgets(root: QWidget) -> None:
    """Give every focusable widget under ``root`` that has no accessible name the best one found."""
    for widget in [root, *root.findChildren(QWidget)]:
        if widget.window() is not root.window():
            continue  # a combo's popup list: Qt names it from its combo
        if isinstance(widget, QLabel) or not needs_name(widget):
            continue  # a label's name is its (changing) text: never freeze it
        name = derived_name(widget)
        if name:
            widget.setAccessibleName(name)


def name_window(window: QWidget, pages: dict[str, QWidget]) -> None:
    """Name every page's widgets; a page's scrolling containers are named for the page they show.

    Dialogs shown from now on are named and ringed too (``cover_dialogs``).
    """
    cover_dialogs()
    for page_name, page in pages.items():
        name_widgets(page)
        for area in [page, *page.findChildren(QAbstractScrollArea)]:
            if isinstance(area, QAbstractScrollArea) and area.window() is window and needs_name(area):
                area.setAccessibleName(f"{page_name} page")
    name_widgets(window)


def derived_name(widget: QWidget) -> str:
    for find in (
        _form_label,
        _label_before,
        _own_text,
        _plot_title,
        _tab_title,
        _group_title,
        _tooltip,
        _window_title,
    ):
        name = _clean(find(widget))
        if name:
            return name
    return ""


def _clean(text: str | None) -> str:
    """Plain words: no HTML, entities decoded, no mnemonic '&', no trailing colon, at most ~MAX_NAME."""
    text = _TAGS.sub(" ", text or "").replace("&&", "\0")
    text = _MNEMONIC.sub("", text)  # "&Open" is Open with Alt+O; "&amp;" is an entity
    text = _ENTITY.sub(lambda m: html.unescape(m.group(0)), text).replace("\0", "&")
    text = " ".join(text.split()).rstrip(":").strip()
    if len(text) > MAX_NAME:  # a name is announced on every focus: long explanations are the description
        text = text[:MAX_NAME].rsplit(" ", 1)[0].rstrip(",;:(") + "…"
    return text


def _form_label(widget: QWidget) -> str:
    """The label of the form row holding the widget, itself or inside the row's own widget."""
    field = widget
    while field is not None and not field.isWindow():
        parent = field.parentWidget()
        if parent is None:
            return ""
        for form in _layouts(parent.layout()):
            if isinstance(form, QFormLayout):
                label = form.labelForField(field)
                if isinstance(label, QLabel) and label.text().strip():
                    return label.text()
        if field is not widget and isinstance(field, QAbstractScrollArea | QTabWidget):
            return ""  # a row's label does not name what lies deep inside a big container
        field = parent
    return ""


def _layouts(layout):
    """A widget's layout and the layouts nested in it (not those of child widgets)."""
    if layout is None:
        return
    yield layout
    for index in range(layout.count()):
        yield from _layouts(layout.itemAt(index).layout())


def _label_before(widget: QWidget) -> str:
    """The label just before the widget in its row ("Layer: [combo]"), or a short one above it."""
    parent = widget.parentWidget()
    if parent is None:
        return ""
    for box in _layouts(parent.layout()):
        if not isinstance(box, QBoxLayout):
            continue
        index = box.indexOf(widget)
        if index <= 0:
            continue
        before = box.itemAt(index - 1).widget()
        above = box.direction() in (QBoxLayout.Direction.TopToBottom, QBoxLayout.Direction.BottomToTop)
        if above and isinstance(before, QLabel) and before.wordWrap() and before.buddy() is not widget:
            continue  # a wrapped sentence above (a status, "Reading the cache…") is no name: it changes
        if isinstance(before, QLabel) and before.text().strip():
            return before.text()
    return ""


def _own_text(widget: QWidget) -> str:
    if isinstance(widget, QLineEdit | QPlainTextEdit | QTextEdit):
        return widget.placeholderText()
    if isinstance(widget, QComboBox) and widget.isEditable() and widget.lineEdit() is not None:
        return widget.lineEdit().placeholderText()
    if isinstance(widget, QAbstractButton):
        return widget.text()
    return ""


def _plot_title(widget: QWidget) -> str:
    """A pyqtgraph plot by its title, else its axes ("loss over step")."""
    plot = getattr(widget, "plotItem", None)
    items = [plot] if plot is not None else list(getattr(getattr(widget, "ci", None), "items", {}) or ())
    for item in items:
        title = getattr(getattr(item, "titleLabel", None), "text", "")
        if title:
            return f"Plot: {title}"
        axes = [
            getattr(item.getAxis(side).label, "toPlainText", lambda: "")()
            for side in ("left", "bottom")
            if hasattr(item, "getAxis")
        ]
        if axes and all(axes):
            return f"Plot of {axes[0]} over {axes[1]}"
        if axes and axes[0]:
            return f"Plot of {axes[0]}"
    return "Plot" if items else ""


def _tab_title(widget: QWidget) -> str:
    """A tab bar by its current tab; a scrolling area or text view by the tab or page it fills."""
    if isinstance(widget, QTabWidget):
        return f"Tabs: {widget.tabText(widget.currentIndex())}" if widget.count() else ""
    if not isinstance(widget, QAbstractScrollArea):
        return ""
    child, parent = widget, widget.parentWidget()
    while parent is not None:
        if isinstance(parent.parentWidget(), QWidget) and isinstance(
            parent.parentWidget().parentWidget(), QTabWidget
        ):
            tabs = parent.parentWidget().parentWidget()
            index = tabs.indexOf(parent)
            if index >= 0:
                return f"{tabs.tabText(index)} {_kind(widget)}"
        title = getattr(parent, "title", None)
        if isinstance(title, str) and title:
            return f"{title} {_kind(widget)}"
        child, parent = parent, parent.parentWidget()
    del child
    return ""


def _kind(widget: QWidget) -> str:
    from PySide6.QtWidgets import QAbstractItemView

    if isinstance(widget, QAbstractItemView):
        return (
            "table"
            if widget.metaObject().className().endswith(("Table", "TableView", "TableWidget"))
            else "list"
        )
    if isinstance(widget, QPlainTextEdit | QTextEdit):
        return "text"
    return "area"


def _group_title(widget: QWidget) -> str:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QGroupBox) and parent.title():
            return parent.title()
        parent = parent.parentWidget()
    return ""


def _window_title(widget: QWidget) -> str:
    """A dialog's text view or list that nothing else names, by the dialog it fills ("Help text")."""
    window = widget.window()
    if not isinstance(widget, QAbstractScrollArea) or not isinstance(window, QDialog):
        return ""
    return f"{window.windowTitle()} {_kind(widget)}" if window.windowTitle() else ""


def _tooltip(widget: QWidget) -> str:
    tip = _clean(widget.toolTip())
    return re.split(r"(?<=[.!?])\s", tip, maxsplit=1)[0].rstrip(".") if tip else ""


class FocusRing(QWidget):
    """A ring drawn around the focused widget of ``window``, on top of it, for every style and widget kind.

    It is a child of the window (so it lives as long as the window does) placed over the focused
    widget and clipped to the part of it that is visible (a widget scrolled half out of view).
    """

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("focusRing")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.hide()
        self.target: QWidget | None = None
        self._watched: list[QWidget] = []
        QApplication.instance().focusChanged.connect(self._on_focus)

    def _on_focus(self, _old: QWidget | None, new: QWidget | None) -> None:
        for watched in self._watched:
            if shiboken6.isValid(watched):
                watched.removeEventFilter(self)
        self._watched = []
        if new is not None and not isinstance(new, QLabel) and needs_name(new):
            new.setAccessibleName(derived_name(new))  # a widget made after its page was named
        self.target = _ring_target(new, self.window())
        if self.target is None:
            self.hide()
            return
        # The target and its ancestors: scrolling moves an ancestor, not the target.
        widget = self.target
        while widget is not None and widget is not self.window():
            widget.installEventFilter(self)
            self._watched.append(widget)
            widget = widget.parentWidget()
        self.follow()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.Show):
            self.follow()
        elif watched is self.target and event.type() == QEvent.Type.Hide:
            self.hide()
        return False

    def follow(self) -> None:
        """Put the ring around the target where it is now."""
        target, window = self.target, self.window()
        if target is None or not shiboken6.isValid(target) or not target.isVisible():
            self.hide()
            return
        visible = target.visibleRegion().boundingRect()
        if visible.isEmpty():
            self.hide()
            return
        origin = target.mapTo(window, visible.topLeft())
        rect = QRect(origin, visible.size()).adjusted(-RING_WIDTH, -RING_WIDTH, RING_WIDTH, RING_WIDTH)
        self.setGeometry(rect.intersected(QRect(0, 0, window.width(), window.height())))
        self.raise_()
        self.show()
        self.update()

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Highlight), RING_WIDTH))
        half = RING_WIDTH / 2
        painter.drawRoundedRect(self.rect().toRectF().adjusted(half, half, -half, -half), 3, 3)


def _ring_target(widget: QWidget | None, window: QWidget) -> QWidget | None:
    """The widget to ring: a spin box or combo, not its inner line edit; none outside ``window``."""
    while widget is not None and isinstance(widget.parentWidget(), QAbstractSpinBox | QComboBox):
        widget = widget.parentWidget()
    if widget is None or widget.isWindow() or widget.window() is not window:
        return None
    return widget


def cover_dialog(dialog: QWidget) -> FocusRing:
    """Name a dialog's widgets and give it a focus ring (once); its ring."""
    ring = dialog.findChild(FocusRing, "focusRing", Qt.FindChildOption.FindDirectChildrenOnly)
    if ring is None:
        ring = FocusRing(dialog)
    name_widgets(dialog)
    focus = QApplication.focusWidget()
    if focus is not None and focus.window() is dialog:
        ring._on_focus(None, focus)  # the dialog took the focus before it was covered
    return ring


class DialogCover(QObject):
    """An application event filter: every top-level dialog, when shown, gets names and a ring."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == _SHOW and isinstance(watched, QDialog) and watched.isWindow():
            cover_dialog(watched)
        return False


_SHOW = QEvent.Type.Show
_cover: DialogCover | None = None


def cover_dialogs() -> DialogCover | None:
    """Install the ``DialogCover`` on the application (once); None without a QApplication."""
    global _cover
    app = QApplication.instance()
    if app is None:
        return None
    if _cover is None or not shiboken6.isValid(_cover) or _cover.parent() is not app:
        _cover = DialogCover(app)
        app.installEventFilter(_cover)
    return _cover
