"""A small Blocksworld served to RLAnything over the remote protocol (the worked example).

Blocks a, b, c, ... stand in stacks on a table; the agent moves one clear block at a time onto another
clear block or onto the table until the stacks match the goal. Every step is labelled by an exact
oracle: "good" when it shortens the shortest remaining plan, else "bad" (a breadth-first search over
the states, which stays small up to 6 blocks), and the same search is its solver (/demonstrate). Rewrites
add a block (harder) or take one away (easier).

Run it alone:  python3 blocks.py --port 8765
Train on it:   rlanything train blocks.yaml   (environment: {kind: remote, command: python3 blocks.py})
"""

import os
import sys
from collections import deque
from functools import lru_cache

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from rlanything_env import Environment, Step, serve  # noqa: E402

LETTERS = "abcdef"
MIN_BLOCKS, MAX_BLOCKS = 2, 6
MAX_MOVES = 40  # an episode ends, lost, after this many moves


def canonical(stacks):
    """Stacks (bottom to top) as a hashable value, independent of the stacks' order."""
    return tuple(sorted(tuple(s) for s in stacks if s))


def moves(state):
    """(command, next state) for every legal move."""
    stacks = [list(s) for s in state]
    result = []
    for i, source in enumerate(stacks):
        block = source[-1]
        if len(source) > 1:
            rest = [list(s) for s in stacks]
            rest[i] = source[:-1]
            result.append(("move %s to table" % block, canonical(rest + [[block]])))
        for j, target in enumerate(stacks):
            if i != j:
                rest = [list(s) for s in stacks]
                rest[i] = source[:-1]
                rest[j] = target + [block]
                result.append(("move %s onto %s" % (block, target[-1]), canonical(rest)))
    return sorted(result)


@lru_cache(maxsize=64)
def distances(goal):
    """Shortest number of moves from every state to `goal` (moves are reversible: search from it)."""
    seen = {goal: 0}
    queue = deque([goal])
    while queue:
        state = queue.popleft()
        for _, following in moves(state):
            if following not in seen:
                seen[following] = seen[state] + 1
                queue.append(following)
    return seen


def random_stacks(blocks, rng):
    stacks = []
    for block in LETTERS[:blocks]:
        if stacks and rng.random() < 0.6:
            rng.choice(stacks).append(block)
        else:
            stacks.append([block])
    return canonical(stacks)


def describe(stacks):
    return " ".join("[" + " ".join(s) + "]" for s in stacks)


def make_task(task_id, blocks, rng):
    while True:
        start, goal = random_stacks(blocks, rng), random_stacks(blocks, rng)
        if start != goal:
            return {"id": task_id, "description": "stack the blocks as " + describe(goal),
                    "blocks": blocks, "start": [list(s) for s in start],
                    "goal": [list(s) for s in goal]}


class State:
    def __init__(self, task):
        self.stacks = canonical(task["start"])
        self.goal = canonical(task["goal"])
        self.moves = 0


class Blocks(Environment):
    name = "blocks"
    description = ("a Blocksworld, where blocks stand in stacks on a table and one clear (top) block at"
                   " a time moves onto another clear block or onto the table, until the stacks match"
                   " the goal")
    action_format = "one of the listed moves, written exactly as listed"
    example = "move a onto b"

    def tasks(self, split, count, rng):
        prefix = "blocks" if split == "train" else "eval"
        return [make_task("%s-%d" % (prefix, i), rng.randint(3, 4), rng) for i in range(count)]

    def reset(self, task, rng):
        return State(task)

    def observe(self, state):
        return "Stacks (bottom to top): %s. Goal: %s." % (describe(state.stacks), describe(state.goal))

    def actions(self, state):
        return [command for command, _ in moves(state.stacks)]

    def step(self, state, command):
        table = distances(state.goal)
        state.moves += 1
        out_of_moves = state.moves >= MAX_MOVES
        following = dict(moves(state.stacks)).get(command)
        if following is None:  # not a legal move: nothing happens
            return Step(done=out_of_moves, label="bad", restrained_label="bad")
        label = "good" if table[following] < table[state.stacks] else "bad"
        state.stacks = following
        won = state.stacks == state.goal
        return Step(done=won or out_of_moves, won=won, label=label, restrained_label=label)

    def demonstrate(self, state):
        """The oracle's solver: the first listed move that shortens the shortest remaining plan."""
        table = distances(state.goal)
        for command, following in moves(state.stacks):
            if table[following] < table[state.stacks]:
                return command
        return None

    def verify(self, task):
        blocks = task.get("blocks")
        if not isinstance(blocks, int) or not MIN_BLOCKS <= blocks <= MAX_BLOCKS:
            return False, "blocks must be %d to %d" % (MIN_BLOCKS, MAX_BLOCKS)
        start, goal = canonical(task.get("start", [])), canonical(task.get("goal", []))
        letters = sorted(LETTERS[:blocks])
        if sorted(b for s in start for b in s) != letters or sorted(b for s in goal for b in s) != letters:
            return False, "start and goal must hold the blocks %s once each" % "".join(letters)
        if start == goal:
            return False, "already solved"
        return True, "solvable in %d moves" % distances(goal)[start]

    def rewrite(self, task, goal, rng, original=None, feedback=""):
        blocks = task["blocks"] + (1 if goal == "harder" else -1)
        if not MIN_BLOCKS <= blocks <= MAX_BLOCKS:
            return None
        return make_task("%s-%s%d" % (task["id"], goal[0], rng.randrange(10 ** 6)), blocks, rng)


if __name__ == "__main__":
    serve(Blocks())
