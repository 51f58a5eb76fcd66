"""Benchmark sections that measure what a table sees: a real `referee serve` process on
127.0.0.1, requests with a phone browser's headers, cookies and gzip; memory per stored action;
restart to first page; server CPU per action late in a long game; a phone's first and repeat
load; the lookup tap to the next frame in a real browser beside a static floor page.

Used by scripts/benchmark.py (sections memory, restart, cpu, firstload, tap). Each figure is
taken over RUNS runs and printed as min / median / max. Loopback only; every loop is bounded.
"""

from __future__ import annotations

import gc
import gzip
import json
import os
import re
import shutil
import statistics
import tempfile
import time
import tracemalloc
from contextlib import contextmanager
from pathlib import Path

from referee.engine import Replayer
from tests.web.long_game import long_game, rules_of
from tests.web.loopback import HOST, Client, Server, action_form

RUNS = 3
# $BENCH_TREE: another checkout whose code serves (an older commit, made with `git worktree
# add`), to measure it with this harness in the same minutes; default this one
TREE = Path(os.environ["BENCH_TREE"]).resolve() if os.environ.get("BENCH_TREE") else None
TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')

# What a phone's browser sends with every request (Chrome on Android), besides its cookies.
PHONE = {
    "User-Agent": ("Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like "
                   "Gecko) Chrome/124.0.0.0 Mobile Safari/537.36"),
    "Accept": ("text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,"
               "image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7"),
    "Accept-Encoding": "gzip, deflate",
    "Accept-Language": "en-GB,en-US;q=0.9,en;q=0.8",
    "sec-ch-ua": '"Chromium";v="124", "Google Chrome";v="124", "Not-A.Brand";v="99"',
    "sec-ch-ua-mobile": "?1",
    "sec-ch-ua-platform": '"Android"',
    "Sec-Fetch-Site": "same-origin",
    "Sec-Fetch-Mode": "cors",
    "Sec-Fetch-Dest": "empty",
}


def spread(values: list[float], unit: str = "ms", scale: float = 1000.0, digits: int = 1) -> str:
    """min / median / max of `values` (seconds, shown in ms by default)."""
    lo, mid, hi = min(values), statistics.median(values), max(values)
    return f"{lo * scale:,.{digits}f} / {mid * scale:,.{digits}f} / {hi * scale:,.{digits}f} {unit}"


class Phone(Client):
    """A loopback client that sends a phone browser's headers and gzip with every request."""

    def __init__(self, port: int, timeout: float = 120.0):
        super().__init__(port, timeout)

    def request(self, method, path, form=None, headers=None, body=None, content_type=None):
        sent = {**PHONE, "Referer": f"http://{HOST}:{self.port}{path}", **(headers or {})}
        answer = super().request(method, path, form=form, headers=sent, body=body,
                                 content_type=content_type)
        if answer.headers.get("content-encoding") == "gzip":
            answer.wire = len(answer.body)
            answer.body = gzip.decompress(answer.body)
        else:
            answer.wire = len(answer.body)
        return answer

    def act(self, game_id: str, action: dict, seq: int, client_id: str, page: str):
        if self.token is None:
            self.token = TOKEN.search(self.get("/").text).group(1)
        headers = {"X-CSRF-Token": self.token, "HX-Request": "true",
                   "HX-Current-URL": f"http://{HOST}:{self.port}/g/{game_id}/me",
                   "HX-Target": "live", "Origin": f"http://{HOST}:{self.port}"}
        return self.request("POST", f"/g/{game_id}/act",
                            form=action_form(action, seq, client_id, page), headers=headers)


@contextmanager
def serving(instance: Path, threads: int = 4):
    """`referee serve` on 127.0.0.1 (patient: the machine may be busy)."""
    server = Server(instance, threads=threads, root=TREE)
    server.start(timeout=180)
    try:
        yield server
    finally:
        server.stop()


def seat_phones(server: Server, banker: Phone, game_id: str, players: list[dict]) -> dict:
    link = banker.join_link(game_id)
    phones = {}
    for p in players:
        phone = Phone(server.port)
        answer = phone.join(link, p["id"])
        assert answer.status == 303, answer.status
        phones[p["id"]] = phone
    return phones


def process_cpu(pid: int) -> float:
    """User + system CPU seconds of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


# -- memory per stored action -----------------------------------------------------------------

def bench_memory() -> list[str]:
    lengths = (200, 2_000)
    per_action: dict[int, list[float]] = {n: [] for n in lengths}
    for seed in range(1, RUNS + 1):
        record, actions = long_game(max(lengths), seed=seed)
        rules = rules_of(record)
        Replayer(rules, actions[:5])  # the map and the rules' code are loaded before measuring
        for n in lengths:
            gc.collect()
            tracemalloc.start()
            base = tracemalloc.get_traced_memory()[0]
            replayer = Replayer(rules, actions[:n])
            gc.collect()
            used = tracemalloc.get_traced_memory()[0] - base
            tracemalloc.stop()
            per_action[n].append(used / n)
            del replayer
    lines = ["| game length | bytes per stored action (min / median / max over "
             f"{RUNS} games) | goal |", "|---|---|---|"]
    for n in lengths:
        lines.append(f"| {n:,} actions | {spread(per_action[n], 'B', 1, 0)} | about 1 KB |")
    lines.append("\nEverything the game keeps in memory, measured with tracemalloc: the log, one "
                 "frame per action in force (its transfers and lines), the states kept at "
                 "checkpoints and the latest few.")
    return lines


# -- restart to first page --------------------------------------------------------------------

def bench_restart(length: int = 2_000) -> list[str]:
    first: list[float] = []
    boot: list[float] = []
    banker_page: list[float] = []
    later: list[float] = []
    history: list[float] = []
    record, actions = long_game(length, seed=7)
    with tempfile.TemporaryDirectory() as folder:
        instance = Path(folder) / "instance"
        with serving(instance) as server:
            banker = Phone(server.port)
            game_id = banker.import_record({**record, "actions": actions})
            phone = seat_phones(server, banker, game_id, record["players"][:1])["p1"]
            seat, bank = dict(phone.cookies), dict(banker.cookies)
            phone.get(f"/g/{game_id}/me")  # pages are drawn once: compiled templates are kept
            banker.get(f"/g/{game_id}/banker")
        for _ in range(RUNS):
            server = Server(instance, threads=4)
            launched = time.perf_counter()
            server.start(timeout=180)
            try:
                phone, banker = Phone(server.port), Phone(server.port)
                phone.cookies, banker.cookies = dict(seat), dict(bank)
                start = time.perf_counter()
                answer = phone.get(f"/g/{game_id}/me")
                first.append(time.perf_counter() - start)
                boot.append(time.perf_counter() - launched)
                assert answer.status == 200, answer.status
                start = time.perf_counter()
                assert banker.get(f"/g/{game_id}/banker").status == 200
                banker_page.append(time.perf_counter() - start)
                start = time.perf_counter()
                phone.get(f"/g/{game_id}/me")
                later.append(time.perf_counter() - start)
                start = time.perf_counter()
                assert banker.get(f"/g/{game_id}/history").status == 200
                history.append(time.perf_counter() - start)
                phone.close()
                banker.close()
            finally:
                server.stop()
    return [
        f"| {length:,}-action Rail Baron game, server restarted | min / median / max over "
        f"{RUNS} restarts | goal |", "|---|---|---|",
        f"| first page: a phone's view (gzip), once the server listens | {spread(first)} | "
        "within 200 ms |",
        f"| from launching `referee serve` to that page (imports, database, map) | "
        f"{spread(boot)} | |",
        f"| then the banker's console (its QR code drawn once) | {spread(banker_page)} | |",
        f"| then the phone's view again | {spread(later)} | |",
        f"| then the history page (every turn; the older ones from the notes saved with the "
        "checkpoint, no replay) | "
        f"{spread(history)} | |",
    ]


# -- server CPU per action, late in a long game -------------------------------------------------

def bench_cpu(late: int = 10_000, window: int = 40) -> list[str]:
    """Server CPU per action early (20), late (2,000) and very late (`late`) in one long game:
    from 2,000 on the pages are those of a game in full swing, so what still differs between
    2,000 and `late` is what grows with the log itself."""
    points = (20, 2_000, late)
    record, actions = long_game(late + window, seed=11)
    cpu: dict[int, list[float]] = {p: [] for p in points}
    wall: dict[int, list[float]] = {p: [] for p in points}
    sizes: list[int] = []
    with tempfile.TemporaryDirectory() as folder, \
            serving(Path(folder) / "instance") as server:
        for at in points:
            banker = Phone(server.port)
            game_id = banker.import_record({**record, "actions": actions[:at]})
            phones = seat_phones(server, banker, game_id, record["players"])
            banker.get(f"/g/{game_id}/banker")
            for run in range(RUNS + 1):  # the first run warms the server up, and is not kept
                # each run plays `window` actions, then undoes them (banker): same state again
                seq = at + run * 2 * window
                used, took = 0.0, 0.0
                for i in range(window):
                    action = actions[at + i]
                    phone = phones.get(action.get("player"))
                    who, page = (phone, "phone") if phone else (banker, "banker")
                    before_cpu, before = process_cpu(server.process.pid), time.perf_counter()
                    answer = who.act(game_id, action, seq + i, f"c{at}-{run}-{i}", page)
                    took += time.perf_counter() - before
                    used += process_cpu(server.process.pid) - before_cpu
                    assert answer.status == 200, (answer.status, answer.text[:200])
                    sizes.append(answer.wire)
                if run:
                    cpu[at].append(used / window)
                    wall[at].append(took / window)
                for i in range(window):
                    undo = banker.act(game_id, {"type": "undo"}, seq + window + i,
                                      f"u{at}-{run}-{i}", "banker")
                    assert undo.status == 200, undo.status

    def ratio(top: int, bottom: int) -> str:
        found = [c / statistics.median(cpu[bottom]) for c in cpu[top]]
        return f"{min(found):.2f} / {statistics.median(found):.2f} / {max(found):.2f}"

    return [
        f"| at action | server CPU per action (min / median / max of {RUNS} runs of {window}) "
        "| wall time per POST, loopback | ", "|---|---|---|",
        *(f"| {at:,} | {spread(cpu[at])} | {spread(wall[at])} |" for at in points),
        f"\nCPU ratio, action {late:,} / action 20: {ratio(late, 20)} (goal: at most 1.2); "
        f"action 2,000 / action 20: {ratio(2_000, 20)}; action {late:,} / action 2,000: "
        f"{ratio(late, 2_000)}. CPU is read from /proc (10 ms ticks, summed over {window} "
        "actions), after a run that warms the server up; every POST is a phone's: its headers, "
        "two cookies, gzip, htmx. Action answers as sent: median "
        f"{int(statistics.median(sizes)):,} bytes.",
    ]


# -- a phone's first load and repeat load -------------------------------------------------------

ASSET = re.compile(r'<(?:link[^>]+href|script[^>]+src)="(/static/[^"]+)"')


def bench_firstload() -> list[str]:
    record, actions = long_game(120, seed=4)
    with tempfile.TemporaryDirectory() as folder, \
            serving(Path(folder) / "instance") as server:
        banker = Phone(server.port)
        game_id = banker.import_record({**record, "actions": actions[:100]})
        phones = seat_phones(server, banker, game_id, record["players"])
        phone = phones["p1"]
        page = phone.get(f"/g/{game_id}/me", headers={"Sec-Fetch-Mode": "navigate",
                                                      "Sec-Fetch-Dest": "document"})
        rows = [("phone page (HTML)", page.wire, page.headers.get("cache-control", ""))]
        for url in ASSET.findall(page.text):
            asset = phone.get(url)
            rows.append((url, asset.wire, asset.headers.get("cache-control", "")))
    total = sum(size for _, size, _ in rows)
    again = [url for url, _, cache in rows[1:] if "immutable" not in cache]
    lines = ["| what | bytes on the wire (gzip) | Cache-Control |", "|---|---|---|"]
    lines += [f"| {name} | {size:,} | `{cache}` |" for name, size, cache in rows]
    lines.append(f"| **phone view, first load** | **{total:,}** | goal: at most 61,440 (60 KB) |")
    lines.append(f"\nA repeat load asks again for the page only: static files revalidated "
                 f"{len(again)} (goal: none){': ' + ', '.join(again) if again else ''}.")
    return lines


# -- tap to frame in a real browser ------------------------------------------------------------

TAP = """async (args) => {
  const answer = () => (document.querySelector(args.answer) || {}).textContent || "";
  const t0 = performance.now();
  const done = new Promise((resolve) => {
    const seen = () => answer().includes(args.expect);
    const obs = new MutationObserver(() => {
      if (!seen()) return;
      obs.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - t0));
    });
    obs.observe(document.body, {subtree: true, childList: true, characterData: true});
  });
  document.querySelector(args.click).click();
  return await done;
}"""


def floor_page() -> str:
    """The floor: a static page with the same dice that reads the US region chart in the
    browser (the chart embedded as JSON, made by the app's own lookup), nothing else."""
    from referee.games.railbaron.charts import load_map
    from referee.games.railbaron.charts.lookup import region_for

    board = load_map("us")
    chart = {}
    for red in range(1, 7):
        for w1 in range(1, 7):
            for w2 in range(1, 7):
                cell = region_for(board, red, w1, w2)
                chart[f"{red}-{w1}-{w2}"] = [cell.roll.describe(), cell.region_name or "?"]
    radios = "".join(
        f'<fieldset><legend>{name}</legend>' + "".join(
            f'<label for="{name}-{f}"><input type="radio" name="{name}" id="{name}-{f}" '
            f'value="{f}">{f}</label>' for f in range(1, 7)) + "</fieldset>"
        for name in ("r", "w1", "w2"))
    script = "const CHART = " + json.dumps(chart) + """;
document.addEventListener('change', () => {
  const v = (n) => (document.querySelector(`input[name=${n}]:checked`) || {}).value;
  const key = `${v('r')}-${v('w1')}-${v('w2')}`;
  if (!CHART[key]) return;
  const [roll, region] = CHART[key];
  const out = document.getElementById('region-answer');
  out.innerHTML = `<p>${roll}</p><p class=result>${region}</p>`;
});"""
    return ("<!doctype html><meta name=viewport content='width=device-width'>"
            f"<form>{radios}</form><div id=region-answer></div><script>{script}</script>")


SEQ_TAP = """async (args) => {
  const t0 = performance.now();
  const done = new Promise((resolve) => {
    const obs = new MutationObserver(() => {
      if (!document.querySelector(`section.live[data-seq="${args.seq}"]`)) return;
      obs.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - t0));
    });
    obs.observe(document.body, {subtree: true, childList: true, attributes: true});
  });
  document.querySelector(args.click).click();
  return await done;
}"""


READY = "() => (document.querySelector('form.undo') || {})['htmx-internal-data'] !== undefined"


def action_taps(browser, server: Server, phone: dict, taps: int) -> list[float]:
    """The banker taps "Undo the last action" `taps` times on a 200-action game: each tap is
    a POST the server judges, answered with the console's live part."""
    record, actions = long_game(200, seed=12)
    banker = Phone(server.port)
    game_id = banker.import_record({**record, "actions": actions})
    context = browser.new_context(**phone)
    context.add_cookies([{"name": "banker", "value": banker.cookies["banker"],
                          "url": f"{server.url}/g/{game_id}/"}])
    page = context.new_page()
    page.goto(f"{server.url}/g/{game_id}/banker")
    page.wait_for_function("() => window.htmx !== undefined")
    samples = []
    for i in range(taps + 3):
        page.wait_for_function(READY)  # htmx has taken over the new form (else it would post)
        took = page.evaluate(SEQ_TAP, {"click": "form.undo button[type=submit]",
                                       "seq": len(actions) + i + 1})
        if i >= 3:
            samples.append(took / 1000)
    context.close()
    return samples


def bench_tap(taps: int = 30) -> list[str]:
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        return ["chromium is not installed: no browser figures."]
    results: dict[str, list[float]] = {"floor": [], "lookup": [], "action": []}
    with tempfile.TemporaryDirectory() as folder, \
            serving(Path(folder) / "instance") as server, sync_playwright() as p:
        (Path(folder) / "floor.html").write_text(floor_page(), encoding="utf-8")
        browser = p.chromium.launch(executable_path=chromium)
        phone = {"viewport": {"width": 360, "height": 740}, "is_mobile": True,
                 "has_touch": True}
        pages = {
            "floor": (f"file://{folder}/floor.html", None),
            "lookup": (f"{server.url}/railbaron/lookup?map=us&r=3&w1=3", "#region-answer"),
        }
        for _round in range(RUNS):
            for name, (address, _) in pages.items():
                page = browser.new_context(**phone).new_page()
                page.goto(address)
                if name == "lookup":
                    page.wait_for_function("() => window.htmx !== undefined")
                page.click("label[for='r-3']")
                page.click("label[for='w1-3']")
                samples = []
                for i in range(taps + 3):
                    face = 4 if i % 2 == 0 else 5
                    expect = f"white 3+{face} = {3 + face}"
                    took = page.evaluate(TAP, {"click": f"label[for='w2-{face}']",
                                               "answer": "#region-answer", "expect": expect})
                    if i >= 3:  # the first taps warm the browser and the server
                        samples.append(took / 1000)
                results[name].append(statistics.median(samples))
                page.context.close()
            results["action"].append(statistics.median(action_taps(browser, server, phone,
                                                                   taps)))
        browser.close()
    ratios = [lk / fl for lk, fl in zip(results["lookup"], results["floor"], strict=True)]
    return [
        f"| tap a die face, 360x740, chromium (median of {taps} taps; min / median / max "
        f"of {RUNS} rounds) | tap to next frame with the answer |", "|---|---|",
        f"| static floor page: the chart in the page, answered in the browser | "
        f"{spread(results['floor'], digits=1)} |",
        f"| quick lookup (`/railbaron/lookup`: answered in the page from the chart the server "
        "wrote into it; the server only when the chart cannot) | "
        f"{spread(results['lookup'], digits=1)} |",
        f"| a game action: the banker's Undo on a 200-action Rail Baron game (POST, the "
        f"server judges, the console's live part swaps) | {spread(results['action'])} |",
        f"\nRatio lookup / floor, per round: {min(ratios):.1f} / {statistics.median(ratios):.1f}"
        f" / {max(ratios):.1f} (goal: at most 1.2). Game action goal: at most 50 ms median.",
    ]


SECTIONS = {"memory": bench_memory, "restart": bench_restart, "cpu": bench_cpu,
            "firstload": bench_firstload, "tap": bench_tap}
