"""A game of many hands: dealer, nagari carry, play-or-drop, totals (RULES.md §7–§8).

The ledger keeps only what people entered for each deal (an *entry*) and derives
the rest every time, so editing or deleting a hand recomputes every later hand.

An entry is the hand JSON of DESIGN.md without the fields the game derives::

    {"winner": "Bo", "captured": {...}, "go": {...}, "shakes": {...}, "bombs": {...},
     "first_go": null, "sake_cup": {}, "liable": null, "events": [],
     "accept_unusual": false,
     "choices": {"Bo": "drop", "Chul": "play", ...},      # 4–7 players only
     "sitting_out": [{"player": "Dan", "cards": "3b 12d", "shake": false}]}

Derived for each hand: ``rules`` (the game's), ``dealer`` (first by lot, then
the last winner, the same dealer after a nagari), ``nagari_before`` (nagari
deals in a row right before), ``players`` (the active players in turn order,
dealer first) and every ``sitting_out`` entry's ``forced`` flag. An entry may
repeat ``dealer``, ``players`` or ``nagari_before`` (as a full hand JSON does),
but they must agree with the derived values.

Units: every amount is in *chips* unless named money.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ..cards import MONTHS, Month
from ..errors import CalculatorError, InvalidHandError, InvalidRulesError, Problem
from ..rules import from_mapping
from .config import GameConfig
from .errors import GameError
from .rounds import Round, choices_for_active, play_or_drop, seats_from
from .transfers import Transfer, settle_debts

Scorer = Callable[[Mapping[str, Any]], dict]

HAND_KEYS = ("winner", "captured", "go", "first_go", "shakes", "bombs", "sake_cup",
             "liable", "events", "accept_unusual")
ENTRY_KEYS = set(HAND_KEYS) | {"choices", "sitting_out", "players", "dealer",
                               "nagari_before", "rules", "note"}


def _default_scorer(data: Mapping[str, Any]) -> dict:
    from .. import score

    return score(data)


@dataclass(frozen=True, slots=True)
class Deal:
    """What is known before a deal is played: its number (1-based), month,
    dealer, nagari carry, and, when fixed, the active players.

    ``active`` is None when a play-or-drop round must be held first (4–7
    players); for 2–3 players, and after a nagari with ``nagari_redeal="same"``,
    it is the players in turn order.
    """

    number: int
    month: Month
    dealer: str
    nagari_before: int
    active: tuple[str, ...] | None
    carried_out: tuple[Mapping[str, Any], ...] = ()  # sitting_out of the nagari redealt

    @property
    def multiplier(self) -> int:
        """The nagari factor (×2 per nagari before), before any cap of the rules."""
        return 2 ** self.nagari_before


@dataclass(frozen=True)
class HandResult:
    """One hand of the game, derived: the hand JSON sent to ``calculator.score``,
    its settlement, ``net`` chips for every seat (0 for those not named), the
    running ``totals`` after it, and the ``round`` (4–7 players)."""

    deal: Deal
    entry: Mapping[str, Any]
    hand: dict
    settlement: dict
    net: dict[str, int]
    totals: dict[str, int]
    round: Round | None = None

    @property
    def number(self) -> int:
        return self.deal.number

    @property
    def nagari(self) -> bool:
        return bool(self.settlement.get("nagari")) or self.settlement.get("winner") is None

    @property
    def winner(self) -> str | None:
        return self.settlement.get("winner")

    @property
    def sitting_out(self) -> tuple[str, ...]:
        """Who sat this deal out (4–7 players), in order from the dealer's right."""
        return tuple(s["player"] for s in self.hand.get("sitting_out", ()))


@dataclass(frozen=True)
class Standing:
    rank: int
    player: str
    chips: int
    money: Any  # Decimal


@dataclass(frozen=True)
class Ledger:
    """A whole game, derived from its config and entries."""

    config: GameConfig
    hands: tuple[HandResult, ...]
    totals: dict[str, int]
    over: bool
    next: Deal | None  # the next deal, or None when the game is over
    warnings: tuple[str, ...] = field(default=())

    def standings(self) -> list[Standing]:
        """Players by total chips, highest first; equal totals share a rank."""
        order = sorted(self.config.players, key=lambda p: -self.totals[p])
        out: list[Standing] = []
        for i, p in enumerate(order):
            rank = out[-1].rank if out and out[-1].chips == self.totals[p] else i + 1
            out.append(Standing(rank, p, self.totals[p], self.config.money(self.totals[p])))
        return out

    def transfers(self) -> list[Transfer]:
        """The fewest transfers that settle the totals (chips)."""
        return settle_debts(self.totals)

    def running(self) -> dict[str, list[int]]:
        """Each player's running total after each hand, starting from 0."""
        out = {p: [0] for p in self.config.players}
        for h in self.hands:
            for p in self.config.players:
                out[p].append(h.totals[p])
        return out


def month_of(number: int) -> Month:
    """The month of hand ``number`` (1-based): January first, cycling after December."""
    return MONTHS[(number - 1) % 12]


def first_deal(config: GameConfig) -> Deal:
    return Deal(1, month_of(1), config.first_dealer, 0,
                None if config.gwangpalli else tuple(seats_from(config.players, config.first_dealer)))


def _next_deal(config: GameConfig, last: HandResult) -> Deal:
    number = last.number + 1
    if not last.nagari:
        dealer = last.winner
        active = None if config.gwangpalli else tuple(seats_from(config.players, dealer))
        return Deal(number, month_of(number), dealer, 0, active)
    dealer, carry = last.deal.dealer, last.deal.nagari_before + 1
    if config.gwangpalli and config.nagari_redeal == "same":
        carried = tuple(last.hand.get("sitting_out", ()))
        return Deal(number, month_of(number), dealer, carry, tuple(last.hand["players"]), carried)
    active = None if config.gwangpalli else tuple(seats_from(config.players, dealer))
    return Deal(number, month_of(number), dealer, carry, active)


def build_hand(config: GameConfig, deal: Deal, entry: Mapping[str, Any],
               field_prefix: str = "") -> tuple[dict, Round | None]:
    """The hand JSON for ``entry`` at ``deal`` (derived fields filled in).

    Raises GameError naming ``<prefix>choices.<player>``, ``<prefix>dealer``...
    """
    f = field_prefix
    if not isinstance(entry, Mapping):
        raise GameError([Problem(f.rstrip(".") or "hand", "bad-type", "a hand must be a JSON object")])
    problems = [Problem(f + k, "unknown-field", f"unknown hand field {k!r}")
                for k in entry if k not in ENTRY_KEYS]
    given = entry.get("players")
    if "players" in entry and not (isinstance(given, list) and all(isinstance(p, str) for p in given)):
        problems.append(Problem(f + "players", "bad-type", "players: a list of the names who play"))
        entry = {k: v for k, v in entry.items() if k != "players"}
    rnd: Round | None = None
    if deal.active is not None:
        active = list(deal.active)
        if entry.get("choices"):
            why = ("after a nagari the same three play again" if config.gwangpalli
                   else "with 2 or 3 players everyone plays")
            problems.append(Problem(f + "choices", "no-round", f"no play-or-drop round: {why}"))
    else:
        choices = entry.get("choices")
        if choices is None and "players" in entry:
            choices = choices_for_active(config.players, deal.dealer, entry["players"], f + "players")
        if not isinstance(choices, Mapping):
            raise GameError(problems + [Problem(f + "choices", "missing-choices",
                                                "with 4 to 7 players, give each player's play or drop "
                                                f"(from {deal.dealer}'s right)")])
        rnd = play_or_drop(config.players, deal.dealer, choices, f + "choices")
        active = list(rnd.active)
    for key, derived in (("dealer", deal.dealer), ("nagari_before", deal.nagari_before)):
        if key in entry and entry[key] != derived:
            problems.append(Problem(f + key, f"wrong-{key.replace('_', '-')}",
                                    f"hand {deal.number}: {key} is {derived!r} by the game's flow, "
                                    f"not {entry[key]!r}"))
    if "rules" in entry:
        try:
            same = from_mapping(entry["rules"]).to_json() == config.ruleset.to_json()
        except InvalidRulesError:
            same = False
        if not same:
            problems.append(Problem(f + "rules", "other-rules",
                                    "this game has its own rules; change them on the game, not per hand"))
    if "players" in entry and set(map(str, entry["players"] or ())) != set(active):
        problems.append(Problem(f + "players", "wrong-players",
                                f"hand {deal.number} is played by {', '.join(active)}"))
    sitting = _sitting_out(config, deal, entry, active, rnd, f, problems)
    if problems:
        raise GameError(problems)
    hand: dict[str, Any] = {"rules": config.rules, "players": active, "dealer": deal.dealer}
    for key in HAND_KEYS:
        if key in entry:
            hand[key] = entry[key]
    hand.setdefault("winner", None)
    hand["nagari_before"] = deal.nagari_before
    if sitting:
        hand["sitting_out"] = sitting
    return hand, rnd


def _sitting_out(config: GameConfig, deal: Deal, entry: Mapping[str, Any], active: list[str],
                 rnd: Round | None, f: str, problems: list[Problem]) -> list[dict]:
    shown: dict[str, Mapping[str, Any]] = {}
    raw = entry.get("sitting_out") or []
    if not isinstance(raw, list):
        problems.append(Problem(f + "sitting_out", "bad-type", "sitting_out: a list of {player, cards, shake}"))
        raw = []
    for i, item in enumerate(raw):
        who = item.get("player") if isinstance(item, Mapping) else None
        if who not in config.players or who in active:
            problems.append(Problem(f"{f}sitting_out[{i}]", "not-sitting-out",
                                    f"{who!r} does not sit out hand {deal.number}"))
            continue
        shown[who] = item
        if rnd is not None and who not in rnd.forced_out and item.get("cards"):
            problems.append(Problem(f"{f}sitting_out[{i}].cards", "not-forced",
                                    f"{who} dropped by choice and is paid nothing: no cards to show"))
        if rnd is not None and "forced" in item and bool(item["forced"]) != (who in rnd.forced_out):
            problems.append(Problem(f"{f}sitting_out[{i}].forced", "wrong-forced",
                                    f"{who} was {'forced out' if who in rnd.forced_out else 'not forced out'} "
                                    "by the play-or-drop round"))
    if rnd is None and deal.active is not None:
        if config.gwangpalli:  # a nagari redealt to the same three (Pagat)
            carried = {s["player"]: s for s in deal.carried_out}
            late = config.ruleset.dropout_paid_by == "losers"
            return [_out(p, carried.get(p, {}), late and bool(carried.get(p, {}).get("forced")))
                    for p in seats_from(config.players, deal.dealer) if p not in active]
        return []
    if rnd is None:
        return []
    return [_out(p, shown.get(p, {}), p in rnd.forced_out)
            for p in seats_from(config.players, deal.dealer) if p not in active]


def _out(player: str, item: Mapping[str, Any], forced: bool) -> dict:
    out = {"player": player, "cards": item.get("cards", "") if forced else "", "forced": forced}
    if forced and item.get("shake"):
        out["shake"] = True
    return out


def compute(config: GameConfig, entries: Sequence[Mapping[str, Any]],
            scorer: Scorer | None = None) -> Ledger:
    """Derive the whole game from its entries, in order.

    Every hand is settled with ``scorer`` (default ``calculator.score``).
    Raises GameError naming ``hands[n].<field>`` (n 1-based) for the first hand
    that cannot be settled, with all of that hand's problems, or when a hand
    comes after the end of the game.
    """
    scorer = scorer or _default_scorer
    totals = {p: 0 for p in config.players}
    hands: list[HandResult] = []
    deal: Deal | None = first_deal(config)
    for index, entry in enumerate(entries):
        number = index + 1
        prefix = f"hands[{number}]."
        if deal is None:
            raise GameError([Problem(f"hands[{number}]", "game-over",
                                     f"the game ended after hand {number - 1}; hand {number} is one too many")])
        hand, rnd = build_hand(config, deal, entry, prefix)
        try:
            settlement = scorer(hand)
        except InvalidHandError as exc:
            raise GameError([Problem(prefix + p.field, p.code, f"hand {number}: {p.message}")
                             for p in exc.problems]) from exc
        except CalculatorError as exc:
            problems = getattr(exc, "problems", None) or [Problem("hand", "invalid-hand", str(exc))]
            raise GameError([Problem(prefix + p.field, p.code, f"hand {number}: {p.message}")
                             for p in problems]) from exc
        net = {p: int(settlement.get("net", {}).get(p, 0)) for p in config.players}
        for p in config.players:
            totals[p] += net[p]
        result = HandResult(deal, dict(entry), hand, settlement, net, dict(totals), rnd)
        hands.append(result)
        deal = None if _is_over(config, number, totals) else _next_deal(config, result)
    return Ledger(config, tuple(hands), totals, deal is None, deal)


def _is_over(config: GameConfig, played: int, totals: Mapping[str, int]) -> bool:
    if config.hands is not None:
        return played >= config.hands
    return max(totals.values()) >= config.target
