"""Arguments that are not UTF-8: fine as file names, refused as text.

On POSIX, Python turns bytes of ``argv`` that are not valid in the locale's
encoding into lone surrogates ("surrogateescape"). Such a string still names
the same file, so paths keep them. As text (a run name, a note, a search, the
sentence to fill) they cannot be stored in SQLite or fed to a tokenizer, and
end in a ``UnicodeEncodeError``; those are refused here with a sentence.
"""

from __future__ import annotations

import argparse
from typing import Any

from mlmstudio.config import ConfigError
from mlmstudio.unicode_text import is_text

# Destinations that hold paths (or a path-or-run-id, looked up safely): their bytes pass through.
# The one list for every command: tests/cli/test_non_utf8_paths.py checks that each argument whose
# metavar names a file or folder is in it, so a new command cannot refuse a Latin-1 file name.
PATH_DESTS = frozenset(
    {"corpus", "config", "out", "save_config", "data_dir", "model", "file", "dir", "csv"}
    | {"capsule", "folder", "html", "png", "probes", "source"}
    | {"add_words_file", "against", "suite"}
)


def check_text_arguments(args: argparse.Namespace) -> None:
    """Raise ConfigError naming the first text argument that holds bytes that are not UTF-8."""
    for dest, value in vars(args).items():
        if dest in PATH_DESTS or dest == "func":
            continue
        for item in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(item, str) and not is_text(item):
                raise ConfigError(
                    f"The {_shown_name(dest)} argument {shown(item)} holds bytes that are not UTF-8 "
                    "text. Type it again in UTF-8 (or use a UTF-8 locale)."
                )


def shown(value: Any) -> str:
    """``value`` printable on any terminal: undecodable bytes as \\xNN."""
    text = str(value).encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return f"'{text}'"


def os_error_sentence(exc: OSError) -> str:
    """An operating-system error as one sentence: what, on which path (clipped), what to do."""
    what = exc.strerror or str(exc)
    where = ""
    if exc.filename is not None:
        name = shown(exc.filename)
        where = f": {name if len(name) <= 160 else name[:150] + '…' + name[-8:]}"
    return f"{what}{where}. Check the path and the permissions."


def _shown_name(dest: str) -> str:
    return dest.split("__")[-1].replace("_", "-")
