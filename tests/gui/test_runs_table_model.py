"""The History table's cells: what a run really is, not only what it was configured to be."""

from __future__ import annotations

from types import SimpleNamespace

from mlmstudio.gui.runs_table_model import COLUMN_INDEX, RunsTableModel


def _run(run_id: str, kind: str, cap: int, metrics: dict) -> SimpleNamespace:
    return SimpleNamespace(
        id=run_id,
        name=run_id,
        status="completed",
        config={"tokenizer": {"kind": kind, "vocab_size": cap}, "model": {}},
        final_metrics=metrics,
    )


def test_the_tokenizer_column_shows_the_vocabulary_learned_and_the_cap_until_then():
    model = RunsTableModel()
    model.set_runs(
        [
            _run("done", "word", 4000, {"vocab_size": 316}),
            _run("training", "wordpiece", 4000, {}),
            _run("letters", "char", 0, {"vocab_size": 52}),
        ]
    )
    column = COLUMN_INDEX["Tokenizer"]
    shown = [model.data(model.index(row, column)) for row in range(3)]
    assert shown == ["word 316", "wordpiece ≤4000", "char 52"]
