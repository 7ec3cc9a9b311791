"""The operating system's and SQLite's own reasons inside the engine's sentences, in the German app.

The engine puts them in as they came ("No space left on device", "[Errno 2] No such file or
directory: '/x'", "database is locked"); the app says them in the user's language, by errno
for the system's (whose wording differs between systems) and by SQLite's own English text.
Each is raised for real here where the test can make the system or SQLite raise it.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

import pytest
from german_checks import raised

from mlmstudio.gui.background import user_message
from mlmstudio.gui.engine_messages import os_reasons, translated
from mlmstudio.store.db_errors import describe_database_error


def test_every_listed_system_reason_is_german_by_its_errno(german):
    for code in os_reasons._BY_ERRNO:
        english = os.strerror(code)
        shown = translated(english)
        assert shown != english and shown, (code, english)
        with_errno = str(OSError(code, english, "/data/x"))
        assert translated(with_errno) == f"[Errno {code}] {shown}: '/data/x'"


def test_a_real_os_error_is_german_inside_the_apps_sentence(german, tmp_path):
    missing = raised(lambda: open(tmp_path / "gone.txt"))
    assert (
        translated(str(missing))
        == f"[Errno 2] Die Datei oder der Ordner existiert nicht: '{tmp_path / 'gone.txt'}'"
    )
    shown = user_message(missing, "Das Laden")
    assert shown.startswith("Das Laden ") and "Die Datei oder der Ordner existiert nicht" in shown
    assert "No such file" not in shown
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "a").write_text("x")
    not_empty = raised(lambda: os.rmdir(tmp_path / "full"))
    assert "Der Ordner ist nicht leer" in translated(str(not_empty))
    is_folder = raised(lambda: open(tmp_path / "full"))
    assert "Das ist ein Ordner" in translated(str(is_folder))


def test_a_full_disk_inside_a_store_sentence_is_german(german):
    full = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))  # as the system raises it
    sentence = f"The capsule could not be written to /data/capsule ({full.strerror}). Choose another folder or free space."
    shown = translated(sentence)
    assert "(Auf dem Gerät ist kein Speicherplatz mehr frei)" in shown and "/data/capsule" in shown
    assert "No space" not in shown


def test_a_locked_history_says_sqlites_reason_in_german(german, tmp_path):
    path = tmp_path / "history.sqlite3"
    holder = sqlite3.connect(path)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        other = sqlite3.connect(path, timeout=0)
        locked = raised(lambda: other.execute("SELECT * FROM t").fetchall())
        other.close()
    finally:
        holder.rollback()
        holder.close()
    shown = translated(str(describe_database_error(locked, path)))
    assert f"Der Laufverlauf unter {path} ist belegt: Ein anderes Programm hält ihn gesperrt" in shown
    assert "(die Datenbank ist gesperrt)" in shown and "database is locked" not in shown


def test_a_read_only_history_says_sqlites_reason_in_german(german, tmp_path):
    path = tmp_path / "history.sqlite3"
    sqlite3.connect(path).execute("CREATE TABLE t (x)").connection.close()
    reader = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    refused = raised(lambda: reader.execute("INSERT INTO t VALUES (1)"))
    reader.close()
    shown = translated(str(describe_database_error(refused, path)))
    assert (
        "lässt sich nicht zum Schreiben öffnen (Schreibversuch in eine schreibgeschützte Datenbank)" in shown
    )
    assert "readonly" not in shown


@pytest.mark.parametrize(
    "sqlite_text, german_text",
    [
        ("file is not a database", "die Datei ist keine Datenbank"),
        ("database disk image is malformed", "die Datenbankdatei ist fehlerhaft aufgebaut"),
        ("disk I/O error", "Lese- oder Schreibfehler auf dem Datenträger"),
        ("unable to open database file", "die Datenbankdatei lässt sich nicht öffnen"),
    ],
)
def test_sqlites_other_reasons_are_german_in_the_history_sentences(german, sqlite_text, german_text):
    shown = translated(str(describe_database_error(sqlite3.DatabaseError(sqlite_text), Path("/d/h.sqlite3"))))
    assert german_text in shown and sqlite_text not in shown


def test_a_reason_not_listed_stays_as_it_came(german):
    assert translated("[Errno 9999] Something odd: '/x'") == "[Errno 9999] Something odd: '/x'"
    assert os_reasons.in_language("no such table: runs") is None


def test_zipfiles_reason_inside_a_damaged_bundles_sentence_is_german(german, db, tmp_path):
    from mlmstudio.store.bundle import import_bundle

    (tmp_path / "broken.mlmrun").write_bytes(b"not a zip file at all" * 10)
    try:
        import_bundle(db, tmp_path / "broken.mlmrun")
    except Exception as exc:  # the store's own refusal, raised for real
        shown = translated(str(exc))
    assert "(die Datei ist keine ZIP-Datei)" in shown and "File is not a zip file" not in shown, shown


def test_the_forecast_bar_says_the_reason_it_has_no_forecast_in_german(german, qtbot):
    import errno
    import os

    from mlmstudio.gui.widgets.forecast_bar import ForecastBar
    from mlmstudio.gui.widgets.live_plots import LivePlots

    plots = LivePlots()
    qtbot.addWidget(plots)
    bar = ForecastBar(plots)
    qtbot.addWidget(bar)
    bar._on_failed(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))
    assert "Auf dem Gerät ist kein Speicherplatz mehr frei" in bar.label.text(), bar.label.text()
    assert "No space" not in bar.label.text()
