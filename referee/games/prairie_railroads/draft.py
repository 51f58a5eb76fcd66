"""The start of a board table from a game played without one: the cities and segments it learned.

`referee boards draft RECORD.json NEW_FOLDER` writes board.toml and the four CSV files; the
growth chart and the segments not built in the game are left for the owner to fill in from the
printed board (HOWTO.md in the template).
"""

from __future__ import annotations

from referee.games.contract import grids
from referee.games.prairie_railroads.board import DEFAULT_FILES, FILES, MANIFEST
from referee.games.prairie_railroads.state import State

_csv = grids.csv_text


def learned_tables(state: State, name: str = "New board (from a game)") -> dict[str, str]:
    """File name -> text of a board folder holding what a game without a board learned."""
    cities = [[c.name, "" if c.income is None else c.income, "", "yes" if c.start else "no"]
              for c in sorted(state.cities.values(), key=lambda c: c.name)]
    segments = [[a, b, ""] for rr in state.railroads.values() for a, b in rr.track]
    western = [[rr.western, rr.western, *rr.western_beside] for rr in state.railroads.values()
               if rr.western and rr.western_beside]
    manifest = (
        "# A board table started from a game played without one. Fill in what is missing\n"
        "# from the printed board (see tables/prairie_railroads/_template/HOWTO.md):\n"
        "# every city and segment, the one-way arrows, the growth chart, the Western Builds.\n"
        f"name = {name!r}\n\n[files]\n"
        + "".join(f'{part} = "{DEFAULT_FILES[part]}"\n' for part in FILES)
    )
    return {
        MANIFEST: manifest,
        DEFAULT_FILES["cities"]: _csv(FILES["cities"], cities),
        DEFAULT_FILES["segments"]: _csv(FILES["segments"], segments),
        DEFAULT_FILES["growth"]: _csv(FILES["growth"], []),
        DEFAULT_FILES["western"]: _csv(FILES["western"], western),
    }
