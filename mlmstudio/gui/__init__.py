"""The desktop app (PySide6 + pyqtgraph): a thin face over the engine and the store.

``app.run_app`` starts it; ``main_window.MainWindow`` hosts the five pages
(Corpus, Setup, Train, Explore, History). Widgets do no training and no SQL:
training runs in ``training_worker.TrainingWorker`` on a QThread, and the
store's service functions do the recording.
"""
