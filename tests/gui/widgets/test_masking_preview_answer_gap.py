"""The masking preview's small grey answer stands apart from its coloured chip.

It was drawn right against the chip ("[MASK]france", the "i" of "is" half under the chip's colour).
"""

from __future__ import annotations

from types import SimpleNamespace

from PySide6.QtGui import QTextDocument

from mlmstudio.engine.masking import MASKED, NOT_SELECTED
from mlmstudio.gui.widgets.masking_preview import MaskingPreview

WORDS = ["the", "capital", "of", "france", "is", "paris", "."]
MASK_ID = 99


def _tokenizer():
    names = {i: word for i, word in enumerate(WORDS)} | {MASK_ID: "[MASK]"}
    return SimpleNamespace(kind="word", token_str=names.__getitem__, id_to_token=names.get)


def test_each_answer_starts_a_gap_after_its_chip(qtbot):
    preview = MaskingPreview()
    qtbot.addWidget(preview)
    ids = list(range(len(WORDS)))
    masked = [MASK_ID if i in (3, 4) else i for i in ids]
    actions = [MASKED if i in (3, 4) else NOT_SELECTED for i in ids]
    markup = preview._html(_tokenizer(), ids, masked, actions, ids)

    document = QTextDocument()
    document.setDefaultFont(preview.view.font())
    document.setHtml(markup)
    document.setTextWidth(2000)  # one line
    text = document.toRawText()  # the no-break spaces kept
    document.size()  # lays the text out
    block = document.firstBlock()
    layout = block.layout()
    line = layout.lineAt(0)
    start = 0
    for answer in ("france", "is"):
        chip_end = text.index("[MASK]\u00a0", start) + len("[MASK]\u00a0")
        answer_at = text.index(answer, chip_end)
        gap = line.cursorToX(answer_at)[0] - line.cursorToX(chip_end)[0]
        assert gap >= 2, f"{answer!r} starts {gap:.1f} px after its chip"
        start = answer_at
