"""Setup's "Run elsewhere…": write a run capsule for other machines, and say what to expect.

The dialog asks where the run should train (nodes x processes, the first
node's address), whether the corpus travels inside the capsule, and whether
to add a Slurm script; it writes the capsule off the GUI thread
(engine/capsule.py trains the tokenizer, which takes a moment on a large
corpus) and then shows the command each node runs. While the user chooses,
it says plainly what speed-up to expect: a few training steps of this model
are timed on this computer once, and the gradient exchange over ordinary
Ethernet is added for the plan on screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.config import RunConfig
from mlmstudio.gui.background import TaskRunner, user_message
from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import translate
from mlmstudio.gui.theme import MessageLabel

if TYPE_CHECKING:
    from mlmstudio.engine.capsule import Capsule, LaunchPlan

INTRO = QT_TRANSLATE_NOOP(
    "CapsuleDialog",
    "A run capsule is a folder with everything this run needs: its settings, its text, its "
    "tokenizer and a launch.sh that starts it with torchrun. Copy it to the machines, run "
    "launch.sh on each, and bring the finished run back with History → Import folder….",
)


class CapsuleDialog(QDialog):
    """Write a run capsule for ``config``; ``written`` with the Capsule when done."""

    written = Signal(object)
    failed = Signal(str)
    estimated = Signal(str)  # the speed-up sentence, once the step time is known

    def __init__(self, config: RunConfig, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("CapsuleDialog", "Run elsewhere"))
        self.config = config
        self.runner = TaskRunner(self)
        self._step_seconds: float | None = None
        self._param_count: int | None = None

        intro = QLabel(translate("CapsuleDialog", INTRO))
        intro.setWordWrap(True)
        self.nodes = QSpinBox()
        self.nodes.setRange(1, 1024)
        self.nodes.setToolTip(translate("CapsuleDialog", "How many machines train together."))
        self.procs = QSpinBox()
        self.procs.setRange(1, 256)
        self.procs.setToolTip(
            translate(
                "CapsuleDialog",
                "Training processes on each machine: one per GPU, or 1 on a CPU machine "
                "(one process already uses all its cores).",
            )
        )
        self.endpoint = QLineEdit("127.0.0.1:29500")
        self.endpoint.setToolTip(
            translate(
                "CapsuleDialog",
                "The first machine's address and a free port: every machine meets there (torchrun's rendezvous).",
            )
        )
        self.include_corpus = QCheckBox(translate("CapsuleDialog", "Put the text inside the capsule"))
        self.include_corpus.setChecked(True)
        self.include_corpus.setToolTip(
            translate(
                "CapsuleDialog",
                "Unchecked: the capsule names the file's path and fingerprint, "
                "and the file must be at that path on every machine.",
            )
        )
        self.slurm = QCheckBox(translate("CapsuleDialog", "Add a Slurm batch script (for a cluster)"))
        self.folder = QLineEdit()
        self.folder.setPlaceholderText(translate("CapsuleDialog", "A new or empty folder"))
        browse = QPushButton(translate("CapsuleDialog", "Choose…"))
        browse.clicked.connect(self._choose_folder)
        folder_row = QHBoxLayout()
        folder_row.addWidget(self.folder, 1)
        folder_row.addWidget(browse)

        form = QFormLayout()
        form.addRow(translate("CapsuleDialog", "Machines (nodes):"), self.nodes)
        form.addRow(translate("CapsuleDialog", "Processes per machine:"), self.procs)
        form.addRow(translate("CapsuleDialog", "First machine's address:"), self.endpoint)
        form.addRow("", self.include_corpus)
        form.addRow("", self.slurm)
        form.addRow(translate("CapsuleDialog", "Write to:"), folder_row)

        self.expectation = QLabel(
            translate("CapsuleDialog", "Measuring a training step of this model on this computer…")
        )
        self.expectation.setWordWrap(True)
        self.error_label = MessageLabel("error", banner=False)
        self.result_text = QPlainTextEdit()
        self.result_text.setReadOnly(True)
        self.result_text.hide()
        buttons = QDialogButtonBox()
        self.write_button = buttons.addButton(
            translate("CapsuleDialog", "Write capsule"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.close_button = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.write_button.clicked.connect(self.write)
        self.close_button.clicked.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.expectation)
        layout.addWidget(self.error_label)
        layout.addWidget(self.result_text, 1)
        layout.addWidget(buttons)
        self.resize(620, 460)

        for widget in (self.nodes, self.procs):
            widget.valueChanged.connect(self._update_expectation)
        self.endpoint.textChanged.connect(self._update_expectation)
        self._measure()

    # --- what to expect ----------------------------------------------------------------------------

    def _measure(self) -> None:
        config = self.config

        def work() -> tuple[float, int]:
            from mlmstudio.engine.calibration import measure_step_time
            from mlmstudio.engine.estimates import estimate_parameters

            vocab = config.tokenizer.vocab_size  # the most it can be: the real one is known after writing
            step = measure_step_time(
                config.model,
                vocab,
                config.training.batch_size,
                config.training.seq_len,
                mlm_probability=config.masking.mlm_probability,
                precision=config.training.precision,
            )
            return step.seconds, estimate_parameters(config.model, vocab)

        def done(result: tuple[float, int]) -> None:
            self._step_seconds, self._param_count = result
            self._update_expectation()

        def failed(exc: BaseException) -> None:
            reason = user_message(exc, translate("CapsuleDialog", "Timing a training step"))
            self.expectation.setText(
                translate("CapsuleDialog", "The speed-up could not be estimated here ({reason}).").format(
                    reason=reason
                )
            )

        self.runner.run(work, done, failed, topic="measure", name="capsule-estimate")

    def plan(self) -> LaunchPlan:
        """The plan on screen, checked (a CapsuleError says what is wrong)."""
        from mlmstudio.engine.capsule import LaunchPlan, parse_endpoint

        host, port = parse_endpoint(self.endpoint.text())
        return LaunchPlan(self.nodes.value(), self.procs.value(), host, port).check()

    @Slot()
    def _update_expectation(self) -> None:
        if self._step_seconds is None or self._param_count is None:
            return
        from mlmstudio.engine.capsule import CapsuleError, estimate_speedup

        try:
            plan = self.plan()
        except CapsuleError as exc:
            self.expectation.setText(translated(str(exc)))
            return
        estimate = estimate_speedup(self._param_count, self._step_seconds, plan)
        sentence = translated(estimate.sentence(plan))
        self.expectation.setText(sentence)
        self.estimated.emit(sentence)

    # --- writing ---------------------------------------------------------------------------------

    @Slot()
    def _choose_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(
            self, translate("CapsuleDialog", "Write the capsule into a new or empty folder")
        )
        if path:
            self.folder.setText(path)

    @Slot()
    def write(self) -> bool:
        """Start writing the capsule; ``written`` or ``failed`` follows."""
        from mlmstudio.engine.capsule import CapsuleError, write_capsule

        self.error_label.hide()
        try:
            plan = self.plan()
        except CapsuleError as exc:
            return self._fail(translated(str(exc)))
        folder = self.folder.text().strip()
        if not folder:
            return self._fail(
                translate("CapsuleDialog", "Choose the folder to write the capsule to (a new or empty one).")
            )
        config, include, slurm = self.config, self.include_corpus.isChecked(), self.slurm.isChecked()

        def work() -> Capsule:
            return write_capsule(config, Path(folder), plan, include_corpus=include, slurm=slurm)

        self.write_button.setEnabled(False)  # one write at a time; the estimate's timing goes on
        self.runner.run(
            work,
            self._on_written,
            lambda exc: self._fail(user_message(exc, translate("CapsuleDialog", "Writing the capsule"))),
            topic="write",
            name="capsule-write",
        )
        return True

    def _on_written(self, capsule: Capsule) -> None:
        from mlmstudio.engine.capsule import torchrun_command

        self.write_button.setEnabled(True)
        command = " ".join(
            torchrun_command(
                capsule.plan,
                capsule.capsule_id,
                capsule_dir=str(capsule.path.resolve()),
                out=str((capsule.path / "run").resolve()),
            )
        )
        machines = capsule.plan.nodes  # a plain name: lupdate skips a call whose count is an expression
        text = translate(
            "CapsuleDialog",
            "Capsule written to {folder}.\n\n"
            "On each of the %n machine(s), run launch.sh from that folder. It runs:\n"
            "{command}\n\n"
            "The finished run is written to {run_folder} on the first machine. Copy it back "
            "and add it with History → Import folder….",
            None,
            machines,
        ).format(folder=capsule.path, command=command, run_folder=capsule.path / "run")
        self.result_text.setPlainText(text)
        self.result_text.show()
        self.written.emit(capsule)

    def _fail(self, message: str) -> bool:
        self.write_button.setEnabled(True)
        self.error_label.show_message(message)
        self.failed.emit(message)
        return False

    def done(self, result: int) -> None:  # closing: answers that come later are not wanted
        self.runner.forget(every=True)
        super().done(result)
