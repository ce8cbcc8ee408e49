"""RULES.md §2 (points of a pile) and §2.4 (sake cup), through ``calculator.score``.

Every number is worked out by hand in the comment beside it. Unless a case says
otherwise: pagat preset, 3 players, Ana deals, Bo wins; Ana and Chul hold 6 junk each
(no bright, no animal), so the only doubles are the ones the comment names.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .conftest import (ANA, BASE8, assert_steps, combos, hand2, hand3,
                      hand_payment, paid, pibak, pts, settle, x2, go_add)

GB = x2("gwang-bak")
MD = x2("meong-dda")

JUNK10 = "1j1 1j2 2j1 2j2 3j1 3j2 4j1 4j2 9j1 9j2"  # junk value 10
HONG = "1r 2r 3r"

# (id, hand, winner points, winner combinations, {loser: (chips, steps)})
CASES = [
    # 5 brights = 15. Both losers have no bright: gwang-bak ×2 -> 30 each.
    pytest.param(hand3("1b 3b 8b 11b 12b"), 15, {"five-brights": 15},
                 {"Ana": (30, [pts(15), GB]), "Chul": (30, [pts(15), GB])}, id="five-brights"),
    # 4 brights without rain = 4. Ana holds 12b (a bright): no gwang-bak; Chul x2.
    pytest.param(hand3("1b 3b 8b 11b", ana=ANA + " 12b"), 4, {"four-brights": 4},
                 {"Ana": (4, [pts(4)]), "Chul": (8, [pts(4), GB])}, id="four-brights"),
    # 4 brights with 12b: option four_brights_with_rain is 4 in pagat -> 4, x2 each.
    pytest.param(hand3("1b 3b 8b 12b"), 4, {"four-brights": 4},
                 {"Ana": (8, [pts(4), GB]), "Chul": (8, [pts(4), GB])},
                 id="four-brights-with-rain-default-4"),
    # option four_brights_with_rain: 3 -> 3 points, x2 gwang-bak -> 6.
    pytest.param(hand3("1b 3b 8b 12b", rules={"preset": "pagat", "four_brights_with_rain": 3}),
                 3, {"four-brights": 3},
                 {"Ana": (6, [pts(3), GB]), "Chul": (6, [pts(3), GB])},
                 id="four-brights-with-rain"),
    # ...but the option does not touch four brights without 12b.
    pytest.param(hand3("1b 3b 8b 11b", rules={"preset": "pagat", "four_brights_with_rain": 3}),
                 4, {"four-brights": 4},
                 {"Ana": (8, [pts(4), GB]), "Chul": (8, [pts(4), GB])},
                 id="four-brights-with-rain-option-needs-12b"),
    pytest.param(hand3("1b 3b 8b"), 3, {"three-brights": 3},
                 {"Ana": (6, [pts(3), GB]), "Chul": (6, [pts(3), GB])}, id="three-brights"),
    # rain three brights 2 + cheongdan 3 = 5; gwang-bak applies to the 2-point set too.
    pytest.param(hand3("1b 3b 12b 6r 9r 10r"), 5, {"rain-three-brights": 2, "cheongdan": 3},
                 {"Ana": (10, [pts(5), GB]), "Chul": (10, [pts(5), GB])},
                 id="rain-three-brights"),
    # 2 brights score nothing; godori 5 alone. No bright set, so no gwang-bak.
    pytest.param(hand3("1b 3b 2a 4a 8a"), 5, {"godori": 5},
                 {"Ana": (5, [pts(5)]), "Chul": (5, [pts(5)])}, id="two-brights-no-set"),
    pytest.param(hand3("2a 4a 8a"), 5, {"godori": 5},
                 {"Ana": (5, [pts(5)]), "Chul": (5, [pts(5)])}, id="godori"),
    pytest.param(hand3("2a 4a 8a", rules={"preset": "pagat", "godori_points": 3}), 3,
                 {"godori": 3}, {"Ana": (3, [pts(3)]), "Chul": (3, [pts(3)])},
                 id="godori-points-3"),
    # 12a (swallow) is not a godori bird: only hongdan 3.
    pytest.param(hand3("2a 4a 12a " + HONG), 3, {"hongdan": 3},
                 {"Ana": (3, [pts(3)]), "Chul": (3, [pts(3)])}, id="godori-not-with-12a"),
    # 4 animals score nothing: hongdan 3.
    pytest.param(hand3("5a 6a 7a 10a " + HONG), 3, {"hongdan": 3},
                 {"Ana": (3, [pts(3)]), "Chul": (3, [pts(3)])}, id="animals-4"),
    # 5 animals = 1, + hongdan 3 = 4.
    pytest.param(hand3("5a 6a 7a 10a 12a " + HONG), 4, {"animals": 1, "hongdan": 3},
                 {"Ana": (4, [pts(4)]), "Chul": (4, [pts(4)])}, id="animals-5"),
    # 6 animals = 2, + hongdan 3 = 5.
    pytest.param(hand3("2a 5a 6a 7a 10a 12a " + HONG), 5, {"animals": 2, "hongdan": 3},
                 {"Ana": (5, [pts(5)]), "Chul": (5, [pts(5)])}, id="animals-6"),
    # 7 animals (no 8a, so no godori) = 3 points; meong-dda x2 for every loser -> 6.
    pytest.param(hand3("2a 4a 5a 6a 7a 10a 12a"), 3, {"animals": 3},
                 {"Ana": (6, [pts(3), MD]), "Chul": (6, [pts(3), MD])}, id="meong-dda"),
    # 8 animals incl. godori: animals 4 + godori 5 = 9; meong-dda -> 18.
    pytest.param(hand3("2a 4a 8a 5a 6a 7a 10a 12a"), 9, {"animals": 4, "godori": 5},
                 {"Ana": (18, [pts(9), MD]), "Chul": (18, [pts(9), MD])},
                 id="animals-8-with-godori"),
    pytest.param(hand3(HONG), 3, {"hongdan": 3},
                 {"Ana": (3, [pts(3)]), "Chul": (3, [pts(3)])}, id="hongdan"),
    pytest.param(hand3("6r 9r 10r"), 3, {"cheongdan": 3},
                 {"Ana": (3, [pts(3)]), "Chul": (3, [pts(3)])}, id="cheongdan"),
    pytest.param(hand3("4r 5r 7r"), 3, {"chodan": 3},
                 {"Ana": (3, [pts(3)]), "Chul": (3, [pts(3)])}, id="chodan"),
    # 4r 5r 12r is not chodan. 6 ribbons = 2, + hongdan 3 = 5.
    pytest.param(hand3("4r 5r 12r " + HONG), 5, {"hongdan": 3, "ribbons": 2},
                 {"Ana": (5, [pts(5)]), "Chul": (5, [pts(5)])}, id="chodan-excludes-12r"),
    # 5 ribbons (no set) = 1, + godori 5 = 6.
    pytest.param(hand3("1r 2r 4r 6r 12r 2a 4a 8a"), 6, {"ribbons": 1, "godori": 5},
                 {"Ana": (6, [pts(6)]), "Chul": (6, [pts(6)])}, id="ribbons"),
    # all 10 ribbons: three sets 9 + ribbons 10-4 = 6 -> 15.
    pytest.param(hand3("1r 2r 3r 4r 5r 7r 6r 9r 10r 12r"), 15,
                 {"hongdan": 3, "cheongdan": 3, "chodan": 3, "ribbons": 6},
                 {"Ana": (15, [pts(15)]), "Chul": (15, [pts(15)])}, id="ribbons-10"),
    # junk 10 = 1 + hongdan 3 = 4; losers hold 6 junk (> 4): no pi-bak.
    pytest.param(hand3(JUNK10 + " " + HONG), 4, {"junk": 1, "hongdan": 3},
                 {"Ana": (4, [pts(4)]), "Chul": (4, [pts(4)])}, id="junk-10"),
    # junk 9: nothing.
    pytest.param(hand3("1j1 1j2 2j1 2j2 3j1 3j2 4j1 4j2 9j1 " + HONG), 3, {"hongdan": 3},
                 {"Ana": (3, [pts(3)]), "Chul": (3, [pts(3)])}, id="junk-9"),
    # 11d and 12d count 2: 2+2+6 = 10 -> 1, + hongdan 3 = 4.
    pytest.param(hand3("11d 12d 1j1 1j2 2j1 2j2 3j1 3j2 " + HONG), 4, {"junk": 1, "hongdan": 3},
                 {"Ana": (4, [pts(4)]), "Chul": (4, [pts(4)])}, id="junk-double-junk"),
    # 10 plain + 11d + 12d = 14 -> 5.
    pytest.param(hand3(JUNK10 + " 11d 12d"), 5, {"junk": 5},
                 {"Ana": (5, [pts(5)]), "Chul": (5, [pts(5)])}, id="junk-14"),
    # pagat jokers [2, 3]: jk1 2 + jk2 3 + 5 junk = 10 -> 1, + hongdan 3 = 4.
    pytest.param(hand3("jk1 jk2 1j1 1j2 2j1 2j2 3j1 " + HONG), 4, {"junk": 1, "hongdan": 3},
                 {"Ana": (4, [pts(4)]), "Chul": (4, [pts(4)])}, id="jokers-pagat"),
    # korean jokers [2, 2, 3]: 2+2+3 + 3 junk = 10 -> 1 + 3 = 4 (korean 3p pi-bak <= 5; losers 6).
    pytest.param(hand3("jk1 jk2 jk3 1j1 1j2 2j1 " + HONG, rules="korean"), 4,
                 {"junk": 1, "hongdan": 3},
                 {"Ana": (4, [pts(4)]), "Chul": (4, [pts(4)])}, id="jokers-korean"),
    # jokers override [4]: jk1 4 + 6 junk = 10 -> 1, + 3 = 4.
    pytest.param(hand3("jk1 1j1 1j2 2j1 2j2 3j1 3j2 " + HONG,
                       rules={"preset": "fuda", "jokers": [4]}), 4, {"junk": 1, "hongdan": 3},
                 {"Ana": (4, [pts(4)]), "Chul": (4, [pts(4)])}, id="jokers-override"),
    # Everything at once: three-brights 3 + godori 5 + hongdan 3 + cheongdan 3 + ribbons(6) 2 = 16,
    # gwang-bak x2 -> 32.
    pytest.param(hand3("1b 3b 8b 2a 4a 8a 1r 2r 3r 6r 9r 10r"), 16,
                 {"three-brights": 3, "godori": 5, "hongdan": 3, "cheongdan": 3, "ribbons": 2},
                 {"Ana": (32, [pts(16), GB]), "Chul": (32, [pts(16), GB])},
                 id="combinations-add-up"),
]


@pytest.mark.parametrize("data, points, want_combos, pays", CASES)
def test_combination(data, points, want_combos, pays):
    s = settle(data)
    assert s["winner"] == "Bo"
    assert s["players"]["Bo"]["points"] == points
    assert combos(s, "Bo") == want_combos
    for loser, (chips, steps) in pays.items():
        p = hand_payment(s, loser)
        assert p["to"] == "Bo"
        assert p["chips"] == chips
        assert_steps(p, steps)


def test_pile_counts_reported():
    # Bo: 1b 3b 8b (3 brights), 2a 4a 8a (3 animals), 1r 2r 3r (3 ribbons), 11d + 2 junk = 4.
    s = settle(hand3("1b 3b 8b 2a 4a 8a 1r 2r 3r 11d 1j1 1j2"))
    bo = s["players"]["Bo"]
    assert (bo["brights"], bo["animals"], bo["ribbons"], bo["junk"]) == (3, 3, 3, 4)
    assert bo["points"] == 11 and bo["stop_points"] == 11


# ---- VIP and palssari: not stop points (RULES.md §2, "Stop points") -------
def test_vip_points_count_in_payment_not_in_stop_points():
    # vip_points 3. Bo: 9a 11d 12d + 6 junk + hongdan. 9a as junk: junk 2+2+2+6 = 12 -> 3
    # (as animal: junk 10 -> 1, 1 animal -> 0, so junk is better either way).
    # points = junk 3 + hongdan 3 + VIP 3 = 9; stop points 6. Losers 6 junk: no pi-bak. 9 each.
    data = hand3("9a 11d 12d 1j1 1j2 2j1 2j2 3j1 3j2 " + HONG,
                 rules={"preset": "pagat", "vip_points": 3})
    s = settle(data)
    bo = s["players"]["Bo"]
    assert bo["points"] == 9
    assert bo["stop_points"] == 6
    c = combos(s, "Bo")
    assert c.pop("junk") == 3 and c.pop("hongdan") == 3
    assert list(c.values()) == [3] and "vip" in next(iter(c)).lower()
    assert paid(s, "Ana", "Bo") == 9 and paid(s, "Chul", "Bo") == 9


def test_vip_off_by_default():
    s = settle(hand3("9a 11d 12d 1j1 1j2 2j1 2j2 3j1 3j2 " + HONG))
    assert s["players"]["Bo"]["points"] == 6  # junk 3 + hongdan 3
    assert paid(s, "Ana") == 6


def test_palssari_points_count_in_payment_not_in_stop_points():
    # palssari_points 8. Bo: all of April and July + hongdan.
    # ribbons 4r 7r 1r 2r 3r = 5 -> 1; hongdan 3; no chodan (no 5r); 2 animals; 4 junk.
    # points 3 + 1 + 8 = 12, stop points 4. Chul holds other junk (April/July are Bo's).
    data = hand3("4a 4r 4j1 4j2 7a 7r 7j1 7j2 " + HONG,
                 chul="10j1 10j2 11j1 11j2 12d",
                 rules={"preset": "pagat", "palssari_points": 8})
    s = settle(data)
    bo = s["players"]["Bo"]
    assert bo["points"] == 12
    assert bo["stop_points"] == 4
    c = combos(s, "Bo")
    assert c.pop("hongdan") == 3 and c.pop("ribbons") == 1
    assert list(c.values()) == [8] and "palssari" in next(iter(c)).lower()
    assert paid(s, "Ana", "Bo") == 12 and paid(s, "Chul", "Bo") == 12


# ---- sake cup 9a, RULES.md 2.4 --------------------------------------------
# Bo: 9a + 5 animals (6 incl. 9a), 9 junk, hongdan.
#   animal: animals 6 -> 2, junk 9 -> 0, hongdan 3 => 5
#   junk:   animals 5 -> 1, junk 11 -> 2, hongdan 3 => 6
#   both:   animals 6 -> 2, junk 11 -> 2, hongdan 3 => 7
# Losers hold 6 junk: never pi-bak in pagat.
SAKE_BO = "9a 2a 5a 6a 7a 10a 1j1 1j2 2j1 2j2 3j1 3j2 4j1 4j2 9j1 " + HONG


@pytest.mark.parametrize("mode, points, placement", [
    pytest.param("animal", 5, "animal", id="sake-cup-animal"),
    pytest.param("junk", 6, "junk", id="sake-cup-junk"),
    pytest.param("either", 6, "junk", id="sake-cup-either"),
    pytest.param("both", 7, None, id="sake-cup-both"),
])
def test_sake_cup_option(mode, points, placement):
    s = settle(hand3(SAKE_BO, rules={"preset": "pagat", "sake_cup": mode}))
    assert s["players"]["Bo"]["points"] == points
    if placement:
        assert s["players"]["Bo"]["sake_cup"] == placement
    assert paid(s, "Ana", "Bo") == points and paid(s, "Chul", "Bo") == points


def test_sake_cup_both_counts_as_animal_and_double_junk():
    s = settle(hand3(SAKE_BO, rules={"preset": "pagat", "sake_cup": "both"}))
    bo = s["players"]["Bo"]
    assert bo["animals"] == 6 and bo["junk"] == 11
    assert combos(s, "Bo") == {"animals": 2, "junk": 2, "hongdan": 3}


# Winner: the placement that maximises the total the winner collects.
# Bo: 7 animals incl. 9a (no 8a: no godori), 9 junk, hongdan.
#   animal: animals 7 -> 3 + hongdan 3 = 6, meong-dda x2 for every loser -> 12 each.
#   junk:   animals 6 -> 2 + junk 11 -> 2 + hongdan 3 = 7, pi-bak x2 for losers with <= 4 junk.
WIN_SAKE = "9a 2a 5a 6a 7a 10a 12a 1j1 1j2 2j1 2j2 3j1 3j2 4j1 4j2 9j1 " + HONG


def test_sake_cup_winner_animal_for_meong_dda():
    # Losers 6 junk: animal 12 + 12 = 24 > junk 7 + 7 = 14 -> animal.
    s = settle(hand3(WIN_SAKE))
    assert s["players"]["Bo"]["sake_cup"] == "animal"
    assert s["players"]["Bo"]["points"] == 6
    for loser in ("Ana", "Chul"):
        p = hand_payment(s, loser)
        assert p["chips"] == 12
        assert_steps(p, [pts(6), MD])


def test_sake_cup_winner_junk_when_both_losers_pi_bak():
    # Ana 4 junk (+ a bright), Chul 3 junk: animal 12 + 12 = 24 < junk 14 + 14 = 28 -> junk.
    s = settle(hand3(WIN_SAKE, ana="5j1 5j2 6j1 6j2 8b", chul="10j1 10j2 11j1"))
    assert s["players"]["Bo"]["sake_cup"] == "junk"
    assert s["players"]["Bo"]["points"] == 7
    assert hand_payment(s, "Ana")["chips"] == 14
    assert_steps(hand_payment(s, "Ana"), [pts(7), pibak(4, 4)])
    assert hand_payment(s, "Chul")["chips"] == 14
    assert_steps(hand_payment(s, "Chul"), [pts(7), pibak(3, 4)])


def test_sake_cup_winner_maximises_total_not_one_payment():
    # Only Ana pi-bak (4 junk): animal 12 + 12 = 24 > junk 14 + 7 = 21 -> animal,
    # although junk would make Ana's own payment larger (14 > 12).
    s = settle(hand3(WIN_SAKE, ana="5j1 5j2 6j1 6j2 8b"))
    assert s["players"]["Bo"]["sake_cup"] == "animal"
    assert paid(s, "Ana", "Bo") == 12 and paid(s, "Chul", "Bo") == 12


# Loser: the placement that minimises what that loser pays.
# Bo: junk 10 (9 plain + ... ) -> 1 + hongdan 3 = 4, a junk set, so pi-bak applies.
LOSER_SAKE_BO = "1j1 1j2 2j1 2j2 3j1 3j2 4j1 4j2 11d " + HONG


def test_sake_cup_loser_junk_lifts_out_of_pi_bak():
    # Ana: 9a + 3 junk. As junk: 5 > 4, no pi-bak -> 4. (As animal: 3 junk, pi-bak -> 8.)
    s = settle(hand3(LOSER_SAKE_BO, ana="9a 5j1 5j2 6j1"))
    assert s["players"]["Bo"]["points"] == 4
    assert s["players"]["Ana"]["sake_cup"] == "junk"
    assert s["players"]["Ana"]["junk"] == 5
    assert hand_payment(s, "Ana")["chips"] == 4
    assert_steps(hand_payment(s, "Ana"), [pts(4)])
    assert hand_payment(s, "Chul")["chips"] == 4


def test_sake_cup_fixed_by_input():
    # The input fixes Ana's 9a as an animal: 3 junk, pi-bak -> 8.
    s = settle(hand3(LOSER_SAKE_BO, ana="9a 5j1 5j2 6j1", sake_cup={"Ana": "animal"}))
    assert s["players"]["Ana"]["sake_cup"] == "animal"
    p = hand_payment(s, "Ana")
    assert p["chips"] == 8
    assert_steps(p, [pts(4), pibak(3, 4)])


def test_sake_cup_option_animal_applies_to_losers():
    s = settle(hand3(LOSER_SAKE_BO, ana="9a 5j1 5j2 6j1",
                     rules={"preset": "pagat", "sake_cup": "animal"}))
    assert hand_payment(s, "Ana")["chips"] == 8


def test_sake_cup_loser_animal_avoids_meong_bak():
    # meong_bak on. Bo: 7 animals (2a 4a without 8a: no godori) -> 3, + hongdan 3 = 6; meong-dda.
    # Ana: 9a + 6 junk. As animal she has an animal: no meong-bak -> 6 x2 = 12
    # (as junk: meong-bak -> 24). Winner has no junk set, so junk does not matter.
    # Chul: no animal -> meong-bak: 6 x2 x2 = 24.
    data = hand3("2a 4a 5a 6a 7a 10a 12a " + HONG, ana="9a " + ANA,
                 rules={"preset": "pagat", "meong_bak": True})
    s = settle(data)
    assert s["players"]["Ana"]["sake_cup"] == "animal"
    assert hand_payment(s, "Ana")["chips"] == 12
    assert_steps(hand_payment(s, "Ana"), [pts(6), MD])
    assert hand_payment(s, "Chul")["chips"] == 24
    assert_steps(hand_payment(s, "Chul"), [pts(6), MD, x2("meong-bak")])


def test_meong_bak_off_by_default():
    s = settle(hand3("2a 4a 5a 6a 7a 10a 12a " + HONG))
    assert hand_payment(s, "Chul")["chips"] == 12


def test_sake_cup_makes_meong_dda():
    # Bo's 9a as the 7th animal: animals 3 + hongdan 3 = 6, meong-dda -> 12 each.
    # (As junk: 6 animals 2 + hongdan 3 = 5, junk 2 -> 5 each.) The winner takes animal.
    s = settle(hand3("9a 2a 5a 6a 7a 10a 12a " + HONG))
    assert s["players"]["Bo"]["animals"] == 7
    assert paid(s, "Ana") == 12 and paid(s, "Chul") == 12


def test_two_player_base():
    # 2 players, pagat: Bo 8 points (godori + hongdan), stop minimum 7. Ana 8 junk.
    s = settle(hand2(BASE8))
    assert s["players"]["Bo"]["points"] == 8
    p = hand_payment(s, "Ana")
    assert p["chips"] == 8
    assert_steps(p, [pts(8)])
    assert s["net"] == {"Ana": -8, "Bo": 8}


def test_two_player_with_go():
    s = settle(hand2(BASE8, go={"Bo": 1}))
    assert_steps(hand_payment(s, "Ana"), [pts(8), go_add(1, 1)])
    assert s["net"] == {"Ana": -9, "Bo": 9}


def test_score_pile_preview_api():
    from calculator.rules import from_mapping
    from calculator.cards import parse_cards
    from calculator.scoring import score_pile

    ps = score_pile(parse_cards("1b 3b 8b 2a 4a 8a 11d 1j1"), from_mapping("pagat"))
    assert ps.points == 8 and ps.stop_points == 8
    assert {c.id: c.points for c in ps.combinations} == {"three-brights": 3, "godori": 5}
    assert (ps.brights, ps.animals, ps.ribbons, ps.junk) == (3, 3, 0, 3)


def test_scoring_follows_each_ruleset_as_rulesets_come_and_go():
    # scoring caches which units can score per ruleset; a new ruleset may reuse
    # the memory (and id) of one that is gone, and there may be many of them
    from calculator.cards import parse_cards
    from calculator.rules import from_mapping
    from calculator.scoring import score_pile

    pile = parse_cards("9a 11d 12d")
    for i in range(200):
        on = i % 2 == 0
        rules = from_mapping({"preset": "pagat", "sake_cup": "animal", "vip_points": 3 if on else 0})
        score = score_pile(pile, rules)
        assert score.has("vip") is on
        assert score.points == (3 if on else 0)


# ---- the units' memo (calculator.scoring, a cache, not a rule) -----------------------------

def _rulesets():
    from calculator.rules import PRESETS, from_mapping

    return list(PRESETS.values()) + [
        from_mapping({"preset": "pagat", "vip_points": 3, "palssari_points": 5,
                      "four_brights_with_rain": 3, "godori_points": 3, "jokers": [2, 3, 3, 2]}),
        from_mapping({"preset": "korean", "sake_cup": "both", "jokers": [3]}),
    ]


RULESETS = _rulesets()
PILE = st.sets(st.integers(0, 53), max_size=54).map(lambda bits: sum(1 << b for b in bits))
PLACEMENT = st.sampled_from((None, "animal", "junk", "both"))
MEMO_SETTINGS = settings(max_examples=300, deadline=None)


@MEMO_SETTINGS
@given(PILE, st.sampled_from(RULESETS), PLACEMENT)
def test_memoised_score_is_the_units_called_directly(mask, rules, placement):
    from calculator.scoring import COMBINATIONS, SAKE, _BONUS, run_units, score_mask, view_mask

    first = score_mask(mask, rules, placement, mask.bit_count())
    again = score_mask(mask, rules, placement, mask.bit_count())  # from the memo now
    view = view_mask(mask, rules, placement if mask & SAKE else None)
    every_unit = [(cid, cid not in _BONUS, unit) for cid, unit in COMBINATIONS.items()]
    combos, points, stop_points = run_units(every_unit, view, rules)
    assert first == again
    assert (first.combinations, first.points, first.stop_points) == (combos, points, stop_points)


@MEMO_SETTINGS
@given(PILE, PILE, st.sampled_from(RULESETS), PLACEMENT)
def test_each_unit_reads_only_the_field_it_declares(mask, other, rules, placement):
    # the memo is right only if a unit's answer follows from its ``reads`` field:
    # give each unit another pile's view with that one field (and what follows
    # from it) taken from this pile's view, and it must answer the same
    from calculator.scoring import COMBINATIONS, PileView, _READS, view_mask

    view, elsewhere = view_mask(mask, rules, placement), view_mask(other, rules, placement)
    for cid, unit in COMBINATIONS.items():
        field = PileView._fields[_READS[cid]]
        mixed = {field: getattr(view, field)}
        if field == "junk":
            mixed["junk_value"] = view.junk_value
        assert unit(elsewhere._replace(**mixed), rules) == unit(view, rules), cid
