"""A smarttext-server on 127.0.0.1 for the Python checks and the Chromium suites.

`LiveServer(binary, "--config", path)` starts the binary on a free port and returns once it accepts
connections; when it exits first (a registry it refuses, a port taken), the check stops with what the
server printed. The server's stderr goes to a temporary file, never to a pipe nobody reads: a pipe
fills up after 64 KiB of log lines and then the server blocks writing the next one.

    with LiveServer(binary) as server:
        urllib.request.urlopen(f"http://127.0.0.1:{server.port}/healthz")

`serving(binary, registry)` does the same on a registry given as a dict.
"""
import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class LiveServer:
    def __init__(self, binary, *arguments, start_seconds=20):
        self.port = free_port()
        self.errors = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", str(self.port), *arguments],
                                        stdout=subprocess.DEVNULL, stderr=self.errors)
        deadline = time.monotonic() + start_seconds
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.1):
                    return
            except OSError:
                if self.process.poll() is not None:
                    sys.exit(f"the server did not start (exit {self.process.returncode}): {self.log()}")
                time.sleep(0.05)
        self.process.kill()
        sys.exit(f"the server did not accept connections within {start_seconds} s: {self.log()}")

    def log(self):
        """What the server has printed on stderr so far."""
        self.errors.flush()
        self.errors.seek(0)
        return self.errors.read()

    def first_line(self, seconds=5):
        """The first line the server printed on stderr (its start-up line), waiting for it up to `seconds`."""
        deadline = time.monotonic() + seconds
        while "\n" not in self.log() and time.monotonic() < deadline:
            time.sleep(0.02)
        return self.log().split("\n", 1)[0] + "\n"

    def stop(self):
        """Stops the server (SIGTERM, then SIGKILL after 15 s) and returns its exit status."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.errors.close()
        return self.process.returncode

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.stop()


@contextlib.contextmanager
def serving(binary, registry, *arguments):
    """A LiveServer of `binary` on the registry given (a dict, written to a temporary file), stopped after."""
    with tempfile.TemporaryDirectory() as folder:
        config = os.path.join(folder, "registry.json")
        with open(config, "w", encoding="utf-8") as handle:
            json.dump(registry, handle, ensure_ascii=False)
        with LiveServer(binary, "--config", config, *arguments) as live:
            yield live
