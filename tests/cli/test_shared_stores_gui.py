"""The app's face of a damaged settings file: the window opens with its defaults and says so once."""

from __future__ import annotations


def test_the_window_says_once_that_damaged_settings_started_from_their_defaults(qtbot, tmp_path):
    from mlmstudio.gui import settings as app_settings
    from mlmstudio.gui.main_window import MainWindow
    from mlmstudio.settings_file import settings_path
    from mlmstudio.store.database import Database

    app_settings.use_settings_dir(tmp_path / "settings")
    path = settings_path()
    assert path is not None
    path.parent.mkdir(parents=True)
    path.write_bytes(b"[window]\npage=2\n\xff\xfe garbage \x00\n")  # Qt would never write it again
    app_settings._checked.clear()  # as a new process starts
    db = Database.open(tmp_path / "data")
    window = MainWindow(db, app_settings.AppSettings())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    try:
        message = window.statusBar().currentMessage()
        assert str(path) in message and "was damaged" in message, message
        assert [p.name for p in path.parent.iterdir() if ".damaged-" in p.name]
        # A second window of the same process (and the next start) says nothing more.
        assert app_settings.AppSettings().damage_note() == message
        assert app_settings.check_settings_file(path) is None
    finally:
        window.train_page.stop_and_wait()
        window.corpus_page.wait_idle()
        window.setup_page.wait_idle()
        db.close()
