"""A sentence box where any word can be masked with a click.

The user types in an ordinary editor (a literal ``[MASK]`` works), and below it
the same sentence is shown as clickable words: clicking a word replaces it by
``[MASK]``, clicking that mask brings the word back. The editor's text is the
one source of truth; the clickable view is redrawn from it on every change.

Masks made by clicking remember their word through a ``QTextCursor`` on the
editor's document, which Qt keeps in place while the user edits elsewhere; if
the user edits the mask itself, it simply becomes a typed mask.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from PySide6.QtCore import QRect, Qt, QUrl, Signal
from PySide6.QtGui import QFontMetrics, QKeyEvent, QPalette, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QTextBrowser, QVBoxLayout, QWidget

from mlmstudio.gui.i18n import mark_user_text, translate

MASK = "[MASK]"
# A run of masks (one masked word of a character model), a word, or one punctuation mark.
_SEGMENT_RE = re.compile(r"(?:\[MASK\])+|\w+(?:['’]\w+)*|[^\w\s]")


@dataclass(frozen=True)
class Segment:
    """One clickable piece of the text: a word, a punctuation mark, or a mask."""

    index: int
    start: int
    end: int
    text: str
    is_mask: bool


def segments(text: str) -> list[Segment]:
    """Split text into clickable segments, in order, with their character offsets."""
    found = []
    for i, match in enumerate(_SEGMENT_RE.finditer(text)):
        piece = match.group(0)
        found.append(Segment(i, match.start(), match.end(), piece, piece.startswith(MASK)))
    return found


class _SentenceEdit(QPlainTextEdit):
    """Plain text editor where Enter submits and Shift+Enter starts a new line."""

    submitted = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if enter and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.submitted.emit()
            return
        super().keyPressEvent(event)


class ClickableText(QWidget):
    """Editor plus clickable word view. Emits `text_changed` and `submitted` (Enter)."""

    text_changed = Signal(str)
    submitted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._per_character = False
        self._masked: list[tuple[QTextCursor, str]] = []  # (selection over the mask, the word)
        self._segments: list[Segment] = []

        self.editor = _SentenceEdit()
        self.editor.setPlaceholderText(
            translate("ClickableText", "Type a sentence; write [MASK] where a word is missing.")
        )
        self.editor.setTabChangesFocus(True)
        line = QFontMetrics(self.editor.font()).lineSpacing()
        self.editor.setFixedHeight(line * 3 + 12)

        hint = QLabel(
            translate("ClickableText", "Click a word to mask it; click a mask to bring the word back.")
        )
        hint.setWordWrap(True)
        hint_font = hint.font()
        hint_font.setItalic(True)
        hint.setFont(hint_font)

        self.view = QTextBrowser()
        self.view.setOpenLinks(False)
        self.view.setOpenExternalLinks(False)
        self.view.setFixedHeight(line * 3 + 12)
        self.view.setToolTip(translate("ClickableText", "Click a word to replace it by [MASK]."))
        self.view.setAccessibleName(translate("ClickableText", "Clickable words"))
        # The user's own sentence (its words are data, not the app's text).
        mark_user_text(self.editor)
        mark_user_text(self.view)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.editor)
        layout.addWidget(hint)
        layout.addWidget(self.view)

        self.editor.textChanged.connect(self._on_text_changed)
        self.editor.submitted.connect(self.submitted)
        self.view.anchorClicked.connect(self._on_anchor_clicked)
        self._render()

    # -- public API ---------------------------------------------------------

    def text(self) -> str:
        return self.editor.toPlainText()

    def set_text(self, text: str) -> None:
        self._masked.clear()
        self.editor.setPlainText(text)

    def set_mask_per_character(self, per_character: bool) -> None:
        """Character models predict one character per mask, so a clicked word gets one mask per letter."""
        self._per_character = per_character

    def segments(self) -> list[Segment]:
        return list(self._segments)

    def toggle(self, index: int) -> None:
        """Mask the segment at `index`, or restore the word behind a mask made by clicking."""
        if not 0 <= index < len(self._segments):
            return
        seg = self._segments[index]
        if seg.is_mask:
            self._restore(seg)
        else:
            self._mask(seg)

    def segment_rect(self, index: int) -> QRect:
        """Where segment `index` is drawn in the clickable view's viewport (for clicks in tests)."""
        seg = self._segments[index]
        cursor = QTextCursor(self.view.document())
        cursor.setPosition(seg.start)
        start = self.view.cursorRect(cursor)
        cursor.setPosition(seg.end)
        end = self.view.cursorRect(cursor)
        if end.top() != start.top():  # wrapped: use the first line only
            end = QRect(start.right() + 8, start.top(), 1, start.height())
        return QRect(start.left(), start.top(), max(2, end.left() - start.left()), start.height())

    # -- masking ------------------------------------------------------------

    def _mask_for(self, word: str) -> str:
        return MASK * len(word) if self._per_character else MASK

    def _mask(self, seg: Segment) -> None:
        mask = self._mask_for(seg.text)
        cursor = QTextCursor(self.editor.document())
        cursor.beginEditBlock()
        cursor.setPosition(seg.start)
        cursor.setPosition(seg.end, QTextCursor.MoveMode.KeepAnchor)
        cursor.insertText(mask)
        cursor.endEditBlock()
        # Re-select the mask so the cursor tracks it through later edits.
        cursor.setPosition(seg.start)
        cursor.setPosition(seg.start + len(mask), QTextCursor.MoveMode.KeepAnchor)
        self._masked.append((cursor, seg.text))
        self._render()

    def _restore(self, seg: Segment) -> None:
        for i, (cursor, word) in enumerate(self._masked):
            if cursor.selectionStart() == seg.start and cursor.selectedText() == seg.text:
                del self._masked[i]
                cursor.insertText(word)
                return
        # A mask the user typed has no word behind it; nothing to restore.

    # -- view ---------------------------------------------------------------

    def _on_text_changed(self) -> None:
        # Forget masks the user has edited by hand; they are now ordinary typed masks.
        self._masked = [
            (c, w)
            for c, w in self._masked
            if c.hasSelection()
            and c.selectedText().startswith(MASK)
            and not c.selectedText().replace(MASK, "")
        ]
        self._render()
        self.text_changed.emit(self.text())

    def _on_anchor_clicked(self, url: QUrl) -> None:
        fragment = url.fragment() or url.toString().lstrip("#")
        if fragment.startswith("w") and fragment[1:].isdigit():
            self.toggle(int(fragment[1:]))

    def _render(self) -> None:
        """Redraw the clickable view: the same characters as the editor, words as links."""
        text = self.text()
        self._segments = segments(text)
        palette = self.palette()
        doc = self.view.document()
        doc.clear()
        cursor = QTextCursor(doc)
        plain = QTextCharFormat()
        plain.setForeground(palette.color(QPalette.ColorRole.Text))
        pos = 0
        for seg in self._segments:
            cursor.insertText(text[pos : seg.start], plain)
            fmt = QTextCharFormat()
            fmt.setAnchor(True)
            fmt.setAnchorHref(f"#w{seg.index}")
            if seg.is_mask:
                fmt.setBackground(palette.color(QPalette.ColorRole.Highlight))
                fmt.setForeground(palette.color(QPalette.ColorRole.HighlightedText))
                fmt.setFontWeight(700)
                fmt.setToolTip(
                    translate("ClickableText", "Click to bring the word back")
                    if self._is_clicked_mask(seg)
                    else translate("ClickableText", "A typed mask: edit the text above to change it")
                )
            else:
                fmt.setForeground(palette.color(QPalette.ColorRole.Text))
                fmt.setToolTip(translate("ClickableText", "Click to mask '{word}'").format(word=seg.text))
            cursor.insertText(seg.text, fmt)
            pos = seg.end
        cursor.insertText(text[pos:], plain)
        if not text.strip():
            cursor.insertText(translate("ClickableText", "(the words of your sentence appear here)"), plain)

    def _is_clicked_mask(self, seg: Segment) -> bool:
        return any(c.selectionStart() == seg.start and c.selectedText() == seg.text for c, _ in self._masked)
