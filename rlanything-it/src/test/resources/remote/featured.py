"""A counting game with a solver and step features, for RemoteFeaturesTest: python3 featured.py MODE SDK.

A counter starts at 0; each step adds 1, 2 or 3; a task is won by landing exactly on its target. MODE is good
(features as promised), short (a row one number short) or nan (a row holding NaN, past the SDK's own check)."""

import json
import math
import re
import sys

mode, sdk = sys.argv[1], sys.argv[2]
sys.path.insert(0, sdk)
from rlanything_env import Environment, Step, make_handler, serve  # noqa: E402


class State:
    def __init__(self, target):
        self.target = target
        self.value = 0


class Counter(Environment):
    name = "counter"
    description = "a counting game"
    feature_names = ["exact", "passes", "size"]

    def tasks(self, split, count, rng):
        return [{"id": "%s-%d" % (split, i), "target": rng.randint(3, 12)} for i in range(count)]

    def reset(self, task, rng):
        return State(task["target"])

    def observe(self, state):
        return "The counter shows %d; the target is %d." % (state.value, state.target)

    def actions(self, state):
        return ["add 1", "add 2", "add 3"]

    def step(self, state, command):
        add = {"add 1": 1, "add 2": 2, "add 3": 3}.get(command, 0)
        state.value += add
        label = "good" if add and state.value <= state.target else "bad"
        return Step(done=state.value >= state.target, won=state.value == state.target, label=label)

    def demonstrate(self, state):
        return "add %d" % min(3, state.target - state.value)

    def features(self, task, observation, actions):
        value, target = [int(n) for n in re.findall(r"\d+", observation)[:2]]
        rows = []
        for action in actions:
            add = int(action[-1])
            rows.append([float(value + add == target), float(value + add > target), add / 3.0])
        if mode == "short":
            rows[0] = rows[0][:2]
        return rows


Base = make_handler(Counter())


class NanAnswer(Base):
    def do_POST(self):
        if self.path == "/features":
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
            rows = [[math.nan, 0.0, 0.0] for _ in body["actions"]]
            data = json.dumps({"rows": rows}).encode("utf-8")  # NaN: not JSON the SDK would send
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        super().do_POST()


if mode == "nan":
    serve(Counter(), handler=NanAnswer)
else:
    serve(Counter())
