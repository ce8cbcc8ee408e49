"""Running counts per player slot of the hand page, from the core's
``score_pile`` (points, brights, animals, ribbons, junk value). Shared by the
``/api/preview`` endpoint (live figures with JavaScript) and the server-rendered
page (without JavaScript)."""

from __future__ import annotations

from typing import Any

from ..cards import Card, parse_card
from ..errors import UnknownCardError
from ..rules import RuleSet, from_mapping
from ..scoring import score_pile
from .forms import HandForm
from .handform import default_name, rules_value


def form_rules(form: HandForm) -> RuleSet:
    """The ruleset the form describes. Raises InvalidRulesError."""
    return from_mapping(rules_value(form))


def _pile(codes: list[str], rules: RuleSet) -> tuple[list[Card], list[str]]:
    cards: list[Card] = []
    ignored: list[str] = []
    for code in codes:
        try:
            card = parse_card(code)
        except UnknownCardError:
            ignored.append(str(code)[:10])
            continue
        if card.is_joker and rules.joker_value(card.code) is None:
            ignored.append(card.code)
        elif card not in cards:
            cards.append(card)
    return cards, ignored


def counts(form: HandForm, rules: RuleSet) -> dict[str, dict[str, Any]]:
    """``{"0": {"name", "points", "stop_points", "brights", "animals", "ribbons",
    "junk", "cards", "combinations", "sake_cup", "ignored"}, ...}`` per slot."""
    out: dict[str, dict[str, Any]] = {}
    for slot, entry in enumerate(form.players):
        cards, ignored = _pile(entry.form.cards.data or [], rules)
        sake = entry.form.sake.data if entry.form.sake.data in ("animal", "junk") else None
        result = score_pile(cards, rules, sake).to_json()
        result["name"] = (entry.form.name.data or "").strip() or default_name(slot)
        result["cards"] = len(cards)
        result["ignored"] = ignored
        out[str(slot)] = result
    return out
