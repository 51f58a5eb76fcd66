"""A small invented Rail Baron map ("Testshire", not a printed one) as an owner types it into
the entry grids: the cells of each grid, by grid id and cell id (`row|column`)."""

from __future__ import annotations

REGIONS = [("N", "Northland"), ("S", "Southland")]
CITIES = [("Ashby", "N"), ("Brill", "N"), ("Corrin", "S"), ("Dunlow", "S")]
# white sum -> (odd, even)
REGION_TABLE = {s: ("N" if s <= 7 else "S", "S" if s <= 6 else "N") for s in range(2, 13)}
CITY_TABLE = {
    "N": {s: ("Ashby" if s <= 7 else "Brill", "Brill" if s <= 7 else "Ashby")
          for s in range(2, 13)},
    "S": {s: ("Corrin" if s <= 6 else "Dunlow", "Dunlow" if s <= 7 else "Corrin")
          for s in range(2, 13)},
}
PAYOFFS = {("Brill", "Ashby"): 4500, ("Corrin", "Ashby"): 9500, ("Corrin", "Brill"): 7000,
           ("Dunlow", "Ashby"): 11500, ("Dunlow", "Brill"): 8500, ("Dunlow", "Corrin"): 3500}
RAILROADS = [("NR", "Northern Rail", 9000, "no", "#aa2222"),
             ("SL", "Southern Line", 7000, "no", "#2222aa"),
             ("PB", "Public Belt", 3000, "yes", "#22aa22")]
SERVICE = {"NR": ("Ashby", "Brill", "Corrin"), "SL": ("Brill", "Corrin", "Dunlow"),
           "PB": ("Ashby", "Brill", "Corrin", "Dunlow")}


def cells() -> dict[str, str]:
    """Every cell of the map, `grid|row|column` -> text, as the autosave posts them."""
    out = {"map|1|name": "Testshire (invented)", "map|1|edition": "modern"}
    for n, (code, name) in enumerate(REGIONS, start=1):
        out |= {f"regions|{n}|code": code, f"regions|{n}|name": name}
    for n, (city, region) in enumerate(CITIES, start=1):
        out |= {f"cities|{n}|city": city, f"cities|{n}|region": region}
    for s, (odd, even) in REGION_TABLE.items():
        out |= {f"region_table|{s}|odd": odd, f"region_table|{s}|even": even}
    for code, table in CITY_TABLE.items():
        for s, (odd, even) in table.items():
            out |= {f"city_table-{code}|{s}|odd": odd, f"city_table-{code}|{s}|even": even}
    for (a, b), value in PAYOFFS.items():
        out[f"payoffs|{a}|{b}"] = str(value)
    for n, (abbr, name, price, public, colour) in enumerate(RAILROADS, start=1):
        out |= {f"railroads|{n}|abbr": abbr, f"railroads|{n}|name": name,
                f"railroads|{n}|price": str(price), f"railroads|{n}|public": public,
                f"railroads|{n}|colour": colour}
    for abbr, served in SERVICE.items():
        out |= {f"service|{city}|{abbr}": "x" for city in served}
    return out
