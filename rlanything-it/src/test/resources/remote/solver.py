"""The Blocksworld example with its solver changed, for RemoteDemonstrationTest: python3 solver.py MODE EXAMPLES.

MODE is none (the solver removed: the server does not offer /demonstrate), number (/demonstrate answers
{"command": 7}, past the SDK's own check) or illegal (the solver gives a command that is not admissible)."""

import os
import sys

mode, examples = sys.argv[1], sys.argv[2]
sys.path.insert(0, examples)
sys.path.insert(0, os.path.dirname(examples))
from blocks import Blocks  # noqa: E402
from rlanything_env import Environment, make_handler, serve  # noqa: E402


class NoSolver(Blocks):
    demonstrate = Environment.demonstrate  # as if the method were never written


Base = make_handler(Blocks())


class NumberAnswer(Base):
    def do_POST(self):
        if self.path == "/demonstrate":
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            self.send_json(200, {"command": 7})
            return
        super().do_POST()


class IllegalSolver(Blocks):
    def demonstrate(self, state):
        return "move z onto q"


if mode == "number":
    serve(Blocks(), handler=NumberAnswer)
else:
    serve({"none": NoSolver, "illegal": IllegalSolver}[mode]())
