"""Near-miss spellings of [MASK] are named, and the sentence comes back corrected."""

import pytest

from mlmstudio.engine.mask_spelling import NO_MASK_MESSAGE, misspelt_masks, no_mask_message


@pytest.mark.parametrize(
    "text, found",
    [
        ("Paris is the [mask] of France.", ["[mask]"]),
        ("<mask> and <MASK> and [Mask]", ["<mask>", "<MASK>", "[Mask]"]),
        ("a [ mask ] or a [_MASK_] or {mask}", ["[ mask ]", "[_MASK_]", "{mask}"]),
        ("The answer is MASK.", ["MASK"]),
        ("She wore a mask. A Mask. Masks.", []),
        ("Already right: [MASK].", []),
    ],
)
def test_near_misses_are_found(text, found):
    assert misspelt_masks(text) == found


def test_message_names_the_spellings_and_corrects_the_sentence():
    message = no_mask_message("The <mask> sat on the [mask].")
    assert message.startswith("This model's mask is written [MASK]")
    assert "'<mask>', '[mask]'" in message
    assert message.endswith("'The [MASK] sat on the [MASK].'")


def test_without_a_near_miss_the_plain_message():
    assert no_mask_message("The cat sat on the mat.") == NO_MASK_MESSAGE
