"""History's details pane: the selected run's name, status and message, its notes and tags.

The pane only shows and asks. It draws the one run it is given
(``show_run``) and, when the user saves, says what changed
(``save_requested``); the page saves it through the store's services and,
once the run list has the new summary, draws the pane again. Failures from
anywhere on the page land here too (``show_problem``), in red, so the page
stays usable.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.engine.learned_too_little import advice
from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import translate
from mlmstudio.gui.imported_model import origin_lines
from mlmstudio.gui.runs_table_model import status_label, two_decimals
from mlmstudio.gui.theme import message_color
from mlmstudio.gui.widgets.grammar_plot import GrammarPlot
from mlmstudio.store.loss_before_after import BeforeAfter
from mlmstudio.store.records import RunSummary

ERROR_COLOR = "#CC3311"


class DetailsPane(QWidget):
    """The notes and tags of one run; a count when several are selected."""

    # run id, the new notes (None: unchanged), the new tags (None: unchanged)
    save_requested = Signal(str, object, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._run: RunSummary | None = None
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.notes_edit = QPlainTextEdit()
        self.notes_edit.setPlaceholderText(
            translate("DetailsPane", "Notes about this run: what you tried, what you saw.")
        )
        self.tags_edit = QLineEdit()
        self.tags_edit.setPlaceholderText(translate("DetailsPane", "baseline, 30% masking, …"))
        self.tags_edit.setToolTip(translate("DetailsPane", "Tags separated by commas"))
        self.save_button = QPushButton(translate("DetailsPane", "Save notes and tags"))
        self.grammar = GrammarPlot()  # the run's grammar check-ups, given by the page (show_grammar)
        self.grammar.export_failed.connect(self.show_problem)
        # Labels above their fields, so the pane can be narrow and leave the table its columns; the
        # whole pane scrolls, so a long title, an error or the grammar plot is never cut off.
        inner = QWidget()
        form = QVBoxLayout(inner)
        form.setContentsMargins(6, 0, 0, 0)
        for widget in (
            self.title,
            self.message,
            QLabel(translate("DetailsPane", "Notes:")),
            self.notes_edit,
            QLabel(translate("DetailsPane", "Tags:")),
            self.tags_edit,
        ):
            form.addWidget(widget)
        form.addWidget(self.save_button, 0, Qt.AlignmentFlag.AlignRight)
        form.addWidget(self.grammar, 2)
        # A few lines of notes, as before; the grammar plot takes the rest of the height.
        self.notes_edit.setMaximumHeight(self.notes_edit.fontMetrics().lineSpacing() * 8)
        self.scroll = QScrollArea()
        self.scroll.setAccessibleName(translate("DetailsPane", "Run details"))
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setWidget(inner)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.scroll)
        self.setMinimumWidth(200)
        self.save_button.clicked.connect(self._on_save_clicked)

    def show_run(self, run: RunSummary | None, count: int, before_after: BeforeAfter | None = None) -> None:
        """Show ``run``, or with None the number of runs selected (``count``, maybe 0).

        ``before_after``: the held-out loss of the model a continued run started from, and its newest.
        """
        self._run = run
        editable = run is not None
        for widget in (self.notes_edit, self.tags_edit, self.save_button):
            widget.setEnabled(editable)
        self.message.clear()
        if run is None:
            self.title.setText(
                "<b>{}</b>".format(escape(translate("DetailsPane", "%Ln run(s) selected", None, count)))
                if count
                else translate("DetailsPane", "Select a run to see its notes and tags.")
            )
            self.notes_edit.setPlainText("")
            self.tags_edit.setText("")
            return
        lines = [
            f"<b>{escape(run.name)}</b>",
            escape(
                translate("DetailsPane", "id {id} · {status}").format(id=run.id, status=_status(run))
                + (f" · {run.corpus_name}" if run.corpus_name else "")
            ),
        ]
        lines += [escape(line) for line in origin_lines(run)]  # an opened model: where it came from
        if before_after is not None and before_after.before is not None:
            lines.append(
                escape(
                    translate(
                        "DetailsPane",
                        "Held-out loss {before} → {after}: the model it started from, "
                        "then after continued pretraining",
                    ).format(before=two_decimals(before_after.before), after=two_decimals(before_after.after))
                )
            )
        if run.missing_files:
            lines.append(
                escape(
                    translate("DetailsPane", "Missing files: {files}").format(
                        files=", ".join(run.missing_files)
                    )
                )
            )
        lines += [
            escape(translated(said)) for said in [advice(run.final_metrics)] if said
        ]  # learned too little
        self.title.setText("<br>".join(lines))
        if run.message:
            self.message.setText(escape(run.message))
        self.notes_edit.setPlainText(run.notes)
        self.tags_edit.setText(", ".join(run.tags))

    def show_grammar(self, curves) -> None:
        """The shown run's grammar accuracies per paradigm against step (``grammar_curves``)."""
        self.grammar.show_curves(curves)

    @Slot(str)
    def show_problem(self, text: str) -> None:
        """A failure, in red, until the next run is shown."""
        self.message.setText(
            f"<span style='color:{message_color('error', QGuiApplication.palette())}'>{escape(text)}</span>"
        )

    def edited_tags(self) -> list[str]:
        """The tags typed, without blanks or repeats, in their order."""
        return list(
            dict.fromkeys(t for t in (part.strip() for part in self.tags_edit.text().split(",")) if t)
        )

    @Slot()
    def _on_save_clicked(self) -> None:
        run = self._run
        if run is None:
            return
        # Read both fields first: saving the notes draws the pane again from the history.
        notes = self.notes_edit.toPlainText()
        tags = self.edited_tags()
        self.save_requested.emit(
            run.id,
            notes if notes != run.notes else None,
            tags if sorted(tags) != sorted(run.tags) else None,
        )


def _status(run: RunSummary) -> str:
    """The run's status as the table shows it ("files missing" when its files are gone)."""
    shown = str(run.display_status)
    return translate("DetailsPane", "files missing") if shown == "files missing" else status_label(shown)


def escape(text: str) -> str:
    """Plain text shown in a rich-text label."""
    return html.escape(text, quote=False)
