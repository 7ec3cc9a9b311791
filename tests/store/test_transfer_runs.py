"""Transfer evaluations of recorded runs: stored with the run when they finish, never for a run deleted meanwhile."""

from __future__ import annotations

import pytest

from mlmstudio.engine.evaluate.tasks import TaskError
from mlmstudio.store.errors import StoreError
from mlmstudio.store.run_evaluations import list_evaluations
from mlmstudio.store.service import delete_run
from mlmstudio.store.transfer_runs import TaskChoice, evaluate_run_transfer, load_task

from store_helpers import add_run


@pytest.mark.slow
def test_an_evaluation_is_stored_with_the_run_and_its_twin_and_others(db, model_files):
    run_id = add_run(db, model_files=model_files, name="first")
    other = add_run(db, model_files=model_files, name="second")
    outcome = evaluate_run_transfer(db, "first", TaskChoice("sample:kinds"), compare=["second"], seeds=2)
    assert outcome.run_id == run_id and outcome.stored == 4
    stored = {e.subject: e for e in list_evaluations(db, run_id, kind="transfer")}
    assert set(stored) == {"run", "twin", "majority", f"other-run:{other}"}
    run = outcome.report.result("run")
    assert stored["run"].mean == pytest.approx(run.mean) and stored["run"].seeds == 2
    assert stored["run"].details["per_seed"] == [round(v, 6) for v in run.per_seed]
    assert stored["majority"].mean == pytest.approx(1 / 3)
    # The same run and the same twin (same weights, same tokenizer): the same numbers.
    assert stored[f"other-run:{other}"].mean == pytest.approx(run.mean)


@pytest.mark.slow
def test_a_run_deleted_while_it_is_evaluated_gets_nothing(db, model_files):
    run_id = add_run(db, model_files=model_files)
    deleted = []

    def delete_on_first_report(what, done, total):
        if not deleted:
            deleted.append(delete_run(db, run_id))

    with pytest.raises(
        StoreError,
        match=f"Run {run_id} was deleted while it was being evaluated; the results were not stored",
    ):
        evaluate_run_transfer(
            db, run_id, TaskChoice("sample:kinds"), seeds=1, progress=delete_on_first_report
        )
    assert deleted == [run_id]
    with db.engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT COUNT(*) FROM run_evaluations").scalar() == 0


def test_tasks_made_from_the_runs_corpus(db, tmp_path):
    run_id = add_run(db)  # trained on sample:tutorial: four sentences of 4 words or more
    with pytest.raises(TaskError, match="has only 4 sentences"):
        load_task(db, run_id, TaskChoice("shuffled"))
    assert load_task(db, run_id, TaskChoice("shuffled", corpus="sample:facts")).classes == (
        "original",
        "shuffled",
    )
    with pytest.raises(TaskError, match="name the second text with --against"):
        load_task(db, run_id, TaskChoice("corpus-source", corpus="sample:facts"))


@pytest.mark.slow
def test_an_imported_model_is_evaluated_and_compared_like_a_trained_run(db, model_files, tmp_path):
    """An opened transformers folder is a run of kind "imported": it has a twin of its own shape and can be
    compared with (and against) a trained run, each read with its own tokenizer."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from hf_family_models import build_family

    from mlmstudio.store.imported_runs import record_imported_model

    imported, _ = record_imported_model(db, build_family("bert", tmp_path / "tiny-bert"), name="opened bert")
    trained = add_run(db, model_files=model_files, name="trained")
    outcome = evaluate_run_transfer(
        db, "opened bert", TaskChoice("sample:kinds"), compare=["trained"], seeds=1
    )
    subjects = {r.subject for r in outcome.report.results}
    assert subjects == {"majority", "twin", "run", f"other-run:{trained}"} and outcome.run_id == imported
    assert all(0.0 <= v <= 1.0 for r in outcome.report.results for v in r.per_seed)
    outcome = evaluate_run_transfer(
        db, "trained", TaskChoice("sample:kinds"), compare=["opened bert"], seeds=1
    )
    assert f"other-run:{imported}" in {e.subject for e in list_evaluations(db, trained)}


@pytest.mark.slow
def test_corpus_source_sets_the_runs_corpus_against_another_text(db):
    run_id = add_run(db)
    task = load_task(db, run_id, TaskChoice("corpus-source", corpus="sample:facts", against="sample:pydoc"))
    assert task.name == "corpus-source" and task.classes == ("sample:facts", "sample:pydoc")
    assert task.class_counts() == [1000, 1000]
