"""Adversarial checks of a real `referee serve` on 127.0.0.1: what a seated banker can learn, a
database deleted under the server, and faults a table may meet. Prints the figures as Markdown.

    .venv/bin/python scripts/adversarial.py                    # every section (a few minutes)
    .venv/bin/python scripts/adversarial.py banker deleted     # some sections only

Sections:
- `banker`: a banker who holds a seat of a Rail Baron game tries every route to another seat's
  exact cash under $150,000: the record (export.json) and an import of an edited one, cash
  corrections of many sizes (halving), acting for another seat, and every page he may open.
- `deleted`: referee.db and its -wal and -shm are deleted during a burst of actions; every
  action acknowledged (303) is then looked for in the file, and a restart must say so.
- `wal`: only referee.db-wal is deleted while three devices post (three runs); a SIGKILL and a
  restart: the actions acknowledged before and after the deletion that are missing, and what
  the restart says.
- `faults`: a read-only database from the start (a private mount namespace, skipped without
  `unshare -m`), corrupt rows, slow-body POSTs, an import of 100,000 actions and the largest
  allowed upload (and one byte more) on every upload form: the count of 500 answers.

Each run uses fresh temporary instance folders and talks only to 127.0.0.1. Not a test: its
figures go into the report of the change that ran it.
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.engine import Replayer  # noqa: E402
from tests.web.long_game import long_game, rules_of  # noqa: E402
from tests.web.loopback import HOST, Client, Server, action_form  # noqa: E402

ANNOUNCE = 150_000
UPLOAD_LIMIT = 5 * 1024 * 1024  # the app's MAX_CONTENT_LENGTH


def figures(amount: int) -> list[str]:
    return [f"{amount:,}", str(amount)]


def contains_figure(text: str, amount: int) -> bool:
    return any(re.search(rf"(?<![\d,.]){re.escape(f)}(?![\d,])", text) for f in figures(amount))


# -- a banker who plays ---------------------------------------------------------------------


def banker_section(folder: Path) -> dict[str, object]:
    record, actions = long_game(60, seed=11)
    record = {**record, "settings": {**record["settings"], "banker": "p1"}}
    out: dict[str, object] = {}
    instance = folder / "banker"
    with Server(instance, threads=4) as server:
        banker = Client(server.port)
        game_id = banker.import_record({**record, "actions": actions})
        assert banker.join(banker.join_link(game_id), "p1").status == 303
        seq = len(actions)
        others = ["p2", "p3", "p4"]
        # odd balances nobody could guess: corrections the banker makes and knows, on top of
        # cash he does not know
        for i, pid in enumerate(others):
            action = {"type": "adjust_cash", "player": pid, "amount": 1_111 + 222 * i,
                      "reason": "recount"}
            assert banker.post(f"/g/{game_id}/act", action_form(action, seq, f"odd{i}",
                                                                 "banker")).status == 303
            seq += 1
        state = replay(record, instance, game_id)
        secret = {pid: state.cash(pid) for pid in others if state.cash(pid) < ANNOUNCE}
        out["other seats with secret cash"] = len(secret)

        routes = 0
        tries = 0
        # 1. the record, and an import of an edited record
        exported = banker.get(f"/g/{game_id}/export.json")
        tries += 1
        routes += exported.status == 200
        edited = exported.text.replace('"banker": "p1"', '"banker": ""')
        try:
            copy_id = banker.import_record(json.loads(edited))
            routes += any(contains_figure(banker.get(f"/g/{copy_id}/banker").text, c)
                          for c in secret.values())
        except (ValueError, AssertionError):
            pass  # the 403 page is no record: nothing to import
        tries += 1
        out["record: export answers"] = exported.status
        # 2. corrections of every size, each taken back
        answers: dict[str, set[tuple[int, str]]] = {}
        for pid in secret:
            for amount in (1_000, 2_500, 5_000, 10_000, 20_000, 40_000, 80_000, 120_000,
                           149_000):
                action = {"type": "adjust_cash", "player": pid, "amount": -amount,
                          "reason": "check"}
                answer = banker.post(f"/g/{game_id}/act",
                                     action_form(action, seq, None, "banker"), htmx=True)
                tries += 1
                words = re.sub(r"[\d,]+", "N", visible_text(answer.text))
                words = re.sub(r"/g/\w+/\S+", "", words)
                answers.setdefault(pid, set()).add((answer.status, words[:2000]))
                if answer.status in (200, 303):
                    seq += 1
                    undo = banker.post(f"/g/{game_id}/act",
                                       action_form({"type": "undo"}, seq, None, "banker"))
                    assert undo.status == 303, undo.status
                    seq += 1
        routes += sum(len(kinds) - 1 for kinds in answers.values())
        for pid, kinds in answers.items():  # an answer that differs: show how, as evidence
            texts = [text for _status, text in sorted(kinds)]
            for other in texts[1:]:
                out[f"answers that differ for {pid}"] = [
                    line for line in difflib.unified_diff(texts[0].split(". "),
                                                          other.split(". "), lineterm="")
                    if line[:1] in "+-" and line[:3] not in ("+++", "---")]
        out["corrections tried"] = 9 * len(secret)
        out["distinct answers per seat"] = sorted(len(kinds) for kinds in answers.values())
        # 3. acting for another seat: any answer but the same refusal could tell its cash
        refusals = set()
        for pid in secret:
            for action in ({"type": "buy", "player": pid, "railroad": "PRR"},
                           {"type": "bid", "player": pid, "amount": 60_000},
                           {"type": "upgrade", "player": pid, "engine": "express"},
                           {"type": "roll_region", "player": pid, "dice": [1, 1, 2]},
                           {"type": "declare", "player": pid}):
                answer = banker.post(f"/g/{game_id}/act",
                                     action_form(action, seq, None, "banker"))
                tries += 1
                refusals.add((answer.status, pid in answer.text))
                if answer.status == 303:
                    routes += 1
                    seq += 1
        out["acting for another seat: answers"] = sorted({s for s, _ in refusals})
        # 4. every page he may open
        pages = ["banker", "me", "table", "history", f"version?seq={seq}", "export.json"]
        for page in pages:
            text = banker.get(f"/g/{game_id}/{page}").text
            tries += 1
            routes += sum(contains_figure(text, cash) for cash in secret.values())
        out["routes tried"] = tries
        out["routes to another seat's exact cash under $150,000"] = routes
        banker.close()
    return out


def replay(record: dict, instance: Path, game_id: str):
    """The game's state as the server stores it, read from its database by this script."""
    with sqlite3.connect(instance / "referee.db") as conn:
        rows = conn.execute("select action from actions where game_id = ? order by seq",
                            [game_id]).fetchall()
    game = Replayer(rules_of(record))
    for (text,) in rows:
        game.submit(json.loads(text))
    return game.state


def visible_text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


# -- a database deleted under the server ------------------------------------------------------


def deleted_section(folder: Path) -> dict[str, object]:
    record, actions = long_game(400, seed=4)
    instance = folder / "deleted"
    out: dict[str, object] = {}
    with Server(instance, threads=4) as server:
        banker = Client(server.port)
        game_id = banker.import_record({**record, "actions": actions[:20]})
        acknowledged_after, refused, words = 0, 0, set()
        count = 20
        for attempt in range(200):
            if attempt == 80:
                for side in ("", "-wal", "-shm"):
                    Path(f"{instance / 'referee.db'}{side}").unlink(missing_ok=True)
            answer = banker.post(f"/g/{game_id}/act",
                                 action_form(actions[count], count, f"c{attempt}"))
            if attempt >= 80:
                if answer.status == 303:
                    acknowledged_after += 1
                    count += 1
                else:
                    refused += 1
                    words.add((answer.status, "game file has gone" in answer.text))
            elif answer.status == 303:
                count += 1
            else:
                raise AssertionError(f"action {count} refused before the deletion")
        out["actions acknowledged before the deletion"] = 80
        out["actions after the deletion: acknowledged (lost)"] = acknowledged_after
        out["actions after the deletion: refused"] = refused
        out["refusals"] = sorted(words)
        banker.close()
    again = subprocess.run([sys.executable, "-m", "referee.cli", "serve", "--host", HOST,
                            "--port", "0", "--instance", str(instance)],
                           capture_output=True, text=True, timeout=60)
    out["restart exit code"] = again.returncode
    out["restart says"] = again.stderr.strip()[:160]
    return out


def wal_section(folder: Path, runs: int = 3) -> dict[str, object]:
    """Only referee.db-wal deleted while three devices post; SIGKILL; restart."""
    record, actions = long_game(300, seed=8)
    out: dict[str, object] = {}
    for run in range(runs):
        for key, value in wal_run(folder / f"wal-{run}", record, actions).items():
            out[f"run {run + 1}: {key}"] = value
    return out


def wal_run(instance: Path, record: dict, actions: list[dict]) -> dict[str, object]:
    acked: dict[int, bool] = {}  # seq -> acknowledged after the deletion
    statuses: dict[int, int] = {}
    deleted, lock = threading.Event(), threading.Lock()
    server = Server(instance, threads=4).start()
    banker = Client(server.port)
    game_id = banker.import_record({**record, "actions": actions[:20]})
    devices = [banker]
    for _ in range(2):
        device = Client(server.port)
        device.cookies, device.token = dict(banker.cookies), banker.token
        devices.append(device)

    def post(device: Client, name: str) -> None:
        seq = 20
        for attempt in range(80):
            try:
                version = device.get(f"/g/{game_id}/version")  # a 503 page once deleted, maybe
                seq = int(version.text) if version.status == 200 else seq
                after = deleted.is_set()
                answer = device.post(f"/g/{game_id}/act",
                                     action_form(actions[seq], seq, f"{name}{attempt}"))
            except OSError:
                return
            with lock:
                statuses[answer.status] = statuses.get(answer.status, 0) + 1
                if answer.status == 303:
                    acked[seq] = after
                if len(acked) >= 60 and not deleted.is_set():
                    Path(f"{instance / 'referee.db'}-wal").unlink()
                    deleted.set()

    threads = [threading.Thread(target=post, args=(d, f"d{i}-")) for i, d in enumerate(devices)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    server.kill()
    server.stop()
    for device in devices:
        device.close()
    with Server(instance) as again:
        reader = Client(again.port)
        reader.cookies = dict(banker.cookies)
        stored = json.loads(reader.get(f"/g/{game_id}/export.json").body)["actions"]
        reader.close()
    said = (instance.parent / f"server-{again.port}.log").read_text()
    missing = [seq for seq in acked if seq >= len(stored) or stored[seq] != actions[seq]]
    return {
        "answers": dict(sorted(statuses.items())),
        "acknowledged before / after the deletion": (sum(not a for a in acked.values()),
                                                     sum(acked.values())),
        "missing at restart, acknowledged before / after": (
            sum(not acked[s] for s in missing), sum(acked[s] for s in missing)),
        "restart says lost": [line for line in said.splitlines() if "actions were lost" in line],
    }


# -- faults ------------------------------------------------------------------------------------


def private_mounts() -> bool:
    if shutil.which("unshare") is None:
        return False
    return subprocess.run(["unshare", "-m", "true"], capture_output=True).returncode == 0


def multipart(fields: dict[str, str], files: list[tuple[str, str, bytes]]) -> bytes:
    parts = [f'--xx\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
             for k, v in fields.items()]
    parts += [f'--xx\r\nContent-Disposition: form-data; name="{field}"; filename="{name}"\r\n'
              "Content-Type: application/octet-stream\r\n\r\n".encode() + data + b"\r\n"
              for field, name, data in files]
    return b"".join(parts) + b"--xx--\r\n"


def sized(fields: dict[str, str], field: str, name: str, size: int) -> bytes:
    """A multipart body of exactly `size` bytes: one file of spaces fills what is left."""
    empty = multipart(fields, [(field, name, b"")])
    return multipart(fields, [(field, name, b" " * (size - len(empty)))])


def faults_section(folder: Path) -> dict[str, object]:
    out: dict[str, object] = {}
    record, actions = long_game(60, seed=7)
    instance = folder / "faults"
    with Server(instance, threads=4) as server:
        banker = Client(server.port, timeout=60)
        token = re.search(r'name="csrf_token" value="([^"]+)"', banker.get("/").text)[1]
        banker.token = token
        statuses: list[tuple[str, int]] = []
        # the largest allowed upload (the limit less a byte: at the limit itself werkzeug
        # answers 413 behind waitress), the limit, and one byte more, on every upload form
        forms = [("/import", "record", "big.json"), ("/railbaron/maps", "files", "big.csv"),
                 ("/boards/prairie_railroads", "files", "big.csv"),
                 ("/boards/railroad_barons", "files", "big.csv"),
                 ("/boards/railway_rivals", "files", "big.csv"),
                 ("/railroad_barons/boxes", "holdings_file", "big.csv")]
        for path, field, name in forms:
            for size in (UPLOAD_LIMIT - 1, UPLOAD_LIMIT, UPLOAD_LIMIT + 1):
                body = sized({"csrf_token": token, "key": "big"}, field, name, size)
                answer = banker.request("POST", path, body=body,
                                        content_type="multipart/form-data; boundary=xx")
                statuses.append((f"{path} {size:,} bytes", answer.status))
                banker.close()
        entry = {"csrf_token": token, "key": "big", "name": "Big",
                 "towns": "A, 1, no\n" * 300}
        statuses.append(("/railway_rivals/maps/entry 300 lines",
                         banker.post("/railway_rivals/maps/entry", entry).status))
        # 100,000 actions
        try:
            banker.import_record({**record, "actions": [{"type": "undo"}] * 100_000})
            statuses.append(("import of 100,000 actions", 303))
        except AssertionError as err:
            statuses.append(("import of 100,000 actions",
                             int(re.search(r"\((\d{3})\)", str(err))[1])))
        out["uploads: answers"] = statuses
        # slow-body POSTs: bodies trickled in, and bodies left unfinished, while a phone plays
        game_id = banker.import_record({**record, "actions": actions[:20]})
        other = Client(server.port)  # a banker cookie is the game's: one client per game
        other_id = other.import_record({**record, "actions": actions[:20]})
        out["slow bodies: answers"] = slow_posts(server.port, game_id, other_id, banker,
                                                 other, actions)
        bankers = {what: Client(server.port) for what in ("actions", "players", "settings")}
        victims = {what: person.import_record({**record, "actions": actions[:10]})
                   for what, person in bankers.items()}
        for person in (banker, other, *bankers.values()):
            person.close()
    # corrupt rows: bad JSON in actions, players, settings of three games of their own, met
    # by a server started afresh (nothing of them kept in memory)
    with sqlite3.connect(instance / "referee.db") as conn:
        conn.execute("update actions set action = '{\"type\": ' where game_id = ? and seq = 3",
                     [victims["actions"]])
        conn.execute("update games set players = '[{\"id\": ' where id = ?",
                     [victims["players"]])
        conn.execute("update games set settings = 'nope' where id = ?", [victims["settings"]])
    first_log = (instance.parent / f"server-{server.port}.log").read_text(errors="replace")
    with Server(instance, threads=4) as server:
        damaged = {}
        for what, victim in victims.items():
            person = bankers[what]
            person.port = server.port
            answers = [person.get(f"/g/{victim}/{p}").status
                       for p in ("banker", "table", "history", "export.json")]
            answers.append(person.post(f"/g/{victim}/act",
                                       action_form(actions[10], 10, None, "banker")).status)
            answers.append(person.get("/").status)
            damaged[what] = answers
            person.close()
        out["corrupt rows: answers (banker, table, history, export, act, lobby)"] = damaged
    log = first_log + (instance.parent / f"server-{server.port}.log").read_text(errors="replace")
    out["'Exception on' lines (500) in the server logs"] = log.count("Exception on ")
    out["read-only database from the start"] = read_only(folder, record, actions)
    return out


def slow_posts(port: int, game_id: str, other_id: str, banker: Client, other: Client,
               actions: list[dict]) -> list:
    """Six sockets send an action's body a few bytes at a time (two stop half-way) while the
    banker plays on in another game: the answers of each."""
    form = action_form(actions[20], 20, "slow", "banker")
    body = "&".join(f"{k}={v}" for k, v in (form | {"csrf_token": banker.token}).items())
    data = body.replace('"', "%22").replace(" ", "+").encode()
    cookie = "; ".join(f"{k}={v}" for k, v in banker.cookies.items())
    results: list[str] = []

    def trickle(finish: bool) -> None:
        with socket.create_connection((HOST, port), timeout=30) as s:
            head = (f"POST /g/{game_id}/act HTTP/1.1\r\nHost: {HOST}\r\n"
                    f"Content-Type: application/x-www-form-urlencoded\r\n"
                    f"Content-Length: {len(data)}\r\nCookie: {cookie}\r\n"
                    f"X-CSRF-Token: {banker.token}\r\nConnection: close\r\n\r\n")
            s.sendall(head.encode())
            part = data if finish else data[: len(data) // 2]
            for i in range(0, len(part), 7):
                s.sendall(part[i:i + 7])
                threading.Event().wait(0.05)
            if not finish:
                results.append("left unfinished")
                return
            answer = s.recv(200).decode(errors="replace").split("\r\n")[0]
            results.append(answer)

    threads = [threading.Thread(target=trickle, args=(i < 4,)) for i in range(6)]
    for t in threads:
        t.start()
    played = []
    for seq in range(20, 40):  # the banker plays on in another game meanwhile
        played.append(other.post(f"/g/{other_id}/act",
                                  action_form(actions[seq], seq, None, "banker")).status)
    for t in threads:
        t.join()
    return sorted(set(results)) + [f"banker meanwhile: {sorted(set(played))}"]


def read_only(folder: Path, record: dict, actions: list[dict]) -> object:
    if not private_mounts():
        return "skipped: needs unshare -m (a private mount namespace)"
    instance = folder / "read-only"
    with Server(instance, threads=2) as server:
        banker = Client(server.port)
        game_id = banker.import_record({**record, "actions": actions[:20]})
        cookies, token = dict(banker.cookies), banker.token
        banker.close()
    database = instance / "referee.db"
    before = database.read_bytes()
    prefix = ["unshare", "-m", "sh", "-c",
              'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"',
              str(database)]
    with Server(instance, threads=2, prefix=prefix) as server:
        banker = Client(server.port)
        banker.cookies, banker.token = cookies, token
        answers = [banker.get(f"/g/{game_id}/banker").status,
                   banker.post(f"/g/{game_id}/act",
                               action_form(actions[20], 20, "ro", "banker")).status,
                   banker.post("/new", {"game": "railbaron", "map": "us", "banker": "",
                                        "name_1": "Ann", "colour_1": "#d62828", "seat_1": "1",
                                        "name_2": "Bob", "colour_2": "#1d4ed8",
                                        "seat_2": "2"}).status]
        try:
            banker.import_record({**record, "actions": actions[:5]})
            answers.append(303)
        except AssertionError as err:
            answers.append(int(re.search(r"\((\d{3})\)", str(err))[1]))
        banker.close()
    return {"answers (page, act, new, import)": answers,
            "file unchanged": database.read_bytes() == before}


SECTIONS = {"banker": banker_section, "deleted": deleted_section, "wal": wal_section,
            "faults": faults_section}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sections", nargs="*", help=", ".join(SECTIONS))
    chosen = parser.parse_args().sections or list(SECTIONS)
    if unknown := [s for s in chosen if s not in SECTIONS]:
        parser.error(f"no section {', '.join(unknown)}: choose among {', '.join(SECTIONS)}")
    with tempfile.TemporaryDirectory(prefix="referee-adversarial-") as tmp:
        for name in chosen:
            print(f"## {name}\n", flush=True)
            for key, value in SECTIONS[name](Path(tmp)).items():
                print(f"- {key}: {value}")
            print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
