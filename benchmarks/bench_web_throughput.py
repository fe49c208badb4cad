"""Serving many players: throughput and p95 of the cacheable suggestions, 1 and 2 server processes.

Run ``python benchmarks/bench_web_throughput.py [--seconds S] [--quick]`` from the project root
(needs Debian's ``wrk``: ``apt-get install wrk``). For each worker count it starts the real
server, ``wordsolver serve --port 0 --workers N --no-prepare`` (its own process, as a user runs
it, on 127.0.0.1 only), loads Wordle's table in every process, then lets ``wrk`` (2 threads, 16
connections, S seconds, default 15; ``--quick``: 5) send ``GET /api/suggest`` for 8 Wordle
positions in turn, without ``If-None-Match``: every request is computed by the server (what a
cache in front saves is not counted). It reports requests per second, p50/p95/p99 latency and
any answer that was not 200. The machine's load average is printed beside the figures: on a
machine whose cores are busy with other work, a second process has no core of its own to use.

Exit status 1 means a request failed (a status other than 200, or a socket error).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

POSITIONS = (
    "",
    "crane:..y.g",
    "slate:g....",
    "tarse:..y..",
    "audio:yy...,rules:.y.yy",
    "tarse:..y..,coign:.g..y",
    "crane:.....",
    "soare:.y...,until:..y..",
)
THREADS, CONNECTIONS = 2, 16
#: Lua for wrk: the positions in turn, and the figures on one line at the end (microseconds).
SCRIPT = """
local paths = {%s}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i %% #paths) + 1])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %%d %%d %%d %%d %%.0f %%.0f %%.0f\\n", summary.requests,
    summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
"""


@dataclass
class Result:
    workers: int
    requests: int
    seconds: float
    bad_status: int
    socket_errors: int
    p50: float
    p95: float
    p99: float

    @property
    def rate(self) -> float:
        return self.requests / self.seconds


def address(history: str) -> str:
    return f"/api/suggest?game=wordle&top=5&h={history}"


def start(workers: int, folder: Path) -> tuple[subprocess.Popen[str], str]:
    command = [sys.executable, "-m", "wordsolver", "serve", "--port", "0", "--no-prepare"]
    command += ["--workers", str(workers)]
    environment = {**os.environ, "WORDSOLVER_CACHE_DIR": str(folder)}
    server = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, env=environment)
    assert server.stderr is not None
    for line in server.stderr:
        found = re.search(r"serving (http://127\.0\.0\.1:\d+)/", line)
        if found:
            threading.Thread(target=server.stderr.read, daemon=True).start()
            return server, found.group(1)
    server.kill()
    raise SystemExit("the server did not start")


def warm(url: str, workers: int) -> None:
    """Load the table in every process: requests until each answered (bounded)."""
    for _ in range(8 * workers):
        for history in POSITIONS:
            with urllib.request.urlopen(url + address(history), timeout=300) as answer:
                answer.read()


def measure(workers: int, seconds: float, folder: Path) -> Result:
    server, url = start(workers, folder)
    try:
        warm(url, workers)
        with tempfile.NamedTemporaryFile("w", suffix=".lua") as script:
            script.write(SCRIPT % ", ".join(f'"{address(h)}"' for h in POSITIONS))
            script.flush()
            command = ["wrk", f"-t{THREADS}", f"-c{CONNECTIONS}", f"-d{seconds:g}s"]
            command += ["-s", script.name, url]
            output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    finally:
        server.terminate()
        server.wait(timeout=60)
    line = next(line for line in output.splitlines() if line.startswith("RESULT"))
    count, micros, bad, errors, p50, p95, p99 = (float(x) for x in line.split()[1:])
    return Result(
        workers, int(count), micros / 1e6, int(bad), int(errors), p50 / 1e3, p95 / 1e3, p99 / 1e3
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=15.0, help="seconds of load per run")
    parser.add_argument("--quick", action="store_true", help="5 s runs")
    args = parser.parse_args(argv)
    if shutil.which("wrk") is None:
        print("needs wrk, the HTTP load generator: apt-get install wrk")
        return 1
    seconds = min(args.seconds, 5.0) if args.quick else args.seconds
    load = os.getloadavg()[0]
    results = []
    with tempfile.TemporaryDirectory(prefix="bench-throughput-") as folder:
        for workers in (1, 2):
            results.append(measure(workers, seconds, Path(folder)))
            time.sleep(1)
    table = Table(
        "workers", "requests", "per second", "p50", "p95", "p99", "not 200", "socket errors",
        title=f"GET /api/suggest (Wordle, 8 positions), wrk {THREADS} threads {CONNECTIONS}"
        f" connections, {seconds:g} s",
    )  # fmt: skip
    for result in results:
        table.add_row(
            str(result.workers),
            f"{result.requests:,}",
            f"{result.rate:,.0f}",
            f"{result.p50:.1f} ms",
            f"{result.p95:.1f} ms",
            f"{result.p99:.1f} ms",
            str(result.bad_status),
            str(result.socket_errors),
        )
    console = Console()
    if not console.is_terminal:
        console.width = 140
    console.print(table)
    print(
        f"load average before: {load:.2f}, after: {os.getloadavg()[0]:.2f}; {os.cpu_count()} cores"
    )
    return 0 if all(r.bad_status == r.socket_errors == 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
