"""The hand input model (DESIGN.md "Hand") and its validation.

``parse_hand(data)`` turns the hand JSON into a frozen ``Hand`` or raises
``InvalidHandError`` listing *every* problem at once. Each problem has a stable
``code``, the ``field`` (a dotted path such as ``captured.Bo`` or
``sitting_out.0.cards``) and a message naming the player and the card.

Problem codes: unknown-field, missing-field, bad-type, bad-value, unknown-card,
joker-not-in-play, duplicate-card, player-count, duplicate-player,
active-and-sitting-out, table-size, sitting-out-needs-three, unknown-player,
dealer-not-playing, winner-not-playing, nagari-with-ending-event,
ending-event-winner, duplicate-event, event-order, below-stop-minimum,
below-go-minimum, count-out-of-range, liable-not-loser, liable-needs-three,
liable-without-stop, first-go-missing, first-go-invalid, event-not-allowed,
unknown-event, sake-cup-not-held, sake-cup-fixed-by-rules,
and the rules problems unknown-preset, unknown-option, bad-option-value.

Consistency problems (below-stop-minimum, below-go-minimum) are accepted when
``accept_unusual`` is true; they then appear in ``Hand.warnings``.

An everyday hand is checked in one pass by ``calculator.hand_fast.well_formed``;
anything else goes through ``validate``, which finds and words every problem.
The Hand itself is defined in ``calculator.model``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from .cards import (BY_CODE, JOKER_BITS, Card, Kind, cards_mask, disjoint, parse_card,
                    split_codes)
from .errors import InvalidHandError, InvalidRulesError, Problem, UnknownCardError
from .hand_fast import counts_in_range, jokers_out, well_formed
from .model import (FIELDS, LIMITS, MAX_NAGARI, MAX_TABLE, Event, Hand, Liable, Piles, SittingOut,
                    valid_name)
from .rules import ENDING_EVENTS, FIXED_EVENTS, PRESETS, RuleSet, from_mapping

__all__ = ["Event", "Hand", "Liable", "SittingOut", "parse_hand", "validate"]

LIABLE_REASONS = ("oe-myeon", "shodang")
EVENT_FIELDS = frozenset({"event", "player"})
LIABLE_FIELDS = frozenset({"player", "reason", "last_card"})
SITTING_FIELDS = frozenset({"player", "cards", "forced", "shake"})
EVENT_CHAIN = {"second-ppuk": "first-ppuk", "third-ppuk": "second-ppuk"}


def _is_map(obj: Any) -> bool:
    """A JSON object? (plain dicts first: ABC checks are slow on the hot path)"""
    return type(obj) is dict or isinstance(obj, Mapping)


class _Problems:
    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(self, field: str, code: str, message: str) -> None:
        self.items.append(Problem(field, code, message))


def parse_hand(data: Any) -> Hand:
    """Validate hand JSON (a mapping) and return a Hand.

    Raises InvalidHandError with every problem found (see the module docstring
    for the codes). Source of the checks: RULES.md §3 (stop minimum and go),
    §5 (liability), §6 (events), §7 (sitting out).
    """
    hand = well_formed(data)  # the common hand, checked in one pass; else None
    if hand is None:
        hand = validate(data)
    if hand.winner and hand.ending_event is None:
        problems = _stop_checks(hand)
        if problems and not hand.accept_unusual:
            raise InvalidHandError(problems)
        if problems:
            hand = hand._replace(warnings=tuple(problems))
    return hand


def validate(data: Any) -> Hand:
    """Every check of ``parse_hand`` except the stop minimum (``_stop_checks``),
    on any input: the Hand, or InvalidHandError listing every problem.
    ``calculator.hand_fast.well_formed`` must agree with it where it answers."""
    if not _is_map(data):
        raise InvalidHandError([Problem("", "bad-type", "a hand must be a JSON object")])
    out = _Problems()
    _unknown_keys(data, FIELDS, "", out)
    rules = _rules(data.get("rules"), out)
    players = _players(data.get("players"), out)
    active = set(players)
    sitting = _sitting_out(data.get("sitting_out"), players, rules, out)
    dealer = _dealer(data.get("dealer", players[0] if players else None), active, out)
    winner = _winner(data, active, out)
    captured, masks = _captured(data.get("captured"), players, rules, out)
    if not disjoint([(captured[p], m) for p, m in masks.items()]
                     + [(s.cards, cards_mask(s.cards)) for _, s in sitting]):
        _check_claims([(f"sitting_out.{i}.cards", s.player, s.cards) for i, s in sitting]
                      + [(f"captured.{p}", p, cards) for p, cards in captured.items()], out)
    counts = {name: _counts(data.get(name), name, active, out) for name in LIMITS}
    nagari_before = _int_field(data.get("nagari_before", 0), "nagari_before", MAX_NAGARI, out)
    events = _events(data.get("events"), active, winner, rules, len(players), out)
    liable = _liable(data.get("liable"), players, winner, events, out)
    first_go = _first_go(data.get("first_go"), players, winner, counts["go"], out)
    sake_cup = _sake_cup(data.get("sake_cup"), active, captured, rules, out)
    accept = data.get("accept_unusual", False)
    if not isinstance(accept, bool):
        out.add("accept_unusual", "bad-type", "accept_unusual must be true or false")
        accept = False
    if out.items:
        raise InvalidHandError(out.items)
    return Hand(
        rules=rules, players=tuple(players), dealer=dealer, winner=winner,
        captured=Piles.of_cards(captured), go=counts["go"], shakes=counts["shakes"],
        bombs=counts["bombs"],
        first_go=first_go, nagari_before=nagari_before, sake_cup=sake_cup, liable=liable,
        events=tuple(events), sitting_out=tuple(s for _, s in sitting), accept_unusual=accept,
        warnings=(), masks=masks, scored={},
    )


# -- the parts of a hand --------------------------------------------------------

def _unknown_keys(obj: Mapping, allowed: frozenset[str], where: str, out: _Problems) -> None:
    """A typo in a key must not silently change the money: report it."""
    if allowed.issuperset(obj):
        return
    for key in obj:
        if key not in allowed:
            field = f"{where}.{key}" if where else str(key)
            out.add(field, "unknown-field",
                    f"unknown field {key!r}" + (f" in {where}" if where else "")
                    + f"; expected one of {', '.join(sorted(allowed))}")


def _rules(raw: Any, out: _Problems) -> RuleSet:
    if type(raw) is str and raw in PRESETS:  # the common case: a preset's exact name
        return PRESETS[raw]
    try:
        return from_mapping(raw)
    except InvalidRulesError as exc:
        out.items.extend(exc.problems)
        return PRESETS["pagat"]


def _players(raw: Any, out: _Problems) -> list[str]:
    if raw is None:
        out.add("players", "missing-field", "players is missing: list the 2 or 3 active players")
        return []
    if not isinstance(raw, list):
        out.add("players", "bad-type", "players must be a list of names")
        return []
    names: list[str] = []
    for i, name in enumerate(raw):
        if not valid_name(name):
            out.add(f"players.{i}", "bad-type", f"player {i + 1} must be a name of 1 to 40 characters")
        elif name in names:
            out.add(f"players.{i}", "duplicate-player", f"player {name} is listed twice")
        else:
            names.append(name)
    if not 2 <= len(raw) <= 3:
        out.add("players", "player-count",
                f"{len(raw)} active players: Go-Stop is played by 2 or 3 at a time "
                "(list the others in sitting_out)")
    return names


def _dealer(raw: Any, active: set[str], out: _Problems) -> str:
    if raw is None:
        return ""
    if not isinstance(raw, str) or raw not in active:
        out.add("dealer", "dealer-not-playing",
                f"dealer {raw} is not an active player; the dealer always plays")
        return ""
    return raw


def _winner(data: Mapping, active: set[str], out: _Problems) -> str | None:
    if "winner" not in data:
        out.add("winner", "missing-field", "winner is missing: a player's name, or null for a nagari")
        return None
    raw = data["winner"]
    if raw is None:
        return None
    if not isinstance(raw, str) or raw not in active:
        out.add("winner", "winner-not-playing", f"winner {raw} is not one of the active players")
        return None
    return raw


def _card_list(raw: Any, field: str, owner: str, rules: RuleSet,
               out: _Problems) -> tuple[tuple[Card, ...], int]:
    """One player's cards and their mask (``cards_mask``); unknown codes and jokers not in
    play are problems. Cards claimed twice are checked across every pile by
    ``disjoint`` and ``_check_claims``."""
    if isinstance(raw, (str, list)):
        codes = split_codes(raw)
    else:
        out.add(field, "bad-type", f"{owner}'s cards must be a list of card codes or a string")
        return (), 0
    try:
        cards = tuple(map(BY_CODE.__getitem__, codes))
    except (KeyError, TypeError):
        pass
    else:
        mask = cards_mask(cards)
        if not (mask & JOKER_BITS and jokers_out(mask, rules)):
            return cards, mask
    kept: list[Card] = []
    for code in codes:
        try:
            card = parse_card(code)
        except UnknownCardError as exc:
            out.add(field, "unknown-card", f"{owner} has unknown card {exc.code!r}")
            continue
        if card.kind is Kind.JOKER and rules.joker_value(card.code) is None:
            out.add(field, "joker-not-in-play",
                    f"{owner} has joker {card.code}, which is not in play "
                    f"(the rules have {len(rules.jokers)} joker(s))")
            continue
        kept.append(card)
    return tuple(kept), cards_mask(kept)


def _check_claims(piles: list[tuple[str, str, tuple[Card, ...]]], out: _Problems) -> None:
    """Every card belongs to one pile at most: ``piles`` is (field, owner, cards),
    sitting-out hands first. Reports each card claimed twice, naming both owners."""
    total = sum(len(cards) for _, _, cards in piles)
    if len(set().union(*(cards for _, _, cards in piles))) == total:
        return
    seen: dict[Card, str] = {}
    for where, owner, cards in piles:
        for card, count in Counter(cards).items():
            if count > 1:
                out.add(where, "duplicate-card", f"card {card.code} is claimed twice by {owner}")
            other = seen.setdefault(card, owner)
            if other != owner:
                out.add(where, "duplicate-card", f"card {card.code} is claimed by both {other} and {owner}")


def _captured(raw: Any, players: list[str], rules: RuleSet,
              out: _Problems) -> tuple[dict[str, tuple[Card, ...]], dict[str, int]]:
    """Each active player's pile, in the input's order (a player left out
    captured nothing), and each pile's mask (``cards_mask``)."""
    piles: dict[str, tuple[Card, ...]] = {}
    masks: dict[str, int] = {}
    if raw is not None and not _is_map(raw):
        out.add("captured", "bad-type", "captured must map each player to their cards")
    elif raw is not None:
        for name, cards in raw.items():
            field = f"captured.{name}"
            if name not in players:
                out.add(field, "unknown-player", f"captured names {name}, who is not an active player")
                continue
            piles[name], masks[name] = _card_list(cards, field, name, rules, out)
    for name in players:
        if name not in piles:
            piles[name], masks[name] = (), 0
    return piles, masks


def _int_field(raw: Any, field: str, limit: int, out: _Problems, who: str = "") -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        out.add(field, "bad-type", f"{field} must be a whole number, got {raw!r}")
        return 0
    if not 0 <= raw <= limit:
        label = f"{who}'s {field.split('.')[0]}" if who else field
        out.add(field, "count-out-of-range", f"{label} is {raw}; it must be 0 to {limit}")
        return 0
    return raw


def _counts(raw: Any, name: str, active: set[str], out: _Problems) -> dict[str, int]:
    limit = LIMITS[name]
    fast = counts_in_range(raw, limit, active)  # the common case, no problem to word
    if fast is not None:
        return fast
    if not _is_map(raw):
        out.add(name, "bad-type", f"{name} must map player names to counts")
        return {}
    counts: dict[str, int] = {}
    for player, value in raw.items():
        field = f"{name}.{player}"
        if player not in active:
            out.add(field, "unknown-player", f"{name} names {player}, who is not an active player")
            continue
        counts[player] = _int_field(value, field, limit, out, who=player)
    return counts


def _events(raw: Any, active: set[str], winner: str | None, rules: RuleSet,
            n_players: int, out: _Problems) -> list[Event]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        out.add("events", "bad-type", "events must be a list of {event, player}")
        return []
    events: list[Event] = []
    for i, item in enumerate(raw):
        field = f"events.{i}"
        if not _is_map(item):
            out.add(field, "bad-type", "each event must be an object {event, player}")
            continue
        _unknown_keys(item, EVENT_FIELDS, field, out)
        name, player = item.get("event"), item.get("player")
        if name not in FIXED_EVENTS:
            out.add(f"{field}.event", "unknown-event",
                    f"unknown event {name!r}; one of {', '.join(FIXED_EVENTS)}")
            continue
        if not isinstance(player, str) or player not in active:
            out.add(f"{field}.player", "unknown-player",
                    f"{name} names {player}, who is not an active player")
            continue
        if n_players in (2, 3) and rules.fixed_payment(name, n_players) is None:
            out.add(f"{field}.event", "event-not-allowed",
                    f"{name} is not played under the {rules.name} rules; turn it on in the house rules")
            continue
        event = Event(name, player)
        if event in events:
            out.add(field, "duplicate-event", f"{name} for {player} is listed twice")
            continue
        needed = EVENT_CHAIN.get(name)
        if needed and Event(needed, player) not in events:
            out.add(field, "event-order", f"{name} for {player} needs {needed} listed before it")
        if name in ENDING_EVENTS:
            if winner is None:
                out.add(field, "nagari-with-ending-event",
                        f"{name} ends the hand as {player}'s win, so the hand cannot be a nagari")
            elif winner != player:
                out.add(field, "ending-event-winner",
                        f"{name} ends the hand as {player}'s win, but the winner is {winner}")
        events.append(event)
    return events


def _liable(raw: Any, players: list[str], winner: str | None, events: list[Event],
            out: _Problems) -> Liable | None:
    if raw is None:
        return None
    if not _is_map(raw):
        out.add("liable", "bad-type", "liable must be {player, reason} or null")
        return None
    _unknown_keys(raw, LIABLE_FIELDS, "liable", out)
    player, reason = raw.get("player"), raw.get("reason")
    last_card = raw.get("last_card", False)
    ok = True
    if reason not in LIABLE_REASONS:
        out.add("liable.reason", "bad-value", f"liable.reason {reason!r} is not oe-myeon or shodang")
        ok = False
    if not isinstance(last_card, bool):
        out.add("liable.last_card", "bad-type", "liable.last_card must be true or false")
        ok = False
    if len(players) != 3:
        out.add("liable", "liable-needs-three", "dok-bak claims need 3 active players")
        return None
    if winner is None or any(e.event in ENDING_EVENTS for e in events):
        out.add("liable", "liable-without-stop",
                f"{reason} liability needs a hand won by a stop, not a nagari or a fixed win")
        return None
    if player not in players or player == winner:
        out.add("liable.player", "liable-not-loser", f"liable player {player} is not one of the losers")
        return None
    return Liable(player, reason, last_card) if ok else None


def _first_go(raw: Any, players: list[str], winner: str | None, go: Mapping[str, int],
              out: _Problems) -> str | None:
    goers = [p for p in players if p != winner and go.get(p, 0) > 0]
    if raw is None:
        if winner and len(goers) == 2:
            out.add("first_go", "first-go-missing",
                    f"both {goers[0]} and {goers[1]} said go: first_go must say who said it first")
        return None
    if raw not in goers and not (raw in players and go.get(raw, 0) > 0):
        out.add("first_go", "first-go-invalid", f"first_go {raw} is not a player who said go")
        return None
    if winner and len(goers) == 2 and raw not in goers:
        # RULES.md §5 go-bak: of the two losers who said go, the first pays for both
        out.add("first_go", "first-go-invalid",
                f"first_go {raw} is not a loser: it must say which of {goers[0]} and {goers[1]} "
                "said go first")
        return None
    return raw


def _sake_cup(raw: Any, active: set[str], captured: Mapping[str, tuple[Card, ...]],
              rules: RuleSet, out: _Problems) -> dict[str, str]:
    if raw is None:
        return {}
    if not _is_map(raw):
        out.add("sake_cup", "bad-type", "sake_cup must map a player to animal or junk")
        return {}
    fixed: dict[str, str] = {}
    for player, placement in raw.items():
        field = f"sake_cup.{player}"
        if player not in active:
            out.add(field, "unknown-player", f"sake_cup names {player}, who is not an active player")
        elif placement not in ("animal", "junk"):
            out.add(field, "bad-value", f"{player}'s sake cup 9a must be animal or junk, not {placement!r}")
        elif not any(c.code == "9a" for c in captured.get(player, ())):
            out.add(field, "sake-cup-not-held", f"{player} did not capture the sake cup 9a")
        elif rules.sake_cup != "either":
            out.add(field, "sake-cup-fixed-by-rules",
                    f"the rules count 9a as {rules.sake_cup}; {player} cannot choose")
        else:
            fixed[player] = placement
    return fixed


def _sitting_out(raw: Any, players: list[str], rules: RuleSet,
                 out: _Problems) -> list[tuple[int, SittingOut]]:
    """The sitting-out players, each with its index in the input list."""
    if raw is None or raw == []:
        return []
    if not isinstance(raw, list):
        out.add("sitting_out", "bad-type", "sitting_out must be a list of {player, cards, forced, shake}")
        return []
    if len(players) != 3:
        out.add("sitting_out", "sitting-out-needs-three",
                "players sit out only when 3 play the deal (4 to 7 at the table)")
    if len(players) + len(raw) > MAX_TABLE:
        out.add("sitting_out", "table-size",
                f"{len(players) + len(raw)} at the table; Go-Stop takes at most {MAX_TABLE}")
    result: list[tuple[int, SittingOut]] = []
    names: set[str] = set()
    for i, item in enumerate(raw):
        field = f"sitting_out.{i}"
        if not _is_map(item):
            out.add(field, "bad-type", "each sitting-out player must be an object {player, cards, forced, shake}")
            continue
        _unknown_keys(item, SITTING_FIELDS, field, out)
        name = item.get("player")
        if not valid_name(name):
            out.add(f"{field}.player", "bad-type", "a sitting-out player needs a name")
            continue
        if name in players:
            out.add(f"{field}.player", "active-and-sitting-out", f"{name} cannot both play and sit out")
            continue
        if name in names:
            out.add(f"{field}.player", "duplicate-player", f"{name} sits out twice")
            continue
        names.add(name)
        forced, shake = item.get("forced", False), item.get("shake", False)
        if not isinstance(forced, bool) or not isinstance(shake, bool):
            out.add(field, "bad-type", f"{name}: forced and shake must be true or false")
            continue
        cards, _ = _card_list(item.get("cards", []), f"{field}.cards", name, rules, out)
        result.append((i, SittingOut(name, cards, forced, shake)))
    return result


def _stop_checks(hand: Hand) -> list[Problem]:
    """RULES.md §3: stop points >= stop minimum (+ go count after go)."""
    winner, rules = hand.winner, hand.rules
    options = hand.placements(winner)
    best = max([hand.pile_score(winner, p).stop_points for p in options])
    n, go = hand.n_players, hand.go.get(winner, 0)
    minimum = rules.stop_min(n)
    if best < minimum:
        return [Problem(f"captured.{winner}", "below-stop-minimum",
                        f"{winner} has {best} stop points; stopping needs {minimum} "
                        f"with {n} players (set accept_unusual to accept)")]
    if best < minimum + go:
        return [Problem(f"go.{winner}", "below-go-minimum",
                        f"{winner} said go {go} time(s) and has {best} stop points; after {go} go "
                        f"a stop needs at least {minimum + go} (set accept_unusual to accept)")]
    return []
