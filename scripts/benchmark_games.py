"""Write a long legal game of GAME (tests/long_games.py) as a game record, for the benchmark.

    .venv/bin/python scripts/benchmark_games.py GAME LENGTH OUT.json [--seed N]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.engine.record import dump_record  # noqa: E402
from tests.long_games import GAMES, long_game  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("length", type=int)
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    args.out.write_text(dump_record(long_game(args.game, args.length, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
