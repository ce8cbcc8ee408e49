"""Helpers to build hands (DESIGN.md hand JSON) and check settlements (RULES.md).

Every expected number in tests/core/test_*.py written by the tester is derived by
hand from RULES.md and the source texts, never by running the core. The helpers
here only build inputs and check invariants that hold for every settlement:

* ``net`` names every player (active and sitting out) and sums to zero;
* ``net[p]`` equals what p received minus what p paid over ``payments``.

Standard cast: Ana (dealer), Bo (usually the winner), Chul; Dan, Eve, Fay sit out.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any, Iterable

import pytest

from calculator import score
from calculator.errors import InvalidHandError

P2 = ["Ana", "Bo"]
P3 = ["Ana", "Bo", "Chul"]

# Default losers: junk only, no brights, no animals, no ribbons.
# Ana 6 junk, Chul 6 junk: above every 3-player pi-bak threshold (pagat 4, fuda/korean 5).
ANA = "5j1 5j2 6j1 6j2 8j1 8j2"
CHUL = "7j1 7j2 10j1 10j2 11j1 11j2"
# 2-player loser: 8 junk, above every 2-player threshold (pagat 4, fuda/korean 7).
ANA2 = "5j1 5j2 6j1 6j2 7j1 7j2 8j1 8j2"

# godori 5 + hongdan 3 = 8 points; 3 animals, 3 ribbons, no bright, no junk.
BASE8 = "2a 4a 8a 1r 2r 3r"


def hand3(bo: Any, ana: Any = ANA, chul: Any = CHUL, *, rules: Any = "pagat",
          winner: Any = "Bo", **extra: Any) -> dict:
    """A 3-player hand, Ana dealing. ``extra`` keys go straight into the JSON."""
    captured = {"Ana": ana, "Bo": bo, "Chul": chul}
    captured = {k: v for k, v in captured.items() if v is not None}
    data = {"rules": rules, "players": list(P3), "dealer": "Ana", "winner": winner,
            "captured": captured}
    data.update(extra)
    return data


def hand2(bo: Any, ana: Any = ANA2, *, rules: Any = "pagat", winner: Any = "Bo",
          **extra: Any) -> dict:
    """A 2-player hand, Ana dealing."""
    captured = {"Ana": ana, "Bo": bo}
    captured = {k: v for k, v in captured.items() if v is not None}
    data = {"rules": rules, "players": list(P2), "dealer": "Ana", "winner": winner,
            "captured": captured}
    data.update(extra)
    return data


def all_names(data: dict) -> set[str]:
    names = set(data.get("players") or [])
    for s in data.get("sitting_out") or []:
        names.add(s["player"])
    return names


def check_invariants(data: dict, s: dict) -> None:
    """Zero-sum and net consistency; must hold for every settlement."""
    json.dumps(s)  # the settlement is JSON
    net = s["net"]
    assert set(net) == all_names(data), f"net must name every player: {net}"
    assert sum(net.values()) == 0, f"net does not sum to zero: {net}"
    flow: Counter = Counter({name: 0 for name in net})
    for p in s["payments"]:
        assert p["chips"] >= 0, p
        flow[p["from"]] -= p["chips"]
        flow[p["to"]] += p["chips"]
    assert dict(flow) == net, f"net {net} differs from the payments {dict(flow)}"


def settle(data: dict) -> dict:
    """Score a hand (deep-copied, so the input is never shared) and check invariants."""
    original = copy.deepcopy(data)
    s = score(copy.deepcopy(data))
    check_invariants(original, s)
    return s


def problems_of(data: Any) -> list:
    """Score an invalid hand and return its problems (fails if it settles)."""
    with pytest.raises(InvalidHandError) as info:
        score(copy.deepcopy(data))
    problems = info.value.problems
    assert problems, "InvalidHandError without problems"
    for p in problems:
        assert isinstance(p.code, str) and p.code
        assert isinstance(p.field, str)
        assert isinstance(p.message, str) and p.message
    return problems


def codes(problems: Iterable) -> set[str]:
    return {p.code for p in problems}


def paid(s: dict, frm: str, to: str | None = None, kind: str | None = None) -> int:
    """Total chips ``frm`` pays (optionally only to ``to`` / of one ``kind``)."""
    return sum(p["chips"] for p in s["payments"]
               if p["from"] == frm and (to is None or p["to"] == to)
               and (kind is None or p["kind"] == kind))


def payments(s: dict, frm: str | None = None, kind: str | None = None,
             to: str | None = None) -> list[dict]:
    return [p for p in s["payments"]
            if (frm is None or p["from"] == frm) and (kind is None or p["kind"] == kind)
            and (to is None or p["to"] == to)]


def hand_payment(s: dict, frm: str) -> dict:
    """The single ``kind: hand`` payment of a loser."""
    found = payments(s, frm, "hand")
    assert len(found) == 1, f"expected one hand payment from {frm}: {s['payments']}"
    return found[0]


def _neutral(step: dict) -> bool:
    """A step that changes nothing (×1, +0): the core may show it or leave it out."""
    keys = set(step) - {"rule"}
    if "times" in step and step["times"] == 1 and "value" not in step and "add" not in step:
        return True
    if "add" in step and step["add"] == 0 and "times" not in step:
        return True
    return not keys


def _matches(actual: dict, expected: dict) -> bool:
    return all(k in actual and actual[k] == v for k, v in expected.items())


def assert_steps(payment: dict, expected: list[dict]) -> None:
    """The payment's steps are exactly ``expected`` (as a multiset).

    Each expected step must match one actual step on every key it gives (the core
    may add descriptive keys). Steps that change nothing (×1, +0) may be shown or
    left out. The first step of a hand payment is the points step.
    """
    actual = [s for s in payment["steps"] if not _neutral(s) or s["rule"] == "dok-bak"]
    wanted = [e for e in expected if not _neutral(e) or e["rule"] == "dok-bak"]
    remaining = list(actual)
    missing = []
    for e in wanted:
        for i, a in enumerate(remaining):
            if _matches(a, e):
                del remaining[i]
                break
        else:
            missing.append(e)
    assert not missing and not remaining, (
        f"steps differ. missing: {missing}; unexpected: {remaining}; all: {payment['steps']}")
    if payment["kind"] == "hand":
        assert payment["steps"][0]["rule"] == "points", payment["steps"]


def chips_from_steps(payment: dict) -> int:
    """(value + adds) × product(times); a dropout step is value × count."""
    base = 0
    times = 1
    for step in payment["steps"]:
        if step["rule"] == "dropout":
            base += step["value"] * step["count"]
            continue
        base += step.get("value", 0) + step.get("add", 0)
        times *= step.get("times", 1)
    return base * times


def combos(s: dict, player: str) -> dict[str, int]:
    """A player's combinations as {id: points}."""
    out: dict[str, int] = {}
    for c in s["players"][player]["combinations"]:
        assert c["id"] not in out, f"combination {c['id']} listed twice"
        out[c["id"]] = c["points"]
    return out


def note_rules(s: dict) -> list[str]:
    return [n["rule"] for n in s.get("notes", [])]


def warning_codes(s: dict) -> list[str]:
    return [w["code"] for w in s.get("warnings", [])]


# ---- step builders (COMMON.md step shapes) --------------------------------
def pts(v: int) -> dict:
    return {"rule": "points", "value": v}


def go_add(k: int, g: int) -> dict:
    return {"rule": "go", "add": k, "go": g}


def go_times(m: int, g: int) -> dict:
    return {"rule": "go", "times": m, "go": g}


def shake(s: int) -> dict:
    return {"rule": "shake", "times": 2 ** s, "count": s}


def bomb(m: int, b: int) -> dict:
    return {"rule": "bomb", "times": m, "count": b}


def nagari(m: int, n: int) -> dict:
    return {"rule": "nagari", "times": m, "count": n}


def x2(rule: str) -> dict:
    return {"rule": rule, "times": 2}


def pibak(junk: int, mx: int) -> dict:
    return {"rule": "pi-bak", "times": 2, "junk": junk, "max": mx}


def dokbak(reason: str, for_: str) -> dict:
    return {"rule": "dok-bak", "reason": reason, "for": for_}
