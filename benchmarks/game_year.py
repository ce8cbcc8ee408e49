"""Game ledger timings for a year (12 hands), printed in milliseconds.

Targets (issue 4): the year PDF renders in < 1 s; the game page with 12 hands
renders in < 50 ms; adding a hand to a game takes < 50 ms (SQLite file, and
PostgreSQL too when TEST_DATABASE_URL is set).

    python benchmarks/game_year.py [--repeat 10]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

PLAYERS = ["민수", "Bo", "Chul"]


def _entries() -> list[dict]:
    def win(w: str, cards: str = "1r 2r 3r") -> dict:
        losers = [p for p in PLAYERS if p != w]
        return {"winner": w, "captured": {w: cards, losers[0]: "1j1 5a", losers[1]: "2j1 10a"}}

    nagari = {"winner": None, "captured": {p: "" for p in PLAYERS}}
    return [win("Bo"), nagari, win("Chul", "1b 3b 8b 2a"), win("민수", "6r 9r 10r"), nagari, nagari,
            win("Bo", "2a 4a 8a"), win("Chul"), win("민수", "4r 5r 7r 1r 2r 3r"), win("Bo"), nagari,
            win("Chul", "1b 3b 8b 11b")]


GAME = {"name": "설날 벤치마크", "players": PLAYERS, "rules": "pagat", "first_dealer": "민수",
        "length": {"hands": 12}, "chip_value": 100, "currency": "KRW"}


def _ms(samples: list[float]) -> str:
    return (f"median {statistics.median(samples) * 1000:7.1f} ms   "
            f"max {max(samples) * 1000:7.1f} ms   (n={len(samples)})")


def bench_pdf(repeat: int) -> None:
    from calculator.game import GameConfig, compute
    from calculator.report import tally_pdf

    ledger = compute(GameConfig.from_json(GAME), _entries())
    t = time.perf_counter()
    import weasyprint  # noqa: F401  (import cost reported apart)

    print(f"import weasyprint:                          {(time.perf_counter() - t) * 1000:7.1f} ms")
    t = time.perf_counter()
    size = len(tally_pdf(ledger))
    print(f"year tally PDF, first (cold, loads fonts): {(time.perf_counter() - t) * 1000:7.1f} ms  {size} bytes")
    samples = []
    for _ in range(repeat):
        t = time.perf_counter()
        tally_pdf(ledger)
        samples.append(time.perf_counter() - t)
    print(f"year tally PDF, warm           target < 1000 ms: {_ms(samples)}")


def bench_store(url: str, label: str, repeat: int) -> None:
    from calculator.storage import Store

    store = Store(url)
    entries = _entries()
    adds = []
    for _ in range(max(1, repeat // 4)):
        created = store.create_game(GAME)
        version = created.version
        for e in entries:
            t = time.perf_counter()
            version = store.add_hand(created.id, e, version).version
            adds.append(time.perf_counter() - t)
    print(f"add a hand ({label:10})     target <   50 ms: {_ms(adds)}")
    loads = []
    for _ in range(repeat):
        t = time.perf_counter()
        store.load(created.id)
        loads.append(time.perf_counter() - t)
    print(f"load a 12-hand game ({label:10})          : {_ms(loads)}")
    store.close()
    return created.id


def bench_page(url: str, game_id: str, repeat: int) -> None:
    from calculator.web import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "DATABASE_URL": url})
    client = app.test_client()
    assert client.get(f"/g/{game_id}").status_code == 200
    samples = []
    for _ in range(repeat):
        t = time.perf_counter()
        r = client.get(f"/g/{game_id}")
        samples.append(time.perf_counter() - t)
        assert r.status_code == 200
    print(f"game page, 12 hands (SQLite) target <   50 ms: {_ms(samples)}  {len(r.data)} bytes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    bench_pdf(args.repeat)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/bench.sqlite3"
        game_id = bench_store(url, "SQLite", args.repeat)
        bench_page(url, game_id, args.repeat * 3)
    pg = os.environ.get("TEST_DATABASE_URL")
    if pg:
        from calculator.storage import Store
        from calculator.storage.models import Base

        bench_store(pg, "PostgreSQL", args.repeat)
        store = Store(pg)
        Base.metadata.drop_all(store.engine)
        store.close()
    else:
        print("PostgreSQL: skipped (set TEST_DATABASE_URL, see scripts/postgres.sh)", file=sys.stderr)


if __name__ == "__main__":
    main()
