"""Why a page cannot start a run yet, said the same way on every page that starts runs.

The Train page (one run) and the Sweep page (a sweep of runs) both start from
the Setup page's settings and the Corpus page's corpus; the main window hands
each page both, with the Setup page's own problem if it has one.
"""

from __future__ import annotations

from typing import Any

from mlmstudio.config import RunConfig
from mlmstudio.gui.i18n import translate


def request_problem(config: RunConfig | None, corpus: Any, problem: str = "") -> str:
    """The first reason the request cannot start ('' when it can): Setup's own, then a missing part."""
    if not problem and corpus is None:
        problem = translate("RunRequest", "Choose a corpus on the Corpus page first.")
    if not problem and config is None:
        problem = translate("RunRequest", "Choose the settings on the Setup page first.")
    return problem
