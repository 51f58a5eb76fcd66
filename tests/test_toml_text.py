"""The one TOML writer every game's manifests are written with (referee.games.grids): whatever
an owner types, the file reads back as typed."""

from __future__ import annotations

import tomllib

from hypothesis import given
from hypothesis import strategies as st

from referee.games.grids import toml_block, toml_text

TEXT = st.text(st.characters(exclude_categories=("Cs",)))  # any character a form can carry


@given(TEXT)
def test_any_text_reads_back_as_written(text):
    assert tomllib.loads(f"value = {toml_text(text)}\n")["value"] == text


@given(TEXT)
def test_any_text_reads_back_from_a_block(text):
    assert tomllib.loads(f"value = {toml_block(text)}\n")["value"] == text


def test_control_characters_and_del_are_escaped():
    assert toml_text("Tirol\x7f") == '"Tirol\\u007f"'
    assert toml_text('a "b"\\\n\t\x00') == '"a \\"b\\"\\\\\\n\\t\\u0000"'
    assert toml_block("one\ntwo\x1b\n") == '"""\none\ntwo\\u001b\n"""'


def test_half_a_surrogate_pair_becomes_the_replacement_character():
    written = toml_text("a\ud800b\udfff")
    assert tomllib.loads(f"value = {written}\n")["value"] == "a\ufffdb\ufffd"
    assert toml_text("\ud7ff\ue000") == '"\ud7ff\ue000"'  # the characters either side are kept


def test_ordinary_text_is_written_as_json_writes_it():
    """The shipped manifests were written by json.dumps: the same bytes for their text."""
    import json

    for text in ("United States (Avalon Hill Rail Baron)", "£", "Ölfeld — Süd", "x\ny\tz"):
        assert toml_text(text) == json.dumps(text, ensure_ascii=False)
