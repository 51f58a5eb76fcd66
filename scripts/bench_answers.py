"""The benchmark's `answers` section: what each answer sends, in all four games.

On a long legal game of each game (cut at $BENCH_AT actions, 300), in a real server: every
page at the table (the banker's console, each seat's phone, the table view) holds its live
part as static/parts.js would; then the next $BENCH_WINDOW actions (40) of the log are posted
as the phones and the banker post them, and after them $BENCH_UNDOS (20) Undos by the banker.
For each, the answer to the page that tapped, and each other page's live update (its refresh
with what it holds), are measured: bytes before gzip, start tags (those a browser with
scripts makes: those inside <noscript> are text to it) and the elements the swap puts into the
page (the start tags less htmx's orders: a row's deletion, an insertion's wrapper), against the
same page's whole live part (what an answer was before it was sent in parts). Loopback only;
every loop bounded.
"""

from __future__ import annotations

import os
import re
import statistics
import tempfile
from pathlib import Path

from bench_table import TOKEN, Phone, seat_phones, serving
from benchmark_four_games import GAMES, NAMES, cut, game_record, load, post

from tests.web.loopback import action_form

AT = int(os.environ.get("BENCH_AT", "300"))
WINDOW = int(os.environ.get("BENCH_WINDOW", "40"))
UNDOS = int(os.environ.get("BENCH_UNDOS", "20"))
HTMX = {"HX-Request": "true"}
HELD = re.compile(r'<(?:div|span|li|p) class="part(?: item)?" id="part-([a-z0-9_-]+)"'
                  r'(?: hx-swap-oob="true")? data-digest="([0-9a-f]+)"')
ROOT = re.compile(r'<section class="live" data-digest="([0-9a-f]+)"')
NOSCRIPT = re.compile(r"<noscript>.*?</noscript>", re.DOTALL)
START_TAG = re.compile(r"<[a-zA-Z]")
ORDERS = re.compile(r'<div (?:id="[^"]*" )?'
                    r'hx-swap-oob="(?:delete|beforebegin:[^"]*|afterend:[^"]*)"')


def holds_of(html: str) -> str:
    """The X-Parts-Held header a page showing `html` sends (static/parts.js)."""
    root = ROOT.search(html)
    pairs = ([f"live:{root.group(1)}"] if root else []) + [f"{n}:{d}" for n, d in
                                                            HELD.findall(html)]
    return ",".join(pairs)


def elements(html: str) -> int:
    return len(START_TAG.findall(NOSCRIPT.sub("", html)))


def put_in(html: str) -> int:
    """The elements an answer's swap puts into the page: its start tags, less the orders htmx
    reads and drops: a row's deletion (hx-swap-oob="delete") and the wrapper of a row put
    beside another (hx-swap-oob="beforebegin:…"/"afterend:…": htmx inserts its children)."""
    return elements(html) - len(ORDERS.findall(html))


class Page:
    """One page at the table as the benchmark holds it: who asks, its address, and what it
    holds (refreshed whole after each answer, which is what the page holds once the answer's
    parts are in: tests/web/test_parts_browser.py)."""

    def __init__(self, phone: Phone, url: str):
        self.phone, self.url = phone, url
        self.whole = ""
        self.refresh()

    def refresh(self) -> None:
        self.whole = self.phone.get(self.url, headers=HTMX).text

    def held(self) -> dict[str, str]:
        return {**HTMX, "X-Parts-Held": holds_of(self.whole)}


def measure(found: dict[str, list[tuple[int, ...]]], kind: str, answer: str,
            whole: str) -> None:
    found.setdefault(kind, []).append((len(answer.encode()), elements(answer), put_in(answer),
                                       len(whole.encode()), elements(whole)))


def act(page: Page, game_id: str, action: dict, seq: int, client_id: str, role: str) -> str:
    """`action` tapped on `page`, as static/parts.js sends it; the answer's text."""
    phone = page.phone
    if phone.token is None:
        phone.token = TOKEN.search(phone.get("/").text).group(1)
    headers = {**page.held(), "X-CSRF-Token": phone.token, "HX-Target": "live",
               "Origin": f"http://127.0.0.1:{phone.port}"}
    answer = phone.request("POST", f"/g/{game_id}/act",
                           form=action_form(action, seq, client_id, role), headers=headers)
    return answer.text if answer.status == 200 else ""


def one_game(server, key: str) -> dict[str, list[tuple[int, ...]]]:
    record = game_record(key)
    banker = Phone(server.port)
    game_id = banker.import_record(cut(record, AT))
    phones = seat_phones(server, banker, game_id, record["players"])
    console = Page(banker, f"/g/{game_id}/banker")
    table = Page(Phone(server.port), f"/g/{game_id}/table")
    table.phone.cookies = dict(banker.cookies)
    seats = {seat: Page(phone, f"/g/{game_id}/me") for seat, phone in phones.items()}
    pages = [console, table, *seats.values()]
    found: dict[str, list[tuple[int, ...]]] = {}
    steps = [(a, "log") for a in record["actions"][AT:AT + WINDOW]]
    steps += [({"type": "undo"}, "undo")] * UNDOS
    for i, (action, why) in enumerate(steps):
        seq = AT + i
        seat = action.get("player") or action.get("company")
        tapper = seats.get(seat) if why == "log" and action["type"] not in ("undo", "redo") \
            else None
        text = act(tapper, game_id, action, seq, f"a{key}{i}", "phone") if tapper else ""
        if tapper is None or f'data-seq="{seq + 1}"' not in text:
            tapper = console
            text = act(console, game_id, action, seq, f"a{key}{i}b", "banker")
            if not text:  # refused as the page would post it: as the server section posts
                post(server, banker, phones, game_id, action, seq, f"p{key}{i}")
        tapper.refresh()
        kind = "undo" if action["type"] == "undo" and why == "undo" else (
            "banker's action" if tapper is console else "phone's action")
        measure(found, kind, text, tapper.whole)
        for page in pages:
            if page is tapper:
                continue
            update = page.phone.get(page.url, headers=page.held()).text
            page.refresh()
            name = "table's update" if page is table else (
                "console's update" if page is console else "phone's update")
            measure(found, name, update, page.whole)
    return found


KINDS = ("undo", "phone's action", "banker's action", "phone's update", "console's update",
         "table's update")


def bench_answers() -> list[str]:
    before = load()
    rows = []
    with tempfile.TemporaryDirectory() as folder, \
            serving(Path(folder) / "instance") as server:
        for key in GAMES:
            found = one_game(server, key)
            for kind in KINDS:
                if kind not in found:
                    continue
                sent = found[kind]
                b, e, p, wb, we = (statistics.median(x[i] for x in sent) for i in range(5))
                rows.append(f"| {NAMES[key]} | {kind} | {len(sent)} | {b:,.0f} B, {e:.0f} | "
                            f"{p:.0f} | {wb:,.0f} B, {we:.0f} | {b / wb:.2f} | {p / we:.2f} |")
    return [
        "| game | answer | n | sent (median): bytes, start tags | elements put in (median) | "
        "the whole live part (median) | bytes ÷ whole (goal ≤ 0.25) | "
        "elements put in ÷ whole (goal ≤ 0.20) |",
        "|---|---|---|---|---|---|---|---|", *rows,
        f"\nEach game cut at {AT} actions; the next {WINDOW} actions of its log posted by the "
        f"seat's phone (or the banker), then {UNDOS} Undos by the banker; after each, every "
        "other page's live update. Bytes before gzip; start tags outside <noscript>; elements "
        "put in: those start tags less htmx's orders it drops (a row's deletion, an insertion's "
        f"wrapper). Load average {before} before, {load()} after (sizes do not depend on it).",
    ]


SECTIONS = {"answers": bench_answers}
