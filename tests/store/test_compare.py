"""Comparing runs: aligned curves, differing settings, ranking."""

from __future__ import annotations

import csv
from dataclasses import replace

import numpy as np
import pytest

from mlmstudio.store import compare, service
from mlmstudio.store.records import Curve

from store_helpers import add_run, tiny_config


def curve(run_id, steps, values, times=None) -> Curve:
    steps = np.asarray(steps, dtype=np.int64)
    return Curve(
        run_id,
        "val",
        "loss",
        steps,
        np.asarray(values, dtype=float),
        np.asarray(times if times is not None else steps * 1.0, dtype=float),
    )


def test_align_by_step_is_the_union_with_gaps_as_nan():
    aligned = compare.align(
        {
            "a": curve("a", [10, 20, 30], [3, 2, 1]),
            "b": curve("b", [20, 40], [2.5, 1.5]),
            "c": curve("c", [], []),
        },
        "val_loss",
        "step",
    )
    assert aligned.x.tolist() == [10, 20, 30, 40]
    np.testing.assert_array_equal(aligned.values["a"], [3, 2, 1, np.nan])
    np.testing.assert_array_equal(aligned.values["b"], [np.nan, 2.5, np.nan, 1.5])
    assert np.isnan(aligned.values["c"]).all()


def test_align_by_time_interpolates_each_run_within_its_own_range():
    fast = curve("fast", [1, 2, 3], [3.0, 2.0, 1.0], times=[0.0, 1.0, 2.0])
    slow = curve("slow", [1, 2], [3.0, 1.0], times=[0.0, 4.0])
    aligned = compare.align({"fast": fast, "slow": slow}, "val_loss", "time", points=5)
    assert aligned.x.tolist() == [0.0, 1.0, 2.0, 3.0, 4.0]
    np.testing.assert_allclose(aligned.values["fast"], [3.0, 2.0, 1.0, np.nan, np.nan])
    np.testing.assert_allclose(aligned.values["slow"], [3.0, 2.5, 2.0, 1.5, 1.0])


def test_write_csv(tmp_path):
    aligned = compare.align(
        {"a": curve("a", [1, 2], [0.5, 0.25]), "b": curve("b", [2], [0.75])}, "val_loss", "step"
    )
    path = compare.write_csv(aligned, tmp_path / "curves.csv", labels={"a": "run A"})
    rows = list(csv.reader(path.open()))
    assert rows == [["step", "run A", "b"], ["1", "0.5", ""], ["2", "0.25", "0.75"]]


def test_config_differences_lists_only_what_differs():
    base = tiny_config()
    wide = replace(base, model=replace(base.model, d_model=64))
    fast = replace(base, training=replace(base.training, lr=0.01))
    diffs = compare.config_differences({"base": base, "wide": wide, "fast": fast})
    assert diffs == [
        ("model.d_model", {"base": 32, "wide": 64, "fast": 32}),
        ("training.lr", {"base": 0.0007, "wide": 0.0007, "fast": 0.01}),
    ]
    assert compare.config_differences({"base": base, "same": tiny_config()}) == []
    assert compare.config_differences({"base": base}) == []


def test_rank_by_final_validation_loss(db):
    worse = add_run(db, final_metrics={"val_loss": 3.0})
    none = add_run(db, status="failed")
    best = add_run(db, final_metrics={"val_loss": 1.5})
    nan = add_run(db, final_metrics={"val_loss": float("nan")})
    ranked = [r.id for r in compare.rank_runs_by_val_loss(service.list_runs(db))]
    assert ranked[:2] == [best, worse] and set(ranked[2:]) == {none, nan}


def test_load_curves_from_the_database(db):
    a = add_run(db, steps=30, val_every=10)
    b = add_run(db, steps=20, val_every=5)
    curves = compare.load_curves(db, [a, b], "val_loss")
    assert curves[a].steps.tolist() == [10, 20, 30] and curves[b].steps.tolist() == [5, 10, 15, 20]
    aligned = compare.align(curves, "val_loss", "step")
    assert aligned.x.tolist() == [5, 10, 15, 20, 30]
    with pytest.raises(ValueError):
        compare.split_metric("loss")
    assert compare.split_metric("train_tokens_per_second") == ("train", "tokens_per_second")


def test_feed_forward_width_is_compared_as_built():
    auto = tiny_config()
    auto = replace(auto, model=replace(auto.model, ffn_dim=0))
    explicit = replace(auto, model=replace(auto.model, ffn_dim=4 * auto.model.d_model))
    assert compare.config_differences({"auto": auto, "explicit": explicit}) == []
    assert compare.flatten_config(auto)["model.ffn_dim"] == 4 * auto.model.d_model


def test_a_config_and_its_json_flatten_to_the_same_settings():
    """The Compare view (a run's JSON, or None when it no longer loads) and `runs compare` (a
    RunConfig) list settings through one flatten_config."""
    config = tiny_config()
    flat = compare.flatten_config(config)
    from_json = compare.flatten_config(config.to_dict())
    assert list(from_json) == list(flat)  # same names, same order
    assert from_json["training.lr"] == flat["training.lr"] == config.training.lr
    assert compare.flatten_config({"model": {"d_model": 8, "sub": {"x": 1}}}) == {
        "model.d_model": 8,
        "model.sub.x": 1,
    }
    assert compare.flatten_config(None) == {}
