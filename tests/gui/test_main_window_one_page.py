"""Exactly one page is shown at a time, also when the welcome (which has the focus) gives way."""

from __future__ import annotations

import pytest

from mlmstudio.gui.main_window import PAGES


def _shown_pages(window) -> list[str]:
    return [
        type(window.stack.widget(i)).__name__
        for i in range(window.stack.count())
        if window.stack.widget(i).isVisible()
    ]


@pytest.mark.parametrize("target", range(len(PAGES)))
def test_leaving_the_welcome_shows_only_the_chosen_page(window, qtbot, target):
    window.show_welcome()
    window.activateWindow()
    first = next(iter(window.welcome.sample_buttons.values()))
    first.setFocus()
    qtbot.waitUntil(lambda: window.welcome.isVisible())
    window.show_page(target)
    assert window.stack.currentIndex() == target
    assert window.sidebar.currentRow() == target
    assert _shown_pages(window) == [type(window.pages[target]).__name__]


def test_every_page_in_turn_is_the_only_one_shown(window):
    for index in (*range(len(PAGES)), 0):
        window.show_page(index)
        assert _shown_pages(window) == [type(window.pages[index]).__name__]
