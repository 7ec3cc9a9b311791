"""The main window: seven pages in a sidebar, menus and shortcuts, and the first-run welcome.

The window wires the pages together and owns nothing else: the Corpus page
hands its corpus to Setup, Setup hands the settings to Train, started and
finished runs refresh the one list of runs that Explore and History share
(``RunList``), History asks Train to resume a run, and the run queue
(``QueueController``, shown on the Queue page) trains through the Train page. Closing
during training asks first, stops the run (a checkpoint is saved) and waits
for the training thread, so no run is ever left marked running.

The window can open before the history does (``MainWindow(None)``, as ``app.run_app``
does): creating the history on a first start runs its migrations, which must not delay
the first frame. Corpus, Setup and the welcome work at once; the pages that show runs
(Train, Explore, History, Sweep, Queue) are built by ``attach_history`` when it is open,
with a line in their place and in the status bar meanwhile. Their modules are imported
there too, not at the top of this module: they bring pyqtgraph, numpy and SQLAlchemy
(about half of the start's imports), and the first frame needs none of them
(``tests/test_startup.py`` checks what it has loaded).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QLocale, QSize, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QGuiApplication, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QStackedWidget,
    QWidget,
)

from mlmstudio.config import quick_start_config
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.gui import accessibility, i18n
from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.engine_warmup import EngineWarmup
from mlmstudio.gui.i18n import translate
from mlmstudio.gui.icons import page_icon
from mlmstudio.gui.pages.corpus_page import CorpusPage
from mlmstudio.gui.pages.setup_page import SetupPage
from mlmstudio.gui.pages.welcome_panel import WelcomePanel
from mlmstudio.gui.settings import AppSettings
from mlmstudio.gui.window_fit import PREFERRED_SIZE, fit_to_screen, scrolling_pages

if TYPE_CHECKING:  # imported by attach_history, after the first frame (see the module's docstring)
    from mlmstudio.gui.open_model_dialog import OpenModelDialog
    from mlmstudio.gui.pages.explore_page import ExplorePage
    from mlmstudio.gui.pages.history_page import HistoryPage
    from mlmstudio.gui.pages.queue_page import QueuePage
    from mlmstudio.gui.pages.sweep_page import SweepPage
    from mlmstudio.gui.pages.train_page import TrainPage
    from mlmstudio.gui.queue_controller import QueueController
    from mlmstudio.gui.run_list import RunList
    from mlmstudio.store.database import Database

log = logging.getLogger(__name__)

# English page names: keys (icons, accessible names); the sidebar shows translate("MainWindow", name).
PAGES = (
    QT_TRANSLATE_NOOP("MainWindow", "Corpus"),
    QT_TRANSLATE_NOOP("MainWindow", "Setup"),
    QT_TRANSLATE_NOOP("MainWindow", "Train"),
    QT_TRANSLATE_NOOP("MainWindow", "Explore"),
    QT_TRANSLATE_NOOP("MainWindow", "History"),
    QT_TRANSLATE_NOOP("MainWindow", "Sweep"),
    QT_TRANSLATE_NOOP("MainWindow", "Queue"),
)
CORPUS, SETUP, TRAIN, EXPLORE, HISTORY, SWEEP, QUEUE = range(len(PAGES))
STATUS_MS = 8000
HISTORY_PAGES = (TRAIN, EXPLORE, HISTORY, SWEEP, QUEUE)
OPENING_HISTORY = QT_TRANSLATE_NOOP("MainWindow", "Opening the run history…")


def opening_history() -> str:
    return translate("MainWindow", OPENING_HISTORY)


class MainWindow(QMainWindow):
    history_attached = Signal()  # the history is open and the pages that show runs are built

    def __init__(
        self, db: Database | None, settings: AppSettings | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.db: Database | None = None  # set by attach_history, with the pages that need it
        self.settings = settings or AppSettings()
        self._quick_start_sample: str | None = None
        self._fitted_with_frame = False
        self._status_page = -1  # the page the status bar's message was shown on
        self._start_when_attached = False  # a Start asked for while the history was opening
        self._closing = False
        self._asking_before_close = True  # False while a signal closes the window
        self.setWindowTitle(translate("MainWindow", "MLM Studio"))
        self.setAcceptDrops(True)

        self.corpus_page = CorpusPage(self.settings)
        self.setup_page = SetupPage(self.settings.last_config())
        self.welcome = WelcomePanel()
        self.train_page: TrainPage | None = None
        self.runs: RunList | None = None
        self.explore_page: ExplorePage | None = None
        self.history_page: HistoryPage | None = None
        self.sweep_page: SweepPage | None = None
        self.queue: QueueController | None = None
        self.queue_page: QueuePage | None = None
        # Until the history is open its pages are a line saying so, at their places in the stack.
        self.pages: list[QWidget] = [
            self._history_placeholder(name) if index in HISTORY_PAGES else page
            for index, (name, page) in enumerate(
                zip(PAGES, (self.corpus_page, self.setup_page, *[None] * 5), strict=True)
            )
        ]

        self._build_layout()
        self._build_actions()
        self._connect_pages()
        self._restore()
        self.focus_ring = accessibility.FocusRing(self)  # where the keyboard is, in every style
        # A screen reader's name for each focusable widget (from its label, title or tooltip).
        accessibility.name_window(self, self._named_pages())

        # torch and the engine load after the first frame (app.run_app calls start_engine_warmup).
        self.engine = EngineWarmup(self)
        self.engine.ready.connect(self._on_engine_ready)
        self.engine.failed.connect(self._on_engine_failed)
        self._waiting_buttons: dict[QPushButton, str] = {}
        self.open_model_dialog: OpenModelDialog | None = None  # built when first asked for
        self._opened_status: tuple[str, str] | None = None  # (run id, what opening it did), until it loads
        if db is not None:
            self.attach_history(db)
        else:
            self.history_label.show()

    def _named_pages(self) -> dict[str, QWidget]:
        """The pages by their shown (translated) names, for their accessible names."""
        return {translate("MainWindow", name): page for name, page in zip(PAGES, self.pages, strict=True)}

    @staticmethod
    def _history_placeholder(name: str) -> QLabel:
        label = QLabel(
            translate(
                "MainWindow", "Opening the run history…\n\n{page} appears here as soon as it is open."
            ).format(page=translate("MainWindow", name))
        )
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setObjectName("history-placeholder")
        return label

    def history_ready(self) -> bool:
        return self.db is not None

    def attach_history(self, db: Database) -> None:
        """Build the pages that show runs on the opened history, in their placeholders' places."""
        if self.db is not None:
            return
        self.db = db
        # The pages that show runs bring pyqtgraph, numpy and SQLAlchemy: imported only now,
        # after the first frame (tests/test_startup.py checks what the first frame has loaded).
        from mlmstudio.gui.pages.explore_page import ExplorePage
        from mlmstudio.gui.pages.history_page import HistoryPage
        from mlmstudio.gui.pages.queue_page import QueuePage
        from mlmstudio.gui.pages.sweep_page import SweepPage
        from mlmstudio.gui.pages.train_page import TrainPage
        from mlmstudio.gui.queue_controller import QueueController
        from mlmstudio.gui.run_list import RunList
        from mlmstudio.gui.theme import configure_plots_if_pending

        configure_plots_if_pending()  # the plot defaults create_application left for the first plot
        self.train_page = TrainPage(db, self.settings)
        # One list of runs for every page that shows runs, refreshed when runs change,
        # read in a worker thread (1,000 runs take up to a second to list).
        self.runs = RunList(db, self, background=True)
        self.setup_page.start_from.set_runs(self.runs)  # "Start from a model…" offers the history's models
        self.explore_page = ExplorePage(db, runs=self.runs)
        self.history_page = HistoryPage(db, runs=self.runs)
        self.sweep_page = SweepPage(db)  # budgeted sweeps: each trial a run in History
        # The run queue runs through the Train page; its page shows and reorders it.
        self.queue = QueueController(db, self.train_page, self)
        self.queue_page = QueuePage(self.queue)
        built = (self.train_page, self.explore_page, self.history_page, self.sweep_page, self.queue_page)
        current = self.stack.currentIndex()
        for index, page in zip(HISTORY_PAGES, built, strict=True):
            placeholder = self.pages[index]
            self.stack.insertWidget(index, page)
            self.stack.removeWidget(placeholder)
            placeholder.deleteLater()
            self.pages[index] = page
        self.stack.setCurrentIndex(current)
        self._connect_history_pages()
        self.queue.start_up()  # a queue interrupted by a crash shows it, and waits or resumes
        self.history_label.hide()
        if self.engine.is_loading():
            self._show_engine_loading(True)  # the new pages' Start and Predict wait too
        self._on_setup_changed()
        accessibility.name_window(self, self._named_pages())  # the pages just built
        self.history_attached.emit()
        if self._start_when_attached:
            self._start_when_attached = False
            self.start_training()

    # Layout -----------------------------------------------------------------
    def _build_layout(self) -> None:
        self.sidebar = QListWidget()
        self.sidebar.setObjectName("sidebar")
        self.sidebar.setAccessibleName(translate("MainWindow", "Pages"))
        self.sidebar.setIconSize(QSize(20, 20))
        self.sidebar.setSpacing(2)
        for index, name in enumerate(PAGES):
            shown = translate("MainWindow", name)
            item = QListWidgetItem(page_icon(name.lower()), shown)
            item.setToolTip(
                translate("MainWindow", "{page} (Ctrl+{number})").format(page=shown, number=index + 1)
            )
            item.setSizeHint(QSize(130, 36))
            self.sidebar.addItem(item)
        self.sidebar.setFixedWidth(150)
        self.sidebar.currentRowChanged.connect(self._on_sidebar_row)

        self.stack = QStackedWidget()
        for page in self.pages:
            self.stack.addWidget(page)
        self.stack.addWidget(self.welcome)

        central = QWidget()
        layout = QHBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.sidebar)
        # A page bigger than the screen scrolls; it never pushes the window off a laptop's screen.
        layout.addWidget(scrolling_pages(self.stack), 1)
        self.setCentralWidget(central)

        self.training_label = QLabel("")
        self.statusBar().addPermanentWidget(self.training_label)
        self.history_label = QLabel(opening_history())
        self.history_label.setToolTip(
            translate(
                "MainWindow",
                "The run history opens in the background after the window; on a first start this "
                "creates it. Train, Explore, History, Sweep and Queue appear when it is open.",
            )
        )
        self.statusBar().addPermanentWidget(self.history_label)
        self.history_label.hide()
        self.engine_label = QLabel(translate("MainWindow", "Loading the training engine…"))
        self.engine_label.setToolTip(
            translate(
                "MainWindow",
                "PyTorch and the tokenizers load in the background after the "
                "window opens. Training or predicting before that waits for it.",
            )
        )
        self.engine_busy = QProgressBar()
        self.engine_busy.setRange(0, 0)  # busy indicator
        self.engine_busy.setMaximumWidth(90)
        self.engine_busy.setMaximumHeight(14)
        self.engine_busy.setTextVisible(False)
        for widget in (self.engine_label, self.engine_busy):
            self.statusBar().addPermanentWidget(widget)
            widget.hide()

    def _build_actions(self) -> None:
        def action(text: str, slot, shortcut=None, tip: str = "") -> QAction:
            act = QAction(text, self)
            if shortcut is not None:
                act.setShortcut(QKeySequence(shortcut))
            act.setStatusTip(tip)
            act.triggered.connect(slot)
            self.addAction(act)  # shortcuts work whichever page has focus
            return act

        self.open_file_action = action(
            translate("MainWindow", "&Open Corpus File…"),
            self._open_corpus_file,
            QKeySequence.StandardKey.Open,
            translate("MainWindow", "Open a text file to train on."),
        )
        self.open_folder_action = action(
            translate("MainWindow", "Open Corpus &Folder…"),
            self._open_corpus_folder,
            "Ctrl+Shift+O",
            translate("MainWindow", "Use every text file in a folder."),
        )
        self.open_model_action = action(
            translate("MainWindow", "Open a &Model…"),
            self.open_model,
            None,
            translate(
                "MainWindow",
                "Open a masked language model from a transformers folder or the local Hugging Face cache.",
            ),
        )
        self.load_config_action = action(
            translate("MainWindow", "&Load Settings…"),
            self.setup_page.load_config_dialog,
            None,
            translate("MainWindow", "Load run settings from JSON."),
        )
        self.save_config_action = action(
            translate("MainWindow", "&Save Settings…"),
            self.setup_page.save_config_dialog,
            QKeySequence.StandardKey.Save,
            translate("MainWindow", "Save the run settings as JSON."),
        )
        self.quit_action = action(translate("MainWindow", "&Quit"), self.close, QKeySequence.StandardKey.Quit)
        self.start_action = action(
            translate("MainWindow", "&Start Training"),
            self.start_training,
            "Ctrl+Return",
            translate("MainWindow", "Train a new run with the current settings."),
        )
        self.start_action.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        # Enabled only while a run trains, so the Train page exists when they fire.
        self.pause_action = action(
            translate("MainWindow", "&Pause"), lambda: self.train_page.pause(), "Ctrl+Shift+P"
        )
        self.resume_action = action(
            translate("MainWindow", "&Resume"), lambda: self.train_page.resume(), "Ctrl+Shift+R"
        )
        self.stop_action = action(
            translate("MainWindow", "S&top"),
            lambda: self.train_page.stop(),
            "Ctrl+.",
            translate("MainWindow", "Stop after the current step and save a checkpoint."),
        )
        self.page_actions = [
            action(
                translate("MainWindow", "&{number} {page}").format(
                    number=i + 1, page=translate("MainWindow", name)
                ),
                lambda _c=False, i=i: self.show_page(i),
                f"Ctrl+{i + 1}",
            )
            for i, name in enumerate(PAGES)
        ]
        self.welcome_action = action(translate("MainWindow", "&Welcome"), self.show_welcome)
        self.about_action = action(translate("MainWindow", "&About MLM Studio"), self.show_about)
        self.learn_action = action(
            translate("MainWindow", "How Masked Language Models &Learn"),
            self.show_learning_help,
            QKeySequence.StandardKey.HelpContents,
            translate("MainWindow", "Masking, tokens, the loss, ln V and perplexity, with your own text."),
        )

        menu = self.menuBar()
        file_menu = menu.addMenu(translate("MainWindow", "&File"))
        for act in (
            self.open_file_action,
            self.open_folder_action,
            self.open_model_action,
            None,
            self.load_config_action,
            self.save_config_action,
            None,
            self.quit_action,
        ):
            file_menu.addSeparator() if act is None else file_menu.addAction(act)
        run_menu = menu.addMenu(translate("MainWindow", "&Run"))
        for act in (self.start_action, self.pause_action, self.resume_action, self.stop_action):
            run_menu.addAction(act)
        go_menu = menu.addMenu(translate("MainWindow", "&Go"))
        for act in self.page_actions:
            go_menu.addAction(act)
        help_menu = menu.addMenu(translate("MainWindow", "&Help"))
        help_menu.addAction(self.learn_action)
        help_menu.addAction(self.welcome_action)
        help_menu.addSeparator()
        self.language_menu = self._language_menu(help_menu)
        help_menu.addSeparator()
        help_menu.addAction(self.about_action)
        self._update_run_actions()

    def _language_menu(self, parent) -> QMenu:
        """Help → Language: the system's, English, or each shipped translation; used from the next start."""
        menu = parent.addMenu(translate("MainWindow", "&Language"))
        group = QActionGroup(menu)
        saved = i18n.saved_language()
        choices = [("", translate("MainWindow", "The system's language")), (i18n.SOURCE_LANGUAGE, "English")]
        choices += [
            (code, QLocale(code).nativeLanguageName().capitalize() or code)
            for code in i18n.available_languages()
        ]
        for code, name in choices:
            act = menu.addAction(name)
            act.setCheckable(True)
            act.setChecked(code == saved)
            act.setData(code)
            if code:  # each language's name in that language, whatever the app speaks
                i18n.mark_user_text(act)
            group.addAction(act)
            act.triggered.connect(lambda _checked=False, code=code: self._choose_language(code))
        return menu

    def _choose_language(self, code: str) -> None:
        i18n.save_language(code or None)
        self.show_status(translate("MainWindow", "The language changes the next time MLM Studio starts."))

    def _connect_pages(self) -> None:
        for page in (self.corpus_page, self.setup_page):
            signal = getattr(page, "status_message", None)
            if signal is not None:
                signal.connect(self.show_status)

        self.corpus_page.corpus_loaded.connect(self._on_corpus_loaded)
        self.corpus_page.load_failed.connect(self._on_corpus_failed)
        self.corpus_page.continue_requested.connect(lambda: self.show_page(SETUP))

        self.setup_page.config_changed.connect(self._on_setup_changed)
        self.setup_page.validity_changed.connect(lambda _valid: self._on_setup_changed())
        self.setup_page.start_requested.connect(self.start_training)
        self.setup_page.queue_requested.connect(self.add_to_queue)

        self.welcome.sample_chosen.connect(self.quick_start)
        self.welcome.open_own_requested.connect(self._welcome_open_own)
        self.welcome.dismissed.connect(self._welcome_dismissed)

    def _connect_history_pages(self) -> None:
        for page in (self.train_page, self.explore_page, self.history_page, self.sweep_page, self.queue_page):
            signal = getattr(page, "status_message", None)
            if signal is not None:
                signal.connect(self.show_status)
        self.queue.message.connect(lambda _kind, text: self.show_status(text))

        self.train_page.run_started.connect(self._on_run_started)
        self.train_page.run_finished.connect(self._on_run_finished)
        self.train_page.busy_changed.connect(self._update_run_actions)
        self.train_page.busy_changed.connect(self.setup_page.set_training_active)
        self.train_page.help_requested.connect(self.show_learning_help)

        self.history_page.resume_requested.connect(self.resume_run)
        self.sweep_page.runs_changed.connect(self.runs.refresh)
        self.history_page.explore_requested.connect(self._explore_run)
        self.explore_page.open_model_requested.connect(self.open_model)

    def _restore(self) -> None:
        geometry = self.settings.geometry()
        if geometry is None or not self.restoreGeometry(geometry):
            fit_to_screen(self, PREFERRED_SIZE)
        else:
            fit_to_screen(self)  # saved on a larger monitor, or a screen since unplugged
        if not self.settings.welcome_done():
            self.show_welcome()
        else:
            self.show_page(min(max(self.settings.last_page(), 0), len(PAGES) - 1))
        last = self.settings.last_corpus()
        if last:
            self.corpus_page.load(last)  # in the background; failures show on the Corpus page
        note = self.settings.damage_note()
        if note:  # damaged settings started from their defaults (gui/settings.py): said once, here
            self.show_status(note)

    # Navigation ---------------------------------------------------------------
    def show_page(self, index: int) -> None:
        if self.stack.currentWidget() is self.welcome:
            self.settings.set_welcome_done(True)  # moving on from the welcome means it was seen
        if index != self._status_page:
            # A page's message ("Most likely: … rome.") is about that page: it goes when the page does.
            self.statusBar().clearMessage()
        # The sidebar first: hiding the page that has focus (the welcome's sample button) passes the
        # focus to the sidebar, which would pick its first row when it has none, and its signal would
        # switch pages again from inside setCurrentIndex, leaving two pages shown on top of each other.
        if self.sidebar.currentRow() != index:
            self.sidebar.blockSignals(True)
            self.sidebar.setCurrentRow(index)
            self.sidebar.blockSignals(False)
        self.sidebar.blockSignals(True)
        try:
            self.stack.setCurrentIndex(index)
        finally:
            self.sidebar.blockSignals(False)
        accessibility.name_widgets(self.stack.currentWidget())  # widgets a page made since

    def current_page(self) -> QWidget:
        return self.stack.currentWidget()

    @Slot(int)
    def _on_sidebar_row(self, row: int) -> None:
        if 0 <= row < len(PAGES):
            self.show_page(row)

    @Slot()
    def show_welcome(self) -> None:
        self.sidebar.blockSignals(True)
        self.sidebar.setCurrentRow(-1)
        self.sidebar.blockSignals(False)
        self.stack.setCurrentWidget(self.welcome)
        # Focus a sample button, or the sidebar would take focus and select the Corpus page.
        first = next(iter(self.welcome.sample_buttons.values()), None)
        if first is not None:
            first.setFocus()

    @Slot(str)
    def show_status(self, message: str) -> None:
        self._status_page = self.stack.currentIndex()
        self.statusBar().showMessage(message, STATUS_MS)

    # Corpus and setup -------------------------------------------------------------
    def _open_corpus_file(self) -> None:
        self.show_page(CORPUS)
        self.corpus_page.open_file_dialog()

    def _open_corpus_folder(self) -> None:
        self.show_page(CORPUS)
        self.corpus_page.open_folder_dialog()

    @Slot(object)
    def _on_corpus_loaded(self, corpus) -> None:
        field = self.corpus_page.field_edit.text().strip()
        suffix = corpus.source.rsplit(".", 1)[-1].lower() if "." in corpus.source else ""
        self.setup_page.set_corpus(
            corpus,
            text_field=field if field and suffix == "jsonl" else "text",
            csv_column=field if field and suffix in ("csv", "tsv") else "",
            encoding=self.corpus_page.chosen_encoding(),
        )
        if self._quick_start_sample is not None and corpus.source == f"sample:{self._quick_start_sample}":
            self._quick_start_sample = None
            self.setup_page.set_config(quick_start_config(corpus.source.split(":", 1)[1]))
            self.start_training()
        else:
            self._on_setup_changed()

    @Slot(str)
    def _on_corpus_failed(self, message: str) -> None:
        if self._quick_start_sample is not None:
            self._quick_start_sample = None
            self.show_page(CORPUS)

    @Slot()
    def _on_setup_changed(self, *_args) -> None:
        if self.db is None:
            return  # attach_history hands the settings over
        setup = self.setup_page
        problems = setup.problems() if setup.is_valid() is False else []
        self.train_page.set_request(setup.config(), self.corpus_page.corpus, problems[0] if problems else "")
        self.sweep_page.set_request(setup.config(), self.corpus_page.corpus, problems[0] if problems else "")
        self._update_run_actions()

    # Training -----------------------------------------------------------------
    @Slot()
    def start_training(self) -> bool:
        """Start a run with the Setup page's settings; explain instead when it cannot start."""
        if self.db is None:
            # Asked for before the history opened (a quick start, Ctrl+Return): it starts then.
            self._start_when_attached = True
            self.show_status(
                translate("MainWindow", "Opening the run history… The run starts as soon as it is open.")
            )
            return False
        if self.train_page.is_training():
            self.show_status(translate("MainWindow", "A run is already training. Stop it first (Ctrl+.)."))
            self.show_page(TRAIN)
            return False
        self.setup_page.flush()
        if not self.setup_page.is_valid():
            problems = self.setup_page.problems()
            self.show_page(CORPUS if not self.setup_page.has_corpus() else SETUP)
            self.show_status(
                problems[0] if problems else translate("MainWindow", "The settings are not valid yet.")
            )
            return False
        self._on_setup_changed()
        self.settings.set_last_config(self.setup_page.config())
        self.show_page(TRAIN)
        return self.train_page.start()

    @Slot()
    def add_to_queue(self) -> bool:
        """Queue a run with the Setup page's settings (Setup's "Add to queue")."""
        if self.db is None:
            self.show_status(
                translate("MainWindow", "Opening the run history… Add the run to the queue once it is open.")
            )
            return False
        self.setup_page.flush()
        if not self.setup_page.is_valid():
            problems = self.setup_page.problems()
            self.show_page(CORPUS if not self.setup_page.has_corpus() else SETUP)
            self.show_status(
                problems[0] if problems else translate("MainWindow", "The settings are not valid yet.")
            )
            return False
        self.settings.set_last_config(self.setup_page.config())
        self.queue.add(self.setup_page.config())
        return True

    @Slot(str)
    def quick_start(self, sample: str) -> None:
        """The welcome's one click: load the sample, apply the quick recipe, train."""
        self.settings.set_welcome_done(True)
        self._quick_start_sample = sample
        self.show_page(TRAIN)
        if self.train_page is not None:
            self.train_page.state_label.setText(
                translate("MainWindow", "Loading the {sample} sample…").format(sample=sample)
            )
        self.corpus_page.load_sample(sample)

    @Slot(str)
    def resume_run(self, run_id: str) -> None:
        self.show_page(TRAIN)
        self.train_page.resume_run(run_id)

    @Slot(str)
    def _explore_run(self, run_id: str) -> None:
        self.show_page(EXPLORE)
        self.explore_page.select_run(run_id)

    @Slot()
    def open_model(self) -> OpenModelDialog:
        """File → Open a Model…: the cache's models and a folder chooser; an opened model shows on Explore."""
        if self.db is None:
            self.show_status(
                translate("MainWindow", "Opening the run history… Open the model once it is open.")
            )
            return None
        if self.open_model_dialog is None:
            from mlmstudio.gui.open_model_dialog import OpenModelDialog

            self.open_model_dialog = OpenModelDialog(self.db, self)
            self.open_model_dialog.opened.connect(self._on_model_opened)
            self.explore_page.model_loaded.connect(self._on_opened_model_loaded)
        self.open_model_dialog.show_for_opening()
        return self.open_model_dialog

    @Slot(str)
    def _on_model_opened(self, run_id: str) -> None:
        """An opened model is a run in the history: list it, and choose it on Explore to ask it at once."""
        dialog = self.open_model_dialog
        origin = dialog.last_origin if dialog is not None else None
        self.runs.refresh()
        self.show_page(EXPLORE)
        self.explore_page.select_run(run_id)
        if origin is None:
            return
        if dialog.last_reused:  # the same folder, files unchanged: its run, not a copy of it
            said = translate(
                "MainWindow",
                "This model is already open as run {run} ({name}): its files are unchanged, "
                "so no second run was recorded.",
            ).format(run=run_id, name=dialog.last_name)
        else:
            said = translate(
                # No article before the family: "a ELECTRA" would need one per name, in every language.
                "MainWindow",
                "Opened the {family} model as run {run}: {parameters:,} parameters.",
            ).format(family=origin.family, parameters=origin.parameters, run=run_id)
        said = f"{said} {translated(origin.note)}".strip()
        self._opened_status = (run_id, said)
        self.show_status(said)

    @Slot(str)
    def _on_opened_model_loaded(self, run_id: str) -> None:
        """Explore says the opened model is ready: what opening it did (opened, or already open)
        stays in the status bar, rather than the plain "ready" that replaced it."""
        opened, self._opened_status = self._opened_status, None
        if opened is not None and opened[0] == run_id:
            self.show_status(opened[1])

    @Slot(str)
    def _on_run_started(self, run_id: str) -> None:
        self.runs.refresh()
        self._update_run_actions()

    @Slot(str, object)
    def _on_run_finished(self, run_id: str, outcome) -> None:
        self.runs.refresh()  # History and Explore follow the one list
        if outcome.status == RunStatus.FAILED:
            self.show_status(
                translate("MainWindow", "The run failed: {message}").format(
                    message=translated(outcome.message)
                )
            )

    @Slot()
    def _update_run_actions(self, *_args) -> None:
        training = self.train_page is not None and self.train_page.is_training()
        self.start_action.setEnabled(not training)
        self.pause_action.setEnabled(training)
        self.resume_action.setEnabled(training)
        self.stop_action.setEnabled(training)
        self.training_label.setText(translate("MainWindow", "Training…") if training else "")

    # The engine, loaded in the background after the first frame -------------------
    def start_engine_warmup(self) -> None:
        """Import torch and the engine off the GUI thread, showing the wait until they are ready."""
        if self.engine.start():
            self._show_engine_loading(True)

    def wait_engine_warmup(self, msecs: int = 60_000) -> bool:
        """Block until a warm-up under way has ended (at shutdown)."""
        return self.engine.wait(msecs)

    def engine_loading(self) -> bool:
        return self.engine.is_loading()

    def _engine_buttons(self) -> list[QPushButton]:
        """The buttons whose first use needs the engine (Start on two pages, Predict)."""
        candidates = (
            getattr(self.setup_page, "start_button", None),
            getattr(self.train_page, "start_button", None),
            getattr(self.explore_page, "predict_button", None),
        )
        return [b for b in candidates if isinstance(b, QPushButton)]

    def _show_engine_loading(self, loading: bool) -> None:
        self.engine_label.setVisible(loading)
        self.engine_busy.setVisible(loading)
        if loading:
            # Still clickable: a click waits for the import, with the page's own busy state.
            for button in self._engine_buttons():
                if button in self._waiting_buttons:
                    continue  # already waiting (attach_history adds the pages built since)
                self._waiting_buttons[button] = button.text()
                button.setText(translate("MainWindow", "{button} (loading…)").format(button=button.text()))
        else:
            for button, text in self._waiting_buttons.items():
                if button.text() == translate("MainWindow", "{button} (loading…)").format(button=text):
                    button.setText(text)
            self._waiting_buttons.clear()

    @Slot()
    def _on_engine_ready(self) -> None:
        self._show_engine_loading(False)
        self.statusBar().showMessage(translate("MainWindow", "The training engine is ready."), 3000)
        self.setup_page.refresh_estimate()  # "auto" precision is known now (bf16 on this CPU?)

    @Slot(str)
    def _on_engine_failed(self, message: str) -> None:
        self._show_engine_loading(False)
        self.show_status(message)

    # Welcome --------------------------------------------------------------------
    def _welcome_open_own(self) -> None:
        self.settings.set_welcome_done(True)
        self.show_page(CORPUS)
        self.corpus_page.open_file_dialog()

    def _welcome_dismissed(self) -> None:
        self.settings.set_welcome_done(True)
        self.show_page(CORPUS)

    # Drops anywhere: a file or folder dropped on any page becomes the corpus -----------
    def dragEnterEvent(self, event) -> None:
        self.corpus_page.dragEnterEvent(event)

    def dragMoveEvent(self, event) -> None:
        self.corpus_page.dragMoveEvent(event)

    def dropEvent(self, event) -> None:
        self.show_page(CORPUS)
        self.corpus_page.dropEvent(event)

    # About ------------------------------------------------------------------------
    def about_rows(self) -> list[tuple[str, str]]:
        """Help → About's rows (gui/about_dialog.py): the versions, then this window's folders."""
        from mlmstudio.gui.about_dialog import about_rows

        return about_rows(
            [
                (
                    translate("MainWindow", "Data directory"),
                    str(self.db.data_dir) if self.db else opening_history(),
                ),
                (
                    translate("MainWindow", "History database"),
                    str(self.db.path) if self.db else opening_history(),
                ),
                (translate("MainWindow", "Settings file"), self.settings.file_name()),
            ]
        )

    def about_text(self) -> str:
        from mlmstudio.gui.about_dialog import about_html

        return about_html(self.about_rows())

    @Slot()
    def show_learning_help(self) -> None:
        """Help → How masked language models learn, with an example from the loaded corpus."""
        from mlmstudio.gui.pages.help_page import HelpPage  # no torch: the example is made off-thread

        if getattr(self, "help_page", None) is None:
            self.help_page = HelpPage(self)
            # While it is open, its example follows the corpus and the settings.
            self.corpus_page.corpus_loaded.connect(self._follow_learning_help)
            self.setup_page.config_changed.connect(self._follow_learning_help)
        self.help_page.show_for(self.setup_page.config(), self.corpus_page.corpus)

    @Slot(object)
    def _follow_learning_help(self, *_args) -> None:
        self.help_page.follow(self.setup_page.config(), self.corpus_page.corpus)

    @Slot()
    def show_about(self):
        from mlmstudio.gui.about_dialog import AboutDialog

        dialog = AboutDialog(self.about_rows(), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    # Closing --------------------------------------------------------------------
    def close_without_asking(self) -> bool:
        """Close as Quit does, but stop a training run without a question (a signal asked to end)."""
        self._asking_before_close = False
        try:
            return self.close()
        finally:
            self._asking_before_close = True

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        if not self._fitted_with_frame:
            # Once shown, the window manager's frame is known: fit again so the title bar fits too.
            self._fitted_with_frame = True
            QTimer.singleShot(0, lambda: fit_to_screen(self))

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.db is None:  # nothing can be running yet
            self.corpus_page.wait_idle()
            self.setup_page.wait_idle()
            if getattr(self, "help_page", None) is not None:
                self.help_page.wait_idle()
            self._save_state()
            super().closeEvent(event)
            return
        if self.sweep_page.is_running() and not self.train_page.is_training() and self._asking_before_close:
            answer = QMessageBox.question(
                self,
                translate("MainWindow", "Stop the sweep?"),
                translate(
                    "MainWindow",
                    "A sweep is still running. Stop it and quit? Its current trial saves a checkpoint, and "
                    "Resume on the Sweep page carries the sweep on later.",
                ),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No,
            )
            if answer != QMessageBox.StandardButton.Yes:
                event.ignore()
                return
        if self.train_page.is_training() and self._asking_before_close:
            answer = QMessageBox.question(
                self,
                translate("MainWindow", "Stop training?"),
                translate(
                    "MainWindow",
                    "A run is still training. Stop it and quit? A checkpoint is saved, so you can "
                    "resume the run later from the History page.",
                ),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No,
            )
            if answer != QMessageBox.StandardButton.Yes:
                event.ignore()
                return
        if self.train_page.is_training():
            self.show_status(translate("MainWindow", "Stopping the run and saving a checkpoint…"))
            QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
            try:
                self.train_page.stop_and_wait()
            finally:
                QGuiApplication.restoreOverrideCursor()
        self.sweep_page.stop_and_wait()  # the current trial ends stopped; Resume carries the sweep on
        self.sweep_page.wait_idle()
        self.corpus_page.wait_idle()
        self.setup_page.wait_idle()
        self.explore_page.wait_idle()
        self.history_page.wait_idle()
        if self.open_model_dialog is not None:
            self.open_model_dialog.wait_idle()
        self.runs.wait_idle()
        self.queue.shutdown()
        if getattr(self, "help_page", None) is not None:
            self.help_page.wait_idle()
        self._save_state()
        super().closeEvent(event)

    def _save_state(self) -> None:
        self.settings.set_geometry(self.saveGeometry())
        index = self.stack.currentIndex()
        if 0 <= index < len(PAGES):
            self.settings.set_last_page(index)
        self.settings.set_last_config(self.setup_page.config())
        self.settings.sync()
