"""The rule each of Rail Baron's lines names where the transfer's own fields decide it: a use
fee on the Honeymoon phantom's railroads or on one's own (classic rules), the Starting Auction's
cash and deeds (docs/explain.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

FEES_READING = "fees at the turn's end, with the owners of that moment " \
    "(Readings of the rulebook)"
HONEYMOON = "HONEYMOON (2 PLAYER) RULES"
# The classic summary has no headings: its paragraphs are named by what they say.
CLASSIC_FEES = "Use fees (classic rules)"
OWN_RAILROAD = "riding one's own railroad costs the bank $1,000"
CLASSIC_READING = f"{OWN_RAILROAD} (edition: classic)"


def established(fields: Mapping[str, Any]) -> str:
    """An established use fee's words: at which rate, since when and where (ESTABLISHMENT)."""
    if "since_turn" not in fields:
        return ""
    turn = fields["since_turn"]
    when = f"turn {turn}" if turn else "the start of the game"
    return (f"established at {fields.get('established', '?')} (instead of "
            f"${fields.get('full', 0):,}), since {when} at {fields.get('since_at', '?')}")


def fee_words(fields: Mapping[str, Any]) -> str:
    """What a use fee adds to its words: half of the phantom player's fee (Honeymoon), one's
    own railroad ridden (classic), and an establishment."""
    said = []
    if fields.get("phantom"):
        said.append(f"half of the ${fields['phantom']:,} fee for the phantom player's "
                    "railroads")
    if fields.get("own"):
        said.append(f"the {', '.join(fields['own'])} his own")
    return ", ".join([*said, established(fields)] if established(fields) else said)


def fee_rule(fields: Mapping[str, Any]) -> tuple[str, str] | None:
    """The rule of a use fee its fields decide: the phantom's railroads (Honeymoon), one's own
    (classic); with ESTABLISHMENT where the fee is established."""
    also = "; ESTABLISHMENT" if established(fields) else ""
    if fields.get("phantom"):
        return HONEYMOON + also, FEES_READING
    if fields.get("own"):
        return CLASSIC_FEES + also, f"{CLASSIC_READING}; {FEES_READING}"
    return None
STARTING_AUCTION = "STARTING AUCTION"


def start_words(fields: Mapping[str, Any]) -> str:
    """Starting cash with the Starting Auction's extra says how much of it is the extra."""
    return f"${fields['extra']:,} of it the Starting Auction's extra" if fields.get("extra") \
        else ""


def start_rule(fields: Mapping[str, Any]) -> tuple[str, str] | None:
    """Starting cash with the Starting Auction's extra: START and STARTING AUCTION."""
    return ("START; STARTING AUCTION", "starting_auction_extra") if fields.get("extra") \
        else None


def auction_rule(fields: Mapping[str, Any]) -> tuple[str, str] | None:
    """A deed bought at the Starting Auction: STARTING AUCTION (then AUCTION's bidding)."""
    return (f"{STARTING_AUCTION}; AUCTION", "") if fields.get("starting") else None
