"""Attention: what each head of each layer looks at, for the sentence in Explore.

The engine (``engine.inspect.attention``, in a worker thread through the page's
``ask``) returns the weights of every layer and head; the tab draws them as a
grid of small heatmaps, one row per layer, one column per head and a last
column with the average over the layer's heads. In a map the row is the token
that looks (the query) and the column the token it looks at (the key);
brighter is more attention, on one colour scale for the whole grid (0 to the
largest weight, viridis, as ``mlmstudio attention --png`` draws it). Clicking
a map shows it enlarged beside the grid, with the tokens on both axes; hovering
it says the two tokens and the weight. The sentence needs no [MASK] (one is
read as the token it is). The view saves as a PNG, the weights as CSV or JSON.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QGraphicsRectItem,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.attention_picture import colour_table, colour_top
from mlmstudio.gui.engine_messages import layer_name
from mlmstudio.gui.i18n import translate
from mlmstudio.gui.pages.explore.answers import blank_token_map
from mlmstudio.gui.pages.explore.tab import ExploreHost, ExploreTab, Question
from mlmstudio.gui.theme import style_plot
from mlmstudio.gui.widgets.export_buttons import ExportButtons, Numbers
from mlmstudio.gui.widgets.prediction_view import readable_token

if TYPE_CHECKING:
    from mlmstudio.engine.inspect.attention import AttentionMap
    from mlmstudio.engine.predict import Predictor

CELL = 96  # pixels of one small map in the grid, at most
MIN_CELL = 44  # ... and at least: a narrower window scrolls rather than draw unreadable maps
SELECTED_PEN = pg.mkPen("#EE7733", width=3, cosmetic=True)
# The enlarged map labels at most this many tokens down its side and along its bottom (every n-th
# one beyond that; hovering names any square): pyqtgraph draws every tick label given, overlapping or not.
MAX_SIDE_LABELS, MAX_BOTTOM_LABELS = 24, 12


class AttentionTab(ExploreTab):
    title = QT_TRANSLATE_NOOP("ExploreTabs", "Attention")

    def __init__(self, host: ExploreHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        explain = QLabel(
            translate(
                "AttentionTab",
                "What each part of the model looks at in the sentence above. Each small map is one "
                "attention head (columns) of one layer (rows); the last column averages the layer's "
                "heads. In a map, a row is the token that looks and a column the token it looks at: "
                "the brighter, the more attention. Click a map to see it enlarged with its tokens.",
            )
        )
        explain.setWordWrap(True)
        self.show_button = QPushButton(translate("AttentionTab", "Show attention"))
        self.show_button.setToolTip(
            translate("AttentionTab", "Run the sentence through the model and draw every head's attention")
        )
        self.summary = QLabel()
        self.summary.setWordWrap(True)

        self.grid = pg.GraphicsLayoutWidget()
        self.grid_area = QScrollArea()
        self.grid_area.setWidget(self.grid)
        self.grid_area.setWidgetResizable(True)
        # The maps shrink to the room there is, so every head of a layer shows side by side.
        self.grid_area.viewport().installEventFilter(self)
        self.zoom = pg.PlotWidget()
        self.zoom.invertY(True)
        self.zoom.setAspectLocked(True)
        self.zoom.setMenuEnabled(False)
        self.zoom.setMouseEnabled(x=False, y=False)
        self.zoom.hideButtons()
        self.zoom.getAxis("left").setLabel(translate("AttentionTab", "the token that looks"))
        self.zoom.getAxis("bottom").setLabel(translate("AttentionTab", "the token it looks at"))
        blank_token_map(self.zoom)  # token ticks come with a map
        self.zoom_image = pg.ImageItem(axisOrder="row-major")
        self.zoom.addItem(self.zoom_image)
        self.colour_bar = pg.ColorBarItem(
            values=(0.0, 1.0), colorMap=_colour_map(), interactive=False, width=12
        )
        self.colour_bar.setImageItem(self.zoom_image, insert_in=self.zoom.getPlotItem())
        self.zoom_title = QLabel(translate("AttentionTab", "Click a map in the grid to see it here."))
        self.hover_text = QLabel(" ")
        self.hover_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        zoom_box = QWidget()
        zoom_layout = QVBoxLayout(zoom_box)
        zoom_layout.setContentsMargins(0, 0, 0, 0)
        zoom_layout.addWidget(self.zoom_title)
        zoom_layout.addWidget(self.zoom, 1)
        zoom_layout.addWidget(self.hover_text)
        self.view = QSplitter(Qt.Orientation.Horizontal)  # what "Save picture" saves
        self.view.addWidget(self.grid_area)
        self.view.addWidget(zoom_box)
        self.view.setStretchFactor(0, 3)
        self.view.setStretchFactor(1, 2)

        self.export = ExportButtons(
            self.view, self.numbers, name="attention", report_error=self.host.show_error
        )
        row = QHBoxLayout()
        row.addWidget(self.summary, 1)
        row.addWidget(self.export)
        row.addWidget(self.show_button)
        layout = QVBoxLayout(self)
        layout.addWidget(explain)
        layout.addLayout(row)
        layout.addWidget(self.view, 1)

        self.result: AttentionMap | None = None
        self.selected: tuple[int, int | None] | None = None  # (layer, head); head None = the average
        self._cells: list[tuple[pg.ViewBox, int, int | None]] = []
        self._frames: list[QGraphicsRectItem] = []
        self._top = 1.0
        self._grid_labels: list[pg.LabelItem] = []
        self.apply_palette(self.palette())  # the scheme's colours from the start, not white
        self.show_button.clicked.connect(self.show_attention)
        self.grid.scene().sigMouseClicked.connect(self._on_grid_clicked)
        self.zoom.scene().sigMouseMoved.connect(self._on_zoom_hovered)

    def action_buttons(self) -> list[QAbstractButton]:
        return [self.show_button]

    def run_changed(self, run) -> None:
        self.clear()

    # -- asking ---------------------------------------------------------------------------------

    def show_attention(self) -> bool:
        """Ask for the sentence's attention in a worker; False when it could not be asked."""
        if self.host.current_run() is not None and not self.show_button.isEnabled():
            return False  # a model is loading or an answer is on its way (no run: ask says so)

        def asking(predictor: Predictor, question: Question) -> AttentionMap:
            from mlmstudio.engine.inspect.attention import attend

            return attend(predictor, question.text)

        return self.host.ask(
            asking, self._on_answer, what=translate("AttentionTab", "Reading the attention"), needs_mask=False
        )

    def _on_answer(self, result: AttentionMap, _question: Question) -> None:
        self.show_map(result)
        if result.note:
            self.host.show_info(result.note)
        self.answered.emit()

    # -- drawing --------------------------------------------------------------------------------

    def clear(self) -> None:
        self.result, self.selected = None, None
        self._cells, self._frames, self._grid_labels = [], [], []
        self.grid.clear()
        self.zoom_image.clear()
        blank_token_map(self.zoom)
        self.zoom_title.setText(translate("AttentionTab", "Click a map in the grid to see it here."))
        self.hover_text.setText(" ")
        self.summary.setText("")
        self.export.set_available(False)

    def show_map(self, result: AttentionMap) -> None:
        """Draw the grid of every layer and head of ``result``, and enlarge the first layer's average."""
        self.clear()
        self.result = result
        average = result.head_average()
        self._top = colour_top([[result.weights]])
        lut = colour_table()
        columns = result.num_heads + 1
        text = self.palette().color(QPalette.ColorRole.Text).name()
        self.grid.addLabel("", row=0, col=0)
        for head in range(columns):
            self._grid_labels.append(
                self.grid.addLabel(
                    translate("AttentionTab", "average")
                    if head == result.num_heads
                    else translate("AttentionTab", "head {number}").format(number=head + 1),
                    row=0,
                    col=head + 1,
                    color=text,
                )
            )
        for layer in range(result.num_layers):
            self._grid_labels.append(
                self.grid.addLabel(
                    layer_name(result.layer_names[layer]), row=layer + 1, col=0, color=text, angle=-90
                )
            )
            for column in range(columns):
                head = None if column == result.num_heads else column
                data = average[layer] if head is None else result.weights[layer, head]
                box = self.grid.addViewBox(
                    row=layer + 1,
                    col=column + 1,
                    lockAspect=True,
                    enableMouse=False,
                    enableMenu=False,
                    invertY=True,
                )
                image = pg.ImageItem(data, axisOrder="row-major")
                image.setLookupTable(lut)
                image.setLevels((0.0, self._top))
                box.addItem(image)
                frame = QGraphicsRectItem(0, 0, data.shape[1], data.shape[0])  # shown around the enlarged one
                frame.setPen(SELECTED_PEN)
                frame.setVisible(False)
                box.addItem(frame)
                box.setRange(xRange=(0, data.shape[1]), yRange=(0, data.shape[0]), padding=0.03)
                box.disableAutoRange()  # the frame's pen must not zoom its map out
                box.setToolTip(
                    translate("AttentionTab", "{map}: click to enlarge").format(
                        map=_title(result, layer, head)
                    )
                )
                self._cells.append((box, layer, head))
                self._frames.append(frame)
        self._fit_grid()
        self.summary.setText(
            translate(
                "AttentionTab",
                "{tokens} tokens · layers × heads: {layers} × {heads}. "
                "Colour: 0 (dark) to {top:.2f} (bright), the largest weight here.",
            ).format(
                tokens=len(result.tokens), layers=result.num_layers, heads=result.num_heads, top=self._top
            )
        )
        self.export.set_available(True)
        self.select(0, None)

    def cell_size(self) -> int:
        """The side of one small map: what the grid's width allows for all heads, within limits."""
        if self.result is None:
            return CELL
        columns = self.result.num_heads + 1
        room = (self.grid_area.viewport().width() - 40) // columns
        return max(MIN_CELL, min(CELL, room))

    def _fit_grid(self) -> None:
        if self.result is None:
            return
        cell = self.cell_size()
        self.grid.setMinimumSize(40 + (self.result.num_heads + 1) * cell, 30 + self.result.num_layers * cell)

    def apply_palette(self, palette: QPalette) -> None:
        """The grid, the enlarged map, its axes, colour bar and labels in ``palette``'s plot colours."""
        style_plot(self.grid, palette)
        style_plot(self.zoom, palette)  # the colour bar's axis too: it is in the zoom's scene
        foreground = palette.color(QPalette.ColorRole.Text)
        for label in self._grid_labels:
            label.setText(label.text, color=foreground.name())

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.apply_palette(self.palette())
        super().changeEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self.grid_area.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_grid()
        return super().eventFilter(watched, event)

    def select(self, layer: int, head: int | None) -> None:
        """Enlarge one map (head None: the layer's average over heads)."""
        result = self.result
        if result is None:
            return
        self.selected = (layer, head)
        for (_box, box_layer, box_head), frame in zip(self._cells, self._frames, strict=True):
            frame.setVisible((box_layer, box_head) == (layer, head))
        grid = self.selected_weights()
        self.zoom_image.setImage(grid, levels=(0.0, self._top))
        self.colour_bar.setLevels((0.0, self._top))
        self.zoom_image.setRect(0, 0, grid.shape[1], grid.shape[0])
        labels = [readable_token(t) for t in result.tokens]
        self.zoom.getAxis("left").setTicks(_ticks(labels, MAX_SIDE_LABELS))
        self.zoom.getAxis("bottom").setTicks(_ticks(labels, MAX_BOTTOM_LABELS))
        self.zoom.setRange(xRange=(0, grid.shape[1]), yRange=(0, grid.shape[0]), padding=0.02)
        self.zoom_title.setText(_title(result, layer, head))
        self.hover_text.setText(translate("AttentionTab", "Point at a square to read its weight."))

    def selected_weights(self) -> np.ndarray:
        """[T, T] of the enlarged map."""
        assert self.result is not None and self.selected is not None
        layer, head = self.selected
        return self.result.head_average()[layer] if head is None else self.result.weights[layer, head]

    def describe(self, query: int, key: int) -> str:
        """What hovering the enlarged map at (query, key) says."""
        assert self.result is not None
        tokens = [readable_token(t) for t in self.result.tokens]
        weight = float(self.selected_weights()[query, key])
        return translate(
            "AttentionTab",
            "“{query}” (token {query_index}) looks at “{key}” (token {key_index}) with weight {weight:.3f}",
        ).format(query=tokens[query], query_index=query, key=tokens[key], key_index=key, weight=weight)

    def numbers(self) -> Numbers | None:
        if self.result is None:
            return None
        return Numbers(csv_text=self.result.to_csv(), json_text=self.result.to_json(indent=None) + "\n")

    # -- slots ----------------------------------------------------------------------------------

    def _on_grid_clicked(self, event) -> None:
        position = event.scenePos()
        for box, layer, head in self._cells:
            if box.sceneBoundingRect().contains(position):
                self.select(layer, head)
                return

    def _on_zoom_hovered(self, position: QPointF) -> None:
        if self.result is None or self.selected is None:
            return
        point = self.zoom.getPlotItem().vb.mapSceneToView(position)
        key, query = int(np.floor(point.x())), int(np.floor(point.y()))
        T = len(self.result.tokens)
        if 0 <= query < T and 0 <= key < T:
            self.hover_text.setText(self.describe(query, key))


def _ticks(labels: list[str], most: int) -> list[list[tuple[float, str]]]:
    """Axis ticks at the centre of every n-th token's square, at most ``most`` of them."""
    every = max(1, -(-len(labels) // most))
    return [[(i + 0.5, labels[i]) for i in range(0, len(labels), every)]]


def _title(result: AttentionMap, layer: int, head: int | None) -> str:
    """'Layer 2, head 3' (or 'Discriminator 1, average over heads')."""
    name = layer_name(result.layer_names[layer])
    shown = f"{name[:1].upper()}{name[1:]}"
    if head is None:
        return translate("AttentionTab", "{layer}, average over heads").format(layer=shown)
    return translate("AttentionTab", "{layer}, head {number}").format(layer=shown, number=head + 1)


def _colour_map() -> pg.ColorMap:
    table = colour_table()
    return pg.ColorMap(np.linspace(0.0, 1.0, len(table)), table)
