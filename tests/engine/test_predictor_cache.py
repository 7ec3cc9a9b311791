"""The predictor cache: loads once, reloads when a file changes, bounded by count and bytes, thread-safe.

A fake loader stands in for Predictor.from_dir (the cache only needs an
object and its size), so these tests run in milliseconds; one test sizes a
real torch module with a tied weight.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest

from mlmstudio.engine.errors import ModelLoadError
from mlmstudio.engine.predictor_cache import PredictorCache, predictor_bytes
from mlmstudio.engine.run_files import REQUIRED_MODEL_FILES


def model_dir(root: Path, name: str) -> Path:
    folder = root / name
    folder.mkdir()
    for file in REQUIRED_MODEL_FILES:
        (folder / file).write_text(f"{name} {file}")
    return folder


class FakeLoader:
    def __init__(self) -> None:
        self.loads: list[str] = []
        self.lock = threading.Lock()

    def __call__(self, path: Path):
        with self.lock:
            self.loads.append(path.name)
        return SimpleNamespace(name=path.name, generation=len(self.loads))


def test_a_folder_is_loaded_once_and_reloaded_when_its_files_change(tmp_path):
    loader = FakeLoader()
    cache = PredictorCache(load=loader, size_of=lambda p: 1)
    a = model_dir(tmp_path, "a")
    first = cache.get(a)
    assert cache.get(a) is first and cache.get(str(a) + "/") is first  # same folder, however written
    assert loader.loads == ["a"] and cache.cached(a)

    weights = a / "model.safetensors"
    weights.write_text("retrained, longer than before")
    os.utime(weights, ns=(weights.stat().st_atime_ns, weights.stat().st_mtime_ns + 10**9))
    assert cache.get(a) is not first
    assert loader.loads == ["a", "a"] and len(cache) == 1


def test_a_missing_file_or_folder_is_a_sentence_and_drops_the_entry(tmp_path):
    cache = PredictorCache(load=FakeLoader(), size_of=lambda p: 1)
    a = model_dir(tmp_path, "a")
    cache.get(a)
    (a / "tokenizer.json").unlink()
    with pytest.raises(ModelLoadError, match="missing"):
        cache.get(a)
    assert not cache.cached(a)
    with pytest.raises(ModelLoadError, match="no longer exists"):
        cache.get(tmp_path / "deleted-run")


def test_least_recently_used_goes_first_when_over_the_count(tmp_path):
    loader = FakeLoader()
    cache = PredictorCache(max_models=2, load=loader, size_of=lambda p: 1)
    a, b, c = (model_dir(tmp_path, n) for n in "abc")
    cache.get(a)
    cache.get(b)
    cache.get(a)  # a is now the most recent
    cache.get(c)  # b goes
    assert cache.cached(a) and cache.cached(c) and not cache.cached(b)
    assert len(cache) == 2


def test_bounded_by_bytes_but_the_newest_always_stays(tmp_path):
    sizes = {"a": 60, "b": 50, "c": 500}
    cache = PredictorCache(max_models=10, max_bytes=100, load=FakeLoader(), size_of=lambda p: sizes[p.name])
    a, b, c = (model_dir(tmp_path, n) for n in "abc")
    cache.get(a)
    cache.get(b)  # 110 bytes > 100: a goes
    assert not cache.cached(a) and cache.cached(b) and cache.total_bytes() == 50
    cache.get(c)  # larger than the bound alone: kept, the rest goes
    assert [cache.cached(d) for d in (a, b, c)] == [False, False, True]


def test_two_threads_asking_for_one_folder_load_it_once(tmp_path):
    gate = threading.Event()
    loads = []

    def slow_load(path: Path):
        loads.append(path.name)
        gate.wait(10)
        return SimpleNamespace(name=path.name)

    cache = PredictorCache(load=slow_load, size_of=lambda p: 1)
    a = model_dir(tmp_path, "a")
    results = []
    threads = [threading.Thread(target=lambda: results.append(cache.get(a))) for _ in range(3)]
    for thread in threads:
        thread.start()
    gate.set()
    for thread in threads:
        thread.join(10)
    assert loads == ["a"]
    assert len(results) == 3 and all(r is results[0] for r in results)


def test_keep_only_forgets_deleted_runs(tmp_path):
    cache = PredictorCache(load=FakeLoader(), size_of=lambda p: 1)
    a, b = model_dir(tmp_path, "a"), model_dir(tmp_path, "b")
    cache.get(a)
    cache.get(b)
    cache.keep_only([b])
    assert not cache.cached(a) and cache.cached(b)
    cache.clear()
    assert len(cache) == 0


def test_predictor_bytes_counts_a_tied_weight_once():
    import torch

    embedding = torch.nn.Embedding(100, 8)
    decoder = torch.nn.Linear(8, 100, bias=False)
    decoder.weight = embedding.weight  # tied, as the modern architecture does
    model = torch.nn.Sequential(embedding, decoder)
    assert predictor_bytes(SimpleNamespace(model=model)) == 100 * 8 * 4
