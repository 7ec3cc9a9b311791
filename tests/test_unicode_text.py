"""is_text: real Unicode text passes; a string carrying undecodable bytes (PEP 383 surrogates) does not."""

from __future__ import annotations

from mlmstudio.unicode_text import is_text


def test_text_in_any_script_is_text():
    assert is_text("corpus.txt") and is_text("Ünïcødé 日本語 ☃") and is_text("")


def test_a_name_with_bytes_that_are_not_utf8_is_not_text():
    name = b"caf\xe9.txt".decode("utf-8", "surrogateescape")  # how Python hands over a Latin-1 file name
    assert name == "caf\udce9.txt"
    assert not is_text(name)
