"""Names on the new game form: cleaned, never empty, never a look-alike of another seat's."""

from __future__ import annotations

import pytest

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
