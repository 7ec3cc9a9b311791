"""The rarer refusals of History's imports and of the queue, in the German app (issue 21).

Each one is raised for real by the store (a .mlmrun bundle altered the way a damaged or foreign
file would be, a run folder with bad curves or metrics, a queue asked the impossible), then shown
as History and the Queue show it (``user_message`` → ``translated``) with the committed German
catalogue installed: the German sentence shows, its values are carried over, the English is gone.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
import zipfile
from pathlib import Path

import pytest

from mlmstudio.gui.background import user_message
from mlmstudio.gui.engine_messages import translated
from mlmstudio.store import bundle

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from german_checks import raised  # noqa: E402

from store_helpers import add_run, build_model_files  # noqa: E402


def _german(exc: Exception, *expected: str) -> str:
    """The refusal as History shows it: each of ``expected`` in it, no English sentence left."""
    english, shown = str(exc), user_message(exc, "Etwas")
    assert shown != english, f"still English: {english}"
    for part in expected:
        assert part in shown, (part, shown)
    for tail in ("Nothing was imported", "nothing was imported", " is ", " the "):
        assert tail not in shown, (tail, shown)
    return shown


# --- a .mlmrun bundle -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def model_folder(tmp_path_factory) -> Path:
    return build_model_files(tmp_path_factory.mktemp("model"))


@pytest.fixture
def exported(db, model_folder, tmp_path) -> Path:
    run_id = add_run(db, name="exported run", model_files=model_folder, steps=4)
    return bundle.export_bundle(db, run_id, tmp_path / "out" / "run")


def _rewrite(source: Path, target: Path, *, members=None, manifest=None, drop=(), **info) -> Path:
    """A copy of a bundle with members replaced or added (``members``), the manifest changed by
    ``manifest(dict)`` (rehashed for the replaced members), and ``info`` set on every ZipInfo."""
    with zipfile.ZipFile(source) as zf:
        data = {name: zf.read(name) for name in zf.namelist() if name not in drop}
    data.update(members or {})
    found = json.loads(data["manifest.json"]) if "manifest.json" not in (members or {}) else {"files": {}}
    for name, content in (members or {}).items():
        if name != "manifest.json":
            found["files"][name] = {"sha256": hashlib.sha256(content).hexdigest(), "size": len(content)}
    if manifest is not None:
        manifest(found)
    if "manifest.json" not in (members or {}):
        data["manifest.json"] = json.dumps(found).encode()
    with zipfile.ZipFile(target, "w") as zf:
        for name, content in data.items():
            zf.writestr(
                zipfile.ZipInfo(name), content, compress_type=info.get("compress_type", zipfile.ZIP_DEFLATED)
            )
    if info.get("encrypted"):  # zipfile writes no encrypted member: set the flag in the central directory
        raw = bytearray(target.read_bytes())
        at = raw.find(b"PK\x01\x02")
        while at >= 0:
            raw[at + 8] |= 0x1
            at = raw.find(b"PK\x01\x02", at + 4)
        target.write_bytes(bytes(raw))
    return target


def _set(path: tuple[str, ...], value):
    def change(manifest):
        target = manifest
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


METRICS_HEADER = b"step,split,name,value,wall_time\n"

BUNDLES = {
    "unexpected file": (
        dict(members={"setup.py": b"import os"}),
        "Die .mlmrun-Datei enthält eine unerwartete Datei ('setup.py'). Sie wurde nicht von MLM Studio "
        "geschrieben; es wurde nichts importiert.",
    ),
    "encrypted": (dict(encrypted=True), "in der .mlmrun-Datei ist verschlüsselt."),
    "compression": (
        dict(compress_type=zipfile.ZIP_BZIP2),
        "in der .mlmrun-Datei ist mit einem nicht unterstützten Verfahren komprimiert.",
    ),
    "not a run": (
        dict(manifest=_set(("format",), "zip")),
        "Die manifest.json der .mlmrun-Datei beschreibt keinen Lauf von MLM Studio. Es wurde nichts importiert.",
    ),
    "no file list": (
        dict(manifest=lambda m: m.pop("files")),
        "Der manifest.json der .mlmrun-Datei fehlt die Liste der Dateien oder der Eintrag des Laufs.",
    ),
    "lists a missing file": (
        dict(manifest=_set(("files", "probes.jsonl"), {"sha256": "0" * 64, "size": 1})),
        "Das Manifest der .mlmrun-Datei nennt probes.jsonl, die in ihr fehlen. Sie ist unvollständig;",
    ),
    "manifest not JSON": (
        dict(members={"manifest.json": b"{not json"}),
        "Die manifest.json der .mlmrun-Datei ist kein gültiges JSON (Expecting property name enclosed in "
        "double quotes in Zeile 1). Es wurde nichts importiert.",
    ),
    "manifest too deep": (
        dict(members={"manifest.json": b"[" * 300 + b"]" * 300}),
        "Die manifest.json der .mlmrun-Datei ist 300 Ebenen tief verschachtelt; erwartet werden höchstens",
    ),
    "manifest not UTF-8": (
        dict(members={"manifest.json": b'{"a": "\xff"}'}),
        "Die manifest.json der .mlmrun-Datei ist kein UTF-8-Text (Byte 7).",
    ),
    "origin unreadable": (
        dict(members={"origin.json": b"[1, 2]"}),
        "Die origin.json in der .mlmrun-Datei (die sagt, woher ihr Modell stammt) kann nicht gelesen werden (",
    ),
    "metrics header": (
        dict(members={"metrics.csv": b"a,b\n"}),
        "Die metrics.csv der .mlmrun-Datei muss mit der Kopfzeile step,split,name,value,wall_time beginnen.",
    ),
    "metrics line": (
        dict(members={"metrics.csv": METRICS_HEADER + b"1,train,loss,0.5,0\n2,test,loss,0.5,0\n"}),
        "Zeile 3 der metrics.csv der .mlmrun-Datei ist kein gültiger Messpunkt. Es wurde nichts importiert.",
    ),
    "run name": (
        dict(manifest=_set(("run", "name"), 5)),
        "Das Manifest der .mlmrun-Datei enthält für den Lauf einen ungültigen Wert „name“.",
    ),
    "run time": (
        dict(manifest=_set(("run", "started_at"), "yesterday")),
        "enthält für den Lauf einen ungültigen Wert „started_at“.",
    ),
    "run tags": (
        dict(manifest=_set(("run", "tags"), "keep")),
        "Das Manifest der .mlmrun-Datei enthält ungültige Schlagwörter des Laufs.",
    ),
    "run summary": (
        dict(manifest=_set(("run", "last_step"), -1)),
        "Das Manifest der .mlmrun-Datei enthält eine ungültige Zusammenfassung des Laufs.",
    ),
    "corpus record": (
        dict(manifest=_set(("run", "corpus"), {"sha256": "short"})),
        "Das Manifest der .mlmrun-Datei enthält einen ungültigen Eintrag des Korpus.",
    ),
}


@pytest.mark.parametrize("case", BUNDLES, ids=list(BUNDLES))
def test_each_rarer_bundle_refusal_is_said_in_german(case, german, db, exported, tmp_path):
    changes, expected = BUNDLES[case]
    target = _rewrite(exported, tmp_path / "altered.mlmrun", **changes)
    _german(raised(lambda: bundle.import_bundle(db, target)), expected)


def test_a_bundle_with_a_member_twice_is_said_in_german(german, db, exported, tmp_path):
    target = tmp_path / "twice.mlmrun"
    shutil.copy(exported, target)
    with pytest.warns(UserWarning), zipfile.ZipFile(target, "a") as zf:
        zf.writestr("tokenizer.json", b"{}")
    _german(
        raised(lambda: bundle.import_bundle(db, target)),
        "Die .mlmrun-Datei enthält tokenizer.json zweimal. Sie ist beschädigt; es wurde nichts importiert.",
    )


def test_a_bundle_too_large_or_like_a_zip_bomb_is_said_in_german(german, db, exported, monkeypatch):
    monkeypatch.setitem(bundle.MEMBER_LIMITS, "tokenizer.json", 1024)
    _german(
        raised(lambda: bundle.import_bundle(db, exported)),
        "tokenizer.json in der .mlmrun-Datei ist zu groß (",
        " MiB; höchstens 0 MiB). Es wurde nichts importiert.",
    )
    monkeypatch.undo()
    monkeypatch.setattr(bundle, "RATIO_CHECK_ABOVE", 0)
    monkeypatch.setattr(bundle, "MAX_COMPRESSION_RATIO", 1)
    _german(
        raised(lambda: bundle.import_bundle(db, exported)),
        "in der .mlmrun-Datei würde beim Entpacken auf das ",
        "-Fache anwachsen, wie eine Zip-Bombe. Sie wurde abgelehnt; es wurde nichts importiert.",
    )


def test_a_bundle_member_larger_than_it_declares_is_said_in_german(german, db, exported, monkeypatch):
    checked = bundle._checked_members

    def then_smaller(zf):  # the sizes pass; reading finds more than the (now smaller) limit
        members = checked(zf)
        monkeypatch.setitem(bundle.MEMBER_LIMITS, "manifest.json", 10)
        return members

    monkeypatch.setattr(bundle, "_checked_members", then_smaller)
    _german(
        raised(lambda: bundle.import_bundle(db, exported)),
        "manifest.json in der .mlmrun-Datei ist größer als angegeben. Die Datei wurde abgelehnt;",
    )


# --- a run folder ---------------------------------------------------------------------------------


@pytest.fixture
def run_folder(model_folder, tmp_path) -> Path:
    folder = tmp_path / "a run"
    shutil.copytree(model_folder, folder)
    return folder


CURVES = {
    "negative step": (
        b"-3,train,loss,1.0,0.1",
        "Zeile 2 der curves.csv des Ordners hat einen negativen Schritt (-3).",
    ),
    "huge step": (
        b"1" + b"0" * 30 + b",train,loss,1.0,0.1",
        "hat einen Schritt mit 31 Ziffern, mehr, als ein",
    ),
    "split": (b"1,test,loss,1.0,0.1", "nennt den Datenteil 'test'; Kurven gehören zu 'train' oder 'val'."),
    "metric": (b"1,train,lo ss,1.0,0.1", "nennt die Messgröße 'lo ss', die kein Name einer Messgröße ist."),
    "not finite": (b"1,train,loss,inf,0.1", "enthält einen Wert, der keine endliche Zahl ist."),
    "repeated": (
        b"1,train,loss,1.0,0.1\n1,train,loss,2.0,0.2",
        "Zeile 3 der curves.csv des Ordners wiederholt",
    ),
    "bad line": (
        b"1,train,loss,x,0.1\n2,train,loss,1.0,0.2",
        "Die Kurvendatei des Ordners kann nicht gelesen werden: Zeile 2 von curves.csv ist kein gültiger "
        "Kurvenpunkt. Es wurde nichts importiert.",
    ),
    "bad header": (None, "kann nicht gelesen werden: curves.csv muss mit der Kopfzeile step,split,name"),
}


@pytest.mark.parametrize("case", CURVES, ids=list(CURVES))
def test_each_curve_problem_of_a_folder_is_said_in_german(case, german, db, run_folder):
    from mlmstudio.store.folder_import import import_run_folder

    rows, expected = CURVES[case]
    curves = b"a,b,c\n1,2,3\n" if rows is None else METRICS_HEADER + rows + b"\n"
    (run_folder / "curves.csv").write_bytes(curves)
    _german(raised(lambda: import_run_folder(db, run_folder)), expected)


METRICS = {
    "not JSON": (
        b"{nope",
        "Die metrics.json des Ordners kann nicht gelesen werden: Sie ist kein gültiges JSON",
    ),
    "not an object": (
        b"[1]",
        "Die metrics.json des Ordners ist kein JSON-Objekt. Es wurde nichts importiert.",
    ),
    "steps a word": (
        b'{"steps": "many"}',
        "Die metrics.json des Ordners gibt 'steps' als 'many' an, keine ganze",
    ),
    "steps negative": (
        b'{"steps": -4}',
        "gibt 'steps' als -4 an, was keine ganze Zahl von 0 bis 9223372036854775807",
    ),
}


@pytest.mark.parametrize("case", METRICS, ids=list(METRICS))
def test_each_metrics_problem_of_a_folder_is_said_in_german(case, german, db, run_folder):
    from mlmstudio.store.folder_import import import_run_folder

    content, expected = METRICS[case]
    (run_folder / "metrics.json").write_bytes(content)
    _german(raised(lambda: import_run_folder(db, run_folder)), expected)


def test_a_folder_whose_model_cannot_be_loaded_is_said_in_german(german, db, run_folder):
    from mlmstudio.store.folder_import import import_run_folder

    (run_folder / "model.safetensors").write_bytes(b"\x80\x04pickle" * 100)
    _german(
        raised(lambda: import_run_folder(db, run_folder)),
        f"Das Modell in {run_folder} lässt sich nicht laden: Die Datei model.safetensors in",
        "Es wurde nichts importiert.",
    )


# --- the queue ------------------------------------------------------------------------------------


def test_the_queues_rarer_refusals_are_said_in_german(german, db, make_tiny_config):
    from mlmstudio.store import queue

    first = queue.add_item(db, make_tiny_config(), name="one")
    _german(
        raised(lambda: queue.move_item(db, first.id, 7)),
        "Position 7 liegt außerhalb der Warteschlange: Geben Sie eine Zahl von 1 bis 1 an.",
    )
    _german(
        raised(lambda: queue.reorder(db, [first.id, first.id])),
        "Die Warteschlange hat sich inzwischen geändert (ein Eintrag wurde entfernt oder doppelt aufgeführt).",
    )
    _german(
        raised(lambda: queue.set_after_crash(db, "sometimes")),
        "Nach einem Absturz kann die Warteschlange 'wait' (warten) oder 'resume' (fortsetzen), nicht 'sometimes'.",
    )


def test_a_damaged_queue_item_is_said_in_german(german, db, make_tiny_config):
    from sqlalchemy import text

    from mlmstudio.store import queue

    item = queue.add_item(db, make_tiny_config(), name="one")
    with db.session() as session:
        session.execute(
            text("UPDATE queue_items SET config_json = '{\"model\": 5}' WHERE id = :id"), {"id": item.id}
        )
    stored = queue.get_item(db, item.id)
    shown = _german(
        raised(lambda: stored.config),
        f"Die Einstellungen, die mit Eintrag {item.id} der Warteschlange gespeichert sind, können nicht gelesen "
        "werden: Der Abschnitt 'model' der Konfiguration muss ein Objekt sein. Entfernen Sie den Eintrag mit '",
    )
    assert f"queue remove {item.id}'" in shown
    with db.session() as session:
        session.execute(
            text("UPDATE queue_items SET started_at = 'yesterday' WHERE id = :id"), {"id": item.id}
        )
    (damaged,) = queue.damaged_items(db)
    shown = translated(damaged.message)
    assert shown.startswith("Der Datensatz dieses Eintrags im Laufverlauf "), shown
    assert (
        "ist beschädigt (seine Startzeit lautet 'yesterday'), daher überspringt die Warteschlange ihn."
        in shown
    )
    assert "Remove" not in shown and "skips" not in shown


def test_the_queue_items_own_messages_are_german(german):
    from mlmstudio.store import queue

    assert translated(queue.INTERRUPTED_ITEM_MESSAGE).startswith("Der Prozess, der diesen Eintrag ausführte,")
    assert translated(queue.STOPPED_ITEM_MESSAGE).startswith("Der Lauf wurde vor seinem Abschluss gestoppt.")
    assert translated("The run failed.") == "Der Lauf ist fehlgeschlagen."


# --- a run configuration and a model folder, as the imports and Explore read them ------------------


CONFIGS = {
    "not an object": ("[1]", "Eine Laufkonfiguration muss ein JSON-Objekt sein."),
    "unknown section": ('{"colour": {}}', "Unbekannte Abschnitte der Konfiguration: colour."),
    "unknown setting": ('{"model": {"colour": 1}}', "Unbekannte Einstellungen in 'model': colour."),
    "whole number": (
        '{"model": {"d_model": "wide"}}',
        "Die Einstellung model.d_model muss eine ganze Zahl sein, nicht 'wide'.",
    ),
    "number": (
        '{"training": {"lr": "fast"}}',
        "Die Einstellung training.lr muss eine Zahl sein, nicht 'fast'.",
    ),
    "text": ('{"model": {"arch": 5}}', "Die Einstellung model.arch muss ein Text sein, nicht 5."),
    "on or off": (
        '{"tokenizer": {"lowercase": "maybe"}}',
        "muss an oder aus sein (true oder false), nicht 'maybe'.",
    ),
    "newer version": (
        '{"config_version": 99}',
        "Diese Konfiguration hat die Version 99; dieses MLM Studio liest die Versionen 1 bis",
    ),
    "not JSON": ("{nope", "run.json: Die Konfiguration ist kein gültiges JSON (Expecting property name"),
}


@pytest.mark.parametrize("case", CONFIGS, ids=list(CONFIGS))
def test_each_unreadable_run_configuration_is_said_in_german(case, german, tmp_path):
    from mlmstudio.config import RunConfig

    content, expected = CONFIGS[case]
    (tmp_path / "run.json").write_text(content, encoding="utf-8")
    _german(raised(lambda: RunConfig.from_file(tmp_path / "run.json")), expected)
    _german(raised(lambda: RunConfig.from_file(tmp_path / "nowhere.json")), "Die Konfigurationsdatei ")


def test_a_damaged_model_folder_is_said_in_german(german, run_folder):
    from mlmstudio.engine.artifacts import load_model_dir

    (run_folder / "model.safetensors").write_bytes(b"\x80\x04pickle" * 100)
    _german(
        raised(lambda: load_model_dir(run_folder, device="cpu")),
        f"Die Datei model.safetensors in {run_folder} ist beschädigt oder keine safetensors-Datei (",
        "Wählen Sie einen anderen Ordner oder trainieren Sie neu.",
    )
    (run_folder / "tokenizer.json").write_text("{not json", encoding="utf-8")
    _german(
        raised(lambda: load_model_dir(run_folder, device="cpu")),
        f"Die tokenizer.json in {run_folder} lässt sich nicht verwenden: Die Tokenizer-Datei ",
    )
    (run_folder / "tokenizer.json").unlink()
    _german(
        raised(lambda: load_model_dir(run_folder, device="cpu")),
        f"Im Ordner {run_folder} fehlt tokenizer.json.",
    )
    _german(
        raised(lambda: load_model_dir(run_folder / "config.json", device="cpu")),
        "ist eine Datei, kein Modellordner. Wählen Sie einen Ordner, den MLM Studio geschrieben hat",
    )
    _german(
        raised(lambda: load_model_dir(run_folder / "gone", device="cpu")),
        f"Der Ordner {run_folder / 'gone'} existiert nicht.",
    )


def test_weights_that_do_not_match_are_said_in_german_with_what_is_wrong(german, run_folder):
    from safetensors.torch import load_file, save_file

    from mlmstudio.engine.artifacts import load_model_dir

    state = load_file(run_folder / "model.safetensors")
    first = sorted(state)[0]
    state["extra.weight"] = state.pop(first)
    save_file(state, run_folder / "model.safetensors")
    shown = _german(
        raised(lambda: load_model_dir(run_folder, device="cpu")),
        f"Die Gewichte in {run_folder} passen nicht zur config.json und tokenizer.json des Ordners (es fehlen {first}; "
        "unerwartet: extra.weight).",
    )
    assert "missing" not in shown


def test_the_model_check_of_a_bundle_names_the_bundle_in_german(german, db, exported, tmp_path):
    target = _rewrite(
        exported, tmp_path / "weights.mlmrun", members={"model.safetensors": b"\x80\x04x" * 100}
    )
    _german(
        raised(lambda: bundle.import_bundle(db, target)),
        "Das Modell in der .mlmrun-Datei lässt sich nicht laden: Die Datei model.safetensors in der .mlmrun-Datei "
        "ist beschädigt",
    )


def test_a_probe_row_of_a_configuration_file_is_refused_in_german(german, tmp_path):
    from mlmstudio.config import RunConfig

    (tmp_path / "run.json").write_text('{"probes": {"items": [5]}}', encoding="utf-8")
    _german(
        raised(lambda: RunConfig.from_file(tmp_path / "run.json")),
        "Probe 1 von probes.items muss ein Objekt mit „sentence“ und „answer“ sein, nicht 5.",
    )
    (tmp_path / "run.json").write_text('{"probes": {"items": [[1, 2]]}}', encoding="utf-8")
    _german(
        raised(lambda: RunConfig.from_file(tmp_path / "run.json")),
        "Probe 1 von probes.items: Satz und Antwort müssen Text sein.",
    )


def test_a_history_that_needs_no_rebuilding_is_said_in_german(german, tmp_path):
    from mlmstudio.store.database import Database
    from mlmstudio.store.history_repair import rebuild_history

    Database.open(tmp_path / "data").close()
    _german(
        raised(lambda: rebuild_history(tmp_path / "data")),
        f"Der Laufverlauf unter {tmp_path / 'data' / 'history.sqlite3'} ist lesbar; es gibt nichts neu aufzubauen.",
        "Mit --force wird er trotzdem aus den Laufordnern neu aufgebaut",
    )
