"""Points of one player's captured cards (족보, RULES.md §2).

Each combination is one small unit registered with ``@combination``; the
registry ``COMBINATIONS`` is the only list of them. A unit receives a
``PileView`` (the pile as bit masks, with the sake cup placed) and the
ruleset, and returns ``(points, cards)`` (the cards as a mask) or ``None``;
the registry adds the id and whether the points count towards stopping, and
scoring makes the ``Combination``. Everything here is in *points*.

A unit also declares the one PileView field it ``reads``: its answer depends
on that field and the ruleset alone. Scoring remembers, per ruleset, what the
units reading a small mask (``brights``, ``animals``, ``ribbons``: at most
2**10 values each) found for each value, so most piles are scored by looking
up three masks (a cache, not a rule: tests/core/test_scoring.py checks it
against the units called directly).

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
    """A pile for one sake-cup placement, as card masks (see ``BIT``): the
    whole pile and each kind's cards; ``animals`` and ``junk`` hold ``9a`` as
    placed. ``junk_value`` is in junk (a function of ``junk`` under one ruleset)."""

    mask: int
    brights: int
    animals: int
    ribbons: int
    junk: int
    junk_value: int


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


_READS: dict[str, int] = {}  # combination id -> the index of the PileView field it reads
_NEEDS: dict[str, tuple[int, int]] = {}  # combination id -> (PileView field index, at least)
_OPTION: dict[str, str] = {}
_BONUS: set[str] = set()  # combinations whose points do not count towards stopping


def combination(combo_id: str, reads: str, needs: str = "mask", at_least: int = 0,
                option: str | None = None, stop: bool = True) -> Callable[[Unit], Unit]:
    """Register a scoring unit under its RULES.md id. ``reads`` names the one
    PileView field the unit's answer depends on (with the ruleset). ``needs``
    names a PileView count that must be at least ``at_least``, and ``option``
    a RuleSet option that must be on (not 0), for the unit to be able to
    score; scoring skips the unit otherwise (a shortcut, not a rule).
    ``stop=False``: the points do not count towards the stop minimum (a bonus set)."""

    def register(unit: Unit) -> Unit:
        COMBINATIONS[combo_id] = unit
        _READS[combo_id] = PileView._fields.index(reads)
        _NEEDS[combo_id] = (PileView._fields.index(needs), at_least)
        if not stop:
            _BONUS.add(combo_id)
        if option is not None:
            _OPTION[combo_id] = option
        return unit

    return register


def _set(codes: Sequence[str]) -> int:
    return mask_of(codes)


@combination("five-brights", reads="brights")
def five_brights(view: PileView, rules: RuleSet) -> Found | None:
    if view.brights.bit_count() == 5:
        return 15, view.brights
    return None


@combination("four-brights", reads="brights")
def four_brights(view: PileView, rules: RuleSet) -> Found | None:
    if view.brights.bit_count() == 4:
        points = rules.four_brights_with_rain if view.brights & RAIN else 4
        return points, view.brights
    return None


@combination("three-brights", reads="brights")
def three_brights(view: PileView, rules: RuleSet) -> Found | None:
    if view.brights.bit_count() == 3 and not view.brights & RAIN:
        return 3, view.brights
    return None


@combination("rain-three-brights", reads="brights")
def rain_three_brights(view: PileView, rules: RuleSet) -> Found | None:
    if view.brights.bit_count() == 3 and view.brights & RAIN:
        return 2, view.brights
    return None


GODORI = _set(("2a", "4a", "8a"))


@combination("godori", reads="animals")
def godori(view: PileView, rules: RuleSet) -> Found | None:
    if view.animals & GODORI == GODORI:
        return rules.godori_points, GODORI
    return None


@combination("animals", reads="animals")
def animals(view: PileView, rules: RuleSet) -> Found | None:
    n = view.animals.bit_count()
    return (n - 4, view.animals) if n >= 5 else None


HONGDAN = _set(("1r", "2r", "3r"))
CHEONGDAN = _set(("6r", "9r", "10r"))
CHODAN = _set(("4r", "5r", "7r"))  # 12r is in no set


@combination("hongdan", reads="ribbons")
def hongdan(view: PileView, rules: RuleSet) -> Found | None:
    return (3, HONGDAN) if view.ribbons & HONGDAN == HONGDAN else None


@combination("cheongdan", reads="ribbons")
def cheongdan(view: PileView, rules: RuleSet) -> Found | None:
    return (3, CHEONGDAN) if view.ribbons & CHEONGDAN == CHEONGDAN else None


@combination("chodan", reads="ribbons")
def chodan(view: PileView, rules: RuleSet) -> Found | None:
    return (3, CHODAN) if view.ribbons & CHODAN == CHODAN else None


@combination("ribbons", reads="ribbons")
def ribbons(view: PileView, rules: RuleSet) -> Found | None:
    n = view.ribbons.bit_count()
    return (n - 4, view.ribbons) if n >= 5 else None


@combination("junk", reads="junk", needs="junk_value", at_least=10)
def junk(view: PileView, rules: RuleSet) -> Found | None:
    """Junk value (a sake cup placed as junk counts 2, jokers per the ruleset):
    a point at 10 and one more per junk after. ``junk_value`` follows from the
    ``junk`` mask under one ruleset."""
    if view.junk_value >= 10:
        return view.junk_value - 9, view.junk
    return None


VIP = _set(("9a", "11d", "12d"))


@combination("vip", reads="mask", option="vip_points", stop=False)
def vip(view: PileView, rules: RuleSet) -> Found | None:
    """Pagat variant: 9a, 11d and 12d together; not counted towards stopping."""
    if rules.vip_points and view.mask & VIP == VIP:
        return rules.vip_points, VIP
    return None


PALSSARI = _set(("4a", "4r", "4j1", "4j2", "7a", "7r", "7j1", "7j2"))


@combination("palssari", reads="mask", option="palssari_points", stop=False)
def palssari(view: PileView, rules: RuleSet) -> Found | None:
    """Pagat variant: all of April and July; not counted towards stopping."""
    if rules.palssari_points and view.mask & PALSSARI == PALSSARI:
        return rules.palssari_points, PALSSARI
    return None


# NamedTuples built straight from a tuple, skipping the generated __new__ (hot path)
_new = tuple.__new__


def view_mask(mask: int, rules: RuleSet, placement: str | None) -> PileView:
    """The pile of ``mask`` (``calculator.cards.cards_mask``) as a PileView,
    placing ``9a`` as ``placement`` (animal/junk/both)."""
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
    return _new(PileView, (mask, mask & BRIGHTS, animal_mask, mask & RIBBONS, junk_mask, value))


# What the units of one group found for one view: the combinations, their
# points and their stop points.
Findings = tuple[tuple[Combination, ...], int, int]
# (field read, memo of Findings by its value or None, field needed, at least,
#  ((id, counts for stopping, unit), ...)), ...
Plan = tuple[tuple[int, "dict[int, Findings] | None", int, int,
                   tuple[tuple[str, bool, Unit], ...]], ...]
_PLANS: dict[int, tuple[RuleSet, Plan]] = {}
# the fields whose values are few enough to remember: masks of at most 10 cards
_MEMO_FIELDS = frozenset(PileView._fields.index(f) for f in ("brights", "animals", "ribbons"))


def _plan(rules: RuleSet) -> Plan:
    """The units that can score under ``rules``, in registry order, in groups
    of consecutive units that read and need the same fields; a group reading a
    small mask has a memo. Cached per ruleset."""
    cached = _PLANS.get(id(rules))
    if cached is not None and cached[0] is rules:
        return cached[1]
    groups: list[tuple[tuple[int, int, int], list[tuple[str, bool, Unit]]]] = []
    for cid, unit in COMBINATIONS.items():
        option = _OPTION.get(cid)
        if option is not None and not getattr(rules, option):
            continue
        guard = (_READS[cid], *_NEEDS[cid])
        if not groups or groups[-1][0] != guard:
            groups.append((guard, []))
        groups[-1][1].append((cid, cid not in _BONUS, unit))
    plan = tuple((field, {} if field in _MEMO_FIELDS else None, need, at_least, tuple(units))
                 for (field, need, at_least), units in groups)
    if len(_PLANS) > 64:
        _PLANS.clear()
    _PLANS[id(rules)] = (rules, plan)
    return plan


def run_units(units: Sequence[tuple[str, bool, Unit]], view: PileView, rules: RuleSet) -> Findings:
    """Call each unit on ``view``: the combinations found, their points and stop points."""
    combos = []
    points = stop_points = 0
    for cid, stop, unit in units:
        found = unit(view, rules)
        if found is not None:
            value, cards = found
            combos.append(_new(Combination, (cid, value, cards, stop)))
            points += value
            if stop:
                stop_points += value
    return tuple(combos), points, stop_points


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
    combos: tuple[Combination, ...] = ()
    points = stop_points = 0
    for field, memo, need, at_least, units in _plan(rules):
        if memo is None:  # the guard matters here; a memo lookup costs no more
            if view[need] < at_least:
                continue
            found = run_units(units, view, rules)
        else:
            found = memo.get(view[field])
            if found is None:
                found = memo[view[field]] = run_units(units, view, rules)
        if found[0]:
            combos += found[0]
            points += found[1]
            stop_points += found[2]
    return _new(PileScore, (points, stop_points, combos, view.brights.bit_count(),
                            view.animals.bit_count(), view.ribbons.bit_count(), view.junk_value,
                            placement, n_cards))


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
