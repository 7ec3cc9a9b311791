"""store/imported_runs.py: the run that already holds a folder is found by a query narrowed in
SQLite to the rows whose metrics hold its key, then checked on the parsed metrics."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from mlmstudio.store.imported_runs import SOURCE_KEY, open_imported_model, run_holding
from mlmstudio.store.models import RUN_KIND_IMPORTED, RunRow

os.environ.setdefault("HF_HUB_OFFLINE", "1")


@pytest.fixture(scope="module")
def bert_folder(tmp_path_factory):
    from hf_family_models import build_family

    return build_family("bert", tmp_path_factory.mktemp("hf") / "tiny-bert")


def _set_metrics(db, run_id: str, text: str | None) -> None:
    with db.session() as session:
        session.get(RunRow, run_id).final_metrics_json = text


def test_the_run_holding_a_folder_is_found_among_others_and_damaged_ones(db, bert_folder, tmp_path):
    first = open_imported_model(db, bert_folder)
    copy = tmp_path / "copy"
    shutil.copytree(bert_folder, copy)
    other = open_imported_model(db, copy)
    assert other.run_id != first.run_id and not other.reused
    key = json.loads(db.run_dir(first.run_id).joinpath("metrics.json").read_text())[SOURCE_KEY]
    # Rows the narrowing must pass over or survive: metrics that do not parse, none at all, and
    # the key in the text but not as the source key (the parsed check decides).
    _set_metrics(db, other.run_id, "{not json " + key)
    assert run_holding(db, key).run_id == first.run_id
    again = open_imported_model(db, bert_folder)
    assert again.reused and again.run_id == first.run_id
    _set_metrics(db, first.run_id, json.dumps({"note": key}))
    assert run_holding(db, key) is None
    _set_metrics(db, first.run_id, None)
    assert run_holding(db, key) is None
    with db.session(write=False) as session:
        assert session.query(RunRow).filter(RunRow.kind == RUN_KIND_IMPORTED).count() == 2
    assert run_holding(db, "") is None
