"""Save benchmark: what keeping the game costs, on real files in a temporary directory.

    python bench/saves.py [--moves 300]

Plays random legal moves (and an undo when stuck) on deal 11 and times the app's save after
every move (``Keeper.sync``: the game record, JSON, a temporary file, flush, fsync, rename),
then times a start that restores that game (reading it and replaying every move through the
rules). Prints p50, p95 and max. Target: a save p95 under a frame (16 ms), a restore under 100 ms.
Never touches the real data directory.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.dealer import Dealer
from game.saves import Keeper
from game.settings import Settings
from game.storage import FileBackend, Storage
from rules import legal_moves
from rules.cli import whole_number
from rules.labels import LabelTable


def _figures(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(len(ordered) * 0.95))]
    return f"{name}: p50 {statistics.median(ordered):.2f} ms, p95 {p95:.2f} ms, max {ordered[-1]:.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--moves", type=whole_number, default=300)
    args = parser.parse_args()
    settings = Settings()
    with tempfile.TemporaryDirectory(prefix="piramide-bench-") as directory:
        keeper = Keeper(Storage(FileBackend(Path(directory))), settings)
        dealer = Dealer(LabelTable(), random.Random(1))
        play = dealer.deal(settings, 11)
        rng = random.Random(2)
        saves = []
        for _ in range(args.moves):
            moves = legal_moves(play.state)
            if moves:
                play.play(rng.choice(moves))
            else:
                play.undo()
            start = time.perf_counter()
            keeper.sync(play, settings)
            saves.append((time.perf_counter() - start) * 1000)
        restores = []
        for _ in range(20):
            start = time.perf_counter()
            again = Keeper(Storage(FileBackend(Path(directory))), settings).restore_game(dealer)
            restores.append((time.perf_counter() - start) * 1000)
            assert again is not None and again.state == play.state
    print(f"deal 11, {play.session.moves} moves and {play.session.undos} undos, one save after each")
    print(_figures("save after a move", saves))
    print(_figures(f"restore ({len(play.session.log)} moves replayed)", restores))


if __name__ == "__main__":
    main()
