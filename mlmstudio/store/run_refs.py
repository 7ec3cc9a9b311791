"""``latest`` and ``latest~N``: run references that need no id.

Run ids are random (12 hex characters), so a script or a README cannot know
the id a ``train`` will get. ``latest`` is the newest run in the history and
``latest~1`` the one before it (as ``HEAD~1`` in git), accepted wherever a run
id is: ``fill``, ``export-hf``, ``runs show``, ``runs compare``, ...
"""

from __future__ import annotations

import re

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from mlmstudio import command_hint
from mlmstudio.store.errors import RunNotFoundError
from mlmstudio.store.models import RunRow

LATEST = "latest"
_LATEST_REF = re.compile(r"latest(?:\s*~\s*(\d{1,6}))?", re.IGNORECASE)


def latest_offset(ref: str) -> int | None:
    """0 for "latest", N for "latest~N"; None when ``ref`` is not such a reference."""
    match = _LATEST_REF.fullmatch(ref.strip())
    if match is None:
        return None
    return int(match.group(1) or 0)


def latest_run(session: Session, back: int = 0) -> RunRow:
    """The newest run (back=0), or the one ``back`` runs before it, by creation time."""
    row = session.scalar(
        select(RunRow).order_by(RunRow.created_at.desc(), RunRow.id.desc()).offset(back).limit(1)
    )
    if row is not None:
        return row
    count = session.scalar(select(func.count()).select_from(RunRow)) or 0
    if count == 0:
        raise RunNotFoundError(
            "There are no runs in the history yet, so there is no latest run. "
            f"Train one first, e.g. '{command_hint.command('train sample:facts')}'."
        )
    ref = LATEST if back == 0 else f"{LATEST}~{back}"
    raise RunNotFoundError(
        f"'{ref}' would be run number {back + 1} counting back from the newest, but the "
        f"history holds {count} run{'s' if count != 1 else ''}. "
        f"See '{command_hint.command('runs list')}'."
    )
