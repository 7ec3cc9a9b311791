"""The app and its pages show MLM Studio's own icons (from mlmstudio.resources)."""

from __future__ import annotations

from PySide6.QtCore import QSize

from mlmstudio.gui.app import create_application
from mlmstudio.gui.icons import app_icon, page_icon
from mlmstudio.gui.main_window import PAGES, MainWindow
from mlmstudio.gui.settings import AppSettings
from mlmstudio.resource_paths import APP_ID, ICON_SIZES, PAGE_NAMES


def test_app_icon_holds_every_rendered_size():
    icon = app_icon()
    assert not icon.isNull()
    assert {s.width() for s in icon.availableSizes()} == set(ICON_SIZES)
    assert icon.pixmap(QSize(16, 16)).width() == 16


def test_every_page_icon_draws():
    for page in PAGE_NAMES:
        image = page_icon(page).pixmap(QSize(24, 24)).toImage()
        drawn = sum(image.pixelColor(x, y).alpha() > 0 for x in range(24) for y in range(24))
        assert drawn > 40, f"the {page} icon drew {drawn} pixels of 576"  # the SVG engine really drew it


def test_window_and_taskbar_get_the_icon_and_the_desktop_id(qtbot, db):
    app = create_application()
    assert app.desktopFileName() == APP_ID
    assert not app.windowIcon().isNull()
    window = MainWindow(db, AppSettings())
    qtbot.addWidget(window)
    assert not window.windowIcon().isNull()
    for row, name in enumerate(PAGES):
        item = window.sidebar.item(row)
        assert item.text() == name
        assert not item.icon().isNull(), name


def test_a_selected_page_icon_is_drawn_in_the_highlighted_text_colour(qtbot):
    from PySide6.QtGui import QGuiApplication, QIcon, QPalette

    color = QGuiApplication.palette().color(QPalette.ColorRole.HighlightedText)
    for page in PAGE_NAMES:
        image = page_icon(page).pixmap(QSize(24, 24), QIcon.Mode.Selected).toImage()
        drawn = [
            image.pixelColor(x, y)
            for x in range(24)
            for y in range(24)
            if image.pixelColor(x, y).alpha() == 255
        ]
        assert len(drawn) > 20, page
        assert all(c.rgb() == color.rgb() for c in drawn), page
