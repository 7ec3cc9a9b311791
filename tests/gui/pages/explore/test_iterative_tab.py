"""The Fill one at a time tab: each step of the iterative filling, as the engine computes it."""

from __future__ import annotations

from explore_helpers import ask, predictor


def test_fill_one_at_a_time_shows_each_step(page, trained_db, history, qtbot):
    tab = page.iterative_tab
    text = "The capital of France is [MASK][MASK][MASK]."
    page.sentence.set_text(text)
    ask(qtbot, page, tab.iterate_button)

    expected = predictor(trained_db, history.modern_id).fill_iteratively(text)
    assert page.message_text() == ""
    table = tab.steps_table
    assert table.rowCount() == 3
    assert sorted(int(table.item(r, 1).text()) for r in range(3)) == [1, 2, 3]
    assert [int(table.item(r, 1).text()) - 1 for r in range(3)] == [s["mask"] for s in expected.steps]
    assert "[MASK]" not in table.item(2, 4).text()
    assert expected.sequence in tab.iterative_result.text()
