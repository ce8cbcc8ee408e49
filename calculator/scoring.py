"""Points of one player's captured cards (족보, RULES.md §2).

Each combination is one small unit registered with ``@combination``; the
registry ``COMBINATIONS`` is the only list of them. A unit receives a
``PileView`` (the pile sorted by kind, with the sake cup placed) and the
ruleset, and returns a ``Combination`` or ``None``. Everything here is in
*points*.

The sake cup ``9a`` (RULES.md 2.4) counts as an animal or as double junk; a
``PileView`` is built for one placement: ``"animal"``, ``"junk"`` or ``"both"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from .cards import Card, Kind, Ribbon, SAKE_CUP
from .rules import RuleSet

PLACEMENTS = ("animal", "junk")


@dataclass(frozen=True, slots=True)
class Combination:
    """One scoring combination of a pile: rule ``id``, ``points`` and the cards."""

    id: str
    points: int
    cards: tuple[str, ...]
    stop: bool = True  # counts towards the stop minimum (bonus sets do not)

    def to_json(self) -> dict:
        return {"id": self.id, "points": self.points, "cards": list(self.cards)}


@dataclass(frozen=True, slots=True)
class PileView:
    """A pile split by kind for one sake-cup placement. ``junk_value`` in junk."""

    brights: tuple[Card, ...]
    animals: tuple[Card, ...]
    ribbons: tuple[Card, ...]
    junk: tuple[Card, ...]
    junk_value: int
    codes: frozenset[str]


@dataclass(frozen=True, slots=True)
class PileScore:
    """The score of one pile: total ``points``, ``stop_points`` (points that count
    towards stopping), the ``combinations``, the counts (``junk`` is a value) and
    the sake cup placement used (``None`` when the pile has no ``9a``)."""

    points: int
    stop_points: int
    combinations: tuple[Combination, ...]
    brights: int
    animals: int
    ribbons: int
    junk: int
    sake_cup: str | None
    n_cards: int

    def has(self, combo_id: str) -> bool:
        return any(c.id == combo_id for c in self.combinations)

    @property
    def bright_set(self) -> bool:
        """True when a bright combination scored (gwang-bak condition)."""
        return any(c.id in BRIGHT_SETS for c in self.combinations)

    def to_json(self) -> dict:
        return {
            "points": self.points,
            "stop_points": self.stop_points,
            "combinations": [c.to_json() for c in self.combinations],
            "sake_cup": self.sake_cup,
            "brights": self.brights,
            "animals": self.animals,
            "ribbons": self.ribbons,
            "junk": self.junk,
        }


Unit = Callable[[PileView, RuleSet], "Combination | None"]
COMBINATIONS: dict[str, Unit] = {}
BRIGHT_SETS = ("five-brights", "four-brights", "three-brights", "rain-three-brights")


def combination(combo_id: str) -> Callable[[Unit], Unit]:
    """Register a scoring unit under its RULES.md id."""

    def register(unit: Unit) -> Unit:
        COMBINATIONS[combo_id] = unit
        return unit

    return register


def _codes(cards: Iterable[Card]) -> tuple[str, ...]:
    return tuple(c.code for c in cards)


def _has_rain(view: PileView) -> bool:
    return "12b" in view.codes


@combination("five-brights")
def five_brights(view: PileView, rules: RuleSet) -> Combination | None:
    if len(view.brights) == 5:
        return Combination("five-brights", 15, _codes(view.brights))
    return None


@combination("four-brights")
def four_brights(view: PileView, rules: RuleSet) -> Combination | None:
    if len(view.brights) == 4:
        points = rules.four_brights_with_rain if _has_rain(view) else 4
        return Combination("four-brights", points, _codes(view.brights))
    return None


@combination("three-brights")
def three_brights(view: PileView, rules: RuleSet) -> Combination | None:
    if len(view.brights) == 3 and not _has_rain(view):
        return Combination("three-brights", 3, _codes(view.brights))
    return None


@combination("rain-three-brights")
def rain_three_brights(view: PileView, rules: RuleSet) -> Combination | None:
    if len(view.brights) == 3 and _has_rain(view):
        return Combination("rain-three-brights", 2, _codes(view.brights))
    return None


@combination("godori")
def godori(view: PileView, rules: RuleSet) -> Combination | None:
    birds = [c for c in view.animals if c.bird]
    if len(birds) == 3:
        return Combination("godori", rules.godori_points, _codes(birds))
    return None


@combination("animals")
def animals(view: PileView, rules: RuleSet) -> Combination | None:
    n = len(view.animals)
    return Combination("animals", n - 4, _codes(view.animals)) if n >= 5 else None


def _ribbon_set(view: PileView, colour: Ribbon, combo_id: str) -> Combination | None:
    cards = [c for c in view.ribbons if c.ribbon is colour]
    return Combination(combo_id, 3, _codes(cards)) if len(cards) == 3 else None


@combination("hongdan")
def hongdan(view: PileView, rules: RuleSet) -> Combination | None:
    return _ribbon_set(view, Ribbon.HONGDAN, "hongdan")


@combination("cheongdan")
def cheongdan(view: PileView, rules: RuleSet) -> Combination | None:
    return _ribbon_set(view, Ribbon.CHEONGDAN, "cheongdan")


@combination("chodan")
def chodan(view: PileView, rules: RuleSet) -> Combination | None:
    return _ribbon_set(view, Ribbon.CHODAN, "chodan")


@combination("ribbons")
def ribbons(view: PileView, rules: RuleSet) -> Combination | None:
    n = len(view.ribbons)
    return Combination("ribbons", n - 4, _codes(view.ribbons)) if n >= 5 else None


@combination("junk")
def junk(view: PileView, rules: RuleSet) -> Combination | None:
    if view.junk_value >= 10:
        return Combination("junk", view.junk_value - 9, _codes(view.junk))
    return None


@combination("vip")
def vip(view: PileView, rules: RuleSet) -> Combination | None:
    """Pagat variant: 9a, 11d and 12d together; not counted towards stopping."""
    if rules.vip_points and {"9a", "11d", "12d"} <= view.codes:
        return Combination("vip", rules.vip_points, ("9a", "11d", "12d"), stop=False)
    return None


_PALSSARI = ("4a", "4r", "4j1", "4j2", "7a", "7r", "7j1", "7j2")


@combination("palssari")
def palssari(view: PileView, rules: RuleSet) -> Combination | None:
    """Pagat variant: all of April and July; not counted towards stopping."""
    if rules.palssari_points and view.codes.issuperset(_PALSSARI):
        return Combination("palssari", rules.palssari_points, _PALSSARI, stop=False)
    return None


def view_pile(cards: Sequence[Card], rules: RuleSet, placement: str | None) -> PileView:
    """Split a pile by kind, placing ``9a`` as ``placement`` (animal/junk/both)."""
    brights: list[Card] = []
    animal_cards: list[Card] = []
    ribbon_cards: list[Card] = []
    junk_cards: list[Card] = []
    value = 0
    for card in cards:
        kind = card.kind
        if kind is Kind.JUNK:
            junk_cards.append(card)
            value += card.junk_value
        elif kind is Kind.ANIMAL:
            if card is SAKE_CUP and placement != "animal":
                junk_cards.append(card)
                value += 2
                if placement != "both":
                    continue
            animal_cards.append(card)
        elif kind is Kind.RIBBON:
            ribbon_cards.append(card)
        elif kind is Kind.BRIGHT:
            brights.append(card)
        else:  # joker
            junk_cards.append(card)
            value += rules.joker_value(card.code) or 0
    return PileView(
        tuple(brights), tuple(animal_cards), tuple(ribbon_cards), tuple(junk_cards),
        value, frozenset(c.code for c in cards),
    )


def placements_for(cards: Sequence[Card], rules: RuleSet, fixed: str | None = None) -> tuple[str | None, ...]:
    """The sake-cup placements open to a pile: ``(None,)`` without ``9a``; the
    ruleset's fixed mode; the input's fixed placement; else animal and junk."""
    if SAKE_CUP not in cards:
        return (None,)
    if rules.sake_cup != "either":
        return (rules.sake_cup,)
    if fixed is not None:
        return (fixed,)
    return PLACEMENTS


def score_view(view: PileView, rules: RuleSet, placement: str | None, n_cards: int) -> PileScore:
    combos = []
    for unit in COMBINATIONS.values():
        combo = unit(view, rules)
        if combo is not None:
            combos.append(combo)
    points = sum(c.points for c in combos)
    stop_points = sum(c.points for c in combos if c.stop)
    return PileScore(
        points, stop_points, tuple(combos), len(view.brights), len(view.animals),
        len(view.ribbons), view.junk_value, placement, n_cards,
    )


def score_placement(cards: Sequence[Card], rules: RuleSet, placement: str | None) -> PileScore:
    """Score a pile with ``9a`` placed as given (ignored when there is no ``9a``)."""
    if SAKE_CUP not in cards:
        placement = None
    return score_view(view_pile(cards, rules, placement), rules, placement, len(cards))


def score_pile(cards: Sequence[Card], rules: RuleSet, sake_cup: str | None = None) -> PileScore:
    """Score one pile (RULES.md §2). ``sake_cup`` fixes the ``9a`` placement;
    otherwise the placement with the most points is used (ties: animal).

    Returns a PileScore (points). Cards must already be valid (see calculator.hand).
    """
    options = placements_for(cards, rules, sake_cup)
    scores = [score_placement(cards, rules, p) for p in options]
    return max(scores, key=lambda s: (s.points, s.sake_cup == "animal"))
