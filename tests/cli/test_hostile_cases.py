"""New hostile cases of issue 22 that failed, each kept as a test once fixed (/work/notes/hostile30.md).

Bounds of a bundle's numbers and dates, a run named twice for deletion, a
negative --limit, an empty tag, an export into a folder reached through a link,
a TSV probe file whose first sentence starts with [MASK], and the note of an
interrupted import said once.
"""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

import pytest

from mlmstudio.cli import main
from mlmstudio.store import bundle, service

from store_helpers import add_run, tree_digest  # tests/store, put on the path by conftest.py


def cli(capsys, data_dir, *argv) -> tuple[int, str, str]:
    code = main(["--data-dir", str(data_dir), *[str(a) for a in argv]])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def altered(source: Path, target: Path, change) -> Path:
    """A copy of the bundle with ``change(manifest, files)`` applied and its hashes made to match."""
    with zipfile.ZipFile(source) as zf:
        files = {name: zf.read(name) for name in zf.namelist()}
    manifest = json.loads(files.pop("manifest.json"))
    change(manifest, files)
    for name, data in files.items():
        manifest["files"][name] = {"sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}
    with zipfile.ZipFile(target, "w") as zf:
        zf.writestr("manifest.json", json.dumps(manifest))
        for name, data in files.items():
            zf.writestr(name, data)
    return target


def _run(**values):
    return lambda manifest, files: manifest["run"].update(values)


def _corpus_size(manifest, files):
    manifest["run"]["corpus"]["size_bytes"] = 10**30


def _step(manifest, files):
    files["metrics.csv"] += b"99999999999999999999,train,loss,1.0,0.5\n"


@pytest.mark.parametrize(
    "change, said",
    [
        (_run(created_at="0001-01-01T00:00:00+14:00"), "invalid run created_at"),  # was OverflowError
        (_run(last_step=10**30), "invalid run summary"),
        (_corpus_size, "invalid corpus record"),
        (_step, "metrics.csv is not a valid metric point"),
    ],
    ids=["a date before year 1 in UTC", "last step 10^30", "corpus of 10^30 bytes", "step 10^20"],
)
def test_a_bundle_whose_numbers_are_out_of_range_is_refused_in_a_sentence(
    change, said, db, data_dir, model_files, tmp_path, capsys
):
    run_id = add_run(db, name="source", model_files=model_files, steps=10)
    path = altered(bundle.export_bundle(db, run_id, tmp_path / "a.mlmrun"), tmp_path / "b.mlmrun", change)
    other = tmp_path / "other"
    code, _, err = cli(capsys, other, "runs", "list")
    before = tree_digest(other / "runs")
    code, _, err = cli(capsys, other, "runs", "import", path)
    assert code == 2 and said in err and len(err.strip().splitlines()) == 1, err
    assert (
        tree_digest(other / "runs") == before and [p.name for p in other.iterdir() if p.name[0] == "."] == []
    )


def test_a_run_named_twice_for_deletion_is_deleted_once_and_the_command_succeeds(db, data_dir, capsys):
    run_id = add_run(db, name="twice", steps=5)
    code, out, err = cli(capsys, data_dir, "runs", "delete", run_id, "twice", "--yes")
    assert code == 0 and f"Deleted 1 run(s): {run_id}" in out, err  # it said 'No run matches', exit 2
    assert service.list_runs(db) == []


def test_a_negative_limit_and_an_empty_tag_are_refused(db, data_dir, capsys):
    run_id = add_run(db, name="r", steps=5)
    code, _, err = cli(capsys, data_dir, "runs", "list", "--limit", "-5")
    assert code == 2 and "--limit" in err  # it listed every run
    code, _, err = cli(capsys, data_dir, "runs", "tag", run_id, "  ")
    assert code == 2 and "cannot be empty" in err  # it said 'tags (none)', exit 0
    assert service.get_run(db, run_id).summary.tags == ()


@pytest.mark.slow
def test_export_hf_through_a_link_writes_into_the_linked_folder_and_leaves_nothing(
    db, data_dir, model_files, tmp_path, capsys
):
    run_id = add_run(db, name="r", model_files=model_files, steps=5)
    real = tmp_path / "real"
    real.mkdir()
    (real / "keep.txt").write_text("mine")
    link = tmp_path / "link"
    link.symlink_to(real)
    # What the version before left: the link moved aside, which rmtree could not remove.
    (tmp_path / ".link.old-1-abcdef").symlink_to(real)
    code, _, err = cli(capsys, data_dir, "export-hf", run_id, link, "--overwrite")
    assert code == 0, err
    assert (
        link.is_symlink() and (real / "config.json").is_file() and (real / "keep.txt").read_text() == "mine"
    )
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_a_tsv_probe_file_whose_first_sentence_starts_with_the_mask(tmp_path):
    from mlmstudio.cli.probe_file import read_probe_file

    path = tmp_path / "probes.txt"
    path.write_text("[MASK] is the capital of France.\tParis\nThe sky is [MASK].\tblue\n", encoding="utf-8")
    assert [(p.sentence, p.answer) for p in read_probe_file(path)] == [
        ("[MASK] is the capital of France.", "Paris"),
        ("The sky is [MASK].", "blue"),
    ]
    path.write_text('[{"sentence": "[MASK] is blue.", "answer": "sky"}]', encoding="utf-8")
    assert [p.answer for p in read_probe_file(path)] == ["sky"]  # JSON stays JSON


def test_the_note_of_an_interrupted_import_is_said_once(db, data_dir, model_files, tmp_path, capfd):
    run_id = add_run(db, name="r", model_files=model_files, steps=5)
    path = bundle.export_bundle(db, run_id, tmp_path / "a.mlmrun")
    (data_dir / f".import-{2**22 + 7}-abcdef").mkdir()  # a killed import's unpacking
    assert main(["--data-dir", str(data_dir), "runs", "import", str(path)]) == 0
    err = capfd.readouterr().err
    assert err.count("an unfinished copy an interrupted import left") == 1, err
