"""The Blocksworld example with one fault, for RemoteRunTest: python3 faulty.py MODE AT MARKER EXAMPLES.

MODE is crash (exits with code 3), kill (SIGKILL to itself), slow (every step from then on takes 30 s),
badjson (answers a step with text that is not JSON), stall (every step from then on sends its headers,
announcing a body, and then nothing for 300 s) or drip (every step from then on sends its answer one byte
every 0.25 s). The fault strikes at the AT-th /step request,
once: it creates the file MARKER, and a process started while MARKER exists has no fault (the resumed
run's)."""

import os
import signal
import sys
import time

mode, at, marker, examples = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
sys.path.insert(0, examples)
sys.path.insert(0, os.path.dirname(examples))
from blocks import Blocks  # noqa: E402
from rlanything_env import make_handler, serve  # noqa: E402

armed = not os.path.exists(marker)
steps = [0]
struck = [False]
Base = make_handler(Blocks())


class Faulty(Base):
    def do_POST(self):
        if armed and self.path == "/step":
            steps[0] += 1
            if steps[0] == at:
                open(marker, "w").close()
                struck[0] = True
                if mode == "crash":
                    print("faulty: crashing on purpose", flush=True)
                    os._exit(3)
                if mode == "kill":
                    os.kill(os.getpid(), signal.SIGKILL)
                if mode == "badjson":
                    self.rfile.read(int(self.headers.get("Content-Length") or 0))
                    data = b"{this is not json"
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                    return
            if mode == "slow" and struck[0]:
                time.sleep(30)
            if mode in ("stall", "drip") and struck[0]:
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                data = b'{"observation": {"text": "' + b"x" * 400 + b'", "actions": []}, "done": true}'
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.flush()
                if mode == "stall":
                    time.sleep(300)
                for i in range(len(data)):
                    self.wfile.write(data[i:i + 1])
                    self.wfile.flush()
                    time.sleep(0.25)
                return
        super().do_POST()


serve(Blocks(), handler=Faulty)
