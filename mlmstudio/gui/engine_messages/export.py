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
)
