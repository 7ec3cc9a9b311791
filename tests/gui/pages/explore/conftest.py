"""The Explore page with two really trained tiny runs, ready to ask (its model loaded)."""

from __future__ import annotations

import pytest

from mlmstudio.gui.pages.explore_page import ExplorePage

from explore_helpers import ANSWER_MS


@pytest.fixture
def page(qtbot, trained_db, history):
    page = ExplorePage(trained_db)
    qtbot.addWidget(page)
    page.resize(1000, 700)
    page.show()
    page.select_run(history.modern_id)
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=ANSWER_MS)
    yield page
    page.wait_idle()
