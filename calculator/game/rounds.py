"""Play or drop with 4 to 7 players (광팔이, gwangpalli; RULES.md §7).

Seats are listed anticlockwise. Only three play each deal; the dealer always
plays. From the dealer's right (the next seat anticlockwise) each player says
play or drop. When two non-dealers have said play, everyone still to choose is
forced out. When all but three have dropped, those still to choose must play.

Pagat's example, 5 players A (dealer) B C D E: B drops, C plays, D drops, so E
must play; had D played, E would be forced out; if B and C drop, D and E must play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ..errors import Problem
from .errors import GameError

PLAY, DROP = "play", "drop"
ACTIVE_PLAYERS = 3


def seats_from(seats: Sequence[str], first: str) -> list[str]:
    """The seats rotated so that ``first`` comes first (anticlockwise order)."""
    i = list(seats).index(first)
    return list(seats[i:]) + list(seats[:i])


@dataclass(frozen=True, slots=True)
class Round:
    """The outcome of one play-or-drop round.

    ``active``: the three players, in turn order (dealer first).
    ``chose_drop``: dropped by choice (paid nothing).
    ``forced_out``: forced to drop (paid for shown cards, RULES.md §7).
    ``forced_in``: had to play because all but three had dropped.
    ``choices``: every decision, ``{player: "play"|"drop"}``, dealer excluded.
    """

    dealer: str
    active: tuple[str, ...]
    chose_drop: tuple[str, ...]
    forced_out: tuple[str, ...]
    forced_in: tuple[str, ...]
    choices: Mapping[str, str]

    @property
    def sitting_out(self) -> tuple[str, ...]:
        return self.chose_drop + self.forced_out

    def to_json(self) -> dict:
        return {"dealer": self.dealer, "active": list(self.active),
                "chose_drop": list(self.chose_drop), "forced_out": list(self.forced_out),
                "forced_in": list(self.forced_in), "choices": dict(self.choices)}


def waiting_for(seats: Sequence[str], dealer: str, choices: Mapping[str, str]) -> str | None:
    """Who must say play or drop next, or None when the round is decided.

    Useful for a step-by-step round on a phone: ask that player, add the answer
    to ``choices`` and call again.
    """
    plays, order = 0, seats_from(seats, dealer)[1:]
    for i, player in enumerate(order):
        if plays == ACTIVE_PLAYERS - 1 or len(order) - i == ACTIVE_PLAYERS - 1 - plays:
            return None  # everyone left is forced (out or in)
        choice = choices.get(player)
        if choice not in (PLAY, DROP):
            return player
        plays += choice == PLAY
    return None


def play_or_drop(seats: Sequence[str], dealer: str, choices: Mapping[str, str],
                 field: str = "choices") -> Round:
    """Resolve the round from the players' choices.

    ``seats``: 4–7 names anticlockwise; ``choices``: ``{player: "play"|"drop"}``
    for the players who chose (forced players may be left out, or given the
    value they were forced to). Raises GameError naming the player when a
    choice is missing, unknown, given by the dealer, or contradicts a forced move.
    """
    problems: list[Problem] = []
    for player, choice in choices.items():
        if player not in seats:
            problems.append(Problem(f"{field}.{player}", "unknown-player",
                                    f"{player!r} is not at this table"))
        elif player == dealer and choice != PLAY:
            problems.append(Problem(f"{field}.{player}", "dealer-must-play",
                                    f"{player} deals and always plays"))
        elif choice not in (PLAY, DROP):
            problems.append(Problem(f"{field}.{player}", "bad-choice",
                                    f"{player}: choose 'play' or 'drop', not {choice!r}"))
    if problems:
        raise GameError(problems)
    active, chose_drop, forced_out, forced_in = [dealer], [], [], []
    plays, order = 0, seats_from(seats, dealer)[1:]
    for i, player in enumerate(order):
        left = len(order) - i
        given = choices.get(player)
        where = f"{field}.{player}"
        if plays == ACTIVE_PLAYERS - 1:
            if given == PLAY:
                problems.append(Problem(where, "forced-out",
                                        f"{player} cannot play: two players besides the dealer "
                                        f"({', '.join(active[1:])}) already play"))
            forced_out.append(player)
        elif left == ACTIVE_PLAYERS - 1 - plays:
            if given == DROP:
                problems.append(Problem(where, "forced-in",
                                        f"{player} must play: all but three players have dropped"))
            forced_in.append(player)
            active.append(player)
            plays += 1
        elif given is None:
            problems.append(Problem(where, "missing-choice",
                                    f"{player} has not said play or drop"))
        elif given == PLAY:
            active.append(player)
            plays += 1
        else:
            chose_drop.append(player)
    if problems:
        raise GameError(problems)
    decided = {p: PLAY for p in active[1:]}
    decided.update({p: DROP for p in chose_drop + forced_out})
    return Round(dealer, tuple(active), tuple(chose_drop), tuple(forced_out),
                 tuple(forced_in), decided)


def choices_for_active(seats: Sequence[str], dealer: str, active: Sequence[str],
                       field: str = "players") -> dict[str, str]:
    """The choices that lead to exactly ``active`` playing (the set is enough:
    everyone before the second non-dealer who plays and is not playing dropped
    by choice; everyone after is forced out). Raises GameError if impossible.
    """
    unknown = [p for p in active if p not in seats]
    if unknown or dealer not in active or len(set(active)) != ACTIVE_PLAYERS:
        raise GameError([Problem(field, "bad-active-players",
                                 f"the players of a deal are the dealer {dealer} and two others "
                                 f"from {', '.join(seats)}, not {', '.join(map(str, active))}")])
    return {p: (PLAY if p in active else DROP) for p in seats if p != dealer}
