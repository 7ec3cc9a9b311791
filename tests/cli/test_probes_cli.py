"""Probes on the command line (issue 10 item 4): `train --probes FILE`, the progress lines and `runs show`."""

from __future__ import annotations

import json

import pytest

from mlmstudio.cli import main

TINY = (
    "--tokenizer",
    "word",
    "--lowercase",
    "--d-model",
    32,
    "--heads",
    2,
    "--layers",
    1,
    "--ffn",
    64,
    "--batch-size",
    8,
    "--seq-len",
    32,
    "--eval-every",
    10,
    "--device",
    "cpu",
    "--precision",
    "fp32",
)


def run_cli(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "text, words",
    [
        ("The sky is blue.\tblue\n", "has no [MASK]"),
        ("The sky is [MASK].\n", "Line 1"),
        ("The sky is [MASK].\t \n", "has no expected answer"),
        ('[{"sentence": "The [MASK] is [MASK].", "answer": "sky"}]', "has 2 [MASK]s"),
        ('[{"sentence": "The sky', "is not valid JSON"),
        ("# only a comment\n", "holds no probes"),
    ],
)
def test_a_bad_probe_file_is_refused_with_a_sentence(capsys, tmp_path, data_dir, text, words):
    path = tmp_path / "probes.tsv"
    path.write_text(text, encoding="utf-8")
    code, out, err = run_cli(
        capsys, "--data-dir", data_dir, "train", "sample:facts", *TINY, "--steps", 5, "--probes", path
    )
    assert code != 0 and "Traceback" not in err
    assert words in err, err
    assert not (data_dir / "runs").is_dir() or not any((data_dir / "runs").iterdir())  # nothing recorded


def test_a_probe_file_is_read_in_each_documented_form(tmp_path):
    """Guards ``read_probe_file``'s forms: a JSON object with a "probes" list, written with a byte-order
    mark (as Windows editors save), [sentence, answer] pairs, and TSV; exactly the most probes a run
    tests is allowed, one more is refused."""
    from mlmstudio.cli.probe_file import read_probe_file
    from mlmstudio.config import PROBE_MAX_ITEMS, ConfigError, ProbeSpec

    sky = ProbeSpec("The sky is [MASK].", "blue")
    with_bom = tmp_path / "bom.json"
    with_bom.write_text(
        '\ufeff{"probes": [{"sentence": "The sky is [MASK].", "answer": "blue"}]}', encoding="utf-8"
    )
    assert read_probe_file(with_bom) == (sky,)
    pairs = tmp_path / "pairs.json"
    pairs.write_text('[["The sky is [MASK].", "blue"]]', encoding="utf-8")
    assert read_probe_file(pairs) == (sky,)
    full = tmp_path / "full.tsv"
    full.write_text("".join(f"Word {i} is [MASK].\tw{i}\n" for i in range(PROBE_MAX_ITEMS)), encoding="utf-8")
    assert len(read_probe_file(full)) == PROBE_MAX_ITEMS
    full.write_text(full.read_text(encoding="utf-8") + "One more is [MASK].\tx\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=f"at most {PROBE_MAX_ITEMS}"):
        read_probe_file(full)


@pytest.mark.slow  # trains for a few seconds
def test_train_prints_probes_at_evaluations_and_runs_show_lists_them(capsys, tmp_path, data_dir):
    path = tmp_path / "probes.tsv"
    path.write_text(
        "# sentence <TAB> answer\nThe capital of France is [MASK].\tparis\nBees make [MASK].\thoney\n",
        encoding="utf-8",
    )
    code, out, err = run_cli(
        capsys, "--data-dir", data_dir, "train", "sample:facts", *TINY, "--steps", 20, "--probes", path
    )
    assert code == 0, err
    probe_lines = [line for line in err.splitlines() if line.strip().startswith("probes:")]
    assert len(probe_lines) == 2  # steps 10 and 20
    assert "paris" in probe_lines[0] and "honey" in probe_lines[0] and "/2 answered" in probe_lines[0]

    code, out, err = run_cli(capsys, "--data-dir", data_dir, "runs", "show", "latest")
    assert code == 0, err
    assert "answered at step 20" in out
    assert "The capital of France is [MASK]." in out and "Bees make [MASK]." in out

    code, out, err = run_cli(capsys, "--data-dir", data_dir, "runs", "show", "latest", "--json")
    probes = json.loads(out)["probes"]
    assert [p["answer"] for p in probes] == ["paris", "honey"]
    assert all(p["step"] == 20 and 0.0 <= p["probability"] <= 1.0 and p["top1"] for p in probes)
