"""A server stand-in for RemoteProcessStopTest: prints the address line, starts a child of its own
(sleep 300) and prints its pid, then waits. Both must end when the run that started them ends."""

import subprocess
import sys
import time

child = subprocess.Popen(["sleep", "300"])
print("rlanything-remote listening on http://127.0.0.1:9/", flush=True)
print("child %d" % child.pid, flush=True)
sys.stdout.flush()
time.sleep(300)
