"""The Train page's ELECTRA curves: both losses, the discriminator's accuracy against the unreplaced
share, the detection AUC; shown for ELECTRA runs only, the MLM page unchanged."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from mlmstudio.engine.corpus import load_corpus
from mlmstudio.gui.pages.train_page import TrainPage
from mlmstudio.gui.settings import AppSettings
from mlmstudio.gui.widgets.electra_plots import ElectraPlots


def test_rows_become_curves_and_a_summary(qtbot):
    plots = ElectraPlots()
    qtbot.addWidget(plots)
    plots.append_steps(np.array([[1, 0.1, 5.0, 0.6, 0.80, 0.20], [2, 0.2, 4.5, 0.5, 0.90, 0.25]]))
    plots.append_detection(np.array([[2, 0.2, 0.71]]))
    plots.refresh()
    curve = plots.curves["unreplaced_share"]
    assert curve.xData.tolist() == [1, 2] and curve.yData.tolist() == pytest.approx([0.80, 0.75])
    assert plots.curves["detection_auc"].yData.tolist() == [0.71]
    text = plots.summary_text()
    assert "22.5%" in text and "85.0%" in text and "77.5%" in text and "0.710" in text
    plots.keep_before(2)
    assert len(plots.steps) == 1 and len(plots.detection) == 0


@pytest.mark.slow  # trains for more than a second
@pytest.mark.parametrize("objective", ["electra", "mlm"])
def test_the_train_page_shows_them_for_electra_runs_only(qtbot, db, make_tiny_config, objective):
    page = TrainPage(db, AppSettings())
    qtbot.addWidget(page)
    page.resize(1000, 900)
    page.show()
    config = make_tiny_config(steps=20, arch="seed")
    config = replace(config, model=replace(config.model, objective=objective))
    page.set_request(config, load_corpus("sample:facts"))
    with qtbot.waitSignal(page.run_finished, timeout=120_000):
        page.start()
    qtbot.waitUntil(lambda: not page.is_training(), timeout=10_000)
    page.electra_plots.refresh()
    if objective == "electra":
        assert page.electra_plots.isVisible()
        assert len(page.electra_plots.steps) == 20
        assert len(page.electra_plots.detection) == 2  # evaluations at steps 10 and 20
        assert "discriminator judged" in page.electra_plots.summary_label.text()
    else:
        assert not page.electra_plots.isVisible()
    page.plots.refresh()
    assert page.plots.curve_points("train_loss") == 20  # the ordinary curves as ever
    page.stop_and_wait()
