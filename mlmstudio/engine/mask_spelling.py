"""What to say when a fill-mask question has no [MASK]: often it has one, spelt another way.

People write the mask as other tools do (``<mask>`` for RoBERTa, ``[mask]``
from memory, ``[ MASK ]``, full-width brackets from a Japanese keyboard). The
model only knows ``[MASK]``, so the reply names the spelling it saw and gives
the sentence back with it corrected. No torch here: the GUI can ask before it
loads anything.
"""

from __future__ import annotations

import re

from mlmstudio.config import MASK

# An opening bracket, "mask" in any case (maybe padded with spaces or underscores), a closing one;
# or MASK in capitals as a bare word.
_NEAR_MISS = re.compile(r"[\[<({［【]\s*_*\s*mask\s*_*\s*[\]>)}］】]|\bMASK\b", re.IGNORECASE)
_BARE_LOWER = re.compile(r"^\w+$")

NO_MASK_MESSAGE = "Add [MASK] where the model should guess a word, e.g. 'The cat sat on the [MASK].'"


def misspelt_masks(text: str) -> list[str]:
    """The near-miss spellings of [MASK] in ``text``, in order (``[MASK]`` itself is not one)."""
    found = []
    for match in _NEAR_MISS.finditer(text):
        spelling = match.group(0)
        if spelling == MASK or (_BARE_LOWER.match(spelling) and spelling != "MASK"):
            continue  # the real mask, or an ordinary word "mask"
        found.append(spelling)
    return found


def with_masks_corrected(text: str) -> str:
    """``text`` with every near-miss spelling replaced by [MASK]."""
    return _NEAR_MISS.sub(lambda m: MASK if m.group(0) in misspelt_masks(m.group(0)) else m.group(0), text)


def no_mask_message(text: str, own: str = MASK) -> str:
    """The sentence to show when ``text`` has no [MASK]: the spelling to use, if one was nearly right.

    ``own`` is an opened model's own spelling (RoBERTa's ``<mask>``), which it reads as well as
    [MASK]: the sentence then names that one, rather than telling a RoBERTa user to write [MASK].
    """
    wrong = [w for w in misspelt_masks(text) if w != own]
    if own != MASK:
        if not wrong:
            return (
                f"Add {own} (or {MASK}) where the model should guess a word, e.g. 'The cat sat on the {own}.'"
            )
        shown = ", ".join(dict.fromkeys(f"'{w}'" for w in wrong))
        corrected = with_masks_corrected(text).strip().replace(MASK, own)
        return f"This model's mask is written {own} (or {MASK}), not {shown}. Ask it this way: '{corrected}'"
    if not wrong:
        return NO_MASK_MESSAGE
    shown = ", ".join(dict.fromkeys(f"'{w}'" for w in wrong))
    return (
        f"This model's mask is written [MASK] (capital letters in square brackets), not {shown}. "
        f"Ask it this way: '{with_masks_corrected(text).strip()}'"
    )
