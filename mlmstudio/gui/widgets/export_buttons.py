"""'Save picture…' and 'Save numbers…' for any view: a PNG of what is drawn, CSV or JSON of the numbers.

Every Explore view offers the same two buttons, so they live here once. A view
hands ``ExportButtons`` the widget to picture and a function that returns its
numbers (``Numbers``: rows for CSV and a JSON-able value, or texts it already
writes itself), and says when there is something to save (``set_available``).
The file dialog asks before replacing a file (Qt's own overwrite question)
and adds the extension of the chosen type; a write that fails (a read-only
folder, a full disk) becomes a sentence through the view's ``report_error``,
never a traceback. Each file is written to a temporary name beside it and
renamed (``engine.atomic_file``), so a crash or a full disk mid-write leaves
the old file or the new one, never half of either. The numbers are a few
kilobytes and the picture a few hundred, so they are written on the GUI thread.

Adopting it in a new view takes three lines::

    self.export = ExportButtons(self.plot, self.numbers, name="attention",
                                report_error=self.host.show_error)
    row.addWidget(self.export)          # the two buttons, side by side
    self.export.set_available(True)     # once an answer is drawn

``save_picture(widget, path)`` and ``write_numbers(path, numbers)`` do the
writing without a dialog (scripts and tests); they raise ``ExportWriteError``,
whose text is the sentence.
"""

from __future__ import annotations

import csv
import errno
import io
import json
import math
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QBuffer, QIODevice, Signal
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QPushButton, QWidget

from mlmstudio.engine.atomic_file import atomic_write_bytes, atomic_write_text
from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import translate

# English sources (translated in the file dialog): suffix -> the dialog's filter.
PICTURE_TYPES = {"png": QT_TRANSLATE_NOOP("ExportButtons", "PNG image (*.png)")}
NUMBER_TYPES = {
    "csv": QT_TRANSLATE_NOOP("ExportButtons", "CSV table (*.csv)"),
    "json": QT_TRANSLATE_NOOP("ExportButtons", "JSON (*.json)"),
}


class ExportWriteError(OSError):
    """A file could not be written; ``str()`` is the sentence for the user."""


@dataclass
class Numbers:
    """The numbers behind a view: CSV rows (one dict per row) and a JSON value.

    ``csv_text`` / ``json_text``, when given, are written as they are (a view whose
    engine already writes its own formats); otherwise the rows and ``data`` are.
    """

    rows: list[Mapping[str, Any]] = field(default_factory=list)
    data: Any = None
    csv_text: str | None = None
    json_text: str | None = None

    def as_csv(self) -> str:
        if self.csv_text is not None:
            return self.csv_text
        columns: dict[str, None] = {}
        for row in self.rows:
            columns.update(dict.fromkeys(row))
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=list(columns), lineterminator="\n")
        writer.writeheader()
        for row in self.rows:
            writer.writerow({k: _plain(v) for k, v in row.items()})
        return out.getvalue()

    def as_json(self) -> str:
        if self.json_text is not None:
            return self.json_text
        value = self.data if self.data is not None else [dict(r) for r in self.rows]
        return json.dumps(_finite(value), indent=2, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------------------
# Writing (no dialog)
# ---------------------------------------------------------------------------


def save_picture(widget: QWidget, path: str | os.PathLike) -> Path:
    """The widget as drawn now (all of it, scrolled-away parts too) as a PNG file."""
    path = Path(path)
    _check_folder(path)
    pixmap = widget.grab()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if pixmap.isNull() or not pixmap.save(buffer, "PNG"):
        raise ExportWriteError(_sentence(path, translate("ExportButtons", "the image could not be written")))
    try:
        atomic_write_bytes(path, bytes(buffer.data()))
    except OSError as exc:
        raise ExportWriteError(_sentence(path, _why_not_writable(path) or _reason(exc))) from exc
    return path


def write_numbers(path: str | os.PathLike, numbers: Numbers) -> Path:
    """CSV or JSON by the file's extension (.json is JSON, anything else CSV)."""
    path = Path(path)
    text = numbers.as_json() if path.suffix.lower() == ".json" else numbers.as_csv()
    _check_folder(path)
    try:
        atomic_write_text(path, text)
    except OSError as exc:
        raise ExportWriteError(_sentence(path, _reason(exc))) from exc
    return path


def _check_folder(path: Path) -> None:
    if not path.name:
        raise ExportWriteError(translate("ExportButtons", "Choose a file name to save to."))
    if not path.parent.is_dir():
        raise ExportWriteError(_sentence(path, translate("ExportButtons", "its folder does not exist")))


def _why_not_writable(path: Path) -> str:
    if not os.access(path.parent, os.W_OK):
        return translate("ExportButtons", "the folder is read-only")
    if path.exists() and not os.access(path, os.W_OK):
        return translate("ExportButtons", "the file is read-only")
    try:
        if os.statvfs(path.parent).f_bavail == 0:
            return translate("ExportButtons", "the disk is full")
    except (OSError, AttributeError):  # no statvfs on Windows
        pass
    return ""


def _reason(exc: OSError) -> str:
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return translate("ExportButtons", "the disk is full")
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return (
            translate("ExportButtons", "the folder or file is read-only")
            if exc.errno != errno.EROFS
            else translate("ExportButtons", "the disk is read-only")
        )
    if exc.errno == errno.EISDIR:
        return translate("ExportButtons", "a folder has that name")
    return translated(str(exc.strerror or exc))  # the system's own words, in the user's language


def _sentence(path: Path, reason: str) -> str:
    return translate(
        "ExportButtons", "Could not save {name} in {folder}: {reason}. Choose another folder or name."
    ).format(name=path.name, folder=path.parent, reason=reason)


def _plain(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return ""
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    return value


def _finite(value: Any) -> Any:
    """JSON has no NaN or infinity: they become null."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, Mapping):
        return {str(k): _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


# ---------------------------------------------------------------------------
# The dialog and the buttons
# ---------------------------------------------------------------------------

_last_folder: dict[str, str] = {}  # where the user last saved, this session


def choose_save_path(parent: QWidget, title: str, default_name: str, types: Mapping[str, str]) -> str | None:
    """Ask for a file to save to; None when cancelled. The dialog confirms an overwrite itself.

    Tests replace this function (``export_buttons.choose_save_path = ...``).
    """
    dialog = QFileDialog(
        parent,
        title,
        str(Path(_last_folder.get("dir", str(Path.home()))) / default_name),
        ";;".join(translate("ExportButtons", shown) for shown in types.values()),
    )
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile)
    suffixes = {translate("ExportButtons", shown): suffix for suffix, shown in types.items()}
    dialog.setDefaultSuffix(next(iter(types)))  # a name typed without one gets the chosen type's
    dialog.filterSelected.connect(lambda chosen: dialog.setDefaultSuffix(suffixes.get(chosen, "")))
    if not dialog.exec() or not dialog.selectedFiles():
        return None
    path = dialog.selectedFiles()[0]
    _last_folder["dir"] = str(Path(path).parent)
    return path


class ExportButtons(QWidget):
    """The two save buttons of one view, disabled until it has something to save."""

    saved = Signal(str)  # the path written (tests and the status bar)

    def __init__(
        self,
        view: QWidget | Callable[[], QWidget],
        numbers: Callable[[], Numbers | None],
        *,
        name: str,
        report_error: Callable[[str], None],
        number_types: Iterable[str] = ("csv", "json"),
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._view = view
        self._numbers = numbers
        self.name = name
        self._report_error = report_error
        self._number_types = {k: NUMBER_TYPES[k] for k in number_types}
        self.picture_button = QPushButton(translate("ExportButtons", "Save picture…"))
        self.picture_button.setToolTip(translate("ExportButtons", "Save this view as a PNG image."))
        self.numbers_button = QPushButton(translate("ExportButtons", "Save numbers…"))
        kinds = [k.upper() for k in self._number_types]
        self.numbers_button.setToolTip(
            translate("ExportButtons", "Save the numbers behind this view as {first} or {second}.").format(
                first=kinds[0], second=kinds[1]
            )
            if len(kinds) == 2
            else translate("ExportButtons", "Save the numbers behind this view as {kind}.").format(
                kind=", ".join(kinds)
            )
        )
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.picture_button)
        layout.addWidget(self.numbers_button)
        self.picture_button.clicked.connect(self._on_save_picture)
        self.numbers_button.clicked.connect(self._on_save_numbers)
        self.set_available(False)

    def set_available(self, available: bool) -> None:
        self.picture_button.setEnabled(available)
        self.numbers_button.setEnabled(available)

    def view(self) -> QWidget:
        return self._view() if callable(self._view) and not isinstance(self._view, QWidget) else self._view

    # What the buttons do, without a dialog: True when written, else the sentence was reported.
    def save_picture(self, path: str | os.PathLike) -> bool:
        return self._write(lambda: save_picture(self.view(), path))

    def save_numbers(self, path: str | os.PathLike) -> bool:
        numbers = self._numbers()
        if numbers is None:
            self._report_error(
                translate("ExportButtons", "There is nothing to save yet: ask the model first.")
            )
            return False
        return self._write(lambda: write_numbers(path, numbers))

    def _write(self, write: Callable[[], Path]) -> bool:
        try:
            path = write()
        except ExportWriteError as exc:
            self._report_error(str(exc))
            return False
        except OSError as exc:
            self._report_error(
                translate(
                    "ExportButtons", "Could not save the file: {reason}. Choose another folder or name."
                ).format(reason=_reason(exc))
            )
            return False
        self.saved.emit(str(path))
        return True

    def _on_save_picture(self) -> None:
        path = choose_save_path(
            self, translate("ExportButtons", "Save picture"), f"{self.name}.png", PICTURE_TYPES
        )
        if path:
            self.save_picture(path)

    def _on_save_numbers(self) -> None:
        first = next(iter(self._number_types))
        path = choose_save_path(
            self, translate("ExportButtons", "Save numbers"), f"{self.name}.{first}", self._number_types
        )
        if path:
            self.save_numbers(path)
