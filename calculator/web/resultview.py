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

Json = dict[str, Any]


def _reason(step: Json, payment: Json, settlement: Json) -> str:
    rule = step["rule"]
    winner = payment["to"]
    loser = payment.get("on_behalf_of") or payment["from"]
    if rule == "points":
        return _("%(name)s's points", name=winner)
    if rule == "go":
        return ngettext("%(name)s said go %(num)d time", "%(name)s said go %(num)d times",
                        step.get("go", 0), name=winner)
    if rule == "shake":
        return ngettext("%(num)d shake", "%(num)d shakes", step.get("count", 0))
    if rule == "bomb":
        return ngettext("%(num)d bomb", "%(num)d bombs", step.get("count", 0))
    if rule == "meong-dda":
        return _("%(name)s has 7 or more animals", name=winner)
    if rule == "nagari":
        return ngettext("%(num)d nagari deal just before", "%(num)d nagari deals just before",
                        step.get("count", 0))
    if rule == "gwang-bak":
        return _("%(name)s has no bright", name=loser)
    if rule == "pi-bak":
        return _("%(name)s has %(junk)d junk, %(max)d or fewer", name=loser,
                 junk=step.get("junk", 0), max=step.get("max", 0))
    if rule == "meong-bak":
        return _("%(name)s has no animal", name=loser)
    if rule == "go-bak":
        return _("%(name)s had said go", name=loser)
    if rule == "empty-pile":
        return _("%(name)s captured nothing", name=loser)
    if rule == "dok-bak":
        return _("%(name)s pays for %(other)s", name=payment["from"], other=step.get("for", ""))
    if rule == "dropout":
        return ngettext("%(num)d card shown", "%(num)d cards shown", step.get("count", 0))
    return _("%(name)s is paid a fixed amount by each opponent", name=winner)


def _effect(step: Json) -> str:
    """``= 5``, ``+2``, ``×2``, or ``2 × 3`` (a value counted several times)."""
    if "value" in step and "times" in step:
        return f"{step['value']} × {step['times']}"
    if "value" in step:
        return f"= {step['value']}"
    if "add" in step:
        return f"+{step['add']}"
    if "times" in step:
        return f"×{step['times']}"
    return ""


def steps_view(payment: Json, settlement: Json) -> list[Json]:
    rows: list[Json] = []
    total = 0
    for step in payment.get("steps", []):
        if "value" in step:
            total = step["value"]
        total += step.get("add", 0)
        total *= step.get("times", 1)
        row = {"rule": step["rule"], "effect": _effect(step), "total": total,
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
