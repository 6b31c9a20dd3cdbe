"""2048 as an RLAnything environment: the Debian package's text-mode game (/usr/games/2048, by Maurits
van der Schee), driven through a pseudo-terminal. Nobody on this project wrote its rules: the program
slides, merges and places the new tiles; this file only presses its keys and reads its screen.

A task is a game seed and a target tile: "reach a 256 tile". The program seeds its tile placement with
the clock (srand(time(NULL))), so every episode runs under libfaketime (Debian's faketime package) at a
fake start time, the task's seed in seconds after 2001-01-01: the same seed gives the same game, and the
same moves the same episode (what exact resume needs). The fake clock runs 100 times faster, which
shortens the program's 150 ms animation pause after each move to 1.5 ms; so that a process slowed
before it reads the clock cannot start another game, its first board is checked against the one the
program shows with the clock stopped at that time (and the program started again where they differ).

  observation: the goal, the move count and the board, one row a line ("." for an empty cell)
  actions:     the directions that move a tile now, of "up", "down", "left", "right"
  won:         a tile of the target value is on the board; the episode also ends when no move is left
  demonstrate: a greedy solver (most empty cells after the move, then the merged value); it reaches 256
               in about 6 games of 10 in a simulation of these rules, far from every game
  features:    for each direction, the board it leaves (before the new tile): empty cells, merged value,
               merges, whether the largest tile sits in a corner, monotonic rows and columns, adjacent
               equal tiles, and the direction itself (for the linear policy and judge)
  rewrite:     harder doubles the target, easier halves it (between 32 and 2048)

Needs Debian's packages 2048 and faketime. Run: python3 game2048.py [--port P]
"""

import os
import pty
import re
import select
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from rlanything_env import Environment, Step, serve  # noqa: E402

GAME = os.environ.get("RLANYTHING_2048", "/usr/games/2048")
FAKETIME_LIBRARY = os.environ.get(
    "RLANYTHING_FAKETIME", "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1")
EPOCH = 978307200  # 2001-01-01 00:00:00 UTC
KEYS = {"up": "w", "down": "s", "left": "a", "right": "d"}
DIRECTIONS = ["up", "down", "left", "right"]
ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")
FOOTER = "or q".encode()
TIMEOUT_S = 5.0


def slide(board, direction):
    """The board after sliding (before the new tile), the merged value and the number of merges.

    The wrapper's own account of the rule, used only to list the moves that change the board, for
    the solver and the features; every step checks it against what the program shows."""
    size = 4
    out = [[0] * size for _ in range(size)]
    gained, merges = 0, 0
    for k in range(size):
        if direction == "left":
            cells = [(k, j) for j in range(size)]
        elif direction == "right":
            cells = [(k, size - 1 - j) for j in range(size)]
        elif direction == "up":
            cells = [(j, k) for j in range(size)]
        else:
            cells = [((size - 1 - j), k) for j in range(size)]
        tiles = [board[r][c] for r, c in cells if board[r][c]]
        merged, i = [], 0
        while i < len(tiles):
            if i + 1 < len(tiles) and tiles[i] == tiles[i + 1]:
                merged.append(2 * tiles[i])
                gained += 2 * tiles[i]
                merges += 1
                i += 2
            else:
                merged.append(tiles[i])
                i += 1
        for (r, c), v in zip(cells, merged + [0] * (size - len(merged))):
            out[r][c] = v
    return out, gained, merges


def legal(board):
    return [d for d in DIRECTIONS if slide(board, d)[0] != board]


def greedy(board):
    """The solver: the legal move leaving the most empty cells, then the largest merged value."""
    best, choice = None, None
    for d in legal(board):
        after, gained, _ = slide(board, d)
        score = 10 * sum(v == 0 for row in after for v in row) + gained
        if best is None or score > best:
            best, choice = score, d
    return choice


def render(board, goal, moves):
    rows = "\n".join(" ".join(str(v) if v else "." for v in row) for row in board)
    return "Goal: reach a %d tile. Moves so far: %d. Largest tile: %d.\nBoard:\n%s" % (
        goal, moves, max(max(r) for r in board), rows)


def parse_board(text):
    """The board of an observation (render's format)."""
    lines = text.split("Board:\n", 1)[1].splitlines()[:4]
    return [[0 if t == "." else int(t) for t in line.split()] for line in lines]


def parse_goal(text):
    return int(re.search(r"reach a (\d+) tile", text).group(1))


FIRST_BOARDS = {}


class Game:
    """One running program: its process, its terminal and the board it shows."""

    def __init__(self, seed):
        start = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(EPOCH + seed))
        if seed not in FIRST_BOARDS:
            self._spawn(start)  # clock stopped: exactly this second
            FIRST_BOARDS[seed] = self.board
            self.close()
        for _ in range(10):
            self._spawn("@%s x100" % start)
            if self.board == FIRST_BOARDS[seed]:
                return
            self.close()
        raise RuntimeError("2048 did not start game %d in 10 tries" % seed)

    def _spawn(self, faketime):
        master, slave = pty.openpty()
        env = dict(os.environ, TZ="UTC", TERM="xterm", LD_PRELOAD=FAKETIME_LIBRARY,
                   FAKETIME=faketime)
        self.process = subprocess.Popen([GAME, "blackwhite"], stdin=slave, stdout=slave,
                                        stderr=slave, env=env, start_new_session=True,
                                        close_fds=True)
        os.close(slave)
        self.master = master
        self.over = False
        self.board = self._frames(1)[-1]

    def _read(self, frames):
        data, deadline = b"", time.time() + TIMEOUT_S
        while time.time() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if not ready:
                if self.process.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
            if b"GAME OVER" in data or data.count(FOOTER) >= frames:
                break
        else:
            raise RuntimeError("2048 drew %d of %d frames within %.0f s" %
                               (data.count(FOOTER), frames, TIMEOUT_S))
        return data

    def _frames(self, count):
        text = ANSI.sub(b"", self._read(count)).decode("utf-8", "replace")
        if "GAME OVER" in text:
            self.over = True
        boards = []
        for frame in text.split("2048.c")[1:]:
            rows = [line.split() for line in frame.splitlines()
                    if "pts" not in line and ("\u00b7" in line or re.search(r"\d", line))]
            rows = [r for r in rows if len(r) == 4][:4]
            if len(rows) == 4:
                boards.append([[0 if t == "\u00b7" else int(t) for t in r] for r in rows])
        if not boards:
            raise RuntimeError("2048 showed no board: %r" % text[-300:])
        return boards

    def move(self, direction):
        expected, _, _ = slide(self.board, direction)
        os.write(self.master, KEYS[direction].encode())
        boards = self._frames(2)
        if boards[0] != expected:
            raise RuntimeError("the program slid %s to %s, the wrapper expected %s"
                               % (direction, boards[0], expected))
        self.board = boards[-1]

    def close(self):
        # only while the program is not yet reaped: once it is, its pid (and process group id) may
        # be another process's (pid_max is 32768 on many machines, and every game is a process)
        if self.process.returncode is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except OSError:
                pass
        self.process.wait()
        os.close(self.master)
        # libfaketime removes its shared memory and semaphore only at a normal exit: a killed game
        # leaves them, until a later game with the same pid fails to start ("shm_open failed")
        for leftover in ("/dev/shm/faketime_shm_%d" % self.process.pid,
                         "/dev/shm/sem.faketime_sem_%d" % self.process.pid):
            try:
                os.unlink(leftover)
            except OSError:
                pass


class State:
    def __init__(self, task):
        self.goal = task["target"]
        self.game = Game(task["seed"])
        self.moves = 0

    def done(self):
        return self.won() or not legal(self.game.board)

    def won(self):
        return max(max(r) for r in self.game.board) >= self.goal


FEATURES = ["empty", "merged", "merges", "corner", "monotonic", "pairs", "up", "down", "left",
            "right"]


def features_after(board, direction):
    after, gained, merges = slide(board, direction)
    largest = max(max(r) for r in after)
    corners = (after[0][0], after[0][3], after[3][0], after[3][3])
    monotonic = 0
    for line in after + [list(c) for c in zip(*after)]:
        values = [v for v in line if v]
        if values == sorted(values) or values == sorted(values, reverse=True):
            monotonic += 1
    pairs = sum(1 for r in range(4) for c in range(3) if after[r][c] and after[r][c] == after[r][c + 1])
    pairs += sum(1 for r in range(3) for c in range(4) if after[r][c] and after[r][c] == after[r + 1][c])
    return [sum(v == 0 for row in after for v in row) / 16.0, gained / 64.0, merges / 4.0,
            1.0 if largest in corners else 0.0, monotonic / 8.0, pairs / 8.0] + [
        1.0 if direction == d else 0.0 for d in DIRECTIONS]


class Game2048(Environment):
    name = "game2048"
    description = "the sliding-tile game 2048, where equal tiles merge when pushed together"
    action_format = "one direction: up, down, left or right"
    example = "left"
    feature_names = FEATURES

    def tasks(self, split, count, rng):
        base = 0 if split == "train" else 1_000_000  # held-out games never share a seed
        target = int(os.environ.get("RLANYTHING_2048_TARGET", "256"))
        return [{"id": "%s-%d-%d" % (split, base + i, target), "seed": base + i, "target": target,
                 "description": "game %d: reach a %d tile" % (base + i, target)}
                for i in range(count)]

    def reset(self, task, rng):
        return State(task)

    def observe(self, state):
        return render(state.game.board, state.goal, state.moves)

    def actions(self, state):
        return [] if state.done() else legal(state.game.board)

    def step(self, state, command):
        command = command.strip().lower()
        if command not in legal(state.game.board):
            return Step(done=False)  # a move that changes nothing: the board stays
        state.game.move(command)
        state.moves += 1
        done = state.done()
        if done:
            state.game.close()
        return Step(done=done, won=state.won())

    def demonstrate(self, state):
        return greedy(state.game.board)

    def features(self, task, observation, actions):
        board = parse_board(observation)
        return [features_after(board, a) for a in actions]

    def verify(self, task):
        target = task.get("target")
        if not isinstance(target, int) or target < 8 or target & (target - 1):
            return False, "the target must be a power of two of at least 8"
        return True, "ok"

    def rewrite(self, task, goal, rng, original=None, feedback=""):
        target = task["target"] * 2 if goal == "harder" else task["target"] // 2
        if target < 32 or target > 2048:
            return None
        return dict(task, id="%s-r%d" % (task["id"].rsplit("-r", 1)[0], target), target=target,
                    description="game %d: reach a %d tile" % (task["seed"], target))


if __name__ == "__main__":
    serve(Game2048())
