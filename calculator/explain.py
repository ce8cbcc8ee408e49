"""A settlement in words a table can follow (English with the Korean term beside it).

``explain(settlement_json) -> list[str]`` for the command line and reports;
``describe_step(step, payment, settlement)`` for one step. Works on the
settlement JSON (calculator.settlement), so stored settlements explain too.
"""

from __future__ import annotations

from typing import Any, Callable

from .terms import term

Json = dict[str, Any]


def _count_word(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _gettext(message: str, **values: Any) -> str:
    return message % values if values else message


def _ngettext(singular: str, plural: str, num: int, **values: Any) -> str:
    return (singular if num == 1 else plural) % {"num": num, **values}


def step_reason(step: Json, payment: Json, settlement: Json,
                _: Callable[..., str] = _gettext, ngettext: Callable[..., str] = _ngettext) -> str:
    """Why a step applies, in one sentence (e.g. ``Chul has 4 junk, 4 or fewer``).

    The one wording of every step, for the command line, the web pages and the
    reports. ``_`` and ``ngettext`` translate (the web passes Flask-Babel's); the
    defaults give English. The texts are in the web's catalogue.
    """
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


def step_effect(step: Json) -> str:
    """What a step does to the chips: ``= 5``, ``+2``, ``×2``, or ``2 × 3``."""
    if "value" in step and "times" in step:
        return f"{step['value']} × {step['times']}"
    if "value" in step:
        return f"= {step['value']}"
    if "add" in step:
        return f"+{step['add']}"
    if "times" in step:
        return f"×{step['times']}"
    return ""


def describe_step(step: Json, payment: Json, settlement: Json) -> str:
    """One line for one step, e.g. ``pi-bak 피박 ×2: Chul has 4 junk, 4 or fewer``."""
    rule = step["rule"]
    if rule == "points":
        combos = settlement["players"].get(payment["to"], {}).get("combinations", [])
        parts = ", ".join(f"{term(c['id'], 'both')} {c['points']} ({' '.join(c['cards'])})"
                          for c in combos)
        return f"{step['value']} points: {parts}" if parts else f"{step['value']} points"
    line = f"{term(rule, 'both')} {step_effect(step)}".rstrip() + f": {step_reason(step, payment, settlement)}"
    if rule == "dok-bak":
        line += f" ({term(step['reason'], 'both')})"
    if step.get("cards"):
        line += f" ({' '.join(step['cards'])})"
    return line


def explain(settlement: Json) -> list[str]:
    """The whole settlement as lines of text: outcome, scores, payments, net."""
    lines: list[str] = []
    winner = settlement["winner"]
    ended = settlement.get("ended_by", "stop")
    if winner is None:
        lines.append(f"{term('nagari', 'both')}: no winner; the next deal pays double.")
    elif ended == "stop":
        lines.append(f"{winner} stops and wins.")
    else:
        lines.append(f"{winner} wins by {term(ended, 'both')}.")
    for name, info in settlement["players"].items():
        cup = f", sake cup 9a as {info['sake_cup']}" if info.get("sake_cup") else ""
        counts = ", ".join(_count_word(info[k + "s"], k) for k in ("bright", "animal", "ribbon"))
        lines.append(f"  {name}: {info['points']} points ({counts}, {info['junk']} junk{cup})")
    if settlement["payments"]:
        lines.append("Payments:")
    for pay in settlement["payments"]:
        label = f" for {pay['on_behalf_of']}" if pay.get("on_behalf_of") else ""
        lines.append(f"  {pay['from']} → {pay['to']}: {pay['chips']} chips{label}")
        for step in pay["steps"]:
            lines.append(f"      {describe_step(step, pay, settlement)}")
    for note in settlement.get("notes", []):
        lines.append(f"Note: {note['message']}")
    for warning in settlement.get("warnings", []):
        lines.append(f"Warning: {warning['message']}")
    lines.append("Net: " + ", ".join(f"{n} {v:+d}" for n, v in settlement["net"].items()))
    return lines
