"""The fixed numbers of Prairie Railroads, as the rulebook gives them."""

from __future__ import annotations

RAILROADS = ("CRIP", "ATSF", "KP", "MKT", "SLSF", "MP")  # also the order of the initial auctions
RAILROAD_NAMES = {
    "CRIP": "Chicago, Rock Island & Pacific",
    "ATSF": "Atchison, Topeka & Santa Fe",
    "KP": "Kansas Pacific",
    "MKT": "Missouri, Kansas & Texas",
    "SLSF": "Saint Louis & San Francisco",
    "MP": "Missouri Pacific",
}
SHARES = 5  # shares of each railroad
TRACK_CUBES = 32  # each railroad's cubes; one of them marks its Income on the Income Track
DEVELOPMENT_CUBES = 40
STARTING_CASH = {3: 80, 4: 70, 5: 60}
HANDS = {  # each player's personal action cards
    3: {"PD": 2, "OS": 6, "CT": 10},
    4: {"PD": 1, "OS": 5, "CT": 8},
    5: {"PD": 1, "OS": 4, "CT": 6},
}
CARDS = ("OS", "CT", "PD")
CARD_NAMES = {"OS": "Offer Stock", "CT": "Construct Track", "PD": "Pay Dividends"}
LAST_PAY_DIVIDENDS = 8  # the eighth Pay Dividends card ends the game
SEGMENT_COST = 5
DOUBLE_COST = 15
SEGMENT_VALUE = 5
WESTERN_VALUE = 25
WESTERN_BASE_COST = 15  # + $5 per Western Build already on the board
WESTERN_BUILDS_MAX = 6  # the rulebook's cost list runs to five existing Western Builds

# The free first segment of each railroad in the initial auctions: from one of these cities.
START_CITIES = {
    "CRIP": ("Troy",),
    "ATSF": ("Atchison",),
    "KP": ("Leavenworth", "Kansas City"),
    "MKT": ("Fort Scott", "Paola", "Kansas City"),
    "SLSF": ("Columbus", "Fort Scott", "Paola", "Girard"),
    "MP": ("Troy", "Leavenworth", "Columbus", "Fort Scott", "Paola", "Girard"),
}
# Where the rulebook names the far end of the first segment too.
FIRST_SEGMENT_ENDS = {"CRIP": ("Whiting", "Marysville"), "ATSF": ("Topeka",)}
ALL_START_CITIES = tuple(dict.fromkeys(c for cities in START_CITIES.values() for c in cities))

MAX_INCOME = 9  # the largest base income a typed city may have (sanity check on input)


def treasury(railroad: str) -> str:
    """The ledger account of a railroad's treasury."""
    return f"treasury:{railroad}"


def money(amount: int) -> str:
    return f"-${-amount}" if amount < 0 else f"${amount}"
