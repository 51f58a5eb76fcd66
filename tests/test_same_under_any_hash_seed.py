"""A record replays to the same words and the same transfers, in the same order, in every
process: nothing the rules say or pay may follow the order of a set of strings, which Python
draws anew for each process (PYTHONHASHSEED). A table that restarts the laptop, or imports a
record on another, must read the same history."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from referee.engine.record import dump_record
from tests.long_games import GAMES, long_game
from tests.recorded import recorded_games

PROJECT = Path(__file__).parent.parent

TELL = """
import json, sys
from referee.engine.record import read_record
from referee.games import registry

out = {}
for path in sys.argv[1:]:
    replayer = registry.replay(read_record(path))
    out[path] = [[list(f.events), [repr(t) for t in f.transfers]] for f in replayer.frames]
print(json.dumps(out))
"""


def told(paths: list[str], seed: str) -> dict:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    answer = subprocess.run([sys.executable, "-c", TELL, *paths], env=env, cwd=PROJECT,
                            capture_output=True, text=True, timeout=300, check=True)
    return json.loads(answer.stdout)


def test_every_record_says_and_pays_the_same_in_any_process(tmp_path):
    paths = [str(p) for p in recorded_games()]
    for key in GAMES:  # long games too: establishments, races, rounds and undos aplenty
        path = tmp_path / f"{key}.json"
        path.write_text(dump_record(long_game(key, 400, seed=7)))
        paths.append(str(path))
    first, second = told(paths, "1"), told(paths, "4242")
    assert set(first) == set(paths)
    for path in paths:
        assert len(first[path]) > 1, path
        for position, (one, other) in enumerate(zip(first[path], second[path], strict=True)):
            assert one == other, (Path(path).name, position, one, other)
