"""The probe plot (issue 10 item 4): one line per probe, the newest answers in a table beside it."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from mlmstudio.config import TokenizerConfig
from mlmstudio.engine.corpus import load_corpus
from mlmstudio.engine.events import ProbeResult
from mlmstudio.engine.samples import FACT_PROBES
from mlmstudio.gui.pages.train_page import TrainPage
from mlmstudio.gui.settings import AppSettings
from mlmstudio.gui.training_worker import ProgressBatch
from mlmstudio.gui.widgets.probe_plot import ProbePlot, short_sentence
from mlmstudio.store import service
from mlmstudio.store.records import ProbeCurve

SENTENCES = [("The capital of France is [MASK].", "paris"), ("The sky is [MASK].", "blue")]


def answers(step: int) -> tuple[ProbeResult, ...]:
    return tuple(ProbeResult(s, a, step / 100, a if step >= 20 else "the", step >= 20) for s, a in SENTENCES)


@pytest.fixture
def plot(qtbot):
    widget = ProbePlot()
    qtbot.addWidget(widget)
    widget.resize(900, 260)
    widget.show()
    return widget


def test_each_probe_gets_a_line_a_legend_and_a_row(plot):
    assert plot.probe_count() == 0 and plot.empty_label.isVisible()
    plot.add_records([(10, answers(10)), (20, answers(20))])
    plot.add_records([(30, answers(30))])
    assert plot.probe_count() == 2 and not plot.empty_label.isVisible()
    assert plot.points(0) == ([10.0, 20.0, 30.0], [0.1, 0.2, 0.3])
    assert plot.legend_names() == ["The capital of France is [MASK]. → paris", "The sky is [MASK]. → blue"]
    assert plot.table_row(0) == ["The capital of France is [MASK].", "paris", "30.0%", "paris"]
    assert plot.table.item(0, 3).font().bold()  # the best guess is the answer

    plot.keep_before(20)  # a resumed run goes on from its checkpoint at step 10
    assert plot.points(1) == ([10.0], [0.1])
    plot.add_records([(20, answers(15))])
    assert plot.points(1) == ([10.0, 20.0], [0.1, 0.15])
    assert plot.table_row(1)[3] == "the" and not plot.table.item(1, 3).font().bold()


def test_other_probes_start_a_new_set_of_lines(plot):
    plot.add_records([(10, answers(10))])
    other = (ProbeResult("Grass is [MASK].", "green", 0.5, "green", True),)
    plot.add_records([(10, other)])
    assert plot.probe_count() == 1 and plot.points(0) == ([10.0], [0.5])
    plot.clear()
    assert plot.probe_count() == 0 and plot.table.rowCount() == 0


def test_a_recorded_run_shows_its_curves(plot):
    curve = ProbeCurve(
        "r",
        0,
        "Bees make [MASK].",
        "honey",
        np.array([10, 20]),
        np.array([0.2, 0.9]),
        ("wax", "honey"),
        np.array([False, True]),
        np.array([1.0, 2.0]),
    )
    plot.show_curves([curve])
    assert plot.points(0) == ([10.0, 20.0], [0.2, 0.9])
    assert plot.table_row(0) == ["Bees make [MASK].", "honey", "90.0%", "honey"]


def test_long_sentences_are_shortened_around_the_mask():
    text = "In the long and winding story of the old kingdom the capital was [MASK] for many years."
    short = short_sentence(text)
    assert "[MASK]" in short and len(short) <= 34 and short.startswith("…") and short.endswith("…")
    assert short_sentence("Grass is [MASK].") == "Grass is [MASK]."


@pytest.mark.slow  # trains for more than a second
def test_the_train_page_plots_the_probes_it_receives(qtbot, db, make_tiny_config):
    page = TrainPage(db, AppSettings())
    qtbot.addWidget(page)
    page.resize(1000, 800)
    page.show()
    config = replace(
        make_tiny_config(steps=30), tokenizer=TokenizerConfig(kind="word", vocab_size=4000, lowercase=True)
    )
    page.set_request(config, load_corpus("sample:facts"))
    batches: list[ProgressBatch] = []
    with qtbot.waitSignal(page.run_finished, timeout=120_000):
        page.start()
        page.worker.progress.connect(lambda batch: batches.append(batch))
    qtbot.waitUntil(lambda: not page.is_training(), timeout=10_000)

    received = [step for batch in batches for step, _ in batch.probes]
    assert received == [10, 20, 30]  # the signals carried every evaluation's probes
    plot = page.probe_plot
    assert plot.probe_count() == len(FACT_PROBES)
    recorded = service.load_probe_curves(db, page.run_id)
    for index, curve in enumerate(recorded):
        steps, probabilities = plot.points(index)
        assert steps == [10.0, 20.0, 30.0] == curve.steps.tolist()
        assert probabilities == pytest.approx(curve.probabilities.tolist())
        assert plot.table_row(index)[3] == curve.top1[-1]
    page.stop_and_wait()


def test_history_shows_the_selected_runs_probe_curves(qtbot, trained_db, history):
    from mlmstudio.gui.pages.history_page import HistoryPage

    page = HistoryPage(trained_db)
    qtbot.addWidget(page)
    page.resize(1200, 800)
    page.show()
    recorded = service.load_probe_curves(trained_db, history.seed_id)
    assert len(recorded) == len(FACT_PROBES)  # the trained run asked the facts questions
    page.select_runs([history.seed_id])
    qtbot.waitUntil(lambda: page.probe_plot.probe_count() == len(recorded), timeout=5_000)
    assert page.curve_tabs.tabText(1) == f"Probes ({len(recorded)})"
    steps, probabilities = page.probe_plot.points(0)
    assert steps == recorded[0].steps.astype(float).tolist()
    assert probabilities == pytest.approx(recorded[0].probabilities.tolist())
    # Several runs: one probe at a time, a line per run in the run's colour.
    page.select_runs([history.seed_id, history.modern_id])
    qtbot.waitUntil(lambda: page.probe_plot.probe_count() == 2, timeout=5_000)
    plot = page.probe_plot
    assert not plot.probe_combo.isHidden() and plot.probe_combo.count() == len(recorded)
    assert plot.compared_probe() == (recorded[0].sentence, recorded[0].answer)
    names = {service.get_run(trained_db, r).summary.name for r in (history.seed_id, history.modern_id)}
    assert set(plot.legend_names()) == names and {plot.table_row(0)[0], plot.table_row(1)[0]} == names
    plot.probe_combo.setCurrentIndex(3)
    assert plot.compared_probe() == (recorded[3].sentence, recorded[3].answer)
    assert plot.probe_count() == 2 and page.curve_tabs.tabText(1) == "Probes (2 runs)"
    page.wait_idle()


def test_a_log_scale_shows_the_first_rise(plot):
    plot.add_records(
        [
            (10, (ProbeResult("Grass is [MASK].", "green", 0.0, "the", False),)),
            (20, (ProbeResult("Grass is [MASK].", "green", 0.01, "the", False),)),
        ]
    )
    plot.log_y.setChecked(True)
    assert plot.plot.getAxis("left").logMode
    _, y = plot._probes[0].line.getData()
    assert list(y) == pytest.approx([-5.0, -2.0])  # log10, a probability of 0 at the floor
    plot.log_y.setChecked(False)
    assert list(plot._probes[0].line.getData()[1]) == [0.0, 0.01]


def test_runs_are_compared_one_probe_at_a_time(plot):
    from PySide6.QtGui import QColor

    def curve(run, answer, probabilities):
        return ProbeCurve(
            run,
            0,
            f"X is [MASK] ({answer}).",
            answer,
            np.array([10, 20]),
            np.array(probabilities),
            ("a", answer),
            np.array([False, True]),
            np.array([1.0, 2.0]),
        )

    plot.show_comparison(
        [
            ("run A", QColor("red"), [curve("a", "paris", [0.1, 0.5]), curve("a", "blue", [0.2, 0.3])]),
            ("run B", QColor("blue"), [curve("b", "paris", [0.4, 0.9])]),
        ]
    )
    assert plot.probe_combo.count() == 2 and plot.probe_count() == 2
    assert plot.legend_names() == ["run A", "run B"] and plot.table_row(1) == [
        "run B",
        "paris",
        "90.0%",
        "paris",
    ]
    plot.probe_combo.setCurrentIndex(1)  # only run A asked 'blue'
    assert plot.probe_count() == 1 and plot.points(0) == ([10.0, 20.0], [0.2, 0.3])
    plot.show_curves([])
    assert plot.probe_combo.isHidden() and plot.table.horizontalHeaderItem(0).text() == "Probe sentence"
