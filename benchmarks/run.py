"""Run every benchmark of the project, one after the other, each printing its own table.

Usage: ``python benchmarks/run.py [--quick]``. Each ``bench_*.py`` beside this file runs in its
own process (so compile times and caches do not leak between them); ``bench_exact_vs_cpp.py``
runs the exact search side by side with the C++ solver. The exit code is non-zero when any
budget failed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    quick = ["--quick"] if "--quick" in argv else []
    failed = []
    for script in sorted(Path(__file__).parent.glob("bench_*.py")):
        print(f"\n== {script.name}", flush=True)
        code = subprocess.call([sys.executable, str(script), *quick])
        if code != 0:
            failed.append(script.name)
    if failed:
        print(f"\nbudgets missed in: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
