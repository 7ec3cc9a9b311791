"""Run capsules: one folder that trains a run on another machine, or on many, with torchrun.

A capsule holds everything the run needs and nothing of this machine:

    capsule.json     what it is: format, MLM Studio version, launch plan, corpus fingerprint
    config.json      the run configuration (its corpus source points into the capsule, or
                     at the original file when the corpus was left out)
    corpus/corpus.txt the corpus text, normalised as MLM Studio reads it (unless left out)
    tokenizer.json   the tokenizer the run must use, trained here once so every node has the same
    launch.sh        prints and runs the torchrun command for N nodes x M processes
    slurm.sbatch     (optional) a Slurm batch script that calls launch.sh on every node
    README.txt       the same in words

``mlmstudio train --capsule DIR`` checks a capsule (``read_capsule``) before it
trains: a capsule that was edited, truncated or copied without its corpus is
refused with a sentence on every rank, before a process group is formed.
Under torchrun rank 0 writes an ordinary MLM Studio run folder (``--out``),
which ``mlmstudio runs import-folder`` brings into the history.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import os
import re
import sys
import uuid
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from mlmstudio import __version__, bounded_json, command_hint
from mlmstudio.config import ConfigError, CorpusConfig, ProbeSpec, RunConfig
from mlmstudio.engine.atomic_file import atomic_write_text
from mlmstudio.engine.atomic_folder import atomic_folder, carry_over
from mlmstudio.engine.errors import MLMStudioError
from mlmstudio.engine.output_paths import check_output_folder

if TYPE_CHECKING:
    from mlmstudio.engine.corpus import Corpus

CAPSULE_FILE = "capsule.json"
CONFIG_FILE = "config.json"
TOKENIZER_FILE = "tokenizer.json"
CORPUS_FILE = "corpus/corpus.txt"
LAUNCH_FILE = "launch.sh"
SLURM_FILE = "slurm.sbatch"
README_FILE = "README.txt"
# What a capsule holds of ours (an overwrite replaces these, and keeps whatever else is there).
CAPSULE_FILES = {CAPSULE_FILE, CONFIG_FILE, TOKENIZER_FILE, "corpus", LAUNCH_FILE, SLURM_FILE, README_FILE}
CAPSULE_FORMAT = 1

MAX_NODES = 1024
MAX_PROCS_PER_NODE = 256
DEFAULT_PORT = 29500
_HOSTNAME = re.compile(
    r"^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$"
)


class CapsuleError(MLMStudioError):
    """A capsule cannot be written or used; the message says what is wrong and what to do."""


@dataclass(frozen=True)
class LaunchPlan:
    """Where and how wide the run trains: nodes x processes per node, meeting at host:port."""

    nodes: int = 1
    procs_per_node: int = 1
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT

    @property
    def world_size(self) -> int:
        return self.nodes * self.procs_per_node

    @property
    def endpoint(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"

    def check(self) -> LaunchPlan:
        if not 1 <= self.nodes <= MAX_NODES:
            raise CapsuleError(f"The number of nodes must be between 1 and {MAX_NODES}; got {self.nodes}.")
        if not 1 <= self.procs_per_node <= MAX_PROCS_PER_NODE:
            raise CapsuleError(
                f"The processes per node must be between 1 and {MAX_PROCS_PER_NODE}; "
                f"got {self.procs_per_node}."
            )
        if not 1 <= self.port <= 65535:
            raise CapsuleError(f"The rendezvous port must be between 1 and 65535; got {self.port}.")
        if not _valid_host(self.host):
            raise CapsuleError(
                f"The rendezvous host {self.host!r} is not a host name or an IP address. "
                "Give the address of the first node, e.g. 10.0.0.1 or node01."
            )
        return self


def parse_endpoint(text: str) -> tuple[str, int]:
    """'host:port' (or '[v6]:port', or just 'host' for the default port) as (host, port)."""
    text = text.strip()
    match = re.fullmatch(r"\[([0-9A-Fa-f:.]+)\](?::(\d{1,5}))?", text) or re.fullmatch(
        r"([^:\s]+)(?::(\d{1,5}))?", text
    )
    if not match:
        raise CapsuleError(f"The rendezvous address {text!r} is not HOST:PORT (e.g. 10.0.0.1:29500).")
    host, port = match.group(1), int(match.group(2) or DEFAULT_PORT)
    LaunchPlan(host=host, port=port).check()
    return host, port


def _valid_host(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return bool(_HOSTNAME.match(host))


@dataclass(frozen=True)
class Capsule:
    """A capsule on disk, checked."""

    path: Path
    config: RunConfig  # corpus.source resolved to a path this machine can read
    plan: LaunchPlan
    corpus_sha256: str
    corpus_included: bool
    capsule_id: str

    @property
    def tokenizer_path(self) -> Path:
        return self.path / TOKENIZER_FILE


# --- writing -------------------------------------------------------------------------------------


def write_capsule(
    config: RunConfig,
    out_dir: str | os.PathLike,
    plan: LaunchPlan,
    *,
    include_corpus: bool = True,
    slurm: bool = False,
    overwrite: bool = False,
    name: str = "",
) -> Capsule:
    """Write a capsule for ``config`` into ``out_dir`` (new or empty, unless ``overwrite``)."""
    from mlmstudio.engine.corpus import load_corpus
    from mlmstudio.engine.run_tokenizer import tokenizer_for_run

    config = config.validate()
    plan = plan.check()
    out = check_output_folder(out_dir, overwrite=overwrite, what="capsule folder")
    corpus = load_corpus(
        config.corpus.source, text_field=config.corpus.text_field, csv_column=config.corpus.csv_column
    )
    original = config.corpus.source
    if include_corpus:
        corpus_config = CorpusConfig(source=CORPUS_FILE, val_fraction=config.corpus.val_fraction)
    else:
        path = Path(original).expanduser()
        if original.strip().lower().startswith("sample:") or not path.is_file():
            raise CapsuleError(
                "Only a corpus that is a single file can be left out of a capsule (the "
                "capsule then names its path and fingerprint). Include this corpus instead."
            )
        corpus_config = replace(config.corpus, source=str(path.resolve()))
    capsule_config = replace(config, corpus=corpus_config, probes=_probes_kept(config)).validate()
    tokenizer = tokenizer_for_run(capsule_config, corpus.text)

    # Written beside its place and renamed into it whole: a kill leaves the old capsule or the
    # new one. An overwrite replaces our files (no stale slurm.sh) and keeps the user's own.
    with atomic_folder(out, replaceable=lambda _: True) as staging:
        carry_over(out, staging, ours=CAPSULE_FILES)
        capsule_id = f"mlmstudio-{uuid.uuid4().hex[:12]}"
        if include_corpus:
            (staging / CORPUS_FILE).parent.mkdir(exist_ok=True)
            _write(staging / CORPUS_FILE, corpus.text)
        _write(staging / CONFIG_FILE, capsule_config.to_json())
        _write(staging / TOKENIZER_FILE, tokenizer.to_str())
        capsule_name = name or corpus.name
        manifest = {
            "format": CAPSULE_FORMAT,
            "id": capsule_id,
            "name": capsule_name,
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
            "mlmstudio_version": __version__,
            "plan": {
                "nodes": plan.nodes,
                "procs_per_node": plan.procs_per_node,
                "host": plan.host,
                "port": plan.port,
            },
            "corpus": {
                "included": include_corpus,
                "source": CORPUS_FILE if include_corpus else corpus_config.source,
                "original_source": original,
                "name": corpus.name,
                "sha256": corpus.stats.sha256,
            },
            "files": {name: _sha256(staging / name) for name in (CONFIG_FILE, TOKENIZER_FILE)},
        }
        _write(staging / CAPSULE_FILE, json.dumps(manifest, indent=2) + "\n")
        _write(staging / LAUNCH_FILE, launch_script(plan, capsule_id), executable=True)
        if slurm:
            _write(staging / SLURM_FILE, slurm_script(plan, capsule_name), executable=True)
        _write(staging / README_FILE, readme_text(plan, include_corpus, slurm))
    return read_capsule(out)


def _probes_kept(config: RunConfig):
    """The probes the run would ask, written out: the capsule's corpus is a copy, not sample:facts,
    so the facts sample's own questions (chosen by the corpus' name) would become 8 generic ones."""
    from mlmstudio.engine.inspect.probes import FACTS_SOURCE
    from mlmstudio.engine.samples import fact_probes

    probes = config.probes
    if probes.items or probes.auto_count == 0 or config.corpus.source.strip().lower() != FACTS_SOURCE:
        return probes  # given, off, or picked from the held-out text (the same text in the capsule)
    asked = tuple(ProbeSpec(s, a) for s, a in fact_probes(lowercase=config.tokenizer.lowercase))
    return replace(probes, items=asked)


def _write(path: Path, text: str, *, executable: bool = False) -> None:
    try:
        atomic_write_text(path, text, mode=0o755 if executable else None)
    except OSError as exc:
        raise CapsuleError(
            f"The capsule could not be written to {path.parent} "
            f"({exc.strerror or exc}). Choose another folder or free space."
        ) from exc


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


# --- reading -------------------------------------------------------------------------------------


def read_capsule(path: str | os.PathLike) -> Capsule:
    """The capsule in ``path``, checked file by file; ``CapsuleError`` with a sentence if it is not one."""
    folder = Path(path).expanduser()
    if not folder.is_dir():
        raise CapsuleError(
            f"{folder} is not a folder. Give the folder `{command_hint.command('capsule')}` wrote."
        )
    if not (folder / CAPSULE_FILE).is_file():
        raise CapsuleError(
            f"{folder} is not a run capsule: it has no {CAPSULE_FILE}. Write one with "
            f"`{command_hint.command('capsule RUN.JSON OUT_DIR')}`."
        )
    try:
        manifest = bounded_json.loads(bounded_json.read_text(folder / CAPSULE_FILE))
    except (OSError, bounded_json.JSONLimitError) as exc:
        raise CapsuleError(
            f"The capsule's {CAPSULE_FILE} cannot be read: it {exc}. Write the capsule again."
        ) from exc
    try:
        if not isinstance(manifest, dict) or manifest.get("format") != CAPSULE_FORMAT:
            raise ValueError(f"it is not a format-{CAPSULE_FORMAT} capsule manifest")
        raw_plan = manifest["plan"]
        plan = LaunchPlan(
            nodes=int(raw_plan["nodes"]),
            procs_per_node=int(raw_plan["procs_per_node"]),
            host=str(raw_plan["host"]),
            port=int(raw_plan["port"]),
        )
        corpus = manifest["corpus"]
        included, sha = bool(corpus["included"]), str(corpus["sha256"])
        files = dict(manifest["files"])
        capsule_id = str(manifest["id"])
    except (KeyError, TypeError, ValueError) as exc:
        raise CapsuleError(
            f"The capsule's {CAPSULE_FILE} is malformed ({exc}). Write the capsule "
            f"again with `{command_hint.command('capsule')}`."
        ) from exc
    plan.check()
    if not re.fullmatch(r"[0-9a-f]{64}", sha):
        raise CapsuleError(
            f"The capsule's {CAPSULE_FILE} has no valid corpus fingerprint. Write the capsule again."
        )
    for name in (CONFIG_FILE, TOKENIZER_FILE):
        file = folder / name
        if not file.is_file():
            raise CapsuleError(
                f"The capsule is missing {name}. Copy the whole capsule folder, or write it again."
            )
        if _sha256(file) != files.get(name):
            raise CapsuleError(
                f"The capsule's {name} was changed after the capsule was written, so its "
                "run would not be the one planned. Write the capsule again instead of "
                "editing it."
            )
    try:
        config = RunConfig.from_file(folder / CONFIG_FILE).validate()
    except ConfigError as exc:
        raise CapsuleError(f"The capsule's {CONFIG_FILE} is not a valid run configuration: {exc}") from exc
    if included:
        corpus_path = folder / CORPUS_FILE
        if not corpus_path.is_file():
            raise CapsuleError(
                f"The capsule is missing its corpus ({CORPUS_FILE}). Copy the whole "
                "capsule folder, or write it again."
            )
    else:
        corpus_path = Path(config.corpus.source)
        if not corpus_path.is_file():
            raise CapsuleError(
                f"The capsule's corpus was left out and {corpus_path} does not exist on "
                "this machine. Copy the file there, or write the capsule with the corpus "
                "included."
            )
    config = replace(config, corpus=replace(config.corpus, source=str(corpus_path)))
    return Capsule(folder, config, plan, sha, included, capsule_id)


def check_capsule_corpus(capsule: Capsule, corpus: Corpus) -> None:
    """Refuse a corpus that is not the text the capsule was written for (its fingerprint differs)."""
    if corpus.stats.sha256 != capsule.corpus_sha256:
        raise CapsuleError(
            f"The corpus {capsule.config.corpus.source} is not the text the capsule was "
            "written for (its fingerprint differs). Restore the original text, or write "
            "the capsule again."
        )


def verify_capsule(path: str | os.PathLike) -> int:
    """launch.sh's one check before torchrun: 0 when the capsule and its corpus are whole, else our
    sentence on stderr and 2 (so torchrun never starts, and no 30-line traceback follows ours)."""
    from mlmstudio.engine.corpus import load_corpus

    try:
        capsule = read_capsule(path)
        corpus_config = capsule.config.corpus
        corpus = load_corpus(
            corpus_config.source, text_field=corpus_config.text_field, csv_column=corpus_config.csv_column
        )
        check_capsule_corpus(capsule, corpus)
    except MLMStudioError as exc:
        print(f"launch.sh: {exc}", file=sys.stderr)
        return 2
    return 0


# --- the scripts ---------------------------------------------------------------------------------


def torchrun_command(
    plan: LaunchPlan, capsule_id: str, *, python: str = "python3", capsule_dir: str = ".", out: str = "run"
) -> list[str]:
    """The command every node runs (c10d rendezvous: the same command on every node)."""
    return _command(
        python, str(plan.nodes), str(plan.procs_per_node), plan.endpoint, capsule_id, capsule_dir, out
    )


def _command(
    python: str, nodes: str, procs: str, endpoint: str, rdzv_id: str, capsule_dir: str, out: str
) -> list[str]:
    return [
        python,
        "-m",
        "torch.distributed.run",
        "--nnodes",
        nodes,
        "--nproc-per-node",
        procs,
        "--rdzv-backend",
        "c10d",
        "--rdzv-endpoint",
        endpoint,
        "--rdzv-id",
        rdzv_id,
        "-m",
        "mlmstudio",
        "train",
        "--capsule",
        capsule_dir,
        "--no-record",
        "--out",
        out,
    ]


def launch_script(plan: LaunchPlan, capsule_id: str) -> str:
    # The same command as torchrun_command, with the shell's variables in place of the values.
    command = " ".join(
        _command(
            '"$PYTHON"',
            '"$NNODES"',
            '"$NPROC_PER_NODE"',
            '"$RDZV_ENDPOINT"',
            '"$RDZV_ID"',
            '"$HERE"',
            '"$OUT"',
        )
    )
    return f"""#!/usr/bin/env bash
# MLM Studio run capsule: trains config.json with torchrun on {plan.nodes} node(s) x
# {plan.procs_per_node} process(es). Run this same script on every node; they meet at
# {plan.endpoint} (the first node's address). Rank 0 writes the run folder to $OUT;
# bring it home with:  {command_hint.command("runs import-folder OUT")}
#
#   ./launch.sh             print the command, then run it
#   ./launch.sh --dry-run   only print it
# Override with environment variables: NNODES, NPROC_PER_NODE, RDZV_ENDPOINT, RDZV_ID, OUT, PYTHON.
set -euo pipefail
HERE="$(cd "$(dirname "${{BASH_SOURCE[0]}}")" && pwd)"
NNODES="${{NNODES:-{plan.nodes}}}"
NPROC_PER_NODE="${{NPROC_PER_NODE:-{plan.procs_per_node}}}"
RDZV_ENDPOINT="${{RDZV_ENDPOINT:-{plan.endpoint}}}"
RDZV_ID="${{RDZV_ID:-{capsule_id}}}"
OUT="${{OUT:-$HERE/run}}"
PYTHON="${{PYTHON:-python3}}"
if ! "$PYTHON" -c "import mlmstudio, torch" 2>/dev/null; then
    echo "launch.sh: MLM Studio (with torch) is not installed for $PYTHON. Install it on this node, or" >&2
    echo "           set PYTHON=/path/to/the/python/that/has/it." >&2
    exit 2
fi
# The capsule is checked once, here, before torchrun starts: a changed corpus or file is our
# sentence alone, not the same sentence from every process followed by torchrun's traceback.
"$PYTHON" -c 'import sys; from mlmstudio.engine.capsule import verify_capsule; sys.exit(verify_capsule(sys.argv[1]))' "$HERE" || exit 2
COMMAND=({command})
echo "On each of the $NNODES node(s), run:"
echo "  ${{COMMAND[*]}}"
if [[ "${{1:-}}" == "--dry-run" ]]; then
    exit 0
fi
exec "${{COMMAND[@]}}"
"""


def slurm_script(plan: LaunchPlan, name: str) -> str:
    job = re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-")[:40] or "run"
    return f"""#!/usr/bin/env bash
# Slurm batch script for this MLM Studio capsule. Submit it from the capsule folder:
#   sbatch slurm.sbatch
# One task per node; launch.sh starts {plan.procs_per_node} process(es) on each.
#SBATCH --job-name=mlmstudio-{job}
#SBATCH --nodes={plan.nodes}
#SBATCH --ntasks-per-node=1
#SBATCH --output=mlmstudio-%j.log
set -euo pipefail
cd "${{SLURM_SUBMIT_DIR:-.}}"
HEAD_NODE="$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)"
export NNODES="$SLURM_JOB_NUM_NODES"
export NPROC_PER_NODE="{plan.procs_per_node}"
export RDZV_ENDPOINT="$HEAD_NODE:{plan.port}"
export RDZV_ID="slurm-$SLURM_JOB_ID"
srun --ntasks-per-node=1 ./launch.sh
"""


def readme_text(plan: LaunchPlan, include_corpus: bool, slurm: bool) -> str:
    corpus = (
        "The corpus is inside (corpus/corpus.txt)."
        if include_corpus
        else "The corpus was left out: config.json names its path, and it must exist at that path on "
        "every node with the fingerprint in capsule.json."
    )
    batch = (
        "\nOn a Slurm cluster, submit slurm.sbatch from this folder instead (sbatch slurm.sbatch)."
        if slurm
        else ""
    )
    return f"""MLM Studio run capsule
======================

This folder trains one MLM Studio run on {plan.nodes} node(s) x {plan.procs_per_node} process(es)
with torchrun. {corpus}

1. Install MLM Studio (and torch) on every node.
2. Copy this folder to every node (the same path is simplest).
3. On every node run ./launch.sh. The nodes meet at {plan.endpoint}: that must be the first
   node's address, reachable from the others. Change it with RDZV_ENDPOINT=host:port.{batch}
4. Rank 0's node writes the run folder to ./run (change with OUT=/path). Copy that folder
   back and run:  {command_hint.command("runs import-folder run")}

What to expect: every step, each process exchanges the whole gradient (4 bytes per
parameter). Between two CPU machines on ordinary 1 Gbit/s Ethernet that adds about 34 ms per
million parameters to every step, whatever the batch; the computing is shared out. A run gains
when its step takes much longer than that exchange. `{command_hint.command("capsule")}` and the app's
"Run elsewhere…" dialog print the estimate for this run.
"""


# --- what to expect ------------------------------------------------------------------------------

ETHERNET_BYTES_PER_SECOND = 117e6  # 1 Gbit/s Ethernet after protocol overhead
ALLREDUCE_LATENCY_SECONDS = 200e-6  # per ring hop on an ordinary switch (gloo over TCP)


@dataclass(frozen=True)
class SpeedupEstimate:
    step_seconds: float  # one process, the whole batch, on this machine
    communication_seconds: float  # the gradient all-reduce per step
    speedup: float  # (one process) / (world processes + communication)

    def sentence(self, plan: LaunchPlan) -> str:
        comm = self.communication_seconds
        if plan.world_size == 1:
            return (
                "One process: no communication; the run takes as long as it does here on a machine "
                "as fast as this one."
            )
        text = (
            f"Expect about {self.speedup:.1f}x the speed of this computer with {plan.world_size} "
            f"processes: a step takes {self.step_seconds * 1000:.0f} ms here, and exchanging the "
            f"gradient over 1 Gbit/s Ethernet adds about {comm * 1000:.0f} ms to every step."
        )
        if self.speedup < 1.0:
            text += " That is slower than training here: use fewer, faster machines or a faster network."
        return text


def estimate_speedup(
    param_count: int,
    step_seconds: float,
    plan: LaunchPlan,
    *,
    bytes_per_second: float = ETHERNET_BYTES_PER_SECOND,
) -> SpeedupEstimate:
    """Data parallelism's gain on CPUs over Ethernet: compute shrinks by 1/W, the all-reduce does not.

    A ring all-reduce moves 2 (W-1)/W x the fp32 gradient through every process
    per step. Processes on one node exchange it through memory (counted as free
    here); between nodes the slowest link, Ethernet, sets the pace.
    """
    world = plan.world_size
    if world <= 1:
        return SpeedupEstimate(step_seconds, 0.0, 1.0)
    communication = 0.0
    if plan.nodes > 1:
        gradient_bytes = 4.0 * param_count
        communication = (
            2.0 * (world - 1) / world * gradient_bytes / bytes_per_second
            + 2.0 * (world - 1) * ALLREDUCE_LATENCY_SECONDS
        )
    per_step = step_seconds / world + communication
    return SpeedupEstimate(step_seconds, communication, step_seconds / per_step)
