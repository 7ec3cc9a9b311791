"""Crash recording and the report's zip (mlmstudio/crash_report.py), with a real abort in a child process."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import textwrap
import threading
import zipfile
from pathlib import Path

import pytest

from mlmstudio import crash_report
from mlmstudio.config import CorpusConfig, ProbesConfig, ProbeSpec, RunConfig

CANARY = "zebra-quokka-canary-7319"

# The child enables the recorder as the app does, trains nothing but takes a run's lock as training
# does (owner.lock then holds its pid), logs a line and aborts: Python code cannot run after that.
CHILD = textwrap.dedent("""
    import logging, os, sys
    from pathlib import Path
    from mlmstudio import crash_report
    from mlmstudio.store.run_lock import RunLock

    data_dir, run_dir = Path(sys.argv[1]), Path(sys.argv[2])
    crash_report.enable(data_dir)
    assert RunLock(run_dir).acquire()
    # A message shape the app logs (the report keeps only those), its text argument the canary.
    logging.getLogger("mlmstudio.child").info(
        "trained a %s tokenizer: %d tokens in the vocabulary", sys.argv[3], 41
    )
    print(os.getpid(), flush=True)
    os.abort()
""")


def _versions(data_dir: Path) -> dict:
    return {"mlmstudio": "test", "torch": {"version": "0.0-test"}, "data_dir": {"path": str(data_dir)}}


def _run_with_corpus_text(data_dir: Path, tmp_path: Path) -> Path:
    """A run folder whose config and files carry the canary, and a corpus file with it."""
    corpus = tmp_path / "my-corpus.txt"
    corpus.write_text(f"The secret word is {CANARY}.\n" * 20, encoding="utf-8")
    run_dir = data_dir / "runs" / "20261202-run"
    run_dir.mkdir(parents=True)
    config = RunConfig(
        corpus=CorpusConfig(source=str(corpus)),
        probes=ProbesConfig(items=(ProbeSpec(f"The secret word is [MASK] {CANARY}.", "zebra"),)),
    )
    (run_dir / "config.json").write_text(config.to_json(), encoding="utf-8")
    (run_dir / "corpus.txt").write_text(corpus.read_text(encoding="utf-8"), encoding="utf-8")
    (run_dir / "probes.jsonl").write_text(json.dumps({"sentence": CANARY}) + "\n", encoding="utf-8")
    return run_dir


def _abort_in_child(data_dir: Path, run_dir: Path) -> int:
    result = subprocess.run(
        [sys.executable, "-c", CHILD, str(data_dir), str(run_dir), CANARY],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0, result.stderr  # SIGABRT: -6 on POSIX
    return int(result.stdout.split()[0])


def test_an_aborting_child_leaves_a_trace_and_the_zip_holds_it_without_corpus_text(tmp_path):
    data_dir = tmp_path / "home"
    run_dir = _run_with_corpus_text(data_dir, tmp_path)
    pid = _abort_in_child(data_dir, run_dir)

    trace = crash_report.CrashFolder(data_dir).trace(pid)
    text = trace.read_text(encoding="utf-8")
    assert "Fatal Python error: Aborted" in text and "<string>" in text  # the child's own frame
    assert crash_report.has_pending(data_dir)
    assert not trace.exists()  # set aside as pending: the pid has ended

    path = crash_report.build_report(data_dir, versions=_versions)

    assert (
        path.parent == data_dir / "crash-reports" and path.name.startswith("crash-") and path.suffix == ".zip"
    )
    with zipfile.ZipFile(path) as archive:
        files = {name: archive.read(name).decode("utf-8") for name in archive.namelist()}
    assert "Fatal Python error: Aborted" in files["trace.txt"] and f"pid {pid}" in files["trace.txt"]
    assert json.loads(files["versions.json"])["torch"]["version"] == "0.0-test"
    assert "INFO mlmstudio.child: trained a <…> tokenizer: 41 tokens" in files["log-tail.txt"]
    run_config = json.loads(files["run-config.json"])  # the run whose lock the child held
    assert run_config["probes"]["items"] == "[probe sentences left out of the report: 1]"
    assert run_config["model"] == json.loads((run_dir / "config.json").read_text())["model"]
    for name, content in files.items():
        assert CANARY not in content, name
    assert not crash_report.has_pending(data_dir)  # reported: the next start offers nothing


def test_doctor_crash_report_writes_the_same_zip_from_the_terminal(tmp_path, capsys):
    from mlmstudio import cli

    data_dir = tmp_path / "home"
    run_dir = _run_with_corpus_text(data_dir, tmp_path)
    _abort_in_child(data_dir, run_dir)

    assert cli.main(["--data-dir", str(data_dir), "doctor", "--crash-report"]) == 0

    out = capsys.readouterr().out
    (path,) = sorted((data_dir / "crash-reports").glob("crash-*.zip"))
    assert str(path) in out and "Nothing was sent anywhere" in out
    with zipfile.ZipFile(path) as archive:
        versions = json.loads(archive.read("versions.json"))
        assert "Fatal Python error: Aborted" in archive.read("trace.txt").decode()
        assert all(CANARY not in archive.read(name).decode() for name in archive.namelist())
    assert versions["torch"]["version"] and versions["python"]["version"]  # the doctor's own report


@pytest.fixture
def recorder(tmp_path):
    recorder = crash_report.enable(tmp_path / "home", _versions)
    yield recorder
    recorder.disable()


def _exceptions_log(recorder: crash_report.Recorder) -> str:
    return recorder.folder.file(crash_report.EXCEPTIONS_FILE).read_text(encoding="utf-8")


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")  # it is passed on too
def test_an_exception_in_a_worker_thread_is_logged(recorder):
    def work():
        raise RuntimeError("the worker thread broke")

    thread = threading.Thread(target=work, name="tokenizer-worker")
    thread.start()
    thread.join()

    entry = _exceptions_log(recorder)
    assert "in thread tokenizer-worker" in entry and "RuntimeError: the worker thread broke" in entry
    assert "in work" in entry  # the traceback, not only the message
    assert recorder.pending()


@pytest.mark.qt_no_exception_capture  # the hook passes it on; pytest-qt's would fail the test
def test_gui_thread_exceptions_and_logged_tracebacks_are_recorded(recorder):
    try:
        raise ValueError("a slot failed")
    except ValueError:
        sys.excepthook(*sys.exc_info())  # what PySide6 does with an exception escaping a slot
    try:
        raise KeyError("caught by a worker")
    except KeyError:
        logging.getLogger("mlmstudio.gui.background").exception("A background task failed")
    logging.getLogger("mlmstudio.gui.background").error("an error without a traceback")

    entries = _exceptions_log(recorder)
    assert "an unhandled exception" in entries and "ValueError: a slot failed" in entries
    assert "mlmstudio.gui.background: A background task failed" in entries and "KeyError" in entries
    assert "without a traceback" not in entries


def test_a_clean_session_leaves_nothing_to_report_and_restores_the_hooks(tmp_path):
    hooks = (sys.excepthook, threading.excepthook)
    recorder = crash_report.enable(tmp_path / "home")
    assert sys.excepthook != hooks[0]
    logging.getLogger("mlmstudio.test").info("an ordinary line")
    recorder.disable()

    assert (sys.excepthook, threading.excepthook) == hooks
    assert not crash_report.has_pending(tmp_path / "home")
    assert list(recorder.folder.path.iterdir()) == []  # this session's trace and log are gone


def test_declining_forgets_the_trace_but_a_new_exception_is_offered_again(recorder, tmp_path):
    crash_report.record_exception(recorder.folder, "first", RuntimeError, RuntimeError("one"), None)
    assert recorder.pending()
    recorder.dismiss()
    assert not recorder.pending()
    crash_report.record_exception(recorder.folder, "second", RuntimeError, RuntimeError("two"), None)
    assert recorder.pending()
    with zipfile.ZipFile(recorder.build_report()) as archive:
        exceptions = archive.read("exceptions.txt").decode()
    # Exception messages are scrubbed out of the zip; the entries' headers tell them apart.
    assert "second" in exceptions and "first" not in exceptions and "RuntimeError" in exceptions


@pytest.mark.qt_no_exception_capture  # the hook passes it on; pytest-qt's would fail the test
def test_the_report_scrubs_corpus_text_from_log_lines_and_exceptions_but_keeps_their_structure(recorder):
    """The canary quoted, as a probe line, in exception messages, in a message of unknown shape."""
    probes = logging.getLogger("mlmstudio.engine.probes")
    probes.info("%s", f"probe 'The secret word is [MASK] {CANARY}.' -> {CANARY} 0.91")
    probes.warning("Could not time a training step here: %s", f'bad token "{CANARY}"')
    probes.info("Opened a model as run %s", CANARY)
    probes.warning(f"Prediction for {CANARY}: {CANARY}")  # not a shape the app logs
    logging.getLogger("somelib.loader").info("a library quoting %s", CANARY)
    try:
        raise ValueError(f"cannot read line 3: {CANARY}\nsecond line {CANARY}")
    except ValueError:
        logging.getLogger("mlmstudio.gui.background").exception("A background task failed")
    try:
        raise KeyError(CANARY)
    except KeyError:
        sys.excepthook(*sys.exc_info())
    logging.getLogger("mlmstudio.engine.trainer").info("Loading the model in %s", f"/home/u/{CANARY}")
    log_text = crash_report._read(crash_report.CrashFolder(recorder.folder.data_dir).session_log(os.getpid()))
    assert CANARY in log_text  # the raw log does hold it: the scrub is what keeps it out
    crash_report._keep_log_lines(recorder.folder, os.getpid())  # as set_aside does after a crash

    path = crash_report.build_report(recorder.folder.data_dir, _versions)
    with zipfile.ZipFile(path) as archive:
        files = {name: archive.read(name).decode() for name in archive.namelist()}
    for name, content in files.items():
        assert CANARY not in content, name
        assert "secret word" not in content and "second line" not in content, name
    tail, exceptions = files["log-tail.txt"], files["exceptions.txt"]
    assert "WARNING mlmstudio.engine.probes: Could not time a training step here: <…>" in tail
    assert "INFO mlmstudio.engine.probes: Opened a model as run <…>" in tail
    # A message of no known shape is kept as "<…>" at most (the app does log "%s" messages).
    assert "WARNING mlmstudio.engine.probes: <…>" in tail and "Prediction for" not in tail
    assert "INFO somelib.loader: <…>" in tail and "a library quoting" not in tail
    assert "ERROR mlmstudio.gui.background: A background task failed" in tail
    assert "Traceback (most recent call last):" in tail and "ValueError: [message removed]" in tail
    assert 'test_crash_report.py", line' in tail  # frames keep file, line and function
    assert "mlmstudio.gui.background: A background task failed" in exceptions
    assert "ValueError: [message removed]" in exceptions and "KeyError: [message removed]" in exceptions
    assert "an unhandled exception" in exceptions


def test_scrub_keeps_numbers_of_known_shapes_and_drops_lines_that_only_look_like_structure():
    from mlmstudio.crash_scrub import scrub_log

    text = (
        "2026-12-02 13:00:00,123 INFO mlmstudio.x: Engine loaded in 1.25 s, in the background\n"
        "2026-12-02 13:00:01,000 WARNING mlmstudio.x: Line 7 of /data/my.jsonl is not a probe record; skipped.\n"
        "Paris\n"
        "    The capital of France is Paris.\n"
    )
    out = scrub_log(text)
    assert "INFO mlmstudio.x: Engine loaded in 1.25 s, in the background" in out
    assert "WARNING mlmstudio.x: Line 7 of <…> is not a probe record; skipped." in out
    assert "Paris" not in out and "France" not in out and "my.jsonl" not in out
