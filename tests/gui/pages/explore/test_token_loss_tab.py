"""The Per-token loss tab: the validation text coloured by loss, a comparison, progress, and bad input."""

from __future__ import annotations

import csv
import json
import shutil

import pytest

from mlmstudio.gui.pages.explore.token_loss_tab import NO_COMPARISON, TokenLossTab
from mlmstudio.store import repository
from mlmstudio.store.models import RunRow

from explore_helpers import ANSWER_MS, ask


def _corpus_file_for(db, run_id, path, text):
    """Point the run's corpus record at a file holding ``text`` (as if it was trained from that file)."""
    from mlmstudio.engine.corpus import load_corpus

    path.write_text(text, encoding="utf-8")
    corpus = load_corpus(path)
    with db.session() as session:
        row = repository.get_or_create_corpus(
            session,
            name=corpus.name,
            source=corpus.source,
            sha256=corpus.stats.sha256,
            size_bytes=corpus.stats.size_bytes,
            stats={},
        )
        session.get(RunRow, run_id).corpus_id = row.id
    return corpus


def _failed(qtbot, page, tab) -> str:
    with qtbot.waitSignal(page.failed, timeout=ANSWER_MS):
        tab.show_button.click()
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=ANSWER_MS)
    message = page.message_text()
    assert message and "Traceback" not in message
    assert tab.progress_bar.isHidden() and tab.cancel_button.isHidden()
    return message


def test_the_text_is_coloured_by_loss_with_progress_and_saved(page, trained_db, history, qtbot, tmp_path):
    tab = page.tab(TokenLossTab)
    page.tabs.setCurrentWidget(tab)
    assert page.tabs.tabText(page.tabs.indexOf(tab)) == "Per-token loss"
    assert tab.compare_combo.currentText() == NO_COMPARISON
    assert tab.compare_combo.findData(history.seed_id) >= 0  # the other run can be compared
    assert tab.compare_combo.findData(history.modern_id) < 0  # not the chosen one itself
    seen = []
    tab._progress.changed.connect(lambda done, total: seen.append((done, total)))
    ask(qtbot, page, tab.show_button)

    report = tab.subject
    assert seen and seen[-1][0] == seen[-1][1] == report.windows  # progress reached the end
    assert report.mean_loss == pytest.approx(report.recorded_val_loss, abs=1e-5)
    html = tab.browser.toHtml()
    assert f"{report.mean_loss:.4f}" in html and "nats" in html
    assert tab.browser.toPlainText().count(report.text[:40]) == 1
    worst = report.ranked(1)[0]
    tip = tab.tooltip_at(f"#m{worst}")
    assert f"{report.losses[worst]:.3f}" in tip and "guess" in tip
    assert tab.tooltip_at("#m999999") == "" and tab.tooltip_at("nonsense") == ""

    assert tab.export.save_picture(tmp_path / "loss.png") and (tmp_path / "loss.png").stat().st_size > 1000
    assert tab.export.save_numbers(tmp_path / "loss.csv")
    rows = list(csv.DictReader((tmp_path / "loss.csv").open(encoding="utf-8")))
    assert len(rows) == len(report)
    assert float(rows[worst]["loss"]) == pytest.approx(float(report.losses[worst]))
    assert tab.export.save_numbers(tmp_path / "loss.json")
    data = json.loads((tmp_path / "loss.json").read_text(encoding="utf-8"))
    assert data["mean_loss"] == pytest.approx(report.mean_loss) and len(data["tokens"]) == len(report)


def test_compare_with_a_run_of_the_same_corpus(page, history, qtbot, tmp_path):
    tab = page.tab(TokenLossTab)
    assert tab.set_compare_run(history.seed_id)
    ask(qtbot, page, tab.show_button)
    comparison = tab.subject
    assert comparison.words and history.modern_id in comparison.a.run_label
    assert history.seed_id in comparison.b.run_label
    html = tab.browser.toHtml()
    assert "minus" in html and "blue" in html  # the difference legend
    word = comparison.ranked(1)[0]
    assert f"{word.difference:+.3f}" in tab.tooltip_at(f"#m{comparison.words.index(word)}")
    assert tab.export.save_numbers(tmp_path / "diff.csv")
    rows = list(csv.DictReader((tmp_path / "diff.csv").open(encoding="utf-8")))
    assert len(rows) == len(comparison.words) and "difference" in rows[0]


def test_a_deleted_run_is_a_sentence(page, trained_db, history, qtbot):
    tab = page.tab(TokenLossTab)
    shutil.rmtree(trained_db.run_dir(history.modern_id))
    message = _failed(qtbot, page, tab)
    assert "deleted" in message.lower() or "folder" in message.lower(), message
    assert tab.subject is None


def test_a_corpus_that_is_gone_or_changed_is_a_sentence(page, trained_db, history, qtbot, tmp_path):
    from mlmstudio.engine.samples import sample_text

    tab = page.tab(TokenLossTab)
    path = tmp_path / "facts.txt"
    _corpus_file_for(trained_db, history.modern_id, path, sample_text("facts"))
    path.write_text(sample_text("facts") + "\nOne more line that changes the text.\n", encoding="utf-8")
    message = _failed(qtbot, page, tab)
    assert "has changed since the run was trained" in message and str(path) in message
    path.unlink()
    message = _failed(qtbot, page, tab)
    assert "cannot be read" in message and "facts.txt" in message
    assert tab.subject is None


def test_runs_on_different_corpora_are_refused(page, trained_db, history, qtbot, tmp_path):
    tab = page.tab(TokenLossTab)
    _corpus_file_for(trained_db, history.seed_id, tmp_path / "other.txt", "Another text entirely.\n" * 50)
    assert tab.set_compare_run(history.seed_id)
    message = _failed(qtbot, page, tab)
    assert "different corpora" in message
    assert tab.subject is None


def test_cancel_stops_the_computation(page, qtbot):
    tab = page.tab(TokenLossTab)
    page.tabs.setCurrentWidget(tab)
    started = tab.compute()
    assert started and tab.cancel_button.isVisible() and tab.progress_bar.isVisible()
    tab.cancel()  # long before the worker has read the corpus and the model
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=ANSWER_MS)
    assert "cancelled" in page.message_text().lower()
    assert tab.progress_bar.isHidden() and tab.subject is None


def test_a_chosen_text_is_measured_instead_of_the_held_out_text(page, trained_db, history, qtbot, tmp_path):
    """For an opened model, which has no held-out text: the loss on a text the user picks."""
    tab = page.tab(TokenLossTab)
    page.tabs.setCurrentWidget(tab)
    assert tab.text_picker.value() == ""  # the run's own held-out text by default
    own = tab.text_picker.combo
    own.setCurrentIndex(own.findData("sample:tutorial"))
    ask(qtbot, page, tab.show_button)
    report = tab.subject
    assert report.recorded_val_loss is None  # not the held-out text the run recorded
    from mlmstudio.engine.samples import sample_text

    first = min(range(len(report)), key=lambda i: report.starts[i])
    assert report.starts[first] < 200 and sample_text("tutorial")[report.starts[first] : report.ends[first]]
    # A text that cannot be read is a sentence, and the page stays usable.
    tab.text_picker.use(str(tmp_path / "gone.txt"))
    message = _failed(qtbot, page, tab)
    assert "gone.txt" in message
