"""Keep the GUI's translations in step with its sources, and compile them.

    python scripts/translations.py update          # every mlmstudio_*.ts gets the sources' new strings
    python scripts/translations.py build           # every .ts compiled to the .qm the app loads
    python scripts/translations.py add fr          # a new, empty mlmstudio_fr.ts (then translate, build)
    python scripts/translations.py status          # per language: translated, unfinished, total

``update`` runs ``pyside6-lupdate`` over every ``mlmstudio/gui/**/*.py`` into every
``mlmstudio/gui/translations/mlmstudio_*.ts``: translations already made are kept, strings no
longer in the sources are dropped (``-no-obsolete``), new ones come in unfinished. The .ts files
hold no source locations (``-locations none``), so moving code does not touch them. ``build`` runs
``pyside6-lrelease`` on each .ts; commit the .ts and the .qm together (tests/gui/test_translations.py
checks that the .qm is what the .ts builds, that the .ts holds every string of the sources, and
that the German one is complete for the Simple path). docs/TRANSLATING.md has the whole recipe.

The tools come with PySide6 (``.venv/bin/pyside6-lupdate``); ``tool()`` finds them next to the
running Python first, then on the PATH.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUI = ROOT / "mlmstudio" / "gui"
TRANSLATIONS = GUI / "translations"
CATALOG = "mlmstudio"  # mlmstudio_<language>.ts / .qm, as mlmstudio.gui.i18n loads them
LUPDATE_OPTIONS = ("-no-obsolete", "-locations", "none", "-silent")


@dataclass(frozen=True)
class Message:
    context: str
    source: str
    comment: str
    translations: tuple[str, ...]  # one, or one per plural form
    kind: str  # "" (finished), "unfinished", "vanished", "obsolete"

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.context, self.source, self.comment)

    @property
    def finished(self) -> bool:
        return self.kind == "" and all(t.strip() for t in self.translations)


def tool(name: str) -> str | None:
    """The path of ``pyside6-<name>`` (lupdate, lrelease), or None when PySide6's tools are missing."""
    executable = f"pyside6-{name}"
    here = Path(sys.executable).parent / executable
    if here.exists():
        return str(here)
    return shutil.which(executable)


def sources() -> list[Path]:
    """Every Python file of the GUI, in a stable order."""
    return sorted(p for p in GUI.rglob("*.py") if "__pycache__" not in p.parts)


def ts_files(folder: Path = TRANSLATIONS) -> list[Path]:
    return sorted(folder.glob(f"{CATALOG}_*.ts"))


def language_of(ts: Path) -> str:
    return ts.stem[len(CATALOG) + 1 :]


def lupdate(ts: Path, files: list[Path] | None = None, target_language: str | None = None) -> None:
    """Merge the strings of ``files`` (the GUI's sources) into ``ts`` (created when missing)."""
    program = tool("lupdate")
    if program is None:
        raise SystemExit("pyside6-lupdate is not installed (it comes with PySide6)")
    with tempfile.TemporaryDirectory() as tmp:
        if files is None:
            generated = Path(tmp) / "run_config_messages.py"
            generated.write_text(config_source(), encoding="utf-8")
            files = [*sources(), generated]
        listing = Path(tmp) / "sources.lst"
        listing.write_text("\n".join(str(p) for p in files) + "\n", encoding="utf-8")
        command = [program, f"@{listing}", "-ts", str(ts), *LUPDATE_OPTIONS]
        if target_language:
            command += ["-target-language", target_language]
        subprocess.run(command, check=True, capture_output=True, text=True)


def config_messages() -> list[str]:
    """The run configuration's texts the forms show translated (context ``RunConfig``).

    mlmstudio/config.py imports no Qt, so its labels, help texts, choices and "zero means" rules
    are plain English there; gui/widgets/config_form.py translates them where they are shown
    (``config_text``), with a text lupdate cannot read. They are listed here instead.
    """
    import dataclasses

    sys.path.insert(0, str(ROOT))
    from mlmstudio import config

    texts: list[str] = list(config.FIELD_LABELS.values())
    seen: set[type] = set()
    sections = [config.RunConfig]
    while sections:
        section = sections.pop()
        if section in seen:
            continue
        seen.add(section)
        for f in dataclasses.fields(section):
            kind = f.type if isinstance(f.type, type) else None
            default = None if f.default is dataclasses.MISSING else f.default
            if default is None and f.default_factory is not dataclasses.MISSING:
                default = f.default_factory()
            if dataclasses.is_dataclass(default):
                sections.append(type(default))
                continue
            if kind is not None and dataclasses.is_dataclass(kind):
                sections.append(kind)
                continue
            meta = f.metadata
            if f.name not in config.FIELD_LABELS:
                texts.append(f.name.replace("_", " ").capitalize())
            for key in ("help", "zero_means"):
                if isinstance(meta.get(key), str):
                    texts.append(meta[key])
            if "choices" in meta:
                texts += [c for c in meta["choices"] if isinstance(c, str)]
                if isinstance(default, str):
                    texts.append(default)
    return [t for t in dict.fromkeys(texts) if t.strip()]


def config_source() -> str:
    """``config_messages`` as Python lupdate reads: one QT_TRANSLATE_NOOP("RunConfig", ...) a line."""
    lines = ["from PySide6.QtCore import QT_TRANSLATE_NOOP", ""]
    lines += [
        f'QT_TRANSLATE_NOOP("RunConfig", {json.dumps(t, ensure_ascii=False)})' for t in config_messages()
    ]
    return "\n".join(lines) + "\n"


def lrelease(ts: Path, qm: Path) -> None:
    program = tool("lrelease")
    if program is None:
        raise SystemExit("pyside6-lrelease is not installed (it comes with PySide6)")
    subprocess.run([program, "-silent", str(ts), "-qm", str(qm)], check=True, capture_output=True, text=True)


def messages(ts: Path) -> list[Message]:
    """The messages of a .ts file, in its order."""
    found = []
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            translation = message.find("translation")
            if translation is None:
                texts: tuple[str, ...] = ("",)
                kind = "unfinished"
            else:
                forms = translation.findall("numerusform")
                texts = tuple(f.text or "" for f in forms) if forms else (translation.text or "",)
                kind = translation.get("type", "")
            found.append(
                Message(name, message.findtext("source", ""), message.findtext("comment", ""), texts, kind)
            )
    return found


def update() -> list[Path]:
    updated = ts_files()
    for ts in updated:
        before = ts.read_text(encoding="utf-8")
        lupdate(ts)
        keep_plurals(before, ts)
    return updated


def keep_plurals(before: str, ts: Path) -> int:
    """Put back the plural forms lupdate dropped from ``ts``; ``before`` is the file before it ran.

    PySide6's lupdate marks a message as plural (``numerus="yes"``) only for ``self.tr(text, "", n)``,
    not for ``translate(context, text, None, n)``: each update turned a translator's plural forms
    back into one unfinished translation. A message that had them gets them back, as they were.
    Returns how many were restored.
    """
    plural = {}
    for context in ET.fromstring(before).iter("context"):
        for message in context.iter("message"):
            if message.get("numerus") == "yes":
                key = (
                    context.findtext("name", ""),
                    message.findtext("source", ""),
                    message.findtext("comment", ""),
                )
                plural[key] = message
    if not plural:
        return 0
    root = ET.parse(ts).getroot()
    restored = 0
    for context in root.iter("context"):
        name = context.findtext("name", "")
        for index, message in enumerate(list(context)):
            if message.tag != "message" or message.get("numerus") == "yes":
                continue
            key = (name, message.findtext("source", ""), message.findtext("comment", ""))
            if key in plural:
                kept = plural[key]
                kept.tail = message.tail
                context.remove(message)
                context.insert(index, kept)
                restored += 1
    if restored:
        body = ET.tostring(root, encoding="unicode")
        ts.write_text(f'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n{body}\n', encoding="utf-8")
    return restored


def build(folder: Path = TRANSLATIONS, out: Path | None = None) -> list[Path]:
    """Compile each .ts of ``folder`` to a .qm beside it (or in ``out``)."""
    built = []
    for ts in ts_files(folder):
        qm = (out or ts.parent) / f"{ts.stem}.qm"
        lrelease(ts, qm)
        built.append(qm)
    return built


def add(language: str) -> Path:
    ts = TRANSLATIONS / f"{CATALOG}_{language}.ts"
    if ts.exists():
        raise SystemExit(f"{ts.relative_to(ROOT)} exists already: run 'update'")
    lupdate(ts, target_language=language)
    return ts


def status() -> list[str]:
    lines = []
    for ts in ts_files():
        found = [m for m in messages(ts) if m.kind not in ("vanished", "obsolete")]
        done = sum(m.finished for m in found)
        lines.append(f"{language_of(ts)}: {done} of {len(found)} translated, {len(found) - done} unfinished")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("update", help="merge the sources' strings into every .ts")
    commands.add_parser("build", help="compile every .ts to its .qm")
    commands.add_parser("status", help="how much of each language is translated")
    new = commands.add_parser("add", help="start the .ts of a new language")
    new.add_argument("language", help="a language code: fr, es, pt_BR")
    args = parser.parse_args(argv)
    if args.command == "update":
        for ts in update():
            print(f"updated {ts.relative_to(ROOT)}")
    elif args.command == "build":
        for qm in build():
            print(f"built {qm.relative_to(ROOT)}")
    elif args.command == "add":
        print(f"created {add(args.language).relative_to(ROOT)}; translate it, then run 'build'")
    else:
        print("\n".join(status()) or "no translations yet")
    return 0


if __name__ == "__main__":
    sys.exit(main())
