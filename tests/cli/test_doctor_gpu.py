"""``doctor`` on a computer with an NVIDIA GPU and the CPU-only torch: it says so, with the recipe.

The GPU is faked: an ``nvidia-smi`` script on the PATH, or a stand-in for /proc/driver/nvidia.
"""

from __future__ import annotations

import json
import os
import stat

import pytest
import torch

from mlmstudio.cli import doctor, gpu_advice, main

pytestmark = pytest.mark.skipif(torch.version.cuda is not None, reason="needs the CPU-only torch")

MESSAGE = "this PyTorch is CPU-only; this computer has an NVIDIA GPU (nvidia-smi found)"


@pytest.fixture
def no_nvidia(monkeypatch, tmp_path):
    """No nvidia-smi on the PATH and no kernel driver, whatever this machine has."""
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))
    monkeypatch.setattr(gpu_advice, "NVIDIA_PROC", tmp_path / "no-proc-driver-nvidia")
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture
def fake_nvidia_smi(no_nvidia, monkeypatch, tmp_path):
    bin_dir = tmp_path / "fake-bin"
    bin_dir.mkdir()
    script = bin_dir / ("nvidia-smi.bat" if os.name == "nt" else "nvidia-smi")
    script.write_text("#!/bin/sh\necho 'NVIDIA-SMI 570.00'\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", str(bin_dir))


def test_doctor_names_the_unused_gpu_and_prints_the_recipe(fake_nvidia_smi, tmp_path, capsys):
    code = main(["--data-dir", str(tmp_path / "data"), "doctor"])
    out = capsys.readouterr().out
    assert code == 0  # a warning: everything still works, on the CPU
    gpu_row = next(line for line in out.splitlines() if line.lstrip().startswith("GPU "))
    assert gpu_row.split(None, 1)[1] == f"{MESSAGE}: training runs on the CPU"
    assert f"Note: {MESSAGE}." in out
    recipe = out.split(f"Note: {MESSAGE}.", 1)[1].splitlines()[1]
    assert "What to do:" in recipe and "setup.sh --cuda" in recipe and "dev.py setup --cuda" in recipe


def test_the_json_report_names_the_evidence(fake_nvidia_smi, tmp_path, capsys):
    main(["--data-dir", str(tmp_path / "data"), "doctor", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert report["gpu"]["cuda"] is False and report["gpu"]["nvidia_unused"] == "nvidia-smi found"
    assert [p["what"] for p in report["problems"] if "NVIDIA" in p["what"]] == [f"{MESSAGE}."]


def test_the_kernel_driver_alone_is_evidence_too(no_nvidia, monkeypatch, tmp_path):
    proc = tmp_path / "proc-driver-nvidia"
    proc.mkdir()
    monkeypatch.setattr(gpu_advice, "NVIDIA_PROC", proc)
    report = doctor.collect(str(tmp_path / "data"))
    assert report["gpu"]["nvidia_unused"] == f"{proc} exists"


def test_without_an_nvidia_gpu_it_says_none_found(no_nvidia, tmp_path):
    report = doctor.collect(str(tmp_path / "data"))
    assert report["gpu"]["nvidia_unused"] is None
    assert not [p for p in report["problems"] if "NVIDIA" in p["what"]]
    assert "none found: training runs on the CPU" in doctor.render(report)


def test_each_install_gets_its_own_recipe(monkeypatch, tmp_path):
    assert "setup.sh --cuda" in gpu_advice.cuda_recipe("2.13.0+cpu")  # this source tree
    monkeypatch.setattr(gpu_advice, "SOURCE_TREE", tmp_path)  # a pip install: no scripts/ beside it
    pip = gpu_advice.cuda_recipe("2.13.0+cpu")
    assert (
        "pip install --force-reinstall torch==2.13.0 --index-url https://download.pytorch.org/whl/cu128"
        in pip
    )
    monkeypatch.setattr("sys.frozen", True, raising=False)
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    assert gpu_advice.cuda_recipe("2.13.0+cpu").startswith("The desktop bundle carries the CPU build only.")
