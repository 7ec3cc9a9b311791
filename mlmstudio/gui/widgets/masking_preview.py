"""A live picture of what masking does to a sentence of the corpus.

A small tokenizer is trained on the start of the corpus (at most
``PREVIEW_CORPUS_CHARS``), off the GUI thread, and the engine's own
``mask_tokens`` masks one sentence with the settings on the form. Tokens the
model must predict are coloured by what happened to them: replaced by
[MASK], replaced by a random token, or left unchanged. Re-roll draws a new
mask; static masking cycles through its few fixed patterns.
"""

from __future__ import annotations

import html
import logging
import re
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from mlmstudio.config import MaskingConfig, TokenizerConfig
from mlmstudio.gui.background import BackgroundCall
from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import mark_user_text, translate
from mlmstudio.gui.theme import message_color
from mlmstudio.gui.widgets.flow_layout import FlowLayout

if TYPE_CHECKING:
    from mlmstudio.engine.tokenization import MLMTokenizer

log = logging.getLogger(__name__)

PREVIEW_CORPUS_CHARS = 200_000  # the preview tokenizer reads at most this much of the corpus
DEBOUNCE_MS = 250  # retrain the tokenizer once typing pauses
MAX_SENTENCE_TOKENS = 48

MASK_COLOR = "#1f77b4"
RANDOM_COLOR = "#b35900"  # darker than matplotlib's: white text reaches 4.5:1
KEPT_COLOR = "#1e7b1e"

# Chinese and Japanese end a sentence with a full-width mark and no space after it.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])")
# A unit of sentence length: one ideograph or kana, or one run of other non-space characters,
# so an unspaced Chinese sentence is not one 'word' too short to show.
_LENGTH_UNIT = re.compile(
    r"[\u3040-\u30ff\u3400-\u9fff\uf900-\uff9f]|[^\s\u3040-\u30ff\u3400-\u9fff\uf900-\uff9f]+"
)


def pick_sentences(text: str, limit: int = 200) -> list[str]:
    """Sentences of 6 to 30 words (ideographs count one each) from the start of the corpus, for the preview."""
    found: list[str] = []
    for line in text[:PREVIEW_CORPUS_CHARS].splitlines():
        for sentence in _SENTENCE_END.split(line.strip()):
            sentence = sentence.strip()
            if 6 <= len(_LENGTH_UNIT.findall(sentence)) <= 30:
                found.append(sentence)
                if len(found) >= limit:
                    return found
    if not found and text.strip():
        found.append(" ".join(text.split()[:20]))
    return found


class MaskingPreview(QWidget):
    """Shows one sentence as the model sees it under the current masking settings."""

    tokenizer_ready = Signal(object)  # the preview MLMTokenizer, after each (re)training
    preview_failed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._text = ""
        self._sentences: list[str] = []
        self._sentence_index = 0
        self._roll = 0
        self._tokenizer_cfg: TokenizerConfig | None = None
        self._masking_cfg = MaskingConfig()
        self._tokenizer: MLMTokenizer | None = None
        self._tokenizer_key: tuple | None = None
        self._task: BackgroundCall | None = None
        self._tasks: set[BackgroundCall] = set()
        self.last_counts: dict[str, int] = {}

        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(DEBOUNCE_MS)
        self._debounce.timeout.connect(self._train_tokenizer)

        self.view = QLabel()
        self.view.setWordWrap(True)
        self.view.setTextFormat(Qt.TextFormat.RichText)
        self.view.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.view.setMinimumHeight(60)
        self.view.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        mark_user_text(self.view)  # a sentence of the corpus, as tokens (its messages are translated)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        chip = '<span style="background:{color}; color:white">&nbsp;{text}&nbsp;</span>'
        muted = message_color("muted", QGuiApplication.palette())
        small_grey = translate("MaskingPreview", "small grey")  # outside the f-string, where lupdate sees it
        self.legend = QLabel(
            translate(
                "MaskingPreview",
                "{mask_chip} replaced by [MASK] &nbsp; {random_chip} replaced by a random token &nbsp; "
                "{kept_chip} unchanged but still predicted &nbsp; {grey}: the answer the model must give",
            ).format(
                mask_chip=chip.format(color=MASK_COLOR, text="[MASK]"),
                random_chip=chip.format(color=RANDOM_COLOR, text=translate("MaskingPreview", "random")),
                kept_chip=chip.format(color=KEPT_COLOR, text=translate("MaskingPreview", "kept")),
                grey=f'<span style="color:{muted}">{small_grey}</span>',
            )
        )
        self.legend.setWordWrap(True)

        self.reroll_button = QPushButton(translate("MaskingPreview", "Re-roll"))
        self.reroll_button.setToolTip(
            translate("MaskingPreview", "Draw a new random mask for the same sentence.")
        )
        self.reroll_button.clicked.connect(self.reroll)
        self.next_button = QPushButton(translate("MaskingPreview", "Another sentence"))
        self.next_button.setToolTip(translate("MaskingPreview", "Show another sentence of the corpus."))
        self.next_button.clicked.connect(self.next_sentence)
        buttons = FlowLayout(spacing=6)  # side by side while they fit, one under the other in a narrow column
        buttons.addWidget(self.reroll_button)
        buttons.addWidget(self.next_button)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        layout.addWidget(self.summary)
        layout.addWidget(self.legend)
        layout.addLayout(buttons)
        self._show_message(translate("MaskingPreview", "Choose a corpus to see how its text is masked."))

    # Inputs ---------------------------------------------------------------
    last_words: list[str] = []  # the words of the shown sentence, as grouped for masking

    def set_corpus_text(self, text: str) -> None:
        self._text = text[:PREVIEW_CORPUS_CHARS]
        self._sentences = pick_sentences(self._text)
        self._sentence_index = 0
        self._tokenizer_key = None
        self._schedule_tokenizer()

    def set_config(self, tokenizer_cfg: TokenizerConfig, masking_cfg: MaskingConfig) -> None:
        """New settings: retrain the tokenizer if its settings changed, else just re-mask."""
        self._masking_cfg = masking_cfg
        if tokenizer_cfg != self._tokenizer_cfg:
            self._tokenizer_cfg = tokenizer_cfg
            self._schedule_tokenizer()
        else:
            self.render()

    @property
    def tokenizer(self) -> MLMTokenizer | None:
        return self._tokenizer

    @Slot()
    def reroll(self) -> None:
        self._roll += 1
        self.render()

    @Slot()
    def next_sentence(self) -> None:
        if self._sentences:
            self._sentence_index = (self._sentence_index + 1) % len(self._sentences)
        self.render()

    def is_busy(self) -> bool:
        return self._debounce.isActive() or any(not t.done for t in self._tasks)

    def wait_idle(self, msecs: int = 30_000) -> bool:
        self._debounce.stop()
        return all(t.wait(msecs) for t in list(self._tasks))

    # Tokenizer, off the GUI thread -----------------------------------------
    def _schedule_tokenizer(self) -> None:
        if self._text and self._tokenizer_cfg is not None:
            self._debounce.start()

    @Slot()
    def _train_tokenizer(self) -> None:
        cfg, text = self._tokenizer_cfg, self._text
        key = (cfg, id(text), len(text))
        if cfg is None or not text or key == self._tokenizer_key:
            self.render()
            return
        self._tasks = {t for t in self._tasks if not t.done}
        task = BackgroundCall(lambda: _train_preview_tokenizer(text, cfg), name="preview-tokenizer")
        task.key = key
        task.succeeded.connect(self._on_tokenizer)
        task.failed.connect(self._on_tokenizer_failed)
        self._task = task
        self._tasks.add(task)
        self.summary.setText(
            translate("MaskingPreview", "Training a small tokenizer on the start of the corpus…")
        )
        task.start()

    @Slot(object)
    def _on_tokenizer(self, tokenizer: MLMTokenizer) -> None:
        task = self.sender()
        if task is not self._task:
            return
        self._tokenizer, self._tokenizer_key = tokenizer, task.key
        self.tokenizer_ready.emit(tokenizer)
        self.render()

    @Slot(object)
    def _on_tokenizer_failed(self, exc: BaseException) -> None:
        if self.sender() is not self._task:
            return
        self._tokenizer = None
        message = translate("MaskingPreview", "No preview: {error}").format(error=translated(str(exc)))
        self._show_message(message)
        self.preview_failed.emit(message)

    # Drawing ----------------------------------------------------------------
    def render(self) -> None:
        tokenizer = self._tokenizer
        if tokenizer is None or not self._sentences:
            return
        try:
            self._masking_cfg.validate()
        except ValueError as exc:  # ConfigError: the form marks the field; say why nothing shows
            self._show_message(
                translate(
                    "MaskingPreview", "No preview until the masking settings are valid: {error}"
                ).format(error=translated(str(exc)))
            )
            return
        sentence = self._sentences[self._sentence_index % len(self._sentences)]
        ids, word_ids = tokenizer.encode_with_words(sentence)
        ids, word_ids = ids[:MAX_SENTENCE_TOKENS], word_ids[:MAX_SENTENCE_TOKENS]
        if not len(ids):
            self._show_message(translate("MaskingPreview", "This sentence has no tokens."))
            return
        import torch  # loaded by the time a tokenizer exists (_train_preview_tokenizer)

        from mlmstudio.engine.masking import mask_tokens_with_actions

        cfg = self._masking_cfg
        roll = self._roll % cfg.static_masks if cfg.static_masks > 0 else self._roll
        generator = torch.Generator().manual_seed(1000 + roll)
        input_ids = torch.as_tensor(ids, dtype=torch.long)[None]
        result = mask_tokens_with_actions(
            input_ids,
            cfg=cfg,
            vocab_size=tokenizer.vocab_size,
            mask_token_id=tokenizer.mask_token_id,
            special_ids=tokenizer.special_ids,
            generator=generator,
            word_ids=torch.as_tensor(word_ids, dtype=torch.long)[None],
        )
        self.view.setText(
            self._html(
                tokenizer,
                ids.tolist(),
                result.input_ids[0].tolist(),
                result.actions[0].tolist(),
                word_ids.tolist(),
            )
        )
        self.summary.setText(self._summary_text(len(ids), roll, sentence))

    def _html(
        self,
        tokenizer: MLMTokenizer,
        original: list[int],
        masked: list[int],
        actions: list[int],
        word_ids: list[int],
    ) -> str:
        """The sentence as chips; the pieces of one word touch, a wide gap separates words.

        The grouping is what whole-word and span masking hide together, so it is
        drawn for every strategy: the user sees which pieces form a word (in
        unspaced Chinese, each character) before choosing one.
        """
        counts = {"mask": 0, "random": 0, "kept": 0, "total": len(original)}
        styles = _action_styles()
        words: list[list[str]] = []
        self.last_words = []
        previous_word = None
        for orig, shown, action, word in zip(original, masked, actions, word_ids, strict=True):
            if word != previous_word:
                words.append([])
                self.last_words.append("")
                previous_word = word
            self.last_words[-1] += tokenizer.token_str(orig)
            text = _token_text(tokenizer, shown)
            if action not in styles:
                words[-1].append(f'<span style="font-family:monospace">{text}</span>')
                continue
            kind, color = styles[action]
            counts[kind] += 1
            answer = _token_text(tokenizer, orig)
            words[-1].append(
                f'<span style="background:{color}; color:white; font-family:monospace">'
                f'&nbsp;{text}&nbsp;</span>{ANSWER_GAP}<span style="color:{message_color("muted", QGuiApplication.palette())}; font-size:small">'
                f"{answer}</span>"
            )
        self.last_counts = counts
        # Inside a word a hair space (U+200A) keeps the chips apart, held to them by word joiners
        # (U+2060) so a word never breaks across lines; between words a wide gap that may end a
        # line (the zero-width space, U+200B), so a long sentence wraps in a narrow column.
        joined = "&nbsp;&nbsp;&nbsp;&#8203;".join("&#8288;&#8202;&#8288;".join(pieces) for pieces in words)
        return f'<p style="line-height:160%">{joined}</p>'

    def _summary_text(self, n_tokens: int, roll: int, sentence: str) -> str:
        c = self.last_counts
        selected = c["mask"] + c["random"] + c["kept"]
        text = translate(
            "MaskingPreview",
            "The model must predict {selected} of %Ln token(s) ({share:.0%}): {mask} shown as [MASK], "
            "{random} replaced by a random token, {kept} left unchanged. The loss counts only these tokens.",
            None,
            n_tokens,
        ).format(
            selected=selected,
            share=selected / max(n_tokens, 1),
            mask=c["mask"],
            random=c["random"],
            kept=c["kept"],
        )
        words = len(self.last_words)  # a plain name: lupdate skips a call whose count is an expression
        text += " " + translate(
            "MaskingPreview",
            "%Ln word(s): the pieces of a word touch, a wide gap separates words.",
            None,
            words,
        )
        from mlmstudio.engine.tokenization import unspaced_cjk_note

        if self._masking_cfg.strategy != "token" and (note := unspaced_cjk_note(sentence)):
            text += " " + translated(note)
        if self._masking_cfg.static_masks > 0:
            text += " " + translate(
                "MaskingPreview",
                "Static masking: pattern {pattern} of {count}; the model only ever sees these few.",
            ).format(pattern=roll + 1, count=self._masking_cfg.static_masks)
        return text

    def _show_message(self, message: str) -> None:
        self.view.setText(
            f'<span style="color:{message_color("muted", QGuiApplication.palette())}">{html.escape(message)}</span>'
        )
        self.summary.setText("")


def _train_preview_tokenizer(text: str, cfg: TokenizerConfig) -> MLMTokenizer:
    """Runs off the GUI thread: imports the engine (torch) there too, so drawing never waits for it."""
    import mlmstudio.engine.masking  # noqa: F401  (render() masks with it on the GUI thread)
    from mlmstudio.engine.tokenization import MLMTokenizer

    return MLMTokenizer.train([text], cfg)


# Between a chip and its small grey answer: a gap outside the chip's colour, which does not break
# the line (a narrow no-break space). Without it the chip's colour ran into the answer's first
# letter: "[MASK]france", the "i" of "is" half hidden.
ANSWER_GAP = "&#8239;"


def _action_styles() -> dict[int, tuple[str, str]]:
    from mlmstudio.engine.masking import KEPT, MASKED, RANDOM

    return {MASKED: ("mask", MASK_COLOR), RANDOM: ("random", RANDOM_COLOR), KEPT: ("kept", KEPT_COLOR)}


def _token_text(tokenizer: MLMTokenizer, token_id: int) -> str:
    """A token as the preview shows it: WordPiece pieces keep their ##, spaces are visible."""
    if tokenizer.kind == "wordpiece":
        raw = tokenizer.id_to_token(token_id) or ""
    else:
        raw = tokenizer.token_str(token_id)
    raw = raw.replace(" ", "␣").replace("\n", "↵").replace("\t", "⇥")
    return html.escape(raw)
