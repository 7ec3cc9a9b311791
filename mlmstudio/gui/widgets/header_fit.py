"""Column titles shown whole: each column at least as wide as its title, in any language.

Qt sizes a column to its contents, but a title measured by the style can come out a few
pixels short of the text (and a translated title is often 40% longer than the English), so
the title is cut. ``title_width`` is the room a title needs; ``fit_titles`` widens the
columns of a table to it and keeps the table wide enough to show every title without
scrolling sideways.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QHeaderView, QStyle, QTableView, QTableWidget

SLACK = 4  # pixels beyond the text and the style's margins


def title_width(text: str, header: QHeaderView | None = None) -> int:
    """The width a column needs to show ``text`` as its title, whole."""
    style = header.style() if header is not None else QApplication.style()
    metrics = header.fontMetrics() if header is not None else QFontMetrics(QApplication.font("QHeaderView"))
    margin = style.pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    width = metrics.horizontalAdvance(text) + 2 * margin + SLACK
    if header is not None and header.isSortIndicatorShown():
        width += margin + style.pixelMetric(QStyle.PixelMetric.PM_HeaderMarkSize, None, header)
    return width


def fit_titles(table: QTableView, keep_wide: bool = True) -> None:
    """Widen every column of ``table`` to its whole title; with ``keep_wide``, the table's
    minimum width holds every title side by side (no sideways scrolling for the titles alone)."""
    header = table.horizontalHeader()
    model = table.model()
    if model is None:
        return
    total = 0
    for section in range(model.columnCount()):
        if header.isSectionHidden(section):
            continue
        text = model.headerData(section, Qt.Orientation.Horizontal)
        need = title_width(text, header) if isinstance(text, str) and text else 0
        item = table.horizontalHeaderItem(section) if isinstance(table, QTableWidget) else None
        if item is not None and need:  # a column sized to its contents asks its title's size hint
            item.setSizeHint(QSize(need, header.fontMetrics().height() + 2 * SLACK))
        if (
            header.sectionResizeMode(section) == QHeaderView.ResizeMode.Interactive
            and header.sectionSize(section) < need
        ):
            header.resizeSection(section, need)
        stretched = header.stretchLastSection() and section == model.columnCount() - 1
        # A stretched last column is never narrower than the default section size.
        total += max(need, header.defaultSectionSize() if stretched else header.sectionSize(section))
    if keep_wide:
        frame = 2 * table.frameWidth()
        scroll = table.verticalScrollBar().sizeHint().width()
        table.setMinimumWidth(total + frame + scroll)
