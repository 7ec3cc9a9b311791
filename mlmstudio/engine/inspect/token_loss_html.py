"""The validation text coloured by loss, or by the difference of two runs, as HTML.

One drawing for both faces: ``mlmstudio token-loss --html`` writes
``page_html`` as a standalone page (hover shows a token's loss and the
model's guess through ``title``), and the Explore tab shows ``body_html`` in
a QTextBrowser, with links instead of titles so it can draw its own tooltip.
Plain Python (no torch, no Qt): the report's arrays are read, nothing more.

Colours: loss on ColorBrewer's YlOrBr (light = learned, dark = costly) from 0
to the 95th percentile of the losses shown (so one wild token does not wash
out the rest; the legend's last step reads N+); the difference of two runs on
ColorBrewer's RdBu, blue where run B's loss is lower, red where it is higher,
symmetric around 0.
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing_extensions import TypeIs  # typing's own from Python 3.13

    from mlmstudio.engine.inspect.token_loss import TokenLossComparison, TokenLossReport

LOSS_STOPS = ((0.0, (255, 247, 188)), (0.5, (254, 153, 41)), (1.0, (102, 37, 6)))
DIFFERENCE_STOPS = ((-1.0, (178, 24, 43)), (0.0, (247, 247, 247)), (1.0, (33, 102, 172)))
LEGEND_STEPS = 6
SCALE_PERCENTILE = 95


def _mix(value: float, stops: Sequence[tuple[float, tuple[int, int, int]]]) -> tuple[str, str]:
    value = min(stops[-1][0], max(stops[0][0], value))
    for (x0, c0), (x1, c1) in zip(stops, stops[1:], strict=False):
        if value <= x1:
            t = (value - x0) / (x1 - x0)
            rgb = tuple(round(a + (b - a) * t) for a, b in zip(c0, c1, strict=True))
            break
    # Black or white, whichever has the higher WCAG contrast: one of them always reaches 4.58:1.
    luminance = _luminance(rgb)
    light = (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05)
    return "#{:02x}{:02x}{:02x}".format(*rgb), "#000000" if light else "#ffffff"


def _luminance(rgb: Sequence[int]) -> float:
    """WCAG 2.x relative luminance of an sRGB colour."""
    linear = [(c / 255 / 12.92) if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def heat_colour(cost: float, top: float) -> tuple[str, str]:
    """(background, text colour) for a cost on a 0..top scale (YlOrBr: light = cheap, dark = costly).

    The one heat ramp: per-token loss here, and Explore's sentence scores and replaced-word
    probabilities too.
    """
    return _mix(cost / top if top > 0 else 0.0, LOSS_STOPS)


def difference_colour(difference: float, top: float) -> tuple[str, str]:
    """(background, text colour) for loss A - loss B on a -top..top scale: blue where B is better."""
    return _mix(difference / top if top > 0 else 0.0, DIFFERENCE_STOPS)


def _percentile(values: Sequence[float]) -> float:
    ordered = sorted(abs(v) for v in values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, round(SCALE_PERCENTILE / 100 * (len(ordered) - 1)))] or ordered[-1]


def loss_scale(report: TokenLossReport) -> float:
    return _percentile(report.losses.tolist())


def difference_scale(comparison: TokenLossComparison) -> float:
    return _percentile([w.difference for w in comparison.words])


# A marked stretch of the text: (start, end, colour pair, tooltip, index) in validation-text offsets.
Mark = tuple[int, int, tuple[str, str], str, int]


def loss_marks(report: TokenLossReport, top: float | None = None) -> list[Mark]:
    top = loss_scale(report) if top is None else top
    return [
        (
            int(report.starts[i]),
            int(report.ends[i]),
            heat_colour(float(report.losses[i]), top),
            token_tooltip(report, i),
            i,
        )
        for i in range(len(report))
    ]


def difference_marks(comparison: TokenLossComparison, top: float | None = None) -> list[Mark]:
    top = difference_scale(comparison) if top is None else top
    return [
        (w.start, w.end, difference_colour(w.difference, top), word_tooltip(w), i)
        for i, w in enumerate(comparison.words)
    ]


def token_tooltip(report: TokenLossReport, i: int) -> str:
    right = "right" if report.predicted_ids[i] == report.token_ids[i] else "wrong"
    return (
        f"token {report.tokens[i]!r}: loss {report.losses[i]:.3f} nats; "
        f"the model's guess {report.predictions[i]!r} ({right})"
    )


def word_tooltip(word) -> str:
    better = "B better" if word.difference > 0 else "A better" if word.difference < 0 else "equal"
    return (
        f"{word.word!r}: loss A {word.loss_a:.3f}, loss B {word.loss_b:.3f}, "
        f"A - B {word.difference:+.3f} nats ({better})"
    )


def _pieces(text: str, text_start: int, marks: list[Mark]) -> Iterator[tuple[str, Mark | None]]:
    """The text cut into plain stretches and marked ones, in order (marks do not overlap)."""
    position = 0
    for mark in sorted(marks, key=lambda m: m[0]):
        start, end = mark[0] - text_start, mark[1] - text_start
        if start < position or end > len(text):
            continue
        if start > position:
            yield text[position:start], None
        yield text[start:end], mark
        position = end
    if position < len(text):
        yield text[position:], None


def text_html(text: str, text_start: int, marks: list[Mark], *, links: bool = False) -> str:
    """The text with its marks coloured; ``links`` makes each mark an ``#m<index>`` link (for Qt)."""
    out = []
    for piece, mark in _pieces(text, text_start, marks):
        escaped = html.escape(piece)
        if mark is None:
            out.append(escaped)
            continue
        background, foreground = mark[2]
        style = f"background-color:{background}; color:{foreground}"
        if links:
            out.append(f"<a href='#m{mark[4]}' style='{style}; text-decoration:none'>{escaped}</a>")
        else:
            out.append(f"<span style='{style}' title='{html.escape(mark[3])}'>{escaped}</span>")
    return "<div style='white-space:pre-wrap'>" + "".join(out) + "</div>"


def loss_legend_html(top: float) -> str:
    cells = []
    for step in range(LEGEND_STEPS):
        value = top * step / (LEGEND_STEPS - 1)
        background, foreground = heat_colour(value, top)
        plus = "+" if step == LEGEND_STEPS - 1 else ""
        cells.append(
            f"<span style='background-color:{background}; color:{foreground}'>"
            f"&nbsp;{value:.1f}{plus}&nbsp;</span>"
        )
    return (
        "Loss of each hidden token (nats, on the fixed evaluation masks): "
        + "".join(cells)
        + " &nbsp;light = learned, dark = costly; uncoloured text was not hidden"
    )


def difference_legend_html(top: float) -> str:
    cells = []
    for step in range(LEGEND_STEPS + 1):
        value = -top + 2 * top * step / LEGEND_STEPS
        background, foreground = difference_colour(value, top)
        cells.append(
            f"<span style='background-color:{background}; color:{foreground}'>&nbsp;{value:+.1f}&nbsp;</span>"
        )
    return (
        "Loss of run A minus loss of run B, per word (nats): "
        + "".join(cells)
        + " &nbsp;blue = B has learned it better, red = A has"
    )


def report_summary_html(report: TokenLossReport) -> str:
    recorded = (
        ""
        if report.recorded_val_loss is None
        else f" (the run recorded a validation loss of {report.recorded_val_loss:.4f})"
    )
    return (
        f"<b>{html.escape(report.run_label or 'The run')}</b>: mean loss "
        f"<b>{report.mean_loss:.4f}</b> nats over {len(report):,} hidden tokens in "
        f"{report.windows:,} validation windows{recorded}; top guess right for "
        f"{report.accuracy:.1%}."
    )


def comparison_summary_html(comparison: TokenLossComparison) -> str:
    b_only, a_only = len(comparison.learned_by_b_only()), len(comparison.learned_by_a_only())
    note = f"<br><i>{html.escape(comparison.note)}</i>" if comparison.note else ""
    return (
        f"A = <b>{html.escape(comparison.a.run_label or 'run A')}</b> (mean loss "
        f"{comparison.a.mean_loss:.4f}), B = <b>{html.escape(comparison.b.run_label or 'run B')}</b> "
        f"(mean loss {comparison.b.mean_loss:.4f}). {len(comparison.words):,} words hidden in both; "
        f"mean difference A - B {comparison.mean_difference:+.4f} nats. Learned by B and not by A: "
        f"{b_only:,} words; by A and not by B: {a_only:,}.{note}"
    )


def _is_comparison(subject: TokenLossReport | TokenLossComparison) -> TypeIs[TokenLossComparison]:
    return hasattr(subject, "words")  # no import of token_loss (torch) needed to tell


def body_html(subject: TokenLossReport | TokenLossComparison, *, links: bool = False) -> str:
    """Summary, legend and the coloured text: what the app shows and the page holds."""
    if _is_comparison(subject):
        top = difference_scale(subject)
        return f"<p>{comparison_summary_html(subject)}</p><p>{difference_legend_html(top)}</p>" + text_html(
            subject.text, subject.text_start, difference_marks(subject, top), links=links
        )
    top = loss_scale(subject)
    return f"<p>{report_summary_html(subject)}</p><p>{loss_legend_html(top)}</p>" + text_html(
        subject.text, subject.text_start, loss_marks(subject, top), links=links
    )


def page_html(subject: TokenLossReport | TokenLossComparison) -> str:
    """A standalone HTML page (no scripts, no outside files)."""
    return (
        "<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>Per-token validation loss</title>"
        "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto;line-height:1.6}"
        "span[title]{cursor:help}</style></head><body><h1>Per-token validation loss</h1>"
        + body_html(subject)
        + "</body></html>\n"
    )
