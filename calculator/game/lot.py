"""The first dealer, chosen by lot (RULES.md §8).

Each player draws a card. At night the earliest month wins the deal, by day the
latest. Ties (same month) go by card rank bright > animal > ribbon > junk: at
night the lower card wins, by day the higher. Two cards of the same month and
kind (two plain junk) are a true tie: those players draw again.
"""

from __future__ import annotations

from typing import Mapping

from ..cards import Card, Kind, parse_card
from ..errors import Problem, UnknownCardError
from .errors import GameError, problem

TIMES = ("night", "day")
_RANK = {Kind.BRIGHT: 3, Kind.ANIMAL: 2, Kind.RIBBON: 1, Kind.JUNK: 0}


def lot_key(card: Card) -> tuple[int, int]:
    """(month, rank) with rank bright 3 > animal 2 > ribbon 1 > junk 0."""
    return (card.month, _RANK[card.kind])


def draw_lot(draws: Mapping[str, str], time: str = "night",
             field: str = "lot") -> str:
    """Return the player who deals first.

    ``draws`` maps each player to the code of the card drawn (``{"Ana": "3b"}``);
    ``time`` is ``"night"`` (earliest month, then lower card wins) or ``"day"``
    (latest month, then higher card). Raises GameError for an unknown card, a
    joker, a card drawn twice, or a true tie (same month and kind).
    """
    if time not in TIMES:
        raise problem(f"{field}.time", "bad-time", f"lot time must be night or day, not {time!r}")
    problems: list[Problem] = []
    cards: dict[str, Card] = {}
    seen: dict[str, str] = {}
    for player, code in draws.items():
        where = f"{field}.cards.{player}"
        try:
            card = parse_card(code)
        except UnknownCardError:
            problems.append(Problem(where, "unknown-card", f"{player} drew an unknown card {code!r}"))
            continue
        if card.is_joker:
            problems.append(Problem(where, "joker-in-lot",
                                    f"{player} drew the joker {card.code}; put it back and draw again"))
            continue
        if card.code in seen:
            problems.append(Problem(where, "duplicate-card",
                                    f"{player} and {seen[card.code]} cannot both have drawn {card.code}"))
            continue
        seen[card.code] = player
        cards[player] = card
    if problems:
        raise GameError(problems)
    if not cards:
        raise problem(f"{field}.cards", "no-draws", "nobody drew a card")
    pick = min if time == "night" else max
    best = pick(lot_key(c) for c in cards.values())
    winners = [p for p, c in cards.items() if lot_key(c) == best]
    if len(winners) > 1:
        names = " and ".join(winners)
        raise problem(f"{field}.cards", "lot-tie",
                      f"{names} drew cards of the same month and rank "
                      f"({', '.join(cards[p].code for p in winners)}): they draw again")
    return winners[0]
