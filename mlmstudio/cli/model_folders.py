"""A transformers folder given where a command takes a model: opened once, then reused.

``mlmstudio fill ./bert-folder "..."`` (and score, attention, neighbours, detect, token-loss)
accept a folder that ``save_pretrained`` wrote. It is opened into the data directory's
``opened/`` folder, under a key made of the folder's resolved path and its files' sizes and
times, so the second question is as fast as the first run's and a changed folder is opened
again. The model's own mask spelling (``<mask>``) is accepted in the question and said to be
translated, since the engine writes the mask ``[MASK]``.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from mlmstudio.config import MASK
from mlmstudio.engine.hf_import import (
    ModelImportError,
    folder_key,
    is_transformers_folder,
    open_transformers_folder,
    read_origin,
)
from mlmstudio.engine.run_files import CONFIG_FILE, TOKENIZER_FILE

OPENED_DIRNAME = "opened"


def engine_folder_for(path: Path, data_dir: str | None) -> Path:
    """``path`` itself for an engine model folder; for a transformers folder, its opened copy."""
    if not is_transformers_folder(path):
        return path
    from mlmstudio.store.paths import data_dir as resolve_data_dir

    target = resolve_data_dir(data_dir) / OPENED_DIRNAME / folder_key(path)
    damage = cached_copy_damage(target) if target.exists() else None
    if damage:
        # The copy is only a cache of the user's folder: set it aside and open the folder again.
        aside = target.with_name(f"{target.name}.damaged-{int(time.time())}")
        target.rename(aside)
        print(
            f"mlmstudio: note: the opened copy of {path} in {target.parent} was damaged ({damage}); "
            f"it was set aside as {aside.name} and the folder is opened again.",
            file=sys.stderr,
        )
    if not (target / CONFIG_FILE).is_file():
        try:
            origin = open_transformers_folder(path, target)
        except (ModelImportError, OSError):
            # Another command opened the same folder meanwhile (two first questions at once): its
            # copy, renamed into place whole, is this one's too. Anything else is said as it was.
            if not (target / CONFIG_FILE).is_file() or cached_copy_damage(target):
                raise
        else:
            article = "an" if origin.family[:1] in "AEIOUX" else "a"  # an ELECTRA, an XLM-RoBERTa
            print(
                f"(Opened {path} as {article} {origin.family} model, {origin.parameters:,} parameters.)",
                file=sys.stderr,
            )
    origin = read_origin(target)
    if origin is not None and origin.note:
        print(f"mlmstudio: note: {origin.note}", file=sys.stderr)
    return target


def cached_copy_damage(target: Path) -> str | None:
    """What is wrong with an opened copy in ``opened/`` (None when it is whole): its files are
    there, its config, tokenizer and origin read, and its weights file is as long as its header says."""
    from safetensors import safe_open

    from mlmstudio.config import RunConfig
    from mlmstudio.engine.run_files import REQUIRED_MODEL_FILES, RunFolder

    folder = RunFolder(target)
    missing = [name for name in REQUIRED_MODEL_FILES if not (target / name).is_file()]
    if missing:
        return f"{', '.join(missing)} missing"
    try:
        RunConfig.from_json(folder.config.read_text(encoding="utf-8"))
        json.loads((target / TOKENIZER_FILE).read_text(encoding="utf-8"))
        if read_origin(target) is None:
            return "its origin.json is missing or unreadable"
        with safe_open(str(folder.model), framework="pt"):
            pass  # the header is checked against the file's length: a cut file is refused here
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        return f"{type(exc).__name__}: {str(exc)[:120]}"
    except Exception as exc:  # noqa: BLE001 - safetensors raises its own error type for a damaged header
        return f"its weights cannot be read ({str(exc)[:120]})"
    return None


def model_origin(model_dir: Path):
    """The origin of an opened model, or of the one a continued run started from (followed back
    through ``training.start_from`` for a continued run's folder written before such runs kept
    their own origin.json); None for a model trained here."""
    from mlmstudio.config import RunConfig
    from mlmstudio.engine.errors import MLMStudioError
    from mlmstudio.engine.hf_import.export_back import origin_of

    origin = read_origin(model_dir)
    if origin is not None:
        return origin
    try:
        config = RunConfig.from_json((Path(model_dir) / CONFIG_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError, MLMStudioError):
        return None
    return origin_of(Path(model_dir), config) if config.training.start_from.strip() else None


def with_engine_mask(model_dir: Path, text: str, *, needs_mask: bool = False) -> str:
    """The question with the model's own mask spelling (``<mask>``) written as ``[MASK]``, said once.

    With ``needs_mask`` (fill, lens, timeline), a question with no mask in either spelling is
    refused here, naming the model's own spelling (not "write [MASK]" to a RoBERTa user who
    wrote ``<MASK>``).
    """
    origin = model_origin(model_dir)
    if origin is None or origin.mask_token == MASK:
        return text
    if origin.mask_token not in text:
        if needs_mask and MASK not in text:
            from mlmstudio.engine.errors import PredictionError
            from mlmstudio.engine.mask_spelling import no_mask_message

            raise PredictionError(no_mask_message(text, origin.mask_token))
        return text
    print(f"(This model's mask token is {origin.mask_token}; read as {MASK}.)", file=sys.stderr)
    return text.replace(origin.mask_token, MASK)


def own_special_spellings(model_dir: Path) -> dict[str, str]:
    """The engine's spelling -> the model's own, for the specials an opened model spells otherwise."""
    from mlmstudio.config import SPECIAL_TOKENS
    from mlmstudio.engine.hf_import.tokenizer_import import ROLES

    origin = model_origin(model_dir)
    if origin is None:
        return {}
    own = {
        SPECIAL_TOKENS[n]: origin.special_tokens.get(role, SPECIAL_TOKENS[n]) for n, role in enumerate(ROLES)
    }
    return {ours: theirs for ours, theirs in own.items() if ours != theirs}


def show_own_specials(candidates: list[list[dict]], model_dir: Path) -> None:
    """Fill-mask candidates that are special tokens, spelt as the model spells them (``</s>``)."""
    spellings = own_special_spellings(model_dir)
    for predictions in candidates if spellings else []:
        for candidate in predictions:
            candidate["token_str"] = spellings.get(candidate["token_str"], candidate["token_str"])


def from_was_given(args) -> bool:
    """Whether --from was on the command line, even as an empty name."""
    from mlmstudio.cli.options import dest_name

    return getattr(args, dest_name("training", "start_from"), None) is not None


def continued_from_args(args, config, resolve_model_dir):
    """``train --from MODEL``: MODEL resolved by ``resolve_model_dir`` (a folder, a transformers
    folder, a run id; engine_commands' own, passed in so neither module imports the other) and the
    config made a continuation of it (engine/start_from.py); model or tokenizer flags are refused."""
    from dataclasses import fields

    from mlmstudio.cli.options import dest_name, flag_name
    from mlmstudio.config import ConfigError, ModelConfig, TokenizerConfig
    from mlmstudio.engine.start_from import continued_config

    given = [
        flag_name(section, f.name)
        for section, cls in (("model", ModelConfig), ("tokenizer", TokenizerConfig))
        for f in fields(cls)
        if f.name != "dropout" and getattr(args, dest_name(section, f.name), None) is not None
    ]
    if given or getattr(args, "preset", None):
        shown = ", ".join(given or ["--preset"])
        raise ConfigError(
            f"train --from keeps the model's own shape and tokenizer, so {shown} cannot be used with it. "
            "Drop them, or train a new model without --from."
        )
    if not config.training.start_from.strip():  # --from "" ($MODEL unset): not a new model in silence
        raise ConfigError(
            "--from was given an empty name. Give the model to continue (a folder, or a run id from "
            "'runs list'), or leave --from out to train a new model."
        )
    from mlmstudio.cli.added_words import check_added_words_flags

    check_added_words_flags(args)  # a wrong count or words file before the model is opened
    model_dir = resolve_model_dir(config.training.start_from, getattr(args, "data_dir", None))
    continued = continued_config(
        config,
        model_dir,
        lr_given=getattr(args, dest_name("training", "lr"), None) is not None,
        warmup_given=getattr(args, dest_name("training", "warmup"), None) is not None,
        dropout_given=getattr(args, dest_name("model", "dropout"), None) is not None,
    )
    seq_len, most = getattr(args, dest_name("training", "seq_len"), None), continued.model.max_len
    if (
        seq_len is not None and seq_len > most
    ):  # continued_config fits the windows; a length asked for is not cut
        raise ConfigError(
            f"This model reads at most {most} tokens at once, so --seq-len {seq_len} is too long for it. "
            f"Choose --seq-len {most} or less."
        )
    return continued
