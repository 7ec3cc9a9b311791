"""The attention picture both faces save: one colour scale up to the largest weight, drawn offscreen."""

import numpy as np
from PySide6.QtGui import QColor

from mlmstudio.attention_picture import VIRIDIS, colour_table, colour_top, heat_image, render_attention


def test_the_largest_weight_is_drawn_brightest_and_zero_darkest():
    weights = np.full((1, 2, 3, 3), 0.1, dtype=np.float32)
    weights[0, 1, 2, 0] = 0.4  # the largest weight in the picture
    assert colour_top([[weights[0, 0], weights[0, 1]]]) == np.float32(0.4)
    image = heat_image(weights[0, 1], top=0.4)
    assert QColor(image.pixel(0, 2)).name() == VIRIDIS[-1]  # x = key 0, y = query 2
    assert QColor(heat_image(np.zeros((2, 2))).pixel(1, 1)).name() == VIRIDIS[0]
    table = colour_table()
    assert table.shape == (256, 3) and tuple(table[0]) == (0x44, 0x01, 0x54)


def test_the_grid_has_a_map_per_head_and_an_average_column():
    tokens = ["[CLS]", "a", "b", "[SEP]"]
    weights = np.random.default_rng(0).dirichlet(np.ones(4), size=(2, 3, 4)).astype(np.float32)
    image = render_attention(tokens, weights, title="test")
    assert not image.isNull()
    assert image.width() > 4 * (4 * 14) and image.height() > 2 * (4 * 14)  # 3 heads + average, 2 layers
    pixels = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(image.height(), image.width(), 4)
    yellow = QColor(VIRIDIS[-1])
    brightest = np.all(pixels[..., :3] == (yellow.blue(), yellow.green(), yellow.red()), axis=-1).sum()
    # the largest weight fills a 14 x 14 square in the top colour (the colour bar's end is a sliver)
    assert brightest >= 14 * 14
