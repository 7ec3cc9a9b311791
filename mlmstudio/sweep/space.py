"""What a sweep searches: 1-4 run settings, each a range or a list of choices, and a time budget.

A setting is named as the CLI names it (``lr``, ``layers``, ``width``,
``mask-rate``, ``batch-size``, ...) or by its config field (``num_layers``,
``training.lr``). Everything about a setting (its type, its bounds, its
choices) comes from the config's field metadata, so a sweep cannot propose a
value a form or a flag would refuse. Spelling:

    lr=1e-4:3e-3:log     a float range, sampled on a log scale
    warmup=0:0.2         a float range, sampled evenly
    d_model=64:256       an int range (a width range steps by the number of heads)
    layers=1,2,4         choices (any type: schedule=constant,linear)

Bad input (an unknown setting, an empty or reversed range, a value outside the
setting's bounds, a log range through 0) raises ``SweepSpecError`` with a sentence.
Imports neither torch nor Qt: the Sweep page parses as the user types.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from mlmstudio.config import (
    FIELD_LABELS,
    ConfigError,
    CorpusConfig,
    MaskingConfig,
    ModelConfig,
    RunConfig,
    TokenizerConfig,
    TrainingConfig,
    coerce,
    field_problem,
)
from mlmstudio.errors import MLMStudioError

MAX_PARAMS = 4

SECTIONS: dict[str, type] = {
    "corpus": CorpusConfig,
    "tokenizer": TokenizerConfig,
    "masking": MaskingConfig,
    "model": ModelConfig,
    "training": TrainingConfig,
}

# Short names people type, as the CLI's flags spell them (--layers, --heads, --ffn, ...).
ALIASES: dict[str, tuple[str, str]] = {
    "layers": ("model", "num_layers"),
    "heads": ("model", "num_heads"),
    "width": ("model", "d_model"),
    "ffn": ("model", "ffn_dim"),
    "mask_rate": ("masking", "mlm_probability"),
    "masking": ("masking", "strategy"),
    "tokenizer": ("tokenizer", "kind"),
}

# Settings a sweep does not vary: the corpus is the sweep's, the time budget is the sweep's
# (split over the trials), and the rest change where or how a run is kept, not what it learns.
NOT_SWEPT: dict[tuple[str, str], str] = {
    ("corpus", "source"): "the corpus is the sweep's own",
    ("corpus", "text_field"): "it says where the text is, not how to learn it",
    ("corpus", "csv_column"): "it says where the text is, not how to learn it",
    ("corpus", "encoding"): "it says how the text is read, not how to learn it",
    ("training", "time_budget"): "each trial's time comes from the sweep's budget",
    ("training", "steps"): "each trial's length comes from the sweep's budget",
    ("training", "device"): "it says where a run trains, not how it learns",
    ("training", "checkpoint_every"): "it says how a run is saved, not how it learns",
    ("training", "checkpoint_seconds"): "it says how a run is saved, not how it learns",
    ("training", "eval_every"): "the sweep compares trials at their evaluations",
    ("training", "eval_batches"): "the sweep compares trials at their evaluations",
}


class SweepSpecError(MLMStudioError, ValueError):
    """A sweep setting, range or budget that cannot be used; the message is a sentence."""


@dataclass(frozen=True)
class SweepParam:
    """One swept setting: a range (``low``..``high``, maybe log-scaled) or a list of ``choices``."""

    section: str
    field: str
    kind: str  # "float", "int" or "choice"
    low: float | int | None = None
    high: float | int | None = None
    log: bool = False
    step: int | None = None  # int ranges only
    choices: tuple[Any, ...] = ()
    text: str = ""  # as the user wrote it, for the study's record and the page

    @property
    def name(self) -> str:
        """The key of this setting in a trial's parameters (Optuna's name): the field's own name."""
        return self.field

    @property
    def label(self) -> str:
        return FIELD_LABELS.get(self.field, self.field)

    def describe(self) -> str:
        if self.kind == "choice":
            return f"{self.label}: one of {', '.join(str(c) for c in self.choices)}"
        scale = ", log scale" if self.log else ""
        return f"{self.label}: {_num(self.low)} to {_num(self.high)}{scale}"

    def as_dict(self) -> dict[str, Any]:
        return {**dataclasses.asdict(self), "choices": list(self.choices)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SweepParam:
        return cls(**{**data, "choices": tuple(data.get("choices", ()))})


def resolve_setting(name: str) -> tuple[str, str]:
    """(section, field) for a setting's name; SweepSpecError names the known ones when unknown."""
    key = name.strip().lower().replace("-", "_")
    if key in ALIASES:
        return ALIASES[key]
    if "." in key:
        section, _, field_name = key.partition(".")
        if section in SECTIONS and field_name in {f.name for f in fields(SECTIONS[section])}:
            return section, field_name
    else:
        for section, cls in SECTIONS.items():
            if key in {f.name for f in fields(cls)}:
                return section, key
    raise SweepSpecError(
        f"'{name.strip()}' is not a run setting, so it cannot be swept. Use one of: "
        f"{', '.join(sweepable_names())}."
    )


def sweepable_names() -> list[str]:
    names = list(ALIASES)
    for section, cls in SECTIONS.items():
        names += [
            f.name
            for f in fields(cls)
            if (section, f.name) not in NOT_SWEPT and f.name not in {a[1] for a in ALIASES.values()}
        ]
    return names


def parse_param(text: str, base: RunConfig | None = None) -> SweepParam:
    """One ``NAME=LOW:HIGH[:log]`` or ``NAME=A,B,C`` into a SweepParam, checked against the config."""
    base = base or RunConfig()
    name, sep, values = text.partition("=")
    if not sep or not name.strip():
        raise SweepSpecError(
            f"'{text}' is not a sweep setting. Write NAME=LOW:HIGH (a range, add :log "
            "for a log scale) or NAME=A,B,C (choices), e.g. lr=1e-4:3e-3:log."
        )
    section, field_name = resolve_setting(name)
    why_not = NOT_SWEPT.get((section, field_name))
    if why_not:
        raise SweepSpecError(f"'{name.strip()}' cannot be swept: {why_not}.")
    f = {f.name: f for f in fields(SECTIONS[section])}[field_name]
    values = values.strip()
    if not values:
        raise SweepSpecError(
            f"'{name.strip()}' has no range. Give LOW:HIGH or a list of choices such as 1,2,4."
        )
    where = f"{section}.{field_name}"
    label = FIELD_LABELS.get(field_name, field_name)
    if ":" in values:
        return _parse_range(text.strip(), section, f, values, where, label, base)
    return _parse_choices(text.strip(), section, f, values, where, label)


def _parse_range(
    text: str, section: str, f: dataclasses.Field, values: str, where: str, label: str, base: RunConfig
) -> SweepParam:
    parts = [p.strip() for p in values.split(":")]
    log = False
    if len(parts) == 3 and parts[2].lower() in ("log", "linear", "lin"):
        log = parts[2].lower() == "log"
        parts = parts[:2]
    if len(parts) != 2 or not all(parts):
        raise SweepSpecError(
            f"The range '{values}' for {label} is not LOW:HIGH or LOW:HIGH:log "
            f"(e.g. {f.name}={_example_range(f)})."
        )
    if isinstance(f.default, bool) or not isinstance(f.default, (int, float)):
        raise SweepSpecError(
            f"{label} is not a number, so it takes choices, not a range: "
            f"{f.name}={','.join(map(str, f.metadata.get('choices', ('A', 'B'))))}."
        )
    try:
        low, high = (coerce(f, p, where) for p in parts)
    except ConfigError as exc:
        raise SweepSpecError(f"The range for {label}: {exc}") from exc
    _check_allowed(f, low, where)
    _check_allowed(f, high, where)
    if not low < high:
        raise SweepSpecError(
            f"The range {_num(low)}:{_num(high)} for {label} is empty: the low end "
            "must be below the high end."
        )
    if log and low <= 0:
        raise SweepSpecError(
            f"A log-scale range cannot start at {_num(low)} ({label}); start it above 0 or drop ':log'."
        )
    kind = "int" if isinstance(f.default, int) else "float"
    step = None
    if kind == "int" and (section, f.name) == ("model", "d_model"):
        # Every width must divide by the heads; step by them so no trial is refused for it.
        step = base.model.num_heads
        low = int(math.ceil(low / step) * step)
        if low > high:
            raise SweepSpecError(
                f"No width between {parts[0]} and {parts[1]} divides by the "
                f"{step} attention heads; widen the range."
            )
        if log:
            log = False  # Optuna cannot step a log range; an even range of widths is the fair one
    return SweepParam(section, f.name, kind, low, high, log, step, (), text)


def _parse_choices(
    text: str, section: str, f: dataclasses.Field, values: str, where: str, label: str
) -> SweepParam:
    raw = [v.strip() for v in values.split(",")]
    if any(not v for v in raw):
        raise SweepSpecError(
            f"The choices '{values}' for {label} have an empty entry; separate "
            "values with single commas, e.g. 1,2,4."
        )
    try:
        choices = [coerce(f, v, where) for v in raw]
    except ConfigError as exc:
        raise SweepSpecError(f"The choices for {label}: {exc}") from exc
    for value in choices:
        _check_allowed(f, value, where)
    unique = tuple(dict.fromkeys(choices))
    if len(unique) < 2:
        raise SweepSpecError(
            f"{label} has only one choice ({raw[0]}), so there is nothing to compare. "
            "Give at least two, or a range LOW:HIGH."
        )
    return SweepParam(section, f.name, "choice", choices=unique, text=text)


def parse_params(texts: Iterable[str], base: RunConfig | None = None) -> list[SweepParam]:
    """Several settings; 1 to 4 of them, each named once."""
    params = [parse_param(t, base) for t in texts]
    if not params:
        raise SweepSpecError(
            "A sweep needs at least one setting to vary, e.g. --param lr=1e-4:3e-3:log "
            "(or the recipe preset, which picks them itself)."
        )
    if len(params) > MAX_PARAMS:
        raise SweepSpecError(
            f"A sweep varies at most {MAX_PARAMS} settings at once ({len(params)} given); "
            "more would need far more trials than a time budget allows."
        )
    seen: set[str] = set()
    for p in params:
        if p.field in seen:
            raise SweepSpecError(f"{p.label} is given twice; give each setting once.")
        seen.add(p.field)
    check_choices_fit(base or RunConfig(), params)
    return params


def check_choices_fit(base: RunConfig, params: Sequence[SweepParam]) -> None:
    """Refuse a choice no trial could train with (heads=3 on a width of 32), before the first trial.

    A choice is possible when some mix of the other settings' values (each choice, each range's
    two ends) makes a valid recipe with it; otherwise every trial that drew it would fail.
    """

    def candidates(p: SweepParam) -> tuple[Any, ...]:
        return p.choices if p.kind == "choice" else (p.low, p.high)

    for p in params:
        if p.kind != "choice":
            continue
        others = [o for o in params if o is not p]
        impossible: dict[Any, str] = {}
        for value in p.choices:
            why = ""
            for mix in itertools.product(*(candidates(o) for o in others)):
                values = {p.name: value, **{o.name: v for o, v in zip(others, mix, strict=True)}}
                try:
                    apply_values(base, params, values).validate()
                    why = ""
                    break
                except ConfigError as exc:
                    why = why or str(exc)
            if why:
                impossible[value] = why
        if impossible:
            written = p.text.partition("=")[0].strip() or p.field
            names = ", ".join(f"{written}={v}" for v in impossible)
            first = next(iter(impossible.values()))
            raise SweepSpecError(
                f"No trial could train with {names} ({p.text}) on this base recipe: {first} "
                "Drop those choices, or change the base recipe so they fit."
            )


def apply_values(base: RunConfig, params: Sequence[SweepParam], values: Mapping[str, Any]) -> RunConfig:
    """The base config with a trial's values put in (not yet validated)."""
    changes: dict[str, dict[str, Any]] = {}
    for p in params:
        if p.name in values:
            changes.setdefault(p.section, {})[p.field] = values[p.name]
    parts = {section: replace(getattr(base, section), **c) for section, c in changes.items()}
    config = replace(base, **parts)
    if config.training.seq_len > config.model.max_len and "model" in changes:
        config = replace(config, model=replace(config.model, max_len=config.training.seq_len))
    return config


# --- budgets -----------------------------------------------------------------------------------

_DURATION = re.compile(
    r"^\s*(\d+(?:\.\d+)?)\s*(s|sec|secs|seconds?|m|min|mins|minutes?|h|hours?)?\s*$", re.IGNORECASE
)
MIN_BUDGET_SECONDS = 3.0
MAX_BUDGET_SECONDS = 7 * 24 * 3600.0


def parse_duration(text: str) -> float:
    """'20m', '90s', '1.5h' or plain seconds ('600') into seconds; a sentence for anything else."""
    match = _DURATION.match(str(text))
    if not match:
        raise SweepSpecError(f"'{text}' is not a duration. Write it as 90s, 20m or 1.5h.")
    value = float(match.group(1))
    unit = (match.group(2) or "s")[0].lower()
    seconds = value * {"s": 1, "m": 60, "h": 3600}[unit]
    if seconds < MIN_BUDGET_SECONDS:
        raise SweepSpecError(
            f"A budget of {text} is too short for even one trial; give at least "
            f"{MIN_BUDGET_SECONDS:g} seconds (e.g. 10m)."
        )
    if seconds > MAX_BUDGET_SECONDS:
        raise SweepSpecError(f"A budget of {text} is longer than a week; give at most 168h.")
    return seconds


def format_duration(seconds: float) -> str:
    seconds = max(0.0, float(seconds))
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.1f} min"
    return f"{seconds / 3600:.1f} h"


def _check_allowed(f: dataclasses.Field, value: Any, where: str) -> None:
    """The config's own check of one value (type, finiteness, bounds, choices)."""
    problem = field_problem(f, value, where)
    if problem:
        raise SweepSpecError(f"{problem} Keep the sweep inside what the setting allows.")


def _example_range(f: dataclasses.Field) -> str:
    return "1e-4:3e-3:log" if f.name == "lr" else "1:4" if isinstance(f.default, int) else "0.1:0.4"


def _num(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)
