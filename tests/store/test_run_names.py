"""Default run names tell runs apart: objective, size, tokenizer, and an ordinal among look-alikes."""

from __future__ import annotations

from dataclasses import replace

from mlmstudio.store import lifecycle
from mlmstudio.store.run_names import default_run_name, describe_run

from store_helpers import tiny_config


def _electra(config):
    return replace(config, model=replace(config.model, objective="electra", arch="seed"))


def test_the_name_carries_objective_size_tokenizer_and_ordinal():
    config = tiny_config()
    m, t = config.model, config.tokenizer
    name = default_run_name(config, "Simple facts", taken=[])
    assert name.startswith("Simple facts · MLM ")
    assert f"{m.num_layers}×{m.d_model}" in name and t.kind in name
    assert name.endswith(" #1")
    assert default_run_name(_electra(config), "Simple facts", []).startswith("Simple facts · ELECTRA ")


def test_the_ordinal_counts_only_runs_of_the_same_description():
    config = tiny_config()
    base = describe_run(config, "facts")
    taken = [
        f"{base} #1",
        f"{base} #4",
        "my own name",
        f"{base} #x",
        f"{describe_run(_electra(config), 'facts')} #9",
    ]
    assert default_run_name(config, "facts", taken) == f"{base} #5"


def test_runs_started_without_a_name_are_numbered_apart(db):
    from mlmstudio.engine.corpus import load_corpus

    corpus = load_corpus("sample:tutorial")
    config = tiny_config()
    names = [lifecycle.prepare_run(db, config, corpus).name for _ in range(3)]
    electra = lifecycle.prepare_run(db, _electra(config), corpus).name
    assert len(set(names)) == 3 and [n[-2:] for n in names] == ["#1", "#2", "#3"]
    assert electra not in names and electra.endswith("#1") and "ELECTRA" in electra
    # A corpus name holding SQL wildcards is matched literally.
    odd = replace(corpus, name="50%_done")
    assert lifecycle.prepare_run(db, config, odd).name.endswith("#1")


def test_a_rebuilt_run_without_its_neighbours_gets_no_ordinal():
    config = tiny_config()
    assert default_run_name(config, "facts") == describe_run(config, "facts")
