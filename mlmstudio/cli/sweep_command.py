"""``mlmstudio sweep``: a budgeted search over 1-4 settings, each trial an ordinary run in the history.

    mlmstudio sweep sample:facts --param lr=1e-4:3e-3:log --param layers=1,2,4 --budget 20m
    mlmstudio sweep sample:pydoc --preset recipe --budget 10m
    mlmstudio sweep sample:facts --resume NAME
    mlmstudio sweep --list              (every sweep; a damaged one marked, with its repair)
    mlmstudio sweep --repair [NAME]     (keep a damaged journal's records before the damage)

The base recipe is the one ``train`` would use (flags, ``--config``), except
that a trial's length comes from the budget (see ``mlmstudio/sweep/runner.py``
for the rule) unless ``--steps`` is given. Ctrl+C stops the current trial and
the sweep; ``--resume NAME`` carries on.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time

from mlmstudio.cli.interrupt import stop_on_interrupt
from mlmstudio.cli.options import add_config_flags, config_from_args, dest_name
from mlmstudio.config import RunConfig, TrainingConfig
from mlmstudio.sweep.space import SweepSpecError, format_duration, parse_duration, parse_params

RECIPE_PRESET = "recipe"


def add_sweep_command(commands: argparse._SubParsersAction) -> None:
    sweep = commands.add_parser(
        "sweep",
        conflict_handler="resolve",
        help="Search 1-4 settings within a time budget; every trial is a run in the history.",
        description="Train many short runs with different settings and keep the best, within a time "
        "budget (Optuna: a TPE sampler, successive-halving pruning). Each trial is an "
        "ordinary run in the history, tagged sweep:NAME.",
    )
    sweep.add_argument(
        "corpus",
        metavar="CORPUS",
        nargs="?",
        default=None,
        help="The text to train on: a file, a folder or sample:NAME (not needed with --resume).",
    )
    sweep.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="NAME=RANGE",
        help="A setting to vary: NAME=LOW:HIGH, NAME=LOW:HIGH:log or NAME=A,B,C "
        "(e.g. lr=1e-4:3e-3:log, layers=1,2,4); 1 to 4 of them.",
    )
    sweep.add_argument(
        "--budget",
        default=None,
        metavar="TIME",
        help="The whole sweep's time: 90s, 20m or 1.5h (default: 10m).",
    )
    sweep.add_argument(
        "--trials",
        type=int,
        default=None,
        help="Planned trials; each trains for 0.9 x budget / trials (default: one per 2 "
        "minutes of budget, 3 to 20).",
    )
    sweep.add_argument(
        "--prune",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="Stop trials that fall behind early and spend their time on more trials (default: on).",
    )
    sweep.add_argument("--name", default=None, help="A name for the sweep (default: sweep-DATE-TIME).")
    sweep.add_argument(
        "--resume", metavar="NAME", default=None, help="Carry on with a stopped or interrupted sweep."
    )
    sweep.add_argument(
        "--repair",
        nargs="?",
        const="",
        default=None,
        metavar="NAME",
        help="Repair the damaged journal of sweep NAME (or every damaged one): keep every record "
        "before the damage, set the damaged file aside.",
    )
    sweep.add_argument(
        "--list",
        action="store_true",
        help="List the sweeps recorded here with their trials and best run; a damaged one is marked.",
    )
    sweep.add_argument("--config", metavar="RUN.JSON", help="The base recipe every trial starts from.")
    sweep.add_argument("--json", action="store_true", help="Print the trials table as JSON at the end.")
    sweep.add_argument(
        "--data-dir",
        default=argparse.SUPPRESS,
        help="Where the run history lives (default: MLMSTUDIO_HOME or the platform's user data folder).",
    )
    add_config_flags(sweep, ("corpus", "tokenizer", "masking", "model", "training"))
    # The model section's --preset (tiny/small/base) gives way to the sweep's own --preset above.
    sweep.add_argument(
        "--preset",
        dest="sweep_preset",
        choices=(RECIPE_PRESET,),
        default=None,
        help="recipe: find a good recipe for this corpus (picks learning rate, layers, "
        "width and masking rate itself, within this computer's memory and time).",
    )
    sweep.set_defaults(func=cmd_sweep)


def cmd_sweep(args: argparse.Namespace) -> int:
    from mlmstudio.engine.corpus import load_corpus
    from mlmstudio.store.database import Database
    from mlmstudio.sweep import runner
    from mlmstudio.sweep.study import load_spec, load_study, repair_sweeps, split_old_journal

    if args.repair is not None or args.list:
        flag = "--repair" if args.repair is not None else "--list"
        if args.corpus or args.resume or args.param or (args.repair is not None and args.list):
            raise SweepSpecError(f"{flag} works alone; run it, then the sweep.")
        db = Database.open(args.data_dir)
        _print_split_note(split_old_journal(db))
        if args.list:
            return _print_list(db, as_json=args.json)
        for message in repair_sweeps(db, args.repair.strip() or None):
            print(message)
        return 0
    if args.resume:
        given = [
            flag
            for flag, value in (
                ("--param", args.param),
                ("--budget", args.budget),
                ("--preset", args.sweep_preset),
                ("--config", args.config),
                ("--trials", args.trials),
            )
            if value
        ]
        if given:
            raise SweepSpecError(
                f"--resume carries on with the sweep's own settings; drop {', '.join(given)}."
            )
        db = Database.open(args.data_dir)
        _print_split_note(split_old_journal(db))
        spec = load_spec(load_study(db, args.resume.strip()))
        if args.corpus and args.corpus != spec.corpus:
            raise SweepSpecError(
                f"Sweep '{spec.name}' trains on {spec.corpus}, not {args.corpus}; "
                "leave CORPUS out to resume it."
            )
        corpus = load_corpus(
            spec.corpus,
            text_field=spec.base_config.corpus.text_field,
            csv_column=spec.base_config.corpus.csv_column,
        )
        name = spec.name
        print(f"Resuming sweep {name}.", file=sys.stderr)
    else:
        if not args.corpus:
            raise SweepSpecError(
                "Give the corpus to sweep on (a file, a folder or sample:NAME), or "
                "--resume NAME to carry on with a sweep."
            )
        budget = parse_duration(args.budget or "10m")
        if getattr(args, dest_name("training", "time_budget"), None) is not None:
            raise SweepSpecError("Each trial's time comes from the sweep's --budget; drop --time-budget.")
        if args.trials is not None and args.trials < 1:
            raise SweepSpecError(f"--trials must be at least 1, not {args.trials}.")
        base = config_from_args(args, base=_recipe_base(args)).validate()
        if getattr(args, dest_name("training", "steps"), None) is None:
            # The budget decides each trial's length, not the default step limit.
            base = dataclasses.replace(
                base,
                training=dataclasses.replace(
                    base.training, steps=TrainingConfig.__dataclass_fields__["steps"].metadata["max"]
                ),
            )
        if args.sweep_preset == RECIPE_PRESET and args.param:
            raise SweepSpecError(
                "The recipe preset picks the settings itself; drop --param, or drop --preset to choose them."
            )
        corpus = load_corpus(
            base.corpus.source, text_field=base.corpus.text_field, csv_column=base.corpus.csv_column
        )
        for warning in corpus.warnings:
            print(f"mlmstudio: warning: {warning}", file=sys.stderr)
        trials = args.trials or runner.default_trials(budget, args.prune)
        if args.sweep_preset == RECIPE_PRESET:
            from mlmstudio.sweep.recipe import recipe_params

            params = recipe_params(base, budget * 0.9 / trials)
            print(
                "The recipe preset varies: " + "; ".join(p.describe() for p in params) + ".", file=sys.stderr
            )
        else:
            params = parse_params(args.param, base)
        name = args.name or time.strftime("sweep-%Y%m%d-%H%M%S")
        db = Database.open(args.data_dir)
        _print_split_note(split_old_journal(db))
        spec = runner.new_spec(
            name,
            corpus,
            base,
            params,
            budget,
            trials=trials,
            prune=args.prune,
            preset=args.sweep_preset or "",
        )
        runner.create_sweep(db, spec)
        print(
            f"Sweep {name}: {trials} trials of {format_duration(spec.trial_seconds)} planned within "
            f"{format_duration(budget)}{', pruning' if args.prune else ''}; its runs are tagged "
            f"{spec.tag}. Resume it with --resume {name}.",
            file=sys.stderr,
        )
    control = runner.SweepControl()
    with stop_on_interrupt(_AsTrainingControl(control)) as interruption:
        ended = runner.run_sweep(
            db, name, corpus, control=control, on_event=None if args.json else _print_event
        )
    if args.json:
        print(
            json.dumps(
                {
                    "sweep": name,
                    "stopped": ended.stopped,
                    "seconds_left": round(ended.seconds_left, 1),
                    "best_run": ended.best.run_id if ended.best else None,
                    "trials": [t.as_dict() for t in ended.trials],
                },
                indent=2,
            )
        )
    else:
        _print_end(ended)
    if interruption.signum is not None:
        # The signal's own line said "stopping after this step"; this one says it has stopped and how
        # to go on, also when the signal came before the first trial began.
        print(f"mlmstudio: Stopped the sweep {name}; resume it with --resume {name}.", file=sys.stderr)
    return sweep_exit_code(ended, interruption)


def sweep_exit_code(ended, interruption) -> int:
    """130/143 when a signal stopped it, 1 when no trial completed (nothing was found), else 0."""
    if interruption.signum is not None:
        return interruption.exit_code(0)
    if ended.best is None:
        return 1
    return 0


def _print_split_note(note: str | None) -> None:
    if note:
        print(f"mlmstudio: note: {note}", file=sys.stderr)


def _print_list(db, *, as_json: bool) -> int:
    """Every sweep with its trials and best run; a damaged one marked with its sentence (exit 0: listed)."""
    from mlmstudio.sweep.study import best_trial, list_sweeps, load_spec, load_study, trial_records

    rows = []
    for entry in list_sweeps(db):
        row: dict = {"sweep": entry.name, "journal": str(entry.journal), "damaged": entry.problem}
        if entry.problem is None:
            study = load_study(db, entry.name)
            spec, trials = load_spec(study), trial_records(study)
            best = best_trial(trials)
            row.update(
                corpus=spec.corpus,
                trials=len(trials),
                completed=sum(1 for t in trials if t.outcome == "completed"),
                pruned=sum(1 for t in trials if t.outcome == "pruned"),
                best_run=best.run_id if best else None,
                best_val_loss=best.val_loss if best else None,
            )
        rows.append(row)
    if as_json:
        print(json.dumps(rows, indent=2))
        return 0
    if not rows:
        print("No sweep is recorded yet.")
    for row in rows:
        name = row["sweep"] or "(old shared journal)"
        if row["damaged"]:
            print(f"{name}: DAMAGED. {row['damaged']}")
            continue
        best = (
            f", best run {row['best_run']} (validation loss {row['best_val_loss']:.3f})"
            if row["best_run"]
            else ", no completed trial yet"
        )
        print(
            f"{name}: {row['corpus']}, {row['trials']} trials ({row['completed']} completed, "
            f"{row['pruned']} pruned){best}"
        )
    return 0


def _recipe_base(args: argparse.Namespace):
    if args.sweep_preset != RECIPE_PRESET:
        return None
    from mlmstudio.config import quick_start_config

    if args.config:
        raise SweepSpecError("Use either --preset recipe or --config, not both.")
    source = (args.corpus or "").strip().lower()
    recipe = quick_start_config("facts" if source == "sample:facts" else "pydoc")
    # The quick start's model and training shape, read the default way: the tokenizer is how the
    # model reads the text, and held-out accuracy only compares between runs that read alike.
    return dataclasses.replace(recipe, tokenizer=RunConfig().tokenizer)


class _AsTrainingControl:
    """What stop_on_interrupt needs (stop, stop_requested), handed to the sweep's control."""

    def __init__(self, control) -> None:
        self.control = control

    def stop(self) -> None:
        self.control.stop()

    @property
    def stop_requested(self) -> bool:
        return self.control.stop_requested


def _values(values: dict) -> str:
    return ", ".join(f"{k}={v:.3g}" if isinstance(v, float) else f"{k}={v}" for k, v in values.items())


def _print_event(event) -> None:
    from mlmstudio.sweep import runner

    if isinstance(event, runner.TrialStarted):
        again = f", again for trial {event.retry_of}" if event.retry_of is not None else ""
        print(
            f"Trial {event.number}: {_values(event.values)} (run {event.run_id}, "
            f"{format_duration(event.seconds)}{again})",
            file=sys.stderr,
        )
    elif isinstance(event, runner.TrialEnded):
        r = event.record
        loss = f"validation loss {r.val_loss:.3f}" if r.val_loss is not None else "no validation loss"
        acc = f", accuracy {r.val_accuracy:.1%}" if r.val_accuracy is not None else ""
        how = f"pruned at step {r.pruned_step}" if r.pruned_step is not None else r.outcome
        note = f" {r.message}" if r.outcome not in ("completed", "pruned") and r.message else ""
        print(
            f"Trial {r.number}: {how}, {loss}{acc} after {r.step} steps "
            f"({format_duration(r.seconds)}).{note}",
            file=sys.stderr,
        )


def _print_end(ended) -> None:
    from mlmstudio.sweep.study import TrialOutcome

    done = sum(1 for t in ended.trials if t.outcome == TrialOutcome.COMPLETED)
    pruned = sum(1 for t in ended.trials if t.outcome == "pruned")
    print(
        f"Sweep {ended.name}: {len(ended.trials)} trials ({done} completed, {pruned} pruned)"
        + (
            f", stopped with {format_duration(ended.seconds_left)} of the budget left; resume it with "
            f"--resume {ended.name}."
            if ended.stopped
            else "."
        )
    )
    if ended.best is None:
        print("No trial completed, so there is no best run yet.")
        return
    b = ended.best
    acc = f", accuracy {b.val_accuracy:.1%}" if b.val_accuracy is not None else ""
    print(
        f"Best run: {b.run_id} (trial {b.number}: {_values(b.values)}), validation loss "
        f"{b.val_loss:.3f}{acc}."
    )
