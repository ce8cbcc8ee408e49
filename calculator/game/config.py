"""The settings of one game (RULES.md §8), validated from JSON.

Game JSON::

    {"name": "Chuseok 2026", "players": ["Ana", "Bo", "Chul", "Dan"],
     "rules": "pagat" | {"preset": "korean", "nagari_cap": 4},
     "length": {"hands": 12} | {"hands": 6} | {"hands": 3} | {"target": 50},
     "chip_value": "100", "currency": "KRW",
     "lot": {"time": "night", "cards": {"Ana": "3b", "Bo": "1j1", ...}},
     "first_dealer": "Ana",            # instead of "lot", when the table agreed
     "nagari_redeal": "same" | "all"}

``players`` are 2–7 names in seat order, anticlockwise. ``chip_value`` is the
money per chip (a decimal string or number); money = chips × chip_value.
``nagari_redeal``: after a nagari with 4–7 players Pagat deals again to the same
three (``same``, default); a variant deals to all and holds a new round (``all``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any, Mapping

from ..errors import InvalidRulesError, Problem
from ..rules import RuleSet, from_mapping
from .errors import GameError
from .lot import TIMES, draw_lot

MIN_PLAYERS, MAX_PLAYERS = 2, 7
HAND_COUNTS = (12, 6, 3)
MAX_NAME = 40
REDEALS = ("same", "all")
CONFIG_KEYS = {"name", "players", "rules", "length", "chip_value", "currency", "lot",
               "first_dealer", "nagari_redeal"}


@dataclass(frozen=True)
class GameConfig:
    """A validated game. Build it with ``GameConfig.from_json``."""

    name: str
    players: tuple[str, ...]
    rules: Any  # the rules JSON as given: a preset name or {"preset": .., option: ..}
    ruleset: RuleSet = field(compare=False, repr=False)
    first_dealer: str
    hands: int | None = 12  # length in hands, or None for a target game
    target: int | None = None  # chips a running total must reach to end the game
    chip_value: Decimal = Decimal(100)
    currency: str = "KRW"
    lot: Mapping[str, Any] | None = None
    nagari_redeal: str = "same"

    @property
    def gwangpalli(self) -> bool:
        """True when 4–7 sit at the table and a play-or-drop round is held."""
        return len(self.players) > 3

    def money(self, chips: int) -> Decimal:
        """Money for ``chips`` chips (chips × chip_value), in ``currency``."""
        return chips * self.chip_value

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name, "players": list(self.players), "rules": self.rules,
            "length": {"hands": self.hands} if self.hands else {"target": self.target},
            "chip_value": str(self.chip_value), "currency": self.currency,
            "nagari_redeal": self.nagari_redeal,
        }
        if self.lot:
            out["lot"] = {"time": self.lot["time"], "cards": dict(self.lot["cards"])}
        else:
            out["first_dealer"] = self.first_dealer
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "GameConfig":
        """Validate game JSON (see the module docstring). Raises GameError
        listing every problem, each with its field (``players``, ``lot.cards.Bo``...)."""
        if not isinstance(data, Mapping):
            raise GameError([Problem("game", "bad-type", "a game must be a JSON object")])
        problems: list[Problem] = [
            Problem(k, "unknown-field", f"unknown game field {k!r}")
            for k in data if k not in CONFIG_KEYS]
        name = data.get("name") or "Go-Stop"
        if not isinstance(name, str) or len(name) > 120:
            problems.append(Problem("name", "bad-name", "the name must be text of at most 120 characters"))
            name = "Go-Stop"
        players = _players(data.get("players"), problems)
        rules = data.get("rules", "pagat")
        try:
            ruleset = from_mapping(rules)
        except InvalidRulesError as exc:
            problems.extend(exc.problems)
            ruleset = from_mapping(None)
        hands, target = _length(data.get("length", {"hands": 12}), problems)
        chip_value = _chip_value(data.get("chip_value", 100), problems)
        currency = data.get("currency", "KRW")
        if not isinstance(currency, str) or not 0 < len(currency) <= 8:
            problems.append(Problem("currency", "bad-currency", "currency: 1 to 8 characters, e.g. KRW"))
        redeal = data.get("nagari_redeal", "same")
        if redeal not in REDEALS:
            problems.append(Problem("nagari_redeal", "bad-choice",
                                    f"nagari_redeal must be 'same' or 'all', not {redeal!r}"))
        lot, first = _first_dealer(data, players, problems)
        if problems:
            raise GameError(problems)
        return cls(name=name, players=tuple(players), rules=rules, ruleset=ruleset,
                   first_dealer=first, hands=hands, target=target, chip_value=chip_value,
                   currency=currency, lot=lot, nagari_redeal=redeal)


def _players(raw: Any, problems: list[Problem]) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        problems.append(Problem("players", "bad-players", "players: a list of 2 to 7 names in seat order"))
        return []
    names = [p.strip() for p in raw]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        problems.append(Problem("players", "player-count",
                                f"a game has 2 to 7 players, not {len(names)}"))
    for i, p in enumerate(names):
        if not p or len(p) > MAX_NAME:
            problems.append(Problem(f"players[{i}]", "bad-name",
                                    f"player {i + 1}: a name of 1 to {MAX_NAME} characters"))
        elif names.index(p) != i:
            problems.append(Problem(f"players[{i}]", "duplicate-player", f"{p} sits at the table twice"))
    return names


def _length(raw: Any, problems: list[Problem]) -> tuple[int | None, int | None]:
    if isinstance(raw, Mapping) and set(raw) == {"hands"}:
        if raw["hands"] in HAND_COUNTS and not isinstance(raw["hands"], bool):
            return raw["hands"], None
        problems.append(Problem("length.hands", "bad-length", "a game lasts 12, 6 or 3 hands"))
    elif isinstance(raw, Mapping) and set(raw) == {"target"}:
        t = raw["target"]
        if isinstance(t, int) and not isinstance(t, bool) and 1 <= t <= 100000:
            return None, t
        problems.append(Problem("length.target", "bad-target", "the target is a whole number of chips, 1 to 100000"))
    else:
        problems.append(Problem("length", "bad-length", 'length: {"hands": 12|6|3} or {"target": chips}'))
    return 12, None


def _chip_value(raw: Any, problems: list[Problem]) -> Decimal:
    try:
        value = Decimal(str(raw)) if not isinstance(raw, bool) else Decimal("nan")
    except InvalidOperation:
        value = Decimal("nan")
    if not value.is_finite() or value < 0 or value > Decimal(10**9):
        problems.append(Problem("chip_value", "bad-chip-value",
                                f"chip_value: money per chip, a number from 0, not {raw!r}"))
        return Decimal(0)
    return value


def _first_dealer(data: Mapping[str, Any], players: list[str],
                  problems: list[Problem]) -> tuple[dict | None, str]:
    lot, first = data.get("lot"), data.get("first_dealer")
    if lot is not None:
        if not isinstance(lot, Mapping) or not isinstance(lot.get("cards"), Mapping):
            problems.append(Problem("lot", "bad-lot", 'lot: {"time": "night"|"day", "cards": {player: card}}'))
            return None, players[0] if players else ""
        time = lot.get("time", "night")
        cards = dict(lot["cards"])
        missing = [p for p in players if p not in cards]
        extra = [p for p in cards if p not in players]
        for p in missing:
            problems.append(Problem(f"lot.cards.{p}", "missing-draw", f"{p} has not drawn a card"))
        for p in extra:
            problems.append(Problem(f"lot.cards.{p}", "unknown-player", f"{p!r} is not at this table"))
        if time not in TIMES:
            problems.append(Problem("lot.time", "bad-time", f"lot time must be night or day, not {time!r}"))
        if missing or extra or time not in TIMES:
            return None, players[0] if players else ""
        try:
            winner = draw_lot(cards, time)
        except GameError as exc:
            problems.extend(exc.problems)
            return None, players[0] if players else ""
        if first is not None and first != winner:
            problems.append(Problem("first_dealer", "lot-disagrees",
                                    f"the lot gives the first deal to {winner}, not {first}"))
        return {"time": time, "cards": {p: cards[p].strip().lower() for p in players}}, winner
    if first is None:
        problems.append(Problem("lot", "no-first-dealer",
                                "draw a card each (lot) or name the first_dealer"))
        return None, players[0] if players else ""
    if first not in players:
        problems.append(Problem("first_dealer", "unknown-player", f"{first!r} is not at this table"))
        return None, players[0] if players else ""
    return None, first
