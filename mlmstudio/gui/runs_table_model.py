"""The History table's data: one row per run, sortable and filterable.

Model/view rather than a widget per row, so the History page stays fast with
thousands of runs: every cell's text and sort key is computed once when the
runs are loaded, and `data()` only looks them up.
"""

from __future__ import annotations

import datetime as _dt
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QGuiApplication

from mlmstudio.engine.run_status import RunStatus
from mlmstudio.gui.i18n import date_time_text, number, translate
from mlmstudio.gui.imported_model import run_kind
from mlmstudio.gui.perplexity import format_perplexity, perplexity
from mlmstudio.gui.run_colors import assign_run_colours, run_color
from mlmstudio.gui.theme import message_color
from mlmstudio.store.loss_before_after import BeforeAfter

RUN_ID_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2

ALL = ""  # the "any" choice of the tag and status filters

Index = QModelIndex | QPersistentModelIndex


def config_value(run: Any, section: str, key: str, default: Any = None) -> Any:
    """A setting from a run's configuration, whether it is a RunConfig or a plain dict."""
    config = getattr(run, "config", None)
    if config is None:
        return default
    part = config.get(section, {}) if isinstance(config, dict) else getattr(config, section, None)
    if part is None:
        return default
    return part.get(key, default) if isinstance(part, dict) else getattr(part, key, default)


def metric_value(run: Any, name: str) -> float | None:
    """A final metric of a run, or None when the run has not reported it."""
    for attr in ("final_metrics", "metrics"):
        metrics = getattr(run, attr, None)
        if isinstance(metrics, dict) and name in metrics and metrics[name] is not None:
            value = float(metrics[name])
            return None if math.isnan(value) else value
    value = getattr(run, name, None)
    return None if value is None else float(value)


def files_missing(run: Any) -> bool:
    return bool(getattr(run, "missing_files", ()))


def _fmt_time(value: Any) -> tuple[str, Any]:
    if isinstance(value, _dt.datetime):
        # Stored in UTC; shown in the user's local time.
        local = value.astimezone() if value.tzinfo else value
        return _short_time(local), value.timestamp()
    if isinstance(value, (int, float)):
        return _short_time(_dt.datetime.fromtimestamp(value)), float(value)
    return (str(value) if value else ""), str(value or "")


def _short_time(moment: _dt.datetime) -> str:
    """``Dec 02 14:05`` this year, ``2025-12-02 14:05`` before: narrow, and still unambiguous.

    In the app's language: the patterns are translated (German "2. Dez. 14:05", "02.12.2025 14:05")
    and the month's name comes from its locale.
    """
    if moment.year == _dt.datetime.now().year:
        pattern = translate("RunsTableModel", "MMM dd HH:mm", "a date and time this year (QDateTime pattern)")
    else:
        pattern = translate(
            "RunsTableModel", "yyyy-MM-dd HH:mm", "a date and time of another year (QDateTime pattern)"
        )
    return date_time_text(moment, pattern)


def _fmt_float(value: float | None, fmt: str) -> tuple[str, Any]:
    return ("—" if value is None else number(value, fmt)), value


@dataclass(frozen=True)
class Column:
    title: str  # English, the key of COLUMN_INDEX; shown translated (headerData)
    cell: Callable[[Any], tuple[str, Any]]  # run -> (text shown, sort key)
    tooltip: str = ""
    numeric: bool = False
    # Off at first so the table fits a 1280-px screen; the header's context menu shows it.
    hidden_at_first: bool = False


def _size(run: Any) -> tuple[str, Any]:
    d = config_value(run, "model", "d_model")
    layers = config_value(run, "model", "num_layers")
    if d is None or layers is None:
        return "", None
    return f"{layers}×{d}", int(d) * int(layers)


def _tokenizer(run: Any) -> tuple[str, Any]:
    kind = config_value(run, "tokenizer", "kind", "")
    if not kind:
        return "", ""
    # The vocabulary the run really has (a small corpus gives far fewer entries than the cap);
    # until the run reports it, the configured cap as an upper bound.
    real = metric_value(run, "vocab_size")
    if real is not None:
        return f"{kind} {int(real)}", f"{kind} {int(real):08d}"
    cap = config_value(run, "tokenizer", "vocab_size")
    if kind == "char":  # its vocabulary is the corpus's characters: no cap applies
        return kind, kind
    return f"{kind} ≤{cap}" if cap else kind, f"{kind} {int(cap or 0):08d}"


def _masking(run: Any) -> tuple[str, Any]:
    rate = config_value(run, "masking", "mlm_probability")
    strategy = config_value(run, "masking", "strategy", "")
    if rate is None:
        return "", None
    suffix = "" if strategy in ("token", "") else f" {strategy}"
    return f"{number(rate, '.0%')}{suffix}", float(rate)


# Shown translated; the English value stays the sort key and the filter's data.
STATUS_LABELS = {
    "queued": QT_TRANSLATE_NOOP("RunsTableModel", "queued"),
    "running": QT_TRANSLATE_NOOP("RunsTableModel", "running"),
    "paused": QT_TRANSLATE_NOOP("RunsTableModel", "paused"),
    "completed": QT_TRANSLATE_NOOP("RunsTableModel", "completed"),
    "stopped": QT_TRANSLATE_NOOP("RunsTableModel", "stopped"),
    "failed": QT_TRANSLATE_NOOP("RunsTableModel", "failed"),
    "interrupted": QT_TRANSLATE_NOOP("RunsTableModel", "interrupted"),
}
KIND_LABELS = {
    "trained": QT_TRANSLATE_NOOP("RunsTableModel", "trained"),
    "imported": QT_TRANSLATE_NOOP("RunsTableModel", "imported"),
}


def status_label(status: str) -> str:
    """A run status as the user reads it (the stored value when it has no label)."""
    return translate("RunsTableModel", STATUS_LABELS[status]) if status in STATUS_LABELS else status


def _kind(run: Any) -> tuple[str, Any]:
    kind = run_kind(run)
    return (translate("RunsTableModel", KIND_LABELS[kind]) if kind in KIND_LABELS else kind), kind


def _status(run: Any) -> tuple[str, Any]:
    status = str(getattr(run, "status", ""))
    shown = status_label(status)
    if files_missing(run):
        shown = translate("RunsTableModel", "{status} (files missing)").format(status=shown)
    return shown, status


def _steps(run: Any) -> tuple[str, Any]:
    planned = config_value(run, "training", "steps")
    done = getattr(run, "last_step", None)
    if planned is None:
        return "", None
    timed = float(config_value(run, "training", "time_budget", 0.0) or 0.0) > 0
    if done is not None and (timed or getattr(run, "status", None) == RunStatus.COMPLETED):
        # A completed run trained what it was meant to; under a time budget the step count is only a cap.
        return number(int(done)), int(done)
    if done is not None and int(done) != int(planned):
        return f"{number(int(done))} / {number(int(planned))}", int(done)
    return number(int(planned)), int(planned)


def before_after_text(loss: BeforeAfter) -> str:
    """'3.91 → 2.47' for a run started from a model (two decimals keep the column narrow)."""
    return f"{two_decimals(loss.before)} → {two_decimals(loss.after)}"


def two_decimals(value: float | None) -> str:
    return "—" if value is None or not math.isfinite(value) else number(value, ".2f")


def _perplexity(run: Any) -> tuple[str, Any]:
    value = perplexity(metric_value(run, "val_loss"))
    return format_perplexity(value), value


COLUMNS: tuple[Column, ...] = (
    Column(
        QT_TRANSLATE_NOOP("RunsTableModel", "Name"),
        lambda r: (str(getattr(r, "name", "")), str(getattr(r, "name", "")).lower()),
        QT_TRANSLATE_NOOP("RunsTableModel", "The run's name (double-click to rename)"),
    ),
    Column(
        QT_TRANSLATE_NOOP("RunsTableModel", "Status"),
        _status,
        QT_TRANSLATE_NOOP("RunsTableModel", "queued, running, completed, stopped, failed or interrupted"),
    ),
    Column(
        QT_TRANSLATE_NOOP("RunsTableModel", "Kind"),
        _kind,
        QT_TRANSLATE_NOOP(
            "RunsTableModel",
            "trained here, or imported: a model opened from a transformers folder or the Hugging Face cache",
        ),
    ),
    Column(
        QT_TRANSLATE_NOOP("RunsTableModel", "Created"),
        lambda r: _fmt_time(getattr(r, "created_at", None)),
        QT_TRANSLATE_NOOP("RunsTableModel", "When the run was created"),
    ),
    # The results first, then the settings: on a small screen what a run achieved stays in view.
    Column(
        QT_TRANSLATE_NOOP("RunsTableModel", "Val loss"),
        lambda r: _fmt_float(metric_value(r, "val_loss"), ".3f"),
        QT_TRANSLATE_NOOP(
            "RunsTableModel",
            "Final held-out loss at fixed 15% masking (lower is better); for a run started from a "
            "model, the model's own loss before → after",
        ),
        numeric=True,
    ),
    Column(
        QT_TRANSLATE_NOOP("RunsTableModel", "Val acc"),
        lambda r: _fmt_float(metric_value(r, "val_accuracy"), ".1%"),
        QT_TRANSLATE_NOOP("RunsTableModel", "Final held-out masked-token accuracy (higher is better)"),
        numeric=True,
    ),
    Column(
        QT_TRANSLATE_NOOP("RunsTableModel", "Perplexity"),
        _perplexity,
        QT_TRANSLATE_NOOP(
            "RunsTableModel",
            "Final held-out perplexity, e^(val loss): the model is as unsure "
            "as if it were choosing evenly among this many tokens (lower is better)",
        ),
        numeric=True,
        hidden_at_first=True,
    ),
    Column(
        QT_TRANSLATE_NOOP("RunsTableModel", "Steps"),
        _steps,
        QT_TRANSLATE_NOOP(
            "RunsTableModel", "Steps trained (of the steps planned, for a run that has not completed)"
        ),
        numeric=True,
    ),
    Column(
        QT_TRANSLATE_NOOP("RunsTableModel", "Tokenizer"),
        _tokenizer,
        QT_TRANSLATE_NOOP(
            "RunsTableModel", "Tokenizer kind and the vocabulary it learned (≤ the cap while it trains)"
        ),
    ),
    Column(
        QT_TRANSLATE_NOOP("RunsTableModel", "Masking"),
        _masking,
        QT_TRANSLATE_NOOP("RunsTableModel", "Share of tokens masked in training, and the strategy"),
        numeric=True,
    ),
    Column(
        QT_TRANSLATE_NOOP("RunsTableModel", "Size"),
        _size,
        QT_TRANSLATE_NOOP("RunsTableModel", "Layers × width of the model"),
        numeric=True,
    ),
    Column(
        QT_TRANSLATE_NOOP("RunsTableModel", "Arch"),
        lambda r: (str(config_value(r, "model", "arch", "")),) * 2,
        QT_TRANSLATE_NOOP(
            "RunsTableModel", "Model architecture: modern (fast) or seed (the tutorial's, exportable)"
        ),
        hidden_at_first=True,
    ),
    Column(
        QT_TRANSLATE_NOOP("RunsTableModel", "Tags"),
        lambda r: (", ".join(getattr(r, "tags", []) or []),) * 2,
        QT_TRANSLATE_NOOP("RunsTableModel", "Tags of the run"),
        hidden_at_first=True,
    ),
)

COLUMN_INDEX = {c.title: i for i, c in enumerate(COLUMNS)}

_FAILED = {RunStatus.FAILED}
_ATTENTION = {RunStatus.INTERRUPTED, RunStatus.STOPPED}


class RunsTableModel(QAbstractTableModel):
    """Runs as rows, key configuration and final metrics as columns."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._runs: list[Any] = []
        self._cells: list[list[tuple[str, Any]]] = []
        self._haystacks: list[str] = []
        self._rows_by_id: dict[str, int] = {}
        # Held-out loss before -> after of the runs started from a model (store/loss_before_after.py).
        self._losses: dict[str, BeforeAfter] = {}

    # -- loading ------------------------------------------------------------

    def set_runs(self, runs: Sequence[Any], losses: Mapping[str, BeforeAfter] | None = None) -> None:
        """Show ``runs``; ``losses`` are their held-out losses before -> after (None: keep those known)."""
        self.beginResetModel()
        self._runs = list(runs)
        if losses is not None:
            self._losses = {run_id: loss for run_id, loss in losses.items() if loss.before is not None}
        self._cells = [self._compute(run) for run in self._runs]
        self._haystacks = [
            self._haystack(run, cells) for run, cells in zip(self._runs, self._cells, strict=True)
        ]
        self._rows_by_id = {str(run.id): row for row, run in enumerate(self._runs)}
        # Every page draws runs in the colours of this one listing: unique, oldest first.
        oldest_first = sorted(self._runs, key=lambda run: (str(getattr(run, "created_at", "")), str(run.id)))
        assign_run_colours(str(run.id) for run in oldest_first)
        self.endResetModel()

    def update_run(self, run: Any) -> None:
        """Replace one run's row in place (after a rename, a note, a tag)."""
        row = self._rows_by_id.get(str(run.id))
        if row is None:
            return
        self._runs[row] = run
        self._cells[row] = self._compute(run)
        self._haystacks[row] = self._haystack(run, self._cells[row])
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))

    def _compute(self, run: Any) -> list[tuple[str, Any]]:
        cells = [column.cell(run) for column in COLUMNS]
        loss = self._losses.get(str(run.id))
        if loss is not None:  # started from a model: its own loss, then the newest
            cells[COLUMN_INDEX["Val loss"]] = (before_after_text(loss), loss.after)
        return cells

    @staticmethod
    def _haystack(run: Any, cells: list[tuple[str, Any]]) -> str:
        parts = [str(run.id), str(getattr(run, "notes", "") or "")] + [text for text, _ in cells]
        return "\n".join(parts).lower()

    # -- lookups ------------------------------------------------------------

    def runs(self) -> list[Any]:
        return list(self._runs)

    def run_at(self, row: int) -> Any:
        return self._runs[row]

    def row_of(self, run_id: str) -> int | None:
        return self._rows_by_id.get(run_id)

    def haystack(self, row: int) -> str:
        return self._haystacks[row]

    def before_after(self, run_id: str) -> BeforeAfter | None:
        """The held-out loss before -> after of a run started from a model; None for any other run."""
        return self._losses.get(run_id)

    def all_tags(self) -> list[str]:
        return sorted({tag for run in self._runs for tag in (getattr(run, "tags", []) or [])})

    def all_statuses(self) -> list[str]:
        return sorted({str(getattr(run, "status", "")) for run in self._runs} - {""})

    # -- Qt model interface -------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self._runs)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,  # noqa: N802
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return translate("RunsTableModel", COLUMNS[section].title)
        if role == Qt.ItemDataRole.ToolTipRole:
            return translate("RunsTableModel", COLUMNS[section].tooltip)
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, col = index.row(), index.column()
        text, key = self._cells[row][col]
        if role == Qt.ItemDataRole.DisplayRole:
            return text
        if role == SORT_ROLE:
            return key
        if role == RUN_ID_ROLE:
            return str(self._runs[row].id)
        if role == Qt.ItemDataRole.TextAlignmentRole and COLUMNS[col].numeric:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.DecorationRole and col == 0:
            return run_color(str(self._runs[row].id))
        if role == Qt.ItemDataRole.ForegroundRole and col == COLUMN_INDEX["Status"]:
            status = str(getattr(self._runs[row], "status", ""))
            if status in _FAILED or files_missing(self._runs[row]):
                return QBrush(QColor(message_color("error", QGuiApplication.palette())))
            if status in _ATTENTION:
                return QBrush(QColor(message_color("warning", QGuiApplication.palette())))
        if role == Qt.ItemDataRole.ToolTipRole:
            run = self._runs[row]
            loss = self._losses.get(str(run.id))
            if loss is not None and col == COLUMN_INDEX["Val loss"]:
                return translate(
                    "RunsTableModel",
                    "Held-out loss of the model it started from (step 0): {before}\n"
                    "after continued pretraining: {after}",
                ).format(before=_precise(loss.before), after=_precise(loss.after))
            notes = str(getattr(run, "notes", "") or "")
            tip = f"{getattr(run, 'name', '')}  ({run.id})"
            return f"{tip}\n{notes}" if notes else tip
        return None


def _precise(value: float | None) -> str:
    return "—" if value is None or not math.isfinite(value) else number(value, ".4f")


class RunsFilterProxy(QSortFilterProxyModel):
    """Filters by free text, tag and status; sorts by each column's sort key, blanks last."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._text = ""
        self._tag = ALL
        self._status = ALL
        self.setSortRole(SORT_ROLE)
        self.setDynamicSortFilter(True)

    def set_text_filter(self, text: str) -> None:
        self.beginFilterChange()
        self._text = text.strip().lower()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_tag_filter(self, tag: str) -> None:
        self.beginFilterChange()
        self._tag = tag
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_status_filter(self, status: str) -> None:
        self.beginFilterChange()
        self._status = status
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:  # noqa: N802
        model = self.sourceModel()
        if not isinstance(model, RunsTableModel):
            return True
        run = model.run_at(source_row)
        if self._status and str(getattr(run, "status", "")) != self._status:
            return False
        if self._tag and self._tag not in (getattr(run, "tags", []) or []):
            return False
        if self._text:
            haystack = model.haystack(source_row)
            return all(word in haystack for word in self._text.split())
        return True

    def lessThan(self, left: Index, right: Index) -> bool:  # noqa: N802
        a = left.data(SORT_ROLE)
        b = right.data(SORT_ROLE)
        # Blanks sort after values in ascending order.
        if a is None or a == "":
            return False
        if b is None or b == "":
            return True
        try:
            return a < b
        except TypeError:
            return str(a) < str(b)

    def run_id_at(self, proxy_row: int) -> str:
        return str(self.index(proxy_row, 0).data(RUN_ID_ROLE))
