"""``mlmstudio models list`` and ``models open``: the local Hugging Face cache, and opening a model
into the history as a run of kind "imported" (issue 17). Nothing is downloaded, ever."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from mlmstudio import command_hint


def add_models_command(commands: argparse._SubParsersAction) -> None:
    models = commands.add_parser(
        "models",
        help="Open a transformers masked language model (a folder, or one in the local Hugging Face cache).",
    )
    actions = models.add_subparsers(dest="models_command", metavar="ACTION", required=True)
    listing = actions.add_parser(
        "list", help="The models in the local Hugging Face cache, and which can be opened."
    )
    listing.add_argument("--json", action="store_true", help="Print the list as JSON.")
    listing.set_defaults(func=cmd_models_list)
    opening = actions.add_parser("open", help="Open a model into the history as a run of kind 'imported'.")
    opening.add_argument(
        "source", metavar="PATH|ORG/NAME", help="A transformers folder, or a model in the cache."
    )
    opening.add_argument(
        "--name", default=None, help="The run's name in the history (default: family and folder)."
    )
    opening.set_defaults(func=cmd_models_open)
    for sub in (listing, opening):
        sub.add_argument(
            "--data-dir",
            default=argparse.SUPPRESS,
            help="Where the run history lives (default: MLMSTUDIO_HOME or the platform's user data folder).",
        )


def cmd_models_list(args: argparse.Namespace) -> int:
    from mlmstudio.engine.hf_import.hub_cache import hub_cache_dir, list_cached_models

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    cache = hub_cache_dir()
    found = list_cached_models(cache)
    if args.json:
        rows = [
            {"model": m.repo_id, "family": m.family, "folder": str(m.snapshot or ""), "problem": m.problem}
            for m in found
        ]
        print(json.dumps({"cache": str(cache), "models": rows}, indent=2))
        return 0
    if not found:
        print(f"No models in the local Hugging Face cache ({cache}).")
        return 0
    print(f"Models in {cache}:")
    for m in found:
        if m.problem:
            print(f"  {m.repo_id:<40}  cannot be opened: {m.problem}")
        else:
            print(f"  {m.repo_id:<40}  {m.family}")
    return 0


def cmd_models_open(args: argparse.Namespace) -> int:
    from mlmstudio.engine.hf_import import ModelImportError
    from mlmstudio.engine.hf_import.hub_cache import looks_like_repo_id, snapshot_of
    from mlmstudio.store.database import Database
    from mlmstudio.store.imported_runs import open_imported_model

    if not args.source.strip():  # Path("") is the current folder: never read an empty name as that
        raise ModelImportError(
            "No model given (the name is empty). Give a folder that save_pretrained wrote, or a "
            f"model's hub name from '{command_hint.command('models list')}'."
        )
    source = Path(args.source).expanduser()
    if not source.exists() and looks_like_repo_id(args.source):
        source = snapshot_of(args.source)
    db = Database.open(getattr(args, "data_dir", None))
    opened = open_imported_model(db, source, name=args.name)
    run_id, origin = opened.run_id, opened.origin
    if opened.reused:
        renamed = (
            f" It keeps its name; '{command_hint.command(f'runs rename {run_id} NAME')}' changes it."
            if args.name and " ".join(args.name.split()) != opened.name
            else ""
        )
        print(
            f"{args.source} is already open as run {run_id} ({opened.name}): its files are unchanged, "
            f"so no second run was recorded.{renamed}"
        )
    else:
        print(f"Opened {args.source} as run {run_id}: {origin.family}, {origin.parameters:,} parameters.")
    print(f"  weights SHA-256 {origin.weights_sha256}")
    print(
        f"  mask token {origin.mask_token}"
        + ("" if origin.mask_token == "[MASK]" else " (write [MASK] or it)")
    )
    if origin.note:
        print(f"mlmstudio: note: {origin.note}", file=sys.stderr)
    print(f'Try: {command_hint.command(f"fill {run_id}")} "The capital of France is [MASK]."')
    return 0
