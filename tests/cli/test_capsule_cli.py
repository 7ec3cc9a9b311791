"""`mlmstudio capsule`, `train --capsule` and `runs import-folder`, down to two torchrun nodes on localhost."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mlmstudio.cli import main
from mlmstudio.engine.curve_log import read_curve_points
from mlmstudio.store.database import Database
from mlmstudio.store.service import get_run, load_curve

TINY = [
    "--tokenizer",
    "char",
    "--d-model",
    32,
    "--heads",
    2,
    "--layers",
    1,
    "--ffn",
    64,
    "--steps",
    30,
    "--seq-len",
    32,
    "--batch-size",
    8,
    "--precision",
    "fp32",
    "--eval-every",
    10,
    "--checkpoint-every",
    10,
    "--seed",
    3,
    "--lr",
    "3e-3",
]


def run_cli(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def tiny_json(tmp_path, capsys):
    path = tmp_path / "tiny.json"
    code, _, err = run_cli(capsys, "train", "sample:facts", *TINY, "--save-config", path)
    assert code == 0, err
    return path


def test_capsule_writes_and_describes_the_folder(capsys, tmp_path, tiny_json):
    code, out, err = run_cli(
        capsys,
        "--data-dir",
        tmp_path / "data",
        "capsule",
        tiny_json,
        tmp_path / "cap",
        "--nodes",
        3,
        "--procs-per-node",
        2,
        "--rdzv",
        "10.1.2.3:29511",
        "--slurm",
        "--no-estimate",
        "--json",
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["nodes"] == 3 and data["procs_per_node"] == 2 and data["rendezvous"] == "10.1.2.3:29511"
    assert set(data["files"]) >= {
        "launch.sh",
        "slurm.sbatch",
        "config.json",
        "tokenizer.json",
        "corpus/corpus.txt",
        "capsule.json",
    }
    assert data["command"][data["command"].index("--nnodes") + 1] == "3"


def test_capsule_text_output_gives_the_speedup(capsys, tmp_path, tiny_json):
    code, out, err = run_cli(capsys, "capsule", tiny_json, tmp_path / "cap", "--nodes", 2)
    assert code == 0, err
    assert "Expect about" in out and "1 Gbit/s Ethernet" in out and "runs import-folder" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--rdzv", "not a host:1"], "is not HOST:PORT"),
        (["--rdzv", "bad_host!:1"], "not a host name"),
        (["--nodes", "0"], "number of nodes"),
        (["--procs-per-node", "999"], "processes per node"),
    ],
)
def test_bad_capsule_arguments(capsys, tmp_path, tiny_json, argv, message):
    code, _, err = run_cli(capsys, "capsule", tiny_json, tmp_path / "cap", *argv, "--no-estimate")
    assert code == 2 and message in err and "Traceback" not in err
    assert not (tmp_path / "cap").exists()


def test_an_unknown_run_is_refused(capsys, tmp_path):
    code, _, err = run_cli(capsys, "--data-dir", tmp_path / "data", "capsule", "no-such-run", tmp_path / "c")
    assert code == 2 and "no-such-run" in err


def test_train_capsule_takes_no_other_settings(capsys, tmp_path, tiny_json):
    assert run_cli(capsys, "capsule", tiny_json, tmp_path / "cap", "--no-estimate")[0] == 0
    code, _, err = run_cli(capsys, "train", "--capsule", tmp_path / "cap", "--steps", 5, "--no-record")
    assert code == 2 and "carries its own settings" in err and "training.steps" in err
    code, _, err = run_cli(capsys, "train", "--capsule", tmp_path / "nothing-here", "--no-record")
    assert code == 2 and "is not a folder" in err


def test_import_folder_refusals(capsys, tmp_path, tiny_json):
    assert run_cli(capsys, "capsule", tiny_json, tmp_path / "cap", "--no-estimate")[0] == 0
    data = ["--data-dir", tmp_path / "data"]
    for target, message in (
        (tmp_path / "cap", "is a run capsule"),
        (tmp_path / "none", "does not exist"),
        (tmp_path / "cap" / "launch.sh", "is a file"),
        (tmp_path / "cap" / "corpus", "has no config.json"),
    ):
        code, _, err = run_cli(capsys, *data, "runs", "import-folder", target)
        assert code == 2 and message in err and "Traceback" not in err


def readme_capsule_block() -> list[str]:
    """The lines of the ```bash block under "### Training on other machines" in README.md."""
    text = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = text.split("\n### Training on other machines", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```bash\n(.*?)```", section, re.DOTALL)
    assert block, "README.md has no ```bash block under '### Training on other machines'"
    return [line for line in block.group(1).splitlines() if line.strip()]


@pytest.mark.slow
def test_two_torchrun_nodes_on_localhost_train_a_capsule_and_import(capsys, tmp_path):
    """The README's block as written: a capsule of the latest run, two launch.sh 'nodes' meeting at
    127.0.0.1 (c10d), then runs import-folder; the imported curve is exactly rank 0's."""
    data = tmp_path / "data"
    assert main(["--data-dir", str(data), "train", "sample:facts", *map(str, TINY)]) == 0
    capsys.readouterr()
    env = dict(
        os.environ,
        MLMSTUDIO_HOME=str(data),
        OMP_NUM_THREADS="1",
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    )
    env.pop("PYTHON", None)
    outputs = []
    for line in readme_capsule_block():
        done = subprocess.run(
            ["bash", "-c", line], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
        )
        assert done.returncode == 0, f"{line}\n{done.stderr[-3000:]}"
        outputs.append(done.stdout)
    assert "Expect about" in outputs[0]
    assert outputs[1].count("status:          completed after 30 steps") == 1, "only rank 0 reports"

    run = tmp_path / "capsule" / "run"
    logged = read_curve_points(run / "curves.csv")
    assert sorted({p.step for p in logged if p.name == "loss" and p.split == "train"}) == list(range(1, 31))
    assert sorted(p.name for p in (run / "checkpoints").iterdir()) == [
        "step-00000010",
        "step-00000020",
        "step-00000030",
    ]

    db = Database.open(data)
    detail = get_run(db, outputs[2].split()[2])
    assert detail.summary.status == "completed" and detail.summary.last_step == 30
    assert [c.step for c in detail.checkpoints] == [10, 20, 30]
    assert detail.corpus is not None and detail.corpus.name.startswith("Simple facts")
    for split in ("train", "val"):
        curve = load_curve(db, detail.id, split, "loss")
        rank0 = [(p.step, p.value) for p in logged if p.split == split and p.name == "loss"]
        assert list(zip(curve.steps, curve.values, strict=True)) == rank0
    final = json.loads((run / "metrics.json").read_text())
    assert detail.summary.val_loss == pytest.approx(final["val_loss"])
    # The imported run is an ordinary run: it predicts from its own copy of the folder.
    code, _, err = run_cli(capsys, "--data-dir", data, "fill", detail.id, "The [MASK]at")
    assert code == 0, err
    assert Path(db.run_dir(detail.id), "model.safetensors").is_file()
