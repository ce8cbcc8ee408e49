"""First dealer by lot (RULES.md §8) and the play-or-drop round (RULES.md §7)."""

import pytest

from calculator.game import GameError, draw_lot, play_or_drop, waiting_for, choices_for_active

SEATS5 = ["A", "B", "C", "D", "E"]


@pytest.mark.parametrize("draws, time, winner", [
    pytest.param({"Ana": "3b", "Bo": "1j1", "Chul": "12b"}, "night", "Bo", id="night-earliest-month"),
    pytest.param({"Ana": "3b", "Bo": "1j1", "Chul": "12b"}, "day", "Chul", id="day-latest-month"),
    pytest.param({"Ana": "1b", "Bo": "1r", "Chul": "5a"}, "night", "Bo", id="night-tie-lower-card"),
    pytest.param({"Ana": "1b", "Bo": "1j2", "Chul": "1r"}, "night", "Bo", id="night-tie-junk-lowest"),
    pytest.param({"Ana": "12a", "Bo": "12b", "Chul": "12d"}, "day", "Bo", id="day-tie-bright-highest"),
    pytest.param({"Ana": "8a", "Bo": "8j1"}, "day", "Ana", id="day-tie-animal-over-junk"),
    pytest.param({"Ana": "9a", "Bo": "9r"}, "night", "Bo", id="night-sake-cup-is-animal"),
])
def test_draw_lot(draws, time, winner):
    assert draw_lot(draws, time) == winner


@pytest.mark.parametrize("draws, code", [
    pytest.param({"Ana": "1j1", "Bo": "1j2"}, "lot-tie", id="true-tie-draw-again"),
    pytest.param({"Ana": "1j1", "Bo": "1J1"}, "duplicate-card", id="same-card-twice"),
    pytest.param({"Ana": "13b", "Bo": "1j2"}, "unknown-card", id="unknown-card"),
    pytest.param({"Ana": "jk1", "Bo": "1j2"}, "joker-in-lot", id="joker"),
])
def test_draw_lot_problems(draws, code):
    with pytest.raises(GameError) as err:
        draw_lot(draws, "night")
    assert [p.code for p in err.value.problems] == [code]


# Pagat's example: 5 players anticlockwise A (dealer) B C D E.
@pytest.mark.parametrize("choices, active, chose, forced_out, forced_in", [
    pytest.param({"B": "drop", "C": "play", "D": "drop"}, ("A", "C", "E"), ("B", "D"), (), ("E",),
                 id="pagat-B-drops-C-plays-D-drops-E-must-play"),
    pytest.param({"B": "drop", "C": "play", "D": "play"}, ("A", "C", "D"), ("B",), ("E",), (),
                 id="pagat-D-plays-E-forced-out"),
    pytest.param({"B": "drop", "C": "drop"}, ("A", "D", "E"), ("B", "C"), (), ("D", "E"),
                 id="pagat-B-C-drop-D-E-must-play"),
    pytest.param({"B": "play", "C": "play"}, ("A", "B", "C"), (), ("D", "E"), (),
                 id="first-two-play-rest-forced-out"),
])
def test_pagat_five_players(choices, active, chose, forced_out, forced_in):
    rnd = play_or_drop(SEATS5, "A", choices)
    assert rnd.active == active
    assert rnd.chose_drop == chose
    assert rnd.forced_out == forced_out
    assert rnd.forced_in == forced_in
    assert choices_for_active(SEATS5, "A", active) | {} == {
        p: ("play" if p in active else "drop") for p in "BCDE"}
    assert play_or_drop(SEATS5, "A", choices_for_active(SEATS5, "A", active)) == rnd


def test_round_starts_at_dealers_right_and_wraps():
    # dealer C: order D, E, A, B
    rnd = play_or_drop(SEATS5, "C", {"D": "play", "E": "drop", "A": "play"})
    assert rnd.active == ("C", "D", "A")
    assert rnd.forced_out == ("B",)
    assert rnd.chose_drop == ("E",)


def test_four_players_one_drop_forces_the_rest_in():
    rnd = play_or_drop(["A", "B", "C", "D"], "B", {"C": "drop"})
    assert rnd.active == ("B", "D", "A") and rnd.forced_in == ("D", "A")


def test_seven_players():
    seats = list("ABCDEFG")
    rnd = play_or_drop(seats, "A", {"B": "drop", "C": "drop", "D": "play", "E": "drop", "F": "drop"})
    assert rnd.active == ("A", "D", "G") and rnd.forced_in == ("G",)
    rnd = play_or_drop(seats, "A", {"B": "drop", "C": "drop", "D": "drop", "E": "drop"})
    assert rnd.active == ("A", "F", "G") and rnd.forced_in == ("F", "G")
    rnd = play_or_drop(seats, "A", {"B": "play", "C": "drop", "D": "play"})
    assert rnd.forced_out == ("E", "F", "G") and rnd.chose_drop == ("C",)


def test_waiting_for_walks_the_round():
    assert waiting_for(SEATS5, "A", {}) == "B"
    assert waiting_for(SEATS5, "A", {"B": "drop"}) == "C"
    assert waiting_for(SEATS5, "A", {"B": "drop", "C": "play"}) == "D"
    assert waiting_for(SEATS5, "A", {"B": "drop", "C": "play", "D": "drop"}) is None
    assert waiting_for(SEATS5, "A", {"B": "play", "C": "play"}) is None


@pytest.mark.parametrize("choices, field, code", [
    pytest.param({"B": "drop", "C": "play"}, "choices.D", "missing-choice", id="missing"),
    pytest.param({"B": "play", "C": "play", "D": "play"}, "choices.D", "forced-out", id="third-player"),
    pytest.param({"B": "drop", "C": "drop", "D": "drop"}, "choices.D", "forced-in", id="too-few"),
    pytest.param({"A": "drop", "B": "play", "C": "play"}, "choices.A", "dealer-must-play", id="dealer"),
    pytest.param({"B": "maybe", "C": "play"}, "choices.B", "bad-choice", id="bad-word"),
    pytest.param({"Zed": "play"}, "choices.Zed", "unknown-player", id="stranger"),
])
def test_round_problems(choices, field, code):
    with pytest.raises(GameError) as err:
        play_or_drop(SEATS5, "A", choices)
    assert (err.value.problems[0].field, err.value.problems[0].code) == (field, code)
