"""Phones answering one question at the same moment, against a real `referee serve`.

    .venv/bin/python scripts/answer_at_once.py              # one round: 6 answers
    .venv/bin/python scripts/answer_at_once.py --rounds 20  # 20 rounds: 120 answers

A round is two Railway Rivals games on the test map with three phones each: in the first the
three name their start towns, in the second (played up to a race) they enter or stay out. In
each, the three phones read their page (the same seq), then post from three threads released
by one barrier. The server is a child process on 127.0.0.1 over a fresh temporary folder.
Printed: answers sent, recorded, and how many got 409 or a 5xx, and how long each phone
waited for its own answer (from the barrier's release to the whole answer read; min / median /
max); exits 1 unless every answer was recorded with neither. The wait is a figure to read, on
a quiet machine, never a pass or fail.
"""

from __future__ import annotations

import argparse
import json
import re
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


def one_question(port: int, question: str,
                 waits: list[float] | None = None) -> tuple[int, int, Counter]:
    """(answers sent, answers recorded, statuses) for one game's question asked of 3 phones;
    each phone's wait for its answer, in seconds, is added to `waits`."""
    record, answers = record_before(question)
    banker = Client(port)
    game_id = banker.import_record(record)
    link = banker.join_link(game_id)
    phones = {}
    for company, _action in answers:
        phone = Client(port)
        assert phone.join(link, company).status == 303
        phones[company] = phone
    seen = {c: int(SEQ.search(phones[c].get(f"/g/{game_id}/me").text).group(1))
            for c in phones}
    before = len(record["actions"])
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
    log = json.loads(banker.get(f"/g/{game_id}/export.json").body)["actions"]
    wanted = [a for _c, a in answers]
    got = log[before:]
    recorded = sum(1 for a in wanted if a in got)
    for client in (banker, *phones.values()):
        client.close()
    return len(answers), recorded, statuses


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1)
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
    conflicts = statuses[409]
    errors = sum(v for k, v in statuses.items() if k >= 500)
    print(f"{recorded} of {sent} same-moment answers recorded; 409: {conflicts}; 5xx: {errors}; "
          f"statuses: {dict(sorted(statuses.items()))}")
    waits.sort()
    print(f"each phone's wait for its own answer: {waits[0] * 1000:.0f} / "
          f"{waits[len(waits) // 2] * 1000:.0f} / {waits[-1] * 1000:.0f} ms (min / median / "
          f"max of {len(waits)})")
    return 0 if recorded == sent and not conflicts and not errors else 1


if __name__ == "__main__":
    sys.exit(main())
