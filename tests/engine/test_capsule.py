"""Run capsules: what is written, what a capsule refuses, and the speed-up it promises."""

from __future__ import annotations

import dataclasses
import json
import subprocess

import pytest

from mlmstudio.engine.capsule import (
    CapsuleError,
    LaunchPlan,
    check_capsule_corpus,
    estimate_speedup,
    parse_endpoint,
    read_capsule,
    torchrun_command,
    write_capsule,
)
from mlmstudio.engine.corpus import load_corpus
from mlmstudio.engine.run_tokenizer import tokenizer_for_run
from mlmstudio.engine.tokenization import MLMTokenizer

from tiny_configs import tiny_config


@pytest.fixture(scope="module")
def capsule(tmp_path_factory):
    return write_capsule(
        tiny_config(),
        tmp_path_factory.mktemp("c") / "capsule",
        LaunchPlan(nodes=2, procs_per_node=3, host="10.0.0.7", port=29600),
        slurm=True,
    )


def test_a_capsule_holds_the_run_and_its_scripts(capsule):
    names = {p.relative_to(capsule.path).as_posix() for p in capsule.path.rglob("*") if p.is_file()}
    assert names == {
        "capsule.json",
        "config.json",
        "corpus/corpus.txt",
        "tokenizer.json",
        "launch.sh",
        "slurm.sbatch",
        "README.txt",
    }
    original = load_corpus("sample:facts")
    assert (capsule.path / "corpus/corpus.txt").read_text(encoding="utf-8") == original.text
    assert capsule.corpus_sha256 == original.stats.sha256 and capsule.corpus_included
    # The tokenizer is the one the run would train here, token for token.
    carried = MLMTokenizer.load(capsule.tokenizer_path)
    assert carried.to_str() == tokenizer_for_run(tiny_config(), original.text).to_str()
    # Everything but the corpus source is the config it was written from; the facts sample's own
    # probes are written out (the capsule's corpus is a copy, which would get 8 generic ones).
    assert dataclasses.replace(capsule.config, corpus=tiny_config().corpus, probes=tiny_config().probes) == (
        tiny_config()
    )
    assert len(capsule.config.probes.items) == 14
    assert capsule.plan == LaunchPlan(2, 3, "10.0.0.7", 29600)
    assert (capsule.path / "launch.sh").stat().st_mode & 0o111


def test_launch_sh_prints_the_torchrun_command(capsule):
    out = subprocess.run(
        ["bash", str(capsule.path / "launch.sh"), "--dry-run"],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "PYTHON": _python()},
    )
    assert out.returncode == 0, out.stderr
    command = out.stdout.splitlines()[-1].split()
    expected = torchrun_command(
        capsule.plan,
        capsule.capsule_id,
        python=_python(),
        capsule_dir=str(capsule.path),
        out=str(capsule.path / "run"),
    )
    assert command == expected
    assert "--nnodes 2 --nproc-per-node 3" in out.stdout and "10.0.0.7:29600" in out.stdout


def test_launch_sh_says_when_mlmstudio_is_missing(capsule):
    out = subprocess.run(
        ["bash", str(capsule.path / "launch.sh"), "--dry-run"],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "PYTHON": "/bin/false"},
    )
    assert out.returncode == 2 and "not installed" in out.stderr


def test_launch_sh_checks_the_capsule_once_and_stops_with_our_sentence_alone(capsule, tmp_path):
    """A tampered corpus: launch.sh says so and exits 2 before torchrun (no traceback after it)."""
    import shutil

    copy = tmp_path / "tampered"
    shutil.copytree(capsule.path, copy)
    (copy / "corpus" / "corpus.txt").write_text("not the text it was written for", encoding="utf-8")
    out = subprocess.run(
        ["bash", str(copy / "launch.sh")],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "PYTHON": _python()},
    )
    assert out.returncode == 2
    assert (
        out.stderr.strip().splitlines()
        == [line for line in out.stderr.strip().splitlines() if line.startswith("launch.sh: ")]
        and "fingerprint differs" in out.stderr
    )
    assert "Traceback" not in out.stderr and "torchrun" not in out.stdout + out.stderr


def test_the_slurm_script_meets_at_the_first_node(capsule):
    text = (capsule.path / "slurm.sbatch").read_text()
    assert "#SBATCH --nodes=2" in text and 'NPROC_PER_NODE="3"' in text
    assert 'RDZV_ENDPOINT="$HEAD_NODE:29600"' in text and "srun" in text


def _python() -> str:
    import sys

    return sys.executable


def _copy(capsule, tmp_path):
    import shutil

    target = tmp_path / "copy"
    shutil.copytree(capsule.path, target)
    return target


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda d: (d / "capsule.json").unlink(), "not a run capsule"),
        (lambda d: (d / "capsule.json").write_text("{"), "cannot be read"),
        (lambda d: (d / "capsule.json").write_text(json.dumps({"format": 99})), "malformed"),
        (
            lambda d: (d / "config.json").write_text((d / "config.json").read_text().replace("40", "41")),
            "was changed after",
        ),
        (lambda d: (d / "tokenizer.json").unlink(), "missing tokenizer.json"),
        # the tokenizer is fingerprinted like the config: a run with another one is not the planned run
        (
            lambda d: (d / "tokenizer.json").write_text((d / "tokenizer.json").read_text() + " "),
            "was changed after",
        ),
        (lambda d: _edit_corpus_fingerprint(d, "not-a-fingerprint"), "no valid corpus fingerprint"),
        (lambda d: (d / "corpus" / "corpus.txt").unlink(), "missing its corpus"),
        (
            lambda d: _edit_manifest(d, plan={"nodes": 0, "procs_per_node": 1, "host": "h", "port": 1}),
            "number of nodes",
        ),
        (
            lambda d: _edit_manifest(d, plan={"nodes": 1, "procs_per_node": 1, "host": "a b;rm", "port": 1}),
            "not a host name",
        ),
    ],
)
def test_a_damaged_capsule_is_refused_with_a_sentence(capsule, tmp_path, damage, message):
    """Guards ``read_capsule``'s checks, one damage each: every file it fingerprints, the manifest's
    shape, plan and corpus fingerprint; each is refused with its own sentence."""
    folder = _copy(capsule, tmp_path)
    damage(folder)
    with pytest.raises(CapsuleError, match=message):
        read_capsule(folder)


def _edit_manifest(folder, **changes):
    data = json.loads((folder / "capsule.json").read_text())
    data.update(changes)
    (folder / "capsule.json").write_text(json.dumps(data))


def _edit_corpus_fingerprint(folder, sha):
    data = json.loads((folder / "capsule.json").read_text())
    data["corpus"]["sha256"] = sha
    (folder / "capsule.json").write_text(json.dumps(data))


def test_an_ipv6_rendezvous_host_is_bracketed():
    """Guards ``LaunchPlan.endpoint``: torchrun reads '[::1]:1234'; '::1:1234' would be another address."""
    assert LaunchPlan(host="::1", port=1234).endpoint == "[::1]:1234"
    assert LaunchPlan(host="node01").endpoint == "node01:29500"


def test_overwriting_a_capsule_without_slurm_removes_the_old_slurm_script(capsule, tmp_path):
    """Guards ``write_capsule``'s overwrite: no stale slurm.sbatch is left for another plan."""
    folder = _copy(capsule, tmp_path)
    again = write_capsule(tiny_config(), folder, LaunchPlan(), overwrite=True)
    assert again.plan == LaunchPlan() and not (folder / "slurm.sbatch").exists()


def test_a_changed_corpus_is_refused(capsule, tmp_path):
    folder = _copy(capsule, tmp_path)
    (folder / "corpus" / "corpus.txt").write_text("Some other text entirely.\n" * 50)
    copy = read_capsule(folder)
    with pytest.raises(CapsuleError, match="fingerprint differs"):
        check_capsule_corpus(copy, load_corpus(copy.config.corpus.source))


def test_a_left_out_corpus_is_named_by_path(tmp_path):
    corpus = tmp_path / "text.txt"
    corpus.write_text(load_corpus("sample:facts").text, encoding="utf-8")
    config = tiny_config(source=str(corpus))
    capsule = write_capsule(config, tmp_path / "cap", LaunchPlan(), include_corpus=False)
    assert not (capsule.path / "corpus").exists() and capsule.config.corpus.source == str(corpus.resolve())
    corpus.unlink()
    with pytest.raises(CapsuleError, match="does not exist on this machine"):
        read_capsule(capsule.path)
    with pytest.raises(CapsuleError, match="single file"):
        write_capsule(tiny_config(), tmp_path / "cap2", LaunchPlan(), include_corpus=False)


def test_a_capsule_never_overwrites_by_accident(capsule):
    from mlmstudio.engine.output_paths import OutputExistsError

    with pytest.raises(OutputExistsError):
        write_capsule(tiny_config(), capsule.path, LaunchPlan())


@pytest.mark.parametrize(
    "text, expected",
    [
        ("10.0.0.1:29500", ("10.0.0.1", 29500)),
        ("node01", ("node01", 29500)),
        ("[::1]:1234", ("::1", 1234)),
        ("head.cluster.example:80", ("head.cluster.example", 80)),
    ],
)
def test_endpoints(text, expected):
    assert parse_endpoint(text) == expected


@pytest.mark.parametrize("text", ["", "host:0", "host:99999", "host:port", "a b:1", "-x:1", "h;rm:1"])
def test_bad_endpoints_are_refused(text):
    with pytest.raises(CapsuleError):
        parse_endpoint(text)


def test_the_speedup_estimate():
    one_node = estimate_speedup(10_000_000, 0.4, LaunchPlan(nodes=1, procs_per_node=4))
    assert one_node.communication_seconds == 0 and one_node.speedup == pytest.approx(4.0)
    # 10 M parameters: 40 MB of gradient; a 2-node ring moves 40 MB per step over ~117 MB/s.
    two = estimate_speedup(10_000_000, 0.4, LaunchPlan(nodes=2))
    assert two.communication_seconds == pytest.approx(40e6 / 117e6 + 2 * 200e-6)
    assert two.speedup == pytest.approx(0.4 / (0.2 + two.communication_seconds))
    assert two.speedup < 1.0 and "slower than training here" in two.sentence(LaunchPlan(nodes=2))
    small = estimate_speedup(100_000, 0.4, LaunchPlan(nodes=4))
    assert 3.5 < small.speedup < 4.0
