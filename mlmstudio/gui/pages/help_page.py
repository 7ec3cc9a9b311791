"""Help → How masked language models learn: the ideas behind every screen, in plain words.

A student who opens the app meets [MASK], a loss "in nats", a dashed ln V line
and an accuracy that starts near zero. This page explains them with the
user's own text: a real sentence of the loaded corpus, cut into tokens by the
tokenizer the current settings would train and masked by the engine's own
masking (``engine.inspect.help_example``), with ln V for that vocabulary. Without a
corpus it uses the built-in facts sample.

The example needs torch and a trained tokenizer, so it is computed in a
``BackgroundCall``; the page shows "preparing an example…" until it arrives.
Importing this module imports no torch.
"""

from __future__ import annotations

import html
import logging
import math
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QTimer, Signal, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from mlmstudio.config import RunConfig
from mlmstudio.gui.background import BackgroundCall
from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import mark_user_fragments, translate
from mlmstudio.gui.theme import message_color

log = logging.getLogger(__name__)

TITLE = QT_TRANSLATE_NOOP("HelpPage", "How masked language models learn")
FOLLOW_DELAY_MS = 400  # while open, the example follows the settings once typing pauses
FALLBACK_SAMPLE = "facts"

# The masking preview's colours, so the two pictures of masking read alike.
MASK_COLOR = "#1f77b4"
RANDOM_COLOR = "#b35900"  # white text on it reaches 4.5:1
KEPT_COLOR = "#1e7b1e"
PLAIN_BACKGROUND = "#e9e9e9"
_ACTION_COLORS = {"mask": MASK_COLOR, "random": RANDOM_COLOR, "kept": KEPT_COLOR}

# English texts, shown as translate("HelpPage", text).
_TOKEN_KINDS = {
    "char": (
        QT_TRANSLATE_NOOP("HelpPage", "letters"),
        QT_TRANSLATE_NOOP(
            "HelpPage",
            "Every character is one token: each letter, digit, punctuation mark and "
            "space (shown as ␣). The vocabulary is small, but a word takes many tokens.",
        ),
    ),
    "word": (
        QT_TRANSLATE_NOOP("HelpPage", "words"),
        QT_TRANSLATE_NOOP(
            "HelpPage",
            "Every word, and every punctuation mark, is one token. The vocabulary keeps the "
            "most frequent words; any other word becomes [UNK] (unknown).",
        ),
    ),
    "wordpiece": (
        QT_TRANSLATE_NOOP("HelpPage", "word pieces"),
        QT_TRANSLATE_NOOP(
            "HelpPage",
            "Common words are one token; rarer words are cut into pieces the "
            "tokenizer learned from the corpus. A piece that continues a word "
            "starts with ## (WordPiece, as in BERT).",
        ),
    ),
    "bpe": (
        QT_TRANSLATE_NOOP("HelpPage", "word pieces"),
        QT_TRANSLATE_NOOP(
            "HelpPage",
            "Common words are one token; rarer words are cut into pieces the tokenizer "
            "learned by merging frequent pairs of letters (byte-pair encoding, BPE).",
        ),
    ),
}
_STRATEGIES = {
    "token": QT_TRANSLATE_NOOP(
        "HelpPage", "Each token is chosen on its own, so a word cut into pieces may be only partly hidden."
    ),
    "whole-word": QT_TRANSLATE_NOOP(
        "HelpPage", "Whole words are chosen: all pieces of a chosen word are hidden together."
    ),
    "span": QT_TRANSLATE_NOOP(
        "HelpPage", "Runs of several neighbouring words are chosen together (span masking, as in SpanBERT)."
    ),
}


def _tr(text: str) -> str:
    return translate("HelpPage", text)


def _pct(value: float) -> str:
    return f"{value * 100:.0f}%"


def _token_html(text: str, action: str) -> str:
    color = _ACTION_COLORS.get(action)
    style = (
        f"background-color:{color}; color:white;"
        if color
        else f"background-color:{PLAIN_BACKGROUND}; color:black;"
    )
    return f'<span style="{style} font-family:monospace">&nbsp;{html.escape(text)}&nbsp;</span>'


def example_html(example: Any) -> str:
    """The worked example: the sentence, its tokens, and what the model sees after masking."""
    if example.from_corpus:
        source = translate("HelpPage", "<p>A sentence from your corpus <i>{corpus}</i>:</p>").format(
            corpus=html.escape(example.corpus_name)
        )
    else:
        source = translate(
            "HelpPage",
            "<p>A sentence from the built-in <i>{sample}</i> sample (load a corpus to see your own text):</p>",
        ).format(sample=FALLBACK_SAMPLE)
    before = " ".join(_token_html(t.original, "") for t in example.tokens)
    after = " ".join(_token_html(t.shown, t.action) for t in example.tokens)
    answers = ", ".join(f"<b>{html.escape(t.original)}</b>" for t in example.tokens if t.action) or translate(
        "HelpPage", "none"
    )
    count = len(example.tokens)
    if example.truncated:
        cut = translate(
            "HelpPage",
            "<p><b>Before</b>, cut into %n token(s) (only its first tokens are shown):</p>",
            None,
            count,
        )
    else:
        cut = translate("HelpPage", "<p><b>Before</b>, cut into %n token(s):</p>", None, count)
    if "(s)" in cut:  # English, with no translation: the source's "token(s)"
        cut = cut.replace("(s)", "" if count == 1 else "s")
    kept = example.count("kept")
    graded = translate(
        "HelpPage",
        "<p>The model must give back the {selected} coloured tokens: {answers}. "
        "{masked} became {mask_chip}, {random} became a {random_chip} token, and "
        "%n was {kept_chip} unchanged. The grey tokens are not graded.</p>",
        None,
        kept,
    )
    if kept != 1 and "%n was {kept_chip}" not in graded and f"{kept} was {{kept_chip}}" in graded:
        graded = graded.replace(f"{kept} was {{kept_chip}}", f"{kept} were {{kept_chip}}")  # English plural
    return (
        source
        + f'<blockquote style="font-size:large">{html.escape(example.sentence)}</blockquote>'
        + cut
        + f'<p style="line-height:170%">{before}</p>'
        + translate("HelpPage", "<p><b>After masking</b>, what the model sees:</p>")
        + f'<p style="line-height:170%">{after}</p>'
        + graded.format(
            selected=example.selected,
            answers=answers,
            masked=example.count("mask"),
            mask_chip=_token_html("[MASK]", "mask"),
            random=example.count("random"),
            random_chip=_token_html(translate("HelpPage", "random"), "random"),
            kept_chip=_token_html(translate("HelpPage", "kept"), "kept"),
        )
    )


def help_html(example: Any | None, status: str = "") -> str:
    """The whole page. ``example`` is a ``MaskedExample`` or None (``status`` says why)."""
    if example is None:
        muted = message_color("muted", QGuiApplication.palette())
        waiting = html.escape(status or translate("HelpPage", "Preparing an example…"))
        worked = f'<p style="color:{muted}"><i>{waiting}</i></p>'
        v, kind, strategy = None, None, None
        rate, mask_p, random_p = 0.15, 0.8, 0.1
    else:
        worked = example_html(example)
        v, kind, strategy = example.vocab_size, example.tokenizer_kind, example.strategy
        rate, mask_p, random_p = (
            example.mlm_probability,
            example.mask_replace_prob,
            example.random_replace_prob,
        )
    keep_p = max(0.0, 1.0 - mask_p - random_p)

    if kind is not None:
        reads, how = _TOKEN_KINDS.get(kind, (kind, ""))
        tokens_now = translate(
            "HelpPage", "<p>With your current settings the model reads <b>{reads}</b>. {how}</p>"
        ).format(reads=_tr(reads), how=_tr(how) if how else "")
    else:
        tokens_now = ""
    strategy_now = f"<p>{_tr(_STRATEGIES[strategy])}</p>" if strategy in _STRATEGIES else ""

    if v is not None:
        ln_v = math.log(v)
        v_text = translate(
            "HelpPage",
            "<p>With your current settings the vocabulary has <b>V = {v:,}</b> tokens, so the "
            "random-guess line sits at <b>ln {v:,} = {ln_v:.2f}</b> nats. A model that has learned "
            "nothing stays on that line; every bit it goes below is something it learned.</p>",
        ).format(v=v, ln_v=ln_v)
        ppl_v = translate(
            "HelpPage",
            "<p>At the random-guess line the perplexity is exactly V = {v:,}: the model is as unsure "
            "as if it picked among all {v:,} tokens.</p>",
        ).format(v=v)
    else:
        v_text = ppl_v = ""

    table = "".join(
        f"<tr><td align='right'>{p}&nbsp;&nbsp;</td><td align='right'>{abs(math.log(p)):.2f}&nbsp;&nbsp;</td>"
        f"<td align='right'>{1 / p:.0f}</td></tr>"
        for p in (1.0, 0.5, 0.25, 0.1, 0.01)
    )

    parts = [
        f"<h1>{_tr(TITLE)}</h1>",
        translate(
            "HelpPage",
            "<p>A masked language model learns by playing one game, millions of times: some words of a sentence\n"
            "are hidden, and it must guess them from the words around them. Nobody tells it grammar or facts;\n"
            "it discovers whatever helps it guess better. This page explains the game and the numbers you see\n"
            "while it plays.</p>",
        ),
        translate("HelpPage", '<h2 id="masking">1. The game: hiding words behind [MASK]</h2>'),
        translate(
            "HelpPage",
            "<p>Before each training step, the program takes sentences from your text and picks some of their\n"
            "tokens at random (<b>{rate}</b> with your settings; BERT used 15%). It hides them behind a special\n"
            "token written <b>[MASK]</b>, and asks the model: <i>what was here?</i> The model answers with a\n"
            "probability for every token it knows. Then the right answer is revealed and the model's weights are\n"
            "nudged so that next time the right token gets a little more probability.</p>",
        ).format(rate=_pct(rate)),
        strategy_now,
        worked,
        translate("HelpPage", '<h2 id="tokens">2. Tokens: letters, words or word pieces</h2>'),
        translate(
            "HelpPage",
            "<p>The model does not see text; it sees <b>tokens</b>, the units a <i>tokenizer</i> cuts the text into.\n"
            "There are three ways to cut:</p>\n"
            "<ul>\n"
            "<li><b>Letters</b> (characters): few different tokens, but the model must learn to spell.</li>\n"
            "<li><b>Words</b>: one token per word; rare words become [UNK] (unknown).</li>\n"
            "<li><b>Word pieces</b> (WordPiece or BPE): frequent words whole, rare words in pieces such as\n"
            "<tt>play</tt> + <tt>##ing</tt>. This is what BERT does.</li>\n"
            "</ul>",
        ),
        tokens_now,
        translate(
            "HelpPage",
            "<p>The set of all tokens the model knows is its <b>vocabulary</b>; its size is written <b>V</b>.</p>",
        ),
        translate("HelpPage", '<h2 id="split">3. Why not always [MASK]? The 80/10/10 split</h2>'),
        translate(
            "HelpPage",
            "<p>Of the tokens chosen to be guessed, <b>{mask}</b> are replaced by [MASK],\n"
            "<b>{random}</b> by a <b>random</b> token, and <b>{keep}</b> are <b>kept</b> as they were\n"
            "(BERT's 80/10/10). All of them are graded. Why? Real text has no [MASK] in it. If the model only ever\n"
            "had to answer at a [MASK], it could ignore every other word it sees. The random tokens teach it that a\n"
            "word it sees may be wrong; the kept ones teach it that a word it sees is usually right. So it learns\n"
            "something useful about <i>every</i> word.</p>",
        ).format(mask=_pct(mask_p), random=_pct(random_p), keep=_pct(keep_p)),
        translate("HelpPage", '<h2 id="loss">4. The loss, in nats</h2>'),
        translate(
            "HelpPage",
            "<p>After each guess the model is given a score called the <b>loss</b> (cross-entropy): take the\n"
            "probability it gave to the right token, and compute minus its natural logarithm, <b>−ln(p)</b>. Sure and\n"
            "right costs nothing; unsure costs a little; confidently wrong costs a lot. The loss you see is the\n"
            "average over all graded tokens. Lower is better.</p>\n"
            "<p>Because it uses the <i>natural</i> logarithm (ln, base e ≈ 2.718), its unit is the <b>nat</b>.\n"
            "One nat is about 1.44 bits. Each time the right token's probability is halved, the loss grows by\n"
            "ln 2 ≈ 0.69 nats.</p>",
        ),
        '<table cellspacing="0" cellpadding="2" style="margin-top:6px; margin-left:12px">'
        + translate(
            "HelpPage",
            "<tr><th align='right'>probability of the right token&nbsp;&nbsp;</th>"
            "<th align='right'>loss (nats)&nbsp;&nbsp;</th>\n"
            "<th align='right'>perplexity</th></tr>",
        )
        + f"{table}</table>",
        translate("HelpPage", '<h2 id="baseline">5. The random-guess line: ln V</h2>'),
        translate(
            "HelpPage",
            "<p>A model that has learned nothing spreads its probability evenly over the whole vocabulary: each\n"
            "token gets 1/V, so its loss is −ln(1/V) = <b>ln V</b>. The Train page draws this as a dashed line on the\n"
            "loss plot. A new model starts near it; learning means going below it.</p>",
        ),
        v_text,
        translate("HelpPage", '<h2 id="accuracy">6. Accuracy</h2>'),
        translate(
            "HelpPage",
            "<p><b>Masked-token accuracy</b> is the share of hidden tokens where the model's first choice is exactly the\n"
            "right token. It is measured on <b>held-out</b> text (a part of the corpus the model never trains on),\n"
            "always with 15% of the tokens hidden the same way, so two runs can be compared fairly. Accuracy only\n"
            "counts the top guess; the loss also rewards a right answer that was the model's second choice.</p>",
        ),
        translate("HelpPage", '<h2 id="perplexity">7. Perplexity = e<sup>loss</sup></h2>'),
        translate(
            "HelpPage",
            "<p><b>Perplexity</b> turns the loss back into a count you can picture: <b>e<sup>loss</sup></b>. A perplexity of\n"
            "20 means the model is, on average, <i>as unsure as if it were choosing evenly among 20 tokens</i>.\n"
            "A validation loss of 2.0 nats is a perplexity of e<sup>2</sup> ≈ 7.4. Lower is better; 1 would be\n"
            "a model that is always sure and right. The Train page shows it beside the loss, and History lists it\n"
            "for every run.</p>",
        ),
        ppl_v,
        translate("HelpPage", '<h2 id="curves">8. Reading the Train page</h2>'),
        translate(
            "HelpPage",
            "<ul>\n"
            "<li><b>Training loss</b> (blue): the loss on the batches the model is learning from, raw and smoothed.</li>\n"
            "<li><b>Validation loss</b> (orange dots): the loss on held-out text. If it stops falling while the\n"
            "training loss keeps falling, the model is memorising its training text rather than learning the\n"
            "language (<i>over-fitting</i>).</li>\n"
            "<li><b>The dashed line</b>: ln V, the random guess.</li>\n"
            "<li><b>Learning rate</b>: how big each nudge to the weights is. It rises during a short warm-up, then stays\n"
            "or falls, as the schedule on the Setup page says.</li>\n"
            "<li><b>Tokens per second</b>: how fast this computer trains; more tokens seen means more to learn from.</li>\n"
            "</ul>",
        ),
        translate("HelpPage", '<h2 id="layers">9. Inside one prediction: Explore → Layer by layer</h2>'),
        translate(
            "HelpPage",
            "<p>The model reworks every token layer after layer before its output head turns the last layer's\n"
            "numbers into a probability for every token of the vocabulary. The <b>logit lens</b> puts that same\n"
            "head after each earlier layer: each row of the table is <i>what the model would say if it stopped\n"
            "after layer k</i>. The first row reads only the embeddings (the word and where it is); the last row is\n"
            "the model's real answer, the one the Predictions tab shows. The row where the right word first comes\n"
            "out on top is roughly where the model has worked it out.</p>",
        ),
        translate(
            "HelpPage",
            "<p>The head gives raw scores (<i>logits</i>); the softmax turns them into probabilities,\n"
            "e<sup>score</sup> divided by the sum over all tokens. The <b>temperature</b> T divides every score\n"
            "first: softmax(score / T). Below 1 the differences grow and the first guess takes nearly everything;\n"
            "above 1 they shrink and the guesses even out. The order of the guesses never changes, only how sure\n"
            "they look (T = 1 is the model's own).</p>",
        ),
        translate(
            "HelpPage",
            "<p><b>Attention</b> is how each layer mixes the tokens. Every token asks a question (its query\n"
            "<i>q</i>), offers a label (its key <i>k</i>) and an answer (its value <i>v</i>), all three computed from\n"
            "it by the layer. How much token i looks at token j starts as q<sub>i</sub>·k<sub>j</sub> divided by\n"
            "√d (d: the numbers per head, so that long vectors do not give huge scores), plus a distance term when\n"
            "the model has one; the softmax of token i's row turns these scores into weights that add up to 1; and\n"
            "the head's output for token i is the weighted sum of all the values. Click a square of the map to see\n"
            "those three steps with the model's own numbers.</p>",
        ),
    ]
    return "\n".join(parts) + "\n"


class HelpPage(QDialog):
    """A window with the explanation; call ``show_for`` with the current corpus and settings."""

    example_ready = Signal(object)  # the MaskedExample shown
    example_failed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_tr(TITLE))
        self.setModal(False)
        self.resize(760, 720)
        self.example = None
        self._status = ""
        self._key: tuple | None = None
        self._tokenizer_key: tuple | None = None
        self._tokenizer = None
        self._task: BackgroundCall | None = None
        self._tasks: set[BackgroundCall] = set()
        self._pending: tuple[RunConfig | None, Any] | None = None
        self._context: tuple[RunConfig | None, Any] = (None, None)
        self._sentence_index = 0
        self._follow_timer = QTimer(self)
        self._follow_timer.setSingleShot(True)
        self._follow_timer.setInterval(FOLLOW_DELAY_MS)
        self._follow_timer.timeout.connect(self._on_follow_timer)

        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        self.browser.setOpenLinks(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        self.another_button = buttons.addButton(
            translate("HelpPage", "Another sentence"), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.another_button.setToolTip(
            translate("HelpPage", "Show the masking on another sentence of the corpus.")
        )
        self.another_button.clicked.connect(self.another_sentence)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser, 1)
        layout.addWidget(buttons)
        self._render()

    # -- public API -------------------------------------------------------------------------

    def show_for(self, config: RunConfig | None, corpus: Any | None) -> None:
        """Show the page, with an example from ``corpus`` (or the built-in sample) and ``config``."""
        self.set_context(config, corpus)
        self.show()
        self.raise_()
        self.activateWindow()

    def set_context(self, config: RunConfig | None, corpus: Any | None) -> None:
        """Prepare the example for these settings and corpus, off the GUI thread (once per change)."""
        self._context = (config, corpus)
        config = config or RunConfig()
        text = getattr(corpus, "text", "") or ""
        name = str(getattr(corpus, "name", "") or "")
        index = self._sentence_index
        key = (
            id(corpus),
            len(text),
            config.tokenizer,
            config.masking,
            config.corpus.val_fraction,
            config.training.seed,
            index,
        )
        if key == self._key and (self.example is not None or self.is_busy()):
            return
        self._key = key
        tokenizer_key = key[:3] + key[4:6]
        tokenizer = self._tokenizer if tokenizer_key == self._tokenizer_key else None
        self.example = None
        self._status = (
            translate("HelpPage", "Preparing an example from your text…")
            if text
            else translate("HelpPage", "Preparing an example…")
        )
        self._render()

        def compute():
            from mlmstudio.engine.errors import MLMStudioError
            from mlmstudio.engine.inspect.help_example import masked_example
            from mlmstudio.engine.run_tokenizer import tokenizer_for_run

            if text:
                try:
                    tok = tokenizer or tokenizer_for_run(config, text)
                    example = masked_example(config, text, name, tokenizer=tok, sentence_index=index)
                    return example, tok, tokenizer_key
                except MLMStudioError as exc:  # a corpus too small or odd: explain with the sample
                    log.info("Help example from the built-in sample: %s", exc)
            from mlmstudio.engine.samples import sample_text

            example = masked_example(
                config, sample_text(FALLBACK_SAMPLE), FALLBACK_SAMPLE, from_corpus=False, sentence_index=index
            )
            return example, None, None

        self._tasks = {t for t in self._tasks if not t.done}
        task = BackgroundCall(compute, name="help-example", parent=self)
        task.succeeded.connect(self._on_example)
        task.failed.connect(self._on_example_failed)
        self._task = task
        self._tasks.add(task)
        task.start()

    @Slot()
    def another_sentence(self) -> None:
        """The same explanation on another sentence of the corpus."""
        self._sentence_index += 1
        self.set_context(*self._context)

    def follow(self, config: RunConfig | None, corpus: Any | None) -> None:
        """New settings or corpus while the page is open: a new example once the changes pause."""
        if not self.isVisible():
            return  # show_for prepares the example when the page is opened again
        self._pending = (config, corpus)
        self._follow_timer.start()

    @Slot()
    def _on_follow_timer(self) -> None:
        if self._pending is not None:
            config, corpus = self._pending
            self._pending = None
            self.set_context(config, corpus)

    def html(self) -> str:
        return self.browser.toHtml()

    def plain_text(self) -> str:
        return self.browser.toPlainText()

    def is_busy(self) -> bool:
        return any(not t.done for t in self._tasks)

    def wait_idle(self, msecs: int = 30_000) -> bool:
        self._follow_timer.stop()
        return all(t.wait(msecs) for t in list(self._tasks))

    # -- slots ----------------------------------------------------------------------------------

    @Slot(object)
    def _on_example(self, result) -> None:
        if self.sender() is not self._task:
            return  # an older request finished after a newer one started
        example, tokenizer, tokenizer_key = result
        if tokenizer is not None:
            self._tokenizer, self._tokenizer_key = tokenizer, tokenizer_key
        self.example, self._status = example, ""
        self._render()
        self.example_ready.emit(example)

    @Slot(object)
    def _on_example_failed(self, exc: BaseException) -> None:
        if self.sender() is not self._task:
            return
        self._status = translate("HelpPage", "No example could be prepared: {error}").format(
            error=translated(str(exc))  # the engine's sentence, in the user's language
        )
        self._key = None  # try again next time the page is opened
        self._render()
        self.example_failed.emit(self._status)

    def _render(self) -> None:
        scroll = self.browser.verticalScrollBar().value()
        self.browser.setHtml(help_html(self.example, self._status))
        example = self.example  # the user's own sentence and its tokens are data, not text to translate
        fragments = [] if example is None else [example.sentence, getattr(example, "corpus_name", "")]
        if example is not None:
            fragments += [t.original for t in example.tokens] + [t.shown for t in example.tokens]
        mark_user_fragments(self.browser, fragments)
        self.browser.verticalScrollBar().setValue(scroll)
