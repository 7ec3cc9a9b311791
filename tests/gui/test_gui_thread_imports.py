"""Browsing runs never imports torch on the GUI thread.

Explore and History list runs, pick one and show whether it can be exported
without the engine's heavy modules: torch is imported only inside the
workers that load models or write files. Checked in a fresh process (this
one has imported torch long ago), over a copy of a really trained history.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent("""
    import sys
    from PySide6.QtWidgets import QApplication
    from mlmstudio.gui.pages.explore_page import ExplorePage
    from mlmstudio.gui.pages.history_page import HistoryPage
    from mlmstudio.gui.run_list import RunList
    from mlmstudio.store.database import Database

    app = QApplication([])
    db = Database.open(sys.argv[1])
    runs = RunList(db)
    history = HistoryPage(db, runs=runs)
    explore = ExplorePage(db, runs=runs)
    for run_id in sys.argv[2:]:
        history.select_runs([run_id])          # the Hugging Face export state is decided here
        explore.select_run(run_id)             # chosen, not loaded: the page is not shown
    assert history.run_actions.hf_action.isEnabled()  # the seed run, selected last, is exportable
    heavy = [m for m in ("torch", "tokenizers", "transformers", "mlmstudio.engine.predict") if m in sys.modules]
    print("HEAVY", heavy)
    """)


def test_selecting_runs_imports_no_torch(history, _isolated_data_dir):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(_isolated_data_dir), history.modern_id, history.seed_id],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert "HEAVY []" in out.stdout, out.stdout + out.stderr[-2000:]
