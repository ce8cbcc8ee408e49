"""The settlement JSON in words for the result page (Korean or English).

``steps_view(payment, settlement)`` gives one row per step: the rule id (for its
bilingual term), what it does to the chips (``= 5``, ``+2``, ``×2``), the running
total, a reason sentence and the cards it concerns. Nothing is recomputed: the
numbers are the core's.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from ..explain import step_effect, step_reason
from ..settlement import chips_of

Json = dict[str, Any]


def _reason(step: Json, payment: Json, settlement: Json) -> str:
    return step_reason(step, payment, settlement, _, ngettext)


def steps_view(payment: Json, settlement: Json) -> list[Json]:
    rows: list[Json] = []
    total = 0
    for step in payment.get("steps", []):
        total = chips_of((step,), total)  # the running total, one step further
        row = {"rule": step["rule"], "effect": step_effect(step), "total": total,
               "reason": _reason(step, payment, settlement), "cards": step.get("cards") or [],
               "combinations": [], "extra": None}
        if step["rule"] == "points":
            player = settlement.get("players", {}).get(payment["to"], {})
            row["combinations"] = player.get("combinations", [])
        if step["rule"] == "dok-bak":
            row["extra"] = step.get("reason")
        rows.append(row)
    return rows


def payment_rule(payment: Json) -> str:
    """The rule id that names a payment (hand, dok-bak, an event, dropout)."""
    if payment.get("kind") == "fixed":
        return payment.get("event") or (payment.get("steps") or [{}])[0].get("rule", "points")
    if payment.get("kind") == "dropout":
        return "dropout"
    if payment.get("on_behalf_of"):
        return "dok-bak"
    return "points"


def changed_rules(settlement: Json) -> list[tuple[str, Any, Any]]:
    """Options whose value differs from the named preset: (name, value, preset value)."""
    from ..rules import PRESETS

    rules = settlement.get("rules") or {}
    preset = PRESETS.get(rules.get("name", ""), None)
    if preset is None:
        return []
    base = preset.to_json()
    return [(k, v, base.get(k)) for k, v in rules.items() if k != "name" and base.get(k) != v]
