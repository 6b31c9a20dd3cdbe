"""A terminal program driven through a pseudo-terminal whose screen the pyte terminal emulator (Debian's
python3-pyte) keeps: what the examples that wrap Debian's curses games share (reversi.py, checkers.py).
"""

import fcntl
import os
import pty
import select
import struct
import subprocess
import termios
import time

import pyte


class Terminal:
    """One running program, its pseudo-terminal and the screen pyte keeps of it.

    The program runs under `setsid -c`: a session of its own whose controlling terminal is this
    pseudo-terminal, so that closing the master (close(), or the server's end) hangs it up; without it
    the program outlives its server, spinning on a terminal that reads end-of-file."""

    def __init__(self, name, argv, env, rows=24, cols=80, after_close=None):
        """`after_close(pid)`, if given, runs once the program is gone (to remove what it leaves)."""
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.name = name
        self.after_close = after_close
        self.process = subprocess.Popen(["setsid", "-c"] + list(argv), stdin=slave, stdout=slave,
                                        stderr=slave, close_fds=True, env=env)
        os.close(slave)
        self.master = master
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)

    def wait(self, done, what, timeout):
        """Reads the program's output into the screen until done() holds; False after `timeout`."""
        deadline = time.time() + timeout
        while not done():
            left = deadline - time.time()
            if left <= 0:
                return False
            ready, _, _ = select.select([self.master], [], [], min(left, 0.05))
            if not ready:
                if self.process.poll() is not None:
                    raise RuntimeError("%s exited with code %s while %s; its screen:\n%s"
                                       % (self.name, self.process.returncode, what, self.dump()))
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                raise RuntimeError("%s closed its terminal while %s; its screen:\n%s"
                                   % (self.name, what, self.dump()))
            self.stream.feed(chunk)
        return True

    def marked(self, top, left, rows=8, cols=8, width=2):
        """The one cell of a grid drawn in reverse video (a curses game's cursor), as (row, column),
        or None; the grid's first cell at screen row `top`, column `left`, `width` columns a cell."""
        cells = [(r, c) for r in range(rows) for c in range(cols)
                 if self.screen.buffer[top + r][left + width * c].reverse]
        return cells[0] if len(cells) == 1 else None

    def dump(self):
        """The screen's non-blank lines."""
        return "\n".join(line.rstrip() for line in self.screen.display if line.strip())

    def key(self, keys):
        os.write(self.master, keys.encode())

    def close(self):
        """Kills the program and closes its terminal (again: nothing)."""
        if self.master is None:
            return
        try:
            self.process.kill()
        except OSError:
            pass
        self.process.wait()
        os.close(self.master)
        self.master = None
        if self.after_close is not None:
            self.after_close(self.process.pid)

    def __del__(self):  # a game dropped before its end (/close, or a new reset of its id)
        try:
            self.close()
        except Exception:  # noqa: BLE001 (at the interpreter's exit os may be gone already)
            pass
