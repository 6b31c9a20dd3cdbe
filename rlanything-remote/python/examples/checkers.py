"""Checkers as an RLAnything environment: the Debian package nbsdgames's curses game /usr/games/nbcheckers
(by abakh) against its own computer player, driven through a pseudo-terminal whose screen the pyte
terminal emulator (Debian's python3-pyte) reads. Nobody on this project wrote the program: it keeps the
board, moves, captures and crowns the pieces, chooses and plays its own moves and decides the end; this
file presses its keys (hjkl move the cursor, the cell drawn in reverse video; RETURN selects a piece,
RETURN again on a square moves it there) and reads its screen.

The agent plays Black (the program draws its men as red O, kings as red K), which moves first, up the
board; the program plays White. Its computer player searches `power` plies deep (its -p option) and
breaks ties with random(). It seeds that from the clock, and the game runs under libfaketime (Debian's
faketime package) with the clock stopped at the task's seed in seconds after 2001-01-01; but the
program's draws still differ between two plays of the same moves (measured: the same first moves, with
the same pauses between them, were answered differently), so this environment is stochastic: the same
task and moves need not give the same game, and a run on it does not resume exactly. For variety, reset
first plays `opening` moves for Black drawn from the task's seed (the program answers them); then the
agent plays.

  rules:       English draughts as the program's help states them: men move and capture diagonally
               forwards, kings both ways, one square; a capture jumps an adjacent piece; a jump must be
               made if one can, and a chain of jumps goes on while the piece can jump (a man crowned by
               a jump stops there). The wrapper's own account of them lists the moves, and every board
               the program shows is checked to be one that a legal move of White reaches (a
               disagreement raises).
  observation: the piece counts, whose turn it is, the moves since the agent's last one and the board
               (columns a-h, rows 1-8 from the top, b/w a man, B/W a king, "." an empty dark square)
  actions:     Black's legal moves, such as "c6-d5", or a chain of jumps, such as "c6xe4xc2"
  won:         the program says "Black side has won the game." (White cannot move), or, after the
               task's `limit` moves of the agent, Black is ahead on material (a man 1, a king 1.5): the
               game is adjudicated there, as engine matches are (the program's player and a greedy one
               both shuffle kings for ever in many endgames); a draw or a loss is not a win
  demonstrate: a greedy player (most pieces captured, a crowning, fewest pieces White may capture
               next). On 64 held-out games against power 1 it won 0.27 to 0.44 (three evaluations of
               the same games: the program's draws differ), 0.18 against power 2 and 0.30 against power 3
               (40 games); a uniform random choice 0.00 against each. A game takes 0.2-0.4 s
  features:    for each move, the board it leaves: pieces captured, crowned, pieces White may capture
               next, both sides' mobility, the piece difference, kings, men advanced, the back row kept,
               the centre held, pieces on the edge (for the linear policy and judge)
  rewrite:     harder raises the program's power by one, easier lowers it (between 1 and 4)

Needs Debian's packages nbsdgames, faketime and python3-pyte (importable by Debian's /usr/bin/python3).
Run: /usr/bin/python3 checkers.py [--port P]
"""

import datetime
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from rlanything_env import Environment, Step, serve  # noqa: E402
from terminal import Terminal  # noqa: E402

GAME = os.environ.get("RLANYTHING_NBCHECKERS", "/usr/games/nbcheckers")
FAKETIME_LIBRARY = os.environ.get(
    "RLANYTHING_FAKETIME", "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1")
POWER = int(os.environ.get("RLANYTHING_CHECKERS_POWER", "1"))
OPENING = int(os.environ.get("RLANYTHING_CHECKERS_OPENING", "2"))
LIMIT = int(os.environ.get("RLANYTHING_CHECKERS_LIMIT", "40"))  # the agent's moves before adjudication
MIN_POWER, MAX_POWER = 1, 4
EPOCH = datetime.datetime(2001, 1, 1)
AGENT, PROGRAM, EMPTY = "b", "w", "."
COLUMNS = "abcdefgh"
BOARD_TOP, BOARD_LEFT = 4, 1  # screen row of the board's first row, column of its first cell
ROWS, COLS = 24, 80
TIMEOUT_S = float(os.environ.get("RLANYTHING_CHECKERS_TIMEOUT_S", "10"))
ECHO_S = 0.5  # for the screen to show a key's effect before the key is sent again
KING_DIRECTIONS = [(-1, -1), (-1, 1), (1, -1), (1, 1)]


def start_board():
    board = [[EMPTY if (r + c) % 2 else " " for c in range(8)] for r in range(8)]
    for r in range(8):
        for c in range(8):
            if (r + c) % 2:
                board[r][c] = PROGRAM if r < 3 else AGENT if r > 4 else EMPTY
    return board


def side(piece):
    return piece.lower() if piece in "bBwW" else None


def directions(piece):
    if piece.isupper():
        return KING_DIRECTIONS
    return [(-1, -1), (-1, 1)] if piece == AGENT else [(1, -1), (1, 1)]


def crowned(piece, r):
    if piece == AGENT and r == 0 or piece == PROGRAM and r == 7:
        return piece.upper()
    return piece


def _jumps(board, r, c, piece, path, out):
    """Every chain of jumps of `piece` from (r, c) (already on `path`), into out as (path, board)."""
    found = False
    for dr, dc in directions(piece):
        y, x, ty, tx = r + dr, c + dc, r + 2 * dr, c + 2 * dc
        if not (0 <= ty < 8 and 0 <= tx < 8) or board[ty][tx] != EMPTY:
            continue
        if side(board[y][x]) not in (None, side(piece)):
            after = [row[:] for row in board]
            after[r][c], after[y][x] = EMPTY, EMPTY
            landed = crowned(piece, ty)
            after[ty][tx] = landed
            found = True
            if landed != piece:  # crowned by the jump: the move ends there
                out.append((path + [(ty, tx)], after))
            elif not _jumps(after, ty, tx, landed, path + [(ty, tx)], out):
                out.append((path + [(ty, tx)], after))
    return found


def moves(board, player):
    """`player`'s legal moves as (path, board after): the jumps if any, else the single steps."""
    jumps, steps = [], []
    for r in range(8):
        for c in range(8):
            piece = board[r][c]
            if side(piece) != player:
                continue
            _jumps(board, r, c, piece, [(r, c)], jumps)
            for dr, dc in directions(piece):
                y, x = r + dr, c + dc
                if 0 <= y < 8 and 0 <= x < 8 and board[y][x] == EMPTY:
                    after = [row[:] for row in board]
                    after[r][c], after[y][x] = EMPTY, crowned(piece, y)
                    steps.append(([(r, c), (y, x)], after))
    return jumps if jumps else steps


def is_jump(path):
    return abs(path[1][0] - path[0][0]) == 2


def name(path):
    cells = ["%s%d" % (COLUMNS[c], r + 1) for r, c in path]
    return ("x" if is_jump(path) else "-").join(cells)


def captured(path):
    return len(path) - 1 if is_jump(path) else 0


def threatened(board, player):
    """The most pieces the other side captures with its next move."""
    other = PROGRAM if player == AGENT else AGENT
    return max([captured(p) for p, _ in moves(board, other)] or [0])


def greedy(board):
    """The demonstrator: the move capturing the most pieces (3 each), crowning a man (2) and leaving
    White the fewest pieces to capture next (-3 each); the first in reading order on a tie.
    Deliberately simple: it looks one reply ahead for captures only, never at position (the back row,
    the centre, mobility), which the features describe."""
    best, choice = None, None
    for path, after in moves(board, AGENT):
        crowning = board[path[0][0]][path[0][1]].islower() and after[path[-1][0]][path[-1][1]].isupper()
        score = 3 * captured(path) + (2 if crowning else 0) - 3 * threatened(after, AGENT)
        if best is None or score > best:
            best, choice = score, path
    return None if choice is None else name(choice)


def count(board, player):
    return sum(1 for row in board for v in row if side(v) == player)


def release_faketime(pid):
    """Removes the shared memory and semaphore libfaketime made for a program it ran in: it removes
    them itself only at a normal exit, and a killed program leaves them, until a later process with
    the same pid fails to start ("shm_open failed: File exists")."""
    for leftover in ("/dev/shm/faketime_shm_%d" % pid, "/dev/shm/sem.faketime_sem_%d" % pid):
        try:
            os.unlink(leftover)
        except OSError:
            pass


def material(board, player):
    return sum(1.5 if v.isupper() else 1.0 for row in board for v in row if side(v) == player)


def key(board):
    return "".join("".join(row) for row in board)


class Game:
    """One running program: its process, its terminal, the screen pyte keeps and the board it shows."""

    def __init__(self, power, seed):
        # TERM=linux: ncurses draws in colour (Black's pieces red) with what pyte emulates.
        # FAKETIME without "@": the clock stands still at the task's time, so the program's
        # srandom(time(NULL)) gets the same seed for a task (its draws still vary: see above).
        # env: only the program loads libfaketime, not setsid before it (one process, one pid)
        clock = (EPOCH + datetime.timedelta(seconds=seed)).strftime("%Y-%m-%d %H:%M:%S")
        self.terminal = Terminal(
            "nbcheckers", ["env", "LD_PRELOAD=" + FAKETIME_LIBRARY, "FAKETIME=" + clock, GAME, "-n",
                           "-1", "h", "-2", "c", "-p", str(power)],
            dict(os.environ, TERM="linux"), ROWS, COLS, after_close=release_faketime)
        self.screen = self.terminal.screen
        self.board = start_board()
        self.moves = []  # every move of the game as (player, move name)
        self.ended = False
        self.outcome = None  # "won", "lost" or "draw" once ended
        self.adjudicated = False  # ended at the move limit, on material
        if not self._wait(lambda: self.shown() == self.board and self.cursor() is not None,
                          "the program drew the first board"):
            raise RuntimeError("nbcheckers did not draw the starting board; its screen:\n%s"
                               % self.dump())

    def shown(self):
        """The board on the screen (None while a cell holds something else)."""
        board = []
        for r in range(8):
            line = self.screen.buffer[BOARD_TOP + r]
            row = []
            for c in range(8):
                char = line[BOARD_LEFT + 2 * c]
                if (r + c) % 2 == 0:
                    row.append(" ")
                elif char.data == ".":
                    row.append(EMPTY)
                elif char.data in ("O", "K"):
                    player = AGENT if char.fg == "red" else PROGRAM
                    row.append(player.upper() if char.data == "K" else player)
                else:
                    return None
            board.append(row)
        return board

    def cursor(self):
        return self.terminal.marked(BOARD_TOP, BOARD_LEFT)

    def message(self):
        """The program's word on the end of the game, or None."""
        for line in self.screen.display:
            if "Black side has won" in line:
                return "won"
            if "White side has won" in line:
                return "lost"
            if "Draw" in line:
                return "draw"
        return None

    def turn(self):
        return "Black's turn" in self.screen.display[2]

    def _wait(self, done, what, timeout=TIMEOUT_S):
        """Reads the program's output into the screen until done() holds; False after `timeout`."""
        return self.terminal.wait(done, what, timeout)

    def dump(self):
        return self.terminal.dump()

    def selected(self, r, c):
        """Whether the program shows the piece on (r, c) selected (drawn bold)."""
        return self.screen.buffer[BOARD_TOP + r][BOARD_LEFT + 2 * c].bold

    def _press(self, target, done, what):
        """Walks the cursor to `target` and presses RETURN until done() holds: the program may drop
        keys sent while it draws, so each key waits for its effect and a lost one is sent again."""
        for _ in range(int(TIMEOUT_S / ECHO_S)):
            at = self.cursor()
            if at is not None and at != target:
                (y, x), (r, c) = at, target
                self.terminal.key(("j" * (r - y) if r > y else "k" * (y - r))
                                  + ("l" * (c - x) if c > x else "h" * (x - c)))
            if not self._wait(lambda: self.cursor() == target, what, ECHO_S):
                continue
            self.terminal.key("\r")
            if self._wait(done, what, ECHO_S):
                return
        raise RuntimeError("nbcheckers did not answer the keys while %s; its screen:\n%s"
                           % (what, self.dump()))

    def move(self, path):
        """Plays Black's legal move `path` (select the piece, then the square it lands on; in a chain
        of jumps, select it again after each jump; each key checked on the screen); then follows the
        program's answer."""
        expected = dict((tuple(p), after) for p, after in moves(self.board, AGENT))[tuple(path)]
        board = self.board
        what = "Black played %s" % name(path)
        self._press(path[0], lambda: self.selected(*path[0]) or self.shown() != board, what)
        for i in range(1, len(path)):
            (y, x), (ty, tx) = path[i - 1], path[i]
            before = board
            board = [row[:] for row in board]
            board[ty][tx], board[y][x] = board[y][x], EMPTY
            if is_jump(path):
                board[(y + ty) // 2][(x + tx) // 2] = EMPTY
            if i > 1:  # after a jump the program unselects the piece: select it again
                self._press(path[i - 1], lambda: self.selected(*path[i - 1]), what)
            if i < len(path) - 1:
                step = board
                self._press(path[i], lambda: self.shown() == step, what)
            else:  # the last square: the program may answer at once
                self._press(path[i], lambda: self.message() is not None
                            or self.shown() not in (None, before), what)
        self.moves.append((AGENT, name(path)))
        self._follow(expected, what)

    def _follow(self, board, what):
        """Reads the screen until the program has answered: a board one legal move of White reaches
        from `board` with Black to move, or its word on the end of the game."""
        replies = {key(after): path for path, after in moves(board, PROGRAM)}
        seen = []

        def answered():
            shown = self.shown()
            if self.message() is not None:
                return True
            if shown is not None and key(shown) in replies and self.turn():
                seen[:] = [shown]
                return True
            return False

        if not self._wait(answered, what):
            shown = self.shown()
            raise RuntimeError("nbcheckers did not show a board that a legal move of White reaches "
                               "from\n%s\nwithin %.0f s (%s); it shows\n%s\nits screen:\n%s"
                               % (render_rows(board), TIMEOUT_S, what,
                                  render_rows(shown) if shown else "no board", self.dump()))
        outcome = self.message()
        if outcome is None:
            self.board = seen[0]
            self.moves.append((PROGRAM, name(replies[key(seen[0])])))
            if not moves(self.board, AGENT):
                # Black cannot move: the program says so next
                self._wait(lambda: self.message() is not None, "the game ended")
                self.ended, self.outcome = True, self.message() or "lost"
                self.close()
            return
        shown = self.shown()
        if shown is not None and key(shown) in replies:
            self.moves.append((PROGRAM, name(replies[key(shown)])))
            self.board = shown
        else:
            self.board = board
        self.ended, self.outcome = True, outcome
        self.close()

    def close(self):
        self.terminal.close()


def render_rows(board):
    lines = ["  " + " ".join(COLUMNS)]
    lines += ["%d %s" % (r + 1, " ".join(board[r])) for r in range(8)]
    return "\n".join(lines)


def render(game, power, since, played, limit):
    """The observation: the counts, the moves since the agent's last one and the board."""
    b, w = count(game.board, AGENT), count(game.board, PROGRAM)
    if not game.ended:
        turn = "To move: Black (you); %d of your %d moves left before adjudication" % (
            limit - played, limit)
    else:
        turn = {"won": "Game over: Black won", "lost": "Game over: White won",
                "draw": "Game over: a draw"}[game.outcome]
        if game.adjudicated:
            turn += " (adjudicated on material at the move limit)"
    last = ", ".join("%s %s" % ("Black" if p == AGENT else "White", m)
                     for p, m in game.moves[since:]) or "none"
    return ("Checkers: you play Black (b, kings B) against the program's White (w, W; AI power %d); "
            "a side that cannot move loses.\nPieces: Black %d, White %d. %s. Last moves: %s.\n"
            "Board:\n%s" % (power, b, w, turn, last, render_rows(game.board)))


def parse_board(text):
    """The board of an observation (render's format)."""
    lines = text.split("Board:\n", 1)[1].splitlines()[1:9]
    return [[line[2 + 2 * c] for c in range(8)] for line in lines]


def parse_move(board, command):
    """The legal move of Black that `command` names, as (path, board after), or None."""
    command = command.strip().lower()
    for path, after in moves(board, AGENT):
        if name(path) == command:
            return path, after
    return None


class State:
    def __init__(self, task):
        self.power = task["power"]
        self.game = Game(self.power, task["seed"])
        rng = random.Random("opening:%d" % task["seed"])  # the task's own draw, not the episode's
        for _ in range(task["opening"]):
            if self.game.ended:
                break
            self.game.move(rng.choice(moves(self.game.board, AGENT))[0])
        self.since = 0  # where the moves shown in the observation start
        self.limit = task["limit"]
        self.played = 0  # the agent's moves

    def adjudicate(self):
        """Ends the game at the move limit: won when Black is ahead on material."""
        b, w = material(self.game.board, AGENT), material(self.game.board, PROGRAM)
        self.game.ended, self.game.adjudicated = True, True
        self.game.outcome = "won" if b > w else "lost" if b < w else "draw"
        self.game.close()

    def won(self):
        return self.game.ended and self.game.outcome == "won"


FEATURES = ["captured", "crowned", "threatened", "program_mobility", "own_mobility",
            "piece_difference", "kings", "advanced", "back_row", "centre", "edge"]


def features_after(board, path, after):
    """Black's move described by the board it leaves, each number scaled to about [0, 1]."""
    piece = board[path[0][0]][path[0][1]]
    crowning = piece.islower() and after[path[-1][0]][path[-1][1]].isupper()
    mine = [(r, c, v) for r in range(8) for c in range(8) for v in [after[r][c]] if side(v) == AGENT]
    theirs = [v for row in after for v in row if side(v) == PROGRAM]
    return [captured(path) / 3.0,
            1.0 if crowning else 0.0,
            threatened(after, AGENT) / 3.0,
            len(moves(after, PROGRAM)) / 10.0,
            len(moves(after, AGENT)) / 10.0,
            (material(after, AGENT) - material(after, PROGRAM)) / 12.0,
            (sum(1 for _, _, v in mine if v.isupper()) - sum(1 for v in theirs if v.isupper())) / 4.0,
            sum(7 - r for r, _, v in mine if v.islower()) / 40.0,
            sum(1 for r, _, v in mine if r == 7) / 4.0,
            sum(1 for r, c, _ in mine if 2 <= r <= 5 and 2 <= c <= 5) / 8.0,
            sum(1 for _, c, _ in mine if c in (0, 7)) / 8.0]


class Checkers(Environment):
    name = "checkers"
    description = ("a game of checkers (English draughts) as Black against a terminal program's "
                   "computer player, where a side that cannot move loses")
    action_format = ("one of Black's legal moves: from-to such as c6-d5, or a chain of jumps such as "
                     "c6xe4xc2")
    example = "c6-d5"
    feature_names = FEATURES

    def tasks(self, split, count, rng):
        base = 0 if split == "train" else 1_000_000  # held-out games never share a seed
        return [make_task("%s-%d" % (split, base + i), base + i, POWER, OPENING, LIMIT)
                for i in range(count)]

    def reset(self, task, rng):
        return State(task)

    def observe(self, state):
        return render(state.game, state.power, state.since, state.played, state.limit)

    def actions(self, state):
        return [] if state.game.ended else [name(p) for p, _ in moves(state.game.board, AGENT)]

    def step(self, state, command):
        move = None if state.game.ended else parse_move(state.game.board, command)
        if move is None:
            return Step(done=False)  # not a legal move: the board stays
        state.since = len(state.game.moves)
        state.game.move(move[0])
        state.played += 1
        if not state.game.ended and state.played >= state.limit:
            state.adjudicate()
        return Step(done=state.game.ended, won=state.won())

    def demonstrate(self, state):
        return greedy(state.game.board)

    def features(self, task, observation, actions):
        board = parse_board(observation)
        rows = []
        for command in actions:
            move = parse_move(board, command)
            if move is None:
                raise ValueError("%r is not a legal move of Black on this board" % command)
            rows.append(features_after(board, *move))
        return rows

    def judge_features(self, task, before, command, after):
        board = parse_board(before)
        move = parse_move(board, command)
        if move is None:
            return [0.0] * len(FEATURES)  # a command that is no legal move changed nothing
        return features_after(board, *move)

    def verify(self, task):
        if not isinstance(task.get("seed"), int) or not 0 <= task["seed"] < 10 ** 9:
            return False, "the seed must be an integer from 0 to 999999999"
        if not isinstance(task.get("power"), int) or not MIN_POWER <= task["power"] <= MAX_POWER:
            return False, "the power must be an integer from %d to %d" % (MIN_POWER, MAX_POWER)
        if not isinstance(task.get("opening"), int) or not 0 <= task["opening"] <= 8:
            return False, "the opening must be an integer from 0 to 8"
        if not isinstance(task.get("limit"), int) or not 1 <= task["limit"] <= 200:
            return False, "the limit must be an integer from 1 to 200"
        return True, "ok"

    def rewrite(self, task, goal, rng, original=None, feedback=""):
        power = task["power"] + (1 if goal == "harder" else -1)
        if not MIN_POWER <= power <= MAX_POWER:
            return None
        return make_task("%s-r%d" % (task["id"].rsplit("-r", 1)[0], power), task["seed"], power,
                         task["opening"], task["limit"])


def make_task(identifier, seed, power, opening, limit=LIMIT):
    return {"id": identifier, "seed": seed, "power": power, "opening": opening, "limit": limit,
            "description": "game %d against AI power %d after %d opening moves, adjudicated after %d"
            % (seed, power, opening, limit)}


if __name__ == "__main__":
    serve(Checkers())
