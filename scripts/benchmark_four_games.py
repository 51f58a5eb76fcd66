"""Benchmark sections over all four games, as a table sees them (issue: fast in every game).

- `replay`: `referee replay` of one long legal game of each game (tests/long_games.py), cut at
  0 (the baseline: the report of the opening), 20, 2,000 and 10,000 actions, each in its own
  process that ran the command once on the opening first (the game's code and map loaded):
  CPU per action (the cut's CPU less the baseline's, over its actions) and the growth of the
  peak memory per action from 2,000 to 10,000 (the log loaded from the record included). The
  peak is the process's own high-water mark (VmHWM), which starts anew when the child process
  execs: `getrusage`'s maximum RSS is carried over from the parent, so a child of a large
  benchmark process reported the parent's size, and a growth of 0 B.
- `server`: a real `referee serve`; each game imported at action 20, 2,000 and 10,000, then
  the next 40 actions of its log posted as the phones (the banker for banker actions, undo and
  redo) post them, RUNS times after a warm-up run; server CPU per action from /proc.
- `restarts`: each game at 2,000 and 10,000 actions, the server restarted: the first phone
  view after the restart, against the same view again without one.
- `held`: a real `referee serve` holding $BENCH_HELD games (50) of 2,000 actions, the four
  games in turn, each imported and its console viewed (so the server holds it): the growth of
  the server's resident memory per stored action, against the server after one short game of
  each; then the server started again over the same folder, every console viewed again.
- `taps`: Debian's chromium through Playwright at 360x740 with touch: the banker opens "Undo
  this…" and taps "Yes, take it back" with a real touch (Playwright's tap: a touch event the
  browser delivers), in each game; timed in the page from the touch event's time stamp to the
  first animation frame after the console's live part has swapped. Every Undo tap follows a
  tap on the harness's floor in the same run (a button added to the lobby, touched the same
  way, that fetches one small file from the same server, then changes one line), so the two
  see the same load, and each Undo less the floor tap just before it is printed. Also the
  answer's bytes (as the page got them, before gzip) and the elements the swap put into the
  page. Then the same again with the browser's CPU slowed four times (Chrome DevTools
  Protocol `Emulation.setCPUThrottlingRate`), as a mid-range phone.

Each figure is min / median / max over RUNS runs, with the load average before and after. The
long games are generated once (a few minutes) and kept in $BENCH_GAMES (default: a folder in
the system's temp folder), so a second run starts at once. $BENCH_TAPS sets the taps per round
(30), $BENCH_ROUNDS the taps' rounds (3). Loopback only; every loop bounded.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_table import RUNS, TREE, Phone, seat_phones, serving, spread

from referee.engine.record import dump_record
from tests.long_games import GAMES, long_game
from tests.web.loopback import Server

ROOT = Path(__file__).resolve().parents[1]
CUTS = (0, 20, 2_000, 10_000)
WINDOW = 40
# $BENCH_LENGTH: shorter games for a quick try of the taps (the other sections need the whole)
LONG = int(os.environ.get("BENCH_LENGTH") or 10_000 + (RUNS + 1) * WINDOW + 10)
NAMES = {"railbaron": "Rail Baron", "prairie_railroads": "Prairie Railroads",
         "railroad_barons": "Railroad Barons", "railway_rivals": "Railway Rivals"}


def load() -> str:
    return " / ".join(f"{x:.2f}" for x in os.getloadavg())


def game_record(key: str) -> dict:
    """The long game of `key` (LONG actions, seed 1), generated once and kept."""
    folder = Path(os.environ.get("BENCH_GAMES")
                  or Path(tempfile.gettempdir()) / "referee-bench-games")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{key}-{LONG}-1.json"
    if not path.exists():
        path.write_text(dump_record(long_game(key, LONG, seed=1)), encoding="utf-8")
    return json.loads(path.read_text(encoding="utf-8"))


def cut(record: dict, n: int) -> dict:
    return {**record, "actions": record["actions"][:n]}


# -- referee replay ---------------------------------------------------------------------------

CHILD = """
import contextlib, io, sys, time
from pathlib import Path
from referee.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    main(["replay", sys.argv[2]])  # the game's code and map loaded, untimed
began = time.process_time()
code = main(["replay", sys.argv[1]])
used = time.process_time() - began
status = Path("/proc/self/status").read_text()  # this process's own peak, not its parent's
peak = int(next(x.split()[1] for x in status.splitlines() if x.startswith("VmHWM:")))
sys.stderr.write(f"\\nBENCH {code} {used} {peak}\\n")
"""


def replay_once(path: Path) -> tuple[float, int]:
    """(CPU seconds of `referee replay PATH`, peak RSS in bytes) in a fresh process that has
    replayed the game's opening once before (its code and map loaded: what is timed is the
    command's replay and report)."""
    empty = path.with_name(path.name.rsplit("-", 1)[0] + "-0.json")
    done = subprocess.run([sys.executable, "-c", CHILD, str(path), str(empty)], cwd=ROOT,
                          check=False,
                          capture_output=True, text=True, timeout=900)
    line = [x for x in done.stderr.splitlines() if x.startswith("BENCH ")][-1]
    _, code, used, peak = line.split()
    if code != "0":
        raise AssertionError(f"{path}: referee replay failed: {done.stderr[-500:]}")
    return float(used), int(peak) * 1024


def bench_replay() -> list[str]:
    before = load()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for key in GAMES:
            record = game_record(key)
            cpu: dict[int, list[float]] = {n: [] for n in CUTS}
            rss: dict[int, list[int]] = {n: [] for n in CUTS}
            for n in CUTS:
                path = Path(folder) / f"{key}-{n}.json"
                path.write_text(dump_record(cut(record, n)), encoding="utf-8")
            for _run in range(RUNS):
                for n in CUTS:
                    used, peak = replay_once(Path(folder) / f"{key}-{n}.json")
                    cpu[n].append(used)
                    rss[n].append(peak)
            base = statistics.median(cpu[0])
            per = {n: [max(c - base, 0.0) / n for c in cpu[n]] for n in CUTS[1:]}
            ratio = [p / statistics.median(per[2_000]) for p in per[10_000]]
            growth = [(b - a) / 8_000 for a, b in zip(rss[2_000], rss[10_000], strict=True)]
            rows.append(
                f"| {NAMES[key]} | {spread(cpu[0], 's', 1, 2)} | {spread(per[20], digits=3)} | "
                f"{spread(per[2_000], digits=3)} | {spread(per[10_000], digits=3)} | "
                f"{min(ratio):.2f} / {statistics.median(ratio):.2f} / {max(ratio):.2f} | "
                f"{spread(growth, 'B', 1, 0)} |")
    return [
        "| game | `referee replay` with no action (the baseline) | CPU per action at 20 | "
        "at 2,000 | at 10,000 | 10,000 / 2,000 (goal ≤ 1.3) | peak RSS growth per action, "
        "2,000 to 10,000 (goal ≤ 1,024 B) |", "|---|---|---|---|---|---|---|",
        *rows,
        f"\nmin / median / max of {RUNS} runs, each cut in its own process (warmed by the "
        "command on the opening); CPU per action is the cut's CPU less the median baseline's, "
        "over its actions (at 20 that is within the noise of the baseline). Load average "
        f"{before} before, {load()} after.",
    ]


# -- server CPU per action ---------------------------------------------------------------------

def seat_of(action: dict) -> str | None:
    return action.get("player") or action.get("company")


def post(server: Server, banker: Phone, phones: dict, game_id: str, action: dict, seq: int,
         client_id: str):
    """Post `action` as its seat's phone, or as the banker (banker actions, undo, redo, or an
    action the phone may not post); the answer."""
    phone = phones.get(seat_of(action)) if action["type"] not in ("undo", "redo") else None
    if phone is not None:
        answer = phone.act(game_id, action, seq, client_id, "phone")
        if answer.status == 200 and f'data-seq="{seq + 1}"' in answer.text:
            return answer
    answer = banker.act(game_id, action, seq, client_id + "b", "banker")
    assert answer.status == 200, (answer.status, answer.text[:300])
    return answer


def bench_server() -> list[str]:
    before = load()
    points = (20, 2_000, 10_000)
    rows, ratios = [], []
    with tempfile.TemporaryDirectory() as folder, \
            serving(Path(folder) / "instance") as server:
        pid = server.process.pid
        from bench_table import process_cpu

        for key in GAMES:
            record = game_record(key)
            actions = record["actions"]
            cpu: dict[int, list[float]] = {p: [] for p in points}
            for at in points:
                banker = Phone(server.port)
                game_id = banker.import_record(cut(record, at))
                phones = seat_phones(server, banker, game_id, record["players"])
                banker.get(f"/g/{game_id}/banker")
                for run in range(RUNS + 1):  # the first run warms up, and is not kept
                    start = at + run * WINDOW
                    used = 0.0
                    for i in range(WINDOW):
                        before_cpu = process_cpu(pid)
                        post(server, banker, phones, game_id, actions[start + i], start + i,
                             f"c{key}{at}-{run}-{i}")
                        used += process_cpu(pid) - before_cpu
                    if run:
                        cpu[at].append(used / WINDOW)
            found = [c / statistics.median(cpu[20]) for c in cpu[10_000]]
            ratios.append(statistics.median(found))
            rows.append(f"| {NAMES[key]} | {spread(cpu[20])} | {spread(cpu[2_000])} | "
                        f"{spread(cpu[10_000])} | {min(found):.2f} / "
                        f"{statistics.median(found):.2f} / {max(found):.2f} |")
    return [
        "| game | server CPU per action at 20 | at 2,000 | at 10,000 | 10,000 / 20 "
        "(goal ≤ 1.2) |", "|---|---|---|---|---|", *rows,
        f"\nmin / median / max of {RUNS} runs of {WINDOW} actions (the next ones of the log, "
        "posted as phones and the banker post them: htmx, phone headers, cookies, gzip), after "
        "a run that warms up; CPU read from /proc (10 ms ticks, summed over the run). Load "
        f"average {before} before, {load()} after.",
    ]


# -- restart to first page ---------------------------------------------------------------------

def bench_restarts() -> list[str]:
    before = load()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        instance = Path(folder) / "instance"
        games = {}
        with serving(instance) as server:
            banker = Phone(server.port)
            for key in GAMES:
                record = game_record(key)
                for n in (2_000, 10_000):
                    game_id = banker.import_record(cut(record, n))
                    phone = seat_phones(server, banker, game_id, record["players"][:1])
                    seat = next(iter(phone.values()))
                    seat.get(f"/g/{game_id}/me")
                    games[key, n] = (game_id, dict(seat.cookies))
        for (key, n), (game_id, cookies) in games.items():
            first, again, launch = [], [], []
            for _ in range(RUNS):
                server = Server(instance, threads=4)
                launched = time.perf_counter()
                server.start(timeout=180)
                try:
                    phone = Phone(server.port)
                    phone.cookies = dict(cookies)
                    for kept in (first, again):
                        began = time.perf_counter()
                        answer = phone.get(f"/g/{game_id}/me")
                        kept.append(time.perf_counter() - began)
                        assert answer.status == 200, answer.status
                        if kept is first:
                            launch.append(time.perf_counter() - launched)
                    phone.close()
                finally:
                    server.stop()
            ratio = [a / statistics.median(again) for a in first]
            rows.append(f"| {NAMES[key]} | {n:,} | {spread(first)} | {spread(again)} | "
                        f"{min(ratio):.1f} / {statistics.median(ratio):.1f} / "
                        f"{max(ratio):.1f} | {spread(launch)} |")
    return [
        "| game | actions | first phone view after a restart | the same view again, no "
        "restart | first / again (goal ≤ 2 at 2,000) | from launching `referee serve` to that "
        "first view |", "|---|---|---|---|---|---|", *rows,
        f"\nmin / median / max over {RUNS} restarts, each a fresh `referee serve` process over "
        f"an instance holding all {len(games)} games (each played within the last day, so "
        "each start makes them ready before it listens: referee/web/warm.py). Load average "
        f"{before} before, {load()} after.",
    ]


# -- memory of the games a server holds --------------------------------------------------------

def resident(pid: int) -> int:
    """A process's resident memory now, in bytes (Linux /proc)."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(x.split()[1] for x in status.splitlines() if x.startswith("VmRSS:"))) * 1024


def bench_held(games: int = 0, length: int = 2_000) -> list[str]:
    games = games or int(os.environ.get("BENCH_HELD", "50"))
    before = load()
    each = {key: games // len(GAMES) + (i < games % len(GAMES)) for i, key in enumerate(GAMES)}
    grew: dict[str, int] = {}
    ids: dict[str, dict[str, str]] = {}  # each game's banker cookies
    with tempfile.TemporaryDirectory() as folder:
        instance = Path(folder) / "instance"
        with serving(instance) as server:
            banker = Phone(server.port)
            for key in GAMES:  # every game's code, board and pages loaded before the baseline
                banker.get(f"/g/{banker.import_record(cut(game_record(key), 20))}/banker")
            base = last = resident(server.process.pid)
            for key in GAMES:  # one game after the other: the growth each one's games bring
                for _ in range(each[key]):
                    game_id = banker.import_record(cut(game_record(key), length))
                    assert banker.get(f"/g/{game_id}/banker").status == 200
                    ids[game_id] = dict(banker.cookies)
                now = resident(server.process.pid)
                grew[key], last = now - last, now
            held = last - base
        answered: list[float] = []
        for run in range(RUNS):  # the last start has every console viewed again
            launched = time.perf_counter()
            server = Server(instance, threads=4, root=TREE).start(timeout=180)
            try:
                again = Phone(server.port)
                assert again.get("/").status == 200
                answered.append(time.perf_counter() - launched)  # while it warms every game
                if run == RUNS - 1:
                    for game_id, cookies in ids.items():
                        again.cookies = cookies
                        assert again.get(f"/g/{game_id}/banker").status == 200
                    restarted = resident(server.process.pid) - base
            finally:
                server.stop()
    stored = games * length
    return [
        "| games held | stored actions | per stored action (goal ≤ 1,024 B) |", "|---|---|---|",
        *(f"| {each[key]} {NAMES[key]} | {each[key] * length:,} | "
          f"{grew[key] / max(each[key] * length, 1):,.0f} B |" for key in GAMES),
        f"| all {games} | {stored:,} | {held / stored:,.0f} B |",
        f"| all {games}, the server started again, every console viewed | {stored:,} | "
        f"{restarted / stored:,.0f} B |",
        "\nThe server's resident memory (VmRSS) as the games were imported and each console "
        "viewed, one game after the other, against the same server after one short game of each "
        "(their code, boards and pages loaded); after the restart, against that same base. "
        f"Started again {RUNS} times, the server answered the lobby "
        f"{spread(answered, 's', 1, 2)} after it was launched (min / median / max; goal ≤ "
        f"2 s), its {games} games warming beside it. Load average {before} before, {load()} "
        f"after{'' if TREE is None else f'; served from {TREE.name}'}.",
    ]


# -- an action tap with a real touch ------------------------------------------------------------

WATCH = """(seq) => {
  window.__took = undefined;
  window.__swapped = 0;
  window.__bytes = undefined;
  const started = [];
  const note = (e) => started.push(e.timeStamp);
  document.addEventListener('touchstart', note, {capture: true, once: true});
  const answer = (e) => {  // the POST's answer, not a poll's
    if ((e.detail.requestConfig || {}).verb !== 'post') return;
    document.body.removeEventListener('htmx:beforeSwap', answer);
    window.__bytes = new Blob([e.detail.xhr.responseText]).size;
  };
  document.body.addEventListener('htmx:beforeSwap', answer);
  const obs = new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (n.nodeType === 1) window.__swapped += 1 + n.getElementsByTagName('*').length;
      }
    }
    if (!document.querySelector(`section.live[data-seq="${seq}"]`)) return;
    obs.disconnect();
    requestAnimationFrame(() => { window.__took = performance.now() - started[0]; });
  });
  obs.observe(document.body, {subtree: true, childList: true, attributes: true});
}"""
READY = "() => (document.querySelector('form.undo') || {})['htmx-internal-data'] !== undefined"
TOUCH = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}


def undo_length(key: str, taps: int) -> int:
    """How much of `key`'s long game holds enough actions in force for `taps` + 5 undos."""
    from referee.engine.replay import Replayer
    from referee.games import registry

    record = game_record(key)
    n = 300
    while True:
        rules = registry.rules_for(cut(record, n), registry.resolver(None))
        if len(Replayer.restore(rules, record["actions"][:n]).frames) > taps + 5:
            return n
        n += 100


def slowed(page, rate: float) -> None:
    """The page's CPU slowed `rate` times (1: as it is), through the DevTools protocol."""
    if rate != 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate",
                                                {"rate": rate})


def floor_page(browser, server: Server, touch: dict, fetching: bool = True):
    """The lobby with the floor's button, which changes one line, at once or after fetching
    one small file from the same server (no game, no template)."""
    page = browser.new_context(**touch).new_page()
    page.goto(f"{server.url}/")
    page.evaluate(FLOOR_PAGE, fetching)
    return page


def took(page) -> float:
    page.wait_for_function("() => window.__took !== undefined", timeout=60_000)
    return page.evaluate("() => window.__took") / 1000


def interleaved_taps(browser, server: Server, touch: dict, key: str, taps: int,
                     rate: float = 1) -> dict[str, list[float]]:
    """3 + `taps` rounds of a floor tap then the banker's Undo, both pages slowed `rate` times;
    of the last `taps`: each kind's seconds, each Undo less the floor just before it, and the
    Undo answer's bytes and the elements its swap put in."""
    n = undo_length(key, taps)
    console = banker_console(browser, server, touch, cut(game_record(key), n))
    floor = floor_page(browser, server, touch)
    for page in (console, floor):
        slowed(page, rate)
    found: dict[str, list[float]] = {"undo": [], "floor": [], "less": [], "bytes": [],
                                     "swapped": []}
    for i in range(taps + 3):
        floor.evaluate(FLOOR_WATCH)
        floor.tap("#floor-tap")
        base = took(floor)
        tap_undo(console, WATCH, n + i + 1)
        undo = took(console)
        if i >= 3:
            found["undo"].append(undo)
            found["floor"].append(base)
            found["less"].append(undo - base)
            found["bytes"].append(console.evaluate("() => window.__bytes || 0"))
            found["swapped"].append(console.evaluate("() => window.__swapped"))
    for page in (console, floor):
        page.context.close()
    return found


def banker_console(browser, server: Server, touch: dict, record: dict):
    """`record` imported into `server`, and its banker's console open in a new context."""
    banker = Phone(server.port)
    game_id = banker.import_record(record)
    context = browser.new_context(**touch)
    context.add_cookies([{"name": "banker", "value": banker.cookies["banker"],
                          "url": f"{server.url}/g/{game_id}/"}])
    page = context.new_page()
    page.goto(f"{server.url}/g/{game_id}/banker")
    page.wait_for_function("() => window.htmx !== undefined")
    return page


def tap_undo(page, watch: str, seq: int) -> None:
    """Open "Undo this…" and touch "Yes, take it back", with `watch` set for the new `seq`."""
    page.wait_for_function(READY)
    page.tap("details.undo-confirm summary")
    page.wait_for_selector("details.undo-confirm[open] form.undo button[type=submit]")
    page.evaluate(watch, seq)
    page.tap("form.undo button[type=submit]")


def timed_taps(page, tap, taps: int) -> list[float]:
    """`tap(i)` done 3 + `taps` times; the seconds each of the last `taps` took (the page's
    `window.__took`, in ms, set by its watcher). The page's context is closed after."""
    samples = []
    for i in range(taps + 3):
        tap(i)
        page.wait_for_function("() => window.__took !== undefined", timeout=30_000)
        if i >= 3:
            samples.append(page.evaluate("() => window.__took") / 1000)
    page.context.close()
    return samples


FLOOR_PAGE = """(fetching) => {
  const button = document.createElement('button');
  button.id = 'floor-tap';
  button.textContent = 'Tap';
  button.style = 'position:fixed;top:200px;left:20px;width:200px;height:60px;z-index:99';
  const line = document.createElement('p');
  line.id = 'floor-line';
  document.body.append(button, line);
  button.addEventListener('click', () => {
    if (!fetching) { line.textContent = String(performance.now()); return; }
    fetch('/static/icon.svg', {cache: 'no-store'}).then((r) => r.text())
      .then(() => { line.textContent = String(performance.now()); });
  });
}"""
FLOOR_WATCH = """() => {
  window.__took = undefined;
  const started = [];
  document.addEventListener('touchstart', (e) => started.push(e.timeStamp),
                            {capture: true, once: true});
  const obs = new MutationObserver(() => {
    obs.disconnect();
    requestAnimationFrame(() => { window.__took = performance.now() - started[0]; });
  });
  obs.observe(document.getElementById('floor-line'), {childList: true, characterData: true,
                                                      subtree: true});
}"""


def floor_taps(browser, server: Server, touch: dict, fetching: bool, taps: int) -> list[float]:
    """The harness's own floor (`floor_page`), tapped 3 + `taps` times."""
    page = floor_page(browser, server, touch, fetching)

    def tap(_i: int) -> None:
        page.evaluate(FLOOR_WATCH)
        page.tap("#floor-tap")

    return timed_taps(page, tap, taps)


RATES = (1, 4)  # the browser's CPU as it is, and slowed four times (a mid-range phone)


def bench_taps(taps: int = 0, rounds: int = 0) -> list[str]:
    from playwright.sync_api import sync_playwright

    taps = taps or int(os.environ.get("BENCH_TAPS", "30"))
    rounds = rounds or int(os.environ.get("BENCH_ROUNDS", str(RUNS)))
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        return ["chromium is not installed: no browser figures."]
    before = load()
    kinds = ("undo", "floor", "less", "bytes", "swapped")
    medians = {(key, rate, kind): [] for key in GAMES for rate in RATES for kind in kinds}
    with tempfile.TemporaryDirectory() as folder, \
            serving(Path(folder) / "instance") as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium)
        for _round in range(rounds):
            for rate in RATES:
                for key in GAMES:
                    found = interleaved_taps(browser, server, TOUCH, key, taps, rate)
                    for kind in kinds:
                        medians[key, rate, kind].append(statistics.median(found[kind]))
        browser.close()

    def row(key: str, rate: float) -> str:
        def figure(kind: str) -> str:
            return spread(medians[key, rate, kind])

        def count(kind: str, unit: str = "") -> str:
            values = medians[key, rate, kind]
            return (f"{min(values):,.0f}{unit} / {statistics.median(values):,.0f}{unit} / "
                    f"{max(values):,.0f}{unit}")

        return (f"| {NAMES[key]} | {rate}× | {figure('undo')} | {figure('floor')} | "
                f"{figure('less')} | {count('bytes', ' B')} | {count('swapped')} |")

    return [
        "| game | CPU slowed | banker's Undo, touch to frame | the floor tap just before it | "
        "Undo minus floor (goal ≤ 16 ms) | the answer's bytes | elements swapped |",
        "|---|---|---|---|---|---|---|",
        *(row(key, rate) for rate in RATES for key in GAMES),
        f"\nMedians of {taps} taps (after 3 not kept); min / median / max of {rounds} "
        "rounds. Each tap: \"Undo this…\" opened with a touch, then \"Yes, take it back\" "
        "touched (Playwright's tap, delivered by chromium as a touch event), right after a "
        "touch on the floor's button (it fetches one small file from the same server, then "
        "changes one line) in a page of its own; timed in the page from the touch event's time "
        "stamp to the first animation frame after the console's live part of the new seq is in. "
        "Bytes: the Undo's answer as the page got it, before gzip; elements: those the swap put "
        "into the page. Slowed: `Emulation.setCPUThrottlingRate` on both pages. Load average "
        f"{before} before, {load()} after.",
    ]


SECTIONS = {"replay": bench_replay, "server": bench_server, "restarts": bench_restarts,
            "held": bench_held,
            "taps": bench_taps}
