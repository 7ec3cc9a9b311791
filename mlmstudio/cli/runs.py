"""``mlmstudio runs ...`` and ``mlmstudio export-hf``: the run history from a terminal.

    runs list [--status S] [--tag T] [--search TEXT] [--sort KEY]
    runs show RUN                     runs rename RUN NAME
    runs note RUN TEXT [--append]     runs tag RUN TAG... [--remove]
    runs delete RUN... [--yes]        runs export RUN FILE        runs import FILE
    runs resume RUN                   runs compare RUN RUN... [--metric M] [--by step|time] [--csv FILE]
    runs rebuild-history [--force | --adopt | --remove-orphans]
    export-hf RUN DIR [--overwrite]

RUN is a run id, a unique prefix of one (4+ characters), a unique run name, or
``latest`` (the newest run) / ``latest~N`` (the N-th before it).
Every command takes ``--json``. Results go to stdout, messages to stderr.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from mlmstudio import command_hint
from mlmstudio.cli import exit_codes
from mlmstudio.cli.exit_codes import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from mlmstudio.cli.interrupt import stop_on_interrupt
from mlmstudio.config import length_text
from mlmstudio.engine.errors import MLMStudioError

SORT_KEYS = ("created", "name", "status", "val_loss", "steps")
# detection_auc: the shared evaluation of MLM and ELECTRA runs (engine/inspect/detection_metric.py).
METRIC_COLUMNS = (
    "val_loss",
    "val_accuracy",
    "perplexity",
    "detection_auc",
    "final_loss",
    "initial_loss",
    "baseline_loss",
    "tokens_per_second",
    "wall_seconds",
    "steps",
    "params",
)

Handler = Callable[[argparse.Namespace], int]


def add_runs_commands(subparsers: argparse._SubParsersAction) -> None:
    """Register ``runs`` and its sub-commands on the top-level parser's sub-parsers."""
    runs = subparsers.add_parser(
        "runs",
        help="List, inspect, compare, resume, export and import runs.",
        description="The history of training runs. RUN is a run id, a "
        "unique prefix of one, a unique run name, or "
        "latest (the newest run) / latest~N (the N-th before it).",
    )
    commands = runs.add_subparsers(dest="runs_command", metavar="ACTION", required=True)

    p = _command(commands, "list", "List runs, newest first.", cmd_list)
    p.add_argument(
        "--status",
        action="append",
        default=[],
        help="Only runs with this status (repeat or comma-separate for several).",
    )
    p.add_argument("--tag", help="Only runs with this tag.")
    p.add_argument("--search", help="Only runs whose name, notes, corpus, tags or id contain this text.")
    p.add_argument("--sort", choices=SORT_KEYS, default="created", help="Order (default: created).")
    p.add_argument("--limit", type=int, default=0, help="Show at most this many runs (0: all).")

    p = _command(commands, "show", "Show everything about a run.", cmd_show)
    p.add_argument("run", metavar="RUN")

    p = _command(commands, "rename", "Give a run a new name.", cmd_rename)
    p.add_argument("run", metavar="RUN")
    p.add_argument("name", metavar="NAME")

    p = _command(commands, "note", "Set (or --append to) a run's notes.", cmd_note)
    p.add_argument("run", metavar="RUN")
    p.add_argument("text", metavar="TEXT")
    p.add_argument("--append", action="store_true", help="Add a line instead of replacing the notes.")

    p = _command(commands, "tag", "Add tags to a run (or --remove them).", cmd_tag)
    p.add_argument("run", metavar="RUN")
    p.add_argument("tags", metavar="TAG", nargs="+")
    p.add_argument("--remove", action="store_true", help="Remove these tags instead of adding them.")

    p = _command(commands, "delete", "Delete runs and their files.", cmd_delete)
    p.add_argument("runs", metavar="RUN", nargs="+")
    p.add_argument("-y", "--yes", action="store_true", help="Do not ask for confirmation.")

    p = _command(commands, "export", "Write a run to a .mlmrun bundle file.", cmd_export)
    p.add_argument("run", metavar="RUN")
    p.add_argument("file", metavar="FILE", help="The bundle to write (.mlmrun is added if missing).")
    p.add_argument("--overwrite", action="store_true", help="Replace FILE if it exists.")

    p = _command(commands, "import", "Add the run in a .mlmrun bundle to the history.", cmd_import)
    p.add_argument("file", metavar="FILE")

    p = _command(
        commands,
        "import-folder",
        "Add a run folder trained elsewhere (train --out, a run "
        "capsule under torchrun) to the history, with its curves and checkpoints.",
        cmd_import_folder,
    )
    p.add_argument(
        "folder", metavar="DIR", help="The run folder (it holds config.json and model.safetensors)."
    )
    p.add_argument("--name", default=None, help="A name for the run in the history.")

    p = _command(
        commands, "resume", "Continue an interrupted or stopped run from its last checkpoint.", cmd_resume
    )
    p.add_argument("run", metavar="RUN")

    p = _command(
        commands,
        "rebuild-history",
        "Keep a damaged history file (renamed with a date) and rebuild the history from the run folders.",
        cmd_rebuild_history,
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="Rebuild even though the history reads fine (the old file is kept).",
    )
    orphans = p.add_mutually_exclusive_group()
    orphans.add_argument(
        "--adopt",
        action="store_true",
        help="Keep the history and record again the run folders it has no record of "
        f"(left by an interrupted import or training; '{command_hint.command('doctor')}' lists them).",
    )
    orphans.add_argument(
        "--remove-orphans",
        action="store_true",
        help="Keep the history and delete the run folders it has no record of.",
    )

    p = _command(
        commands, "compare", "Compare runs: settings that differ, final metrics, curves.", cmd_compare
    )
    p.add_argument("runs", metavar="RUN", nargs="+")
    p.add_argument(
        "--metric",
        default="val_loss",
        help="The curve for --csv: val_loss, val_accuracy, val_perplexity, train_loss, "
        "train_lr, train_tokens_per_second (default: val_loss).",
    )
    p.add_argument(
        "--by",
        choices=("step", "time"),
        default="step",
        help="Align the curves by step or by seconds of training (default: step).",
    )
    p.add_argument("--csv", metavar="FILE", help="Write the aligned curves to this CSV file.")
    p.add_argument("--overwrite", action="store_true", help="Replace the --csv file if it exists.")


def add_export_hf_command(subparsers: argparse._SubParsersAction) -> None:
    p = _command(
        subparsers, "export-hf", "Export a run as a Hugging Face transformers folder.", cmd_export_hf
    )
    p.description = (
        "Write a folder that transformers.pipeline('fill-mask', model=DIR) loads and that "
        "predicts exactly as MLM Studio does: BertForMaskedLM for --arch seed runs, "
        "XLMRobertaXLForMaskedLM for modern runs trained with --no-distance-bias. Runs "
        "with the distance bias (the default; it learns faster) cannot be exported: "
        "no Hugging Face model has it."
    )
    p.add_argument("run", metavar="RUN")
    p.add_argument("dir", metavar="DIR", help="A new or empty folder.")
    p.add_argument(
        "--overwrite",
        action="store_true",
        help="Write into DIR even if it holds files (its model files are replaced).",
    )


def _command(
    commands: argparse._SubParsersAction, name: str, help_text: str, handler: Handler
) -> argparse.ArgumentParser:
    parser = commands.add_parser(name, help=help_text, description=help_text)
    parser.add_argument("--json", action="store_true", help="Print the result as JSON.")
    # Also accepted after the command; SUPPRESS keeps the global --data-dir when not given here.
    parser.add_argument(
        "--data-dir",
        default=argparse.SUPPRESS,
        help="Where the run history lives (default: MLMSTUDIO_HOME or the platform's user data folder).",
    )
    parser.set_defaults(func=_plain_errors(handler))
    return parser


def _plain_errors(handler: Handler) -> Handler:
    """Turn every expected failure into one or two sentences on stderr and an exit code."""

    @functools.wraps(handler)
    def wrapper(args: argparse.Namespace) -> int:
        from sqlalchemy.exc import SQLAlchemyError

        try:
            return handler(args)
        except MLMStudioError as exc:  # ConfigError included: 2 for bad input, 1 for a failure
            return _fail(str(exc), exit_codes.code_for(exc))
        except BrokenPipeError:
            raise  # the reader went away (| head): the entry point ends quietly
        except SQLAlchemyError as exc:  # locked, read-only, disk full or damaged: each says so
            return _fail(str(history_error(args, exc)))
        except OSError as exc:
            from mlmstudio.cli.argv_text import os_error_sentence

            return _fail(os_error_sentence(exc))

    return wrapper


def history_error(args: argparse.Namespace, exc: BaseException) -> Exception:
    """The sentence for an SQLite failure of the history in the data directory ``args`` names."""
    from mlmstudio.store.db_errors import describe_database_error
    from mlmstudio.store.paths import chosen_data_dir, database_path

    return describe_database_error(exc, database_path(chosen_data_dir(getattr(args, "data_dir", None))[0]))


def _fail(message: str, code: int = EXIT_FAILED) -> int:
    print(f"mlmstudio: {message}", file=sys.stderr)
    return code


def _first_line(exc: BaseException) -> str:
    return str(getattr(exc, "orig", None) or exc).splitlines()[0]


def _db(args: argparse.Namespace):
    from mlmstudio.store.database import Database

    return Database.open(getattr(args, "data_dir", None))


def _print_json(value: Any) -> None:
    print(json.dumps(value, indent=2, default=str))


# --- list / show -------------------------------------------------------------------------------


def cmd_list(args: argparse.Namespace) -> int:
    from mlmstudio.engine.run_status import ALL_STATUSES
    from mlmstudio.store.loss_before_after import loss_before_after
    from mlmstudio.store.service import list_runs

    RUN_STATUSES = [s.value for s in ALL_STATUSES]

    if args.limit < 0:
        return _fail(f"--limit must be 0 (all runs) or more, not {args.limit}.", EXIT_USAGE)
    statuses = [s.strip() for value in args.status for s in value.split(",") if s.strip()]
    unknown = [s for s in statuses if s not in RUN_STATUSES]
    if unknown:
        return _fail(
            f"Unknown status {', '.join(unknown)}. Choose from: {', '.join(RUN_STATUSES)}.", EXIT_USAGE
        )
    problems: list[str] = []
    runs = _sorted(
        list_runs(_db(args), statuses=statuses, tag=args.tag, text=args.search, problems=problems), args.sort
    )
    for problem in problems:  # a damaged row is skipped, never fatal
        print(f"mlmstudio: warning: {problem}", file=sys.stderr)
    if args.limit > 0:
        runs = runs[: args.limit]
    losses = loss_before_after(_db(args), [r.id for r in runs])
    if args.json:
        _print_json([dict(r.as_dict(), **losses[r.id].as_dict()) for r in runs])
        return EXIT_OK
    if not runs:
        if problems:  # not "No runs." beside a warning about one
            print(f"No run could be read ({len(problems)} skipped, see the warning).")
        else:
            print("No runs." if not (statuses or args.tag or args.search) else "No runs match.")
        return EXIT_OK
    rows = [
        (
            r.id,
            _clip(r.name, 40),
            r.display_status,
            str(r.last_step),
            # A continued run reads "5.21 → 3.02": its model's own loss, then the newest.
            losses[r.id].text() if losses[r.id].before is not None else _num(r.val_loss),
            _num(r.val_accuracy, ".3f"),
            _local(r.created_at),
            ", ".join(r.tags),
        )
        for r in runs
    ]
    _print_table(("ID", "NAME", "STATUS", "STEPS", "VAL LOSS", "VAL ACC", "CREATED", "TAGS"), rows)
    return EXIT_OK


def _sorted(runs: list, key: str) -> list:
    from mlmstudio.store.compare import rank_runs_by_val_loss

    if key == "val_loss":
        return rank_runs_by_val_loss(runs)
    if key == "name":
        return sorted(runs, key=lambda r: r.name.lower())
    if key == "status":
        return sorted(runs, key=lambda r: r.display_status)
    if key == "steps":
        return sorted(runs, key=lambda r: -r.last_step)
    return runs  # already newest first


def cmd_show(args: argparse.Namespace) -> int:
    from mlmstudio.engine.metric_names import GENERAL
    from mlmstudio.store.loss_before_after import loss_before_after
    from mlmstudio.store.service import get_run, load_probe_curves

    detail = get_run(_db(args), args.run)
    probes = load_probe_curves(_db(args), detail.summary.id)
    losses = loss_before_after(_db(args), [detail.summary.id])[detail.summary.id]
    general = loss_before_after(_db(args), [detail.summary.id], split=GENERAL)[detail.summary.id]
    if args.json:
        _print_json(
            dict(
                detail.as_dict(),
                **losses.as_dict(),
                general_loss_before=general.before,
                general_loss_after=general.after,
                probes=[
                    {
                        "sentence": c.sentence,
                        "answer": c.answer,
                        "step": int(c.steps[-1]),
                        "probability": float(c.probabilities[-1]),
                        "top1": c.top1[-1],
                        "hit": bool(c.hits[-1]),
                    }
                    for c in probes
                    if len(c)
                ],
            )
        )
        return EXIT_OK
    s = detail.summary
    lines = [
        f"run:        {s.id}  {s.name}",
        f"status:     {s.display_status}" + (f" (recorded as {s.status})" if s.missing_files else ""),
    ]
    if s.missing_files:
        lines.append(f"missing:    {', '.join(s.missing_files)} (in {s.run_dir})")
    if s.message:
        lines.append(f"message:    {s.message}")
    corpus = detail.corpus
    lines += [
        f"corpus:     {corpus.name} ({corpus.source}, sha256 {corpus.sha256[:12]}…)"
        if corpus
        else "corpus:     unknown",
        f"created:    {_local(s.created_at)}   started: {_local(s.started_at)}   "
        f"finished: {_local(s.finished_at)}",
        f"steps:      {s.last_step}",
        f"folder:     {s.run_dir}",
    ]
    if s.parent_run_id:
        lines.append(f"from run:   {s.parent_run_id}")
    if s.tags:
        lines.append(f"tags:       {', '.join(s.tags)}")
    if s.notes:
        lines.append("notes:      " + s.notes.replace("\n", "\n            "))
    if s.final_metrics:
        lines.append(
            "metrics:    "
            + ", ".join(
                f"{k} {_num(s.final_metrics.get(k))}"
                for k in METRIC_COLUMNS
                if s.final_metrics.get(k) is not None
            )
        )
    if losses.before is not None:
        lines.append(f"held-out:   loss {losses.text()} (the starting model's, then the newest)")
    if general.after is not None:
        source = s.config.training.general_text if s.config is not None else "the general text"
        lines.append(f"general:    loss {general.text()} on {source} (tested on, never trained on)")
    if detail.checkpoints:
        lines.append(
            "checkpoints: "
            + ", ".join(f"step {c.step}" + ("" if c.exists else " (missing)") for c in detail.checkpoints)
        )
    if s.config is not None:
        m, t, k, mk = s.config.model, s.config.training, s.config.tokenizer, s.config.masking
        lines.append(
            f"model:      {m.arch}, {m.num_layers} layers x {m.d_model} wide, {m.num_heads} heads, "
            f"tokenizer {k.kind}, masking {mk.strategy} {mk.mlm_probability:g}"
        )
        lines.append(
            f"training:   {length_text(t)}, batch {t.batch_size} x {t.seq_len}, lr {t.lr:g}, "
            f"{t.schedule} schedule, seed {t.seed}"
        )
    lines += probe_lines(probes)
    print("\n".join(lines))
    return EXIT_OK


def probe_lines(curves) -> list[str]:
    """The probes' newest answers: how many the model gets right, then one line per probe."""
    curves = [c for c in curves if len(c)]
    if not curves:
        return []
    hits = sum(bool(c.hits[-1]) for c in curves)
    width = min(14, max(len(c.answer) for c in curves))
    lines = [
        f"probes:     {hits} of {len(curves)} answered at step {int(curves[0].steps[-1])} "
        "(probability of the answer, the model's best guess)"
    ]
    for c in curves:
        mark = "=" if c.hits[-1] else " "
        lines.append(
            f"  {c.answer:<{width}} {c.probabilities[-1]:6.1%}  {mark} {c.top1[-1]:<{width}}  {c.sentence}"
        )
    return lines


# --- changes -----------------------------------------------------------------------------------


def cmd_rename(args: argparse.Namespace) -> int:
    from mlmstudio.store.service import rename_run

    return _report_change(args, rename_run(_db(args), args.run, args.name), "renamed to")


def cmd_note(args: argparse.Namespace) -> int:
    from mlmstudio.store.service import set_notes

    return _report_change(
        args, set_notes(_db(args), args.run, args.text, append=args.append), "notes saved for"
    )


def cmd_tag(args: argparse.Namespace) -> int:
    from mlmstudio.store.service import tag_run

    if not all(tag.strip() for tag in args.tags):
        return _fail("A tag cannot be empty. Give a word or two, e.g. 'baseline'.", EXIT_USAGE)
    db = _db(args)
    summary = tag_run(db, args.run, remove=args.tags) if args.remove else tag_run(db, args.run, add=args.tags)
    if args.json:
        _print_json(summary.as_dict())
    else:
        print(f"{summary.id}: tags {', '.join(summary.tags) or '(none)'}")
    return EXIT_OK


def _report_change(args: argparse.Namespace, summary, what: str) -> int:
    if args.json:
        _print_json(summary.as_dict())
    else:
        print(f"{summary.id}: {what} {summary.name!r}" if what == "renamed to" else f"{what} {summary.id}")
    return EXIT_OK


def cmd_delete(args: argparse.Namespace) -> int:
    from mlmstudio.store.service import delete_run, get_run

    db = _db(args)
    found = {}  # all must exist before any goes; a run named twice goes once
    for ref in args.runs:
        summary = get_run(db, ref).summary
        found.setdefault(summary.id, summary)
    summaries = list(found.values())
    if not args.yes:
        if not sys.stdin.isatty():
            return _fail("Deleting runs needs confirmation: add --yes to delete without asking.", EXIT_USAGE)
        names = "\n".join(f"  {s.id}  {s.name}" for s in summaries)
        answer = input(f"Delete these runs and their files?\n{names}\n[y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            print("Nothing deleted.")
            return EXIT_OK
    deleted = [delete_run(db, s.id) for s in summaries]
    if args.json:
        _print_json({"deleted": deleted})
    else:
        print(f"Deleted {len(deleted)} run(s): {', '.join(deleted)}")
    return EXIT_OK


# --- bundles and Hugging Face ------------------------------------------------------------------


def cmd_export(args: argparse.Namespace) -> int:
    from mlmstudio.store.bundle import export_bundle

    notes: list[str] = []
    path = export_bundle(_db(args), args.run, args.file, overwrite=args.overwrite, notes=notes)
    for note in notes:
        print(f"mlmstudio: note: {note}", file=sys.stderr)
    if args.json:
        _print_json({"bundle": str(path), "size_bytes": path.stat().st_size})
    else:
        print(f"Exported to {path}")
    return EXIT_OK


def cmd_import(args: argparse.Namespace) -> int:
    from mlmstudio.store.bundle import import_bundle
    from mlmstudio.store.service import get_run

    db = _db(args)
    notes: list[str] = []
    run_id = import_bundle(db, args.file, notes=notes)
    for note in notes:
        print(f"mlmstudio: note: {note}", file=sys.stderr)
    summary = get_run(db, run_id).summary
    if args.json:
        _print_json(summary.as_dict())
    else:
        print(f"Imported run {summary.id} ({summary.name})")
    return EXIT_OK


def cmd_import_folder(args: argparse.Namespace) -> int:
    from mlmstudio.store.folder_import import import_run_folder
    from mlmstudio.store.service import get_run

    db = _db(args)
    notes: list[str] = []
    run_id = import_run_folder(db, args.folder, name=args.name, notes=notes)
    for note in notes:
        print(f"mlmstudio: note: {note}", file=sys.stderr)
    detail = get_run(db, run_id)
    if args.json:
        _print_json(detail.summary.as_dict())
    else:
        points = "its curves" if detail.metric_names else "no curves (the folder has no curves.csv)"
        print(
            f"Imported run {detail.id} ({detail.summary.name}) with {points} and "
            f"{len(detail.checkpoints)} checkpoint(s)."
        )
    return EXIT_OK


def hf_export_note(out: Path) -> str:
    """How to load what export-hf wrote: one folder, or ELECTRA's two."""
    if (out / "generator" / "config.json").is_file() and not (out / "config.json").is_file():
        return (
            f"ELECTRA written to {out}: its generator fills blanks with transformers.pipeline("
            f"'fill-mask', model={str(out / 'generator')!r}); its discriminator loads with "
            f"ElectraForPreTraining.from_pretrained({str(out / 'discriminator')!r})."
        )
    return (
        f"Hugging Face model written to {out}. Load it with "
        f"transformers.pipeline('fill-mask', model={str(out)!r})."
    )


def cmd_export_hf(args: argparse.Namespace) -> int:
    from mlmstudio.store.service import export_hf_run

    out = export_hf_run(_db(args), args.run, args.dir, overwrite=args.overwrite)
    if args.json:
        _print_json({"dir": str(out)})
    else:
        print(hf_export_note(out))
    return EXIT_OK


# --- repair ------------------------------------------------------------------------------------


def cmd_rebuild_history(args: argparse.Namespace) -> int:
    from mlmstudio.store.history_repair import adopt_orphans, rebuild_history, remove_orphans

    if (args.adopt or args.remove_orphans) and args.force:
        return _fail(
            "--force rebuilds the whole history; --adopt and --remove-orphans keep it. Choose one.",
            EXIT_USAGE,
        )
    if args.adopt or args.remove_orphans:
        orphans = (adopt_orphans if args.adopt else remove_orphans)(getattr(args, "data_dir", None))
        if args.json:
            _print_json(
                {
                    "notes": orphans.notes,
                    "adopted": orphans.adopted,
                    "removed": orphans.removed,
                    "skipped": orphans.skipped,
                }
            )
        else:
            print(orphans.sentence())
        return EXIT_OK
    report = rebuild_history(getattr(args, "data_dir", None), force=args.force)
    if args.json:
        _print_json(
            {
                "kept_as": str(report.kept_as) if report.kept_as else None,
                "runs": report.runs,
                "with_curves": report.with_curves,
                "skipped": report.skipped,
            }
        )
    else:
        print(report.sentence())
    return EXIT_OK


# --- resume ------------------------------------------------------------------------------------


def cmd_resume(args: argparse.Namespace) -> int:
    from mlmstudio.cli.progress import TrainingProgress, summary_json
    from mlmstudio.engine.events import TrainingControl
    from mlmstudio.engine.run_status import RunStatus
    from mlmstudio.store.lifecycle import resume_run
    from mlmstudio.store.service import resolve_run_id, run_config

    db = _db(args)
    run_id = resolve_run_id(db, args.run)
    progress = TrainingProgress(run_config(db, run_id), quiet=args.json)
    progress.announce(f"Resuming run {run_id} from its last checkpoint...")
    control = TrainingControl()
    try:
        with stop_on_interrupt(control) as interruption:
            result = resume_run(db, run_id, callbacks=[progress], control=control)
    finally:
        progress.close()
    if result.status == RunStatus.FAILED:
        print(f"mlmstudio: {result.message}", file=sys.stderr)
    if args.json:
        _print_json(summary_json(result.summary, run_id))
    else:
        progress.print_summary(result.summary, run_id)
    if result.status == RunStatus.FAILED:
        return EXIT_FAILED
    return interruption.exit_code(EXIT_OK) if result.status == RunStatus.STOPPED else EXIT_OK


# --- compare -----------------------------------------------------------------------------------


def cmd_compare(args: argparse.Namespace) -> int:
    from mlmstudio.store import compare
    from mlmstudio.store.service import get_run

    if len(args.runs) < 2:
        return _fail("Give at least two runs to compare.", EXIT_USAGE)
    try:
        compare.split_metric(args.metric)
    except ValueError:
        return _fail(
            f"Unknown metric '{args.metric}'. Use val_loss, val_accuracy, val_perplexity, "
            "val_detection_auc, train_loss, train_lr or train_tokens_per_second.",
            EXIT_USAGE,
        )
    if args.csv is not None:  # refused before anything is read, not after
        from mlmstudio.engine.output_paths import check_output_file, check_outside
        from mlmstudio.store.paths import chosen_data_dir, runs_root

        check_output_file(args.csv, overwrite=args.overwrite, what="CSV file")
        check_outside(
            args.csv,
            runs_root(chosen_data_dir(getattr(args, "data_dir", None))[0]),
            what="CSV file",
            owner="the history's run folders",
        )
    db = _db(args)
    details = [get_run(db, ref) for ref in args.runs]
    ids = [d.id for d in details]
    if len(set(ids)) < len(ids):
        return _fail("The same run was given twice. Give different runs to compare.", EXIT_USAGE)
    summaries = [d.summary for d in details]
    configs = {s.id: s.config for s in summaries if s.config is not None}
    differences = compare.config_differences(configs)
    ranking = [s.id for s in compare.rank_runs_by_val_loss(summaries)]
    csv_path = None
    if args.csv:
        curves = compare.load_curves(db, ids, args.metric)
        aligned = compare.align(curves, args.metric, args.by)
        csv_path = compare.write_csv(aligned, args.csv, labels={s.id: f"{s.id} {s.name}" for s in summaries})
    from mlmstudio.store.run_evaluations import final_evaluations

    evaluations = final_evaluations(db, ids)  # transfer and grammar results (issue 20)
    if args.json:
        _print_json(
            {
                "runs": [s.as_dict() for s in summaries],
                "differences": [{"field": path, "values": values} for path, values in differences],
                "evaluations": {
                    run_id: [e.as_dict() for e in found] for run_id, found in evaluations.items()
                },
                "final_metrics": {
                    s.id: {k: s.final_metrics.get(k) for k in METRIC_COLUMNS} for s in summaries
                },
                "ranking_by_val_loss": ranking,
                "csv": str(csv_path) if csv_path else None,
            }
        )
        return EXIT_OK
    header = ("",) + tuple(f"{s.id}" for s in summaries)
    rows: list[tuple[str, ...]] = [
        ("name",) + tuple(_clip(s.name, 28) for s in summaries),
        ("status",) + tuple(s.display_status for s in summaries),
        ("steps",) + tuple(str(s.last_step) for s in summaries),
    ]
    rows.append(("-- settings that differ",) + ("",) * len(summaries))
    if not differences:
        rows.append(("(none)",) + ("",) * len(summaries))
    for path, values in differences:
        rows.append((path,) + tuple(_value(values.get(s.id)) for s in summaries))
    rows.append(("-- final metrics",) + ("",) * len(summaries))
    for key in METRIC_COLUMNS:
        if any(s.final_metrics.get(key) is not None for s in summaries):
            rows.append((key,) + tuple(_num(s.final_metrics.get(key)) for s in summaries))
    rows.append(("rank (val loss)",) + tuple(str(ranking.index(s.id) + 1) for s in summaries))
    from mlmstudio.cli.evaluate_command import compare_rows

    evaluation_rows = compare_rows(evaluations, ids)
    if evaluation_rows:
        rows.append(("-- evaluations (mean ± std over seeds)",) + ("",) * len(summaries))
        rows.extend(evaluation_rows)
    _print_table(header, rows)
    if csv_path:
        print(f"\n{args.metric} by {args.by} written to {csv_path}")
    return EXIT_OK


# --- formatting --------------------------------------------------------------------------------


def _print_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        print("  ".join(str(cell).ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip())


def _num(value: Any, spec: str = ".4f") -> str:
    if isinstance(value, bool) or value is None:
        return "-"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        if not math.isfinite(value):
            return str(value)
        if abs(value) >= 1000:
            return f"{value:,.0f}"
        return format(value, spec)
    return str(value)


def _value(value: Any) -> str:
    return _num(value, "g") if isinstance(value, float) else str(value)


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _local(moment: datetime | None) -> str:
    return "-" if moment is None else moment.astimezone().strftime("%Y-%m-%d %H:%M")
