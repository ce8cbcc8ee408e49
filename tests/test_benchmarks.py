"""The benchmark scripts still run (a smoke test: their figures are not checked here,
since speed targets belong to the benchmarks, never to timed unit tests)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_settle_benchmark_runs_and_prints_every_figure():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "settle.py"),
                           "--hands", "300", "--rounds", "1"],
                          capture_output=True, text=True, timeout=120, check=True)
    lines = done.stdout.splitlines()
    assert lines[0].startswith("settle (validate + settle): 300 hands, ")
    assert lines[1].startswith("settle + settlement JSON: ")
    assert lines[2].startswith("settle, keeping all 300 results: ")
    assert lines[3].startswith("gostop score start-up: ")
