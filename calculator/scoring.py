"""Points of one player's captured cards (족보, RULES.md §2).

Each combination is one small unit registered with ``@combination``; the
registry ``COMBINATIONS`` is the only list of them. A unit receives a
``PileView`` (the pile as bit masks, with the sake cup placed) and the
ruleset, and returns ``(points, cards)`` (the cards as a mask) or ``None``;
the registry adds the id and whether the points count towards stopping, and
scoring makes the ``Combination``. Everything here is in *points*.

The sake cup ``9a`` (RULES.md 2.4) counts as an animal or as double junk; a
``PileView`` is built for one placement: ``"animal"``, ``"junk"`` or ``"both"``.
"""

from __future__ import annotations

from typing import Callable, NamedTuple, Sequence

from .cards import BIT, BY_CODE, DECK, JOKERS, Card, Kind, SAKE_CUP, cards_mask
from .rules import RuleSet

PLACEMENTS = ("animal", "junk")


class Combination(NamedTuple):
    """One scoring combination of a pile: rule ``id``, ``points`` and the cards
    (``mask``, see ``BIT``; ``cards`` gives their codes in deck order)."""

    id: str
    points: int
    mask: int
    stop: bool = True  # counts towards the stop minimum (bonus sets do not)

    @property
    def cards(self) -> tuple[str, ...]:
        return codes_in(self.mask)

    def to_json(self) -> dict:
        return {"id": self.id, "points": self.points, "cards": list(self.cards)}


# Every card is one bit of an int: a pile is a mask, a set is ``mask & SET == SET``.
ALL_CARDS: tuple[Card, ...] = DECK + JOKERS
CODE_OF_BIT: dict[int, str] = {bit: c.code for c, bit in BIT.items()}


def mask_of(codes: Sequence[str]) -> int:
    return sum(BIT[BY_CODE[c]] for c in codes)


def _mask_where(test: Callable[[Card], bool]) -> int:
    return sum(BIT[c] for c in ALL_CARDS if test(c))


BRIGHTS = _mask_where(lambda c: c.kind is Kind.BRIGHT)
ANIMALS = _mask_where(lambda c: c.kind is Kind.ANIMAL)
RIBBONS = _mask_where(lambda c: c.kind is Kind.RIBBON)
SINGLE_JUNK = _mask_where(lambda c: c.kind is Kind.JUNK and c.junk_value == 1)
DOUBLE_JUNK = _mask_where(lambda c: c.kind is Kind.JUNK and c.junk_value == 2)
JOKER_BITS = _mask_where(lambda c: c.kind is Kind.JOKER)
ANY_JUNK = SINGLE_JUNK | DOUBLE_JUNK | JOKER_BITS
SAKE = BIT[SAKE_CUP]
RAIN = BIT[BY_CODE["12b"]]


def codes_in(mask: int) -> tuple[str, ...]:
    """The codes of the cards in ``mask``, in deck order."""
    codes = []
    while mask:
        low = mask & -mask
        codes.append(CODE_OF_BIT[low])
        mask ^= low
    return tuple(codes)


class PileView(NamedTuple):
    """A pile for one sake-cup placement, as card masks (see ``BIT``):
    ``animals`` and ``junk`` include ``9a`` as placed. ``junk_value`` is in junk."""

    mask: int
    animals: int
    junk: int
    junk_value: int
    n_brights: int
    n_animals: int
    n_ribbons: int


class PileScore(NamedTuple):
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
        for combo in self.combinations:  # a loop, not any(): this is on the hot path
            if combo.id == combo_id:
                return True
        return False

    @property
    def bright_set(self) -> bool:
        """True when a bright combination scored (gwang-bak condition)."""
        for combo in self.combinations:
            if combo.id in BRIGHT_SETS:
                return True
        return False

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


Found = tuple[int, int]  # what a unit found: (points, the cards as a mask)
Unit = Callable[[PileView, RuleSet], "Found | None"]
COMBINATIONS: dict[str, Unit] = {}
BRIGHT_SETS = ("five-brights", "four-brights", "three-brights", "rain-three-brights")


_NEEDS: dict[str, tuple[int, int]] = {}
_OPTION: dict[str, str] = {}
_BONUS: set[str] = set()  # combinations whose points do not count towards stopping


def combination(combo_id: str, needs: str | None = None, at_least: int = 0,
                option: str | None = None, stop: bool = True) -> Callable[[Unit], Unit]:
    """Register a scoring unit under its RULES.md id. ``needs`` names a PileView
    count that must be at least ``at_least`` for the unit to be able to score;
    ``option`` names a RuleSet option that must be on (not 0) for it to score.
    Scoring skips the unit otherwise (a shortcut, not a rule). ``stop=False``:
    the points do not count towards the stop minimum (a bonus set)."""

    def register(unit: Unit) -> Unit:
        COMBINATIONS[combo_id] = unit
        if not stop:
            _BONUS.add(combo_id)
        if needs is not None:
            _NEEDS[combo_id] = (PileView._fields.index(needs), at_least)
        if option is not None:
            _OPTION[combo_id] = option
        return unit

    return register


def _set(codes: Sequence[str]) -> int:
    return mask_of(codes)


@combination("five-brights", needs="n_brights", at_least=3)
def five_brights(view: PileView, rules: RuleSet) -> Found | None:
    if view.n_brights == 5:
        return 15, view.mask & BRIGHTS
    return None


@combination("four-brights", needs="n_brights", at_least=3)
def four_brights(view: PileView, rules: RuleSet) -> Found | None:
    if view.n_brights == 4:
        points = rules.four_brights_with_rain if view.mask & RAIN == RAIN else 4
        return points, view.mask & BRIGHTS
    return None


@combination("three-brights", needs="n_brights", at_least=3)
def three_brights(view: PileView, rules: RuleSet) -> Found | None:
    if view.n_brights == 3 and not view.mask & RAIN == RAIN:
        return 3, view.mask & BRIGHTS
    return None


@combination("rain-three-brights", needs="n_brights", at_least=3)
def rain_three_brights(view: PileView, rules: RuleSet) -> Found | None:
    if view.n_brights == 3 and view.mask & RAIN == RAIN:
        return 2, view.mask & BRIGHTS
    return None


GODORI = _set(("2a", "4a", "8a"))


@combination("godori", needs="n_animals", at_least=3)
def godori(view: PileView, rules: RuleSet) -> Found | None:
    if view.mask & GODORI == GODORI:
        return rules.godori_points, GODORI
    return None


@combination("animals", needs="n_animals", at_least=5)
def animals(view: PileView, rules: RuleSet) -> Found | None:
    n = view.n_animals
    return (n - 4, view.animals) if n >= 5 else None


HONGDAN = _set(("1r", "2r", "3r"))
CHEONGDAN = _set(("6r", "9r", "10r"))
CHODAN = _set(("4r", "5r", "7r"))  # 12r is in no set


@combination("hongdan", needs="n_ribbons", at_least=3)
def hongdan(view: PileView, rules: RuleSet) -> Found | None:
    return (3, HONGDAN) if view.mask & HONGDAN == HONGDAN else None


@combination("cheongdan", needs="n_ribbons", at_least=3)
def cheongdan(view: PileView, rules: RuleSet) -> Found | None:
    return (3, CHEONGDAN) if view.mask & CHEONGDAN == CHEONGDAN else None


@combination("chodan", needs="n_ribbons", at_least=3)
def chodan(view: PileView, rules: RuleSet) -> Found | None:
    return (3, CHODAN) if view.mask & CHODAN == CHODAN else None


@combination("ribbons", needs="n_ribbons", at_least=5)
def ribbons(view: PileView, rules: RuleSet) -> Found | None:
    n = view.n_ribbons
    return (n - 4, view.mask & RIBBONS) if n >= 5 else None


@combination("junk", needs="junk_value", at_least=10)
def junk(view: PileView, rules: RuleSet) -> Found | None:
    if view.junk_value >= 10:
        return view.junk_value - 9, view.junk
    return None


VIP = _set(("9a", "11d", "12d"))


@combination("vip", option="vip_points", stop=False)
def vip(view: PileView, rules: RuleSet) -> Found | None:
    """Pagat variant: 9a, 11d and 12d together; not counted towards stopping."""
    if rules.vip_points and view.mask & VIP == VIP:
        return rules.vip_points, VIP
    return None


PALSSARI = _set(("4a", "4r", "4j1", "4j2", "7a", "7r", "7j1", "7j2"))


@combination("palssari", option="palssari_points", stop=False)
def palssari(view: PileView, rules: RuleSet) -> Found | None:
    """Pagat variant: all of April and July; not counted towards stopping."""
    if rules.palssari_points and view.mask & PALSSARI == PALSSARI:
        return rules.palssari_points, PALSSARI
    return None


def view_pile(cards: Sequence[Card], rules: RuleSet, placement: str | None) -> PileView:
    """A pile's masks, placing ``9a`` as ``placement`` (animal/junk/both)."""
    return view_mask(cards_mask(cards), rules, placement)


# NamedTuples built straight from a tuple, skipping the generated __new__ (hot path)
_new = tuple.__new__


def view_mask(mask: int, rules: RuleSet, placement: str | None) -> PileView:
    """``view_pile`` for a pile given as its mask."""
    animal_mask = mask & ANIMALS
    junk_mask = mask & ANY_JUNK
    value = (mask & SINGLE_JUNK).bit_count() + 2 * (mask & DOUBLE_JUNK).bit_count()
    if mask & SAKE and placement is not None and placement != "animal":
        junk_mask |= SAKE
        value += 2
        if placement != "both":
            animal_mask ^= SAKE
    if mask & JOKER_BITS:
        value += sum(rules.joker_value(code) or 0 for code in codes_in(mask & JOKER_BITS))
    return _new(PileView, (mask, animal_mask, junk_mask, value, (mask & BRIGHTS).bit_count(),
                           animal_mask.bit_count(), (mask & RIBBONS).bit_count()))


# (PileView field, at_least, ((combination id, counts for stopping, unit), ...)), ...
Plan = tuple[tuple[int, int, tuple[tuple[str, bool, Unit], ...]], ...]
_PLANS: dict[int, tuple[RuleSet, Plan]] = {}


def _plan(rules: RuleSet) -> Plan:
    """The units that can score under ``rules``, grouped by their guard
    ``(PileView field, at_least)``: registry order within a group, groups in
    order of first appearance. Cached per ruleset."""
    cached = _PLANS.get(id(rules))
    if cached is not None and cached[0] is rules:
        return cached[1]
    groups: dict[tuple[int, int], list[tuple[str, bool, Unit]]] = {}
    for cid, unit in COMBINATIONS.items():
        option = _OPTION.get(cid)
        if option is None or getattr(rules, option):
            groups.setdefault(_NEEDS.get(cid, (0, 0)), []).append((cid, cid not in _BONUS, unit))
    plan = tuple((field, at_least, tuple(units)) for (field, at_least), units in groups.items())
    if len(_PLANS) > 64:
        _PLANS.clear()
    _PLANS[id(rules)] = (rules, plan)
    return plan


def placements_for(cards: Sequence[Card], rules: RuleSet, fixed: str | None = None) -> tuple[str | None, ...]:
    """The sake-cup placements open to a pile: ``(None,)`` without ``9a``; the
    ruleset's fixed mode; the input's fixed placement; else animal and junk."""
    return placements_open(SAKE_CUP in cards, rules, fixed)


def placements_open(has_sake_cup: bool, rules: RuleSet, fixed: str | None = None) -> tuple[str | None, ...]:
    """``placements_for`` a pile that holds ``9a`` or not."""
    if not has_sake_cup:
        return (None,)
    if rules.sake_cup != "either":
        return (rules.sake_cup,)
    if fixed is not None:
        return (fixed,)
    return PLACEMENTS


def score_placement(cards: Sequence[Card], rules: RuleSet, placement: str | None) -> PileScore:
    """Score a pile with ``9a`` placed as given (ignored when there is no ``9a``)."""
    return score_mask(cards_mask(cards), rules, placement, len(cards))


def score_mask(mask: int, rules: RuleSet, placement: str | None, n_cards: int) -> PileScore:
    """``score_placement`` for a pile of ``n_cards`` distinct cards given as its
    mask (``calculator.cards.cards_mask``)."""
    if not mask & SAKE:
        placement = None
    view = view_mask(mask, rules, placement)
    combos = []
    points = stop_points = 0
    for field, at_least, units in _plan(rules):
        if view[field] >= at_least:
            for cid, stop, unit in units:
                found = unit(view, rules)
                if found is not None:
                    value, cards = found
                    combos.append(_new(Combination, (cid, value, cards, stop)))
                    points += value
                    if stop:
                        stop_points += value
    return _new(PileScore, (points, stop_points, tuple(combos), view.n_brights, view.n_animals,
                            view.n_ribbons, view.junk_value, placement, n_cards))


def score_pile(cards: Sequence[Card], rules: RuleSet, sake_cup: str | None = None) -> PileScore:
    """Score one pile (RULES.md §2). ``sake_cup`` fixes the ``9a`` placement;
    otherwise the placement with the most points is used (ties: animal).

    Returns a PileScore (points). Cards must already be valid (see calculator.hand).
    """
    return best_score([score_placement(cards, rules, p) for p in placements_for(cards, rules, sake_cup)])


def best_score(scores: Sequence[PileScore]) -> PileScore:
    """The score with the most points (ties: the sake cup as an animal)."""
    if len(scores) == 1:
        return scores[0]
    return max(scores, key=lambda s: (s.points, s.sake_cup == "animal"))
