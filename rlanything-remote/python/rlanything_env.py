"""rlanything_env: serve an environment written in Python to RLAnything (environment.kind: remote).

One file, standard library only (Python 3.8+). Subclass Environment, then call serve(MyEnvironment()).
The protocol it speaks is documented in rlanything-remote/README.md; in short, every request is a POST
of a JSON object (GET for /health, /info and /state) and every answer a JSON object:

  GET  /health                                          -> {"status": "healthy"}
  GET  /info                                            -> {"name", "description", "action_format", "example",
                                                            "protocol": 1, "demonstrate": B}
  POST /tasks   {"split": "train"|"eval", "count": N, "seed": S}      -> {"tasks": [TASK, ...]}
  POST /reset   {"task": TASK, "seed": S, "episode_id": E}            -> ANSWER
  POST /step    {"episode_id": E, "index": I, "action": {"command": A}} -> ANSWER
  POST /state   {"episode_id": E}                       -> {"episode_id": E, "step_count": N}
  POST /verify  {"task": TASK}                          -> {"valid": B, "reason": TEXT}
  POST /rewrite {"task": TASK, "original": TASK, "goal": "harder"|"easier", "accuracy": X,
                 "feedback": TEXT, "seed": S}           -> {"task": TASK or null}
  POST /close   {"episode_id": E}                       -> {}
  POST /demonstrate {"episode_id": E}                   -> {"command": A or null}   (optional: only when
                                                            /info says "demonstrate": true)
  POST /features {"task": TASK, "observation": TEXT, "actions": [A, ...]} -> {"rows": [[X, ...], ...]}
  POST /judge_features {"task": TASK, "before": TEXT, "command": A, "after": TEXT} -> {"values": [X, ...]}
                                                           (optional: only when /info names "features")
  TASK   = a JSON object with a string "id" (and optionally "description"); every other field is yours
  ANSWER = {"observation": {"text": TEXT, "actions": [A, ...]}, "reward": R, "done": B, "won": B,
            "label": "good"|"bad"|null, "restrained_label": "good"|"bad"|null}

reset, step and state follow the shape of OpenEnv's HTTP API: a request without "task" plays the first
training task, one without "episode_id" uses a single default episode, and "action" may be a plain
string. A step sent again with the same index (the client retries after a lost answer) gets the same
answer and is not applied twice. Errors answer 400 (a bad request) or 500 (an exception in your code)
with {"error": TEXT}.

All randomness must come from the rng arguments (random.Random instances seeded by the trainer), so
that the same seed replays the same episode and a resumed run continues exactly.

A solver is optional: override demonstrate(state) and the server offers /demonstrate (its /info says
"demonstrate": true); the trainer's policies then start as clones of your solver (behaviour cloning,
then DAgger rounds) instead of from scratch.

Step features are optional too: set feature_names and override features(task, observation, actions)
(one row of numbers per action) and the server offers /features for the linear policy and judge
(policy.kind: linear); judge_features defaults to the taken command's row in the state before it.
"""

import json
import random
import sys
import threading
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PROTOCOL = 1
__all__ = ["Environment", "Step", "serve", "make_handler", "offers_demonstrations", "offers_features",
           "PROTOCOL"]


class Step:
    """What step() returns: whether the episode ended, whether it was won, and optional labels."""

    def __init__(self, done=False, won=False, label=None, restrained_label=None, reward=None):
        if won and not done:
            raise ValueError("a won step must also be done")
        for value in (label, restrained_label):
            if value not in (None, "good", "bad"):
                raise ValueError("a label is 'good', 'bad' or None, got %r" % (value,))
        self.done = bool(done)
        self.won = bool(won)
        self.label = label
        self.restrained_label = restrained_label
        self.reward = (1.0 if won else 0.0) if reward is None else float(reward)


class Environment:
    """Override tasks, reset, observe, step (and actions, verify, rewrite when you have them)."""

    name = "environment"
    description = ""  # the environment as a noun phrase: "You are an agent in DESCRIPTION." (prompts)
    action_format = "one of the listed actions, written exactly as listed"
    example = ""  # one example action

    def tasks(self, split, count, rng):
        """The first `count` tasks of `split` ("train" or "eval"): a list of dicts with an "id"."""
        raise NotImplementedError

    def reset(self, task, rng):
        """Starts an episode of `task`; returns its state (any object, changed by step)."""
        raise NotImplementedError

    def observe(self, state):
        """The observation text."""
        raise NotImplementedError

    def actions(self, state):
        """The admissible actions now; an empty list means free text."""
        return []

    def step(self, state, command):
        """Applies `command` to `state`; returns a Step."""
        raise NotImplementedError

    def demonstrate(self, state):
        """Optional: your solver's next command in `state` (one of actions(state)), or None.

        Override it when you have a solver; the server then offers /demonstrate. Must not change
        `state` and must draw nothing random (it is asked beside the episode, not as a step)."""
        return None

    feature_names = None  # optional: names of the numbers features() gives for each action
    judge_feature_names = None  # optional: names of judge_features()'s numbers (default: feature_names)

    def features(self, task, observation, actions):
        """Optional: one list of len(feature_names) numbers for each of `actions` in the state shown by
        `observation` (for the linear policy: it prefers actions whose row scores high).

        Set feature_names and override this to offer /features. It must depend on its arguments
        alone (the trainer asks again for a step it trains on), so read the state from the text."""
        raise NotImplementedError

    def judge_features(self, task, before, command, after):
        """Optional: len(judge_feature_names) numbers describing the step `command` from the state
        shown by `before` to `after` (for the linear judge). The default is the command's row of
        features() in the state before it."""
        return self.features(task, before, [command])[0]

    def verify(self, task):
        """(valid, reason): whether a rewritten task is well formed and solvable."""
        return True, "ok"

    def rewrite(self, task, goal, rng, original=None, feedback=""):
        """A harder or easier task (goal "harder" or "easier") as a dict with a new "id", or None."""
        return None


class _BadRequest(Exception):
    pass


class _Episode:
    def __init__(self, state):
        self.state = state
        self.steps = 0
        self.last = None
        self.done = False
        self.lock = threading.Lock()


def _task(value):
    if not isinstance(value, dict) or not isinstance(value.get("id"), str) or not value["id"]:
        raise _BadRequest("a task is a JSON object with a non-empty string \"id\"")
    return value


def offers_demonstrations(env):
    """Whether `env` has a solver: its class overrides Environment.demonstrate."""
    return getattr(type(env), "demonstrate", None) is not Environment.demonstrate


def offers_features(env):
    """Whether `env` computes step features: it names them and overrides Environment.features."""
    return (bool(getattr(env, "feature_names", None))
            and getattr(type(env), "features", None) is not Environment.features)


def _numbers(values, size, what):
    if (not isinstance(values, (list, tuple)) or len(values) != size
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)):
        raise TypeError("%s must be a list of %d numbers, got %r" % (what, size, values))
    return [float(v) for v in values]


def make_handler(env):
    """The request handler class serving `env` (subclass it to add routes or to test failures)."""
    demonstrates = offers_demonstrations(env)
    featured = offers_features(env)
    policy_names = list(env.feature_names or [])
    judge_names = list(getattr(env, "judge_feature_names", None) or policy_names)
    episodes = {}
    episodes_lock = threading.Lock()

    def answer(episode, done, won=False, label=None, restrained=None, reward=None):
        text = env.observe(episode.state)
        acts = [] if done else list(env.actions(episode.state))
        if not isinstance(text, str) or not all(isinstance(a, str) for a in acts):
            raise TypeError("observe() must return a str and actions() a list of str")
        return {"observation": {"text": text, "actions": acts}, "reward": reward, "done": done,
                "won": won, "label": label, "restrained_label": restrained}

    def episode_of(body):
        key = body.get("episode_id", "default")
        with episodes_lock:
            episode = episodes.get(key)
        if episode is None:
            raise _BadRequest("unknown episode %r" % (key,))
        return key, episode

    def reset(body):
        task = body.get("task")
        seed = body.get("seed", 0)
        if task is None:
            task = env.tasks("train", 1, random.Random("train:%s" % seed))[0]
        task = _task(task)
        episode = _Episode(env.reset(task, random.Random(seed)))
        key = body.get("episode_id", "default")
        with episodes_lock:
            episodes[key] = episode
        return answer(episode, False)

    def step(body):
        key, episode = episode_of(body)
        action = body.get("action")
        command = action.get("command", action.get("message")) if isinstance(action, dict) else action
        if not isinstance(command, str):
            raise _BadRequest("the action is {\"command\": TEXT} or a string")
        with episode.lock:
            index = body.get("index", episode.steps)
            if index == episode.steps - 1 and episode.last is not None:
                return episode.last  # sent again after a lost answer: the same answer
            if index != episode.steps:
                raise _BadRequest("step index %s but the episode has taken %d steps"
                                  % (index, episode.steps))
            if episode.done:
                raise _BadRequest("the episode has ended")
            result = env.step(episode.state, command)
            if not isinstance(result, Step):
                raise TypeError("step() must return a Step")
            episode.done = result.done
            episode.steps += 1
            episode.last = answer(episode, result.done, result.won, result.label,
                                  result.restrained_label, result.reward)
            return episode.last

    def tasks(body):
        split = body.get("split", "train")
        count = body.get("count")
        if split not in ("train", "eval") or not isinstance(count, int) or count < 0:
            raise _BadRequest("tasks needs split \"train\" or \"eval\" and a count >= 0")
        rng = random.Random("%s:%s" % (split, body.get("seed", 0)))
        return {"tasks": [_task(t) for t in env.tasks(split, count, rng)]}

    def verify(body):
        valid, reason = env.verify(_task(body.get("task")))
        return {"valid": bool(valid), "reason": str(reason)}

    def rewrite(body):
        goal = body.get("goal")
        if goal not in ("harder", "easier"):
            raise _BadRequest("goal is \"harder\" or \"easier\"")
        task = env.rewrite(_task(body.get("task")), goal, random.Random(body.get("seed", 0)),
                           body.get("original"), body.get("feedback", ""))
        return {"task": None if task is None else _task(task)}

    def state(body):
        key, episode = episode_of(body)
        return {"episode_id": key, "step_count": episode.steps}

    def close(body):
        with episodes_lock:
            episodes.pop(body.get("episode_id", "default"), None)
        return {}

    def demonstrate(body):
        key, episode = episode_of(body)
        with episode.lock:
            if episode.done:
                return {"command": None}
            command = env.demonstrate(episode.state)
            if command is not None and not isinstance(command, str):
                raise TypeError("demonstrate() must return a str or None")
            return {"command": command}

    def features(body):
        acts = body.get("actions")
        if not isinstance(body.get("observation"), str) or not isinstance(acts, list):
            raise _BadRequest("features needs an observation text and a list of actions")
        rows = env.features(_task(body.get("task")), body["observation"], acts)
        if not isinstance(rows, (list, tuple)) or len(rows) != len(acts):
            raise TypeError("features() must return one row per action")
        return {"rows": [_numbers(r, len(policy_names), "a row of features()") for r in rows]}

    def judge_features(body):
        for key in ("before", "command", "after"):
            if not isinstance(body.get(key), str):
                raise _BadRequest("judge_features needs before, command and after texts")
        values = env.judge_features(_task(body.get("task")), body["before"], body["command"],
                                    body["after"])
        return {"values": _numbers(values, len(judge_names), "judge_features()")}

    def info(body):
        answer = {"name": env.name, "description": env.description,
                  "action_format": env.action_format, "example": env.example, "protocol": PROTOCOL,
                  "demonstrate": demonstrates}
        if featured:
            answer["features"] = {"policy": policy_names, "judge": judge_names}
        return answer

    posts = {"/reset": reset, "/step": step, "/tasks": tasks, "/verify": verify,
             "/rewrite": rewrite, "/state": state, "/close": close, "/info": info}
    if demonstrates:
        posts["/demonstrate"] = demonstrate
    if featured:
        posts["/features"] = features
        posts["/judge_features"] = judge_features
    gets = {"/health": lambda body: {"status": "healthy"}, "/info": info, "/state": state}

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive: one connection for many steps
        disable_nagle_algorithm = True  # no 40 ms wait between an answer's headers and body
        wbufsize = 1 << 16  # headers and body leave in one write (flushed after each request)

        def log_message(self, *args):  # quiet: the trainer keeps the last lines for its errors
            pass

        def send_json(self, status, payload):
            data = json.dumps(payload).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def handle_route(self, routes, body):
            route = routes.get(self.path.split("?")[0])
            if route is None:
                self.send_json(404, {"error": "unknown request %s %s" % (self.command, self.path)})
                return
            try:
                self.send_json(200, route(body))
            except _BadRequest as e:
                self.send_json(400, {"error": str(e)})
            except Exception as e:  # the environment's own bug: 500, with its last line
                traceback.print_exc(file=sys.stderr)
                self.send_json(500, {"error": "%s: %s" % (type(e).__name__, e)})

        def do_GET(self):
            self.handle_route(gets, {})

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            try:
                body = json.loads(self.rfile.read(length) or b"{}")
                if not isinstance(body, dict):
                    raise ValueError("not an object")
            except ValueError as e:
                self.send_json(400, {"error": "the request is not a JSON object (%s)" % e})
                return
            self.handle_route(posts, body)

    return Handler


def serve(env, host="127.0.0.1", port=None, handler=None):
    """Serves `env` until killed; prints 'rlanything-remote listening on URL' once it listens.

    The port is `port`, else the value after --port on the command line, else any free one (0)."""
    if port is None:
        port = int(sys.argv[sys.argv.index("--port") + 1]) if "--port" in sys.argv else 0
    server = ThreadingHTTPServer((host, port), handler or make_handler(env))
    server.daemon_threads = True
    print("rlanything-remote listening on http://%s:%d/" % (host, server.server_address[1]), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
