"""``mlmstudio train | fill | params | masking``."""

from __future__ import annotations

import argparse
import dataclasses
import errno
import json
import os
import shutil
import sys
import time
from dataclasses import asdict
from pathlib import Path

from mlmstudio import command_hint
from mlmstudio.cli.added_words import add_added_words_flags, with_added_words
from mlmstudio.cli.argv_text import shown
from mlmstudio.cli.interrupt import stop_on_interrupt
from mlmstudio.cli.options import add_config_flags, config_from_args, dest_name
from mlmstudio.cli.probe_file import add_probes_flag, with_probe_file
from mlmstudio.cli.progress import TrainingProgress, summary_json
from mlmstudio.config import ConfigError, RunConfig, TokenizerConfig, TrainingConfig, check_value
from mlmstudio.engine.errors import CorpusError, ModelLoadError, TrainingError
from mlmstudio.engine.events import TrainingControl
from mlmstudio.engine.memory import training_memory_shortage
from mlmstudio.engine.output_paths import check_output_file, check_output_folder, check_outside
from mlmstudio.engine.run_files import MODEL_DIR_FILES
from mlmstudio.engine.run_status import RunStatus


def add_engine_commands(commands: argparse._SubParsersAction) -> None:
    train = commands.add_parser(
        "train",
        help="Train a model on a corpus and record the run in the history.",
        description="Train a masked language model. CORPUS is a .txt/.jsonl/.csv file, a folder "
        "of text files, or sample:NAME (facts, pydoc, tutorial).",
    )
    train.add_argument(
        "corpus",
        metavar="CORPUS",
        nargs="?",
        default=None,
        help="The text to train on (default: the one in --config, else sample:facts).",
    )
    train.add_argument("--config", metavar="RUN.JSON", help="Start from this saved configuration.")
    train.add_argument(
        "--out",
        metavar="DIR",
        help="Also write the trained model to this folder (new or empty, unless --overwrite).",
    )
    train.add_argument(
        "--overwrite", action="store_true", help="Let --out and --save-config replace what is already there."
    )
    train.add_argument("--name", help="A name for the run in the history.")
    train.add_argument(
        "--no-record",
        action="store_true",
        help="Do not record the run in the history (then --out is where it goes).",
    )
    train.add_argument(
        "--save-config", metavar="RUN.JSON", help="Write the resolved configuration to this file and exit."
    )
    train.add_argument("--json", action="store_true", help="Print one JSON summary at the end.")
    train.add_argument(
        "--quick-start",
        action="store_true",
        help="Start from the app's first-run recipe for this corpus: about a minute on a "
        "CPU, and on sample:facts a model that answers the facts. Other flags still apply.",
    )
    train.add_argument(
        "--capsule",
        metavar="DIR",
        help="Train the run a capsule folder describes (its config, corpus and tokenizer; "
        f"see `{command_hint.command('capsule')}`). No other settings may be given with it.",
    )
    add_probes_flag(train)
    add_added_words_flags(train)
    add_config_flags(train, ("corpus", "tokenizer", "masking", "model", "training"))
    train.set_defaults(func=cmd_train)

    fill = commands.add_parser("fill", help="Fill in [MASK] with a trained model.")
    fill.add_argument("model", metavar="MODEL", help="A model folder or a run id from the history.")
    fill.add_argument("text", metavar="TEXT", help='Text with [MASK], e.g. "The [MASK] sat on the mat."')
    fill.add_argument("--top-k", type=int, default=5, help="Predictions per mask (default: 5).")
    fill.add_argument(
        "--targets", default=None, help="Comma-separated candidate words to score instead of the top k."
    )
    fill.add_argument(
        "--iterative", action="store_true", help="Fill several masks one at a time, most confident first."
    )
    fill.add_argument("--json", action="store_true", help="Print the result as JSON.")
    fill.set_defaults(func=cmd_fill)
    for sub in (train, fill):
        # Also accepted after the command; SUPPRESS keeps the global --data-dir when not given here.
        sub.add_argument(
            "--data-dir",
            default=argparse.SUPPRESS,
            help="Where the run history lives (default: MLMSTUDIO_HOME or the platform's user data folder).",
        )

    params = commands.add_parser("params", help="Parameter count and training memory of a model size.")
    params.add_argument(
        "--vocab-size", type=int, default=None, help="Vocabulary size (default: the tokenizer default)."
    )
    params.add_argument("--batch-size", type=int, default=None, help="Sequences per step.")
    params.add_argument("--seq-len", type=int, default=None, help="Tokens per sequence.")
    params.add_argument("--precision", choices=("fp32", "bf16"), default="fp32")
    params.add_argument("--config", metavar="RUN.JSON", help="Take the model size from this file.")
    params.add_argument("--json", action="store_true", help="Print the result as JSON.")
    add_config_flags(params, ("model",))
    params.set_defaults(func=cmd_params)

    masking = commands.add_parser("masking", help="Show what the masking does on a corpus.")
    masking.add_argument("corpus", metavar="CORPUS", help="A text file, folder or sample:NAME.")
    masking.add_argument("--config", metavar="RUN.JSON", help="Take the settings from this file.")
    masking.add_argument(
        "--max-tokens",
        type=int,
        default=200_000,
        help="Measure over at most this many tokens (default: 200000).",
    )
    masking.add_argument("--json", action="store_true", help="Print the result as JSON.")
    add_config_flags(masking, ("corpus", "tokenizer", "masking"))
    masking.add_argument("--seq-len", type=int, default=128, help="Tokens per sequence (default: 128).")
    masking.add_argument("--seed", type=int, default=0, help="Random seed (default: 0).")
    masking.set_defaults(func=cmd_masking)


# -- train --------------------------------------------------------------------
def cmd_train(args: argparse.Namespace) -> int:
    from mlmstudio.engine.corpus import load_corpus

    capsule = _capsule_of(args)
    config = capsule.config if capsule else config_from_args(args, base=quick_start_base(args))
    from mlmstudio.cli.model_folders import from_was_given

    if capsule is None and (config.training.start_from.strip() or from_was_given(args)):  # train --from MODEL
        from mlmstudio.cli.model_folders import continued_from_args

        # Checked as a continuation, against the model's own shape: the defaults' 128-token
        # windows refused --seq-len 256 for a BERT that reads 512.
        config = continued_from_args(args, config, resolve_model_dir)
    if capsule is None:
        config = with_probe_file(args, config.validate())
    if args.save_config is not None:  # an empty name is refused, not read as 'no file'
        from mlmstudio.engine.artifacts import atomic_write_text
        from mlmstudio.store.paths import chosen_data_dir, runs_root

        target = check_output_file(args.save_config, overwrite=args.overwrite, what="configuration file")
        check_outside(
            target,
            runs_root(chosen_data_dir(args.data_dir)[0]),
            what="configuration file",
            owner="the history's run folders",
        )
        atomic_write_text(target, config.to_json())
        print(f"Configuration written to {target}.")
        return 0
    # Everything that can be refused is refused before a tokenizer is trained or a run recorded.
    # Under torchrun only rank 0 writes --out; the other ranks must not find it taken by rank 0.
    if args.out is not None and os.environ.get("RANK", "0") == "0":
        from mlmstudio.store.paths import chosen_data_dir, runs_root

        check_output_folder(args.out, overwrite=args.overwrite, what="--out folder")
        check_outside(
            args.out,
            runs_root(chosen_data_dir(args.data_dir)[0]),
            what="--out folder",
            owner="the history's run folders",
        )
    shortage = training_memory_shortage(config)
    if shortage:
        raise TrainingError(shortage)
    corpus = load_corpus(
        config.corpus.source,
        text_field=config.corpus.text_field,
        csv_column=config.corpus.csv_column,
        encoding=config.corpus.encoding,
    )
    for warning in corpus.warnings:
        print(f"mlmstudio: warning: {warning}", file=sys.stderr)
    tokenizer = None
    if capsule is not None:
        from mlmstudio.engine.capsule import check_capsule_corpus
        from mlmstudio.engine.tokenization import MLMTokenizer

        check_capsule_corpus(capsule, corpus)
        tokenizer = MLMTokenizer.load(capsule.tokenizer_path)
    else:
        config = fit_windows_to_corpus(args, config, corpus.text)
        config = with_added_words(args, config, corpus.text)  # --add-words: from this corpus
    from mlmstudio.engine import distributed

    dist = distributed.context()
    if not dist.is_main:
        # Under torchrun only rank 0 records, reports and writes files; the others just train.
        return _train_worker_rank(config, corpus.text, tokenizer)
    progress = TrainingProgress(config, quiet=args.json)
    control = TrainingControl()
    with stop_on_interrupt(control) as interruption:
        if args.no_record:
            result, run_id = _train_unrecorded(args, config, corpus.text, progress, control, tokenizer), None
        else:
            result, run_id = _train_recorded(args, config, corpus, progress, control, tokenizer)
    progress.close()
    distributed.shutdown()
    summary = result.summary
    if args.out and not args.no_record and result.status != RunStatus.FAILED:
        _copy_model(Path(result.model_dir), Path(args.out))
        summary = summary.replace(model_dir=str(Path(args.out)))
    if result.status == RunStatus.FAILED:
        print(f"mlmstudio: {result.message}", file=sys.stderr)
    from mlmstudio.engine.learned_too_little import advice

    said = advice(summary.as_dict())  # far fewer steps than calibrated, or the facts unanswered
    if args.json:
        print(json.dumps(dict(summary_json(summary, run_id), advice=said), indent=2))
    else:
        progress.print_summary(summary, run_id)
        if run_id and config.training.start_from.strip():
            _print_before_after(args, run_id)
        if said:
            print(f"learned too little: {said}")
    if result.status == RunStatus.FAILED:
        return 1
    return interruption.exit_code(0) if result.status == RunStatus.STOPPED else 0


def _print_before_after(args: argparse.Namespace, run_id: str) -> None:
    """A continued run's held-out loss before -> after: what the training changed (issue 17, item 3)."""
    from mlmstudio.engine.metric_names import GENERAL
    from mlmstudio.store.database import Database
    from mlmstudio.store.loss_before_after import loss_before_after

    db = Database.open(args.data_dir)
    losses = loss_before_after(db, [run_id])[run_id]
    if losses.before is not None:
        print(f"held-out loss: {losses.text()} (the starting model's, then after training)")
    general = loss_before_after(db, [run_id], split=GENERAL)[run_id]
    if general.before is not None:  # forgetting: the loss on a text it was tested on, never trained on
        print(f"general loss:  {general.text()} (on the general text, before and after training)")


def quick_start_base(args: argparse.Namespace) -> RunConfig | None:
    """The quick-start recipe when --quick-start is given: the facts one for sample:facts, else the prose one."""
    if not getattr(args, "quick_start", False):
        return None
    from mlmstudio.config import ConfigError, quick_start_config

    if args.config:
        raise ConfigError("Use either --quick-start or --config, not both.")
    source = (args.corpus or "sample:facts").strip().lower()
    # The CORPUS given replaces the recipe's sample (config_from_args sets it).
    return quick_start_config("facts" if source == "sample:facts" else "pydoc")


def fit_windows_to_corpus(args, config: RunConfig, text: str) -> RunConfig:
    """Refuse a corpus too small for one window before anything is recorded.

    When the user chose no sequence length (no --seq-len, no --config), a short
    corpus such as sample:tutorial trains on the longest windows it fills instead,
    with a note; a length the user chose is kept and refused plainly.
    """
    from mlmstudio.engine.preflight import check_corpus_fits, longest_fitting_seq_len

    try:
        check_corpus_fits(config, text)
        return config
    except CorpusError:
        if getattr(args, dest_name("training", "seq_len")) is not None or args.config:
            raise
        fitted = longest_fitting_seq_len(config, text)
        if fitted is None:
            raise
    print(
        f"mlmstudio: note: the corpus is short, so training uses {fitted}-token sequences instead of "
        f"{config.training.seq_len} (choose with --seq-len).",
        file=sys.stderr,
    )
    return dataclasses.replace(config, training=dataclasses.replace(config.training, seq_len=fitted))


def _capsule_of(args: argparse.Namespace):
    """The checked capsule of --capsule, or None; it may not be mixed with other settings."""
    if not getattr(args, "capsule", None):
        return None
    from mlmstudio.engine.capsule import read_capsule

    given = [name for name in ("corpus", "config", "preset", "probes") if getattr(args, name, None)]
    given += ["--quick-start"] if getattr(args, "quick_start", False) else []
    given += [
        dest.removeprefix("cfg__").replace("__", ".")
        for dest, value in vars(args).items()
        if dest.startswith("cfg__") and value is not None
    ]
    if given:
        raise ConfigError(
            f"A capsule carries its own settings, corpus and tokenizer; drop "
            f"{', '.join(given)} or write a new capsule with them."
        )
    return read_capsule(args.capsule)


def _train_unrecorded(args, config: RunConfig, text: str, progress, control, tokenizer=None):
    from mlmstudio.engine.trainer import Trainer

    out = Path(args.out or f"mlmstudio-run-{time.strftime('%Y%m%d-%H%M%S')}")
    return Trainer(config, text, out, callbacks=[progress], control=control, tokenizer=tokenizer).run()


def _train_worker_rank(config: RunConfig, text: str, tokenizer=None) -> int:
    import tempfile

    from mlmstudio.engine import distributed
    from mlmstudio.engine.trainer import Trainer

    with tempfile.TemporaryDirectory(prefix="mlmstudio-rank-") as scratch:
        result = Trainer(config, text, scratch, tokenizer=tokenizer).run()
    distributed.shutdown()
    return 0 if result.status != RunStatus.FAILED else 1


def _train_recorded(args, config: RunConfig, corpus, progress, control, tokenizer=None):
    from mlmstudio.store.database import Database
    from mlmstudio.store.lifecycle import prepare_run, run_recorded

    db = Database.open(args.data_dir)
    handle = prepare_run(db, config, corpus, name=args.name)
    progress.announce(f"Run {handle.run_id} ({handle.name}) recorded in {db.path}")
    result = run_recorded(db, handle, corpus.text, callbacks=[progress], control=control, tokenizer=tokenizer)
    return result, handle.run_id


def _copy_model(source: Path, target: Path) -> None:
    """Copy the run's model files to --out; a failure is a sentence (the run itself is kept).

    The folder is written beside its place and renamed into it whole (engine/atomic_folder.py):
    half a model folder would load as a broken model, and a kill leaves the old one or the new.
    """
    from mlmstudio.engine.atomic_folder import atomic_folder, carry_over, file_written

    try:
        with atomic_folder(target, replaceable=lambda _: True) as staging:
            carry_over(target, staging, ours=set(MODEL_DIR_FILES))
            for name in MODEL_DIR_FILES:
                if (source / name).exists():
                    shutil.copy2(source / name, staging / name)
                    file_written(staging / name)
    except OSError as exc:
        if exc.errno == errno.ENOSPC:
            raise TrainingError(
                f"The disk is full, so the model could not be copied to {target}: free "
                f"space and copy it from {source} (the run is saved in the history)."
            ) from exc
        raise TrainingError(
            f"The model could not be copied to {target} ({exc.strerror or exc}). The run "
            f"is saved in the history; its model is in {source}."
        ) from exc


# -- fill ---------------------------------------------------------------------
def cmd_fill(args: argparse.Namespace) -> int:
    from mlmstudio.cli.model_folders import show_own_specials, with_engine_mask
    from mlmstudio.engine.predict import Predictor

    model_dir = resolve_model_dir(args.model, args.data_dir)
    args.text = with_engine_mask(
        model_dir, args.text, needs_mask=True
    )  # "<mask>" for a model whose own mask it is
    predictor = Predictor.from_dir(model_dir)
    if args.iterative:
        filled = predictor.fill_iteratively(args.text, top_k=args.top_k)
        if args.json:
            print(filled.to_json(indent=2))
        else:
            for step in filled.steps:
                print(f"  filled {step.get('token_str')!r} ({step.get('score', 0):.3f})")
            print(filled.sequence)
        return 0
    targets = [t.strip() for t in args.targets.split(",") if t.strip()] if args.targets else None
    result = predictor.fill_mask(args.text, top_k=args.top_k, targets=targets)
    show_own_specials(result.masks, model_dir)  # an opened RoBERTa's "</s>", not "[SEP]"
    if args.json:
        print(result.to_json(indent=2))
        return 0
    if result.truncated:
        print("(The text was longer than the model reads; only the part around the masks was used.)")
    if result.targets is not None:
        for target in result.targets:
            if not target.get("in_vocabulary", True):
                # Not the word's score but [UNK]'s, which every unknown word shares: say so, show no number.
                print(
                    f"{target['word']:>16}  (not in the model's vocabulary: it reads as [UNK], "
                    "so it has no score of its own)"
                )
                print(
                    f"mlmstudio: warning: {target['word']!r} is not in the model's vocabulary; "
                    "its [UNK] score is not shown as the word's.",
                    file=sys.stderr,
                )
                continue
            note = f"  ({target['note']})" if target.get("note") else ""
            print(f"{target['word']:>16}  {target['score']:.4f}  log-prob {target['log_prob']:.3f}{note}")
        return 0
    for index, predictions in enumerate(result.masks, start=1):
        if len(result.masks) > 1:
            print(f"[MASK] #{index}:")
        for p in predictions:
            print(f"  {p['token_str']!r:>16}  {p['score']:.4f}")
    return 0


def resolve_model_dir(model: str, data_dir: str | None) -> Path:
    """A folder as given, else a run id (or name) looked up in the history."""
    if not model.strip():  # Path("") is the current folder: never read an empty name as that
        raise ModelLoadError(
            "No model given (the name is empty). Give a run id from "
            f"'{command_hint.command('runs list')}', 'latest', or a folder written by '{command_hint.command('train')}'."
        )
    path = Path(model)
    if path.is_dir():  # a transformers folder is opened (once) into an engine folder: cli/model_folders.py
        from mlmstudio.cli.model_folders import engine_folder_for

        return engine_folder_for(path, data_dir)
    if path.exists():  # a file (a weights file, the config.json itself): its folder is the model
        raise ModelLoadError(
            f"{shown(model)} is a file, not a model folder. Give the folder that holds it (with its "
            "config.json), or a run id."
        )
    if path.is_symlink():  # a link to a folder that is gone, or to itself
        raise ModelLoadError(
            f"{shown(model)} is a link that leads to no folder (what it points at is missing, or it "
            "points at itself). Give the model's folder itself."
        )
    from mlmstudio.store.database import Database
    from mlmstudio.store.paths import chosen_data_dir, database_path
    from mlmstudio.store.service import model_dir_of_run

    not_found = ModelLoadError(
        f"{shown(model)} is neither a model folder nor a run in the history. "
        f"Give a folder written by '{command_hint.command('train')}' or a run id from "
        f"'{command_hint.command('runs list')}'."
    )
    found = None
    if database_path(chosen_data_dir(data_dir)[0]).is_file():  # no history, no run: none is created
        found = model_dir_of_run(Database.open(data_dir), model)
    if found is None:
        cached = _cached_model(model)  # ORG/NAME in the local Hugging Face cache, as `models open` reads it
        if cached is None:
            raise not_found
        from mlmstudio.cli.model_folders import engine_folder_for

        return engine_folder_for(cached, data_dir)
    return found


def _cached_model(name: str) -> Path | None:
    """The snapshot of ``name`` in the local Hugging Face cache, if it has a folder there; its
    problem (a snapshot cut short) as a sentence; None when it is not in the cache at all."""
    from mlmstudio.engine.hf_import.hub_cache import (
        hub_cache_dir,
        looks_like_repo_id,
        repo_folder_name,
        snapshot_of,
    )

    if not looks_like_repo_id(name) or not (hub_cache_dir() / repo_folder_name(name)).is_dir():
        return None
    return snapshot_of(name)


# -- params -------------------------------------------------------------------
def cmd_params(args: argparse.Namespace) -> int:
    from mlmstudio.engine.model import estimate_parameters, estimate_training_memory

    config = config_from_args(args)
    model = config.model
    model.validate()
    # These three flags are not part of a RunConfig here; the config's metadata bounds them all the same.
    vocab = check_value(TokenizerConfig, "vocab_size", _given(args.vocab_size, config.tokenizer.vocab_size))
    batch = check_value(TrainingConfig, "batch_size", _given(args.batch_size, config.training.batch_size))
    seq_len = check_value(TrainingConfig, "seq_len", _given(args.seq_len, config.training.seq_len))
    params = estimate_parameters(model, vocab)
    memory = estimate_training_memory(model, vocab, batch, seq_len, args.precision)
    result = {
        "params": params,
        "training_memory_bytes": memory,
        "training_memory_mib": round(memory / 2**20, 1),
        "vocab_size": vocab,
        "batch_size": batch,
        "seq_len": seq_len,
        "precision": args.precision,
        "ffn_width": model.ffn_width,
        "model": asdict(model),
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(
            f"{model.arch} model, width {model.d_model}, {model.num_layers} layers, "
            f"{model.num_heads} heads, feed-forward {model.ffn_width}, vocabulary {vocab}"
        )
        print(f"parameters:      {params:,}")
        print(
            f"training memory: about {memory / 2**20:,.1f} MiB "
            f"(batch {batch} x {seq_len} tokens, {args.precision})"
        )
    return 0


def _given(value, default):
    return default if value is None else value


# -- masking ------------------------------------------------------------------
MAX_MASKING_TOKENS = 100_000_000


def cmd_masking(args: argparse.Namespace) -> int:
    from mlmstudio.cli.masking_report import masking_report

    config = config_from_args(args)
    config.corpus.validate()
    config.tokenizer.validate()
    config.masking.validate()
    check_value(TrainingConfig, "seq_len", args.seq_len)
    check_value(TrainingConfig, "seed", args.seed)
    if not 1 <= args.max_tokens <= MAX_MASKING_TOKENS:
        raise ConfigError(
            f"--max-tokens must be between 1 and {MAX_MASKING_TOKENS:,} (got {args.max_tokens:,})."
        )
    report = masking_report(config, seq_len=args.seq_len, max_tokens=args.max_tokens, seed=args.seed)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(report["text"])
    return 0
