"""The app's settings file: where QSettings keeps it, and whether its bytes are sound, without the GUI.

The app reads and writes it through ``gui/settings.py`` (QSettings' INI format
in the user scope: window, recent corpora, the last recipe, measured step
times). A file cut short, with garbage appended or in another encoding makes
Qt read what it can and then refuse to write the file again (``FormatError``),
so every later change would be lost in silence. ``file_problem`` says what is
wrong in words; the app repairs the file at start (``gui/settings.py``) and
``mlmstudio doctor`` reports it, since the command line may not import the GUI.
No Qt is imported here except QtCore, and only to ask where the file is.
"""

from __future__ import annotations

from pathlib import Path

ORGANIZATION = "MLM Studio"
APPLICATION = "MLM Studio"
REPAIR_NOTE = (
    "The app sets it aside at its next start, keeps every setting that still reads and starts the "
    "others from their defaults; or move it aside yourself."
)


def settings_path() -> Path | None:
    """The settings file this process would use (``use_settings_dir`` moves it); None without Qt."""
    try:
        from PySide6.QtCore import QSettings
    except ImportError:
        return None
    scope = QSettings.Scope.UserScope
    return Path(QSettings(QSettings.Format.IniFormat, scope, ORGANIZATION, APPLICATION).fileName())


def file_problem(path: Path) -> str | None:
    """What is wrong with the INI file at ``path``, in words; None when sound, empty or absent."""
    if not path.exists() and not path.is_symlink():
        return None
    if not path.is_file():
        return "it is a folder or a broken link, not a file"
    try:
        data = path.read_bytes()
    except OSError as exc:
        return f"it cannot be read ({exc.strerror or exc})"
    if not data:
        return None
    lines = data.split(b"\n")
    if lines[-1]:  # Qt ends every file with a newline
        return f"its last line ({len(lines)}) is cut short"
    for number, line in enumerate(lines[:-1], start=1):
        try:
            text = line.decode("utf-8").strip()
        except UnicodeDecodeError:
            return f"line {number} holds bytes that are not text"
        if "\x00" in text:
            return f"line {number} holds a NUL byte"
        if text and not text.startswith((";", "#")) and "=" not in text:
            if not (text.startswith("[") and text.endswith("]")):
                return f"line {number} is neither a [section] nor a key=value"
    return None
