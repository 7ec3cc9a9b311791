"""``mlmstudio queue``: runs waiting in line in the history, run one after another.

    queue add [CORPUS] [train flags | --config RUN.JSON] [--name NAME]
    queue list                      queue start [--after-crash wait|resume]
    queue pause                     queue remove ITEM...
    queue move ITEM POSITION        queue run

``add`` takes exactly ``train``'s settings (the same generated flags, the same
CORPUS argument, ``--config`` and ``--quick-start``) and refuses what ``train``
would refuse before anything is queued. ``run`` trains the items headless with
``train``'s progress, until the queue is empty or paused; Ctrl+C or SIGTERM
stops the current run after its step (its item resumes next time), a second
one aborts. The app runs the same queue (``store/queue.py``); both may run at
once and never run one item twice.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path

from mlmstudio import command_hint
from mlmstudio.cli.added_words import add_added_words_flags, with_added_words
from mlmstudio.cli.argv_text import shown
from mlmstudio.cli.interrupt import stop_on_interrupt
from mlmstudio.cli.options import add_config_flags, config_from_args
from mlmstudio.cli.probe_file import add_probes_flag, with_probe_file
from mlmstudio.store.errors import StoreError

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
DATA_DIR_HELP = "Where the run history lives (default: MLMSTUDIO_HOME or the platform's user data folder)."


def add_queue_command(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "queue",
        help="Queue runs and run them one after another (here or in the app).",
        description="A queue of runs kept in the history: add runs with train's flags, reorder them, "
        f"and run them one after another with '{command_hint.command('queue run')}' or the app's Queue page. "
        "A failed run does not stop the queue. ITEM is the number 'queue list' shows.",
    )
    actions = parser.add_subparsers(dest="queue_command", metavar="ACTION", required=True)

    add = _action(actions, "add", "Add a run to the end of the queue (train's flags).", cmd_add)
    add.add_argument(
        "corpus",
        metavar="CORPUS",
        nargs="?",
        default=None,
        help="The text to train on (default: the one in --config, else sample:facts).",
    )
    add.add_argument("--config", metavar="RUN.JSON", help="Start from this saved configuration.")
    add.add_argument("--name", help="A name for the run in the history.")
    add.add_argument(
        "--quick-start",
        action="store_true",
        help="Start from the app's first-run recipe for this corpus; other flags still apply.",
    )
    add_probes_flag(add)
    add_config_flags(add, ("corpus", "tokenizer", "masking", "model", "training"))
    add_added_words_flags(add)  # with --from, as train

    _action(actions, "list", "Show the queue in order, with each item's state.", cmd_list)
    start = _action(actions, "start", "Let the queue run (the app or 'queue run' runs it).", cmd_start)
    start.add_argument(
        "--after-crash",
        choices=("wait", "resume"),
        default=None,
        help="When a process dies while running an item: wait for you to start the "
        "queue again, or resume the item when the queue next runs.",
    )
    _action(actions, "pause", "Start no further item (a run in progress finishes).", cmd_pause)
    remove = _action(actions, "remove", "Take items out of the queue.", cmd_remove)
    remove.add_argument("items", metavar="ITEM", nargs="+", help="Item numbers from 'queue list'.")
    move = _action(actions, "move", "Move an item to another place in the queue.", cmd_move)
    move.add_argument("item", metavar="ITEM", help="The item's number from 'queue list'.")
    move.add_argument("position", metavar="POSITION", help="Its new place: 1 is first.")
    _action(actions, "run", "Run the queue here until it is empty or paused.", cmd_run)


def _action(
    actions: argparse._SubParsersAction, name: str, help_text: str, handler
) -> argparse.ArgumentParser:
    parser = actions.add_parser(name, help=help_text, description=help_text)
    parser.add_argument("--json", action="store_true", help="Print the result as JSON.")
    parser.add_argument("--data-dir", default=argparse.SUPPRESS, help=DATA_DIR_HELP)
    parser.set_defaults(func=handler)
    return parser


def _db(args: argparse.Namespace):
    from mlmstudio.store.database import Database

    return Database.open(getattr(args, "data_dir", None))


def _item_number(text: str, what: str = "Item") -> int:
    from mlmstudio.store.queue import QueueError

    cleaned = text.strip().lstrip("#")
    if not cleaned.isdigit():
        raise QueueError(
            f"{what} {shown(text)} is not a number. Give the item's number from '{command_hint.command('queue list')}'."
        )
    return int(cleaned)


# --- add -----------------------------------------------------------------------------------------


def cmd_add(args: argparse.Namespace) -> int:
    from mlmstudio.cli.engine_commands import fit_windows_to_corpus, quick_start_base
    from mlmstudio.engine.corpus import load_corpus
    from mlmstudio.engine.errors import TrainingError
    from mlmstudio.engine.memory import training_memory_shortage
    from mlmstudio.store import queue

    config = config_from_args(args, base=quick_start_base(args))
    # --from MODEL resolved as train resolves it ('queue run' may run from another folder), and
    # checked against the model's own shape, not the defaults'.
    from mlmstudio.cli.model_folders import from_was_given

    if config.training.start_from.strip() or from_was_given(args):
        from mlmstudio.cli.engine_commands import resolve_model_dir
        from mlmstudio.cli.model_folders import continued_from_args

        config = continued_from_args(args, config, resolve_model_dir)
    config = with_probe_file(args, config.validate())
    shortage = training_memory_shortage(config)
    if shortage:
        raise TrainingError(shortage)
    # Read now, as train does: a corpus that cannot be read is refused before it is queued.
    corpus = load_corpus(
        config.corpus.source,
        text_field=config.corpus.text_field,
        csv_column=config.corpus.csv_column,
        encoding=config.corpus.encoding,
    )
    for warning in corpus.warnings:
        print(f"mlmstudio: warning: {warning}", file=sys.stderr)
    config = fit_windows_to_corpus(args, config, corpus.text)
    # The words are chosen now, into training.added_words; the engine adds them when the item runs.
    config = with_added_words(args, config, corpus.text)
    config = _absolute_corpus(config)  # 'queue run' may run from another folder
    db = _db(args)
    item = queue.add_item(db, config, name=args.name)
    count = len(queue.list_items(db))
    if args.json:
        print(json.dumps(_item_json(item), indent=2))
    else:
        print(f"Queued as item {item.id} (position {item.position} of {count}): {item.label}.")
        print(
            f"Run the queue with '{command_hint.command('queue run')}', or start it on the app's Queue page."
        )
    return EXIT_OK


def _absolute_corpus(config):
    source = config.corpus.source
    if source.lower().startswith("sample:"):
        return config
    absolute = str(Path(source).expanduser().resolve())
    return dataclasses.replace(config, corpus=dataclasses.replace(config.corpus, source=absolute))


# --- list, start, pause, remove, move ----------------------------------------------------------------


def cmd_list(args: argparse.Namespace) -> int:
    from mlmstudio.store import queue

    db = _db(args)
    queue.recover_abandoned(db)  # an item left running by a dead process shows as interrupted
    items, settings = queue.list_items(db), queue.get_settings(db)
    if args.json:
        print(
            json.dumps(
                {
                    "paused": settings.paused,
                    "after_crash": str(settings.after_crash),
                    "note": settings.note,
                    "items": [_item_json(i) for i in items],
                },
                indent=2,
            )
        )
        return EXIT_OK
    print(_settings_line(settings))
    if not items:
        print(
            f"The queue is empty. Add runs with '{command_hint.command('queue add CORPUS [train flags]')}'."
        )
        return EXIT_OK
    print(f"{'item':>4}  {'state':<11}  {'run':<12}  {'length':>14}  name")
    for item in items:
        steps = _steps(item)
        print(f"{item.id:>4}  {str(item.state):<11}  {item.run_id or '-':<12}  {steps:>14}  {item.label}")
        if item.message:
            print(f"{'':>4}  {item.message}")
    return EXIT_OK


def _settings_line(settings) -> str:
    state = "paused" if settings.paused else "started"
    line = f"The queue is {state}; after a crash it will {settings.after_crash}."
    return f"{line}\n{settings.note}" if settings.note else line


def _steps(item) -> str:
    try:
        training = item.config.training
    except Exception:  # noqa: BLE001 - a listing never fails on one odd row
        return "?"
    from mlmstudio.config import length_text

    return length_text(training)


def _item_json(item) -> dict:
    return {
        "item": item.id,
        "position": item.position,
        "state": str(item.state),
        "name": item.name,
        "corpus": item.corpus_source,
        "run_id": item.run_id,
        "message": item.message,
        "created_at": _time(item.created_at),
        "started_at": _time(item.started_at),
        "finished_at": _time(item.finished_at),
    }


def _time(value) -> str | None:
    return value.isoformat() if value is not None else None


def cmd_start(args: argparse.Namespace) -> int:
    from mlmstudio.store import queue

    db = _db(args)
    if args.after_crash:
        queue.set_after_crash(db, args.after_crash)
    settings = queue.set_paused(db, False)
    waiting = sum(1 for i in queue.list_items(db) if i.state in queue.RUNNABLE_STATES)
    if args.json:
        print(json.dumps({"paused": False, "after_crash": str(settings.after_crash), "waiting": waiting}))
    else:
        print(
            f"The queue is started ({waiting} waiting; after a crash it will {settings.after_crash}). "
            f"The app runs it while its Queue page is started; or run it here with '{command_hint.command('queue run')}'."
        )
    return EXIT_OK


def cmd_pause(args: argparse.Namespace) -> int:
    from mlmstudio.store import queue

    queue.set_paused(_db(args), True)
    if args.json:
        print(json.dumps({"paused": True}))
    else:
        print(
            "The queue is paused: no further item starts (a run in progress finishes). "
            f"Start it again with '{command_hint.command('queue start')}'."
        )
    return EXIT_OK


def cmd_remove(args: argparse.Namespace) -> int:
    from mlmstudio.store import queue

    # All checked before any is removed; a number given twice is one item.
    numbers = list(dict.fromkeys(_item_number(text) for text in args.items))
    db = _db(args)
    for number in numbers:
        queue.get_item(db, number)
    removed = [queue.remove_item(db, number) for number in numbers]
    if args.json:
        print(json.dumps([_item_json(i) for i in removed], indent=2))
    else:
        for item in removed:
            print(f"Removed item {item.id} ({item.label}) from the queue.")
    return EXIT_OK


def cmd_move(args: argparse.Namespace) -> int:
    from mlmstudio.store import queue

    number = _item_number(args.item)
    text = args.position.strip()
    if not text.lstrip("-").isdigit():
        raise queue.QueueError(f"Position {shown(args.position)} is not a number: 1 is the first place.")
    order = queue.move_item(_db(args), number, int(text))
    if args.json:
        print(json.dumps([_item_json(i) for i in order], indent=2))
    else:
        place = next(i.position for i in order if i.id == number)
        print(f"Item {number} is now at position {place} of {len(order)}.")
    return EXIT_OK


# --- run -----------------------------------------------------------------------------------------


def cmd_run(args: argparse.Namespace) -> int:
    from mlmstudio.cli.progress import TrainingProgress
    from mlmstudio.engine.events import TrainingControl
    from mlmstudio.store import queue
    from mlmstudio.store.queue_runner import run_queue

    db = _db(args)
    queue.recover_abandoned(db)
    settings = queue.get_settings(db)
    if settings.paused:
        reason = f" {settings.note}" if settings.note else ""
        raise StoreError(
            f"The queue is paused, so nothing runs.{reason} Start it with "
            f"'{command_hint.command('queue start')}', then run '{command_hint.command('queue run')}' again."
        )
    if not any(i.state in queue.RUNNABLE_STATES for i in queue.list_items(db)):
        raise StoreError(
            f"Nothing is queued. Add runs with '{command_hint.command('queue add CORPUS [train flags]')}' first."
        )
    quiet = args.json
    progress: list[TrainingProgress] = []

    def callbacks_for(prepared):
        progress[:] = [TrainingProgress(prepared.item.config, quiet=quiet)]
        return progress

    def on_start(prepared):
        how = "resumes run" if prepared.resuming else "trains as run"
        _say(quiet, f"Item {prepared.item.id} ({prepared.item.label}) {how} {prepared.run_id}...")

    def on_end(item):
        for bar in progress:
            bar.close()
        detail = f": {item.message}" if item.message else "."
        _say(quiet, f"Item {item.id} {item.state}{detail}")

    control = TrainingControl()
    with stop_on_interrupt(control):
        summary = run_queue(
            db, control=control, callbacks_for=callbacks_for, on_start=on_start, on_end=on_end
        )
    left = sum(1 for i in queue.list_items(db) if i.state in queue.RUNNABLE_STATES)
    failed = summary.count(queue.ItemState.FAILED)
    if args.json:
        print(
            json.dumps(
                {
                    "finished": [_item_json(i) for i in summary.finished],
                    "stopped": summary.stopped,
                    "waiting": left,
                },
                indent=2,
            )
        )
    else:
        done = summary.count(queue.ItemState.DONE)
        line = f"Queue: {done} done, {failed} failed"
        interrupted = summary.count(queue.ItemState.INTERRUPTED)
        if interrupted:
            line += f", {interrupted} interrupted (it resumes when the queue runs again)"
        if summary.stopped:
            line += "; stopped"
        elif left:
            line += "; the queue was paused"
        print(f"{line}; {left} still waiting.")
    return EXIT_FAILED if failed else EXIT_OK


def _say(quiet: bool, line: str) -> None:
    if not quiet:
        print(line, file=sys.stderr)
