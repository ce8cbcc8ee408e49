"""RULES.md §4–§7: go, multipliers, per-loser doubles, dok-bak, fixed payments, dropouts.

Numbers are worked out by hand in the comments. Unless a case says otherwise:
pagat preset, 3 players (Ana deals), Bo wins with BASE8 = godori 5 + hongdan 3 = 8
points (no bright set, no junk set, 3 animals), and Ana and Chul hold 6 junk each.
"""

from __future__ import annotations

import pytest

from .conftest import (ANA, BASE8, CHUL, assert_steps, bomb, go_add, go_times,
                      hand2, hand3, hand_payment, nagari, note_rules, paid, payments, pibak,
                      pts, settle, shake, x2)

GB = x2("gwang-bak")
JUNK10_HONG = "1j1 1j2 2j1 2j2 3j1 3j2 4j1 4j2 9j1 9j2 1r 2r 3r"  # junk 1 + hongdan 3 = 4


def pagat_with(**options):
    return {"preset": "pagat", **options}


def both_pay(s, chips, steps):
    for loser in ("Ana", "Chul"):
        p = hand_payment(s, loser)
        assert p["to"] == "Bo"
        assert p["chips"] == chips, (loser, p)
        assert_steps(p, steps)
    assert s["net"]["Bo"] == 2 * chips


# ---- go bonus schemes (RULES.md §4 `go`) -----------------------------------
GO_CASES = [
    # pagat: +1, +2, then x2^(g-2) with the +1/+2 dropped.
    pytest.param("pagat", 1, 9, [pts(8), go_add(1, 1)], id="go-pagat-1"),
    pytest.param("pagat", 2, 10, [pts(8), go_add(2, 2)], id="go-pagat-2"),
    pytest.param("pagat", 3, 16, [pts(8), go_times(2, 3)], id="go-pagat-3"),
    pytest.param("pagat", 4, 32, [pts(8), go_times(4, 4)], id="go-pagat-4"),
    pytest.param("pagat", 5, 64, [pts(8), go_times(8, 5)], id="go-pagat-5"),
    # korean: +g always, and x2^(g-2) from 3 go.
    pytest.param("korean", 1, 9, [pts(8), go_add(1, 1)], id="go-korean-1"),
    pytest.param("korean", 2, 10, [pts(8), go_add(2, 2)], id="go-korean-2"),
    pytest.param("korean", 3, 22, [pts(8), go_add(3, 3), go_times(2, 3)], id="go-korean-3"),
    pytest.param("korean", 4, 48, [pts(8), go_add(4, 4), go_times(4, 4)], id="go-korean-4"),
    pytest.param("korean", 5, 104, [pts(8), go_add(5, 5), go_times(8, 5)], id="go-korean-5"),
    # linear: 1 go +1, g >= 2 go xg.
    pytest.param("linear", 1, 9, [pts(8), go_add(1, 1)], id="go-linear-1"),
    pytest.param("linear", 2, 16, [pts(8), go_times(2, 2)], id="go-linear-2"),
    pytest.param("linear", 3, 24, [pts(8), go_times(3, 3)], id="go-linear-3"),
    pytest.param("linear", 4, 32, [pts(8), go_times(4, 4)], id="go-linear-4"),
]


@pytest.mark.parametrize("scheme, g, chips, steps", GO_CASES)
def test_go_bonus(scheme, g, chips, steps):
    # 8 points >= stop minimum 3 + g for g <= 5.
    s = settle(hand3(BASE8, rules=pagat_with(go_bonus=scheme), go={"Bo": g}))
    both_pay(s, chips, steps)


def test_go_zero_adds_nothing():
    s = settle(hand3(BASE8, go={"Bo": 0}))
    both_pay(s, 8, [pts(8)])


@pytest.mark.parametrize("preset, g, chips", [
    pytest.param("korean", 3, 22, id="go-korean-preset-3"),  # (8+3) x2
    pytest.param("fuda", 4, 48, id="go-fuda-preset-4"),  # (8+4) x4
    pytest.param("pagat", 3, 16, id="go-pagat-preset-3"),  # 8 x2
])
def test_go_preset_schemes(preset, g, chips):
    s = settle(hand3(BASE8, rules=preset, go={"Bo": g}))
    both_pay(s, chips, _go_steps(preset, g))


def _go_steps(preset, g):
    if preset == "pagat":
        return [pts(8), go_times(2 ** (g - 2), g)]
    return [pts(8), go_add(g, g), go_times(2 ** (g - 2), g)]


# ---- shake and bomb ---------------------------------------------------------
@pytest.mark.parametrize("preset, shakes, bombs, chips, steps", [
    pytest.param("pagat", 1, 0, 16, [pts(8), shake(1)], id="shake-1"),
    pytest.param("pagat", 2, 0, 32, [pts(8), shake(2)], id="shake-2"),
    pytest.param("pagat", 3, 0, 64, [pts(8), shake(3)], id="shake-3"),
    pytest.param("korean", 2, 0, 32, [pts(8), shake(2)], id="shake-korean-2"),
    # pagat bomb_multiplier 1: a bomb does not double.
    pytest.param("pagat", 0, 1, 8, [pts(8)], id="bomb-pagat-x1"),
    pytest.param("pagat", 0, 2, 8, [pts(8)], id="bomb-pagat-x1-twice"),
    pytest.param("fuda", 0, 1, 16, [pts(8), bomb(2, 1)], id="bomb-fuda-x2"),
    pytest.param("fuda", 0, 2, 32, [pts(8), bomb(4, 2)], id="bomb-fuda-x2-twice"),
    pytest.param("korean", 0, 1, 16, [pts(8), bomb(2, 1)], id="bomb-korean-x2"),
    pytest.param(pagat_with(bomb_multiplier=3), 0, 2, 72, [pts(8), bomb(9, 2)],
                 id="bomb-multiplier-3"),
    # korean 3 go + 1 shake + 1 bomb: (8+3) x2 x2 x2 = 88.
    pytest.param("korean", 1, 1, None, None, id="shake-bomb-go-korean"),
])
def test_shake_and_bomb(preset, shakes, bombs, chips, steps):
    extra = {"shakes": {"Bo": shakes}, "bombs": {"Bo": bombs}}
    if chips is None:
        s = settle(hand3(BASE8, rules=preset, go={"Bo": 3}, **extra))
        both_pay(s, 88, [pts(8), go_add(3, 3), go_times(2, 3), shake(1), bomb(2, 1)])
        return
    s = settle(hand3(BASE8, rules=preset, **extra))
    both_pay(s, chips, steps)


def test_bomb_pagat_step_is_times_one_if_shown():
    s = settle(hand3(BASE8, bombs={"Bo": 2}))
    for step in hand_payment(s, "Ana")["steps"]:
        if step["rule"] == "bomb":
            assert step["times"] == 1


# ---- nagari carry -----------------------------------------------------------
@pytest.mark.parametrize("rules, n, chips, steps", [
    pytest.param("pagat", 1, 16, [pts(8), nagari(2, 1)], id="nagari-1"),
    pytest.param("pagat", 2, 32, [pts(8), nagari(4, 2)], id="nagari-2"),
    pytest.param("pagat", 4, 128, [pts(8), nagari(16, 4)], id="nagari-pagat-no-cap"),
    pytest.param("fuda", 5, 256, [pts(8), nagari(32, 5)], id="nagari-fuda-no-cap"),
    pytest.param("korean", 3, 64, [pts(8), nagari(8, 3)], id="nagari-korean-3"),
    pytest.param("korean", 4, 64, [pts(8), nagari(8, 4)], id="nagari-cap-korean"),
    pytest.param("korean", 6, 64, [pts(8), nagari(8, 6)], id="nagari-cap-korean-6"),
    pytest.param(pagat_with(nagari_cap=4), 3, 32, [pts(8), nagari(4, 3)], id="nagari-cap-option"),
    pytest.param(pagat_with(nagari_cap=None), 3, 64, [pts(8), nagari(8, 3)],
                 id="nagari-cap-null"),
])
def test_nagari_carry(rules, n, chips, steps):
    s = settle(hand3(BASE8, rules=rules, nagari_before=n))
    both_pay(s, chips, steps)


def test_nagari_hand_has_no_payments():
    s = settle(hand3(BASE8, winner=None))
    assert s["nagari"] is True
    assert s["winner"] is None
    assert s["ended_by"] == "nagari"
    assert s["payments"] == []
    assert s["net"] == {"Ana": 0, "Bo": 0, "Chul": 0}


def test_stop_hand_reports_ended_by_stop():
    s = settle(hand3(BASE8))
    assert s["nagari"] is False
    assert s["ended_by"] == "stop"
    assert s["rules"]["go_bonus"] == "pagat"


def test_settlement_rules_reflect_overrides():
    s = settle(hand3(BASE8, rules={"preset": "korean", "go_bonus": "linear"}))
    assert s["rules"]["go_bonus"] == "linear"
    assert s["rules"]["bomb_multiplier"] == 2


# ---- gwang-bak ---------------------------------------------------------------
@pytest.mark.parametrize("bo, ana, ana_chips, chul_chips", [
    # three brights 3: Ana holds 11b -> 3; Chul none -> 6.
    pytest.param("1b 3b 8b", ANA + " 11b", 3, 6, id="gwang-bak"),
    # a loser whose only bright is 12b still has a bright.
    pytest.param("1b 3b 8b", ANA + " 12b", 3, 6, id="gwang-bak-12b-protects"),
    # rain three brights (2 points) + cheongdan 3 = 5 is a bright set.
    pytest.param("1b 3b 12b 6r 9r 10r", ANA + " 8b", 5, 10, id="gwang-bak-rain-three"),
    # two brights and godori: no bright set, no gwang-bak.
    pytest.param("1b 3b 2a 4a 8a", ANA, 5, 5, id="gwang-bak-needs-bright-set"),
])
def test_gwang_bak(bo, ana, ana_chips, chul_chips):
    s = settle(hand3(bo, ana=ana))
    assert hand_payment(s, "Ana")["chips"] == ana_chips
    assert hand_payment(s, "Chul")["chips"] == chul_chips


# ---- pi-bak: threshold per player count and preset --------------------------
J = ["5j1", "5j2", "6j1", "6j2", "7j1", "7j2", "8j1", "8j2"]


def junk_pile(n):
    return " ".join(J[:n])


# 3 players: Bo junk 10 + hongdan = 4 points. Chul holds 10j/11j junk (6).
# 2 players: Bo junk 10 + hongdan + godori = 9 points (stop minimum 7).
JUNK2 = JUNK10_HONG + " 2a 4a 8a"


@pytest.mark.parametrize("players, rules, junk, pibak_max, hit", [
    pytest.param(3, "pagat", 4, 4, True, id="pi-bak-threshold-pagat-3p-4"),
    pytest.param(3, "pagat", 5, 4, False, id="pi-bak-threshold-pagat-3p-5"),
    pytest.param(2, "pagat", 4, 4, True, id="pi-bak-threshold-pagat-2p-4"),
    pytest.param(2, "pagat", 5, 4, False, id="pi-bak-threshold-pagat-2p-5"),
    pytest.param(3, "fuda", 5, 5, True, id="pi-bak-threshold-fuda-3p-5"),
    pytest.param(3, "fuda", 6, 5, False, id="pi-bak-threshold-fuda-3p-6"),
    pytest.param(2, "fuda", 7, 7, True, id="pi-bak-threshold-fuda-2p-7"),
    pytest.param(2, "fuda", 8, 7, False, id="pi-bak-threshold-fuda-2p-8"),
    pytest.param(3, "korean", 5, 5, True, id="pi-bak-threshold-korean-3p-5"),
    pytest.param(3, "korean", 6, 5, False, id="pi-bak-threshold-korean-3p-6"),
    pytest.param(2, "korean", 7, 7, True, id="pi-bak-threshold-korean-2p-7"),
    pytest.param(2, "korean", 8, 7, False, id="pi-bak-threshold-korean-2p-8"),
    pytest.param(3, pagat_with(pi_bak_max={"3": 6}), 6, 6, True, id="pi-bak-max-per-count-3"),
    pytest.param(2, pagat_with(pi_bak_max={"3": 6}), 5, 4, False, id="pi-bak-max-per-count-2-kept"),
    pytest.param(3, pagat_with(pi_bak_max=1), 1, 1, True, id="pi-bak-max-number"),
    pytest.param(1, "pagat", 0, 0, False, id="pi-bak-needs-junk-set"),
])
def test_pi_bak_threshold(players, rules, junk, pibak_max, hit):
    if players == 1:  # winner without a junk set: a loser with 0 junk is not pi-bak
        s = settle(hand3(BASE8, ana="12r"))
        assert hand_payment(s, "Ana")["chips"] == 8
        return
    ana = junk_pile(junk) + " 12r"
    if players == 3:
        s = settle(hand3(JUNK10_HONG, ana=ana, chul="10j1 10j2 11j1 11j2 11d", rules=rules))
        base = 4
    else:
        s = settle(hand2(JUNK2, ana=ana, rules=rules))
        base = 9
    p = hand_payment(s, "Ana")
    if hit:
        assert p["chips"] == 2 * base
        assert_steps(p, [pts(base), pibak(junk, pibak_max)])
    else:
        assert p["chips"] == base
        assert_steps(p, [pts(base)])


@pytest.mark.parametrize("rules, chips", [
    pytest.param("pagat", 8, id="pi-bak-zero-not-exempt-pagat"),
    pytest.param("korean", 4, id="pi-bak-zero-exempt-korean"),
    pytest.param("fuda", 4, id="pi-bak-zero-exempt-fuda"),
    pytest.param(pagat_with(pi_bak_zero_exempt=True), 4, id="pi-bak-zero-exempt"),
])
def test_pi_bak_zero_exempt(rules, chips):
    # Ana holds only 8b (a bright, 0 junk, not an empty pile). Bo: junk 10 + hongdan = 4.
    s = settle(hand3(JUNK10_HONG, ana="8b", rules=rules))
    assert hand_payment(s, "Ana")["chips"] == chips


def test_pi_bak_counts_jokers_for_the_loser():
    # pagat: Ana jk2 (3) + 2 junk = 5 > 4: no pi-bak -> 4. Chul 4 junk -> pi-bak 8.
    s = settle(hand3(JUNK10_HONG, ana="jk2 5j1 5j2", chul="10j1 10j2 11j1 11j2"))
    assert hand_payment(s, "Ana")["chips"] == 4
    assert hand_payment(s, "Chul")["chips"] == 8
    assert_steps(hand_payment(s, "Chul"), [pts(4), pibak(4, 4)])


def test_pi_bak_counts_double_junk_for_the_loser():
    # Ana 11d + 12d + 1 junk = 5 > 4: no pi-bak. Bo junk 10 + hongdan without 11d/12d.
    s = settle(hand3(JUNK10_HONG, ana="11d 12d 5j1"))
    assert hand_payment(s, "Ana")["chips"] == 4


def test_all_doubles_stack():
    # Bo: three brights 3 + 7 animals (no 8a) 3 + junk 10 -> 1 = 7 points.
    # Ana: nothing but 12r (no bright, 0 junk): gwang-bak x2, pi-bak x2 (pagat, 0 not exempt),
    # meong-dda x2 -> 56. Chul: 11b + 6 junk: only meong-dda -> 14.
    bo = "1b 3b 8b 2a 4a 5a 6a 7a 10a 12a 1j1 1j2 2j1 2j2 3j1 3j2 4j1 4j2 9j1 9j2"
    s = settle(hand3(bo, ana="12r", chul=CHUL + " 11b"))
    assert s["players"]["Bo"]["points"] == 7
    pa = hand_payment(s, "Ana")
    assert pa["chips"] == 56
    assert_steps(pa, [pts(7), x2("meong-dda"), GB, pibak(0, 4)])
    assert hand_payment(s, "Chul")["chips"] == 14


# ---- go-bak, two players ------------------------------------------------------
@pytest.mark.parametrize("rules, ana_go, chips, steps", [
    pytest.param("korean", 1, 16, [pts(8), x2("go-bak")], id="go-bak-2p"),
    pytest.param("korean", 0, 8, [pts(8)], id="go-bak-2p-no-go"),
    pytest.param("pagat", 1, 8, [pts(8)], id="go-bak-2p-pagat-none"),
    pytest.param("fuda", 1, 8, [pts(8)], id="go-bak-2p-fuda-none"),
    pytest.param(pagat_with(go_bak_two_player=3), 2, 24, [pts(8), {"rule": "go-bak", "times": 3}],
                 id="go-bak-2p-option-3"),
])
def test_go_bak_two_player(rules, ana_go, chips, steps):
    s = settle(hand2(BASE8, rules=rules, go={"Ana": ana_go, "Bo": 0}))
    p = hand_payment(s, "Ana")
    assert p["chips"] == chips
    assert_steps(p, steps)


def test_go_bak_two_player_multiplier_not_used_with_three_players():
    # korean 3p: Ana said go -> dok-bak (she pays for Chul too), but no x2 on her own share.
    s = settle(hand3(BASE8, rules="korean", go={"Ana": 1}))
    assert paid(s, "Ana") == 16
    assert paid(s, "Chul") == 0


# ---- empty pile ----------------------------------------------------------------
@pytest.mark.parametrize("rules, ana, exempt", [
    pytest.param("fuda", "", True, id="empty-pile"),
    pytest.param("korean", [], True, id="empty-pile-korean-list"),
    pytest.param("fuda", None, True, id="empty-pile-left-out"),
    pytest.param(pagat_with(empty_pile_exempt=True), "", True, id="empty-pile-option"),
    pytest.param("pagat", "", False, id="empty-pile-pagat-pays"),
])
def test_empty_pile(rules, ana, exempt):
    # Bo: three brights 3. Chul has no bright: gwang-bak -> 6.
    s = settle(hand3("1b 3b 8b", ana=ana, rules=rules))
    assert hand_payment(s, "Chul")["chips"] == 6
    if exempt:
        assert s["net"]["Ana"] == 0
        p = hand_payment(s, "Ana")
        assert p["chips"] == 0
        assert {"rule": "empty-pile", "times": 0} in p["steps"]
    else:
        # pagat: Ana pays 3 x2 gwang-bak (no junk set, so no pi-bak) = 6.
        assert hand_payment(s, "Ana")["chips"] == 6


# ---- dok-bak (3 players) ---------------------------------------------------------
# Bo: three brights 3 + godori 5 = 8. Ana holds 11b (no gwang-bak): owes 8.
# Chul has no bright: owes 16.
DOK_BO = "1b 3b 8b 2a 4a 8a"
DOK_ANA = ANA + " 11b"


def assert_dok_bak(s, liable, other, own, other_amount, reason, winner="Bo"):
    assert paid(s, other) == 0, f"{other} pays nothing under dok-bak"
    assert paid(s, liable) == own + other_amount
    own_p = hand_payment(s, liable)
    assert own_p["chips"] == own
    dok = payments(s, liable, "dok-bak")
    assert len(dok) == 1
    dok = dok[0]
    assert dok["to"] == winner
    assert dok["chips"] == other_amount
    assert dok.get("on_behalf_of") == other
    last = dok["steps"][-1]
    assert last["rule"] == "dok-bak"
    assert last["reason"] == reason and last["for"] == other
    assert s["net"][winner] == own + other_amount
    assert s["net"][other] == 0


def test_dok_bak_go_bak():
    s = settle(hand3(DOK_BO, ana=DOK_ANA, go={"Ana": 1}))
    assert_dok_bak(s, "Ana", "Chul", 8, 16, "go-bak")
    # the payment on Chul's behalf carries Chul's own doubles
    assert_steps(payments(s, "Ana", "dok-bak")[0], [pts(8), GB, {"rule": "dok-bak"}])


def test_dok_bak_go_bak_liable_has_own_doubles():
    # Chul said go: Chul pays his own 16 plus Ana's 8.
    s = settle(hand3(DOK_BO, ana=DOK_ANA, go={"Chul": 2}))
    assert_dok_bak(s, "Chul", "Ana", 16, 8, "go-bak")


@pytest.mark.parametrize("first, liable, other, own, other_amount", [
    pytest.param("Chul", "Chul", "Ana", 16, 8, id="dok-bak-first-go-chul"),
    pytest.param("Ana", "Ana", "Chul", 8, 16, id="dok-bak-first-go-ana"),
])
def test_dok_bak_first_go(first, liable, other, own, other_amount):
    s = settle(hand3(DOK_BO, ana=DOK_ANA, go={"Ana": 1, "Chul": 1}, first_go=first))
    assert_dok_bak(s, liable, other, own, other_amount, "go-bak")


def test_dok_bak_oe_myeon():
    s = settle(hand3(DOK_BO, ana=DOK_ANA, liable={"player": "Ana", "reason": "oe-myeon"}))
    assert_dok_bak(s, "Ana", "Chul", 8, 16, "oe-myeon")


def test_dok_bak_shodang():
    s = settle(hand3(DOK_BO, ana=DOK_ANA, liable={"player": "Chul", "reason": "shodang"}))
    assert_dok_bak(s, "Chul", "Ana", 16, 8, "shodang")


@pytest.mark.parametrize("reason", ["oe-myeon", "shodang"])
def test_dok_bak_go_bak_precedence(reason):
    # Ana said go; the table claims Chul liable: go-bak wins, Ana pays for both.
    s = settle(hand3(DOK_BO, ana=DOK_ANA, go={"Ana": 1},
                     liable={"player": "Chul", "reason": reason}))
    assert_dok_bak(s, "Ana", "Chul", 8, 16, "go-bak")


# Bo wins on junk only: 10 plain + 11d + 12d = 14 -> 5 points; no other combination.
JUNK_ONLY = "1j1 1j2 2j1 2j2 3j1 3j2 4j1 4j2 9j1 9j2 11d 12d"


def test_oe_myeon_exception_a_junk_only_no_go():
    s = settle(hand3(JUNK_ONLY, liable={"player": "Ana", "reason": "oe-myeon"}))
    assert combos_ids(s) == {"junk"}
    assert paid(s, "Ana") == 5 and paid(s, "Chul") == 5
    assert payments(s, kind="dok-bak") == []
    assert "oe-myeon" in note_rules(s)


def test_oe_myeon_exception_a_needs_no_go():
    # Same hand, Bo had said go once (5 >= 3 + 1): (5 + 1) = 6; exception a does not apply.
    s = settle(hand3(JUNK_ONLY, go={"Bo": 1}, liable={"player": "Ana", "reason": "oe-myeon"}))
    assert_dok_bak(s, "Ana", "Chul", 6, 6, "oe-myeon")


def test_oe_myeon_exception_a_needs_junk_only():
    # Bo junk 14 -> 5 plus hongdan 3 = 8: not junk only, dok-bak applies.
    s = settle(hand3(JUNK_ONLY + " 1r 2r 3r", liable={"player": "Ana", "reason": "oe-myeon"}))
    assert_dok_bak(s, "Ana", "Chul", 8, 8, "oe-myeon")


def test_oe_myeon_exception_b_last_card():
    s = settle(hand3(DOK_BO, ana=DOK_ANA,
                     liable={"player": "Ana", "reason": "oe-myeon", "last_card": True}))
    assert paid(s, "Ana") == 8 and paid(s, "Chul") == 16
    assert payments(s, kind="dok-bak") == []
    assert "oe-myeon" in note_rules(s)


def test_oe_myeon_last_card_false_is_dok_bak():
    s = settle(hand3(DOK_BO, ana=DOK_ANA,
                     liable={"player": "Ana", "reason": "oe-myeon", "last_card": False}))
    assert_dok_bak(s, "Ana", "Chul", 8, 16, "oe-myeon")


def combos_ids(s):
    return {c["id"] for c in s["players"]["Bo"]["combinations"]}


# ---- fixed payments (RULES.md §6) -------------------------------------------------
FIXED = [
    # (event, rules, players, chips)
    ("chongtong", "pagat", 3, 5), ("chongtong", "pagat", 2, 5),
    ("chongtong", "fuda", 3, 3), ("chongtong", "fuda", 2, 7),
    ("chongtong", "korean", 3, 5), ("chongtong", "korean", 2, 7),
    ("three-ppuk", "pagat", 3, 5), ("three-ppuk", "pagat", 2, 5),
    ("three-ppuk", "fuda", 3, 3), ("three-ppuk", "fuda", 2, 7),
    ("three-ppuk", "korean", 3, 3), ("three-ppuk", "korean", 2, 7),
    ("first-ppuk", "pagat", 3, 3), ("first-ppuk", "pagat", 2, 3),
    ("first-ppuk", "fuda", 3, 3), ("first-ppuk", "fuda", 2, 7),
    ("first-ppuk", "korean", 3, 3), ("first-ppuk", "korean", 2, 7),
    ("second-ppuk", "fuda", 3, 6), ("second-ppuk", "fuda", 2, 14),
    ("second-ppuk", "korean", 3, 6), ("second-ppuk", "korean", 2, 14),
    ("third-ppuk", "fuda", 3, 12), ("third-ppuk", "fuda", 2, 28),
    ("third-ppuk", "korean", 3, 9), ("third-ppuk", "korean", 2, 21),
    ("first-ttadak", "fuda", 3, 3), ("first-ttadak", "fuda", 2, 7),
    ("first-ttadak", "korean", 3, 3), ("first-ttadak", "korean", 2, 7),
    ("first-ttadak", {"preset": "pagat", "first_ttadak": 3}, 3, 3),
    ("second-ppuk", {"preset": "pagat", "second_ppuk": 4}, 2, 4),
]


def _fixed_id(e):
    event, rules, n, chips = e
    name = rules if isinstance(rules, str) else "pagat-house"
    return f"{event}-{name}-{n}p-{chips}"


def _fixed_value(event, rules, n):
    """The chips of an earlier event in a chain, from the hand-written FIXED table."""
    name = rules if isinstance(rules, str) else rules["preset"]
    for e, r, count, chips in FIXED:
        if e == event and r == name and count == n:
            return chips
    raise AssertionError((event, rules, n))


@pytest.mark.parametrize("event, rules, n, chips", FIXED, ids=[_fixed_id(e) for e in FIXED])
def test_fixed_payment(event, rules, n, chips):
    others = ["Ana", "Chul"] if n == 3 else ["Ana"]
    ending = event in ("chongtong", "three-ppuk")
    # a second (third) ppuk in a row comes straight after the first (and second): the core
    # asks for the earlier ones to be listed too. Only the payments of `event` are checked.
    chain = {"second-ppuk": ["first-ppuk"], "third-ppuk": ["first-ppuk", "second-ppuk"]}
    events = [{"event": e, "player": "Bo"} for e in chain.get(event, []) + [event]]
    if ending:
        # the hand ends as Bo's win with only the fixed payment; nobody captured anything
        data = {"rules": rules, "players": ["Ana", "Bo", "Chul"][:n], "dealer": "Ana",
                "winner": "Bo", "captured": {}, "events": events}
    else:
        # play goes on and Bo wins normally with BASE8 = 8 (no doubles)
        data = (hand3 if n == 3 else hand2)(BASE8, rules=rules, events=events)
    s = settle(data)
    earlier = sum(_fixed_value(e, rules, n) for e in chain.get(event, []))
    fixed = [p for p in payments(s, kind="fixed") if p.get("event") == event]
    assert sorted(p["from"] for p in fixed) == others
    for p in fixed:
        assert p["to"] == "Bo"
        assert p["chips"] == chips
        assert p.get("event") == event
        assert_steps(p, [{"rule": event, "value": chips}])
    if ending:
        assert s["ended_by"] == event
        assert payments(s, kind="hand") == []
        assert s["net"]["Bo"] == chips * len(others)
    else:
        assert s["ended_by"] == "stop"
        for o in others:
            assert hand_payment(s, o)["chips"] == 8
        assert s["net"]["Bo"] == (chips + earlier + 8) * len(others)


def test_chongtong_not_multiplied_by_nagari():
    data = {"rules": "pagat", "players": ["Ana", "Bo", "Chul"], "dealer": "Ana", "winner": "Chul",
            "captured": {}, "nagari_before": 2, "events": [{"event": "chongtong", "player": "Chul"}]}
    s = settle(data)
    assert s["net"] == {"Ana": -5, "Bo": -5, "Chul": 10}


def test_three_ppuk_with_captured_cards_pays_only_the_fixed_payment():
    # korean 3p: Bo had hongdan (3 points) when the third ppuk ended the hand: only 3 chips each.
    data = hand3("1r 2r 3r", rules="korean", events=[{"event": "three-ppuk", "player": "Bo"}])
    s = settle(data)
    assert s["ended_by"] == "three-ppuk"
    assert s["net"] == {"Ana": -3, "Bo": 6, "Chul": -3}


def test_first_ppuk_by_a_loser():
    # pagat 3p: Ana made a first-turn ppuk (3 from each opponent, Bo included); Bo wins 8 each.
    s = settle(hand3(BASE8, events=[{"event": "first-ppuk", "player": "Ana"}]))
    assert paid(s, "Bo", "Ana", "fixed") == 3
    assert paid(s, "Chul", "Ana", "fixed") == 3
    assert s["net"] == {"Ana": -2, "Bo": 13, "Chul": -11}


def test_first_and_second_ppuk():
    # korean 3p: first-ppuk 3 + second-ppuk 6 from each opponent, plus the hand 8 each.
    s = settle(hand3(BASE8, rules="korean", events=[{"event": "first-ppuk", "player": "Bo"},
                                                    {"event": "second-ppuk", "player": "Bo"}]))
    assert paid(s, "Ana", "Bo", "fixed") == 9
    assert s["net"] == {"Ana": -17, "Bo": 34, "Chul": -17}


# ---- dropouts (RULES.md §7) -------------------------------------------------------
def with_dropouts(sitting_out, rules="pagat", winner="Bo", **extra):
    """Ana (dealer), Bo, Chul play; BASE8 for Bo: Ana and Chul each owe 8."""
    data = hand3(BASE8, rules=rules, winner=winner, **extra)
    data["sitting_out"] = sitting_out
    return data


def dan(cards, forced=True, shake_=False, name="Dan"):
    return {"player": name, "cards": cards, "forced": forced, "shake": shake_}


def assert_dropout(s, payee, payers, chips, per_card, count, cards=None, shaken=False):
    got = payments(s, kind="dropout", to=payee)
    assert sorted(p["from"] for p in got) == sorted(payers)
    for p in got:
        assert p["chips"] == chips
        step = p["steps"][0]
        assert step["rule"] == "dropout"
        assert step["value"] == per_card and step["count"] == count
        if cards is not None:
            assert sorted(step["cards"]) == sorted(cards)
        has_shake = any(st["rule"] == "shake" and st.get("times") == 2 for st in p["steps"])
        assert has_shake == shaken


@pytest.mark.parametrize("cards, n_out, chips, count", [
    pytest.param("1b 3b 12d", 1, 6, 3, id="dropout-brights-12d"),
    # every kind that pays: bright, 11d, 12d, 9a, joker (pagat jk1 in play): 5 cards x2 = 10
    pytest.param("1b 11d 12d 9a jk1", 1, 10, 5, id="dropout-all-kinds"),
    pytest.param("9a", 1, 2, 1, id="dropout-9a"),
    pytest.param("jk2", 1, 2, 1, id="dropout-joker"),
    pytest.param("11d", 1, 2, 1, id="dropout-11d"),
    # 4 players: 12b as the only bright earns nothing; 11d still 2.
    pytest.param("12b 11d", 1, 2, 1, id="dropout-4p-12b-only"),
    # 4 players: 12b with another bright counts.
    pytest.param("12b 1b", 1, 4, 2, id="dropout-4p-12b-with-bright"),
    # 5 players: the exception is 4-player only.
    pytest.param("12b", 2, 2, 1, id="dropout-5p-12b-counts"),
])
def test_dropout_compensation(cards, n_out, chips, count):
    sitting = [dan(cards)]
    if n_out == 2:
        sitting.append(dan("", forced=False, name="Eve"))
    s = settle(with_dropouts(sitting))
    # non-dealers Bo and Chul pay; the dealer Ana does not
    assert_dropout(s, "Dan", ["Bo", "Chul"], chips, 2, count)
    assert paid(s, "Ana", kind="dropout") == 0
    assert s["net"]["Dan"] == 2 * chips
    assert s["net"]["Ana"] == -8
    assert s["net"]["Bo"] == 16 - chips
    assert s["net"]["Chul"] == -8 - chips
    if n_out == 2:
        assert s["net"]["Eve"] == 0


def test_dropout_cards_listed():
    s = settle(with_dropouts([dan("1b 11d 9a")]))
    assert_dropout(s, "Dan", ["Bo", "Chul"], 6, 2, 3, cards=["1b", "11d", "9a"])


def test_dropout_4p_12b_alone_earns_nothing():
    s = settle(with_dropouts([dan("12b")]))
    assert paid(s, "Bo", "Dan") == 0 and paid(s, "Chul", "Dan") == 0
    assert s["net"]["Dan"] == 0


def test_dropout_shake_doubles():
    # 2 cards x2 chips x2 = 8 from each of Bo and Chul.
    s = settle(with_dropouts([dan("1b 11d", shake_=True)]))
    assert_dropout(s, "Dan", ["Bo", "Chul"], 8, 2, 2, shaken=True)
    assert s["net"]["Dan"] == 16


def test_dropout_chips_3():
    s = settle(with_dropouts([dan("1b 11d")], rules=pagat_with(dropout_chips=3)))
    assert_dropout(s, "Dan", ["Bo", "Chul"], 6, 3, 2)


def test_dropout_voluntary_gets_nothing():
    s = settle(with_dropouts([dan("1b 3b", forced=False)]))
    assert payments(s, kind="dropout") == []
    assert s["net"] == {"Ana": -8, "Bo": 16, "Chul": -8, "Dan": 0}


def test_dropout_non_dealers_follow_dealer_field():
    data = with_dropouts([dan("1b")])
    data["dealer"] = "Bo"
    s = settle(data)
    assert_dropout(s, "Dan", ["Ana", "Chul"], 2, 2, 1)
    assert s["net"] == {"Ana": -10, "Bo": 16, "Chul": -10, "Dan": 4}


def test_dropout_paid_by_losers():
    # variant: the losers Ana (dealer) and Chul pay at the end; the winner Bo pays nothing.
    s = settle(with_dropouts([dan("1b 11d")], rules=pagat_with(dropout_paid_by="losers")))
    assert_dropout(s, "Dan", ["Ana", "Chul"], 4, 2, 2)
    assert s["net"] == {"Ana": -12, "Bo": 16, "Chul": -12, "Dan": 8}


def test_dropout_paid_by_losers_doubled_after_nagari():
    # one nagari before: hand 8 x2 = 16 each; compensation doubled: 2 cards x2 x2 = 8 each.
    s = settle(with_dropouts([dan("1b 11d")], rules=pagat_with(dropout_paid_by="losers"),
                             nagari_before=1))
    assert paid(s, "Ana", "Dan") == 8 and paid(s, "Chul", "Dan") == 8
    assert s["net"] == {"Ana": -24, "Bo": 32, "Chul": -24, "Dan": 16}


def test_dropout_paid_immediately_even_in_a_nagari_hand():
    # pagat: compensation is paid immediately by the non-dealers who play, before the play.
    s = settle(with_dropouts([dan("1b")], winner=None))
    assert s["net"] == {"Ana": 0, "Bo": -2, "Chul": -2, "Dan": 4}


def test_dropout_korean_joker():
    # korean jokers [2, 2, 3]: jk3 is one card -> 2 chips, whatever its junk value.
    s = settle(with_dropouts([dan("jk3")], rules="korean"))
    assert_dropout(s, "Dan", ["Bo", "Chul"], 2, 2, 1)


def test_two_dropouts_both_forced():
    # 6 players: Dan forced with 1b 3b (4 each), Eve forced with 8b (2 each), Fay voluntary.
    s = settle(with_dropouts([dan("1b 3b"), dan("8b", name="Eve"),
                              dan("", forced=False, name="Fay")]))
    assert s["net"] == {"Ana": -8, "Bo": 16 - 6, "Chul": -8 - 6, "Dan": 8, "Eve": 4, "Fay": 0}


# ---- empty pile and dok-bak (decided by the lead) ----------------------------------
@pytest.mark.parametrize("rules, ana_pays, chul_pays", [
    # fuda: Ana captured nothing, so she pays nothing at all, her go-bak liability included;
    # Chul then pays his own share: 3 three-brights x2 gwang-bak = 6.
    pytest.param("fuda", 0, 6, id="empty-pile-liable-pays-nothing"),
    # pagat has no empty-pile exemption: Ana pays her own 3 x2 gwang-bak = 6 and Chul's 6.
    pytest.param("pagat", 12, 0, id="empty-pile-liable-pagat-dok-bak"),
])
def test_empty_pile_liable_loser(rules, ana_pays, chul_pays):
    s = settle(hand3("1b 3b 8b", ana="", rules=rules, go={"Ana": 1}))
    assert paid(s, "Ana") == ana_pays
    assert paid(s, "Chul") == chul_pays
    if ana_pays == 0:
        assert "empty-pile" in note_rules(s)
        assert not payments(s, kind="dok-bak")
