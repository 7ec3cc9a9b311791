""".mlmrun bundles: a faithful round trip, and every bad bundle refused without a trace."""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

import numpy as np
import pytest

from mlmstudio.store import bundle, service
from mlmstudio.store.database import Database
from mlmstudio.store.errors import BundleError, StoreError

from store_helpers import add_run, tree_digest


@pytest.fixture
def exported(db, model_files, tmp_path) -> Path:
    run_id = add_run(
        db,
        name="exported run",
        model_files=model_files,
        steps=30,
        tags=["keep", "x"],
        notes="some notes",
        final_metrics={"val_loss": 2.5, "val_accuracy": 0.3},
    )
    return bundle.export_bundle(db, run_id, tmp_path / "out" / "my-run")


def test_round_trip_into_another_history(db, exported, tmp_path):
    source = service.list_runs(db)[0]
    assert exported.name == "my-run.mlmrun"
    with zipfile.ZipFile(exported) as zf:
        assert sorted(zf.namelist()) == [
            "config.json",
            "manifest.json",
            "metrics.csv",
            "metrics.json",
            "model.safetensors",
            "tokenizer.json",
        ]
        manifest = json.loads(zf.read("manifest.json"))
        assert manifest["format"] == "mlmrun" and manifest["format_version"] == 1
        for name, entry in manifest["files"].items():
            assert hashlib.sha256(zf.read(name)).hexdigest() == entry["sha256"]

    other = Database.open(tmp_path / "other")
    run_id = bundle.import_bundle(other, exported)
    imported = service.get_run(other, run_id)
    s = imported.summary
    assert (s.name, s.status, s.notes, s.tags) == ("exported run", "completed", "some notes", ("keep", "x"))
    assert s.val_loss == 2.5 and s.last_step == 30 and s.files_ok and s.has_model
    assert s.config == source.config
    assert imported.corpus.sha256 == service.get_run(db, source.id).corpus.sha256
    for name in ("config.json", "tokenizer.json", "model.safetensors"):
        assert (s.run_dir / name).read_bytes() == (source.run_dir / name).read_bytes()
    assert not (s.run_dir / "metrics.csv").exists()
    for key in ("train_loss", "val_loss"):
        a, b = service.load_curves(db, source.id)[key], service.load_curves(other, run_id)[key]
        np.testing.assert_array_equal(a.steps, b.steps)
        np.testing.assert_array_equal(a.values, b.values)
        np.testing.assert_array_equal(a.wall_time, b.wall_time)
    from mlmstudio.engine.artifacts import load_model_dir

    assert load_model_dir(s.run_dir).config == source.config
    assert list(other.data_dir.glob(".import-*")) == []


def test_a_run_without_a_model_cannot_be_exported(db, tmp_path):
    run_id = add_run(db, status="interrupted")
    with pytest.raises(StoreError, match="before it saved a model"):
        bundle.export_bundle(db, run_id, tmp_path / "x.mlmrun")
    assert not (tmp_path / "x.mlmrun").exists()


# --- refused bundles ---------------------------------------------------------------------------


def rewrite(
    source: Path,
    target: Path,
    *,
    replace: dict[str, bytes] | None = None,
    extra: dict[str, bytes] | None = None,
    drop: tuple[str, ...] = (),
    fix_manifest: bool = False,
    compress: int = zipfile.ZIP_DEFLATED,
) -> Path:
    """A copy of a bundle with members replaced, added or dropped (and the manifest rehashed if asked)."""
    replace, extra = replace or {}, extra or {}
    with zipfile.ZipFile(source) as zf:
        members = {name: zf.read(name) for name in zf.namelist() if name not in drop}
    members.update(replace)
    if fix_manifest:
        manifest = json.loads(members["manifest.json"])
        for name in replace:
            if name != "manifest.json":
                manifest["files"][name] = {
                    "sha256": hashlib.sha256(replace[name]).hexdigest(),
                    "size": len(replace[name]),
                }
        members["manifest.json"] = json.dumps(manifest).encode()
    with zipfile.ZipFile(target, "w") as zf:
        for name, data in {**members, **extra}.items():
            zf.writestr(zipfile.ZipInfo(name), data, compress_type=compress)
    return target


def _zip_bomb(exported: Path, target: Path) -> Path:
    """The weights replaced by 64 MiB of zeros (~64 KiB compressed), with a consistent manifest."""
    zeros = bytes(64 * 2**20)
    return rewrite(exported, target, replace={"model.safetensors": zeros}, fix_manifest=True)


def _bad_hash(exported, target):
    with zipfile.ZipFile(exported) as zf:
        tokenizer = zf.read("tokenizer.json")
    return rewrite(exported, target, replace={"tokenizer.json": tokenizer.replace(b"[UNK]", b"[UNX]")})


def _zip_slip(exported, target):
    return rewrite(exported, target, extra={"../../escaped.txt": b"gotcha"})


def _absolute_path(exported, target):
    return rewrite(exported, target, extra={"/tmp/absolute.txt": b"gotcha"})


def _backslash_path(exported, target):
    return rewrite(exported, target, extra={"..\\..\\escaped.txt": b"gotcha"})


def _truncated(exported, target):
    data = exported.read_bytes()
    target.write_bytes(data[: len(data) // 2])
    return target


def _wrong_config_json(exported, target):
    config = json.dumps({"model": {"d_model": "wide"}}).encode()
    return rewrite(exported, target, replace={"config.json": config}, fix_manifest=True)


def _unknown_config_key(exported, target):
    config = json.dumps({"model": {"colour": "blue"}}).encode()
    return rewrite(exported, target, replace={"config.json": config}, fix_manifest=True)


def _config_json(data) -> callable:
    def make(exported, target):
        text = data if isinstance(data, str) else json.dumps(data)
        return rewrite(exported, target, replace={"config.json": text.encode()}, fix_manifest=True)

    return make


def _deep_manifest(exported, target):
    return rewrite(exported, target, replace={"manifest.json": b"[" * 50_000 + b"]" * 50_000})


def _manifest_not_json(exported, target):
    return rewrite(exported, target, replace={"manifest.json": b"{not json"})


def _metrics_csv_garbage(exported, target):
    return rewrite(
        exported,
        target,
        replace={"metrics.csv": b"step,split,name,value,wall_time\n1,train,loss,abc,0\n"},
        fix_manifest=True,
    )


def _weights_not_safetensors(exported, target):
    return rewrite(
        exported, target, replace={"model.safetensors": b"\x80\x04pickle" * 100}, fix_manifest=True
    )


def _unexpected_member(exported, target):
    return rewrite(exported, target, extra={"setup.py": b"import os"})


def _missing_member(exported, target):
    return rewrite(exported, target, drop=("tokenizer.json",))


def _not_a_zip(exported, target):
    target.write_text("hello")
    return target


REFUSED = {
    "bad hash": (_bad_hash, "does not match the hash"),
    "zip slip": (_zip_slip, "unsafe file path"),
    "absolute path": (_absolute_path, "unsafe file path"),
    "backslash path": (_backslash_path, "unsafe file path"),
    "zip bomb": (_zip_bomb, "zip bomb"),
    "truncated zip": (_truncated, "damaged or truncated"),
    "wrong json type": (_wrong_config_json, "config.json is not a valid run configuration"),
    "unknown config key": (_unknown_config_key, "config.json is not a valid run configuration"),
    "manifest not json": (_manifest_not_json, "not valid JSON"),
    "bad metrics.csv": (_metrics_csv_garbage, "metrics.csv is not a valid metric point"),
    "weights not safetensors": (_weights_not_safetensors, "cannot be loaded"),
    "unexpected member": (_unexpected_member, "unexpected file"),
    "missing member": (_missing_member, "has no tokenizer.json"),
    "not a zip": (_not_a_zip, "damaged or truncated"),
    # Bounds and finiteness hold for a bundle's config as for flags (issue 13, A5/A6).
    "huge width": (
        _config_json({"model": {"arch": "seed", "d_model": 10**9, "num_heads": 1}}),
        "model.d_model",
    ),
    "huge seed": (_config_json({"training": {"seed": 2**64}}), "training.seed"),
    "nan dropout": (_config_json('{"model": {"dropout": NaN}}'), "finite"),
    "deep config": (_config_json("[" * 50_000 + "]" * 50_000), "nested"),
    "deep manifest": (_deep_manifest, "nested"),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_a_refused_bundle_leaves_the_data_directory_byte_identical(db, exported, tmp_path, case):
    make, message = REFUSED[case]
    bad = make(exported, tmp_path / f"{case.replace(' ', '-')}.mlmrun")
    runs_before = [r.id for r in service.list_runs(db)]
    db.close()  # let SQLite fold its WAL into the file, so the digest sees the real bytes
    before = tree_digest(db.data_dir)

    with pytest.raises(BundleError, match=message) as info:
        bundle.import_bundle(db, bad)
    assert len(str(info.value)) < 400 and "\n" not in str(info.value)
    assert ".import-" not in str(info.value)  # never the hidden staging folder's path

    db.close()
    assert tree_digest(db.data_dir) == before
    assert [r.id for r in service.list_runs(db)] == runs_before
    assert not (tmp_path / "escaped.txt").exists() and not Path("/tmp/absolute.txt").exists()


def test_an_oversized_member_is_refused_before_extraction(db, exported, monkeypatch):
    monkeypatch.setitem(bundle.MEMBER_LIMITS, "model.safetensors", 1024)
    db.close()
    before = tree_digest(db.data_dir)
    with pytest.raises(BundleError, match="too large"):
        bundle.import_bundle(db, exported)
    db.close()
    assert tree_digest(db.data_dir) == before


def test_a_failure_while_moving_into_place_leaves_no_trace(db, exported, monkeypatch):
    """Even after every check passed: if recording fails, the extracted files go too."""
    db.close()
    before = tree_digest(db.data_dir)

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(bundle.os, "replace", broken)
    with pytest.raises(BundleError, match="No space left"):
        bundle.import_bundle(db, exported)
    db.close()
    assert tree_digest(db.data_dir) == before
