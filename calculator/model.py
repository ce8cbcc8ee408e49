"""The valid hand (DESIGN.md "Hand"): what ``calculator.hand.parse_hand`` returns.

Everything here is already validated; see ``calculator.hand`` for the checks.
Counts are per active player; a player missing from a count mapping has 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Mapping, NamedTuple, Sequence

from .cards import BY_CODE, Card
from .errors import Problem
from .rules import ENDING_EVENTS, RuleSet
from .scoring import SAKE, PileScore, placements_open, score_mask

FIELDS = frozenset({
    "rules", "players", "dealer", "winner", "captured", "go", "first_go", "shakes",
    "bombs", "nagari_before", "sake_cup", "liable", "events", "sitting_out",
    "accept_unusual",
})
LIMITS = {"go": 20, "shakes": 3, "bombs": 3}  # the largest count a hand may give
MAX_NAGARI = 20
MAX_TABLE = 7
MAX_NAME = 40


def valid_name(name: object) -> bool:
    """A player's name: a string of 1 to ``MAX_NAME`` characters, not all space."""
    return isinstance(name, str) and 0 < len(name.strip()) <= MAX_NAME


class Piles(Mapping[str, tuple[Card, ...]]):
    """Each player's captured cards, ``{player: (Card, ...)}``, kept as their
    codes (``codes(player)``) and looked up as cards when first read: settling
    a hand reads only the masks. Equal to the plain dict of the same cards
    (``Mapping.__eq__``)."""

    __slots__ = ("_codes", "_cards")

    def __init__(self, codes: dict[str, Sequence[str]],
                 cards: dict[str, tuple[Card, ...]] | None = None) -> None:
        self._codes = codes  # known lower-case codes, claimed once, never changed
        self._cards: dict[str, tuple[Card, ...]] = {} if cards is None else cards

    @classmethod
    def of_cards(cls, cards: Mapping[str, tuple[Card, ...]]) -> Piles:
        """The piles of cards already looked up (the full validation's)."""
        return cls({p: tuple([c.code for c in pile]) for p, pile in cards.items()}, dict(cards))

    def codes(self, player: str) -> Sequence[str]:
        """The codes of ``player``'s cards, in the input's order."""
        return self._codes[player]

    def __getitem__(self, player: str) -> tuple[Card, ...]:
        cards = self._cards.get(player)
        if cards is None:
            cards = self._cards[player] = tuple(map(BY_CODE.__getitem__, self._codes[player]))
        return cards

    def __iter__(self) -> Iterator[str]:
        return iter(self._codes)

    def __len__(self) -> int:
        return len(self._codes)

    def __repr__(self) -> str:
        return repr(dict(self.items()))


@dataclass(frozen=True, slots=True)
class Event:
    """A §6 fixed-payment event: ``event`` id and the ``player`` it happened to."""

    event: str
    player: str


@dataclass(frozen=True, slots=True)
class Liable:
    """A dok-bak claim by the table (RULES.md §5): oe-myeon or shodang."""

    player: str
    reason: str
    last_card: bool = False  # oe-myeon on the player's last card (Pagat exception b)


@dataclass(frozen=True, slots=True)
class SittingOut:
    """A player who sat the deal out (RULES.md §7), with the cards they showed."""

    player: str
    cards: tuple[Card, ...]
    forced: bool
    shake: bool


class Hand(NamedTuple):
    """A valid finished hand. Counts are per active player (missing = 0).
    Immutable; a NamedTuple, which is made faster than a frozen dataclass.
    Two hands are equal when every field but ``masks`` and ``scored`` is."""

    rules: RuleSet
    players: tuple[str, ...]
    dealer: str
    winner: str | None
    captured: Piles
    go: Mapping[str, int]
    shakes: Mapping[str, int]
    bombs: Mapping[str, int]
    first_go: str | None
    nagari_before: int
    sake_cup: Mapping[str, str]
    liable: Liable | None
    events: tuple[Event, ...]
    sitting_out: tuple[SittingOut, ...]
    accept_unusual: bool
    warnings: tuple[Problem, ...]
    # each active player's captured pile as a card mask (calculator.cards.cards_mask)
    masks: Mapping[str, int]
    # the winner's pile scores from the stop checks, by (player, placement): a
    # memo, each hand its own dict; settlement starts its own memo from them
    scored: dict

    @classmethod
    def everyday(cls, rules: RuleSet, players: tuple[str, ...], dealer: str, winner: str | None,
                 captured: Piles, go: Mapping[str, int],
                 shakes: Mapping[str, int], bombs: Mapping[str, int], nagari_before: int,
                 accept_unusual: bool, masks: Mapping[str, int]) -> Hand:
        """A Hand with no first go, sake-cup choice, liability, events,
        sitting-out players or warnings (what the validation fast path,
        ``calculator.hand_fast``, makes)."""
        return cls(rules, players, dealer, winner, captured, go, shakes, bombs, None,
                   nagari_before, {}, None, (), (), accept_unusual, (), masks, {})

    def __eq__(self, other: object) -> bool:
        # never equal to a plain tuple, though a Hand is one
        return isinstance(other, Hand) and self[:_COMPARED] == other[:_COMPARED]

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = None  # type: ignore[assignment]  # it holds dicts

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields[:_COMPARED], self))
        return f"Hand({shown})"

    def pile_score(self, player: str, placement: str | None, memo: dict | None = None) -> PileScore:
        """The score of ``player``'s pile with ``9a`` placed as given, memoised in
        ``memo`` by (player, placement); by default in the hand's own ``scored``."""
        if memo is None:
            memo = self.scored
        key = (player, placement)
        score = memo.get(key)
        if score is None:
            mask = self.masks[player]
            score = memo[key] = score_mask(mask, self.rules, placement, mask.bit_count())
        return score

    def placements(self, player: str) -> tuple[str | None, ...]:
        """The sake-cup placements open to ``player``'s pile (RULES.md 2.4; see
        ``calculator.scoring.placements_for``)."""
        if not self.masks[player] & SAKE:
            return _NO_CUP
        return placements_open(True, self.rules, self.sake_cup.get(player))

    @property
    def n_players(self) -> int:
        return len(self.players)

    @property
    def ending_event(self) -> Event | None:
        """The chongtong or three-ppuk that ended the hand, if any."""
        if not self.events:
            return None
        return next((e for e in self.events if e.event in ENDING_EVENTS), None)

    @property
    def losers(self) -> tuple[str, ...]:
        winner = self.winner
        return tuple([p for p in self.players if p != winner]) if winner else ()


_NO_CUP = placements_open(False, None)  # a pile without the sake cup: nothing to place
_COMPARED = Hand._fields.index("masks")  # the fields before it take part in ==
