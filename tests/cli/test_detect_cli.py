"""`mlmstudio train --objective electra` and `mlmstudio detect MODEL "sentence"`: the engine's numbers,
a recorded run found by 'latest', and plain refusals (an MLM run, an empty sentence, a bad mix)."""

import json

import pytest

from mlmstudio.cli import main
from mlmstudio.engine.inspect.detection import detect
from mlmstudio.engine.predict import Predictor

TINY = [
    "--tokenizer",
    "word",
    "--lowercase",
    "--d-model",
    16,
    "--heads",
    2,
    "--layers",
    1,
    "--ffn",
    32,
    "--steps",
    3,
    "--seq-len",
    16,
    "--max-len",
    16,
    "--batch-size",
    4,
    "--precision",
    "fp32",
]
ELECTRA = ["--objective", "electra", "--arch", "seed"]


def run_cli(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def electra_dir(tmp_path_factory):
    path = tmp_path_factory.mktemp("detect") / "m"
    assert (
        main([str(a) for a in ("train", "sample:facts", *TINY, *ELECTRA, "--no-record", "--out", path)]) == 0
    )
    return path


def test_json_gives_every_token_the_engines_probability(capsys, electra_dir):
    code, out, err = run_cli(capsys, "detect", electra_dir, "The capital of France is banana.", "--json")
    assert code == 0, err
    data = json.loads(out)
    expected = detect(Predictor.from_dir(electra_dir), "The capital of France is banana.")
    assert [t["token_str"] for t in data["tokens"]] == ["the", "capital", "of", "france", "is", "banana", "."]
    assert [t["probability"] for t in data["tokens"]] == pytest.approx(
        [t.probability for t in expected.tokens]
    )
    assert data["most_suspect"]["probability"] == max(t["probability"] for t in data["tokens"])
    assert data["truncated"] is False


def test_the_table_marks_the_most_suspect_token(capsys, electra_dir):
    code, out, err = run_cli(capsys, "detect", electra_dir, "the capital of france is banana .")
    assert code == 0, err
    assert out.count("<- most likely replaced") == 1
    assert "banana" in out


def test_a_long_text_is_cut_with_a_note(capsys, electra_dir):
    code, out, err = run_cli(capsys, "detect", electra_dir, " ".join(["paris"] * 40), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["truncated"] and len(data["tokens"]) == 14 and "first 14 tokens" in data["note"]


def test_an_empty_sentence_is_refused_with_a_sentence(capsys, electra_dir):
    code, out, err = run_cli(capsys, "detect", electra_dir, "   ")
    assert code == 2 and "empty" in err and "Traceback" not in err


def test_an_mlm_run_is_refused_and_told_what_to_use(capsys, tmp_path):
    path = tmp_path / "mlm"
    assert main([str(a) for a in ("train", "sample:facts", *TINY, "--no-record", "--out", path)]) == 0
    capsys.readouterr()
    code, out, err = run_cli(capsys, "detect", path, "the capital of france is paris .")
    assert code == 2 and "ELECTRA" in err and "--objective electra" in err and "score --per-token" in err


def test_electra_with_the_modern_architecture_is_refused_before_training(capsys, tmp_path):
    code, out, err = run_cli(
        capsys, "train", "sample:facts", *TINY, "--objective", "electra", "--data-dir", tmp_path / "data"
    )
    assert code == 2 and "--arch seed" in err
    assert not (tmp_path / "data" / "runs").exists() or not any((tmp_path / "data" / "runs").iterdir())


def test_a_recorded_electra_run_is_found_by_latest_and_compared_on_the_shared_metric(capsys, tmp_path):
    data_dir = tmp_path / "data"
    assert (
        main(
            [
                str(a)
                for a in (
                    "train",
                    "sample:facts",
                    *TINY,
                    *ELECTRA,
                    "--name",
                    "electra",
                    "--data-dir",
                    data_dir,
                )
            ]
        )
        == 0
    )
    assert (
        main(
            [
                str(a)
                for a in (
                    "train",
                    "sample:facts",
                    *TINY,
                    "--arch",
                    "seed",
                    "--name",
                    "mlm",
                    "--data-dir",
                    data_dir,
                )
            ]
        )
        == 0
    )
    capsys.readouterr()
    code, out, err = run_cli(capsys, "--data-dir", data_dir, "detect", "latest~1", "paris is big")
    assert code == 0, err
    code, out, err = run_cli(capsys, "--data-dir", data_dir, "runs", "compare", "electra", "mlm")
    assert code == 0, err
    assert "detection" in out.lower()


def test_an_electra_bundle_travels_and_still_detects(capsys, tmp_path):
    data_dir, other = tmp_path / "data", tmp_path / "other"
    assert main([str(a) for a in ("train", "sample:facts", *TINY, *ELECTRA, "--data-dir", data_dir)]) == 0
    bundle = tmp_path / "e.mlmrun"
    assert main(["--data-dir", str(data_dir), "runs", "export", "latest", str(bundle)]) == 0
    assert main(["--data-dir", str(other), "runs", "import", str(bundle)]) == 0
    capsys.readouterr()
    code, out, err = run_cli(capsys, "--data-dir", other, "detect", "latest", "paris is big", "--json")
    assert code == 0, err
    assert len(json.loads(out)["tokens"]) == 3


def test_train_prints_the_detection_auc_at_each_evaluation(capsys, tmp_path):
    assert (
        main(
            [
                str(a)
                for a in (
                    "train",
                    "sample:facts",
                    *TINY,
                    *ELECTRA,
                    "--eval-every",
                    3,
                    "--no-record",
                    "--out",
                    tmp_path / "m",
                )
            ]
        )
        == 0
    )
    err = capsys.readouterr().err
    assert "step 3: validation loss" in err and "detection AUC 0." in err
