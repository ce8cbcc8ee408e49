"""Settle a valid hand: every payment in *chips*, each with the steps that explain it.

Sources: RULES.md §3–§7. A payment's chips are ``(value + adds) × times…`` over
its steps, in order; each step names a RULES.md rule id:

- ``points`` (the winner's points), ``go`` (add or times), ``shake``, ``bomb``,
  ``meong-dda``, ``nagari``: the winner's score, shared by every loser (§4);
- ``gwang-bak``, ``pi-bak``, ``meong-bak``, ``go-bak`` (2 players),
  ``empty-pile``: the loser's own doubles (§4);
- ``dok-bak``: the last step of a payment one loser makes for the other (§5);
- ``chongtong``, ``first-ppuk``, ``second-ppuk``, ``third-ppuk``, ``three-ppuk``,
  ``first-ttadak``: fixed payments, not multiplied (§6);
- ``dropout``: compensation of a forced dropout (§7).

The sake cup ``9a`` is placed per RULES.md 2.4: the winner's placement makes the
winner's total largest; each loser's placement makes that loser's payment
smallest.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import Card, Kind
from .hand import Hand
from .scoring import PileScore, best_score

Step = dict[str, Any]


class Payment(NamedTuple):
    """``payer`` pays ``payee`` ``chips``; ``steps`` explain every chip."""

    payer: str
    payee: str
    chips: int
    kind: str  # hand | dok-bak | fixed | dropout
    steps: tuple[Step, ...]
    on_behalf_of: str | None = None
    event: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"from": self.payer, "to": self.payee, "chips": self.chips,
                               "kind": self.kind, "steps": [dict(s) for s in self.steps]}
        if self.on_behalf_of:
            out["on_behalf_of"] = self.on_behalf_of
        if self.event:
            out["event"] = self.event
        return out


class Settlement(NamedTuple):
    """The outcome of a hand: scores per active player, payments, net chips.
    Immutable; a NamedTuple, which is made faster than a frozen dataclass."""

    hand: Hand
    scores: dict[str, PileScore]
    payments: tuple[Payment, ...]
    net: dict[str, int]
    notes: tuple[dict[str, str], ...] = ()

    @property
    def ended_by(self) -> str:
        if self.hand.winner is None:
            return "nagari"
        ending = self.hand.ending_event
        return ending.event if ending else "stop"

    def to_json(self) -> dict[str, Any]:
        """The settlement JSON of DESIGN.md (chips; ``net`` sums to zero)."""
        hand = self.hand
        players = {}
        for name in hand.players:
            entry = self.scores[name].to_json()
            entry["cards"] = list(hand.captured.codes(name))
            players[name] = entry
        return {
            "winner": hand.winner,
            "nagari": hand.winner is None,
            "ended_by": self.ended_by,
            "rules": hand.rules.to_json(),
            "players": players,
            "payments": [p.to_json() for p in self.payments],
            "net": dict(self.net),
            "warnings": [{"code": w.code, "message": w.message} for w in hand.warnings],
            "notes": [dict(n) for n in self.notes],
        }


def chips_of(steps: tuple[Step, ...] | list[Step], total: int = 0) -> int:
    """Apply steps in order, from ``total``: ``value`` starts, ``add`` adds,
    ``times`` multiplies."""
    for step in steps:
        if "value" in step:
            total = step["value"]
        if "add" in step:
            total += step["add"]
        if "times" in step:
            total *= step["times"]
    return total


# -- the winner's score (shared by every loser) ----------------------------------

def go_steps(go: int, scheme: str) -> list[Step]:
    """The go bonus (RULES.md §4 ``go``, option ``go_bonus``)."""
    if go <= 0:
        return []
    if scheme == "linear":
        return [{"rule": "go", "add": 1, "go": go}] if go == 1 else [{"rule": "go", "times": go, "go": go}]
    steps: list[Step] = []
    if scheme == "korean":
        steps.append({"rule": "go", "add": go, "go": go})
    elif go <= 2:  # pagat: +1, +2; from 3 go the adds are dropped
        steps.append({"rule": "go", "add": go, "go": go})
    if go >= 3:
        steps.append({"rule": "go", "times": 2 ** (go - 2), "go": go})
    return steps


def winner_steps(hand: Hand, score: PileScore) -> list[Step]:
    """Points, go, shake, bomb, meong-dda and nagari: the same for every loser."""
    rules, winner = hand.rules, hand.winner
    steps: list[Step] = [{"rule": "points", "value": score.points}]
    steps += go_steps(hand.go.get(winner, 0), rules.go_bonus)
    shakes = hand.shakes.get(winner, 0)
    if shakes:
        steps.append({"rule": "shake", "times": 2 ** shakes, "count": shakes})
    bombs = hand.bombs.get(winner, 0)
    if bombs:
        steps.append({"rule": "bomb", "times": rules.bomb_multiplier ** bombs, "count": bombs})
    if score.animals >= 7:
        steps.append({"rule": "meong-dda", "times": 2, "animals": score.animals})
    if hand.nagari_before:
        times = 2 ** hand.nagari_before
        cap = rules.nagari_cap
        step: Step = {"rule": "nagari", "times": min(times, cap) if cap else times,
                      "count": hand.nagari_before}
        if cap and times > cap:
            step["capped"] = True
        steps.append(step)
    return steps


def loser_steps(hand: Hand, loser: str, win: PileScore, own: PileScore) -> list[Step]:
    """The loser's own doubles (RULES.md §4 per-loser table)."""
    rules = hand.rules
    steps: list[Step] = []
    if own.n_cards == 0 and rules.empty_pile_exempt:
        return [{"rule": "empty-pile", "times": 0}]
    if own.brights == 0 and win.bright_set:
        steps.append({"rule": "gwang-bak", "times": 2, "brights": 0})
    if win.junk >= 10 and win.has("junk"):  # junk scores from a value of 10
        limit = rules.pi_bak_max[len(hand.players)]
        exempt = rules.pi_bak_zero_exempt and own.junk == 0
        if own.junk <= limit and not exempt:
            steps.append({"rule": "pi-bak", "times": 2, "junk": own.junk, "max": limit})
    if rules.meong_bak and win.animals >= 7 and own.animals == 0:
        steps.append({"rule": "meong-bak", "times": 2, "animals": 0})
    if len(hand.players) == 2 and hand.go.get(loser, 0) > 0 and rules.go_bak_two_player > 1:
        steps.append({"rule": "go-bak", "times": rules.go_bak_two_player, "go": hand.go[loser]})
    return steps


class _Choice(NamedTuple):
    win: PileScore
    shared: tuple[Step, ...]
    losers: dict[str, tuple[PileScore, tuple[Step, ...], int]]

    @property
    def total(self) -> int:
        return sum([chips for _, _, chips in self.losers.values()])


def _loser_choice(hand: Hand, memo: dict, loser: str, win: PileScore, shared: list[Step],
                  shared_chips: int) -> tuple[PileScore, tuple[Step, ...], int]:
    """The loser's placement with the smallest payment: (score, steps, chips).
    ``shared_chips`` is ``chips_of(shared)``; the loser's own steps follow it."""
    best = None
    for placement in hand.placements(loser):
        own = hand.pile_score(loser, placement, memo)
        steps = loser_steps(hand, loser, win, own)
        chips = chips_of(steps, shared_chips)
        key = (chips, -own.points, placement != "animal")
        if best is None or key < best[0]:
            best = (key, own, steps, chips)
    _, own, steps, chips = best
    return own, tuple(shared + steps), chips


def choose_placements(hand: Hand, memo: dict) -> _Choice:
    """RULES.md 2.4: the winner's placement with the largest total; for each
    loser, given it, the placement with the smallest payment.

    The winner's placement is chosen among those whose stop points allow the
    stop (stop minimum + go count, RULES.md §3); only when none does (a hand
    accepted with ``accept_unusual``) are all placements considered. ``memo``
    holds the pile scores worked out (see ``Hand.pile_score``)."""
    winner = hand.winner
    options = hand.placements(winner)
    minimum = hand.rules.stop_min(len(hand.players)) + hand.go.get(winner, 0)
    scored = [hand.pile_score(winner, p, memo) for p in options]
    eligible = [s for s in scored if s.stop_points >= minimum] or scored
    best: _Choice | None = None
    losers = hand.losers
    for win in eligible:
        shared = winner_steps(hand, win)
        shared_chips = chips_of(shared)
        choices = {p: _loser_choice(hand, memo, p, win, shared, shared_chips) for p in losers}
        choice = _Choice(win, tuple(shared), choices)
        if best is None or (choice.total, win.points, win.sake_cup == "animal") > (
                best.total, best.win.points, best.win.sake_cup == "animal"):
            best = choice
    return best


# -- dok-bak (RULES.md §5) ------------------------------------------------------

def liability(hand: Hand, choice: _Choice) -> tuple[str | None, str | None, list[dict[str, str]]]:
    """Who pays for both losers, and why: ``(player, reason, notes)``."""
    if len(hand.players) != 3:
        return None, None, []
    goers = [p for p in choice.losers if hand.go.get(p, 0) > 0]
    if len(goers) == 1:
        return goers[0], "go-bak", []
    if len(goers) == 2:
        return hand.first_go, "go-bak", []
    claim = hand.liable
    if claim is None:
        return None, None, []
    if claim.reason == "oe-myeon":
        only_junk = all(c.id == "junk" for c in choice.win.combinations)
        if only_junk and hand.go.get(hand.winner, 0) == 0:
            return None, None, [{"rule": "oe-myeon", "message":
                                 f"no oe-myeon for {claim.player}: {hand.winner} scored only from junk "
                                 "and had not said go (Pagat exception a); each loser pays their own"}]
        if claim.last_card:
            return None, None, [{"rule": "oe-myeon", "message":
                                 f"no oe-myeon for {claim.player}: it was their last card "
                                 "(Pagat exception b); each loser pays their own"}]
    return claim.player, claim.reason, []


def hand_payments(hand: Hand, choice: _Choice, notes: list[dict[str, str]]) -> list[Payment]:
    winner = hand.winner
    liable, reason, extra = liability(hand, choice)
    notes.extend(extra)
    if liable and choice.losers[liable][1][-1]["rule"] == "empty-pile":
        # "a loser with no captured cards at all pays nothing" (RULES.md §4 empty-pile),
        # their dok-bak share included; the other loser then pays their own.
        notes.append({"rule": "empty-pile", "message":
                      f"no dok-bak: {liable} captured nothing and pays nothing; "
                      "the other loser pays their own share"})
        liable = None
    payments: list[Payment] = []
    for loser, (_, steps, chips) in choice.losers.items():
        if liable and loser != liable:
            dok = {"rule": "dok-bak", "reason": reason, "for": loser, "paid_by": liable}
            payments.append(Payment(liable, winner, chips, "dok-bak", steps + (dok,), loser))
        else:
            payments.append(Payment(loser, winner, chips, "hand", steps))
    if liable:  # the liable player's own payment first, then the one on the other's behalf
        payments.sort(key=lambda p: p.kind == "dok-bak")
    return payments


# -- fixed payments and dropouts (RULES.md §6, §7) ------------------------------

def fixed_payments(hand: Hand) -> list[Payment]:
    payments = []
    for event in hand.events:
        chips = hand.rules.fixed_payment(event.event, hand.n_players)
        for other in hand.players:
            if other != event.player:
                payments.append(Payment(other, event.player, chips, "fixed",
                                        ({"rule": event.event, "value": chips},), event=event.event))
    return payments


def dropout_cards(cards: tuple[Card, ...], table_size: int) -> list[Card]:
    """The cards a forced dropout is paid for: brights, 11d, 12d, 9a, jokers;
    at a 4-player table, not 12b when it is the only bright."""
    paid = [c for c in cards if c.kind in (Kind.BRIGHT, Kind.JOKER) or c.code in ("9a", "11d", "12d")]
    brights = [c for c in paid if c.kind is Kind.BRIGHT]
    if table_size == 4 and len(brights) == 1 and brights[0].code == "12b":
        paid = [c for c in paid if c.code != "12b"]
    return paid


def dropout_payments(hand: Hand, notes: list[dict[str, str]]) -> list[Payment]:
    if not hand.sitting_out:
        return []
    rules = hand.rules
    table = hand.n_players + len(hand.sitting_out)
    by_losers = rules.dropout_paid_by == "losers"
    payers = hand.losers if by_losers else tuple(p for p in hand.players if p != hand.dealer)
    payments = []
    for sitter in hand.sitting_out:
        if not sitter.forced:
            continue
        cards = dropout_cards(sitter.cards, table)
        if not cards:
            continue
        if by_losers and hand.winner is None:
            notes.append({"rule": "dropout", "message":
                          f"{sitter.player}'s compensation waits for the next deal, paid double"})
            continue
        steps: list[Step] = [{"rule": "dropout", "value": rules.dropout_chips, "times": len(cards),
                              "cards": [c.code for c in cards], "count": len(cards)}]
        if sitter.shake:
            steps.append({"rule": "shake", "times": 2, "count": 1})
        if by_losers and hand.nagari_before:
            steps.append({"rule": "nagari", "times": 2, "count": hand.nagari_before})
        chips = chips_of(steps)
        for payer in payers:
            payments.append(Payment(payer, sitter.player, chips, "dropout", tuple(steps)))
    return payments


def settle(hand: Hand) -> Settlement:
    """Settle a valid Hand (see ``calculator.hand.parse_hand``). Pure; no I/O."""
    notes: list[dict[str, str]] = []
    payments: list[Payment] = fixed_payments(hand)
    scores: dict[str, PileScore] = {}
    # a memo of this settlement's own: the hand does not keep every placement tried
    memo = dict(hand.scored)
    ending = hand.ending_event
    if hand.winner and ending is None:
        choice = choose_placements(hand, memo)
        scores[hand.winner] = choice.win
        for loser, (own, _, _) in choice.losers.items():
            scores[loser] = own
        payments = hand_payments(hand, choice, notes) + payments
    for name in hand.players:
        if name not in scores:
            options = hand.placements(name)
            scores[name] = best_score([hand.pile_score(name, p, memo) for p in options])
    payments += dropout_payments(hand, notes)
    net = dict.fromkeys(hand.players, 0)
    if hand.sitting_out:
        net.update({s.player: 0 for s in hand.sitting_out})
    for pay in payments:
        net[pay.payer] -= pay.chips
        net[pay.payee] += pay.chips
    return Settlement(hand, scores, tuple(payments), net, tuple(notes))


__all__ = ["Payment", "Settlement", "settle", "chips_of", "go_steps"]
