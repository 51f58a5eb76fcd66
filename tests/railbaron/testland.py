"""Testland: a small Rail Baron map made for the tests, not a transcription of any printed chart.

Its region and city tables are arranged so that the rulebook's CITY LOOKUP example (odd 7 is
Appalachian; Appalachian even 9 is Chattanooga) holds on it.
"""

REGION_TABLE = {
    "odd": {2: "SA", 3: "SA", 4: "SA", 5: "AP", 6: "AP", 7: "AP", 8: "AP", 9: "SA", 10: "SA",
            11: "SA", 12: "AP"},
    "even": {2: "AP", 3: "AP", 4: "SA", 5: "SA", 6: "SA", 7: "AP", 8: "AP", 9: "AP", 10: "SA",
             11: "SA", 12: "SA"},
}


def _spread(spans: dict[tuple[int, int], str]) -> dict[int, str]:
    return {s: city for (lo, hi), city in spans.items() for s in range(lo, hi + 1)}


CITY_TABLE = {
    ("AP", "odd"): _spread({(2, 4): "Knoxville", (5, 8): "Chattanooga", (9, 12): "Asheville"}),
    ("AP", "even"): _spread({(2, 5): "Asheville", (6, 8): "Knoxville", (9, 12): "Chattanooga"}),
    ("SA", "odd"): _spread({(2, 5): "Atlanta", (6, 8): "Charleston", (9, 12): "Savannah"}),
    ("SA", "even"): _spread({(2, 4): "Savannah", (5, 8): "Atlanta", (9, 12): "Charleston"}),
}

CITIES = {
    "Asheville": "AP", "Chattanooga": "AP", "Knoxville": "AP",
    "Atlanta": "SA", "Charleston": "SA", "Savannah": "SA",
}

PAYOFFS = {
    ("Asheville", "Atlanta"): 22000, ("Asheville", "Charleston"): 24000,
    ("Asheville", "Chattanooga"): 16000, ("Asheville", "Knoxville"): 10000,
    ("Asheville", "Savannah"): 28000, ("Atlanta", "Charleston"): 32000,
    ("Atlanta", "Chattanooga"): 14000, ("Atlanta", "Knoxville"): 20000,
    ("Atlanta", "Savannah"): 26000, ("Charleston", "Chattanooga"): 36000,
    ("Charleston", "Knoxville"): 34000, ("Charleston", "Savannah"): 12000,
    ("Chattanooga", "Knoxville"): 8000, ("Chattanooga", "Savannah"): 38000,
    ("Knoxville", "Savannah"): 40000,
}

RAILROADS = [
    ("ACL", "Atlantic Coast Line", 12000, False),
    ("SOU", "Southern", 20000, False),
    ("CG", "Central of Georgia", 8000, False),
    ("LN", "Louisville & Nashville", 16000, False),
    ("SAL", "Seaboard Air Line", 10000, False),
    ("PUB", "Public Belt", 4000, True),
]

SERVICE = {
    "ACL": ["Atlanta", "Charleston", "Savannah"],
    "SOU": ["Asheville", "Atlanta", "Charleston", "Chattanooga", "Knoxville"],
    "CG": ["Atlanta", "Savannah"],
    "LN": ["Atlanta", "Chattanooga", "Knoxville"],
    "SAL": ["Asheville", "Charleston", "Savannah"],
    "PUB": ["Atlanta", "Chattanooga"],
}


def make_testland(
    unknown_payoffs: tuple[tuple[str, str], ...] = (), extra_railroads: int = 0
) -> dict:
    """The map in the inline form a game record carries (with `extra_railroads` more short lines
    X1, X2, ... between Atlanta and Savannah, for games that need more deeds)."""
    extras = [(f"X{i}", f"Extra Line {i}", 6000, False) for i in range(1, extra_railroads + 1)]
    service = {**SERVICE, **{a: ["Atlanta", "Savannah"] for a, *_ in extras}}
    return {
        "key": "testland",
        "name": "Testland (test fixture)",
        "regions": {"AP": "Appalachian", "SA": "South Atlantic"},
        "region_table": [
            {"parity": p, "white_sum": s, "region": r}
            for p, row in REGION_TABLE.items() for s, r in row.items()
        ],
        "city_table": [
            {"region": g, "parity": p, "white_sum": s, "city": c}
            for (g, p), row in CITY_TABLE.items() for s, c in row.items()
        ],
        "cities": dict(CITIES),
        "payoffs": [
            {"a": a, "b": b, "payoff": None if (a, b) in unknown_payoffs else v}
            for (a, b), v in PAYOFFS.items()
        ],
        "railroads": [
            {"abbr": a, "name": n, "price": p, "public": pub}
            for a, n, p, pub in RAILROADS + extras
        ],
        "service": {rr: list(c) for rr, c in service.items()},
    }
