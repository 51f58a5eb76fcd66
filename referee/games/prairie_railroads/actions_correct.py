"""The banker's corrections of what the table typed: a city's income, the city that grew, the
draw deck's count. Each is an action with a reason; the figures after it follow the correction
(a railroad's Income is its segments' city incomes, so it moves by the difference), and what was
paid before it stays paid."""

from __future__ import annotations

from referee.engine.rules import require
from referee.games.prairie_railroads.constants import CARD_NAMES, CARDS, MAX_INCOME, money
from referee.games.prairie_railroads.context import Play, handles
from referee.games.prairie_railroads.settings import MAX_CARDS
from referee.games.prairie_railroads.state import City


def _reason(action: dict) -> str:
    reason = action.get("reason")
    require(isinstance(reason, str) and bool(reason.strip()),
            "Say why it is corrected (the reason goes into the history).")
    return reason.strip()


def _no_board(play: Play, what: str) -> None:
    require(play.board is None, f"The board table gives {what}: correct the board table "
            "(the Maps page), not the game.")


def _known(play: Play, name: object, what: str) -> str:
    found = play.find_city(name)
    require(found is not None and found in play.state.cities,
            f"Choose {what} among the cities this game knows.")
    return found  # type: ignore[return-value]


def _follow(play: Play, city: str, before: int) -> None:
    """Move every railroad's Income by the change of one city's income on its segments."""
    change = play.income_of(city) - before
    for rr in play.state.railroads.values():
        ends = sum(seg.count(city) for seg in rr.track)
        if ends and change:
            rr.income += ends * change
            play.say(f"The {rr.key}'s Income is now {money(rr.income)}.")


@handles("correct_income")
def correct_income(play: Play, action: dict) -> None:
    """A city's base income, typed wrong when it was first built to."""
    _no_board(play, "every city's income")
    reason = _reason(action)
    city = _known(play, action.get("city"), "the city")
    known = play.state.cities[city]
    require(not known.start, f"{city} is a start city: it adds no income.")
    income = action.get("income")
    require(type(income) is int and 0 <= income <= MAX_INCOME,
            f"A city's income is a whole number from 0 to {MAX_INCOME}.")
    require(income != known.income, f"{city}'s income is {money(income)} already.")
    before = play.income_of(city)
    was = "not entered" if known.income is None else money(known.income)
    known.income = income
    play.say(f"The banker corrects {city}'s income from {was} to {money(income)}: {reason}.")
    _follow(play, city, before)


@handles("correct_growth")
def correct_growth(play: Play, action: dict) -> None:
    """The city that grew, typed wrong: the development cube moves to the right city."""
    _no_board(play, "the growth chart")
    reason = _reason(action)
    state = play.state
    wrong = play.find_city(action.get("grown"))
    require(wrong is not None and wrong in state.grown, "Choose the city recorded as grown.")
    typed = action.get("city")
    right = play.find_city(typed)
    if right is None:
        require(isinstance(typed, str) and 0 < len(typed.strip()) <= 40,
                "Choose the city that grew, or type it (at most 40 letters).")
        require(action.get("new_city") in (True, "yes"),
                f"{typed.strip()} is not among the cities this game knows: choose one of them, "
                "or confirm that it is a new city.")
        right = typed.strip()
        state.cities[right] = City(right, None)
    require(right not in state.grown, f"{right} has grown already: a city grows once.")
    before = {c: play.income_of(c) for c in (wrong, right)}
    state.grown[state.grown.index(wrong)] = right
    play.say(f"The banker corrects the growth: {right} grew, not {wrong}: {reason}.")
    for city in (wrong, right):
        _follow(play, city, before[city])
    unused = state.cities.get(wrong)
    if unused is not None and unused.income is None and not any(
            wrong in seg for rr in state.railroads.values() for seg in rr.track):
        del state.cities[wrong]  # a name only the mistake brought in is forgotten


@handles("correct_deck")
def correct_deck(play: Play, action: dict) -> None:
    """The cards left in the draw deck (`deck`: {"PD": 2, "OS": 6, "CT": 10}), miscounted at
    the lobby (or since)."""
    reason = _reason(action)
    given = action.get("deck")
    require(isinstance(given, dict), "Give the cards left in the draw deck: {\"PD\": 2, ...}.")
    counts = {}
    for card in CARDS:
        n = given.get(card)
        require(type(n) is int and 0 <= n <= MAX_CARDS,
                f"Count the {CARD_NAMES[card]} cards left in the draw deck (0 to {MAX_CARDS}).")
        counts[card] = n
    require(counts != play.state.deck, "The draw deck holds these cards already.")
    play.state.deck = counts
    told = ", ".join(f"{counts[c]} {c}" for c in CARDS)
    play.say(f"The banker corrects the draw deck to {told}: {reason}.")
