"""The run history: its runs, resuming, the start-up's problems, rebuilding it, the settings file,
importing a .mlmrun bundle or a run folder, and the queue.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

SENTENCES: tuple[tuple[str, str], ...] = (
    # Why a run cannot go to Hugging Face (engine/hf_compat.py NOT_EXPORTABLE).
    (
        r"This run uses the distance bias \(ALiBi-style\), which no Hugging Face transformers encoder "
        r"has, so it cannot be exported exactly\. Runs trained with the distance bias off "
        r"\(--no-distance-bias; in Setup, Advanced: 'Distance bias'\) or with --arch seed can be "
        r"exported; with rotary positions \(--positions rotary\) a run without the distance bias learns "
        r"nearly as fast\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "This run uses the distance bias (ALiBi-style), which no Hugging Face transformers encoder "
            "has, so it cannot be exported exactly. Runs trained with the distance bias off "
            "(--no-distance-bias; in Setup, Advanced: 'Distance bias') or with --arch seed can be "
            "exported; with rotary positions (--positions rotary) a run without the distance bias "
            "learns nearly as fast.",
        ),
    ),
    # Why a run has no model (store/records.py RunSummary.no_model_reason).
    (
        r"Run (?P<run>\S+) has no trained model: its folder (?P<folder>.+) was deleted or moved\. Put the "
        r"folder back, or delete the run from the history\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Run {run} has no trained model: its folder {folder} was deleted or moved. Put the folder "
            "back, or delete the run from the history.",
        ),
    ),
    (
        r"Run (?P<run>\S+) is still training and has not saved its model yet\. Wait until it ends\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Run {run} is still training and has not saved its model yet. Wait until it ends.",
        ),
    ),
    (
        r"Run (?P<run>\S+) has not started, so it has no model yet\.",
        QT_TRANSLATE_NOOP("EngineMessages", "Run {run} has not started, so it has no model yet."),
    ),
    (
        r"Run (?P<run>\S+) has no trained model: (?P<missing>.+) missing from (?P<folder>.+)\. The files "
        r"were deleted or moved; put them back, or choose another run\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Run {run} has no trained model: {missing} missing from {folder}. The files were deleted "
            "or moved; put them back, or choose another run.",
        ),
    ),
    (
        r"Run (?P<run>\S+) is (?P<status>[\w ]+): it ended at step (?P<step>\d+), before it saved a model "
        r"or a checkpoint\. Resume it \('(?P<command>[^']+)'\) to train it again from the start, or "
        r"choose another run\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Run {run} is {status}: it ended at step {step}, before it saved a model or a checkpoint. "
            "Resume it ('{command}') to train it again from the start, or choose another run.",
        ),
    ),
    (
        r"Run (?P<run>\S+) is (?P<status>[\w ]+) and has not saved a model yet\. Resume it "
        r"\('(?P<command>[^']+)'\) to train on and save one, or choose another run\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Run {run} is {status} and has not saved a model yet. Resume it ('{command}') to train on "
            "and save one, or choose another run.",
        ),
    ),
    # The run history's sentences a newcomer can meet (store/service.py, store/transfer_runs.py).
    (
        r"A run name cannot be empty\. Give a few words that describe the run\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages", "A run name cannot be empty. Give a few words that describe the run."
        ),
    ),
    (
        r"Run (?P<run>\S+) is being trained by a process that is still alive \(perhaps paused or "
        r"suspended\)\. Stop it before deleting it\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Run {run} is being trained by a process that is still alive (perhaps paused or suspended). "
            "Stop it before deleting it.",
        ),
    ),
    (
        r"Run (?P<run>\S+) is (?P<status>[\w ]+); stop it before deleting it\.",
        QT_TRANSLATE_NOOP("EngineMessages", "Run {run} is {status}; stop it before deleting it."),
    ),
    (
        r"Run (?P<run>\S+) cannot be compared: (?P<reason>.+)",
        QT_TRANSLATE_NOOP("EngineMessages", "Run {run} cannot be compared: {reason}"),
    ),
    (
        r"The stored configuration of run (?P<run>\S+) is no longer valid: (?P<reason>.+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages", "The stored configuration of run {run} is no longer valid: {reason}"
        ),
    ),
    # Resuming a run (store/lifecycle.py), shown on the Train page and in History.
    (
        r"Run (?P<run>\S+) has already been started \(it is (?P<status>[\w ]+)\)\. Resume it instead, or start "
        r"a new run\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Run {run} has already been started (it is {status}). Resume it instead, or start a new run.",
        ),
    ),
    (
        r"The folder of run (?P<run>\S+) \((?P<folder>.+)\) is missing or has no config\.json, so it cannot "
        r"be resumed\. Start a new run with the same settings instead\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The folder of run {run} ({folder}) is missing or has no config.json, so it cannot be resumed. "
            "Start a new run with the same settings instead.",
        ),
    ),
    (
        r"The folder of run (?P<run>\S+) cannot be written \((?P<error>.+)\)\. Check the disk and the "
        r"permissions\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The folder of run {run} cannot be written ({error}). Check the disk and the permissions.",
        ),
    ),
    (
        r"Run (?P<run>\S+) is being trained by another process right now\. Stop it there first, or wait "
        r"until it ends\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Run {run} is being trained by another process right now. Stop it there first, or wait until "
            "it ends.",
        ),
    ),
    (
        r"Run (?P<run>\S+) is (?P<status>[\w ]+) in process (?P<pid>\S+) on (?P<host>.+)\. Stop it there "
        r"first, or wait until it ends\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Run {run} is {status} in process {pid} on {host}. Stop it there first, or wait until it ends.",
        ),
    ),
    (
        r"Run (?P<run>\S+) has already completed, so there is nothing to resume\. Start a new run to train "
        r"longer\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Run {run} has already completed, so there is nothing to resume. Start a new run to train longer.",
        ),
    ),
    (
        r"Run (?P<run>\S+) has not started yet, so there is nothing to resume\.",
        QT_TRANSLATE_NOOP("EngineMessages", "Run {run} has not started yet, so there is nothing to resume."),
    ),
    # Per-token loss's refusals (store/token_loss_runs.py).
    (
        r"Run (?P<run>\S+) is a model opened from a folder, not trained here, so it has no held-out text "
        r"of its own\. Choose a text to measure it on \(on the command line: (?P<command>.+)\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Run {run} is a model opened from a folder, not trained here, so it has no held-out text of "
            "its own. Choose a text to measure it on (on the command line: {command}).",
        ),
    ),
    (
        r"Both references name run (?P<run>\S+)\. Choose two different runs to compare\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages", "Both references name run {run}. Choose two different runs to compare."
        ),
    ),
    (
        r"Runs (?P<a>\S+) and (?P<b>\S+) were trained on different corpora \((?P<corpus_a>.+) and "
        r"(?P<corpus_b>.+)\), so their validation texts differ and cannot be compared\. Choose two runs "
        r"of the same corpus\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Runs {a} and {b} were trained on different corpora ({corpus_a} and {corpus_b}), so their "
            "validation texts differ and cannot be compared. Choose two runs of the same corpus.",
        ),
    ),
    # The start-up's history problems (store/db_errors.py, store/database.py), in the start-up dialog.
    (
        r"The run history at (?P<path>.+) is damaged: (?P<reason>.+?)\. The run folders are not affected\. "
        r"'(?P<command>[^']+)' keeps the damaged file \(renamed with a date\) and rebuilds the history from "
        r"the run folders and whatever the damaged file still holds\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The run history at {path} is damaged: {reason}. The run folders are not affected. '{command}' "
            "keeps the damaged file (renamed with a date) and rebuilds the history from the run folders and "
            "whatever the damaged file still holds.",
        ),
    ),
    # Why the history file is damaged (db_errors.damage_before_open, database._schema_problem): a clause.
    (r"it is a folder, not a file", QT_TRANSLATE_NOOP("EngineMessages", "it is a folder, not a file")),
    (
        r"it is empty \(0 bytes\), while (?P<count>\d+) run folders? exists? in (?P<folder>.+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages", "it is empty (0 bytes), while {count} run folders exist in {folder}"
        ),
    ),
    (
        r"it is not an SQLite database \(its first bytes are something else\)",
        QT_TRANSLATE_NOOP(
            "EngineMessages", "it is not an SQLite database (its first bytes are something else)"
        ),
    ),
    (
        r"it is cut short \((?P<size>[\d,]+) bytes, less than an SQLite header\)",
        QT_TRANSLATE_NOOP("EngineMessages", "it is cut short ({size} bytes, less than an SQLite header)"),
    ),
    (
        r"it is cut short \((?P<size>[\d,]+) bytes of the (?P<expected>[\d,]+) its header announces\)",
        QT_TRANSLATE_NOOP(
            "EngineMessages", "it is cut short ({size} bytes of the {expected} its header announces)"
        ),
    ),
    (
        r"its schema version table \(alembic_version\) is missing, so its layout is unknown",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "its schema version table (alembic_version) is missing, so its layout is unknown",
        ),
    ),
    (r"SQLite reports: (?P<detail>.+)", QT_TRANSLATE_NOOP("EngineMessages", "SQLite reports: {detail}")),
    (
        r"The run history at (?P<path>.+) is busy: another program holds it locked \((?P<detail>.+)\)\. "
        r"Try again in a moment, or close the other MLM Studio\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The run history at {path} is busy: another program holds it locked ({detail}). Try again in a "
            "moment, or close the other MLM Studio.",
        ),
    ),
    (
        r"The run history at (?P<path>.+) cannot be written \((?P<detail>.+)\)\. Free some disk space and "
        r"try again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The run history at {path} cannot be written ({detail}). Free some disk space and try again.",
        ),
    ),
    (
        r"The run history at (?P<path>.+) cannot be opened for writing \((?P<detail>.+)\)\. Check that the "
        r"folder and the file are writable, or choose another data directory with --data-dir or "
        r"MLMSTUDIO_HOME\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The run history at {path} cannot be opened for writing ({detail}). Check that the folder and "
            "the file are writable, or choose another data directory with --data-dir or MLMSTUDIO_HOME.",
        ),
    ),
    (
        r"The data directory (?P<path>.+) \(from (?P<source>--data-dir|MLMSTUDIO_HOME|the platform's "
        r"default)\) cannot be created or written \((?P<error>.+)\)\. Choose another one with --data-dir or "
        r"MLMSTUDIO_HOME\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The data directory {path} (from {source}) cannot be created or written ({error}). Choose "
            "another one with --data-dir or MLMSTUDIO_HOME.",
        ),
    ),
    (
        r"The run history at (?P<path>.+) was written by a newer version of MLM Studio \((?P<detail>.+)\)\. "
        r"Update MLM Studio, or choose another data directory\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The run history at {path} was written by a newer version of MLM Studio ({detail}). Update MLM "
            "Studio, or choose another data directory.",
        ),
    ),
    # Rebuilding the history (store/history_repair.py): its refusal and its report, a sentence at a time.
    (
        r"Run (?P<run>\S+) is training right now; its process writes to the history\. Stop it \(or wait "
        r"until it ends\), then rebuild the history\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Run {run} is training right now; its process writes to the history. Stop it (or wait until it "
            "ends), then rebuild the history.",
        ),
    ),
    (
        r"Rebuilt the history with (?P<count>\d+) runs? \((?P<curves>\d+) with their curves\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages", "Rebuilt the history with {count} runs ({curves} with their curves)."
        ),
    ),
    (
        r"Rebuilt the history with (?P<count>\d+) runs?\.",
        QT_TRANSLATE_NOOP("EngineMessages", "Rebuilt the history with {count} runs."),
    ),
    (
        r"The old file is kept as (?P<path>.+)\.",
        QT_TRANSLATE_NOOP("EngineMessages", "The old file is kept as {path}."),
    ),
    (
        r"Left out (?P<count>\d+) folder\(s\): (?P<folders>.+)\.",
        QT_TRANSLATE_NOOP("EngineMessages", "Left out {count} folder(s): {folders}."),
    ),
    # What is wrong with the app's settings file (mlmstudio/settings_file.py file_problem): a clause.
    (
        r"it is a folder or a broken link, not a file",
        QT_TRANSLATE_NOOP("EngineMessages", "it is a folder or a broken link, not a file"),
    ),
    (
        r"it cannot be read \((?P<error>.+)\)",
        QT_TRANSLATE_NOOP("EngineMessages", "it cannot be read ({error})"),
    ),
    (
        r"its last line \((?P<line>\d+)\) is cut short",
        QT_TRANSLATE_NOOP("EngineMessages", "its last line ({line}) is cut short"),
    ),
    (
        r"line (?P<line>\d+) holds bytes that are not text",
        QT_TRANSLATE_NOOP("EngineMessages", "line {line} holds bytes that are not text"),
    ),
    (
        r"line (?P<line>\d+) holds a NUL byte",
        QT_TRANSLATE_NOOP("EngineMessages", "line {line} holds a NUL byte"),
    ),
    (
        r"line (?P<line>\d+) is neither a \[section\] nor a key=value",
        QT_TRANSLATE_NOOP("EngineMessages", "line {line} is neither a [section] nor a key=value"),
    ),
    # History → Import a .mlmrun file (store/bundle.py BundleError): the ones a user can meet.
    (
        r"(?P<path>.+) does not exist or is not a file\. Choose a \.mlmrun file\.",
        QT_TRANSLATE_NOOP("EngineMessages", "{path} does not exist or is not a file. Choose a .mlmrun file."),
    ),
    (
        r"(?P<name>.+) is not a readable \.mlmrun bundle: it is damaged or truncated \((?P<error>.+)\)\. "
        r"Export the run again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} is not a readable .mlmrun bundle: it is damaged or truncated ({error}). Export the run "
            "again.",
        ),
    ),
    (
        r"(?P<name>.+) could not be read or unpacked \((?P<error>.+)\)\. Check the file and the free disk "
        r"space\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} could not be read or unpacked ({error}). Check the file and the free disk space.",
        ),
    ),
    (
        r"The bundle has format version (?P<version>.+); this MLM Studio reads up to (?P<latest>\d+)\. "
        r"Update MLM Studio to import it\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The bundle has format version {version}; this MLM Studio reads up to {latest}. Update MLM "
            "Studio to import it.",
        ),
    ),
    (
        r"The bundle has no (?P<missing>.+)\. It is incomplete; export the run again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages", "The bundle has no {missing}. It is incomplete; export the run again."
        ),
    ),
    (
        r"(?P<name>\S+) in the bundle does not match the hash in its manifest\. The bundle was altered or "
        r"damaged; nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} in the bundle does not match the hash in its manifest. The bundle was altered or "
            "damaged; nothing was imported.",
        ),
    ),
    (
        r"The bundle's manifest does not match its (?P<name>\S+) \(missing entry, hash or size\)\. The bundle "
        r"was altered or damaged; nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The bundle's manifest does not match its {name} (missing entry, hash or size). The bundle was "
            "altered or damaged; nothing was imported.",
        ),
    ),
    (
        r"The bundle contains an unsafe file path \((?P<name>.+)\) that could write outside its folder\. It "
        r"was refused; nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The bundle contains an unsafe file path ({name}) that could write outside its folder. It was "
            "refused; nothing was imported.",
        ),
    ),
    (
        r"The bundle's config\.json is not a valid run configuration: (?P<reason>.+) Nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The bundle's config.json is not a valid run configuration: {reason} Nothing was imported.",
        ),
    ),
    (
        r"The model in the bundle cannot be loaded: (?P<reason>.+)",
        QT_TRANSLATE_NOOP("EngineMessages", "The model in the bundle cannot be loaded: {reason}"),
    ),
    (
        r"Importing needs (?P<needed>[\d,]+) MiB but only (?P<free>[\d,]+) MiB are free in the data "
        r"directory\. Free some space and try again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Importing needs {needed} MiB but only {free} MiB are free in the data directory. Free some "
            "space and try again.",
        ),
    ),
    # History → Import folder (store/folder_import.py FolderImportError).
    (
        r"(?P<path>.+) does not exist\. Give the run folder to import\.",
        QT_TRANSLATE_NOOP("EngineMessages", "{path} does not exist. Give the run folder to import."),
    ),
    (
        r"(?P<path>.+) is a file, not a run folder\. Give the folder that holds config\.json and "
        r"model\.safetensors \(a \.mlmrun file is imported with `(?P<command>[^`]+)`\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{path} is a file, not a run folder. Give the folder that holds config.json and "
            "model.safetensors (a .mlmrun file is imported with `{command}`).",
        ),
    ),
    (
        r"(?P<path>.+) is already a run folder of this history; it needs no import\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages", "{path} is already a run folder of this history; it needs no import."
        ),
    ),
    (
        r"(?P<path>.+) is not a run folder: it has no config\.json\. A run folder holds config\.json, "
        r"tokenizer\.json, model\.safetensors and curves\.csv, as `(?P<command>[^`]+)` or a run capsule "
        r"writes them\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{path} is not a run folder: it has no config.json. A run folder holds config.json, "
            "tokenizer.json, model.safetensors and curves.csv, as `{command}` or a run capsule writes them.",
        ),
    ),
    (
        r"(?P<path>.+) is a run capsule, not a run folder\. Import the folder its launch\.sh wrote on the "
        r"first node \((?P<run>.+) by default\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{path} is a run capsule, not a run folder. Import the folder its launch.sh wrote on the first "
            "node ({run} by default).",
        ),
    ),
    (
        r"(?P<path>.+) holds a link \((?P<link>.+)\); a run folder holds plain files only\. Copy the folder "
        r"with the files the links point to \(cp -rL\), then import the copy\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{path} holds a link ({link}); a run folder holds plain files only. Copy the folder with the "
            "files the links point to (cp -rL), then import the copy.",
        ),
    ),
    (
        r"The run in (?P<path>.+) is still training \(its process holds the folder\)\. Import it when it has "
        r"finished\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The run in {path} is still training (its process holds the folder). Import it when it has "
            "finished.",
        ),
    ),
    (
        r"The run in (?P<path>.+) has no finished model \((?P<missing>.+) missing\): it may still be "
        r"training, or it failed\. Import it once it has finished\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The run in {path} has no finished model ({missing} missing): it may still be training, or it "
            "failed. Import it once it has finished.",
        ),
    ),
    (
        r"The run folder (?P<path>.+) could not be copied into the history \((?P<error>.+)\)\. Nothing was "
        r"imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The run folder {path} could not be copied into the history ({error}). Nothing was imported.",
        ),
    ),
    (
        r"The folder's config\.json is not a valid run configuration: (?P<reason>.+) Nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The folder's config.json is not a valid run configuration: {reason} Nothing was imported.",
        ),
    ),
    (
        r"The run folder needs (?P<needed>\d+) MB and the history's disk has (?P<free>\d+) MB free\. Free "
        r"space, then import again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The run folder needs {needed} MB and the history's disk has {free} MB free. Free space, then "
            "import again.",
        ),
    ),
    # The queue's refusals (store/queue.py QueueError).
    (
        r"There is no item (?P<item>\S+) in the queue\. '(?P<command>[^']+)' shows the items and their "
        r"numbers\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "There is no item {item} in the queue. '{command}' shows the items and their numbers.",
        ),
    ),
    (
        r"Item (?P<item>\d+) is running right now, so it cannot be removed\. Stop its run first \(Stop on "
        r"the Train page, or Ctrl\+C in '(?P<command>[^']+)'\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Item {item} is running right now, so it cannot be removed. Stop its run first (Stop on the "
            "Train page, or Ctrl+C in '{command}').",
        ),
    ),
    (
        r"This configuration cannot be queued: (?P<reason>.+)",
        QT_TRANSLATE_NOOP("EngineMessages", "This configuration cannot be queued: {reason}"),
    ),
    # History → Import a .mlmrun file: the rarer refusals (store/bundle.py _checked_members, _read_manifest).
    (
        r"The bundle contains an unexpected file \((?P<name>.+)\)\. It was not written by MLM Studio; "
        r"nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The bundle contains an unexpected file ({name}). It was not written by MLM Studio; nothing was "
            "imported.",
        ),
    ),
    (
        r"The bundle contains (?P<name>\S+) twice\. It is damaged; nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The bundle contains {name} twice. It is damaged; nothing was imported.",
        ),
    ),
    (
        r"(?P<name>\S+) in the bundle is encrypted\. MLM Studio bundles never are\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} in the bundle is encrypted. MLM Studio bundles never are.",
        ),
    ),
    (
        r"(?P<name>\S+) in the bundle uses an unsupported compression\. Export it again with MLM Studio\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} in the bundle uses an unsupported compression. Export it again with MLM Studio.",
        ),
    ),
    (
        r"(?P<name>\S+) in the bundle is too large \((?P<size>[\d,]+) MiB; at most (?P<limit>[\d,]+) "
        r"MiB\)\. Nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} in the bundle is too large ({size} MiB; at most {limit} MiB). Nothing was imported.",
        ),
    ),
    (
        r"(?P<name>\S+) in the bundle would expand (?P<ratio>[\d,]+) times when unpacked, like a zip "
        r"bomb\. It was refused; nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} in the bundle would expand {ratio} times when unpacked, like a zip bomb. It was refused; "
            "nothing was imported.",
        ),
    ),
    (
        r"(?P<name>\S+) in the bundle is larger than it declares\. It was refused; nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} in the bundle is larger than it declares. It was refused; nothing was imported.",
        ),
    ),
    (
        r"The bundle's manifest\.json does not describe an MLM Studio run\. Nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The bundle's manifest.json does not describe an MLM Studio run. Nothing was imported.",
        ),
    ),
    (
        r"The bundle's manifest\.json lacks its file list or run record\. Nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The bundle's manifest.json lacks its file list or run record. Nothing was imported.",
        ),
    ),
    (
        r"The bundle's manifest lists (?P<names>.+), which the bundle does not contain\. It is "
        r"incomplete; nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The bundle's manifest lists {names}, which the bundle does not contain. It is incomplete; "
            "nothing was imported.",
        ),
    ),
    (
        r"The bundle's manifest\.json (?P<reason>is .+)\. Nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The bundle's manifest.json {reason}. Nothing was imported.",
        ),
    ),
    # What is checked after unpacking (store/bundle.py _check_origin, _read_metrics_csv, _run_record).
    (
        r"origin\.json in the bundle \(where its model came from\) cannot be read \((?P<error>.+)\)\. "
        r"Nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "origin.json in the bundle (where its model came from) cannot be read ({error}). Nothing was "
            "imported.",
        ),
    ),
    (
        r"The bundle's metrics\.csv must start with the header (?P<header>\S+)\. Nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The bundle's metrics.csv must start with the header {header}. Nothing was imported.",
        ),
    ),
    (
        r"Line (?P<line>\d+) of the bundle's metrics\.csv is not a valid metric point\. Nothing was "
        r"imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Line {line} of the bundle's metrics.csv is not a valid metric point. Nothing was imported.",
        ),
    ),
    (
        r"The bundle's manifest has an invalid run (?P<key>name|status|notes|created_at|started_at|"
        r"finished_at)\. Nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The bundle's manifest has an invalid run {key}. Nothing was imported.",
        ),
    ),
    (
        r"The bundle's manifest has invalid run tags\. Nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The bundle's manifest has invalid run tags. Nothing was imported.",
        ),
    ),
    (
        r"The bundle's manifest has an invalid run summary\. Nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The bundle's manifest has an invalid run summary. Nothing was imported.",
        ),
    ),
    (
        r"The bundle's manifest has an invalid corpus record\. Nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The bundle's manifest has an invalid corpus record. Nothing was imported.",
        ),
    ),
    # What is wrong with a JSON file a user handed over (bounded_json.JSONLimitError): a clause after its name.
    (
        r"is larger than (?P<size>\S+ [kM]B), far more than a file of this kind holds",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "is larger than {size}, far more than a file of this kind holds",
        ),
    ),
    (
        r"is not UTF-8 text \(byte (?P<byte>\d+)\)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "is not UTF-8 text (byte {byte})",
        ),
    ),
    (
        r"is nested (?P<depth>\d+) levels deep; at most (?P<most>\d+) are expected",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "is nested {depth} levels deep; at most {most} are expected",
        ),
    ),
    (
        r"is not valid JSON \((?P<json_error>.+) at line (?P<line>\d+)\)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "is not valid JSON ({json_error} at line {line})",
        ),
    ),
    (
        r"is not usable JSON \((?P<json_error>.+)\)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "is not usable JSON ({json_error})",
        ),
    ),
    # History → Import folder: the rarer refusals (store/folder_import.py), curves and metrics.
    (
        r"The model in (?P<path>.+) cannot be loaded: (?P<reason>.+) Nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The model in {path} cannot be loaded: {reason} Nothing was imported.",
        ),
    ),
    (
        r"The folder's curve file is larger than (?P<size>\d+) GiB, far more than a run writes\. Nothing "
        r"was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The folder's curve file is larger than {size} GiB, far more than a run writes. Nothing was "
            "imported.",
        ),
    ),
    (
        r"The folder's curve file cannot be read: (?P<error>.+?)\.? Nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The folder's curve file cannot be read: {error}. Nothing was imported.",
        ),
    ),
    (
        r"Line (?P<line>\d+) of the folder's curves\.csv (?P<reason>.+)\. Nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Line {line} of the folder's curves.csv {reason}. Nothing was imported.",
        ),
    ),
    (
        r"has a negative step \((?P<step>-\d+)\)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "has a negative step ({step})",
        ),
    ),
    (
        r"has a step of (?P<digits>\d+) digits, more than a run can take",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "has a step of {digits} digits, more than a run can take",
        ),
    ),
    (
        r"names the split (?P<split>.+); curves are 'train' or 'val'",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "names the split {split}; curves are 'train' or 'val'",
        ),
    ),
    (
        r"names the metric (?P<metric>.+), which is not a metric name",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "names the metric {metric}, which is not a metric name",
        ),
    ),
    (
        r"holds a value that is not a finite number",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "holds a value that is not a finite number",
        ),
    ),
    (
        r"repeats step (?P<step>\d+) of (?P<split>\S+) (?P<metric>\S+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "repeats step {step} of {split} {metric}",
        ),
    ),
    (
        r"The folder's metrics\.json cannot be read: it (?P<reason>.+)\. Nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The folder's metrics.json cannot be read: it {reason}. Nothing was imported.",
        ),
    ),
    (
        r"The folder's metrics\.json is not a JSON object\. Nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The folder's metrics.json is not a JSON object. Nothing was imported.",
        ),
    ),
    (
        r"The folder's metrics\.json gives 'steps' as (?P<value>.+), not a whole number\. Nothing was "
        r"imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The folder's metrics.json gives 'steps' as {value}, not a whole number. Nothing was imported.",
        ),
    ),
    (
        r"The folder's metrics\.json gives 'steps' as (?P<value>.+), which is not a whole number from 0 "
        r"to (?P<most>\d+)\. Nothing was imported\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The folder's metrics.json gives 'steps' as {value}, which is not a whole number from 0 to "
            "{most}. Nothing was imported.",
        ),
    ),
    (
        r"(?P<path>(?!The ).+) cannot be read \((?P<error>[^()]+)\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{path} cannot be read ({error}).",
        ),
    ),
    # The queue's rarer refusals and its items' messages (store/queue.py).
    (
        r"The settings stored with queue item (?P<item>\d+) cannot be read: (?P<reason>.+) Remove it with "
        r"'(?P<command>[^']+)' and add the run again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The settings stored with queue item {item} cannot be read: {reason} Remove it with '{command}' "
            "and add the run again.",
        ),
    ),
    (
        r"Position (?P<position>-?\d+) is outside the queue: give a number from 1 to (?P<last>\d+)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Position {position} is outside the queue: give a number from 1 to {last}.",
        ),
    ),
    (
        r"The queue changed meanwhile \(an item was removed or listed twice\)\. Reload the queue and move "
        r"the item again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The queue changed meanwhile (an item was removed or listed twice). Reload the queue and move "
            "the item again.",
        ),
    ),
    (
        r"After a crash the queue can 'wait' or 'resume', not (?P<choice>.+)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "After a crash the queue can 'wait' or 'resume', not {choice}.",
        ),
    ),
    (
        r"The queue's folder (?P<folder>.+) cannot be written \((?P<error>.+)\)\. Check the disk and the "
        r"permissions\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The queue's folder {folder} cannot be written ({error}). Check the disk and the permissions.",
        ),
    ),
    (
        r"This item's record in the history (?P<path>.+) is damaged \((?P<reason>.+)\), so the queue "
        r"skips it\. Remove it with '(?P<command>[^']+)' \(or Remove on the Queue page\) and add the run "
        r"again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "This item's record in the history {path} is damaged ({reason}), so the queue skips it. Remove "
            "it with '{command}' (or Remove on the Queue page) and add the run again.",
        ),
    ),
    (
        r"its state reads (?P<value>.+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "its state reads {value}",
        ),
    ),
    (
        r"its time it was added reads (?P<value>.+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "its time it was added reads {value}",
        ),
    ),
    (
        r"its start time reads (?P<value>.+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "its start time reads {value}",
        ),
    ),
    (
        r"its end time reads (?P<value>.+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "its end time reads {value}",
        ),
    ),
    (
        r"its position reads (?P<value>.+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "its position reads {value}",
        ),
    ),
    (
        r"The process running this item ended before it finished\. It resumes from its last checkpoint "
        r"when the queue runs again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The process running this item ended before it finished. It resumes from its last checkpoint "
            "when the queue runs again.",
        ),
    ),
    (
        r"The run was stopped before it finished\. It resumes from its last checkpoint when the queue "
        r"runs again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The run was stopped before it finished. It resumes from its last checkpoint when the queue runs "
            "again.",
        ),
    ),
    (
        r"The run failed\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The run failed.",
        ),
    ),
    (
        r"The queue's after-crash setting in the history is damaged \((?P<value>.+)\), so it waits after "
        r"a crash; choose again with '(?P<command>[^']+)'\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The queue's after-crash setting in the history is damaged ({value}), so it waits after a crash; "
            "choose again with '{command}'.",
        ),
    ),
    # Why a curve file cannot be read (engine/curve_log.py read_curve_points), inside the sentence above.
    (
        r"Line (?P<line>\d+) of (?P<name>\S+) is not a valid curve point\.?",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Line {line} of {name} is not a valid curve point",
        ),
    ),
    (
        r"(?P<name>\S+) must start with the header (?P<header>\S+)\.?",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} must start with the header {header}",
        ),
    ),
    # Resuming a run: its folder, checkpoint or corpus (engine/trainer.py, engine/checkpoint.py, store/lifecycle.py).
    (
        r"The run in (?P<path>.+) has no checkpoint to resume from\. Start it again instead\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The run in {path} has no checkpoint to resume from. Start it again instead.",
        ),
    ),
    (
        r"The run folder (?P<path>.+) has no readable config\.json, so it cannot be resumed\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The run folder {path} has no readable config.json, so it cannot be resumed.",
        ),
    ),
    (
        r"The checkpoint in (?P<path>.+) is incomplete \((?P<kind>\w+)\)\. Resume from an earlier "
        r"checkpoint\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The checkpoint in {path} is incomplete ({kind}). Resume from an earlier checkpoint.",
        ),
    ),
    (
        r"The checkpoint in (?P<path>.+) is missing or damaged \((?P<kind>\w+)\)\. Resume from an earlier "
        r"checkpoint or start a new run\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The checkpoint in {path} is missing or damaged ({kind}). Resume from an earlier checkpoint or "
            "start a new run.",
        ),
    ),
    (
        r"The weights in (?P<path>.+) are damaged or do not fit this run's model \((?P<error>.+)\)\. "
        r"Resume from another checkpoint or start a new run\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The weights in {path} are damaged or do not fit this run's model ({error}). Resume from another "
            "checkpoint or start a new run.",
        ),
    ),
    (
        r"The corpus of run (?P<run>\S+) \((?P<source>.+)\) has changed since the run was trained, so it "
        r"cannot be resumed exactly\. Restore the original text, or start a new run\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The corpus of run {run} ({source}) has changed since the run was trained, so it cannot be "
            "resumed exactly. Restore the original text, or start a new run.",
        ),
    ),
    (
        r"The corpus of run (?P<run>\S+) \((?P<source>.+)\) has changed since the run was trained, so its "
        r"validation text is no longer the one the run was measured on\. Restore the original text, or "
        r"choose another run\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The corpus of run {run} ({source}) has changed since the run was trained, so its validation "
            "text is no longer the one the run was measured on. Restore the original text, or choose another "
            "run.",
        ),
    ),
    (
        r"The corpus of run (?P<run>\S+) cannot be read from (?P<source>.+?): (?P<reason>.+) Put the file "
        r"back where it was, or choose another run\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The corpus of run {run} cannot be read from {source}: {reason} Put the file back where it was, "
            "or choose another run.",
        ),
    ),
    (
        r"The record of run (?P<run>\S+) in the history cannot be read \((?P<error>.+)\)\. The other runs "
        r"are fine; '(?P<command>[^']+)' rebuilds the history from the run folders\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The record of run {run} in the history cannot be read ({error}). The other runs are fine; "
            "'{command}' rebuilds the history from the run folders.",
        ),
    ),
    (
        r"The number (?P<number>\S+) is larger than the history can store \(at most (?P<most>\d+)\); the "
        r"file it was read from is damaged or was not written by MLM Studio\. Nothing was recorded\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The number {number} is larger than the history can store (at most {most}); the file it was read "
            "from is damaged or was not written by MLM Studio. Nothing was recorded.",
        ),
    ),
    (
        r"The run history at (?P<path>.+) is readable; there is nothing to rebuild\. Add --force to "
        r"rebuild it from the run folders anyway \(its curves are kept where the file still holds them\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The run history at {path} is readable; there is nothing to rebuild. Add --force to rebuild it "
            "from the run folders anyway (its curves are kept where the file still holds them).",
        ),
    ),
    # How a run ended, in History and on the Train page (engine/run_end.py, engine/trainer.py, store/recovery.py).
    (
        r"The process training this run ended without finishing it \(a crash, a kill, Ctrl\+C or a power "
        r"cut\)\. Resume it to continue from its last checkpoint\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The process training this run ended without finishing it (a crash, a kill, Ctrl+C or a power "
            "cut). Resume it to continue from its last checkpoint.",
        ),
    ),
    (
        r"Training ended without a result\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Training ended without a result.",
        ),
    ),
    (
        r"There is not enough memory for this model and batch: try a smaller model, batch or sequence "
        r"length\. The last checkpoint is kept\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "There is not enough memory for this model and batch: try a smaller model, batch or sequence "
            "length. The last checkpoint is kept.",
        ),
    ),
    (
        r"The process that recorded this run ended before it began training\. Resume it to train it from "
        r"the start\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The process that recorded this run ended before it began training. Resume it to train it from "
            "the start.",
        ),
    ),
    (
        r"Continuing this model needs about (?P<needed>.+?) of memory, but only (?P<free>.+?) is free\. "
        r"Choose a smaller batch or sequence length, or close other programs\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Continuing this model needs about {needed} of memory, but only {free} is free. Choose a smaller "
            "batch or sequence length, or close other programs.",
        ),
    ),
    (
        r"The queue was running when its process ended \(a crash, a kill or a power cut\), so it waits: "
        r"item (?P<items>[\d, ]+) was interrupted\. Start the queue to resume it, or remove it first\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The queue was running when its process ended (a crash, a kill or a power cut), so it waits: "
            "item {items} was interrupted. Start the queue to resume it, or remove it first.",
        ),
    ),
    (
        r"Training stopped on an unexpected error: (?P<error>.+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Training stopped on an unexpected error: {error}",
        ),
    ),
    (
        r"Training ended in an unknown state \((?P<state>.*)\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Training ended in an unknown state ({state}).",
        ),
    ),
)
