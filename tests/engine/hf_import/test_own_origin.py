"""A continued run carries its origin in its own folder (issue 17): with the opened copy it started
from deleted, export-hf, bundles and the history still know it is a RoBERTa whose mask is <mask>.
A damaged or foreign origin.json is refused in one sentence; a folder from before keeps reading
its origin through start_from."""

import json
import shutil
from pathlib import Path

import pytest
from hf_family_models import TEXT

from mlmstudio.cli import main
from mlmstudio.engine.hf_import import ORIGIN_FILE, read_origin

TRAIN = ["--steps", "2", "--eval-every", "2", "--batch-size", "2", "--seq-len", "32"]


def _train(capsys, data, corpus, start):
    assert main(["train", str(corpus), "--from", str(start), *TRAIN, "--data-dir", str(data)]) == 0
    capsys.readouterr()
    from mlmstudio.store.database import Database
    from mlmstudio.store.service import get_run

    return get_run(Database.open(data), "latest").summary


def _exported(capsys, data, run, out):
    code = main(["export-hf", run, str(out), "--data-dir", str(data)])
    err = capsys.readouterr().err
    return code, err


def _check_roberta(out):
    from transformers import AutoTokenizer

    assert json.loads((out / "config.json").read_text())["architectures"] == ["RobertaForMaskedLM"]
    assert AutoTokenizer.from_pretrained(out, local_files_only=True).mask_token == "<mask>"


@pytest.fixture
def continued(family_folders, tmp_path, capsys):
    """(data dir, corpus, the continued run's summary) for a RoBERTa continued from its opened copy."""
    data, corpus = tmp_path / "data", tmp_path / "corpus.txt"
    corpus.write_text("\n".join(TEXT * 8))
    return data, corpus, _train(capsys, data, corpus, family_folders["roberta"])


def test_the_export_of_a_continued_run_needs_no_opened_copy(continued, tmp_path, capsys):
    data, corpus, run = continued
    assert read_origin(run.run_dir) is not None  # its own
    assert run.final_metrics["mask_token"] == "<mask>"  # what the app shows for it
    shutil.rmtree(data / "opened")
    code, err = _exported(capsys, data, run.id, tmp_path / "export")
    assert code == 0, err
    _check_roberta(tmp_path / "export")
    # A chain: a run continued from that run, the first one's folder gone too.
    second = _train(capsys, data, corpus, run.run_dir)
    assert read_origin(second.run_dir) == read_origin(run.run_dir)
    shutil.rmtree(run.run_dir)
    assert _exported(capsys, data, second.id, tmp_path / "second")[0] == 0
    _check_roberta(tmp_path / "second")
    # A copy of the folder elsewhere exports the same way.
    copy = tmp_path / "elsewhere"
    shutil.copytree(second.run_dir, copy)
    from mlmstudio.engine.export import export_hf

    export_hf(copy, tmp_path / "third")
    _check_roberta(tmp_path / "third")


def test_a_bundle_of_a_continued_run_keeps_its_origin_without_the_opened_copy(continued, tmp_path, capsys):
    import zipfile

    data, _, run = continued
    shutil.rmtree(data / "opened")
    bundle = tmp_path / "run.mlmrun"
    assert main(["runs", "export", run.id, str(bundle), "--data-dir", str(data)]) == 0, (
        capsys.readouterr().err
    )
    with zipfile.ZipFile(bundle) as zf:
        origin = json.loads(zf.read(ORIGIN_FILE))
    assert origin["model_type"] == "roberta" and origin["mask_token"] == "<mask>"


def test_a_folder_from_before_reads_its_origin_through_start_from(continued, tmp_path, capsys):
    data, _, run = continued
    (run.run_dir / ORIGIN_FILE).unlink()  # as continued runs were written before
    assert _exported(capsys, data, run.id, tmp_path / "export")[0] == 0
    _check_roberta(tmp_path / "export")


def test_a_damaged_origin_is_refused_in_one_sentence(continued, tmp_path, capsys):
    data, _, run = continued
    shutil.rmtree(data / "opened")
    (run.run_dir / ORIGIN_FILE).write_text('{"source": "cut sh')
    code, err = _exported(capsys, data, run.id, tmp_path / "export")
    assert code == 2 and "origin.json" in err and "cannot be read" in err and "Traceback" not in err
    assert not (tmp_path / "export").exists()


def test_an_origin_of_another_model_is_refused_in_one_sentence(continued, opened_folders, tmp_path, capsys):
    data, _, run = continued
    shutil.rmtree(data / "opened")
    esm_like = read_origin(opened_folders["bert"][1])
    assert esm_like is not None
    for origin_text, said in (
        ((opened_folders["bert"][1] / ORIGIN_FILE).read_text(), "does not fit it"),  # another model's
        (json.dumps({**json.loads(esm_like.to_json()), "model_type": "esm", "family": "ESM"}), "layout"),
    ):
        (run.run_dir / ORIGIN_FILE).write_text(origin_text)
        code, err = _exported(capsys, data, run.id, tmp_path / "export")
        assert code == 2 and said in err and "Traceback" not in err, err
        assert not (tmp_path / "export").exists()


def test_the_app_shows_a_continued_roberta_with_its_own_mask(continued):
    """gui/imported_model.py: Qt-free itself, but the mlmstudio.gui package needs PySide6, so the
    suite's run without Qt skips it (the full run has Qt)."""
    from dataclasses import replace

    pytest.importorskip("PySide6")
    from mlmstudio.gui.imported_model import mask_hint, origin_lines, own_mask_token, with_engine_mask

    _, _, run = continued
    assert own_mask_token(run) == "<mask>" and "<mask>" in mask_hint(run)
    assert (
        with_engine_mask("the cat sat on the <mask> .", [own_mask_token(run)])
        == "the cat sat on the [MASK] ."
    )
    # A run trained here whose metrics happen to hold the key says [MASK].
    scratch = replace(run, config=replace(run.config, training=replace(run.config.training, start_from="")))
    assert own_mask_token(scratch) == "[MASK]" and mask_hint(scratch) == "" and origin_lines(scratch) == []
    # Without the metrics' key (a run finished before they recorded it, or one with a damaged
    # value) the run's own origin.json says <mask>; History's details say it too.
    for metrics in ({}, {"mask_token": ["<mask>"]}, {"mask_token": " "}):
        older = replace(run, final_metrics=metrics)
        assert own_mask_token(older) == "<mask>" and "<mask>" in mask_hint(older)
        assert origin_lines(older) == ["mask token <mask>"]


def test_a_continued_run_from_before_and_one_in_progress_show_their_own_mask(continued, tmp_path):
    """No mask_token in the final metrics: a folder from before continued runs kept their origin
    reads it through start_from (and a chain of them), and a run still training (its folder has
    no metrics yet, or no files at all) reads its origin.json or the folder it starts from."""
    from dataclasses import replace

    pytest.importorskip("PySide6")
    from mlmstudio.engine.run_files import METRICS_FILE, MODEL_FILE
    from mlmstudio.engine.run_status import RunStatus
    from mlmstudio.gui.imported_model import own_mask_token

    _, _, run = continued
    bare = replace(run, final_metrics={})
    # As continued runs were written before they kept their origin: no origin.json of their own.
    (run.run_dir / ORIGIN_FILE).unlink()
    assert own_mask_token(bare) == "<mask>"
    # A run continued from that run, written the same way: the chain is followed.
    second_dir = tmp_path / "second"
    second_dir.mkdir()
    second_config = replace(run.config, training=replace(run.config.training, start_from=str(run.run_dir)))
    (second_dir / "config.json").write_text(second_config.to_json())
    second = replace(bare, id="second", run_dir=second_dir, config=second_config)
    assert own_mask_token(second) == "<mask>"
    # A run still training: config.json, tokenizer.json and origin.json written, no model, no metrics.
    training_dir = tmp_path / "training"
    shutil.copytree(run.run_dir, training_dir)
    for name in (METRICS_FILE, MODEL_FILE):
        (training_dir / name).unlink(missing_ok=True)
    (training_dir / ORIGIN_FILE).write_text(json.dumps({"mask_token": "<mask>"}))
    (training_dir / "config.json").write_text(
        replace(run.config, training=replace(run.config.training, start_from="/gone")).to_json()
    )
    running = replace(bare, id="running", run_dir=training_dir, status=RunStatus.RUNNING)
    assert own_mask_token(running) == "<mask>"
    # Its folder not written yet: the folder its recorded config starts from (the opened copy) decides.
    starting = replace(running, run_dir=tmp_path / "not-yet")
    assert (Path(run.config.training.start_from) / ORIGIN_FILE).is_file()
    assert own_mask_token(starting) == "<mask>"
    # A run trained here, in progress, has no origin anywhere: [MASK].
    scratch_config = replace(run.config, training=replace(run.config.training, start_from=""))
    assert own_mask_token(replace(starting, config=scratch_config)) == "[MASK]"


def test_a_bundle_of_a_run_with_a_damaged_origin_is_refused_or_repaired(continued, tmp_path, capsys):
    """A damaged origin.json never goes into a bundle (its import would refuse the whole bundle):
    the origin is found through start_from where the opened copy is still there, else refused."""
    import zipfile

    data, _, run = continued
    (run.run_dir / ORIGIN_FILE).write_text('{"broken')
    bundle = tmp_path / "run.mlmrun"
    assert main(["runs", "export", run.id, str(bundle), "--data-dir", str(data)]) == 0
    with zipfile.ZipFile(bundle) as zf:
        assert json.loads(zf.read(ORIGIN_FILE))["mask_token"] == "<mask>"
    shutil.rmtree(data / "opened")
    capsys.readouterr()
    assert main(["runs", "export", run.id, str(tmp_path / "again.mlmrun"), "--data-dir", str(data)]) == 2
    err = capsys.readouterr().err
    assert "origin.json" in err and "Nothing was exported" in err and "Traceback" not in err
    assert not (tmp_path / "again.mlmrun").exists()
