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
    assert lines[1].startswith("  the hands (played deals): ") and lines[1].endswith(" nagari")
    assert lines[2].startswith("settle + settlement JSON: ")
    assert lines[3].startswith("settle, keeping all 300 results: ")
    assert lines[4].startswith("gostop score start-up: ")


def test_settle_benchmark_can_time_hands_with_a_winner_only():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "settle.py"),
                           "--hands", "100", "--rounds", "1", "--only", "winner"],
                          capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.splitlines()[1] == "  the hands (played deals): 100 with a winner, 0 nagari"


def test_settle_benchmark_still_offers_the_random_split_deals():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "settle.py"),
                           "--hands", "100", "--rounds", "1", "--deals", "split"],
                          capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.splitlines()[1].startswith("  the hands (split deals): ")


def test_played_deals_are_valid_and_mostly_won():
    # the generator must only make valid hands, as a table would enter them
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from settle import random_hands
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    from calculator import score

    hands = random_hands(400, seed=7)
    results = [score(hand) for hand in hands]
    won = sum(1 for r in results if not r["nagari"])
    assert 300 <= won < 400  # most deals end with a stop, some with a nagari
    assert any(p["kind"] == "dok-bak" for r in results for p in r["payments"])
    assert any("first_go" in hand for hand in hands)
