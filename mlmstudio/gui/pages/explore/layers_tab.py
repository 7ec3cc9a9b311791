"""Layer by layer: how one prediction comes about inside the model.

For a [MASK] of the sentence in Explore, the table shows the top guesses the
model would give if it stopped after the embeddings and after each layer,
read through its own output head (the logit lens,
``engine.inspect.logit_lens``); the last row is the Predictions tab's answer.
The temperature slider (0.1 to 5) redraws the probabilities as
softmax(logits / T) at once: the answer brings the table's numbers at each of
the slider's 50 temperatures (worked out in the worker), so a step rewrites
the cells' texts and shades and never runs the model or a softmax.

Beside it, one attention map (a layer and a head, chosen above it) of the same
framed sentence; clicking a square works that cell out with the model's own
numbers (``engine.inspect.attention_cell``): q·k/√d for every key of the row,
the positional or mask term if the layer has one, the softmax row, and the
weighted sum of the values that is the head's output for the query token.
Both come from one question asked in a worker; the view saves as a PNG, the
numbers (the table at the current temperature and the chosen cell) as CSV or JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGraphicsRectItem,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.attention_picture import colour_table
from mlmstudio.engine.inspect.temperature import TEMPERATURE_MAX, TEMPERATURE_MIN
from mlmstudio.gui.engine_messages import layer_name, translated
from mlmstudio.gui.i18n import number, translate
from mlmstudio.gui.pages.explore.answers import blank_token_map, escape, mask_title
from mlmstudio.gui.pages.explore.predictions_tab import TRUNCATED
from mlmstudio.gui.pages.explore.tab import ExploreHost, ExploreTab, Question
from mlmstudio.gui.theme import style_plot
from mlmstudio.gui.widgets.export_buttons import ExportButtons, Numbers
from mlmstudio.gui.widgets.prediction_view import readable_token

if TYPE_CHECKING:
    from mlmstudio.engine.inspect.attention_cell import AttentionCell, HeadArithmetic
    from mlmstudio.engine.inspect.logit_lens import LogitLens
    from mlmstudio.engine.predict import Predictor

# The slider's steps: tenths, from the engine's lowest temperature to its highest (0.1 to 5).
SLIDER_STEPS_PER_UNIT = 10
SLIDER_MIN = round(TEMPERATURE_MIN * SLIDER_STEPS_PER_UNIT)
SLIDER_MAX = round(TEMPERATURE_MAX * SLIDER_STEPS_PER_UNIT)
CELL_PEN = pg.mkPen("#EE7733", width=2, cosmetic=True)
# Tokens labelled down the map's side and along its bottom (every n-th beyond that; a click names any).
MAX_SIDE_LABELS, MAX_BOTTOM_LABELS = 20, 12
WIDEST_SHARE = "100.0%"  # share()'s widest text, for the columns' width
PLACEHOLDER = QT_TRANSLATE_NOOP(
    "LayersTab",
    "Press Show layers to see, for the [MASK], what the model would guess after each of its layers.",
)


@dataclass
class LayerByLayer:
    """The answer of this tab's question: the lens of every [MASK], its table at every slider
    position, and every layer's attention arithmetic."""

    lens: LogitLens
    attention: list[HeadArithmetic]
    # [M, slider positions, S, k]: the top guesses' probabilities at each of the slider's
    # temperatures, worked out with the answer, so a slider step never runs a softmax over the
    # vocabulary on the GUI thread (a BERT-base answer is 13 x 30,522 numbers a step).
    slider_probabilities: np.ndarray


def slider_table(lens: LogitLens) -> np.ndarray:
    """[M, positions, S, k]: ``lens.probabilities`` at every temperature the slider can show."""
    return np.stack(
        [
            np.stack(
                [lens.probabilities(m, slider_temperature(v)) for v in range(SLIDER_MIN, SLIDER_MAX + 1)]
            )
            for m in range(lens.num_masks)
        ]
    )


def layer_by_layer(predictor: Predictor, question: Question) -> LayerByLayer:
    """The question this tab asks (in a worker thread): one lens and the arithmetic of the same ids."""
    import torch

    from mlmstudio.engine.inspect.attention_cell import attention_arithmetic
    from mlmstudio.engine.inspect.logit_lens import logit_lens

    lens = logit_lens(predictor, question.text, top_k=question.top_k)
    ids = torch.tensor([lens.token_ids], dtype=torch.long, device=predictor.device)
    return LayerByLayer(lens, attention_arithmetic(predictor.model, ids), slider_table(lens))


def share(p: float) -> str:
    """A probability in the table: one decimal of a percent, so five guesses fit side by side."""
    return number(p, ".1%") if p >= 0.0005 else "<" + number(0.001, ".1%")


def slider_temperature(value: int) -> float:
    return value / SLIDER_STEPS_PER_UNIT


class LayersTab(ExploreTab):
    title = QT_TRANSLATE_NOOP("ExploreTabs", "Layer by layer")

    def __init__(self, host: ExploreHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        explain = QLabel(
            translate(
                "LayersTab",
                "What the model would guess for the [MASK] if it stopped after its embeddings or after "
                "each layer (read through its own output head); the last row is its real answer. "
                "The temperature sharpens (below 1) or flattens (above 1) the probabilities. Click a "
                "square of the attention map to see how that weight is computed.",
            )
        )
        explain.setWordWrap(True)
        self.show_button = QPushButton(translate("LayersTab", "Show layers"))
        self.show_button.setToolTip(
            translate("LayersTab", "Read the [MASK] after every layer, and every layer's attention")
        )
        self.mask_combo = QComboBox()
        self.mask_combo.setToolTip(translate("LayersTab", "Which [MASK] of the sentence the table follows"))
        self.temperature = QSlider(Qt.Orientation.Horizontal)
        self.temperature.setRange(SLIDER_MIN, SLIDER_MAX)
        self.temperature.setValue(SLIDER_STEPS_PER_UNIT)  # T = 1: the model's own probabilities
        self.temperature.setMinimumWidth(140)
        self.temperature.setToolTip(
            translate("LayersTab", "softmax(logits / T): from 0.1 (sharp) to 5 (flat); 1 is the model's own")
        )
        self.temperature_label = QLabel()
        self.temperature_label.setMinimumWidth(48)

        self.table = QTableWidget(0, 0)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setWordWrap(False)
        self.table.horizontalHeader().setStretchLastSection(True)  # sized by fill_table
        self.summary = QLabel(PLACEHOLDER)
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.summary)
        left_layout.addWidget(self.table, 1)

        self.layer_combo = QComboBox()
        self.layer_combo.setToolTip(translate("LayersTab", "The attention layer whose map is drawn"))
        self.head_combo = QComboBox()
        self.head_combo.setToolTip(translate("LayersTab", "The attention head whose map is drawn"))
        self.map = pg.PlotWidget()
        self.map.invertY(True)
        self.map.setAspectLocked(True)
        self.map.setMenuEnabled(False)
        self.map.setMouseEnabled(x=False, y=False)
        self.map.hideButtons()
        self.map.setMinimumHeight(180)
        self.map.getAxis("left").setLabel(translate("LayersTab", "the token that looks"))
        self.map.getAxis("bottom").setLabel(translate("LayersTab", "the token it looks at"))
        blank_token_map(self.map)  # token ticks come with a map
        self.map_image = pg.ImageItem(axisOrder="row-major")
        self.map_image.setLookupTable(colour_table())
        self.map.addItem(self.map_image)
        self.cell_frame = QGraphicsRectItem(0, 0, 1, 1)
        self.cell_frame.setPen(CELL_PEN)
        self.cell_frame.setVisible(False)
        self.map.addItem(self.cell_frame)
        self.arithmetic = QTextBrowser()
        self.arithmetic.setOpenLinks(False)
        self.arithmetic.setMinimumHeight(160)
        picker = QHBoxLayout()
        picker.addWidget(QLabel(translate("LayersTab", "Attention:")))
        picker.addWidget(self.layer_combo, 1)
        picker.addWidget(self.head_combo, 1)
        right_top = QWidget()
        right_top_layout = QVBoxLayout(right_top)
        right_top_layout.setContentsMargins(0, 0, 0, 0)
        right_top_layout.addLayout(picker)
        right_top_layout.addWidget(self.map, 1)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(right_top)
        right.addWidget(self.arithmetic)
        right.setStretchFactor(0, 1)
        right.setStretchFactor(1, 1)
        self.view = QSplitter(Qt.Orientation.Horizontal)  # what "Save picture" saves
        self.view.addWidget(left)
        self.view.addWidget(right)
        self.view.setStretchFactor(0, 1)
        self.view.setStretchFactor(1, 1)

        self.export = ExportButtons(
            self.view, self.numbers, name="layer_by_layer", report_error=self.host.show_error
        )
        row = QHBoxLayout()
        row.addWidget(QLabel("[MASK]:"))
        row.addWidget(self.mask_combo)
        row.addWidget(QLabel(translate("LayersTab", "Temperature:")))
        row.addWidget(self.temperature)
        row.addWidget(self.temperature_label)
        row.addStretch(1)
        row.addWidget(self.show_button)
        # Saving gets a row of its own: beside the controls, longer words would widen the window.
        saving = QHBoxLayout()
        saving.addStretch(1)
        saving.addWidget(self.export)
        layout = QVBoxLayout(self)
        layout.addWidget(explain)
        layout.addLayout(row)
        layout.addWidget(self.view, 1)
        layout.addLayout(saving)

        self.result: LayerByLayer | None = None
        self.cell: AttentionCell | None = None
        self._sized = False
        self.apply_palette(self.palette())  # the scheme's colours from the start, not white
        self._on_temperature_changed(self.temperature.value())
        self.show_button.clicked.connect(self.show_layers)
        self.temperature.valueChanged.connect(self._on_temperature_changed)
        self.mask_combo.currentIndexChanged.connect(self._on_mask_changed)
        self.layer_combo.currentIndexChanged.connect(self._on_head_changed)
        self.head_combo.currentIndexChanged.connect(self._on_head_changed)
        self.map.scene().sigMouseClicked.connect(self._on_map_clicked)
        self.clear()

    def action_buttons(self) -> list[QAbstractButton]:
        return [self.show_button]

    def apply_palette(self, palette: QPalette) -> None:
        """The attention map and its axes in ``palette``'s plot colours."""
        style_plot(self.map, palette)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.apply_palette(self.palette())
        super().changeEvent(event)

    def run_changed(self, run) -> None:
        self.clear()

    # -- asking ---------------------------------------------------------------------------------

    def show_layers(self) -> bool:
        """Ask for the sentence's lens and attention in a worker; False when it could not be asked."""
        if self.host.current_run() is not None and not self.show_button.isEnabled():
            return False  # a model is loading or an answer is on its way (no run: ask says so)
        return self.host.ask(
            layer_by_layer, self._on_answer, what=translate("LayersTab", "Reading every layer")
        )

    def _on_answer(self, result: LayerByLayer, _question: Question) -> None:
        self.show_result(result)
        if result.lens.truncated:
            self.host.show_info(TRUNCATED)
        self.answered.emit()

    # -- state ----------------------------------------------------------------------------------

    @property
    def temperature_value(self) -> float:
        return slider_temperature(self.temperature.value())

    def set_temperature(self, temperature: float) -> None:
        self.temperature.setValue(round(temperature * SLIDER_STEPS_PER_UNIT))

    def current_mask(self) -> int:
        return max(0, self.mask_combo.currentIndex())

    def current_head(self) -> tuple[int, int]:
        return max(0, self.layer_combo.currentIndex()), max(0, self.head_combo.currentIndex())

    # -- drawing --------------------------------------------------------------------------------

    def clear(self) -> None:
        self.result, self.cell = None, None
        for combo in (self.mask_combo, self.layer_combo, self.head_combo):
            combo.blockSignals(True)
            combo.clear()
            combo.blockSignals(False)
            combo.setEnabled(False)
        self.table.clear()
        self.table.setRowCount(0)
        self.table.setColumnCount(0)
        self.summary.setText(translate("LayersTab", PLACEHOLDER))
        self.map_image.clear()
        blank_token_map(self.map)
        self.cell_frame.setVisible(False)
        self.arithmetic.setHtml(
            "<p>"
            + translate("LayersTab", "Click a square of the attention map to see its arithmetic.")
            + "</p>"
        )
        self.export.set_available(False)

    def show_result(self, result: LayerByLayer) -> None:
        self.clear()
        self.result = result
        lens = result.lens
        for combo, names in (
            (self.mask_combo, [mask_title(m, lens.num_masks) for m in range(lens.num_masks)]),
            (self.layer_combo, [a.name[:1].upper() + a.name[1:] for a in result.attention]),
            (
                self.head_combo,
                [
                    translate("LayersTab", "head {number}").format(number=h + 1)
                    for h in range(result.attention[0].num_heads)
                ],
            ),
        ):
            combo.blockSignals(True)
            combo.addItems(names)
            combo.blockSignals(False)
            combo.setEnabled(len(names) > 1)
        self.table.setColumnCount(lens.top_ids.shape[-1])
        self.table.setHorizontalHeaderLabels(
            [
                translate("LayersTab", "guess {number}").format(number=r + 1)
                for r in range(lens.top_ids.shape[-1])
            ]
        )
        self.table.setRowCount(lens.num_stages)
        labels = [layer_name(name) for name in lens.stage_names]
        labels[-1] = translate("LayersTab", "{stage} (answer)").format(stage=labels[-1])
        self.table.setVerticalHeaderLabels(labels)
        self.export.set_available(True)
        self.fill_table()
        self.draw_map()
        if self.view.width() > 0 and not self._sized:  # halves the first time; the user's split after
            self.view.setSizes([self.view.width() // 2, self.view.width() - self.view.width() // 2])
            self._sized = True

    def fill_table(self) -> None:
        """The chosen [MASK]'s guesses: one item per cell, the answer in bold wherever it appears.

        The columns are sized here once, for the widest probability text, so a slider step
        only rewrites texts and shades (``draw_lens``) and never lays the table out again.
        """
        if self.result is None:
            return
        lens, m = self.result.lens, self.current_mask()
        final = lens.top_ids[m, -1, 0]
        for s in range(lens.num_stages):
            for r in range(lens.top_ids.shape[-1]):
                item = QTableWidgetItem(f"{readable_token(lens.top_tokens[m][s][r])}  {WIDEST_SHARE}")
                font = item.font()
                font.setBold(bool(lens.top_ids[m, s, r] == final))
                item.setFont(font)
                self.table.setItem(s, r, item)
        # Sized once here: a header that resizes to its contents measures every row again at
        # each cell's change (1.7 ms a cell, 65 cells a step for BERT-base's 13 rows).
        self.table.resizeColumnsToContents()
        self.table.resizeRowsToContents()
        first = next(
            (s for s in range(lens.num_stages) if lens.top_ids[m, s, 0] == final), lens.num_stages - 1
        )
        layers = lens.num_stages - 1
        answer = readable_token(lens.top_tokens[m][-1][0])
        if first == 0:
            summary = translate(
                "LayersTab",
                "%n layer(s) ({arch}). The answer “{answer}” is the first guess from the embeddings on; "
                "bold marks it in every row.",
                None,
                layers,
            )
        else:
            summary = translate(
                "LayersTab",
                "%n layer(s) ({arch}). The answer “{answer}” is the first guess from {stage} on; "
                "bold marks it in every row.",
                None,
                layers,
            )
        summary = summary.format(arch=lens.arch, answer=answer, stage=layer_name(lens.stage_names[first]))
        self.summary.setText(summary + (f" {translated(lens.note)}" if lens.note else ""))
        self.draw_lens()

    def draw_lens(self) -> None:
        """The probabilities at the slider's temperature: the live redraw (texts and shades only)."""
        if self.result is None:
            return
        lens, m = self.result.lens, self.current_mask()
        probs = self.result.slider_probabilities[m, self.temperature.value() - SLIDER_MIN]  # [S, k]
        self.table.setUpdatesEnabled(False)  # one repaint for all the cells
        try:
            for s in range(lens.num_stages):
                for r in range(probs.shape[1]):
                    p = float(probs[s, r])
                    item = self.table.item(s, r)
                    item.setText(f"{readable_token(lens.top_tokens[m][s][r])}  {share(p)}")
                    item.setBackground(QColor(68, 119, 170, int(30 + 200 * p)))  # shaded by probability
        finally:
            self.table.setUpdatesEnabled(True)

    def draw_map(self) -> None:
        if self.result is None:
            return
        layer, head = self.current_head()
        grid = self.result.attention[layer].weights(head).astype(np.float32)
        T = grid.shape[0]
        self.map_image.setImage(grid, levels=(0.0, max(float(grid.max()), 1e-6)))
        self.map_image.setRect(0, 0, T, T)
        labels = [readable_token(t) for t in self.result.lens.tokens]
        self.map.getAxis("left").setTicks(_ticks(labels, MAX_SIDE_LABELS))
        self.map.getAxis("bottom").setTicks(_ticks(labels, MAX_BOTTOM_LABELS))
        self.map.setRange(xRange=(0, T), yRange=(0, T), padding=0.02)
        if self.cell is not None and self.cell.query < T:
            self.select_cell(self.cell.query, self.cell.key)
        else:
            mask = self.result.lens.mask_positions[self.current_mask()]
            self.select_cell(mask, int(grid[mask].argmax()))  # the [MASK]'s strongest key to start with

    def select_cell(self, query: int, key: int) -> None:
        """Work out weight (query, key) of the drawn map and show it in the panel."""
        if self.result is None:
            return
        layer, head = self.current_head()
        self.cell = self.result.attention[layer].cell(head, query, key, self.result.lens.tokens)
        self.cell_frame.setRect(key, query, 1, 1)
        self.cell_frame.setVisible(True)
        self.arithmetic.setHtml(cell_html(self.cell, self.result.attention[layer].positions))

    def numbers(self) -> Numbers | None:
        if self.result is None:
            return None
        temperature = self.temperature_value
        rows = self.result.lens.rows(temperature)
        data: dict[str, Any] = self.result.lens.as_dict(temperature)
        data["attention_cell"] = self.cell.as_dict() if self.cell is not None else None
        return Numbers(rows=rows, data=data)

    # -- slots ----------------------------------------------------------------------------------

    def _on_temperature_changed(self, value: int) -> None:
        self.temperature_label.setText(f"T = {slider_temperature(value):.1f}")
        self.draw_lens()

    def _on_mask_changed(self, _index: int) -> None:
        self.cell = None  # start from the new [MASK]'s row
        self.fill_table()
        self.draw_map()

    def _on_head_changed(self, _index: int) -> None:
        self.draw_map()

    def _on_map_clicked(self, event) -> None:
        if self.result is None:
            return
        point = self.map.getPlotItem().vb.mapSceneToView(event.scenePos())
        key, query = int(np.floor(point.x())), int(np.floor(point.y()))
        T = len(self.result.lens.tokens)
        if 0 <= query < T and 0 <= key < T:
            self.select_cell(query, key)


def _ticks(labels: list[str], most: int) -> list[list[tuple[float, str]]]:
    """Axis ticks at the centre of every n-th token's square, at most ``most`` of them."""
    every = max(1, -(-len(labels) // most))
    return [[(i + 0.5, labels[i]) for i in range(0, len(labels), every)]]


def _number(x: float) -> str:
    """A signed number of the panel; a distance of 0 gives a bias of -0.0, shown as +0.0000."""
    return "−∞" if x == float("-inf") else f"{x + 0.0:+.4f}".replace("-", "−")


def cell_html(cell: AttentionCell, positions: str) -> str:
    """The panel's text: the row's scores and softmax, then the weighted sum of the values."""
    tokens = [escape(readable_token(t)) for t in cell.tokens]
    i, j = cell.query, cell.key
    d_head = cell.values.shape[1]
    layer = layer_name(cell.layer_name)
    head = translate(
        "LayersTab",
        "<p><b>{layer}, head {number}:</b> “{query}” (token {query_index}) looks at “{key}” "
        "(token {key_index}) with weight <b>{weight:.4f}</b>.<br>Positions: {positions}.</p>",
    ).format(
        layer=escape(layer[:1].upper() + layer[1:]),
        number=cell.head + 1,
        query=tokens[i],
        query_index=i,
        key=tokens[j],
        key_index=j,
        weight=cell.weight,
        positions=escape(positions),
    )
    extra = cell.extra is not None
    columns = [translate("LayersTab", "key"), translate("LayersTab", "token"), f"q·k / √{d_head}"]
    columns += [f"+ {escape(cell.extra_name)}"] if extra else []
    columns += [translate("LayersTab", "= score"), "softmax"]
    rows = []
    for key in range(len(tokens)):
        cells = [str(key), tokens[key], _number(float(cell.dots[key]))]
        if cell.extra is not None:
            cells.append(_number(float(cell.extra[key])))
        cells += [_number(float(cell.scores[key])), number(cell.weights[key], ".4f")]
        style = " style='background-color:#FCE3D2; color:#000000; font-weight:bold'" if key == j else ""
        rows.append(f"<tr{style}>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    if extra:
        scores = translate(
            "LayersTab",
            "<p>1. The row of scores: the query q of “{q}” times every key k, divided by √{d} "
            "(×{scale:.4f}), plus the layer's own term.</p>",
        )
    else:
        scores = translate(
            "LayersTab",
            "<p>1. The row of scores: the query q of “{q}” times every key k, divided by √{d} (×{scale:.4f}).</p>",
        )
    table = scores.format(q=tokens[i], d=d_head, scale=cell.scale) + (
        "<table border='1' cellspacing='0' cellpadding='3'><tr>{header}</tr>{rows}</table>"
    ).format(header="".join(f"<th>{c}</th>" for c in columns), rows="".join(rows))
    top = float(cell.scores.max())
    total = float(np.exp(cell.scores - top).sum())
    softmax = translate(
        "LayersTab",
        "<p>2. The softmax of the row: weight = e<sup>score − max</sup> / Σ e<sup>score − max</sup> "
        "(max = {top}, Σ = {total:.4f}); for “{key}”: "
        "e<sup>{exponent}</sup> / {total:.4f} = <b>{weight:.4f}</b>. "
        "The row sums to {sum:.4f}.</p>",
    ).format(
        top=_number(top),
        total=total,
        key=tokens[j],
        exponent=_number(float(cell.scores[j]) - top),
        weight=cell.weight,
        sum=float(cell.weights.sum()),
    )
    dims = "".join(
        f"<tr><td>{n}</td><td>{_number(float(cell.values[j, n]))}</td>"
        f"<td>{_number(float(cell.contribution[n]))}</td><td>{_number(float(cell.output[n]))}</td></tr>"
        for n in range(d_head)
    )
    values = translate(
        "LayersTab",
        "<p>3. The head's output for “{query}” is the sum over every key of weight × its value v "
        "({d} numbers each). “{key}” adds {weight:.4f} × v:</p>",
    ).format(query=tokens[i], d=d_head, key=tokens[j], weight=cell.weight)
    values += (
        "<table border='1' cellspacing='0' cellpadding='3'><tr><th>{number}</th>"
        "<th>{v_of}</th><th>{weighted}</th><th>{output}</th></tr>{dims}</table>"
    ).format(
        number=translate("LayersTab", "number"),
        v_of=translate("LayersTab", "v of “{key}”").format(key=tokens[j]),
        weighted=translate("LayersTab", "weight × v"),
        output=translate("LayersTab", "output (all keys)"),
        dims=dims,
    )
    return head + table + softmax + values
