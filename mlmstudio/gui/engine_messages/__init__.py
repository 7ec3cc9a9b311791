"""The engine's sentences a first-time user meets, in the user's language.

The engine, the store and the config raise errors as English sentences (they import no Qt
and serve the command line too). The app shows many of them as they come. The ones a
newcomer meets on the Simple path go through ``translated``: each is recognised by its
English wording, and its values (a file name, a number) are carried into the
translated sentence. A sentence that matches nothing is shown as it came, in English.

The patterns live by domain, one module each: ``setup`` (the corpus, the tokenizer, training,
the run configuration), ``history`` (the run history, bundles, folder imports, the queue),
``explore``, ``models`` (opened model folders), ``export`` (capsules, bundles, Hugging Face
folders) and ``os_reasons`` (the operating system's and SQLite's own words inside a sentence).

Each pattern mirrors the sentence its engine module writes; tests/gui/test_engine_messages.py
and tests/gui/test_german_errors.py raise them for real, so a reworded engine sentence fails
a test rather than silently losing its translation.
"""

from __future__ import annotations

import html
import re

from PySide6.QtCore import QT_TRANSLATE_NOOP

from mlmstudio.config import FIELD_LABELS
from mlmstudio.gui.engine_messages import explore, export, history, models, os_reasons, setup
from mlmstudio.gui.i18n import localize_digits, translate

# (the engine's English sentence as a pattern with named values, the translatable template), by domain;
# the first pattern that matches the whole sentence wins. Those that start with fixed words come first:
# "None of the 2 text files in X contains usable text. The first problem: a.txt looks like a binary
# file ..." is the folder's sentence, not the file's with a long name.
_SENTENCES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    sorted(
        (
            (re.compile(pattern, re.DOTALL), template)
            for pattern, template in (
                *setup.SENTENCES,
                *history.SENTENCES,
                *explore.SENTENCES,
                *export.SENTENCES,
                *models.SENTENCES,
            )
        ),
        key=lambda entry: entry[0].pattern.startswith("(?P<"),
    )
)


# Where one sentence of a note or an advice ends and the next begins.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def translated(message: str) -> str:
    """``message`` in the user's language when it is one of the sentences above, else as it came.

    A message made of several sentences (a run's note, the learned-too-little advice) is
    translated a sentence at a time; the sentences nothing matches stay as they came.
    """
    whole = _one(message.strip())
    if whole is not None:
        return whole
    reason = os_reasons.in_language(message.strip())  # the system's or SQLite's own words, alone
    if reason is not None:
        return reason
    sentences = _SENTENCE_END.split(message.strip())
    if len(sentences) < 2:
        return message
    parts = [_one(sentence) for sentence in sentences]
    if all(part is None for part in parts):
        return message
    return " ".join(
        part if part is not None else sentence for part, sentence in zip(parts, sentences, strict=True)
    )


def _one(sentence: str) -> str | None:
    for pattern, template in _SENTENCES:
        found = pattern.fullmatch(sentence)
        if found is not None:
            values = {name: _value(name, value) for name, value in found.groupdict().items()}
            return translate("EngineMessages", template).format(**values)
    return None


def _value(name: str, value: str) -> str:
    """A value carried into a translated sentence; the ones that are English words translated too."""
    if name in (
        "reason",
        "error",
        "detail",
        "split_as",
    ):  # an engine sentence, or the system's words, inside another
        return translated(value)
    if name == "details":  # clauses joined by "; " (what does not match)
        return "; ".join(translated(part) for part in value.split("; "))
    if name == "where" and value == "The tokenizer":
        return translate("EngineMessages", "The tokenizer")
    if name == "where" and value.startswith("The tokenizer file "):
        return translate("EngineMessages", "The tokenizer file {path}").format(path=value[19:])
    if name == "rows":  # engine/evaluate/tasks.py _rows: "Row 3", "Rows 3, 4, 5 and 2 more"
        return _rows(value)
    if name in ("first_run", "second_run"):  # engine/inspect/token_loss.py _named
        if value == "The first run":
            return translate("EngineMessages", "The first run")
        return translate("EngineMessages", "Run {label}").format(label=value.removeprefix("Run "))
    if name == "the_what" and value in _OUTPUTS:  # "The export folder": what is written, as a subject
        return translate("EngineMessages", _OUTPUTS[value])
    if name == "owner" and value in _OWNERS:  # whose files an output would replace
        return translate("EngineMessages", _OWNERS[value])
    if name == "path" and value in _PLACES:  # a folder the engine names by what it is
        return translate("EngineMessages", _PLACES[value])
    if name == "note" and value.startswith("<br><i>") and value.endswith("</i>"):  # per-token loss's note
        return f"<br><i>{html.escape(translated(html.unescape(value[7:-4])))}</i>"
    if name == "setting":  # "model.d_model (width)": the key stays, the form's name is translated
        return _setting(value)
    if name == "zero":  # what 0 means, from the config's metadata (context RunConfig)
        return translate("RunConfig", value)
    if name == "status":
        from mlmstudio.gui.runs_table_model import status_label

        return status_label(value)
    if name == "subject":
        return transfer_label(value)
    if name == "label":  # a setting's name as the forms show it (FIELD_LABELS), else as it came
        return translate("RunConfig", value) if value in _LABELS else value
    if name == "what":
        return translate("EngineMessages", _SWEEP_WHAT[value]) if value in _SWEEP_WHAT else value
    if name == "source" and value in _DATA_DIR_SOURCES:  # where the data directory was chosen
        return translate("EngineMessages", _DATA_DIR_SOURCES[value])
    if name.endswith("_label") and value in _RUN_FALLBACKS:  # a run with no label of its own
        return translate("EngineMessages", _RUN_FALLBACKS[value])
    if _ENGLISH_NUMBER.fullmatch(value) and name not in _KEPT_AS_WRITTEN:
        return localize_digits(value)  # "1,000 tokens", "0.5": the engine's English separators
    return value


# A number as the engine writes it (1,000 / 0.5 / 3e-4 / 15%), carried with the separators of the
# app's language; the user's own text (a token, a word, a name, a path) and versions stay as written.
_ENGLISH_NUMBER = re.compile(r"[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:e[-+]?\d+)?%?")
_KEPT_AS_WRITTEN = frozenset(  # the user's text, names, codes: a "2.5" among them is not a number
    "token word pieces answer sentence text name names path file folder version example sample key id pid "
    "port host address code revision repo digits label_value column header field guess choice choices "
    "mask query command link device".split()
)


_LABELS = frozenset(FIELD_LABELS.values())
_SWEEP_WHAT = {
    "range": QT_TRANSLATE_NOOP("EngineMessages", "range"),
    "choices": QT_TRANSLATE_NOOP("EngineMessages", "choices"),
}
_PLACES = {"the bundle": QT_TRANSLATE_NOOP("EngineMessages", "the bundle")}  # store/bundle.py _check_model
_OUTPUTS = {  # engine/output_paths.py's ``what``, starting a sentence
    "The export folder": QT_TRANSLATE_NOOP("EngineMessages", "The export folder"),
    "The bundle file": QT_TRANSLATE_NOOP("EngineMessages", "The bundle file"),
    "The capsule folder": QT_TRANSLATE_NOOP("EngineMessages", "The capsule folder"),
}
_OWNERS = {  # engine/output_paths.py check_outside's ``owner``, after "inside"
    "the history's run folders": QT_TRANSLATE_NOOP("EngineMessages", "the history's run folders"),
    "the run history": QT_TRANSLATE_NOOP("EngineMessages", "the run history"),
}
_DATA_DIR_SOURCES = {"the platform's default": QT_TRANSLATE_NOOP("EngineMessages", "the platform's default")}
_RUN_FALLBACKS = {
    "The run": QT_TRANSLATE_NOOP("EngineMessages", "The run"),
    "run A": QT_TRANSLATE_NOOP("EngineMessages", "run A"),
    "run B": QT_TRANSLATE_NOOP("EngineMessages", "run B"),
}


_ROWS = re.compile(r"(?P<many>Rows?) (?P<shown>[\d, ]+?)(?: and (?P<more>[\d,]+) more)?")


def _rows(value: str) -> str:
    found = _ROWS.fullmatch(value)
    if found is None:
        return value
    shown = found["shown"]
    if found["more"]:
        shown = translate("EngineMessages", "{shown} and {more} more").format(shown=shown, more=found["more"])
    if found["many"] == "Rows":
        return translate("EngineMessages", "Rows {rows}").format(rows=shown)
    return translate("EngineMessages", "Row {rows}").format(rows=shown)


def token_loss_body(body: str) -> str:
    """Per-token loss's ``body_html`` with its summary and legend in the user's language.

    Only the two paragraphs before the coloured text are read: the text is the user's
    (tens of thousands of marks) and stays as it came.
    """
    if not body.startswith("<p>"):
        return body
    summary, found, rest = body[3:].partition("</p><p>")
    legend, found_legend, text = rest.partition("</p>")
    if not (found and found_legend):
        return body
    return f"<p>{translated(summary)}</p><p>{translated(legend)}</p>{text}"


def _setting(value: str) -> str:
    key, _, _ = value.partition(" (")
    field_name = key.rpartition(".")[2]
    label = FIELD_LABELS.get(field_name)
    if not label or not value.endswith(")"):
        return value
    shown = translate("RunConfig", label).split(" (")[0]  # as config._label cuts the English
    return f"{key} ({shown})"


def setting_label(field_name: str) -> str:
    """A setting's name as the forms show it (``lr`` → "Learning rate", translated)."""
    label = FIELD_LABELS.get(field_name)
    return translate("RunConfig", label) if label else field_name


# Explore's layer names (engine/inspect/attention.py attention_layer_names, logit_lens stage names).
_LAYER = re.compile(r"(?P<kind>layer|generator|discriminator) (?P<number>\d+)")
_LAYER_NAMES = {
    "layer": QT_TRANSLATE_NOOP("EngineMessages", "layer {number}"),
    "generator": QT_TRANSLATE_NOOP("EngineMessages", "generator {number}"),
    "discriminator": QT_TRANSLATE_NOOP("EngineMessages", "discriminator {number}"),
}
_EMBEDDINGS = QT_TRANSLATE_NOOP("EngineMessages", "embeddings")


def layer_name(name: str) -> str:
    """ "layer 3", "generator 1", "embeddings" in the user's language (another name as it came)."""
    if name == "embeddings":
        return translate("EngineMessages", _EMBEDDINGS)
    found = _LAYER.fullmatch(name)
    if found is None:
        return name
    return translate("EngineMessages", _LAYER_NAMES[found["kind"]]).format(number=found["number"])


# Explore → Transfer's subjects and methods (engine/evaluate/transfer.py, store/transfer_runs.py).
_TRANSFER_LABELS = {
    "this run": QT_TRANSLATE_NOOP("EngineMessages", "this run"),
    "random twin": QT_TRANSLATE_NOOP("EngineMessages", "random twin"),
    "the random twin": QT_TRANSLATE_NOOP("EngineMessages", "the random twin"),
    "majority class": QT_TRANSLATE_NOOP("EngineMessages", "majority class"),
    "probe": QT_TRANSLATE_NOOP("EngineMessages", "probe"),
    "finetune": QT_TRANSLATE_NOOP("EngineMessages", "fine-tune"),
}
_CHECKPOINT = re.compile(r"step (?P<step>[\d,]+)")


def transfer_label(label: str) -> str:
    """A transfer subject's or method's label in the user's language; a run's name as it came."""
    if label in _TRANSFER_LABELS:
        return translate("EngineMessages", _TRANSFER_LABELS[label])
    found = _CHECKPOINT.fullmatch(label)
    if found is not None:
        return translate("EngineMessages", "step {step}").format(step=found["step"])
    return label


# A sweep's range of one setting (sweep/space.py SweepParam.describe).
_SWEEP_CHOICES = re.compile(r"one of (?P<choices>.+)", re.DOTALL)
_SWEEP_RANGE = re.compile(r"(?P<low>\S+) to (?P<high>\S+?)(?P<log>, log scale)?")


def sweep_range(param) -> str:
    """``SweepParam.describe()`` in the user's language, the setting's name included."""
    english = param.describe()
    label, rest = param.label, english[len(param.label) + 2 :]
    shown = setting_label(param.field)
    if not english.startswith(f"{label}: "):
        return english
    if found := _SWEEP_CHOICES.fullmatch(rest):
        return translate("EngineMessages", "{setting}: one of {choices}").format(
            setting=shown, choices=found["choices"]
        )
    if found := _SWEEP_RANGE.fullmatch(rest):
        template = (
            QT_TRANSLATE_NOOP("EngineMessages", "{setting}: {low} to {high}, log scale")
            if found["log"]
            else QT_TRANSLATE_NOOP("EngineMessages", "{setting}: {low} to {high}")
        )
        return translate("EngineMessages", template).format(
            setting=shown, low=found["low"], high=found["high"]
        )
    return english
