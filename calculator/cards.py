"""The hwatu deck: 48 cards plus jokers, and the public card codes.

Source: RULES.md §1. A code is the month number followed by the kind letter:
``b`` bright, ``a`` animal, ``r`` ribbon, ``d`` double junk, ``j1``/``j2`` junk;
jokers are ``jk1`` … ``jk6``. Codes are case-insensitive. Lists are space- or
comma-separated strings, or sequences of codes.

>>> format_cards(parse_cards("1B, 9a 11d"))
'1b 9a 11d'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Iterable, Sequence

from .errors import UnknownCardError


class Kind(str, enum.Enum):
    """The four card kinds, plus jokers (bonus junk)."""

    BRIGHT = "bright"
    ANIMAL = "animal"
    RIBBON = "ribbon"
    JUNK = "junk"
    JOKER = "joker"


class Ribbon(str, enum.Enum):
    """Ribbon colour sets (RULES.md §2: hongdan, cheongdan, chodan)."""

    HONGDAN = "hongdan"  # red poem ribbons 홍단
    CHEONGDAN = "cheongdan"  # blue ribbons 청단
    CHODAN = "chodan"  # plain red ribbons 초단
    PLAIN = "plain"  # 12r, in no set


@dataclass(frozen=True, slots=True)
class Month:
    number: int
    flower_en: str
    flower_ko: str


MONTHS: tuple[Month, ...] = (
    Month(1, "pine", "송학"),
    Month(2, "plum", "매조"),
    Month(3, "cherry", "벚꽃"),
    Month(4, "wisteria", "흑싸리"),
    Month(5, "iris", "난초"),
    Month(6, "peony", "모란"),
    Month(7, "bush clover", "홍싸리"),
    Month(8, "pampas", "공산"),
    Month(9, "chrysanthemum", "국화"),
    Month(10, "maple", "단풍"),
    Month(11, "paulownia", "오동"),
    Month(12, "willow/rain", "비"),
)


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card.

    ``junk_value`` is the card's worth in junk (피) when it counts as junk: 1 for
    plain junk, 2 for the double junk ``11d`` and ``12d``; 0 for other kinds. The
    sake cup ``9a`` is an animal whose junk value, when placed as junk, is 2.
    Jokers carry 0 here: their value comes from the ruleset (option ``jokers``).
    Cards are singletons (``DECK``, ``JOKERS``), so they compare by identity.
    """

    code: str
    month: int  # 1..12, 0 for jokers
    kind: Kind
    name_en: str
    name_ko: str
    ribbon: Ribbon | None = None
    junk_value: int = 0
    bird: bool = False  # one of the godori birds 2a 4a 8a

    @property
    def is_joker(self) -> bool:
        return self.kind is Kind.JOKER

    def __str__(self) -> str:
        return self.code


def _deck() -> tuple[Card, ...]:
    B, A, R, J = Kind.BRIGHT, Kind.ANIMAL, Kind.RIBBON, Kind.JUNK
    H, C, P, PL = Ribbon.HONGDAN, Ribbon.CHEONGDAN, Ribbon.CHODAN, Ribbon.PLAIN
    special = [
        Card("1b", 1, B, "crane", "학"),
        Card("1r", 1, R, "red poem ribbon", "홍단", H),
        Card("2a", 2, A, "bush warbler", "꾀꼬리", bird=True),
        Card("2r", 2, R, "red poem ribbon", "홍단", H),
        Card("3b", 3, B, "curtain", "벚꽃 광"),
        Card("3r", 3, R, "red poem ribbon", "홍단", H),
        Card("4a", 4, A, "cuckoo", "두견새", bird=True),
        Card("4r", 4, R, "plain red ribbon", "초단", P),
        Card("5a", 5, A, "bridge", "다리"),
        Card("5r", 5, R, "plain red ribbon", "초단", P),
        Card("6a", 6, A, "butterflies", "나비"),
        Card("6r", 6, R, "blue ribbon", "청단", C),
        Card("7a", 7, A, "boar", "멧돼지"),
        Card("7r", 7, R, "plain red ribbon", "초단", P),
        Card("8b", 8, B, "moon", "달"),
        Card("8a", 8, A, "geese", "기러기", bird=True),
        Card("9a", 9, A, "sake cup", "국진"),
        Card("9r", 9, R, "blue ribbon", "청단", C),
        Card("10a", 10, A, "deer", "사슴"),
        Card("10r", 10, R, "blue ribbon", "청단", C),
        Card("11b", 11, B, "phoenix", "봉황"),
        Card("11d", 11, J, "double junk (coloured)", "쌍피", junk_value=2),
        Card("12b", 12, B, "rain man", "비광"),
        Card("12a", 12, A, "swallow", "제비"),
        Card("12r", 12, R, "plain ribbon", "비 띠", PL),
        Card("12d", 12, J, "double junk (lightning)", "쌍피", junk_value=2),
    ]
    junk = [
        Card(f"{m}j{i}", m, J, "junk", "피", junk_value=1)
        for m in range(1, 12)
        for i in (1, 2)
    ]
    kind_order = {B: 0, A: 1, Kind.RIBBON: 2, J: 3}
    cards = special + junk
    cards.sort(key=lambda c: (c.month, kind_order[c.kind], c.code.endswith("j2"), c.code))
    return tuple(cards)


DECK: tuple[Card, ...] = _deck()
JOKERS: tuple[Card, ...] = tuple(
    Card(f"jk{i}", 0, Kind.JOKER, f"joker {i}", f"보너스피 {i}") for i in range(1, 7)
)
BY_CODE: dict[str, Card] = {c.code: c for c in DECK + JOKERS}
ORDER: dict[str, int] = {c.code: i for i, c in enumerate(DECK + JOKERS)}

# Every card is one bit of an int, in deck order then jokers: a set of cards is
# the sum (or the or) of their bits. Scoring and claim checks work on these masks.
BIT: dict[Card, int] = {c: 1 << i for i, c in enumerate(DECK + JOKERS)}
BIT_OF_CODE: dict[str, int] = {c.code: bit for c, bit in BIT.items()}
JOKER_BITS: int = sum(BIT[c] for c in JOKERS)


def cards_mask(cards: Iterable[Card]) -> int:
    """The sum of the cards' bits (``BIT``): their mask when they are distinct.

    A bit added twice carries, and a carry loses a set bit, so the sum has as
    many bits set as there are cards exactly when the cards are distinct."""
    return sum(map(BIT.__getitem__, cards))


def disjoint(piles: Iterable[tuple[Sequence[Card], int]]) -> bool:
    """True when no card is claimed twice among ``piles`` of (cards, ``cards_mask``):
    each pile's sum has a bit set per card, and the piles share no bit."""
    union = total = 0
    for cards, mask in piles:
        if mask.bit_count() != len(cards):
            return False
        total += len(cards)
        union |= mask
    return union.bit_count() == total

SAKE_CUP = BY_CODE["9a"]
RAIN_BRIGHT = BY_CODE["12b"]

def parse_card(code: str) -> Card:
    """Return the card for one code (case-insensitive, surrounding space ignored).

    Raises UnknownCardError naming the code. Whether a joker is in play is a
    ruleset question, checked by hand validation, not here.
    """
    if not isinstance(code, str):
        raise UnknownCardError(repr(code))
    card = BY_CODE.get(code.strip().lower())
    if card is None:
        raise UnknownCardError(code.strip())
    return card


def split_codes(text: str | Sequence[str]) -> list[str]:
    """Split a card list into raw codes without checking them."""
    if isinstance(text, str):
        return text.replace(",", " ").split()
    return list(text)


def parse_cards(text: str | Sequence[str]) -> tuple[Card, ...]:
    """Parse ``"1b 9a, 11d"`` or ``["1b", "9a"]`` into cards, in the given order.

    Raises UnknownCardError for the first unknown code. Duplicates are kept
    (validation reports them with the player's name).
    """
    return tuple(parse_card(c) for c in split_codes(text))


def format_cards(cards: Iterable[Card]) -> str:
    """The compact notation: codes separated by single spaces."""
    return " ".join(c.code for c in cards)


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in deck order (month, then bright, animal, ribbon, junk; jokers last)."""
    return sorted(cards, key=lambda c: ORDER[c.code])
