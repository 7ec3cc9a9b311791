"""``mlmstudio capsule RUN.JSON OUT_DIR``: write a run capsule for another machine, or several.

The capsule (engine/capsule.py) carries the configuration, the corpus (or its
path and fingerprint), the tokenizer and a ``launch.sh`` that runs torchrun;
this command writes it, prints the command each node runs, and says what
speed-up to expect: it times a few training steps of the run's model here and
adds what exchanging the gradient over Ethernet costs per step.
"""

from __future__ import annotations

import argparse
import json
import shlex
from pathlib import Path

from mlmstudio import command_hint
from mlmstudio.config import RunConfig

DATA_DIR_HELP = "Where the run history lives (default: MLMSTUDIO_HOME or the platform's user data folder)."


def add_capsule_command(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser(
        "capsule",
        help="Write a run capsule: train this run elsewhere with torchrun, then import it.",
        description="Write a folder that trains the run on other machines: its config, corpus and "
        "tokenizer, a launch.sh that runs torchrun on N nodes x M processes, and "
        "optionally a Slurm script. Bring the result back with "
        f"`{command_hint.command('runs import-folder')}`.",
    )
    command.add_argument(
        "config",
        metavar="RUN.JSON",
        help="The run's configuration: a file from `train --save-config`, a run folder, "
        "or a run from the history (an id, a name or 'latest').",
    )
    command.add_argument("out", metavar="OUT_DIR", help="The capsule folder to write (new or empty).")
    command.add_argument("--nodes", type=int, default=1, help="Machines to train on (default: 1).")
    command.add_argument(
        "--procs-per-node", type=int, default=1, help="Processes per machine, e.g. one per GPU (default: 1)."
    )
    command.add_argument(
        "--rdzv",
        metavar="HOST:PORT",
        default="127.0.0.1:29500",
        help="Where the nodes meet: the first node's address (default: 127.0.0.1:29500).",
    )
    command.add_argument(
        "--no-corpus",
        action="store_true",
        help="Leave the corpus file out; the capsule names its path and fingerprint.",
    )
    command.add_argument("--slurm", action="store_true", help="Also write a Slurm batch script.")
    command.add_argument(
        "--no-estimate", action="store_true", help="Skip timing a few steps here for the speed-up estimate."
    )
    command.add_argument("--overwrite", action="store_true", help="Let OUT_DIR be a non-empty folder.")
    command.add_argument("--json", action="store_true", help="Print the result as JSON.")
    command.add_argument("--data-dir", default=argparse.SUPPRESS, help=DATA_DIR_HELP)
    command.set_defaults(func=cmd_capsule)


def cmd_capsule(args: argparse.Namespace) -> int:
    from mlmstudio.engine.capsule import LaunchPlan, parse_endpoint, torchrun_command, write_capsule

    host, port = parse_endpoint(args.rdzv)
    plan = LaunchPlan(nodes=args.nodes, procs_per_node=args.procs_per_node, host=host, port=port).check()
    config = _config_of(args.config, getattr(args, "data_dir", None))
    capsule = write_capsule(
        config, args.out, plan, include_corpus=not args.no_corpus, slurm=args.slurm, overwrite=args.overwrite
    )
    command = torchrun_command(
        plan,
        capsule.capsule_id,
        capsule_dir=str(capsule.path.resolve()),
        out=str((capsule.path / "run").resolve()),
    )
    estimate = None if args.no_estimate else _estimate(capsule)
    files = sorted(str(p.relative_to(capsule.path)) for p in capsule.path.rglob("*") if p.is_file())
    if args.json:
        print(
            json.dumps(
                {
                    "capsule": str(capsule.path),
                    "files": files,
                    "nodes": plan.nodes,
                    "procs_per_node": plan.procs_per_node,
                    "rendezvous": plan.endpoint,
                    "corpus_included": capsule.corpus_included,
                    "command": command,
                    "speedup": None if estimate is None else round(estimate.speedup, 3),
                    "estimate": None if estimate is None else estimate.sentence(plan),
                },
                indent=2,
            )
        )
        return 0
    print(f"Capsule written to {capsule.path}: {', '.join(files)}.")
    print(f"On each of the {plan.nodes} node(s), run {capsule.path / 'launch.sh'}; it runs:")
    print("  " + " ".join(shlex.quote(part) for part in command))
    if estimate is not None:
        print(estimate.sentence(plan))
    home = capsule.path / "run"
    print(f"Then bring the run home: {command_hint.command(f'runs import-folder {home}')}")
    return 0


def _config_of(ref: str, data_dir: str | None) -> RunConfig:
    """A config file, a run folder's config.json, or a history run's configuration."""
    path = Path(ref).expanduser()
    if path.is_dir() and (path / "config.json").is_file():
        path = path / "config.json"
    if path.is_file():
        return RunConfig.from_file(path)
    from mlmstudio.store.database import Database
    from mlmstudio.store.service import run_config

    db = Database.open(data_dir)
    try:
        return run_config(db, ref)
    finally:
        db.close()


def _estimate(capsule):
    from mlmstudio.engine.calibration import measure_step_time
    from mlmstudio.engine.capsule import estimate_speedup
    from mlmstudio.engine.estimates import estimate_parameters
    from mlmstudio.engine.tokenization import MLMTokenizer

    config = capsule.config
    vocab = MLMTokenizer.load(capsule.tokenizer_path).vocab_size
    step = measure_step_time(
        config.model,
        vocab,
        config.training.batch_size,
        config.training.seq_len,
        mlm_probability=config.masking.mlm_probability,
        precision=config.training.precision,
    )
    return estimate_speedup(estimate_parameters(config.model, vocab), step.seconds, capsule.plan)
