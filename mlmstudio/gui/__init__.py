"""The desktop app (PySide6 + pyqtgraph): a thin face over the engine, the store and the sweeps.

``app.run_app`` starts it: the window first, then the history (``history_opening``) and the
engine (``engine_warmup``) in the background, and the offer of a crash report when the last session
left a trace (``crash_offer``, over the Qt-free ``mlmstudio.crash_report``); ``main_window.MainWindow`` hosts the sidebar's pages
(Corpus, Setup, Train, Explore, History, Queue, Sweep, Help; ``pages/``), built from ``widgets/``,
and Help → About (``about_dialog``). Pages only
show and ask: training runs in ``training_worker.TrainingWorker`` and every slow call in a
``background.BackgroundCall``, both on threads started by ``threads.start_in_thread``; the store's
service functions do the recording. Qt-free decisions the pages show live beside them
(``setup_estimates``, ``progress_rows``, ``imported_model``).
"""
