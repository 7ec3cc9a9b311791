"""The engine's sentences a first-time user meets, in the user's language.

The engine, the store and the config raise errors as English sentences (they import no Qt
and serve the command line too). The app shows many of them as they come. The ones a
newcomer meets on the Simple path go through ``translated``: each is recognised by its
English wording, and its values (a file name, a number) are carried into the
translated sentence. A sentence that matches nothing is shown as it came, in English.

Each pattern mirrors the sentence its engine module writes; tests/gui/test_engine_messages.py
raises every one of them for real, so a reworded engine sentence fails that test rather
than silently losing its translation.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QT_TRANSLATE_NOOP

from mlmstudio.gui.i18n import translate

# (the engine's English sentence as a pattern with named values, the translatable template)
_SENTENCES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.DOTALL), template)
    for pattern, template in (
        (
            r"(?P<path>.+) does not exist\. Check the path, or choose another file or folder\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "{path} does not exist. Check the path, or choose another file or folder."
            ),
        ),
        (
            r"(?P<name>.+) contains no text \(it is empty or only whitespace\)\. Choose a file with some text in it\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{name} contains no text (it is empty or only whitespace). Choose a file with some text in it.",
            ),
        ),
        (
            r"(?P<name>.+) looks like a binary file \((?P<share>[\d.]+%) of its first characters are control "
            r"characters\), not plain text\. Export it as plain text first\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{name} looks like a binary file ({share} of its first characters are control characters), "
                "not plain text. Export it as plain text first.",
            ),
        ),
        (
            r"(?P<name>.+) looks like a binary file \(it contains (?P<count>[\d,]+) NUL bytes\), not plain text\. "
            r"Export it as plain text first\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{name} looks like a binary file (it contains {count} NUL bytes), not plain text. "
                "Export it as plain text first.",
            ),
        ),
        (
            r"The folder (?P<folder>.+) contains no \.txt or \.md files\. Choose a folder with text files, or a "
            r"single file\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The folder {folder} contains no .txt or .md files. Choose a folder with text files, or a single file.",
            ),
        ),
        (
            r"(?P<path>.+) cannot be read: permission denied\. Check the file's permissions, or copy it somewhere "
            r"you can read\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{path} cannot be read: permission denied. Check the file's permissions, or copy it somewhere "
                "you can read.",
            ),
        ),
        (
            r"(?P<path>.+) is not a regular file \(it is a device, a pipe or a socket\)\. Choose a text file or a "
            r"folder\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{path} is not a regular file (it is a device, a pipe or a socket). Choose a text file or a folder.",
            ),
        ),
        (
            r"There is no text to train the tokenizer on\. Choose a corpus with some text in it\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "There is no text to train the tokenizer on. Choose a corpus with some text in it.",
            ),
        ),
        (
            r"The training text gives too few tokens to train on \((?P<tokens>\d+) tokens, (?P<distinct>\d+) "
            r"distinct\)\. Use a larger corpus or a lower minimum frequency\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The training text gives too few tokens to train on ({tokens} tokens, {distinct} distinct). "
                "Use a larger corpus or a lower minimum frequency.",
            ),
        ),
        (
            r"The loss became (?P<value>\S+) at step (?P<step>\d+), so training stopped\. Try a lower learning "
            r"rate \(now (?P<lr>\S+)\)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The loss became {value} at step {step}, so training stopped. Try a lower learning rate (now {lr}).",
            ),
        ),
        (
            r"Training this model needs about (?P<needed>.+?) of memory, but only (?P<free>.+?) is free\. Choose a "
            r"smaller width, fewer layers, a smaller vocabulary, batch or sequence length, or close other programs\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Training this model needs about {needed} of memory, but only {free} is free. Choose a smaller "
                "width, fewer layers, a smaller vocabulary, batch or sequence length, or close other programs.",
            ),
        ),
        # The learned-too-little advice (engine/learned_too_little.py), a sentence at a time.
        (
            r"The computer was busy or slower than when it was measured: this run made (?P<steps>[\d,]+) "
            r"steps of the (?P<expected>[\d,]+) expected in its time \((?P<share>\d+%)\), so it learned "
            r"less than it could\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The computer was busy or slower than when it was measured: this run made {steps} steps of "
                "the {expected} expected in its time ({share}), so it learned less than it could.",
            ),
        ),
        (
            r"It answers only (?P<answered>\d+) of its (?P<asked>\d+) fact questions, so it learned too little\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "It answers only {answered} of its {asked} fact questions, so it learned too little.",
            ),
        ),
        (
            r"To learn more: train longer, give a step count instead of minutes \(steps do not depend on how "
            r"busy the computer is\), or close other programs while training\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "To learn more: train longer, give a step count instead of minutes (steps do not depend on "
                "how busy the computer is), or close other programs while training.",
            ),
        ),
        # The run's thread note (mlmstudio/thread_policy.py ThreadPolicy.describe, via the trainer).
        (
            r"CPU threads: adaptive, (?P<threads>\d+) threads? of (?P<cores>\d+) cores? \(the window keeps a core\)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "CPU threads: adaptive, {threads} of {cores} cores (the window keeps a core).",
            ),
        ),
        (
            r"CPU threads: adaptive, (?P<threads>\d+) threads? of (?P<cores>\d+) cores? \(fewer when the "
            r"computer is busy\)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "CPU threads: adaptive, {threads} of {cores} cores (fewer when the computer is busy).",
            ),
        ),
        (
            r"No corpus chosen\. Pick a text file, a folder or a built-in sample\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "No corpus chosen. Pick a text file, a folder or a built-in sample."
            ),
        ),
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
            return translate("EngineMessages", template).format(**found.groupdict())
    return None
