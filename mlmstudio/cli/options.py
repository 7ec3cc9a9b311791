"""Command-line flags generated from the config dataclasses.

The dataclasses are the only source of defaults and help texts: a flag's
default here is ``None`` (meaning "not given"), so that a value from
``--config run.json`` or ``--preset`` is only overridden by flags the user typed.
"""

from __future__ import annotations

import argparse
import dataclasses
from dataclasses import fields, replace

from mlmstudio.config import (
    MODEL_PRESETS,
    NO_STEP_LIMIT,
    PRESETS,
    ConfigError,
    CorpusConfig,
    MaskingConfig,
    ModelConfig,
    RunConfig,
    TokenizerConfig,
    TrainingConfig,
    coerce,
)

SECTIONS: dict[str, type] = {
    "corpus": CorpusConfig,
    "tokenizer": TokenizerConfig,
    "masking": MaskingConfig,
    "model": ModelConfig,
    "training": TrainingConfig,
}

# The interface names of issue #2 where they differ from "--field-name".
FLAG_NAMES: dict[tuple[str, str], str] = {
    ("training", "start_from"): "--from",
    ("tokenizer", "kind"): "--tokenizer",
    ("masking", "strategy"): "--masking",
    ("model", "num_layers"): "--layers",
    ("model", "num_heads"): "--heads",
    ("model", "ffn_dim"): "--ffn",
}
# The positional CORPUS argument; train's --add-words N / --add-words-file choose the words.
SKIPPED = {
    ("corpus", "source"),
    ("training", "added_words"),
    ("model", "token_dropout_id"),
}  # the last: an opened ESM's own


def flag_name(section: str, name: str) -> str:
    return FLAG_NAMES.get((section, name), "--" + name.replace("_", "-"))


def dest_name(section: str, name: str) -> str:
    return f"cfg__{section}__{name}"


def add_config_flags(parser: argparse.ArgumentParser, sections: tuple[str, ...]) -> None:
    """One flag per setting of the given sections, grouped like the app's Setup page."""
    for section in sections:
        group = parser.add_argument_group(section)
        for f in fields(SECTIONS[section]):
            if (section, f.name) in SKIPPED:
                continue
            help_text = f.metadata.get("help", "")
            default = f.default
            shown = (
                f"0 = {f.metadata['zero_means']}" if "zero_means" in f.metadata and not default else default
            )
            help_text = f"{help_text} (default: {shown})" if help_text else None
            dest = dest_name(section, f.name)
            if isinstance(default, bool):
                group.add_argument(
                    flag_name(section, f.name),
                    dest=dest,
                    default=None,
                    action=argparse.BooleanOptionalAction,
                    help=help_text,
                )
            else:
                group.add_argument(
                    flag_name(section, f.name),
                    dest=dest,
                    default=None,
                    choices=f.metadata.get("choices"),
                    metavar=None if f.metadata.get("choices") else f.name.upper(),
                    type=type(default),
                    help=help_text,
                )
        if section == "model":
            group.add_argument(
                "--preset",
                choices=PRESETS,
                default=None,
                help="Model size preset; explicit size flags override it. "
                + ", ".join(
                    f"{k}: d={v['d_model']} x{v['num_layers']} layers" for k, v in MODEL_PRESETS.items()
                ),
            )


def _time_budget_without_steps(args: argparse.Namespace, config_path: str | None) -> bool:
    """--time-budget given on the command line, --steps not (and no --config file with its own steps)."""
    budget = getattr(args, dest_name("training", "time_budget"), None)
    steps = getattr(args, dest_name("training", "steps"), None)
    try:
        return steps is None and not config_path and budget is not None and float(budget) > 0
    except (TypeError, ValueError):
        return False  # coerce() has refused it with a sentence already


def config_from_args(args: argparse.Namespace, base: RunConfig | None = None) -> RunConfig:
    """Defaults < --config file < --preset < explicit flags; then validate."""
    config = base or RunConfig()
    config_path = getattr(args, "config", None)
    if config_path:
        config = RunConfig.from_file(config_path)  # at most 1 MB, bounded nesting
    if getattr(args, "preset", None):
        config = config.with_preset(args.preset)
    parts = {}
    for section, cls in SECTIONS.items():
        current = getattr(config, section)
        changes = {}
        for f in fields(cls):
            value = getattr(args, dest_name(section, f.name), None)
            if value is not None:
                changes[f.name] = coerce(f, value, f"{section}.{f.name}")
        parts[section] = replace(current, **changes) if changes else current
    if _time_budget_without_steps(args, config_path):
        # The budget is the budget: no step count given means no step cap (config.NO_STEP_LIMIT).
        parts["training"] = replace(parts["training"], steps=NO_STEP_LIMIT)
    corpus = getattr(args, "corpus", None)
    if corpus is not None:
        if not corpus.strip():  # "" is not "no corpus given": never train the default sample instead
            raise ConfigError(
                "No corpus given (the name is empty). Give a text file, a folder, or "
                "sample:NAME (facts, pydoc, tutorial)."
            )
        parts["corpus"] = replace(parts["corpus"], source=corpus)
    # Every value's type, finiteness and range, also in the sections this command does not use:
    # a file with a NaN in it is refused by every command that reads it.
    return dataclasses.replace(config, **parts).check_fields()
