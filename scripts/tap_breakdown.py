"""Where the time of the banker's Undo tap goes, phase by phase, in Debian's chromium.

    .venv/bin/python scripts/tap_breakdown.py                      # Rail Baron, this checkout
    .venv/bin/python scripts/tap_breakdown.py --game prairie_railroads
    .venv/bin/python scripts/tap_breakdown.py --tree ../older      # another checkout's server

The `taps` section of scripts/benchmark.py gives the figure that is judged (touch to frame);
this script splits the same tap, on a 300-action game at 360x740 with touch, into the moments
the page sees: the touch's delivery (`touchstart` to `click`), htmx's request (with the
browser's own Resource Timing of the POST: time to the first byte and the body's size), htmx's
swap, and the wait for the next frame. Beside it, on the same server and browser, the harness's
floor: a touched button that fetches one small static file; and the same Undo posted by a plain
HTTP client, without a browser.

Rail Baron's game is made by the served checkout's own generator (tests/web/long_game.py, seed
1); `--tree PATH` serves from another checkout of the project (an older commit, say, made with
`git worktree add`), so the same harness measures both on the same machine and the same game.
Loopback only; every loop bounded.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench_table import Phone  # noqa: E402
from benchmark_four_games import (  # noqa: E402
    TOUCH,
    WATCH,
    banker_console,
    cut,
    floor_taps,
    game_record,
    tap_undo,
)

from tests.web.loopback import Server  # noqa: E402

PHASES = {
    "click": "touch delivered (touchstart to click)",
    "htmx:beforeRequest": "htmx sends the POST",
    "htmx:beforeOnLoad": "the answer is in",
    "htmx:afterSwap": "htmx has swapped it",
    "took": "the next frame",
}
# The benchmark's own watch (touch to the frame after the new seq is in), with the moments
# between marked too.
MARKED_WATCH = """(seq) => {
  (BENCHMARK_WATCH)(seq);
  window.__marks = {};
  let start;
  document.addEventListener('touchstart', (e) => { start = e.timeStamp; },
                            {capture: true, once: true});
  const mark = (name) => (e) => {
    // htmx's events of the POST only: a poll may come and go during the tap
    if (e.detail && e.detail.requestConfig && e.detail.requestConfig.verb !== 'post') return;
    if (!(name in window.__marks)) window.__marks[name] = performance.now() - start;
  };
  document.addEventListener('click', mark('click'), {capture: true, once: true});
  if (window.__unwatch) window.__unwatch();  // the last tap's listeners
  const names = ['htmx:beforeRequest', 'htmx:beforeOnLoad', 'htmx:afterSwap'];
  const marks = names.map(mark);
  names.forEach((name, i) => document.body.addEventListener(name, marks[i]));
  window.__unwatch = () => names.forEach((name, i) =>
    document.body.removeEventListener(name, marks[i]));
}""".replace("BENCHMARK_WATCH", WATCH)
POST_TIMING = """() => {
  const e = performance.getEntriesByType('resource')
    .filter((e) => e.initiatorType === 'xmlhttprequest' && e.name.endsWith('/act')).pop();
  return {ttfb: e.responseStart - e.requestStart, body: e.responseEnd - e.responseStart,
          wire: e.transferSize, size: e.decodedBodySize};
}"""
LIVE = """() => [document.querySelector('section.live').outerHTML.length,
               document.querySelector('section.live').querySelectorAll('*').length]"""
OLD_GAME = ("import json, sys; from tests.web.long_game import long_game; "
            "record, actions = long_game(int(sys.argv[1]), seed=1); "
            "print(json.dumps({**record, 'actions': actions}))")


def record_of(game: str, actions: int, tree: Path) -> dict:
    """The game to take back from. Rail Baron's is made by the served checkout's own generator
    (so two checkouts are measured on the same game); the others are this checkout's long games
    (tests/long_games.py)."""
    if game != "railbaron":
        if tree != ROOT:
            raise SystemExit("--tree measures Rail Baron only (the game every checkout makes)")
        return cut(game_record(game), actions)
    made = subprocess.run([sys.executable, "-c", OLD_GAME, str(actions)], cwd=tree,
                          check=True, capture_output=True, text=True)
    return json.loads(made.stdout)


def undo_marks(browser, server: Server, record: dict, taps: int) -> tuple[list[dict], list]:
    page = banker_console(browser, server, TOUCH, record)
    seq = len(record["actions"])
    rows = []
    for i in range(taps + 3):
        tap_undo(page, MARKED_WATCH, seq + i + 1)
        page.wait_for_function("() => window.__took !== undefined", timeout=30_000)
        if i >= 3:
            marks = page.evaluate("() => ({...window.__marks, took: window.__took})")
            rows.append({**marks, **page.evaluate(POST_TIMING)})
    live = page.evaluate(LIVE)
    page.context.close()
    return rows, live


def client_undos(server: Server, record: dict, taps: int) -> list[float]:
    """Ms per Undo posted as a phone's browser posts it, by a plain HTTP client, on a fresh
    copy of the game: the server's side of the tap without the browser's."""
    banker = Phone(server.port)
    game_id = banker.import_record(record)
    seq = len(record["actions"])
    took = []
    for i in range(taps + 3):
        began = time.perf_counter()
        answer = banker.act(game_id, {"type": "undo"}, seq + i, f"plain-{i}", "banker")
        took.append(1000 * (time.perf_counter() - began))
        assert answer.status == 200, answer.status
    return took[3:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="railbaron")
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout to serve")
    parser.add_argument("--taps", type=int, default=20)
    parser.add_argument("--actions", type=int, default=300)
    args = parser.parse_args(argv)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("chromium is not installed: no browser figures.")
        return 1
    from playwright.sync_api import sync_playwright

    tree = args.tree.resolve()
    record = record_of(args.game, args.actions, tree)
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        server = Server(Path(folder) / "instance", threads=4, root=tree).start(timeout=180)
        try:
            browser = p.chromium.launch(executable_path=chromium)
            rows, (size, nodes) = undo_marks(browser, server, record, args.taps)
            floor_took = floor_taps(browser, server, TOUCH, True, args.taps)
            browser.close()
            plain = client_undos(server, record, args.taps)
        finally:
            server.stop()
    med = {key: statistics.median(r[key] for r in rows) for key in rows[0]}
    print(f"{args.game}, {args.actions} actions, served from {tree.name}: median of "
          f"{len(rows)} banker's Undo taps (ms from the touch)\n")
    print("| moment | ms | since the last |\n|---|---|---|")
    last = 0.0
    for key, words in PHASES.items():
        print(f"| {words} | {med[key]:.1f} | {med[key] - last:.1f} |")
        last = med[key]
    print(f"\nThe POST as the browser saw it: {med['ttfb']:.1f} ms from sending to the first "
          f"byte, {med['body']:.1f} ms for the rest; {med['wire']:,.0f} B on the wire, "
          f"{med['size']:,.0f} B of HTML. The live part: {size:,} characters, {nodes} elements."
          f"\nFloor, same server and browser: a touched button that fetches one small file, "
          f"{1000 * statistics.median(floor_took):.1f} ms to the frame."
          f"\nThe same Undo from a Python client (no browser): {statistics.median(plain):.1f} ms "
          f"median of {len(plain)}, from sending to the whole answer.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
