"""A notebook's first cells, in a fresh interpreter: import, compare two strategies into a
DataFrame, draw the comparison to a PNG."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pandas")
pytest.importorskip("matplotlib")

CELLS = """
import json, sys
import wordsolver
game = wordsolver.game("wordle", lists="original")
results = wordsolver.evaluate(game, ["entropy", "minimax"])
frame = results.to_frame()
summary = results.summary_frame()
figure = wordsolver.plots.guess_distribution(results)
figure.savefig("compare.png")
print(json.dumps({
    "type": type(frame).__module__.split(".")[0],
    "rows": len(frame),
    "strategies": sorted(set(frame["strategy"])),
    "means": summary.set_index("strategy")["mean"].to_dict(),
    "html": results._repr_html_().startswith("<table>"),
    "pyplot": "matplotlib.pyplot" in sys.modules,
}))
"""


def test_a_fresh_interpreter_evaluates_to_a_frame_and_a_png(
    tmp_path: Path, private_cache: Path
) -> None:
    env = {**os.environ, "WORDSOLVER_CACHE_DIR": str(private_cache), "MPLBACKEND": "Agg"}
    done = subprocess.run(
        [sys.executable, "-c", CELLS],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["type"] == "pandas" and seen["rows"] == 2 * 2315
    assert seen["strategies"] == ["entropy", "minimax"]
    assert seen["means"] == {"entropy": 3.464363, "minimax": 3.522678}
    assert seen["html"] and not seen["pyplot"]  # no global figure state was touched
    assert (tmp_path / "compare.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
