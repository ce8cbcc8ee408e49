"""Dealer flow, nagari carry, gwangpalli and totals of a game (RULES.md §7–§8).

Every hand is settled by the real core (calculator.score).
"""

from decimal import Decimal

import pytest

from calculator.game import GameConfig, GameError, compute

from .game_entries import nagari, win

ABC = ["Ana", "Bo", "Chul"]


def others(p, players=ABC):
    return [q for q in players if q != p]


def test_winner_deals_next_and_nagari_keeps_dealer_and_carries(three):
    entries = [win("Bo", others("Bo")), nagari(ABC), nagari(ABC), win("Chul", others("Chul")),
               win("Ana", others("Ana"))]
    led = compute(three, entries)
    assert [h.deal.dealer for h in led.hands] == ["Ana", "Bo", "Bo", "Bo", "Chul"]
    assert [h.deal.nagari_before for h in led.hands] == [0, 0, 1, 2, 0]
    assert [h.hand["nagari_before"] for h in led.hands] == [0, 0, 1, 2, 0]
    assert [h.hand["players"] for h in led.hands][:2] == [["Ana", "Bo", "Chul"], ["Bo", "Chul", "Ana"]]
    # hongdan 3 points, x4 after two nagari (pagat: no cap): 12 from each loser
    assert led.hands[3].net == {"Ana": -12, "Bo": -12, "Chul": 24}
    assert led.totals == {"Ana": -3 - 12 + 6, "Bo": 6 - 12 - 3, "Chul": -3 + 24 - 3}
    assert led.next.dealer == "Ana" and led.next.nagari_before == 0 and led.next.number == 6
    assert led.next.month.number == 6 and not led.over


def test_carry_shown_for_next_deal(three):
    led = compute(three, [win("Bo", others("Bo")), nagari(ABC)])
    assert (led.next.dealer, led.next.nagari_before, led.next.multiplier) == ("Bo", 1, 2)


def test_three_hand_game_ends_and_refuses_a_fourth():
    cfg = GameConfig.from_json({"players": ABC, "first_dealer": "Bo", "length": {"hands": 3}})
    entries = [win("Bo", others("Bo")), nagari(ABC), win("Ana", others("Ana"))]
    led = compute(cfg, entries)
    assert led.over and led.next is None and len(led.hands) == 3
    with pytest.raises(GameError) as err:
        compute(cfg, entries + [win("Ana", others("Ana"))])
    assert err.value.problems[0].field == "hands[4]"
    assert err.value.problems[0].code == "game-over"


def test_target_game_ends_when_a_total_reaches_it():
    cfg = GameConfig.from_json({"players": ABC, "first_dealer": "Ana", "length": {"target": 12}})
    led = compute(cfg, [win("Bo", others("Bo"))] * 2)
    assert led.totals["Bo"] == 12 and led.over


def test_standings_money_and_transfers(three):
    led = compute(three, [win("Bo", others("Bo")), win("Bo", others("Bo")), win("Chul", others("Chul"))])
    assert led.totals == {"Ana": -9, "Bo": 9, "Chul": 0}
    st = led.standings()
    assert [(s.rank, s.player, s.chips, s.money) for s in st] == [
        (1, "Bo", 9, Decimal(900)), (2, "Chul", 0, Decimal(0)), (3, "Ana", -9, Decimal(-900))]
    assert [t.to_json() for t in led.transfers()] == [{"from": "Ana", "to": "Bo", "chips": 9}]
    assert led.running()["Bo"] == [0, 6, 12, 9]


def test_tied_standings_share_a_rank(three):
    led = compute(three, [win("Bo", others("Bo")), win("Ana", others("Ana"))])
    assert [(s.rank, s.player) for s in led.standings()] == [(1, "Ana"), (1, "Bo"), (3, "Chul")]


def test_entry_may_repeat_derived_fields_but_they_must_agree(three):
    good = dict(win("Bo", others("Bo")), dealer="Ana", nagari_before=0, players=ABC, rules="pagat")
    assert compute(three, [good]).hands[0].winner == "Bo"
    bad = dict(win("Bo", others("Bo")), dealer="Bo", nagari_before=1, rules="korean")
    with pytest.raises(GameError) as err:
        compute(three, [bad])
    assert {p.field for p in err.value.problems} == {"hands[1].dealer", "hands[1].nagari_before",
                                                      "hands[1].rules"}
    assert "Ana" in err.value.problems[0].message


def test_core_problems_name_the_hand(three):
    entry = {"winner": "Bo", "captured": {"Bo": "1r 2r 3r", "Ana": "1r"}}
    with pytest.raises(GameError) as err:
        compute(three, [win("Bo", others("Bo")), entry])
    fields = [p.field for p in err.value.problems]
    assert all(f.startswith("hands[2].") for f in fields), fields
    assert "hand 2" in err.value.problems[0].message


def test_edit_recomputes_later_dealers_and_carry(three):
    entries = [win("Bo", others("Bo")), nagari(ABC), win("Chul", others("Chul"))]
    before = compute(three, entries)
    assert [h.deal.dealer for h in before.hands] == ["Ana", "Bo", "Bo"]
    entries[0] = win("Chul", others("Chul"))  # hand 1 edited: Chul won it
    after = compute(three, entries)
    assert [h.deal.dealer for h in after.hands] == ["Ana", "Chul", "Chul"]
    assert [h.deal.nagari_before for h in after.hands] == [0, 0, 1]
    assert after.hands[2].net == {"Ana": -6, "Bo": -6, "Chul": 12}
    del entries[1]  # delete the nagari: no carry any more
    after = compute(three, entries)
    assert after.hands[1].net == {"Ana": -3, "Bo": -3, "Chul": 6}


def test_two_players():
    cfg = GameConfig.from_json({"players": ["Ana", "Bo"], "first_dealer": "Bo", "length": {"hands": 3}})
    with pytest.raises(GameError) as err:  # three brights (3) < 7: too few to stop with 2 players
        compute(cfg, [{"winner": "Ana", "captured": {"Ana": "1b 3b 8b 1j1", "Bo": "2j1"}}])
    assert err.value.problems[0].field.startswith("hands[1].")
    led = compute(cfg, [{"winner": "Ana", "captured": {"Ana": "1b 3b 8b 11b 12b", "Bo": "2j1"}}])
    assert led.hands[0].hand["players"] == ["Bo", "Ana"]
    assert led.next.dealer == "Ana" and led.next.active == ("Ana", "Bo")


# -- 4 to 7 players -------------------------------------------------------------

def test_gwangpalli_forced_dropout_is_paid_from_choices(five):
    entry = {"choices": {"B": "drop", "C": "play", "D": "play"},
             "sitting_out": [{"player": "E", "cards": "1b 11d"}],
             **win("C", ["A", "D"])}
    led = compute(five, [entry])
    h = led.hands[0]
    assert h.hand["players"] == ["A", "C", "D"]
    assert h.hand["sitting_out"] == [{"player": "B", "cards": "", "forced": False},
                                     {"player": "E", "cards": "1b 11d", "forced": True}]
    assert h.round.forced_out == ("E",) and h.round.chose_drop == ("B",)
    # E shows 2 cards: 2 chips each from each non-dealer who plays (C and D) = 8
    assert h.net["E"] == 8 and h.net["B"] == 0
    assert sum(h.net.values()) == 0
    assert led.next.dealer == "C" and led.next.active is None


def test_gwangpalli_choices_can_come_from_the_players(five):
    entry = {"players": ["A", "C", "E"], **win("C", ["A", "E"])}
    h = compute(five, [entry]).hands[0]
    assert h.round.chose_drop == ("B", "D") and h.round.forced_in == ("E",)


def test_gwangpalli_bad_choices_name_the_hand_and_player(five):
    entry = {"choices": {"B": "play", "C": "play", "D": "play"}, **win("C", ["A", "B"])}
    with pytest.raises(GameError) as err:
        compute(five, [entry])
    assert err.value.problems[0].field == "hands[1].choices.D"
    assert err.value.problems[0].code == "forced-out"


def test_voluntary_dropout_shows_no_cards(five):
    entry = {"choices": {"B": "drop", "C": "play", "D": "play"},
             "sitting_out": [{"player": "B", "cards": "1b"}], **win("C", ["A", "D"])}
    with pytest.raises(GameError) as err:
        compute(five, [entry])
    assert err.value.problems[0].field == "hands[1].sitting_out[0].cards"


def test_after_nagari_the_same_three_play_again(five):
    first = {"choices": {"B": "drop", "C": "play", "D": "play"},
             "sitting_out": [{"player": "E", "cards": "1b"}], **nagari(["A", "C", "D"])}
    again = win("D", ["A", "C"])
    led = compute(five, [first, again])
    assert led.hands[1].hand["players"] == ["A", "C", "D"]
    assert led.hands[1].deal.nagari_before == 1 and led.hands[1].sitting_out == ("B", "E")
    # compensation was paid at the nagari deal (non-dealers pay at once), not again
    assert led.hands[0].net["E"] == 4
    assert led.hands[1].net["E"] == 0
    assert led.hands[1].net["D"] == 12  # 3 points x2 (nagari) from A and C
    with pytest.raises(GameError) as err:
        compute(five, [first, dict(again, choices={"B": "play", "C": "play"})])
    assert err.value.problems[0].code == "no-round"


def test_after_nagari_variant_deals_to_all():
    cfg = GameConfig.from_json({"players": list("ABCD"), "first_dealer": "A", "nagari_redeal": "all"})
    first = {"choices": {"B": "play", "C": "play"}, **nagari(["A", "B", "C"])}
    again = {"choices": {"B": "drop"}, **win("D", ["A", "C"])}
    led = compute(cfg, [first, again])
    assert led.hands[1].hand["players"] == ["A", "C", "D"]
    assert led.hands[1].round.forced_in == ("C", "D")


# -- game config ------------------------------------------------------------------

def test_first_dealer_by_lot_in_config():
    cfg = GameConfig.from_json({"players": ABC, "lot": {"time": "day", "cards": {"Ana": "3b", "Bo": "12a", "Chul": "12b"}}})
    assert cfg.first_dealer == "Chul"
    assert cfg.to_json()["lot"] == {"time": "day", "cards": {"Ana": "3b", "Bo": "12a", "Chul": "12b"}}
    assert GameConfig.from_json(cfg.to_json()) == cfg


@pytest.mark.parametrize("data, fields", [
    pytest.param({"players": ["Ana"], "first_dealer": "Ana"}, {"players"}, id="one-player"),
    pytest.param({"players": list("ABCDEFGH"), "first_dealer": "A"}, {"players"}, id="eight-players"),
    pytest.param({"players": ["A", "A"], "first_dealer": "A"}, {"players[1]"}, id="same-name-twice"),
    pytest.param({"players": ABC}, {"lot"}, id="no-dealer"),
    pytest.param({"players": ABC, "first_dealer": "Zed"}, {"first_dealer"}, id="stranger-deals"),
    pytest.param({"players": ABC, "lot": {"cards": {"Ana": "1b", "Bo": "2a"}}}, {"lot.cards.Chul"}, id="missing-draw"),
    pytest.param({"players": ABC, "first_dealer": "Ana", "length": {"hands": 5}}, {"length.hands"}, id="five-hands"),
    pytest.param({"players": ABC, "first_dealer": "Ana", "chip_value": "lots"}, {"chip_value"}, id="chip-value"),
    pytest.param({"players": ABC, "first_dealer": "Ana", "rules": {"preset": "pagat", "nope": 1}},
                 {"rules.nope"}, id="unknown-rule"),
    pytest.param({"players": ABC, "first_dealer": "Ana", "colour": "red"}, {"colour"}, id="unknown-field"),
])
def test_config_problems(data, fields):
    with pytest.raises(GameError) as err:
        GameConfig.from_json(data)
    assert {p.field for p in err.value.problems} == fields


def test_losers_pay_dropouts_after_the_redeal_doubled():
    """Pagat variant: compensation paid by the losers at the end; after a nagari it
    waits for the new deal (same three players) and is doubled."""
    cfg = GameConfig.from_json({"players": list("ABCD"), "first_dealer": "A",
                                "rules": {"preset": "pagat", "dropout_paid_by": "losers"}})
    first = {"choices": {"B": "play", "C": "play"}, "sitting_out": [{"player": "D", "cards": "1b"}],
             **nagari(["A", "B", "C"])}
    led = compute(cfg, [first, win("B", ["A", "C"])])
    assert led.hands[0].net == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert led.hands[1].hand["sitting_out"] == [{"player": "D", "cards": "1b", "forced": True}]
    # D: 2 chips x 1 card x2 (nagari) from each loser A and C; B: 3 points x2 from each
    assert led.hands[1].net == {"A": -10, "B": 12, "C": -10, "D": 8}


@pytest.mark.parametrize("seats, chips", [
    pytest.param(list("ABCD"), 0, id="four-players-lone-rain-bright-earns-nothing"),
    pytest.param(list("ABCDE"), 4, id="five-players-rain-bright-pays"),
])
def test_table_size_reaches_the_core_through_sitting_out(seats, chips):
    cfg = GameConfig.from_json({"players": seats, "first_dealer": "A"})
    entry = {"choices": {"B": "play", "C": "play"}, "sitting_out": [{"player": "D", "cards": "12b"}],
             **win("B", ["A", "C"])}
    h = compute(cfg, [entry]).hands[0]
    assert len(h.hand["sitting_out"]) == len(seats) - 3
    assert h.net["D"] == chips
