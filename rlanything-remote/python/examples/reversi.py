"""Reversi as an RLAnything environment: the Debian package nbsdgames's curses game /usr/games/nbreversi
(by abakh) against its own computer player, driven through a pseudo-terminal whose screen the pyte
terminal emulator (Debian's python3-pyte) reads. Nobody on this project wrote the program: it keeps the
board, turns the discs over, chooses and plays its own moves and decides the end; this file presses its
keys (hjkl move the cursor, the cell drawn in reverse video; RETURN places a disc, and does nothing on a
cell where no disc may go) and reads its screen.

The program plays X and moves first; the agent plays O. Its computer player searches `power` plies
deep (its -p option) and draws nothing random (no srandom, no clock; it never sleeps either): the same
moves always get the same answers, so a task's seed decides the whole game (exact resume, checked by
replaying 64 games). For variety, reset first plays `opening` moves for O drawn from the task's seed
(the program answers them); then the agent plays.

  observation: the disc counts, whose turn it is, the moves since the agent's last one and the board
               (columns a-h, rows 1-8, "." empty)
  actions:     the cells where O may place a disc now, such as "d3": the wrapper's own account of the
               rules, checked against every board the program shows (a disagreement raises)
  won:         O has more discs than X when neither side can move, as the program says ("'O' won."),
               or X is doomed (see doomed(): the program's player then breaks the rules)
  demonstrate: a greedy player (most discs turned, corners worth more, cells beside an empty corner
               less). On the first 64 held-out tasks (3 opening moves) it won 0.64 of the games against
               power 1, 0.42 against power 2 (the default) and 0.28 against power 3; a uniform random
               choice 0.08, 0.02 and 0.00; a linear policy over the features below with hand-set
               weights (fewer moves left to X, corners, no X- or C-squares, few frontier discs) 0.64,
               0.61 and 0.55. A game took 0.2-0.4 s on two shared, loaded cores
  features:    for each move, the board it leaves: discs turned, corner, edge, X- and C-squares beside
               an empty corner, both sides' mobility, corners X may take next, disc difference (within
               one state an affine function of the discs turned: it tells the judge, which compares
               states, how the game stands), frontier discs (for the linear policy and judge)
  rewrite:     harder raises the program's power by one, easier lowers it (between 1 and 4; power 5
               took 19 s a game)

Needs Debian's packages nbsdgames and python3-pyte (importable by Debian's /usr/bin/python3).
Run: /usr/bin/python3 reversi.py [--port P]
"""

import collections
import os
import random
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from rlanything_env import Environment, Step, serve  # noqa: E402
from terminal import Terminal  # noqa: E402

GAME = os.environ.get("RLANYTHING_NBREVERSI", "/usr/games/nbreversi")
POWER = int(os.environ.get("RLANYTHING_REVERSI_POWER", "2"))
OPENING = int(os.environ.get("RLANYTHING_REVERSI_OPENING", "3"))
MIN_POWER, MAX_POWER = 1, 4
AGENT, PROGRAM, EMPTY = "O", "X", "."
COLUMNS = "abcdefgh"
BOARD_TOP, BOARD_LEFT = 4, 1  # screen row of the board's first row, column of its first cell
ROWS, COLS = 24, 80
# how long the program may take to answer one move (a whole game at power 4 takes about 2 s)
TIMEOUT_S = float(os.environ.get("RLANYTHING_REVERSI_TIMEOUT_S", "10"))
ECHO_S = 0.5  # for the cursor to move after a key (a key sent while the program flushes is lost)
DIRECTIONS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
CORNERS = [(0, 0), (0, 7), (7, 0), (7, 7)]


def start_board():
    board = [[EMPTY] * 8 for _ in range(8)]
    board[3][3] = board[4][4] = AGENT
    board[3][4] = board[4][3] = PROGRAM
    return board


def other(player):
    return PROGRAM if player == AGENT else AGENT


def flips(board, r, c, player):
    """The discs that `player` placing at (r, c) turns over (empty: not a legal move)."""
    if board[r][c] != EMPTY:
        return []
    turned = []
    for dr, dc in DIRECTIONS:
        line, y, x = [], r + dr, c + dc
        while 0 <= y < 8 and 0 <= x < 8 and board[y][x] == other(player):
            line.append((y, x))
            y, x = y + dr, x + dc
        if line and 0 <= y < 8 and 0 <= x < 8 and board[y][x] == player:
            turned += line
    return turned


def legal(board, player):
    """The cells (r, c) where `player` may place a disc, in reading order."""
    return [(r, c) for r in range(8) for c in range(8) if flips(board, r, c, player)]


def play(board, r, c, player):
    """The board after `player` places at (r, c) (a new board; the move must be legal)."""
    turned = flips(board, r, c, player)
    if not turned:
        raise ValueError("%s may not play %s" % (player, name(r, c)))
    after = [row[:] for row in board]
    after[r][c] = player
    for y, x in turned:
        after[y][x] = player
    return after


def count(board, player):
    return sum(row.count(player) for row in board)


def name(r, c):
    return "%s%d" % (COLUMNS[c], r + 1)


def cell(command):
    command = command.strip().lower()
    if len(command) != 2 or command[0] not in COLUMNS or command[1] not in "12345678":
        return None
    return int(command[1]) - 1, COLUMNS.index(command[0])


def greedy(board):
    """The demonstrator: the move turning over the most discs, a corner counting 6 more and a cell
    beside an empty corner 6 (diagonally) or 3 (along the edge) less; the first in reading order on a
    tie. Deliberately simple: it never looks at what the move leaves the program (mobility, corners it
    opens up), which the features describe."""
    best, choice = None, None
    for r, c in legal(board, AGENT):
        beside = adjacent_empty_corner(r, c, board)
        score = (len(flips(board, r, c, AGENT)) + (6 if (r, c) in CORNERS else 0)
                 - (6 if beside == "x" else 3 if beside == "c" else 0))
        if best is None or score > best:
            best, choice = score, (r, c)
    return None if choice is None else name(*choice)


def doomed(board):
    """Whether X is to lose all its discs whatever it plays: every legal move of X lets O turn over
    all of X's discs at once. The program's player then finds no move it likes better than nothing
    (each scores 0 in its search) and plays coordinates it never set: once, at power 1, it placed X
    off the board and turned a diagonal over. So the game is decided there, won by O."""
    for r, c in legal(board, PROGRAM):
        after = play(board, r, c, PROGRAM)
        if not any(count(play(after, y, x, AGENT), PROGRAM) == 0 for y, x in legal(after, AGENT)):
            return False
    return True


class Rest(collections.namedtuple("Rest", "path waits handshake decided")):
    """A board the program may show: X's moves to it, whether the program then waits for O (or has
    ended), whether it passed for X last (see Game.move) and whether the game is decided there for
    O (see doomed)."""


class Game:
    """One running program: its process, its terminal, the screen pyte keeps and the board it shows."""

    def __init__(self, power):
        # TERM=vt102: ncurses then draws with what pyte emulates; for xterm it scrolls part of the
        # screen (CSI S) and repeats characters (CSI b), which pyte 0.8 ignores, so rows it moves by
        # scrolling would read stale.
        self.terminal = Terminal(
            "nbreversi", [GAME, "-n", "-1", "h", "-2", "c", "-p", str(power)],
            dict(os.environ, TERM="vt102"), ROWS, COLS)
        self.screen = self.terminal.screen
        self.board = start_board()
        self.moves = []  # every move of the game as (player, cell name)
        self.ended = False
        self.decided = False  # ended where the program was doomed (O wins)
        self.handshake = False
        self._follow(self.board, "the program made its first move")

    def shown(self):
        """The board on the screen (None while a row is being redrawn with something else)."""
        board = []
        for r in range(8):
            line = self.screen.buffer[BOARD_TOP + r]
            row = [line[BOARD_LEFT + 2 * c].data for c in range(8)]
            if any(v not in (AGENT, PROGRAM, EMPTY) for v in row):
                return None
            board.append(row)
        return board

    def cursor(self):
        return self.terminal.marked(BOARD_TOP, BOARD_LEFT)

    def counts(self):
        """The disc counts the program's header shows, (O, X) ("|_) 12:34"), or None."""
        match = re.match(r"\|_\)\s*(\d+):\s*(\d+)", self.screen.display[1])
        return (int(match.group(1)), int(match.group(2))) if match else None

    def status(self):
        return self.screen.display[BOARD_TOP + 9].strip()

    def _wait(self, done, what, timeout=TIMEOUT_S):
        """Reads the program's output into the screen until done() holds; False after `timeout`."""
        return self.terminal.wait(done, what, timeout)

    def dump(self):
        return self.terminal.dump()

    def _resting(self, board, mover, handshake, path, found):
        """Every board the program may show from `board` with `mover` to play, by X's legal moves
        alone, into found: board -> Rest. The screen may skip any of them (one read can bring
        several redraws); the program's moves are checked by being among them."""
        o_moves, x_moves = legal(board, AGENT), legal(board, PROGRAM)
        if not o_moves and not x_moves:
            found[key(board)] = Rest(path, True, False, False)
        elif mover == AGENT and o_moves:
            found[key(board)] = Rest(path, True, handshake, False)
        elif mover == AGENT:
            self._resting(board, PROGRAM, False, path, found)  # O has no move: X plays again
        elif not x_moves:
            self._resting(board, AGENT, True, path, found)  # X has no move: O plays again
        elif doomed(board):
            found[key(board)] = Rest(path, True, False, True)
        else:
            found[key(board)] = Rest(path, False, False, False)
            for r, c in x_moves:
                self._resting(play(board, r, c, PROGRAM), AGENT, False, path + [(r, c)], found)

    def _follow(self, board, what):
        """Reads the screen until it shows a board the program rests at (O to move, or the end)
        reached from `board` (X to move after O's move, or the start); records X's moves."""
        found = {}
        self._resting(board, PROGRAM, False, [], found)
        seen = [found[key(board)]]

        def resting():
            shown = self.shown()
            rest = found.get(key(shown)) if shown is not None else None
            seen[:] = [rest] if rest else []
            counted = (count(shown, AGENT), count(shown, PROGRAM)) if rest else None
            return bool(rest and rest.waits and self.counts() == counted)

        # a doomed program is not read: its next board breaks the rules (see doomed)
        if not seen[0].decided and not self._wait(resting, what):
            raise RuntimeError("nbreversi did not show a board that legal moves of X reach from\n%s\n"
                               "within %.0f s (%s); its screen:\n%s"
                               % (render_rows(board), TIMEOUT_S, what, self.dump()))
        rest = seen[0]
        self.handshake = rest.handshake
        for r, c in rest.path:
            board = play(board, r, c, PROGRAM)
            self.moves.append((PROGRAM, name(r, c)))
        self.board = board
        if rest.decided:
            self.ended = self.decided = True
            self.close()
        elif not legal(board, AGENT) and not legal(board, PROGRAM):
            self._end()

    def _end(self):
        o, x = count(self.board, AGENT), count(self.board, PROGRAM)
        expected = "Draw" if o == x else "'%s' won." % (AGENT if o > x else PROGRAM)
        if not self._wait(lambda: expected in self.status(), "the game ended"):
            raise RuntimeError("nbreversi did not say %r at the end of the game (O %d, X %d); its "
                               "screen:\n%s" % (expected, o, x, self.dump()))
        self.ended = True
        self.close()

    def _key(self, keys):
        self.terminal.key(keys)

    def move(self, r, c):
        """Places O at (r, c) (a legal move): walks the cursor there, presses RETURN, and follows the
        program's answers."""
        expected = play(self.board, r, c, AGENT)
        if not self._wait(lambda: self.cursor() is not None, "looking for the cursor"):
            raise RuntimeError("nbreversi shows no cursor; its screen:\n%s" % self.dump())
        if self.handshake:
            # the program passed for X after O's last move: it flushes the keyboard before reading
            # again, with nothing on the screen to say when; a key is sent again until the cursor moves
            start = self.cursor()
            nudge = "l" if start[1] < 7 else "h"
            for _ in range(int(TIMEOUT_S / ECHO_S)):
                self._key(nudge)
                if self._wait(lambda: self.cursor() not in (None, start), "moving the cursor",
                              ECHO_S):
                    break
            else:
                raise RuntimeError("nbreversi did not move its cursor; its screen:\n%s" % self.dump())
        y, x = self.cursor()
        keys = ("j" * (r - y) if r > y else "k" * (y - r)) + ("l" * (c - x) if c > x else "h" * (x - c))
        self._key(keys + "\r")
        self.moves.append((AGENT, name(r, c)))
        self._follow(expected, "O played %s" % name(r, c))

    def close(self):
        self.terminal.close()


def key(board):
    return "".join("".join(row) for row in board)


def render_rows(board):
    lines = ["  " + " ".join(COLUMNS)]
    lines += ["%d %s" % (r + 1, " ".join(board[r])) for r in range(8)]
    return "\n".join(lines)


def render(game, power, since):
    """The observation: the counts, the moves since the agent's last one (at the start: all the
    moves so far) and the board."""
    o, x = count(game.board, AGENT), count(game.board, PROGRAM)
    if not game.ended:
        turn = "To move: O (you)"
    elif game.decided:
        turn = "Game over: O won (every move of X lets O take all its discs)"
    else:
        turn = "Game over: %s" % ("a draw" if o == x else "O won" if o > x else "X won")
    last = ", ".join("%s %s" % (p, m) for p, m in game.moves[since:]) or "none"
    return ("Reversi: you play O against the program's X (AI power %d); most discs at the end wins.\n"
            "Discs: O %d, X %d. %s. Last moves: %s.\nBoard:\n%s"
            % (power, o, x, turn, last, render_rows(game.board)))


def parse_board(text):
    """The board of an observation (render's format)."""
    lines = text.split("Board:\n", 1)[1].splitlines()[1:9]
    return [line.split()[1:] for line in lines]


class State:
    def __init__(self, task):
        self.power = task["power"]
        self.game = Game(self.power)
        rng = random.Random("opening:%d" % task["seed"])  # the task's own draw, not the episode's
        for _ in range(task["opening"]):
            if self.game.ended:
                break
            self.game.move(*rng.choice(legal(self.game.board, AGENT)))
        self.since = 0  # where the moves shown in the observation start

    def won(self):
        return self.game.ended and (self.game.decided or count(self.game.board, AGENT) > count(
            self.game.board, PROGRAM))


FEATURES = ["flips", "corner", "edge", "x_square", "c_square", "program_mobility", "own_mobility",
            "program_corners", "disc_difference", "frontier"]


def adjacent_empty_corner(r, c, board):
    """'x' for a diagonal neighbour of an empty corner, 'c' for an edge neighbour of one, else None."""
    for cr, cc in CORNERS:
        if board[cr][cc] == EMPTY and max(abs(r - cr), abs(c - cc)) == 1:
            return "x" if abs(r - cr) == 1 and abs(c - cc) == 1 else "c"
    return None


def features_after(board, r, c):
    """O's move at (r, c) described by the board it leaves, each number scaled to about [0, 1]."""
    turned = flips(board, r, c, AGENT)
    after = play(board, r, c, AGENT)
    beside = adjacent_empty_corner(r, c, board)
    replies = legal(after, PROGRAM)
    frontier = sum(1 for y in range(8) for x in range(8) if after[y][x] == AGENT and any(
        0 <= y + dy < 8 and 0 <= x + dx < 8 and after[y + dy][x + dx] == EMPTY
        for dy, dx in DIRECTIONS))
    edge = (r in (0, 7) or c in (0, 7)) and (r, c) not in CORNERS
    return [len(turned) / 10.0,
            1.0 if (r, c) in CORNERS else 0.0,
            1.0 if edge else 0.0,
            1.0 if beside == "x" else 0.0,
            1.0 if beside == "c" else 0.0,
            len(replies) / 10.0,
            len(legal(after, AGENT)) / 10.0,
            sum(1 for m in replies if m in CORNERS) / 2.0,
            (count(after, AGENT) - count(after, PROGRAM)) / 64.0,
            frontier / 20.0]


class Reversi(Environment):
    name = "reversi"
    description = ("a game of Reversi (Othello) as O against a terminal program's computer player X, "
                   "where a disc placed turns over the opponent's discs it encloses")
    action_format = "a cell where O may place a disc, column a-h then row 1-8"
    example = "d3"
    feature_names = FEATURES

    def tasks(self, split, count, rng):
        base = 0 if split == "train" else 1_000_000  # held-out games never share a seed
        return [make_task("%s-%d" % (split, base + i), base + i, POWER, OPENING)
                for i in range(count)]

    def reset(self, task, rng):
        return State(task)

    def observe(self, state):
        return render(state.game, state.power, state.since)

    def actions(self, state):
        return [] if state.game.ended else [name(r, c) for r, c in legal(state.game.board, AGENT)]

    def step(self, state, command):
        target = cell(command)
        if state.game.ended or target is None or target not in legal(state.game.board, AGENT):
            return Step(done=False)  # not a legal move: the board stays
        state.since = len(state.game.moves)
        state.game.move(*target)
        return Step(done=state.game.ended, won=state.won())

    def demonstrate(self, state):
        return greedy(state.game.board)

    def features(self, task, observation, actions):
        board = parse_board(observation)
        rows = []
        for command in actions:
            target = cell(command)
            if target is None or not flips(board, target[0], target[1], AGENT):
                raise ValueError("%r is not a legal move of O on this board" % command)
            rows.append(features_after(board, *target))
        return rows

    def judge_features(self, task, before, command, after):
        target = cell(command)
        if target is None or not flips(parse_board(before), target[0], target[1], AGENT):
            return [0.0] * len(FEATURES)  # a command that is no legal move changed nothing
        return self.features(task, before, [command])[0]

    def verify(self, task):
        if not isinstance(task.get("seed"), int) or task["seed"] < 0:
            return False, "the seed must be an integer of at least 0"
        if not isinstance(task.get("power"), int) or not MIN_POWER <= task["power"] <= MAX_POWER:
            return False, "the power must be an integer from %d to %d" % (MIN_POWER, MAX_POWER)
        if not isinstance(task.get("opening"), int) or not 0 <= task["opening"] <= 8:
            return False, "the opening must be an integer from 0 to 8"
        return True, "ok"

    def rewrite(self, task, goal, rng, original=None, feedback=""):
        power = task["power"] + (1 if goal == "harder" else -1)
        if not MIN_POWER <= power <= MAX_POWER:
            return None
        return make_task("%s-r%d" % (task["id"].rsplit("-r", 1)[0], power), task["seed"], power,
                         task["opening"])


def make_task(identifier, seed, power, opening):
    return {"id": identifier, "seed": seed, "power": power,
            "opening": opening, "description": "game %d against AI power %d after %d opening moves"
            % (seed, power, opening)}


if __name__ == "__main__":
    serve(Reversi())
