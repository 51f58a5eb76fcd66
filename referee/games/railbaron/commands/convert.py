"""`referee convert-charts`: regenerate tables/railbaron/{us,gb,_template} from the public Rail
Baron transcriptions.

    referee convert-charts [--reference DIR] [--out DIR]

The reference folder defaults to ../shared/reference/railbaron beside the repository. Every
figure is carried over as it is; a cell the sources disagree on (empty in the reference) is
written as `?`. The output is checked with the project's validator before the script ends.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

from referee import PROJECT_ROOT, TABLES_DIR
from referee.games.contract import grids
from referee.games.railbaron.charts.format import (
    DEFAULT_FILE_NAMES,
    MANIFEST,
    RAILROADS_NOT_TRANSCRIBED,
    RAILROADS_TRANSCRIBED,
    TABLE_FILES,
    UNKNOWN,
)
from referee.games.railbaron.charts.validate import ERROR, check_map_dir
from referee.games.railbaron.route_files import GRAPH_FILES

DEFAULT_REFERENCE = PROJECT_ROOT.parent / "shared" / "reference" / "railbaron"
DEFAULT_OUT = TABLES_DIR / "railbaron"
GENERATED_BY = ("Written by `referee convert-charts` (referee/games/railbaron/commands/"
                "convert.py): edit the converter, not this file.")

# Display colours for the US railroads: ours, not the board's. Chosen to be far apart from each
# other (CIELAB distance) and readable on a white page (contrast at least 3:1).
US_COLOURS = {
    "SP": "#c62828", "AT&SF": "#0c0ce9", "UP": "#c7880a", "PA": "#610505",
    "CRI&P": "#590d2d", "NYC": "#143852", "B&O": "#1f99d6", "MP": "#3a5198",
    "C&O": "#0c68e9", "CB&Q": "#09a509", "SOU": "#056124", "SLSF": "#c4316e",
    "CMStP&P": "#e9680c", "L&N": "#831ab7", "GN": "#78983a", "C&NW": "#4a4a1c",
    "IC": "#09a58b", "NP": "#050d61", "SAL": "#e90cb1", "ACL": "#7e307e",
    "GM&O": "#30777e", "N&W": "#371c4a", "T&P": "#98803a", "WP": "#09a557",
    "D&RGW": "#e90ce9", "B&M": "#4a281c", "NYNH&H": "#0c43e9", "RF&P": "#98513a",
}

# Chart notes for the US map: (city, city, the value the note is about, our words).
_MAJORITY = "Check the printed chart."
US_NOTES = [
    ("Chattanooga", "Tampa", 2000,
     "Suspect cell: every transcription reads $2,000, far less than the cities around "
     "Chattanooga pay to Tampa (the 1974 Boxcars chart has $6,500). Probably a misprint on the "
     "chart; agree on a house rule before play."),
    ("Atlanta", "Casper", 25500,
     "Suspect cell: every transcription reads $25,500, far more than Atlanta-Denver ($15,500) "
     "or Atlanta-Billings ($19,000); the 1974 Boxcars chart has $15,500. Probably a misprint on "
     "the chart; agree on a house rule before play."),
    ("Butte", "Chattanooga", 14000,
     "Somewhat suspect: all transcriptions agree, but the value is out of line with the "
     f"payoffs of nearby cities. {_MAJORITY}"),
    ("Atlanta", "Spokane", 28000,
     "Somewhat suspect: all transcriptions agree, but the value is out of line with the "
     f"payoffs of nearby cities. {_MAJORITY}"),
    ("Casper", "Tampa", 15000,
     "Somewhat suspect: all transcriptions agree, but the value is out of line with the "
     f"payoffs of nearby cities. {_MAJORITY}"),
    ("Chattanooga", "Spokane", 18500,
     "Somewhat suspect: all transcriptions agree, but the value is out of line with the "
     f"payoffs of nearby cities. {_MAJORITY}"),
    ("Little Rock", "Portland ME", 18000,
     "Somewhat suspect: all transcriptions agree, but the value is out of line with the "
     f"payoffs of nearby cities. {_MAJORITY}"),
    ("Baltimore", "Washington", 500,
     "Read differently in the two halves of the chart: transcriptions split between $500 and "
     "$5,000, and one transcriber found both on the same chart. $500 is the majority reading "
     "and fits two neighbouring cities."),
    ("Jacksonville", "Miami", 3000,
     "Read differently in the two halves of the chart: three transcribers found $3,000 one way "
     "and $3,500 the other. $3,000 is the majority reading."),
    ("Dallas", "Fort Worth", 500,
     "Close call between transcriptions: ten read $500, eight $5,000. $500 fits two "
     f"neighbouring cities. {_MAJORITY}"),
    ("Minneapolis", "Shreveport", 8000,
     "Twin cities usually pay alike, but St. Paul-Shreveport is $10,500 against $8,000 here; "
     f"both are the majority readings. {_MAJORITY}"),
    ("Shreveport", "St. Paul", 10500,
     "Twin cities usually pay alike, but Minneapolis-Shreveport is $8,000 against $10,500 "
     f"here; both are the majority readings. {_MAJORITY}"),
    ("Minneapolis", "St. Paul", 0,
     "Twin cities: the printed chart shows a dash, there is no trip between them."),
    ("Oakland", "San Francisco", 0,
     "Twin cities: the printed chart shows a dash, there is no trip between them."),
]

US_SUMMARY = """\
The classic Avalon Hill chart, carried over from public fan transcriptions that were compared
cell by cell. Region and city tables: thirteen full transcriptions; 21 of the 22 region cells
and 145 of the 154 city cells read the same in all of them, and every other cell has a clear
majority (odd 11 is Northeast; the 1974 Boxcars chart has Southeast there). Payoff chart:
eighteen transcriptions; 2,142 of the 2,211 pairs read the same in all, and the other 69 take
the majority reading, which also wins when each family of copied transcriptions gets a single
vote. Railroad names and prices agree in all six sources that list them. Which railroads serve
which city comes from two route maps traced independently from the board; 11 of the 199 links
appear in only one of them (CRI&P St. Paul, GN Portland OR, N&W Columbus, NYC Detroit,
PA Cincinnati, SAL Tampa, SLSF Fort Worth, UP Kansas City, UP Los Angeles, WP Oakland,
WP San Francisco). Suspect and disputed payoffs carry a note in notes.csv. Display colours of
the railroads are ours."""

ROUTE_FILES = {"nodes": "route_nodes.csv", "edges": "route_edges.csv",
               "distances": "route_distances.csv"}

ROUTE_SUMMARY = """\
The rails of the classic US map: 546 places (67 cities, 464 dots, 15 junctions) and 759
railroad rows over 709 segments, reconciled from two public tracings of the board made
independently, with every stretch where they disagreed read again on a board scan and checked
against two more tracings. Three questions stay open and are kept with both readings.
route_distances.csv gives the documented fewest-dot distance of all 2,211 city pairs, which
the reconciled graph reproduces. Positions are warped scan positions, good for a schematic
only. Every route the app shows is a hint: the table rules."""

# The open questions of the tracing (route_graph/disputes.csv), in our words.
ROUTE_QUESTIONS = {
    "D11": {
        "about": "ACL crossing near Tallahassee: two ACL lines cross with no dot.",
        "permissive": "A train may turn from one ACL line onto the other at the crossing "
                      "(the modern rulebook allows it when both lines are the same railroad's).",
        "strict": "Two separate lines: straight through the crossing only.",
        "junction": "j12",
        "straight": [["d308", "d385"], ["d248", "d135"]],
    },
    "D12": {
        "about": "WP at the Oakland-San Francisco twin cities: WP reaches the Oakland square; "
                 "no line is drawn between the squares.",
        "permissive": "Twin cities count as one milepost: WP serves San Francisco too.",
        "strict": "WP serves Oakland only.",
        "railroad": "WP", "cities": ["Oakland", "San Francisco"],
    },
    "D13": {
        "about": "CRI&P at the Minneapolis-St. Paul twin cities: the line leaves from beneath "
                 "the pair.",
        "permissive": "Twin cities count as one milepost: CRI&P serves St. Paul too.",
        "strict": "CRI&P serves Minneapolis only.",
        "railroad": "CRI&P", "cities": ["Minneapolis", "St. Paul"],
    },
}

# The chart names the British regions only; these short codes are ours.
GB_REGION_CODES = {
    "Scottish Highlands": "SH", "Scottish Lowlands": "SL", "Red Rose Country": "RR",
    "White Rose Country": "WR", "Wales": "WA", "Midlands": "MI", "East Anglia": "EA",
    "West Country": "WC", "Home Counties": "HC", "London": "LN",
}

GB_SUMMARY = """\
The British map (100 cities, 10 regions), carried over from the only two public fan
transcriptions found, which were made independently. Region table: all 22 cells agree.
City tables: 207 of the 220 cells agree; the 13 that differ are unknown (?). Payoff chart:
each pair was read four times (both halves of the chart, both transcriptions); 4,739 of the
4,950 pairs read the same every time, the other 211 are unknown (?) and notes.csv gives the
readings found. Nothing is guessed. The region codes are ours: the chart names regions only.
No public source lists the British railroads, their prices or the cities they serve, so this
map can be used for look-ups; to play it, an owner opens a copy in the entry grids and types the
railroads from his own board. Payoffs are written as printed, in thousands."""

GB_MONEY_NOTE = (
    "Payoffs are the chart's figures as printed (for example 26), in thousands of pounds as the "
    "rulebook says of every Rail Baron payoff chart: 26 pays 26,000. One transcription shows "
    "them as pounds, the other as thousands."
)

TEMPLATE_MANIFEST = """\
# Rail Baron map manifest: copy this folder, rename it to the map's key, fill in every file.
# Format and checks: docs/railbaron-tables.md. How to transcribe a printed chart: HOWTO.md.
key = "newmap"
name = "New map (write the full name here)"
money_unit = "$"
figures = "thousands"             # payoffs and prices as printed: 17 for 17,000 (or "full")
default_edition = "classic"
railroads = "not transcribed"
twins = []

[files]
regions = "regions.csv"
region_table = "region_table.csv"
city_table = "city_table.csv"
cities = "cities.csv"
payoffs = "payoffs.csv"
railroads = "railroads.csv"
service = "service.csv"
notes = "notes.csv"

[provenance]
summary = \"\"\"
Where the figures come from, who transcribed them and how they were checked.\"\"\"
missing = []
"""


def read_reference(path: Path) -> list[dict[str, str]]:
    if not path.is_file():
        raise SystemExit(f"reference file missing: {path}")
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return [{k: (v or "").strip() for k, v in row.items()} for row in csv.DictReader(handle)]


csv_text = grids.csv_text


toml_string = grids.toml_text


def toml_list(items: list[str]) -> str:
    if not items:
        return "[]"
    return "[\n" + "".join(f"  {toml_string(item)},\n" for item in items) + "]"


def manifest_text(key: str, name: str, money_unit: str, railroads: str,
                  twins: list[tuple[str, str]], summary: str, missing: list[str],
                  money_note: str = "", figures: str = "") -> str:
    lines = [
        f"# Rail Baron map manifest (format: docs/railbaron-tables.md). {GENERATED_BY}",
        f"key = {toml_string(key)}",
        f"name = {toml_string(name)}",
        f"money_unit = {toml_string(money_unit)}",
    ]
    if money_note:
        lines.append(f"money_note = {toml_string(money_note)}")
    if figures:
        lines.append(f"figures = {toml_string(figures)}")
    lines += [
        'default_edition = "classic"',
        f"railroads = {toml_string(railroads)}",
        "twins = " + ("[]" if not twins else "[\n" + "".join(
            f"  [{toml_string(a)}, {toml_string(b)}],\n" for a, b in twins) + "]"),
        "",
        "[files]",
        *(f"{k} = {toml_string(v)}" for k, v in DEFAULT_FILE_NAMES.items()),
        "",
        "[provenance]",
        f"summary = {grids.toml_block(summary)}",
        f"missing = {toml_list(missing)}",
    ]
    return "\n".join(lines) + "\n"


def cell(text: str) -> str:
    """A chart cell as written in the tables: the value, or ? when the sources left it empty."""
    return text if text else UNKNOWN


def sorted_pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def convert_us(ref: Path) -> dict[str, str]:
    """The files of the US map, by file name."""
    regions = read_reference(ref / "regions.csv")
    cities = read_reference(ref / "cities.csv")
    payoffs = read_reference(ref / "payoffs.csv")
    railroads = read_reference(ref / "railroads.csv")
    missing_colour = [r["abbr"] for r in railroads if r["abbr"] not in US_COLOURS]
    if missing_colour:
        raise SystemExit(f"no display colour for {', '.join(missing_colour)}")
    values = {sorted_pair(r["city_a"], r["city_b"]): r["payoff_usd"] for r in payoffs}
    notes = []
    for a, b, expected, text in US_NOTES:
        key = sorted_pair(a, b)
        if values.get(key) != str(expected):
            raise SystemExit(f"note for {a}-{b} expects {expected}, reference has "
                             f"{values.get(key)!r}: rewrite the note")
        notes.append((*key, text))
    twins = sorted({sorted_pair(c["city"], c["twin_of"]) for c in cities if c["twin_of"]})
    files = {
        "regions.csv": csv_text(TABLE_FILES["regions"],
                                [(r["region_code"], r["region"]) for r in regions]),
        "region_table.csv": csv_text(TABLE_FILES["region_table"], [
            (r["red_die"], r["white_sum"], cell(r["region_code"]))
            for r in read_reference(ref / "region_table.csv")]),
        "city_table.csv": csv_text(TABLE_FILES["city_table"], [
            (r["region_code"], r["red_die"], r["white_sum"], cell(r["city"]))
            for r in read_reference(ref / "city_table.csv")]),
        "cities.csv": csv_text(TABLE_FILES["cities"],
                               [(c["city"], c["region_code"]) for c in cities]),
        "payoffs.csv": csv_text(TABLE_FILES["payoffs"],
                                [(a, b, cell(v)) for (a, b), v in sorted(values.items())]),
        "railroads.csv": csv_text(TABLE_FILES["railroads"], [
            (r["abbr"], r["name"], r["price_usd"], "no", US_COLOURS[r["abbr"]])
            for r in railroads]),
        "service.csv": csv_text(TABLE_FILES["service"], [
            (r["railroad"], r["city"]) for r in read_reference(ref / "railroad_cities.csv")]),
        "notes.csv": csv_text(TABLE_FILES["notes"], notes),
    }
    graph_files, graph_manifest = route_graph(ref, cities)
    files.update(graph_files)
    files[MANIFEST] = manifest_text(
        "us", "United States (Avalon Hill Rail Baron)", "$", RAILROADS_TRANSCRIBED, twins,
        US_SUMMARY, []) + graph_manifest
    return files


def gb_payoff_notes(ref: Path, unknown: set[tuple[str, str]]) -> list[tuple[str, str, str]]:
    """One note per unknown payoff, giving the readings the transcriptions disagree on."""
    notes = []
    conflicts = read_reference(ref / "payoff_conflicts.csv")
    columns = ("awittig_a_to_b", "awittig_b_to_a", "levonbragg_a_to_b", "levonbragg_b_to_a")
    for row in conflicts:
        readings = sorted({int(row[c]) for c in columns if row[c]})
        listed = ", ".join(str(v) for v in readings[:-1]) + f" or {readings[-1]}"
        notes.append((*sorted_pair(row["city_a"], row["city_b"]),
                      f"Unknown: the transcriptions read this cell as {listed}; read it from "
                      "the printed chart."))
    if {(a, b) for a, b, _ in notes} != unknown:
        raise SystemExit("gb: the unknown payoffs and payoff_conflicts.csv do not match")
    return sorted(notes)


def route_graph(ref: Path, cities: list[dict[str, str]]) -> tuple[dict[str, str], str]:
    """The route graph files of the US map and the manifest's [route_graph] table."""
    graph = ref / "route_graph"
    nodes = read_reference(graph / "nodes.csv")
    edges = read_reference(graph / "edges.csv")
    names = {n["node_id"]: n["city"] for n in nodes}
    questions = {}
    for row in read_reference(graph / "disputes.csv"):
        if row["status"] == "open":
            questions[row["dispute_id"]] = row
    if set(questions) != set(ROUTE_QUESTIONS):
        raise SystemExit(f"open questions {sorted(questions)} differ from the converter's "
                         f"{sorted(ROUTE_QUESTIONS)}: write their words")
    edge_rows = []
    for e in edges:
        question = ""
        if e["status"] == "disputed":
            found = [q for q, words in ROUTE_QUESTIONS.items() if words.get("railroad") ==
                     e["railroad"] and sorted(words["cities"]) ==
                     sorted((names[e["node_a"]], names[e["node_b"]]))]
            junction = [q for q, words in ROUTE_QUESTIONS.items()
                        if words.get("junction") in (e["node_a"], e["node_b"])]
            if not found and not junction:
                raise SystemExit(f"disputed row {e} belongs to no open question")
            question = found[0] if found else ""
        edge_rows.append((e["node_a"], e["node_b"], e["railroad"], question))
    distances = read_reference(ref / "city_distances.csv")
    checked = {sorted_pair(r["city_a"], r["city_b"]): r["dots"]
               for r in read_reference(graph / "distance_check.csv")}
    rows = []
    for r in distances:
        key = sorted_pair(r["city_a"], r["city_b"])
        if key in checked and checked[key] != r["dots_route_nodes_alt"]:
            raise SystemExit(f"distance of {key} differs between the two reference files")
        rows.append((*key, r["dots_route_nodes_alt"]))
    if len(rows) != len(cities) * (len(cities) - 1) // 2:
        raise SystemExit("the documented distances do not cover every pair of cities")
    files = {
        ROUTE_FILES["nodes"]: csv_text(GRAPH_FILES["nodes"], [
            (n["node_id"], n["kind"], n["city"], n["lat"], n["lon"]) for n in nodes]),
        ROUTE_FILES["edges"]: csv_text(GRAPH_FILES["edges"], edge_rows),
        ROUTE_FILES["distances"]: csv_text(GRAPH_FILES["distances"], sorted(rows)),
    }
    lines = ["", "[route_graph]",
             *(f"{k} = {toml_string(v)}" for k, v in ROUTE_FILES.items()),
             f"summary = {grids.toml_block(ROUTE_SUMMARY)}"]
    for qid, words in ROUTE_QUESTIONS.items():
        lines += ["", f"[route_graph.questions.{qid}]",
                  *(f"{k} = {toml_string(words[k])}" for k in ("about", "permissive", "strict")),
                  'reading = "permissive"']
        if "junction" in words:
            lines.append(f"junction = {toml_string(words['junction'])}")
            lines.append("straight = [" + ", ".join(
                f"[{toml_string(a)}, {toml_string(b)}]" for a, b in words["straight"]) + "]")
    return files, "\n".join(lines) + "\n"


def convert_gb(ref: Path) -> dict[str, str]:
    """The files of the British map, by file name."""
    regions = [r["region"] for r in read_reference(ref / "regions.csv")]
    unnamed = [r for r in regions if r not in GB_REGION_CODES]
    if unnamed:
        raise SystemExit(f"gb: no region code for {', '.join(unnamed)}")
    code = GB_REGION_CODES
    cities = read_reference(ref / "cities.csv")
    city_rows = read_reference(ref / "city_table.csv")
    payoffs = read_reference(ref / "payoffs.csv")
    values = {sorted_pair(r["city_a"], r["city_b"]): r["payoff"] for r in payoffs}
    unknown = {key for key, value in values.items() if not value}
    city_conflicts = read_reference(ref / "city_table_conflicts.csv")
    if len(city_conflicts) != sum(1 for r in city_rows if not r["city"]):
        raise SystemExit("gb: the unknown city cells and city_table_conflicts.csv do not match")
    missing = [
        "railroads: no public source lists the British railroads, their prices or the cities "
        "they serve; the map is lookup-only until they are transcribed",
        "route graph: not transcribed",
        f"payoff chart: {len(unknown)} of {len(values):,} cells unknown; notes.csv gives the "
        "readings of the two transcriptions",
        f"city tables: {len(city_conflicts)} of {len(city_rows)} cells unknown (readings below)",
        *(f"city table {code[r['region']]} {r['red_die']} {r['white_sum']}: "
          f"{r['value_awittig']} or {r['value_levonbragg']}" for r in city_conflicts),
    ]
    files = {
        "regions.csv": csv_text(TABLE_FILES["regions"], [(code[r], r) for r in regions]),
        "region_table.csv": csv_text(TABLE_FILES["region_table"], [
            (r["red_die"], r["white_sum"], code[r["region"]] if r["region"] else UNKNOWN)
            for r in read_reference(ref / "region_table.csv")]),
        "city_table.csv": csv_text(TABLE_FILES["city_table"], [
            (code[r["region"]], r["red_die"], r["white_sum"], cell(r["city"]))
            for r in city_rows]),
        "cities.csv": csv_text(TABLE_FILES["cities"],
                               [(c["city"], code[c["region"]]) for c in cities]),
        "payoffs.csv": csv_text(TABLE_FILES["payoffs"],
                                [(a, b, cell(v)) for (a, b), v in sorted(values.items())]),
        "railroads.csv": csv_text(TABLE_FILES["railroads"], []),
        "service.csv": csv_text(TABLE_FILES["service"], []),
        "notes.csv": csv_text(TABLE_FILES["notes"], gb_payoff_notes(ref, unknown)),
    }
    files[MANIFEST] = manifest_text(
        "gb", "Great Britain (British Rail Baron / Boxcars map)", "£",
        RAILROADS_NOT_TRANSCRIBED, [], GB_SUMMARY, missing, GB_MONEY_NOTE, "thousands")
    return files


def template() -> dict[str, str]:
    """The empty map folder a transcriber starts from (HOWTO.md is written by hand)."""
    files = {name: csv_text(TABLE_FILES[key], []) for key, name in DEFAULT_FILE_NAMES.items()}
    files[MANIFEST] = TEMPLATE_MANIFEST
    return files


def write(folder: Path, files: dict[str, str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        with (folder / name).open("w", encoding="utf-8", newline="") as handle:
            handle.write(text)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "convert-charts", help="regenerate Rail Baron's shipped maps from the public "
        "transcriptions", description="Write tables/railbaron/{us,gb,_template} from the "
        "reference transcriptions, then check them.")
    parser.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE,
                        help="the reference folder (default: ../shared/reference/railbaron "
                        "beside the checkout)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help="where the map folders go (default: tables/railbaron)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Write every map folder, check it, and say what was written."""
    if not args.reference.is_dir():
        print(f"reference folder not found: {args.reference}", file=sys.stderr)
        return 1
    outputs = {"us": convert_us(args.reference / "us"), "gb": convert_gb(args.reference / "gb"),
               "_template": template()}
    failed = False
    for key, files in outputs.items():
        write(args.out / key, files)
        if key.startswith("_"):
            continue
        for problem in check_map_dir(args.out / key):
            failed = failed or problem.severity == ERROR
            print(f"{key}: {problem.severity}: {problem}", file=sys.stderr)
        print(f"wrote {args.out / key} ({len(files)} files)")
    return 1 if failed else 0

