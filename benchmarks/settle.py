"""Settle 10,000 random valid hands and print hands per second (one core).

Targets (issue 2): at least 20,000 hands/s for validation + settlement, and a
start-up time of ``gostop score`` on one example under 0.3 s.

    python benchmarks/settle.py [--hands 10000] [--seed 1] [--deals played|split]
                                [--only winner|nagari]

The hands (``--deals``):

- ``played`` (the default): deals played out roughly as at a table. Players
  take turns capturing 0 to 4 cards from a shuffled deck; a player whose stop
  points reach the stop minimum (+ one per go said) says go 40% of the time
  and otherwise stops. The deck running out is a nagari (about one hand in ten).
  Losers who said go make go-bak and dok-bak hands; two such losers need
  ``first_go``, which sends the hand through the full validation.
- ``split``: a random 20 to 48 cards split among the players, the winner the
  one with the most stop points. Most fall short of the stop minimum, so about
  two hands in three are nagari, which cost about half as much.

Scoring remembers, per ruleset, what the units of a small card mask found
(``calculator.scoring``); it fills within the first round, and ``--rounds 1``
shows the figure from a cold start.

``--only winner`` times hands with a winner alone (the sake cup and pi-bak
choices and the payments), ``--only nagari`` the nagari alone.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from calculator.cards import DECK
from calculator.errors import InvalidHandError
from calculator.hand import parse_hand
from calculator.scoring import score_pile
from calculator.rules import PRESETS
from calculator.settlement import settle

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["Ana", "Bo", "Chul"]


def played_hand(rng: random.Random, go_chance: float = 0.4) -> dict:
    """A random valid hand played out roughly as at a table (see the module
    docstring): captures in turn until someone stops, or a nagari."""
    preset = rng.choice(list(PRESETS))
    rules = PRESETS[preset]
    n = rng.choice((2, 3))
    players = NAMES[:n]
    minimum = rules.stop_min(n)
    deck = list(DECK)
    rng.shuffle(deck)
    piles: dict[str, list] = {p: [] for p in players}
    go = {p: 0 for p in players}
    goers: list[str] = []  # who said go, in order
    winner = None
    turn = 0
    while deck and winner is None:
        player = players[turn % n]
        turn += 1
        take = rng.choice(CAPTURES)
        if not take:
            continue
        piles[player] += deck[:take]
        del deck[:take]
        if score_pile(piles[player], rules).stop_points >= minimum + go[player]:
            if deck and rng.random() < go_chance:
                go[player] += 1
                goers.append(player)
            else:
                winner = player
    hand = {
        "rules": preset,
        "players": players,
        "winner": winner,
        "captured": {p: " ".join(c.code for c in pile) for p, pile in piles.items()},
        "go": {p: count for p, count in go.items() if count and winner},
        "nagari_before": rng.choice((0, 0, 0, 1, 2, 3)),
    }
    if winner:
        hand["shakes"] = {winner: rng.choice((0, 0, 0, 1, 2))}
        hand["bombs"] = {winner: rng.choice((0, 0, 0, 1))}
        if n == 3 and all(go[p] for p in players if p != winner):
            hand["first_go"] = next(p for p in goers if p != winner)
    return hand


CAPTURES = (0, 0, 2, 2, 2, 3, 4)  # cards taken in one turn


def split_hand(rng: random.Random) -> dict:
    """A random valid hand: 20 to 48 cards split among 2–3 players, the winner the one
    with the most stop points, go counts that the points allow (a nagari when
    nobody reached the stop minimum)."""
    preset = rng.choice(list(PRESETS))
    rules = PRESETS[preset]
    n = rng.choice((2, 3))
    players = NAMES[:n]
    cards = list(DECK)
    rng.shuffle(cards)
    take = rng.randint(20, 48)
    piles = {p: cards[i:take:n] for i, p in enumerate(players)}
    stops = {p: score_pile(piles[p], rules).stop_points for p in players}
    winner = max(players, key=stops.get)
    minimum = rules.stop_min(n)
    hand = {
        "rules": preset,
        "players": players,
        "winner": winner if stops[winner] >= minimum else None,
        "captured": {p: " ".join(c.code for c in pile) for p, pile in piles.items()},
        "go": {},
        "shakes": {winner: rng.choice((0, 0, 0, 1, 2))},
        "bombs": {winner: rng.choice((0, 0, 0, 1))},
        "nagari_before": rng.choice((0, 0, 0, 1, 2, 3)),
    }
    if hand["winner"]:
        hand["go"][winner] = rng.randint(0, stops[winner] - minimum)
        losers = [p for p in players if p != winner]
        if n == 3 and rng.random() < 0.3:
            hand["go"][losers[0]] = 1
    return hand


def _best(run, rounds: int) -> float:
    """The shortest of ``rounds`` runs of ``run()``, in seconds."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


DEALS = {"played": played_hand, "split": split_hand}


def random_hands(count: int, seed: int, only: str | None = None,
                 deals: str = "played") -> list[dict]:
    """``count`` random valid hands made by ``DEALS[deals]``; ``only`` keeps those
    with a winner or the nagari."""
    rng = random.Random(seed)
    deal = DEALS[deals]
    hands: list[dict] = []
    while len(hands) < count:
        hand = deal(rng)
        if only is None or (only == "winner") == (hand["winner"] is not None):
            hands.append(hand)
    return hands


def bench_settle(hands: list[dict], rounds: int = 3) -> dict[str, float]:
    """Hands per second, best of ``rounds``:

    - ``settle``: validate + settle each hand, as the command line and the web
      app do (each result is dropped before the next hand): the issue's target;
    - ``json``: the same, and the settlement JSON of each;
    - ``kept``: validate + settle keeping every result in a list. It
      also pays for Python's cyclic garbage collector scanning the results held,
      which grows with how many are kept, not with the work of settling.
    """
    count = len(hands)

    def each() -> None:
        for data in hands:
            settle(parse_hand(data))

    def each_json() -> None:
        for data in hands:
            settle(parse_hand(data)).to_json()

    def kept() -> None:
        results = [settle(parse_hand(data)) for data in hands]
        del results

    return {name: count / _best(run, rounds)
            for name, run in (("settle", each), ("json", each_json), ("kept", kept))}


def bench_startup(runs: int = 7) -> float | None:
    exe = shutil.which("gostop")
    if exe is None:
        return None
    example = next(iter(sorted((ROOT / "examples").glob("*.json"))), None)
    if example is None:
        return None
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([exe, "score", str(example)], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--deals", choices=tuple(DEALS), default="played",
                        help="played out in turns (default) or a random split of the deck")
    parser.add_argument("--only", choices=("winner", "nagari"),
                        help="time only hands with a winner, or only nagari")
    args = parser.parse_args()
    hands = random_hands(args.hands, args.seed, args.only, args.deals)
    winners = sum(1 for hand in hands if hand["winner"])
    try:
        rates = bench_settle(hands, args.rounds)
    except InvalidHandError as exc:  # the generator must only make valid hands
        sys.exit(f"generator made an invalid hand: {exc}")
    print(f"settle (validate + settle): {args.hands} hands, {rates['settle']:,.0f} hands/s, "
          f"best of {args.rounds} (target >= 20,000)")
    print(f"  the hands ({args.deals} deals): {winners:,} with a winner, "
          f"{len(hands) - winners:,} nagari")
    print(f"settle + settlement JSON: {rates['json']:,.0f} hands/s")
    print(f"settle, keeping all {args.hands} results: {rates['kept']:,.0f} hands/s "
          "(includes the garbage collector scanning the results kept)")
    startup = bench_startup()
    if startup is None:
        print("gostop score start-up: skipped (no gostop on PATH or no examples/)")
    else:
        print(f"gostop score start-up: {startup:.3f} s median of 7 (target < 0.3 s)")


if __name__ == "__main__":
    main()
