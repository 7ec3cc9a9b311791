"""Writing files out: a run capsule, a .mlmrun bundle, a Hugging Face folder."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

SENTENCES: tuple[tuple[str, str], ...] = (
    # Writing a run capsule (engine/capsule.py, engine/output_paths.py), in the capsule dialog.
    (
        r"The capsule could not be written to (?P<folder>.+) \((?P<error>.+)\)\. Choose another folder or "
        r"free space\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The capsule could not be written to {folder} ({error}). Choose another folder or free space.",
        ),
    ),
    (
        r"The capsule folder (?P<folder>.+) is a file, not a folder\. Choose a folder \(new or empty\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The capsule folder {folder} is a file, not a folder. Choose a folder (new or empty).",
        ),
    ),
    (
        r"The capsule folder (?P<folder>.+) cannot be read \((?P<error>.+)\)\. Choose another folder\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The capsule folder {folder} cannot be read ({error}). Choose another folder.",
        ),
    ),
    (
        r"The capsule folder (?P<folder>.+) already exists and is not empty \((?P<files>.+)\)\. Choose a new "
        r"or empty folder, or allow replacing its files \(--overwrite\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The capsule folder {folder} already exists and is not empty ({files}). Choose a new or empty "
            "folder, or allow replacing its files (--overwrite).",
        ),
    ),
    (
        r"Only a corpus that is a single file can be left out of a capsule \(the capsule then names its path "
        r"and fingerprint\)\. Include this corpus instead\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Only a corpus that is a single file can be left out of a capsule (the capsule then names its "
            "path and fingerprint). Include this corpus instead.",
        ),
    ),
    # Where an export, a bundle or a capsule is written (engine/output_paths.py), in History and the capsule dialog.
    (
        r"(?P<the_what>The (?:export folder|bundle file|capsule folder)) (?P<path>.+) is a file, not a "
        r"folder\. Choose a folder \(new or empty\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{the_what} {path} is a file, not a folder. Choose a folder (new or empty).",
        ),
    ),
    (
        r"(?P<the_what>The (?:export folder|bundle file|capsule folder)) (?P<path>.+) cannot be read "
        r"\((?P<error>.+)\)\. Choose another folder\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{the_what} {path} cannot be read ({error}). Choose another folder.",
        ),
    ),
    (
        r"(?P<the_what>The (?:export folder|bundle file|capsule folder)) (?P<path>.+) already exists and "
        r"is not empty \((?P<files>.+)\)\. Choose a new or empty folder, or allow replacing its files "
        r"\(--overwrite\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{the_what} {path} already exists and is not empty ({files}). Choose a new or empty folder, or "
            "allow replacing its files (--overwrite).",
        ),
    ),
    (
        r"(?P<the_what>The (?:export folder|bundle file|capsule folder)) (?P<path>.+) is a folder\. Give "
        r"a file name\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{the_what} {path} is a folder. Give a file name.",
        ),
    ),
    (
        r"(?P<the_what>The (?:export folder|bundle file|capsule folder)) (?P<path>.+) is not a regular "
        r"file \(a device, a pipe or a socket\)\. Give a file name\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{the_what} {path} is not a regular file (a device, a pipe or a socket). Give a file name.",
        ),
    ),
    (
        r"(?P<the_what>The (?:export folder|bundle file|capsule folder)) (?P<path>.+) already exists\. "
        r"Choose another name, or allow replacing the file \(--overwrite\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{the_what} {path} already exists. Choose another name, or allow replacing the file "
            "(--overwrite).",
        ),
    ),
    (
        r"(?P<the_what>The (?:export folder|bundle file|capsule folder)) (?P<path>.+) is inside "
        r"(?P<owner>the history's run folders|the run history) \((?P<protected>.+)\)\. Choose a folder "
        r"outside it: writing there would replace the files of a run\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{the_what} {path} is inside {owner} ({protected}). Choose a folder outside it: writing there "
            "would replace the files of a run.",
        ),
    ),
    (
        r"(?P<the_what>The (?:export folder|bundle file|capsule folder)) (?P<path>.+) cannot be made: "
        r"(?P<ancestor>.+) is a file, not a folder\. Choose a path inside a folder\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{the_what} {path} cannot be made: {ancestor} is a file, not a folder. Choose a path inside a "
            "folder.",
        ),
    ),
    # History's export refusals: an origin.json that cannot be read or does not fit (engine/export.py, store/bundle.py).
    (
        r"The origin\.json in (?P<path>.+) \(where its model came from\) cannot be read, so the export "
        r"would lose the model's own class, token ids and mask spelling\. Nothing was exported; copy the "
        r"run folder again, or remove its origin\.json to export it in MLM Studio's own layout\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The origin.json in {path} (where its model came from) cannot be read, so the export would lose "
            "the model's own class, token ids and mask spelling. Nothing was exported; copy the run folder "
            "again, or remove its origin.json to export it in MLM Studio's own layout.",
        ),
    ),
    (
        r"The origin\.json in (?P<path>.+) \(where its model came from\) cannot be read, so the bundle "
        r"would lose the model's own class, token ids and mask spelling\. Nothing was exported; copy the "
        r"run folder again, or remove its origin\.json to export the run without it\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The origin.json in {path} (where its model came from) cannot be read, so the bundle would lose "
            "the model's own class, token ids and mask spelling. Nothing was exported; copy the run folder "
            "again, or remove its origin.json to export the run without it.",
        ),
    ),
    (
        r"The origin recorded for the model in (?P<path>.+) \(origin\.json, where it came from\) does not "
        r"fit it: (?P<reason>.+)\. Nothing was exported; copy the run folder again, or remove its "
        r"origin\.json to export it in MLM Studio's own layout\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The origin recorded for the model in {path} (origin.json, where it came from) does not fit it: "
            "{reason}. Nothing was exported; copy the run folder again, or remove its origin.json to export "
            "it in MLM Studio's own layout.",
        ),
    ),
    # Why an origin does not fit its model (engine/hf_import/export_back.py origin_misfit): a clause about the origin.
    (
        r"it names the model type (?P<type>.+), which MLM Studio does not open",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "it names the model type {type}, which MLM Studio does not open",
        ),
    ),
    (
        r"it names a (?P<family>.+) model, whose layout is not this model's",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "it names a {family} model, whose layout is not this model's",
        ),
    ),
    (
        r"its vocabulary order does not match this model's (?P<vocab>[\d,]+) tokens",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "its vocabulary order does not match this model's {vocab} tokens",
        ),
    ),
    (
        r"it describes a vocabulary of (?P<count>[\d,]+) tokens, this model's was (?P<recorded>[\d,]+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "it describes a vocabulary of {count} tokens, this model's was {recorded}",
        ),
    ),
    (
        r"its special tokens are incomplete",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "its special tokens are incomplete",
        ),
    ),
    (
        r"its config is not a JSON object",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "its config is not a JSON object",
        ),
    ),
    (
        r"its (?P<name>\w+) is (?P<theirs>.+), this model's is (?P<ours>\S+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "its {name} is {theirs}, this model's is {ours}",
        ),
    ),
    (
        r"it reads (?P<positions>.+) positions, this model (?P<ours>\d+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "it reads {positions} positions, this model {ours}",
        ),
    ),
    # Continuing a model (engine/start_from.py), shown on the Train page and in the queue.
    (
        r"Words can be added to the vocabulary of a model you continue, not of a new one\. Choose a model "
        r"to start from, or add no words\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Words can be added to the vocabulary of a model you continue, not of a new one. Choose a model "
            "to start from, or add no words.",
        ),
    ),
    (
        r"The model to continue from cannot be loaded: (?P<reason>.+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The model to continue from cannot be loaded: {reason}",
        ),
    ),
    (
        r"This run continues the model in (?P<path>.+) but describes another model shape; a continued run "
        r"keeps the model's own \(drop the model settings, or start a new model\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "This run continues the model in {path} but describes another model shape; a continued run keeps "
            "the model's own (drop the model settings, or start a new model).",
        ),
    ),
)
