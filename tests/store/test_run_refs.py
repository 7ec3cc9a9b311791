"""`latest` and `latest~N` name runs without their random ids."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from mlmstudio.store import service
from mlmstudio.store.errors import RunNotFoundError
from mlmstudio.store.run_refs import latest_offset

from store_helpers import add_run

T0 = datetime(2026, 1, 1, 12, 0, 0)


@pytest.mark.parametrize(
    "ref, offset",
    [
        ("latest", 0),
        ("LATEST", 0),
        (" latest~2 ", 2),
        ("latest~0", 0),
        ("latest~", None),
        ("latest~x", None),
        ("latest1", None),
        ("lates", None),
        ("3f2a9c1b0d4e", None),
    ],
)
def test_latest_offset_parses_only_latest_references(ref, offset):
    assert latest_offset(ref) == offset


def test_latest_is_the_newest_run_by_creation_time(db):
    old = add_run(db, name="old", created_at=T0)
    new = add_run(db, name="new", created_at=T0 + timedelta(minutes=5))
    middle = add_run(db, name="middle", status="failed", created_at=T0 + timedelta(minutes=1))
    assert service.resolve_run_id(db, "latest") == new
    assert service.resolve_run_id(db, "latest~1") == middle
    assert service.resolve_run_id(db, "latest~2") == old
    assert service.get_run(db, "latest").summary.name == "new"


def test_latest_beyond_the_history_says_how_many_runs_there_are(db):
    add_run(db, name="only")
    with pytest.raises(RunNotFoundError, match=r"'latest~3' .* the history holds 1 run\."):
        service.resolve_run_id(db, "latest~3")


def test_latest_in_an_empty_history_says_to_train_first(db):
    with pytest.raises(RunNotFoundError, match="no runs in the history yet.*mlmstudio train"):
        service.resolve_run_id(db, "latest")
