"""The fast path of hand validation: the common, well-formed hand in one pass.

``well_formed(data)`` returns the same ``Hand`` as ``calculator.hand.validate``
for a hand in the everyday shape, and ``None`` for anything else: it never
words a problem. ``parse_hand`` falls back to the full validation whenever it
gets ``None``, so the fast path may decline anything; it may never accept what
the full validation refuses, nor build a different Hand (property-tested in
tests/core/test_hand_fast.py).

The everyday shape: a plain dict with known fields; ``rules`` absent or a
preset's exact name; 2 or 3 distinct player names; each pile a string (or a
list) of known lower-case codes, with no card claimed twice and no joker out of
play; ``go``, ``shakes`` and ``bombs`` plain dicts of whole numbers in range;
no events, liability, sake-cup choice, first go or sitting-out players.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Sequence

from .cards import BIT, BIT_OF_CODE, JOKER_BITS, JOKERS, disjoint
from .model import FIELDS, LIMITS, MAX_NAGARI, Hand, Piles, valid_name
from .rules import DEFAULT_PRESET, PRESETS, RuleSet

_BIT = BIT_OF_CODE.__getitem__


def well_formed(data: Any) -> Hand | None:
    """The Hand for an everyday hand (see the module docstring), else ``None``.
    Does not check the stop minimum; ``parse_hand`` does that for both paths."""
    if type(data) is not dict or not FIELDS.issuperset(data) or "winner" not in data:
        return None
    get = data.get
    rules = _rules(get("rules"))
    players = get("players")
    active = _active(players)
    if rules is None or active is None or not _nothing_special(data):
        return None
    dealer, winner = get("dealer", players[0]), data["winner"]
    if type(dealer) is not str or dealer not in active:
        return None
    if winner is not None and (type(winner) is not str or winner not in active):
        return None
    piles = _piles(get("captured"), players, active, rules)
    go = counts_in_range(get("go"), LIMITS["go"], active)
    shakes = counts_in_range(get("shakes"), LIMITS["shakes"], active)
    bombs = counts_in_range(get("bombs"), LIMITS["bombs"], active)
    nagari_before = get("nagari_before", 0)
    accept = get("accept_unusual", False)
    if (piles is None or go is None or shakes is None or bombs is None
            or type(nagari_before) is not int or not 0 <= nagari_before <= MAX_NAGARI
            or type(accept) is not bool):
        return None
    if winner and len(players) == 3:
        first, second = [go.get(p, 0) for p in players if p != winner]
        if first and second:
            return None  # both losers said go: first_go is needed
    captured, masks = piles
    return Hand.everyday(rules, tuple(players), dealer, winner, captured, go, shakes, bombs,
                         nagari_before, accept, masks)


def _rules(raw: Any) -> RuleSet | None:
    if raw is None:
        return PRESETS[DEFAULT_PRESET]
    return PRESETS.get(raw) if type(raw) is str else None


def _active(players: Any) -> set[str] | None:
    """The set of 2 or 3 distinct valid names in the list ``players``, else None."""
    if type(players) is not list or not 2 <= len(players) <= 3:
        return None
    for name in players:
        if type(name) is not str or not valid_name(name):
            return None
    active = set(players)
    return active if len(active) == len(players) else None


def _nothing_special(data: dict) -> bool:
    """No sitting-out players, events, liability, first go or sake-cup choice."""
    get = data.get
    return (get("liable") is None and get("first_go") is None
            and _none_or_empty(get("sitting_out"), list) and _none_or_empty(get("events"), list)
            and _none_or_empty(get("sake_cup"), dict))


def _none_or_empty(value: Any, kind: type) -> bool:
    return value is None or type(value) is kind and not value


def _piles(raw: Any, players: list[str], active: set[str],
           rules: RuleSet) -> tuple[Piles, dict[str, int]] | None:
    """Each active player's cards (a ``Piles``) and mask, in the input's order
    then the players left out; None unless every card is known, in play and
    claimed once."""
    piles: dict[str, Sequence[str]] = {}
    masks: dict[str, int] = {}
    if raw is not None:
        if type(raw) is not dict or not active.issuperset(raw):
            return None
        for name, codes in raw.items():
            if type(codes) is str:
                codes = codes.split()
            elif type(codes) is list:
                codes = tuple(codes)  # the Hand must not share the input's list
            else:
                return None
            try:  # itemgetter looks up many codes at once (a tuple from two or more)
                bits = itemgetter(*codes)(BIT_OF_CODE) if len(codes) > 1 else tuple(map(_BIT, codes))
            except (KeyError, TypeError):
                return None
            mask = sum(bits)
            if mask & JOKER_BITS and jokers_out(mask, rules):
                return None
            piles[name], masks[name] = codes, mask
        if not disjoint([(piles[name], mask) for name, mask in masks.items()]):
            return None
    for name in players:
        if name not in piles:
            piles[name], masks[name] = (), 0
    return Piles(piles), masks


def counts_in_range(raw: Any, limit: int, active: set[str]) -> dict[str, int] | None:
    """A copy of ``raw`` when it is absent or a plain dict of ``active`` players'
    whole numbers from 0 to ``limit``; else None (the full validation words it)."""
    if raw is None:
        return {}
    if type(raw) is not dict or not active.issuperset(raw):
        return None
    for value in raw.values():
        if type(value) is not int or not 0 <= value <= limit:
            return None
    return dict(raw)


def jokers_out(mask: int, rules: RuleSet) -> bool:
    """True when the cards of ``mask`` (``calculator.cards.cards_mask``) hold a
    joker the ruleset does not play (option ``jokers``)."""
    return any(mask & BIT[joker] and rules.joker_value(joker.code) is None for joker in JOKERS)
