"""A settlement in words a table can follow (English with the Korean term beside it).

``explain(settlement_json) -> list[str]`` for the command line and reports;
``describe_step(step, payment, settlement)`` for one step. Works on the
settlement JSON (calculator.settlement), so stored settlements explain too.
"""

from __future__ import annotations

from typing import Any

from .terms import term

Json = dict[str, Any]


def _count_word(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def describe_step(step: Json, payment: Json, settlement: Json) -> str:
    """One line for one step, e.g. ``pi-bak 피박 ×2: Chul has 4 junk, 4 or fewer``."""
    rule = step["rule"]
    name = term(rule, "both")
    loser = payment.get("on_behalf_of") or payment["from"]
    winner = payment["to"]
    if rule == "points":
        combos = settlement["players"].get(winner, {}).get("combinations", [])
        parts = ", ".join(f"{term(c['id'], 'both')} {c['points']} ({' '.join(c['cards'])})"
                          for c in combos)
        return f"{step['value']} points: {parts}" if parts else f"{step['value']} points"
    if rule == "go":
        if "add" in step:
            return f"{name} +{step['add']}: {winner} said go {step['go']} time(s)"
        return f"{name} ×{step['times']}: {winner} said go {step['go']} times"
    if rule == "shake":
        return f"{name} ×{step['times']}: {_count_word(step['count'], 'shake')}"
    if rule == "bomb":
        return f"{name} ×{step['times']}: {_count_word(step['count'], 'bomb')}"
    if rule == "meong-dda":
        return f"{name} ×2: {winner} has {step['animals']} animals"
    if rule == "nagari":
        capped = " (capped)" if step.get("capped") else ""
        return f"{name} ×{step['times']}{capped}: {_count_word(step['count'], 'nagari')} before this deal"
    if rule == "gwang-bak":
        return f"{name} ×2: {loser} has no bright"
    if rule == "pi-bak":
        return f"{name} ×2: {loser} has {step['junk']} junk, {step['max']} or fewer"
    if rule == "meong-bak":
        return f"{name} ×2: {loser} has no animal"
    if rule == "go-bak":
        return f"{name} ×{step['times']}: {loser} said go and lost"
    if rule == "empty-pile":
        return f"{name} ×0: {loser} captured nothing and pays nothing"
    if rule == "dok-bak":
        return f"{name}: {step['paid_by']} pays {step['for']}'s share ({term(step['reason'], 'both')})"
    if rule == "dropout":
        return (f"{name}: {step['value']} chips × {step['count']} shown card(s) "
                f"({' '.join(step['cards'])})")
    if "value" in step:
        return f"{name}: {step['value']} chips from each opponent"
    return f"{name}"


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
