"""The worked examples of the source texts (/work/shared/sources/) and the hands in
examples/, each with chips worked out by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import (assert_steps, codes, go_add, go_times, hand2, hand3, hand_payment,
                      paid, pibak, problems_of, pts, settle, shake, warning_codes, x2)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

# Pagat's and the German text's winner: 7 animals without godori (no 8a) and 11 junk
# (11d counts 2, + 9 plain). Animals 7 - 4 = 3, junk 11 - 9 = 2: 5 points.
PAGAT_WINNER = "2a 4a 5a 6a 7a 10a 12a 11d 1j1 1j2 2j1 2j2 3j1 3j2 4j1 4j2 9j1"
FOUR_JUNK = "5j1 5j2 6j1 6j2 8b"  # "an opponent who has only 4 junk"


def test_pagat_english_payment_example_needs_accept_unusual():
    # 3 go with 5 points in a 3-player game: 5 < 3 + 3, which breaks Pagat's own go rule.
    data = hand3(PAGAT_WINNER, ana=FOUR_JUNK, go={"Bo": 3})
    assert "below-go-minimum" in codes(problems_of(data))


def test_pagat_english_payment_example():
    # Pagat's text: 5 + 2 = 7, x2 (7 animals) x2 (4 junk) x2 (3rd go) = 56. But Pagat's rule
    # sentence says the +2 of the first two goes is dropped from 3 go, and RULES.md's
    # `pagat` go scheme follows the sentence (a documented choice): 5 x2 x2 x2 = 40.
    data = hand3(PAGAT_WINNER, ana=FOUR_JUNK, go={"Bo": 3}, accept_unusual=True)
    s = settle(data)
    assert "below-go-minimum" in warning_codes(s)
    assert s["players"]["Bo"]["points"] == 5
    ana = hand_payment(s, "Ana")
    assert ana["chips"] == 40
    assert_steps(ana, [pts(5), go_times(2, 3), x2("meong-dda"), pibak(4, 4)])
    # Chul has 6 junk: no pi-bak, 5 x2 x2 = 20.
    assert hand_payment(s, "Chul")["chips"] == 20
    assert s["net"] == {"Ana": -40, "Bo": 60, "Chul": -20}


def test_pagat_english_example_with_korean_go_scheme():
    # The same hand under go_bonus korean (+3, then x2): (5 + 3) x2 x2 x2 = 64.
    data = hand3(PAGAT_WINNER, ana=FOUR_JUNK, go={"Bo": 3}, accept_unusual=True,
                 rules={"preset": "pagat", "go_bonus": "korean"})
    assert hand_payment(settle(data), "Ana")["chips"] == 64


def test_german_two_go_example():
    # German text: 7 animals (no godori) + 11 junk, 2 go: 5 + 2 = 7; an opponent with only
    # 4 junk pays 28: x2 for the 7 animals (meong-dda), x2 for fewer than 5 junk (pi-bak).
    # 5 >= 3 + 2, so the hand is regular.
    s = settle(hand3(PAGAT_WINNER, ana=FOUR_JUNK, go={"Bo": 2}))
    ana = hand_payment(s, "Ana")
    assert ana["chips"] == 28
    assert_steps(ana, [pts(5), go_add(2, 2), x2("meong-dda"), pibak(4, 4)])
    assert hand_payment(s, "Chul")["chips"] == 14  # 7 x2
    assert s["warnings"] == []


def test_german_four_of_a_kind_five_chips():
    # German text: a four of a kind in hand wins at once, 5 chips from each opponent.
    data = {"rules": "pagat", "players": ["Ana", "Bo", "Chul"], "winner": "Ana", "captured": {},
            "events": [{"event": "chongtong", "player": "Ana"}]}
    s = settle(data)
    assert s["ended_by"] == "chongtong"
    assert s["net"] == {"Ana": 10, "Bo": -5, "Chul": -5}


def test_wikipedia_times_eight_example():
    # 2 players, korean: the loser said go (7+ points from ribbons and animals) and has no
    # bright and few junk; the winner stops with brights and junk: go-bak x2, gwang-bak x2,
    # pi-bak x2 = x8. Bo: three brights 3 + hongdan 3 + junk 11 -> 2 = 8 points.
    # Ana: godori + cheongdan (8 points, said go), no bright, 6 junk (<= 7): 8 x8 = 64.
    data = json.loads((EXAMPLES / "two-player-korean-x8.json").read_text())
    s = settle(data)
    assert s["players"]["Bo"]["points"] == 8
    ana = hand_payment(s, "Ana")
    assert ana["chips"] == 64
    assert_steps(ana, [pts(8), x2("go-bak"), x2("gwang-bak"), pibak(6, 7)])


def test_pagat_target_five_stop_while_opponent_has_seven():
    # Pagat: 2 players, target 5; you stop with 5 while the opponent has 7 (having said go):
    # you are paid 5 chips, the opponent's score is wasted (pagat: no 2-player go-bak).
    data = hand2("2a 4a 8a", ana="1b 3b 8b 1r 2r 3r 4r 5r", go={"Ana": 1},
                 rules={"preset": "pagat", "stop_minimum": {"2": 5}})
    s = settle(data)
    assert s["players"]["Ana"]["points"] == 7
    assert s["net"] == {"Ana": -5, "Bo": 5}


def test_pagat_godori_example_seven_points():
    # Pagat: "1 for five animals, 1 for the 6th animal and 5 for godori" = 7.
    s = settle(hand3("2a 4a 8a 5a 6a 10a"))
    assert s["players"]["Bo"]["points"] == 7
    assert {c["id"]: c["points"] for c in s["players"]["Bo"]["combinations"]} == {
        "animals": 2, "godori": 5}


def test_pagat_two_shakes_quadruple():
    # Pagat: two shown triplets, two doubles, quadrupling: hongdan 3 x4 = 12.
    s = settle(hand3("1r 2r 3r", shakes={"Bo": 2}))
    assert_steps(hand_payment(s, "Ana"), [pts(3), shake(2)])
    assert hand_payment(s, "Ana")["chips"] == 12


def test_pagat_dropout_heundeum_four_chips_per_card():
    # Pagat: a forced dropout with a heundeum is paid four chips per bright/double junk/cup/joker
    # by each of the two non-dealer players: 1b + 9a = 2 cards -> 8 from Bo and from Chul.
    data = hand3("1r 2r 3r")
    data["sitting_out"] = [{"player": "Dan", "cards": "1b 9a", "forced": True, "shake": True}]
    s = settle(data)
    assert paid(s, "Bo", "Dan") == 8 and paid(s, "Chul", "Dan") == 8
    assert paid(s, "Ana", "Dan") == 0


def test_fuda_chongtong_equals_stop_minimum():
    # Fuda: chongtong steals the stop minimum (usually 3 in a 3-player game) from each opponent.
    data = {"rules": "fuda", "players": ["Ana", "Bo", "Chul"], "winner": "Bo", "captured": {},
            "events": [{"event": "chongtong", "player": "Bo"}]}
    assert settle(data)["net"] == {"Ana": -3, "Bo": 6, "Chul": -3}


def test_fuda_consecutive_ppuk_double_and_quadruple():
    # Fuda: first ppuk = stop minimum (3), then double (6), then quadruple (12): 21 from each
    # opponent; Bo then wins with 8 points (no doubles): 8 more each.
    data = hand3("2a 4a 8a 1r 2r 3r", rules="fuda",
                 events=[{"event": e, "player": "Bo"}
                         for e in ("first-ppuk", "second-ppuk", "third-ppuk")])
    s = settle(data)
    assert paid(s, "Ana", "Bo", "fixed") == 21
    assert s["net"] == {"Ana": -29, "Bo": 58, "Chul": -29}


def test_fuda_pi_bak_one_to_five_zero_exempt():
    # Fuda: an opponent with 1-5 junk pays double; one with none does not.
    bo = "1j1 1j2 2j1 2j2 3j1 3j2 4j1 4j2 9j1 9j2 1r 2r 3r"  # junk 1 + hongdan 3 = 4
    s = settle(hand3(bo, ana="5j1 8b", chul="12r", rules="fuda"))
    assert hand_payment(s, "Ana")["chips"] == 8
    assert hand_payment(s, "Chul")["chips"] == 4


def test_fuda_four_go():
    # Fuda: 1 bonus point per go, x2 at 3 go, x4 at 4 go: (8 + 4) x4 = 48.
    s = settle(hand3("2a 4a 8a 1r 2r 3r", rules="fuda", go={"Bo": 4}))
    assert hand_payment(s, "Ana")["chips"] == 48


def test_fuda_four_player_rain_man_exception():
    # Fuda: in a 4-player game a forced dropout holding only the rain man among the brights
    # gets nothing for it; the lightning 12d still pays 2.
    data = hand3("1r 2r 3r", rules="fuda")
    data["sitting_out"] = [{"player": "Dan", "cards": "12b 12d", "forced": True}]
    s = settle(data)
    assert paid(s, "Bo", "Dan") == 2 and paid(s, "Chul", "Dan") == 2


# ---- examples/ -----------------------------------------------------------------
# file -> (net, {(from, to, kind): chips}) worked out by hand; see examples/README.md.
EXPECTED = {
    # pagat 2p. Bo: three brights 3 + godori 5 = 8 (6 junk, 2 ribbons), 1 go: 8 + 1 = 9.
    # Ana has no bright: gwang-bak x2 -> 18.
    "two-player-go.json": ({"Ana": -18, "Bo": 18}, {("Ana", "Bo", "hand"): 18}),
    # korean 3p. Bo: rain three brights 2 + cheongdan 3 = 5 (junk 7). Ana holds 8b: 5.
    # Chul has no bright: 10; Chul said go: go-bak dok-bak, he pays 10 + 5, Ana nothing.
    "three-player-go-bak.json": ({"Ana": 0, "Bo": 15, "Chul": -15},
                                 {("Chul", "Bo", "hand"): 10, ("Chul", "Bo", "dok-bak"): 5}),
    # fuda 3p. Bo: godori 5 (one bright, junk 7), 1 shake x2, 1 bomb x2 (fuda): 20 each.
    "shakes-and-bombs.json": ({"Ana": -20, "Bo": 40, "Chul": -20},
                              {("Ana", "Bo", "hand"): 20, ("Chul", "Bo", "hand"): 20}),
    # pagat, 5 at the table. Dan: rain three brights 2 + chodan 3 = 5. Ana has no bright: 10;
    # Chul holds 11b: 5. Eve forced out with 3b 11d jk1: 3 x 2 = 6 from each non-dealer who
    # plays (Chul, Dan). Bo dropped voluntarily: nothing.
    "five-players-dropouts.json": (
        {"Ana": -10, "Bo": 0, "Chul": -11, "Dan": 9, "Eve": 12},
        {("Ana", "Dan", "hand"): 10, ("Chul", "Dan", "hand"): 5,
         ("Chul", "Eve", "dropout"): 6, ("Dan", "Eve", "dropout"): 6}),
    # pagat 3p. Bo: hongdan 3 + 6 ribbons 2 = 5 (junk 7), 1 go: 6; two nagari before: x4 = 24.
    "after-two-nagari.json": ({"Ana": -24, "Bo": 48, "Chul": -24},
                              {("Ana", "Bo", "hand"): 24, ("Chul", "Bo", "hand"): 24}),
    # korean 3p chongtong: 5 from each opponent.
    "chongtong.json": ({"Ana": -5, "Bo": -5, "Chul": 10},
                       {("Ana", "Chul", "fixed"): 5, ("Bo", "Chul", "fixed"): 5}),
    # korean 2p, the Wikipedia x8 hand: 8 x2 x2 x2 = 64.
    "two-player-korean-x8.json": ({"Ana": -64, "Bo": 64}, {("Ana", "Bo", "hand"): 64}),
}


def test_every_example_has_an_expectation():
    assert sorted(p.name for p in EXAMPLES.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example(name):
    data = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    s = settle(data)
    net, pays = EXPECTED[name]
    assert s["net"] == net
    got = {}
    for p in s["payments"]:
        if p["chips"]:
            key = (p["from"], p["to"], p["kind"])
            got[key] = got.get(key, 0) + p["chips"]
    assert got == pays
    assert s["warnings"] == []
