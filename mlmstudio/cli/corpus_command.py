"""``mlmstudio corpus SOURCE``: what the engine reads from a file, before any training.

The same ``load_corpus`` the app and ``train`` use, so a corpus can be checked
from a terminal: its encoding (and how sure that is), size, lines, characters,
words and a preview, with the warnings the Corpus page would show. When the
encoding is an uncertain guess, the top candidates are listed with a preview
line each; ``--encoding NAME`` reads the files with the user's choice. A file that
cannot be used ends with the engine's sentence and exit code 2.
"""

from __future__ import annotations

import argparse
import json
import textwrap

from mlmstudio.config import CorpusConfig
from mlmstudio.unicode_text import is_text

PREVIEW_CHARS = 400


def add_corpus_command(commands: argparse._SubParsersAction) -> None:
    defaults = CorpusConfig()
    command = commands.add_parser(
        "corpus",
        help="Show what is read from a corpus: encoding, size, words, a preview.",
        description="Read a corpus as training would, and describe it. SOURCE is a .txt/.jsonl/.csv "
        "file, a folder of .txt/.md files, or sample:NAME (facts, pydoc, tutorial).",
    )
    # dest "corpus": a path, so a file name with bytes that are not UTF-8 still reaches the file.
    command.add_argument("corpus", metavar="SOURCE", help="A file, a folder or sample:NAME.")
    command.add_argument(
        "--text-field",
        default=defaults.text_field,
        help=f"For a .jsonl file: the field that holds the text (default: {defaults.text_field}).",
    )
    command.add_argument(
        "--csv-column",
        default=defaults.csv_column,
        help="For a .csv file: the column that holds the text (default: the column named 'text').",
    )
    command.add_argument(
        "--encoding",
        default=defaults.encoding,
        metavar="NAME",
        help="Read the files in this encoding (utf-8, shift_jis, gbk, big5, euc_kr, cp1251, koi8-r, "
        "iso8859-2, ...) instead of detecting it.",
    )
    command.add_argument(
        "--preview",
        type=int,
        default=PREVIEW_CHARS,
        metavar="CHARS",
        help=f"Characters of preview to show, 0 for none (default: {PREVIEW_CHARS}).",
    )
    command.add_argument("--json", action="store_true", help="Print the description as JSON.")
    command.set_defaults(func=cmd_corpus)


def cmd_corpus(args: argparse.Namespace) -> int:
    from mlmstudio.engine.corpus import load_corpus
    from mlmstudio.engine.errors import CorpusError

    if args.preview < 0:
        raise CorpusError(f"--preview must be 0 or more characters (got {args.preview}).")
    corpus = load_corpus(
        args.corpus, text_field=args.text_field, csv_column=args.csv_column, encoding=args.encoding
    )
    report = describe(corpus, args.preview, chosen=bool(args.encoding.strip()))
    if args.json:
        text = json.dumps(report, indent=2, ensure_ascii=False)
        if not is_text(text):  # a file name with bytes that are not UTF-8: \udcxx escapes
            text = json.dumps(report, indent=2)
        print(text)
    else:
        print(as_text(report))
    return 0


def _printable(text: str) -> str:
    """Undecodable bytes of a file name shown as \\xNN, so any terminal can print the line."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def describe(corpus, preview_chars: int = PREVIEW_CHARS, chosen: bool = False) -> dict:
    """The corpus as plain data, in the order a reader wants it (``chosen``: the user gave the encoding)."""
    from mlmstudio.engine.encoding import LOW_CONFIDENCE

    stats = corpus.stats
    return {
        "name": corpus.name,
        "source": corpus.source,
        "encoding": stats.encoding,
        "encoding_label": stats.encoding_label,
        "encoding_confidence": stats.encoding_confidence,
        "encoding_chosen": chosen,
        "encoding_uncertain": not chosen and stats.encoding_confidence < LOW_CONFIDENCE,
        "encoding_candidates": [
            {"encoding": c.encoding, "label": c.label, "preview": c.preview}
            for c in getattr(corpus, "encoding_candidates", ())
        ],
        "bytes": stats.size_bytes,
        "lines": stats.lines,
        "characters": stats.characters,
        "words": stats.words,
        "distinct_characters": stats.unique_characters,
        "distinct_words": stats.vocabulary_estimate,
        "sha256": stats.sha256,
        "warnings": list(corpus.warnings),
        "preview": corpus.preview(preview_chars) if preview_chars else "",
    }


def as_text(report: dict) -> str:
    confidence = report["encoding_confidence"]
    if report.get("encoding_chosen"):
        sure = "as chosen (--encoding)"
    elif report.get("encoding_uncertain"):
        sure = f"uncertain, a guess with {confidence:.0%} confidence"
    else:
        sure = "certain" if confidence >= 1.0 else f"a guess with {confidence:.0%} confidence"
    rows = [
        ("encoding", f"{report['encoding_label']}; {sure}"),
        ("bytes", f"{report['bytes']:,}"),
        ("lines", f"{report['lines']:,}"),
        ("characters", f"{report['characters']:,}"),
        ("words", f"{report['words']:,}"),
        ("distinct characters", f"{report['distinct_characters']:,}"),
        ("distinct words", f"{report['distinct_words']:,}"),
        ("sha256", report["sha256"]),
    ]
    lines = [_printable(f"{report['name']}  ({report['source']})")]
    lines += [f"  {label + ':':<21}{value}" for label, value in rows]
    if report.get("encoding_candidates"):
        lines.append("  encoding candidates (choose one with --encoding NAME):")
        lines += [
            _printable(f"    {c['encoding']:<12}{c['label']}: {c['preview']}")
            for c in report["encoding_candidates"]
        ]
    for warning in report["warnings"]:
        lines += textwrap.wrap(
            _printable(warning), width=88, initial_indent="  warning: ", subsequent_indent="           "
        )
    if report["preview"]:
        lines.append("  preview:")
        lines += ["    " + line for line in report["preview"].splitlines()]
    return "\n".join(lines)
