"""Invariants of random games (3 to 7 players), each hand settled by the real core."""

from hypothesis import given, settings, strategies as st

from calculator.game import GameConfig, compute, play_or_drop, waiting_for

from .game_entries import nagari, win

NAMES = ["Ana", "Bo", "Chul", "Dan", "Eun", "Fay", "Gil"]


@st.composite
def games(draw):
    n = draw(st.integers(2, 7))
    players = NAMES[:n]
    cfg = GameConfig.from_json({"players": players, "first_dealer": draw(st.sampled_from(players)),
                                "length": {"hands": 12},
                                "nagari_redeal": draw(st.sampled_from(["same", "all"]))})
    entries = []
    for _ in range(draw(st.integers(1, 12))):
        nxt = compute(cfg, entries).next
        entry = {}
        if nxt.active is None:
            choices = {}
            while (who := waiting_for(players, nxt.dealer, choices)) is not None:
                choices[who] = draw(st.sampled_from(["play", "drop"]))
            active = list(play_or_drop(players, nxt.dealer, choices).active)
            entry["choices"] = choices
        else:
            active = list(nxt.active)
        if draw(st.booleans()) and draw(st.booleans()):
            entry.update(nagari(active))
        else:
            w = draw(st.sampled_from(active))
            if len(active) == 2:
                entry.update({"winner": w, "captured": {w: "1b 3b 8b 11b 12b"}})
            else:
                entry.update(win(w, [p for p in active if p != w]))
        entries.append(entry)
    return cfg, entries


@settings(max_examples=60, deadline=None)
@given(games())
def test_game_invariants(game):
    cfg, entries = game
    led = compute(cfg, entries)
    carry, dealer = 0, cfg.first_dealer
    for h in led.hands:
        assert h.deal.dealer == dealer and h.hand["dealer"] == dealer
        assert h.deal.nagari_before == carry == h.hand["nagari_before"]
        assert h.hand["players"][0] == dealer
        assert len(h.hand["players"]) == min(3, len(cfg.players))
        assert set(h.hand["players"]) | set(h.sitting_out) == set(cfg.players)
        assert sum(h.net.values()) == 0
        if h.nagari:
            carry += 1
        else:
            carry, dealer = 0, h.winner
    assert sum(led.totals.values()) == 0
    left = dict(led.totals)
    for t in led.transfers():
        left[t.payer] += t.chips
        left[t.payee] -= t.chips
    assert not any(left.values())
    assert len(led.transfers()) <= max(0, sum(1 for v in led.totals.values() if v) - 1)
