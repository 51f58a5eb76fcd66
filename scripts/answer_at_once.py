"""Phones answering one question at the same moment, against a real `referee serve`.

    .venv/bin/python scripts/answer_at_once.py              # one round: 6 answers
    .venv/bin/python scripts/answer_at_once.py --rounds 20  # 20 rounds: 120 answers
    .venv/bin/python scripts/answer_at_once.py --rounds 3 --browser  # and on chromium's pages

A round is two Railway Rivals games on the test map with three phones each: in the first the
three name their start towns, in the second (played up to a race) they enter or stay out. In
each, the three phones read their page (the same seq), then post from three threads released
by one barrier. The server is a child process on 127.0.0.1 over a fresh temporary folder.
Printed: answers sent, recorded, and how many got 409 or a 5xx, and how long each phone
waited for its own answer (from the barrier's release to the whole answer read; min / median /
max); exits 1 unless every answer was recorded with neither. The wait is a figure to read, on
a quiet machine, never a pass or fail.

With --browser, as many rounds again on three pages of Debian's chromium (360x740, touch), each
a phone's page as its cookies show it: the three buttons are tapped at one moment of the clock
the pages share, and each page times its tap to the first frame after its own answer is in
(htmx:afterSettle of its POST): what a person sees.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.engine.record import new_record  # noqa: E402
from tests.railway_rivals.play import Table, test_map_inline  # noqa: E402
from tests.web.loopback import Client, Server, action_form  # noqa: E402

SEQ = re.compile(r'data-seq="(\d+)"')
COMPANIES = ("ann", "bob", "cy")


def record_before(question: str) -> tuple[dict, list[tuple[str, dict]]]:
    """A game record up to `question` ("starts" or "entries") and each phone's answer to it."""
    record = new_record("railway_rivals", test_map_inline(),
                        [{"id": c, "name": c.capitalize()} for c in COMPANIES])
    if question == "starts":
        towns = ("Aston", "Bury", "Hull")
        return record, [(c, {"type": "start_town", "company": c, "town": t})
                        for c, t in zip(COMPANIES, towns, strict=True)]
    table = Table().through_building().towns(43, 51).long_enough()
    record["actions"] = list(table.game.log)
    kinds = ("enter", "stay_out", "enter")
    return record, [(c, {"type": k, "company": c}) for c, k in zip(COMPANIES, kinds, strict=True)]


def seated(port: int, question: str) -> tuple[Client, str, dict[str, Client], list, int]:
    """A game imported up to `question`, a phone joined for each company: (banker, game id,
    phones by company, each phone's answer, the log's length)."""
    record, answers = record_before(question)
    banker = Client(port)
    game_id = banker.import_record(record)
    link = banker.join_link(game_id)
    phones = {}
    for company, _action in answers:
        phone = Client(port)
        assert phone.join(link, company).status == 303
        phones[company] = phone
    return banker, game_id, phones, answers, len(record["actions"])


def recorded_of(banker: Client, game_id: str, answers: list, before: int) -> int:
    """How many of `answers` the game's log holds after its first `before` actions."""
    log = json.loads(banker.get(f"/g/{game_id}/export.json").body)["actions"]
    return sum(1 for _c, a in answers if a in log[before:])


def one_question(port: int, question: str,
                 waits: list[float] | None = None) -> tuple[int, int, Counter]:
    """(answers sent, answers recorded, statuses) for one game's question asked of 3 phones;
    each phone's wait for its answer, in seconds, is added to `waits`."""
    banker, game_id, phones, answers, before = seated(port, question)
    seen = {c: int(SEQ.search(phones[c].get(f"/g/{game_id}/me").text).group(1))
            for c in phones}
    assert set(seen.values()) == {before}, seen
    gate = threading.Barrier(len(answers))
    statuses: Counter = Counter()
    lock = threading.Lock()

    def answer(company: str, action: dict) -> None:
        form = action_form(action, seen[company])
        gate.wait()
        began = time.perf_counter()
        status = phones[company].post(f"/g/{game_id}/act", form, htmx=True).status
        waited = time.perf_counter() - began
        with lock:
            statuses[status] += 1
            if waits is not None:
                waits.append(waited)

    threads = [threading.Thread(target=answer, args=a) for a in answers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    recorded = recorded_of(banker, game_id, answers, before)
    for client in (banker, *phones.values()):
        client.close()
    return len(answers), recorded, statuses


# Each page taps its button at the same moment (`at`, the clock's milliseconds, which the
# browser's pages share) and notes the time from its tap to the first frame after its own
# answer is in the page (htmx:afterSettle of its POST).
TAP_AT = """([at, words]) => {
  window.__shown = undefined;
  const button = [...document.querySelectorAll('.live button')]
    .find((b) => b.textContent.trim().startsWith(words));
  setTimeout(() => {
    const began = performance.now();
    document.body.addEventListener('htmx:afterSettle', function done(e) {
      if ((e.detail.requestConfig || {}).verb !== 'post') return;
      document.body.removeEventListener('htmx:afterSettle', done);
      const status = e.detail.xhr.status;
      requestAnimationFrame(() => { window.__shown = [performance.now() - began, status]; });
    });
    button.click();
  }, Math.max(0, at - Date.now()));
}"""
WORDS = {"start_town": "Start here", "enter": "Enter the race", "stay_out": "Stay out"}
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}


def shown_in_browsers(browser, port: int, question: str, shown: list[float]) -> tuple[int, int]:
    """(answers sent, answers recorded) for one game's question answered on three phones' pages
    in chromium at the same moment; each page's time from its tap to its own answer shown, in
    seconds, is added to `shown`."""
    banker, game_id, phones, answers, before = seated(port, question)
    pages = []
    for company, action in answers:
        context = browser.new_context(**PHONE)
        context.add_cookies([{"name": k, "value": v, "url": f"http://127.0.0.1:{port}"}
                             for k, v in phones[company].cookies.items()])
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{port}/g/{game_id}/me")
        if "town" in action:
            page.select_option(".live select[name='town']", action["town"])
        page.wait_for_function("() => !!(document.querySelector('.live form[data-act]') || "
                               "{})['htmx-internal-data']")
        pages.append((page, WORDS[action["type"]]))
    at = time.time() * 1000 + 500
    for page, words in pages:
        page.evaluate(TAP_AT, [at, words])
    for page, _words in pages:
        page.wait_for_function("() => window.__shown !== undefined", timeout=10_000)
        took, status = page.evaluate("() => window.__shown")
        assert status == 200, status
        shown.append(took / 1000)
        page.context.close()
    recorded = recorded_of(banker, game_id, answers, before)
    for client in (banker, *phones.values()):
        client.close()
    return len(answers), recorded


def in_browsers(port: int, rounds: int) -> tuple[str, bool]:
    """`rounds` rounds of both questions on chromium's pages: what each page showed, in words,
    and whether every answer was recorded."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        return "chromium is not installed: no browser figures.", True
    from playwright.sync_api import sync_playwright

    sent = recorded = 0
    shown: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium)
        try:
            for _ in range(rounds):
                for question in ("starts", "entries"):
                    n, ok = shown_in_browsers(browser, port, question, shown)
                    sent, recorded = sent + n, recorded + ok
        finally:
            browser.close()
    shown.sort()
    return (f"in chromium: {recorded} of {sent} same-moment answers recorded; each page's time "
            f"from its tap to its own answer shown: {shown[0] * 1000:.0f} / "
            f"{shown[len(shown) // 2] * 1000:.0f} / {shown[-1] * 1000:.0f} ms (min / median / "
            f"max of {len(shown)})"), recorded == sent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--browser", action="store_true",
                        help="also answer on three chromium pages at once, as many rounds")
    args = parser.parse_args(argv)
    sent = recorded = 0
    statuses: Counter = Counter()
    waits: list[float] = []
    with tempfile.TemporaryDirectory() as folder, Server(Path(folder) / "instance") as server:
        for _ in range(args.rounds):
            for question in ("starts", "entries"):
                n, ok, seen = one_question(server.port, question, waits)
                sent, recorded = sent + n, recorded + ok
                statuses.update(seen)
        seen_in_browsers, all_in = in_browsers(server.port, args.rounds) if args.browser \
            else ("", True)
    conflicts = statuses[409]
    errors = sum(v for k, v in statuses.items() if k >= 500)
    print(f"{recorded} of {sent} same-moment answers recorded; 409: {conflicts}; 5xx: {errors}; "
          f"statuses: {dict(sorted(statuses.items()))}")
    waits.sort()
    print(f"each phone's wait for its own answer: {waits[0] * 1000:.0f} / "
          f"{waits[len(waits) // 2] * 1000:.0f} / {waits[-1] * 1000:.0f} ms (min / median / "
          f"max of {len(waits)})")
    if seen_in_browsers:
        print(seen_in_browsers)
    return 0 if recorded == sent and not conflicts and not errors and all_in else 1


if __name__ == "__main__":
    sys.exit(main())
