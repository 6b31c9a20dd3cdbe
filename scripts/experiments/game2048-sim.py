"""For screening settings only: the 2048 example (rlanything-remote/python/examples/game2048.py) with the
Debian program replaced by the wrapper's own account of its rules (slide) and the usual tile rule (a 2
nine times in ten, else a 4, on an empty cell chosen at random), seeded by the task's seed. The same
tasks, features, solver and rewrites as the example, about 3 times faster (no pseudo-terminal, no
program to start); its figures are not the program's (its greedy solver wins 0.62 of 200 games to
256, the program's 0.59 of 64), so a setting screened here is measured on the program before it is
reported. Run: python3 scripts/experiments/game2048-sim.py [--port P] (as the example's command)."""

import os
import random
import sys

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "rlanything-remote",
                        "python", "examples")
sys.path.insert(0, EXAMPLES)
import game2048  # noqa: E402
from rlanything_env import serve  # noqa: E402  (game2048 put the SDK on the path)


class SimulatedGame:
    """game2048.Game's interface (board, move, close) without the program."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.board = [[0] * 4 for _ in range(4)]
        self.over = False
        self._place()
        self._place()

    def _place(self):
        empty = [(r, c) for r in range(4) for c in range(4) if not self.board[r][c]]
        if empty:
            r, c = self.rng.choice(empty)
            self.board[r][c] = 2 if self.rng.random() < 0.9 else 4

    def move(self, direction):
        self.board = game2048.slide(self.board, direction)[0]
        self._place()

    def close(self):
        pass


if __name__ == "__main__":
    game2048.Game = SimulatedGame
    serve(game2048.Game2048())
