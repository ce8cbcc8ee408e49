"""Between the hand form and the hand JSON of DESIGN.md.

- ``form_to_hand(form)`` builds the hand JSON from the posted form and a
  ``Where`` map that places each core problem (``captured.Bo``, ``go.Bo``,
  ``sitting_out.1.cards``, ``rules.pi_bak_max``…) next to the player section it
  concerns, with the card codes it names.
- ``hand_to_formdata(hand)`` does the reverse, to edit a scored hand.
- ``encode``/``decode`` pack a hand into a short URL token (result links).

No scoring and no validation rules live here: the core decides.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from ..cards import BY_CODE
from ..errors import Problem
from ..rules import OPTION_SPECS
from .forms import ACTIVE, HandForm

_CODE = re.compile(r"\b(1[0-2]|[1-9])(b|a|r|d|j[12])\b|\bjk[1-6]\b", re.I)
TOKEN_MAX = 8000


@dataclass
class Where:
    """Maps hand JSON fields back to page sections: ``p0``… (active players),
    ``s0``… (sitting out), ``ending``, ``rules`` and ``top``."""

    active: dict[str, int] = field(default_factory=dict)      # name -> slot
    sitting: list[int] = field(default_factory=list)          # hand index -> slot
    events: list[int] = field(default_factory=list)           # hand index -> slot
    sitting_names: list[str] = field(default_factory=list)    # hand index -> name

    def sections_by_name(self) -> dict[str, str]:
        out = {name: f"p{slot}" for name, slot in self.active.items()}
        for index, name in enumerate(self.sitting_names):
            out.setdefault(name, f"s{self.sitting[index]}")
        return out

    def section(self, path: str) -> str:
        head, _, rest = path.partition(".")
        first = rest.split(".", 1)[0] if rest else ""
        if head in ("captured", "go", "shakes", "bombs", "sake_cup") and first in self.active:
            return f"p{self.active[first]}"
        if head == "players" and first.isdigit():
            return f"p{int(first)}" if int(first) < ACTIVE else "top"
        if head == "sitting_out" and first.isdigit() and int(first) < len(self.sitting):
            return f"s{self.sitting[int(first)]}"
        if head == "events" and first.isdigit() and int(first) < len(self.events):
            slot = self.events[int(first)]
            return f"p{slot}" if slot >= 0 else "ending"
        if head == "rules":
            return "rules"
        if head in ("winner", "dealer", "first_go", "liable", "nagari_before", "events"):
            return "ending"
        return "top"


@dataclass
class Placed:
    """Problems grouped by section, plus the card codes each section should mark."""

    by_section: dict[str, list[Problem]] = field(default_factory=lambda: defaultdict(list))
    cards: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))

    def __bool__(self) -> bool:
        return any(self.by_section.values())


def place(problems: list[Problem], where: Where) -> Placed:
    """Group problems by section. A card claimed twice is marked (and the
    message shown) in the sections of both players it names."""
    placed = Placed()
    for problem in problems:
        sections = [where.section(problem.field)]
        if problem.code == "duplicate-card":
            for name, other in where.sections_by_name().items():
                if other not in sections and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", problem.message):
                    sections.append(other)
        codes = {m.group(0).lower() for m in _CODE.finditer(problem.message)} & BY_CODE.keys()
        for section in sections:
            placed.by_section[section].append(problem)
            placed.cards[section] |= codes
    return placed


# -- house rules ---------------------------------------------------------------

def _number(text: str) -> Any:
    try:
        return int(text)
    except ValueError:
        return text  # the core names the bad value


def _fixed(text: str) -> Any:
    low = text.lower()
    if low in ("off", "none", "-", "없음", "null"):
        return None
    return _number(text)


def house_rules(form: HandForm) -> dict[str, Any]:
    """The overrides typed into the house-rules section (blank = as the preset)."""
    data = form.house.data or {}
    out: dict[str, Any] = {}
    for spec in OPTION_SPECS:
        if spec.kind in ("per-count", "fixed"):
            per = {}
            for n in (2, 3):
                text = (data.get(f"{spec.name}__{n}") or "").strip()
                if text:
                    per[str(n)] = _fixed(text) if spec.kind == "fixed" else _number(text)
            if per:
                out[spec.name] = per
            continue
        raw = data.get(spec.name)
        text = raw.strip() if isinstance(raw, str) else ""
        if not text:
            continue
        if spec.kind == "bool":
            out[spec.name] = text == "yes"
        elif spec.kind == "choice":
            out[spec.name] = text
        elif spec.kind == "cap":
            out[spec.name] = None if text.lower() in ("off", "none", "-", "null", "없음") else _number(text)
        elif spec.kind == "int-list":
            out[spec.name] = ([] if text.lower() in ("none", "-", "없음")
                              else [_number(t) for t in re.split(r"[\s,]+", text) if t])
        else:
            out[spec.name] = _number(text)
    return out


def rules_value(form: HandForm) -> Any:
    overrides = house_rules(form)
    preset = form.preset.data or "pagat"
    return {"preset": preset, **overrides} if overrides else preset


# -- form -> hand ----------------------------------------------------------------

def default_name(slot: int) -> str:
    return _("Player %(n)d", n=slot + 1)


def sitting_name(slot: int) -> str:
    return _("Sitting out %(n)d", n=slot + 1)


def _slot_used(entry: dict) -> bool:
    return bool((entry.get("name") or "").strip() or entry.get("cards") or entry.get("go")
                or entry.get("shake") or entry.get("bomb") or entry.get("events"))


def form_to_hand(form: HandForm) -> tuple[dict[str, Any], Where]:
    """Build the hand JSON (DESIGN.md) from a posted HandForm."""
    where = Where()
    names: dict[int, str] = {}
    entries = [entry.data for entry in form.players]
    for slot, entry in enumerate(entries):
        chosen = form.ending.data != "nagari" and form.winner.data == str(slot)
        if _slot_used(entry) or chosen:
            names[slot] = (entry.get("name") or "").strip() or default_name(slot)
            where.active.setdefault(names[slot], slot)

    def name_of(value: str | None) -> str | None:
        if value is None or not str(value).isdigit():
            return None
        slot = int(value)
        return names.get(slot, default_name(slot) if slot < ACTIVE else None)

    players = list(names.values())
    hand: dict[str, Any] = {
        "rules": rules_value(form),
        "players": players,
        "dealer": name_of(form.dealer.data) or (players[0] if players else None),
        "captured": {names[s]: list(entries[s].get("cards") or []) for s in names},
        "go": {names[s]: entries[s].get("go") or 0 for s in names},
        "shakes": {names[s]: entries[s].get("shake") or 0 for s in names},
        "bombs": {names[s]: entries[s].get("bomb") or 0 for s in names},
        "nagari_before": form.nagari_before.data or 0,
        "accept_unusual": bool(form.accept_unusual.data),
    }
    ending = form.ending.data or "stop"
    if ending == "nagari":
        hand["winner"] = None
    elif name_of(form.winner.data):  # no winner chosen: the core says it is missing
        hand["winner"] = name_of(form.winner.data)
    events: list[dict[str, str]] = []
    if ending in ("chongtong", "three-ppuk") and hand.get("winner"):
        events.append({"event": ending, "player": hand["winner"]})
        where.events.append(-1)
    for slot in names:
        for event in entries[slot].get("events") or []:
            events.append({"event": event, "player": names[slot]})
            where.events.append(slot)
    if events:
        hand["events"] = events
    first_go = name_of(form.first_go.data)
    if first_go:
        hand["first_go"] = first_go
    sake = {names[s]: entries[s]["sake"] for s in names if entries[s].get("sake")}
    if sake:
        hand["sake_cup"] = sake
    liable = name_of(form.liable.data)
    if liable:
        hand["liable"] = {"player": liable, "reason": form.liable_reason.data or "oe-myeon"}
        if form.liable_last_card.data:
            hand["liable"]["last_card"] = True
    sitting = []
    for slot, entry in enumerate(form.sitting):
        data = entry.data
        name = (data.get("name") or "").strip()
        if not (name or data.get("cards")):
            continue
        sitting.append({"player": name or sitting_name(slot),
                        "cards": list(data.get("cards") or []),
                        "forced": bool(data.get("forced")), "shake": bool(data.get("shake"))})
        where.sitting.append(slot)
        where.sitting_names.append(sitting[-1]["player"])
    if sitting:
        hand["sitting_out"] = sitting
    return hand, where


# -- hand -> form (to edit a scored hand) -----------------------------------------

def _codes(value: Any) -> list[str]:
    if isinstance(value, str):
        return [c for c in re.split(r"[\s,]+", value.strip()) if c]
    if isinstance(value, list):
        return [c for c in value if isinstance(c, str)]
    return []


def _map(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []


def rule_text(value: Any) -> str:
    """A rule value as typed in the house-rules form."""
    if value is None:
        return "off"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return " ".join(map(str, value)) or "none"
    return str(value)


def hand_to_formdata(hand: dict[str, Any], chip_value: int | None = None) -> MultiDict:
    """Form data that re-creates ``hand`` on the hand page. Parts that are not
    well-formed are left out (the core names them when the form is sent)."""
    md = MultiDict()
    rules = hand.get("rules") or "pagat"
    if isinstance(rules, dict):
        md["preset"] = str(rules.get("preset", "pagat"))
        for key, value in rules.items():
            if key == "preset":
                continue
            if isinstance(value, dict):
                for n, v in value.items():
                    md[f"house-{key}__{n}"] = rule_text(v)
            else:
                md[f"house-{key}"] = rule_text(value)
    else:
        md["preset"] = str(rules)
    players = [p for p in _list(hand.get("players")) if isinstance(p, str)][:ACTIVE]
    index = {name: i for i, name in enumerate(players)}
    events = [e for e in _list(hand.get("events")) if isinstance(e, dict)]
    for i, name in enumerate(players):
        p = f"players-{i}-"
        md[p + "name"] = name
        for code in _codes(_map(hand.get("captured")).get(name)):
            md.add(p + "cards", code)
        for key, fld in (("go", "go"), ("shakes", "shake"), ("bombs", "bomb")):
            md[p + fld] = str(_map(hand.get(key)).get(name, 0))
        sake = _map(hand.get("sake_cup")).get(name)
        if isinstance(sake, str):
            md[p + "sake"] = sake
        for ev in events:
            if ev.get("player") == name and ev.get("event") not in ("chongtong", "three-ppuk"):
                md.add(p + "events", str(ev.get("event")))
    ending = "stop"
    for ev in events:
        if ev.get("event") in ("chongtong", "three-ppuk"):
            ending = ev["event"]
    if "winner" in hand and hand["winner"] is None:
        ending = "nagari"
    md["ending"] = ending
    for key in ("winner", "dealer", "first_go"):
        value = hand.get(key)
        if isinstance(value, str) and value in index:
            md[key] = str(index[value])
    liable = _map(hand.get("liable"))
    if isinstance(liable.get("player"), str) and liable["player"] in index:
        md["liable"] = str(index[liable["player"]])
        md["liable_reason"] = str(liable.get("reason", "oe-myeon"))
        if liable.get("last_card"):
            md["liable_last_card"] = "y"
    md["nagari_before"] = str(hand.get("nagari_before") or 0)
    if hand.get("accept_unusual") is True:
        md["accept_unusual"] = "y"
    seats = [s for s in _list(hand.get("sitting_out")) if isinstance(s, dict)]
    for i, seat in enumerate(seats[:4]):
        p = f"sitting-{i}-"
        md[p + "name"] = str(seat.get("player", ""))
        for code in _codes(seat.get("cards")):
            md.add(p + "cards", code)
        if seat.get("forced") is True:
            md[p + "forced"] = "y"
        if seat.get("shake") is True:
            md[p + "shake"] = "y"
    if chip_value:
        md["chip_value"] = str(chip_value)
    return md


# -- result links ----------------------------------------------------------------

def encode(hand: dict[str, Any], chip_value: int | None = None) -> str:
    payload = {"hand": hand, "chip": chip_value}
    raw = json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def decode(token: str) -> tuple[dict[str, Any], int | None]:
    """Unpack a result token. Raises ValueError for anything that is not one."""
    if not token or len(token) > TOKEN_MAX:
        raise ValueError("bad token")
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        data = json.loads(zlib.decompressobj().decompress(raw, 64 * 1024))
    except (binascii.Error, zlib.error, ValueError, UnicodeDecodeError) as exc:
        raise ValueError("bad token") from exc
    if not isinstance(data, dict) or not isinstance(data.get("hand"), dict):
        raise ValueError("bad token")
    chip = data.get("chip")
    if not (chip is None or (isinstance(chip, int) and not isinstance(chip, bool) and 0 <= chip <= 10**9)):
        chip = None
    return data["hand"], chip
