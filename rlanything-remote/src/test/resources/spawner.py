"""A server stand-in for RemoteProcessStopTest: prints the address line, starts two children of its own
and waits. One is a plain child (sleep 300); the other runs in a session of its own and ignores TERM
and HUP (sleep 301), as a terminal game on a pseudo-terminal of its own does (nbreversi: its process
group is not the server's, and it outlived a killed server, spinning). All must end when the run that
started them ends."""

import subprocess
import sys
import time

child = subprocess.Popen(["sleep", "300"])
game = subprocess.Popen(["setsid", "sh", "-c", "trap '' TERM HUP; exec sleep 301"])
print("rlanything-remote listening on http://127.0.0.1:9/", flush=True)
print("child %d" % child.pid, flush=True)
sys.stdout.flush()
time.sleep(300)
