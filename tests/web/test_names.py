"""Names on the new game form: cleaned, never empty, never a look-alike of another seat's; and
right-to-left names kept in their place inside the lines the rules write (the `isolate` filter)."""

from __future__ import annotations

import re
import sys
import unicodedata
from html import unescape

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import Markup, escape

from referee.web.filters import RTL_BLOCKS, isolate
from referee.web.names import SEAT_ID, clean_name, skeleton


@pytest.mark.parametrize("typed, kept", [
    ("Ann", "Ann"),
    ("  Ann   Lee ", "Ann Lee"),
    ("Ann\u200b", "Ann"),
    ("\u200bA\u200dn\u2060n\ufeff", "Ann"),
    ("Ann\u202e", "Ann"),
    ("Le\u0301a", "L\u00e9a"),  # NFC
    ("\u3164", ""),  # a Hangul filler draws nothing
    ("A\ufe0fnn", "Ann"),  # a variation selector
    ("Ann\x00\x07", "Ann"),
])
def test_a_name_is_cleaned(typed, kept):
    assert clean_name(typed) == kept


@pytest.mark.parametrize("one, other", [
    ("Ann", "ann"), ("Ann", "\u0410nn"), ("Ann", "Ann\u200b"), ("Bob", "B\u03bfb"),
    ("Ann", "\u00c5nn"), ("Cyril", "Cyri1"), ("Tom", "T0m"), ("Ann", "\uff21nn"),
])
def test_look_alikes_have_one_skeleton(one, other):
    assert skeleton(one) == skeleton(other)


@pytest.mark.parametrize("one, other", [("Ann", "Anna"), ("Bob", "Rob"), ("Cy", "Di")])
def test_different_names_stay_different(one, other):
    assert skeleton(one) != skeleton(other)


def test_seat_ids_keep_to_a_safe_alphabet():
    for good in ("p1", "blue", "Red_2", "a-b"):
        assert SEAT_ID.fullmatch(good)
    for bad in ("a/b", "", "-x", "x" * 25, "ä", "a b", "..", "a?b"):
        assert not SEAT_ID.fullmatch(bad)


def new_game(browser, *names: str):
    form = {"game": "counter", "banker": ""}
    for row, name in enumerate(names, start=1):
        form |= {f"name_{row}": name, f"colour_{row}": ["#d62828", "#1d4ed8", "#15803d"][row - 1],
                 f"seat_{row}": str(row)}
    return browser().post("/new", form)


@pytest.mark.parametrize("names, problem", [
    (("Ann", "\u0410nn"), "looks the same as"),
    (("Ann", "Ann\u200b"), "looks the same as"),
    (("Ann", "\u200b", "Bob"), "Player 2&#39;s name is empty once invisible characters"),
])
def test_the_form_refuses_empty_and_look_alike_names(browser, names, problem):
    response = new_game(browser, *names)
    assert response.status_code == 422
    assert problem in response.text


def test_the_form_stores_the_cleaned_name(browser):
    response = new_game(browser, "Ann\u200b ", "Le\u0301a")
    assert response.status_code == 303
    lobby = browser().get("/").text
    assert "<bdi>Ann</bdi>, <bdi>L\u00e9a</bdi>" in lobby


# -- right-to-left names inside the lines the rules write ------------------------------------

HEBREW, ARABIC = "דוד", "سارة"
BDI = re.compile(r"<bdi>(.*?)</bdi>", re.S)


def shown_text(html: str) -> str:
    """The text a browser shows for `html` made of escaped text and <bdi> elements."""
    return unescape(BDI.sub(r"\1", html))


@pytest.mark.parametrize("line, isolated", [
    ("Ann rolls 7.", "Ann rolls 7."),
    (f"The banker corrects Bob's name to {HEBREW}: 3 letters were wrong.",
     f"The banker corrects Bob&#39;s name to <bdi>{HEBREW}</bdi>: 3 letters were wrong."),
    (f"Bob goes first; then {HEBREW}, {ARABIC}.",
     f"Bob goes first; then <bdi>{HEBREW}</bdi>, <bdi>{ARABIC}</bdi>."),
    ("עבד אל-רחמן ג'ורג' pays $5,000.",  # spaces, hyphen, apostrophe inside; not at the end
     "<bdi>עבד אל-רחמן ג&#39;ורג</bdi>&#39; pays $5,000."),
    ("Payoff to שָׁלוֹם (2): <b>", "Payoff to <bdi>שָׁלוֹם</bdi> (2): &lt;b&gt;"),  # marks
    ("ܐܒܪܗܡ and ދިވެހި and ߒߞߏ", "<bdi>ܐܒܪܗܡ</bdi> and <bdi>ދިވެހި</bdi> and <bdi>ߒߞߏ</bdi>"),
    ("سارة ٣٢ x", "<bdi>سارة</bdi> ٣٢ x"),  # Syriac, Thaana, NKo above; no trailing digits
])
def test_a_line_isolates_each_right_to_left_run(line, isolated):
    assert str(isolate(line)) == isolated


def test_markup_and_other_values_pass_as_html():
    assert isolate(Markup("<em>Ann</em>")) == Markup("<em>Ann</em>")
    assert str(isolate(7)) == "7"


def test_every_right_to_left_letter_lies_in_the_blocks_looked_at():
    inside = {c for first, last in RTL_BLOCKS for c in range(first, last + 1)}
    rtl = [c for c in range(sys.maxunicode + 1)
           if unicodedata.bidirectional(chr(c)) in ("R", "AL")]
    assert rtl and all(c in inside for c in rtl)


RTL_LETTERS = st.sampled_from("דוהשלםسارةمحمدܐܒދިߒߞ")
LINE = st.lists(st.one_of(RTL_LETTERS, st.sampled_from(" ,.:;'-()<>&\"0123٣$"),
                          st.characters()), max_size=60).map("".join)


@settings(max_examples=300, deadline=None)
@given(LINE)
def test_isolating_keeps_the_text_and_its_escaping(line):
    html = str(isolate(line))
    assert BDI.sub(r"\1", html) == str(escape(line))  # only <bdi> tags are added
    assert shown_text(html) == line  # the text shown is the line, unchanged
    for run in BDI.findall(html):
        text = unescape(run)
        assert unicodedata.bidirectional(text[0]) in ("R", "AL")
        assert unicodedata.bidirectional(text[-1]) in ("R", "AL", "NSM")
    outside = BDI.sub("", html)
    assert not any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in unescape(outside))
