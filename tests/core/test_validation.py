"""Hand validation (issue 2 §4, DESIGN.md): every problem at once, stable code and field,
messages that name the player and the card. Also: accept_unusual and its warning."""

from __future__ import annotations

import copy

import pytest

from calculator import score
from calculator.errors import CalculatorError, InvalidHandError

from .conftest import (ANA, BASE8, CHUL, codes, hand2, hand3, problems_of, settle,
                      warning_codes)


def valid3(**extra):
    return hand3(BASE8, **extra)


def find(problems, code, field=None):
    hits = [p for p in problems if p.code == code and (field is None or p.field == field)]
    assert hits, f"no problem {code!r} at {field!r}; got {[(p.field, p.code) for p in problems]}"
    return hits[0]


def test_base_hand_is_valid():
    settle(valid3())


# (id, mutate(data) -> None, code, field, words that the message must contain)
def _set(path, value):
    def mutate(d):
        target = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return mutate


def _add_card(player, card):
    def mutate(d):
        d["captured"][player] = d["captured"][player] + " " + card
    return mutate


CASES = [
    pytest.param(_set(["captrued"], {}), "unknown-field", "captrued", [], id="unknown-field"),
    pytest.param(lambda d: d.pop("players"), "missing-field", "players", [], id="missing-field"),
    pytest.param(_set(["go"], {"Bo": "two"}), "bad-type", "go.Bo", [], id="bad-type-go"),
    pytest.param(_set(["players"], "Ana Bo Chul"), "bad-type", "players", [], id="bad-type-players"),
    pytest.param(_set(["captured"], 5), "bad-type", "captured", [], id="bad-type-captured"),
    pytest.param(_set(["nagari_before"], "2"), "bad-type", "nagari_before", [],
                 id="bad-type-nagari-before"),
    pytest.param(_add_card("Bo", "13b"), "unknown-card", "captured.Bo", ["13b", "Bo"],
                 id="unknown-card"),
    pytest.param(_add_card("Bo", "jk3"), "joker-not-in-play", "captured.Bo", ["jk3", "Bo"],
                 id="joker-not-in-play"),
    pytest.param(_add_card("Chul", "jk1"), None, None, None, id="joker-in-play-ok"),
    pytest.param(_add_card("Bo", "1j1 1J1"), "duplicate-card", "captured.Bo", ["1j1", "Bo"],
                 id="duplicate-card-same-pile"),
    pytest.param(_set(["players"], ["Ana"]), "player-count", "players", [], id="player-count-1"),
    pytest.param(_set(["players"], ["Ana", "Bo", "Chul", "Dan"]), "player-count", "players", [],
                 id="player-count-4"),
    pytest.param(_set(["players"], ["Ana", "Bo", "Bo"]), "duplicate-player", "players.2", ["Bo"],
                 id="duplicate-player"),
    pytest.param(_set(["sitting_out"], [{"player": "Chul", "cards": "1b", "forced": True}]),
                 "active-and-sitting-out", None, ["Chul"], id="active-and-sitting-out"),
    pytest.param(_set(["sitting_out"], [{"player": n, "cards": "", "forced": False}
                                        for n in ["D", "E", "F", "G", "H"]]),
                 "table-size", None, [], id="table-size"),
    pytest.param(_set(["captured", "Zed"], "1b"), "unknown-player", "captured.Zed", ["Zed"],
                 id="unknown-player-captured"),
    pytest.param(_set(["go"], {"Bo": 0, "Zed": 1}), "unknown-player", "go.Zed", ["Zed"],
                 id="unknown-player-go"),
    pytest.param(_set(["dealer"], "Dan"), "dealer-not-playing", "dealer", ["Dan"],
                 id="dealer-not-playing"),
    pytest.param(_set(["winner"], "Dan"), "winner-not-playing", "winner", ["Dan"],
                 id="winner-not-playing"),
    pytest.param(_set(["go"], {"Bo": 21}), "count-out-of-range", "go.Bo", ["Bo"],
                 id="count-out-of-range-go"),
    pytest.param(_set(["go"], {"Ana": -1}), "count-out-of-range", "go.Ana", ["Ana"],
                 id="count-out-of-range-negative"),
    pytest.param(_set(["shakes"], {"Bo": 4}), "count-out-of-range", "shakes.Bo", ["Bo"],
                 id="count-out-of-range-shakes"),
    pytest.param(_set(["bombs"], {"Bo": 4}), "count-out-of-range", "bombs.Bo", ["Bo"],
                 id="count-out-of-range-bombs"),
    pytest.param(_set(["nagari_before"], 21), "count-out-of-range", "nagari_before", [],
                 id="count-out-of-range-nagari"),
    pytest.param(_set(["go"], {"Bo": 10 ** 40}), "count-out-of-range", "go.Bo", [],
                 id="count-out-of-range-huge"),
    pytest.param(_set(["liable"], {"player": "Bo", "reason": "oe-myeon"}), "liable-not-loser",
                 "liable.player", ["Bo"], id="liable-not-loser"),
    pytest.param(_set(["liable"], {"player": "Dan", "reason": "shodang"}), None,
                 "liable.player", ["Dan"], id="liable-unknown-player"),
    pytest.param(_set(["go"], {"Ana": 1, "Chul": 2}), "first-go-missing", "first_go", [],
                 id="first-go-missing"),
    pytest.param(lambda d: d.update(go={"Ana": 1, "Chul": 2}, first_go="Bo"),
                 "first-go-invalid", "first_go", ["Bo"], id="first-go-invalid"),
    pytest.param(lambda d: d.update(go={"Ana": 1, "Bo": 1, "Chul": 2}, first_go="Bo"),
                 "first-go-invalid", "first_go", ["Bo", "Ana", "Chul"],
                 id="first-go-the-winner"),
    pytest.param(_set(["events"], [{"event": "first-ppuk", "player": "Bo"},
                                   {"event": "second-ppuk", "player": "Bo"}]),
                 "event-not-allowed", "events.1.event", ["second-ppuk"], id="event-not-allowed"),
    pytest.param(_set(["events"], [{"event": "first-ttadak", "player": "Ana"}]),
                 "event-not-allowed", "events.0.event", ["first-ttadak"],
                 id="event-not-allowed-ttadak-pagat"),
    pytest.param(_set(["events"], [{"event": "first-ppuk", "player": "Bo"},
                                   {"event": "sulssa", "player": "Bo"}]),
                 "unknown-event", "events.1.event", ["sulssa"], id="unknown-event"),
    pytest.param(_set(["events"], [{"event": "first-ppuk", "player": "Zed"}]), "unknown-player",
                 "events.0.player", ["Zed"], id="unknown-player-event"),
    pytest.param(_set(["sake_cup"], {"Bo": "animal"}), "sake-cup-not-held", None,
                 ["Bo", "9a"], id="sake-cup-not-held"),
    pytest.param(lambda d: d.update(winner=None, events=[{"event": "chongtong", "player": "Bo"}]),
                 "nagari-with-ending-event", None, [], id="nagari-with-ending-event"),
    pytest.param(_set(["events"], [{"event": "three-ppuk", "player": "Chul"}]),
                 "ending-event-winner", None, ["Chul"], id="ending-event-winner"),
    pytest.param(_set(["captured", "Bo"], "1r 2r 5j1x"), "unknown-card", "captured.Bo",
                 ["5j1x", "Bo"], id="unknown-card-among-cards"),
]


@pytest.mark.parametrize("mutate, code, field, words", CASES)
def test_problem(mutate, code, field, words):
    data = valid3()
    mutate(data)
    if code is None and field is None:
        settle(data)  # a valid variation
        return
    problems = problems_of(data)
    if code is None:  # any code at this field
        hits = [p for p in problems if p.field == field]
        assert hits, [(p.field, p.code) for p in problems]
        p = hits[0]
    else:
        p = find(problems, code, field)
    for w in words:
        assert w.lower() in p.message.lower(), (w, p.message)


def test_duplicate_card_across_piles_names_card_and_players():
    data = valid3()
    data["captured"]["Chul"] += " 2a"  # Bo holds 2a
    p = find(problems_of(data), "duplicate-card")
    assert p.field in ("captured.Bo", "captured.Chul")
    assert "2a" in p.message
    assert "Bo" in p.message or "Chul" in p.message


def test_duplicate_card_with_sitting_out_hand():
    data = valid3()
    data["sitting_out"] = [{"player": "Dan", "cards": "1b 2a", "forced": True}]
    p = find(problems_of(data), "duplicate-card")
    assert p.field in ("captured.Bo", "sitting_out.0.cards")
    assert "2a" in p.message


def test_unknown_card_in_sitting_out_hand():
    data = valid3()
    data["sitting_out"] = [{"player": "Dan", "cards": "1b 0x", "forced": True}]
    p = find(problems_of(data), "unknown-card", "sitting_out.0.cards")
    assert "0x" in p.message and "Dan" in p.message


def test_sitting_out_needs_three():
    data = hand2(BASE8)
    data["sitting_out"] = [{"player": "Dan", "cards": "1b", "forced": True}]
    find(problems_of(data), "sitting-out-needs-three")


def test_liable_needs_three():
    data = hand2(BASE8, liable={"player": "Ana", "reason": "oe-myeon"})
    find(problems_of(data), "liable-needs-three")


def test_below_stop_minimum():
    # hongdan alone is 3 points: fine with 3 players, below 7 with 2 players.
    data = hand2("1r 2r 3r")
    p = find(problems_of(data), "below-stop-minimum")
    assert "Bo" in p.message


def test_below_stop_minimum_three_players():
    data = hand3("1r 2r")  # 0 points
    find(problems_of(data), "below-stop-minimum")


def test_vip_points_are_not_stop_points():
    # VIP 3 but no other points: stop points 0 < 3.
    data = hand3("9a 11d 12d 1j1 1j2", rules={"preset": "pagat", "vip_points": 3})
    find(problems_of(data), "below-stop-minimum")


def test_below_go_minimum_rejected():
    # hongdan 3 with 1 go needs 3 + 1 = 4.
    data = hand3("1r 2r 3r", go={"Bo": 1})
    p = find(problems_of(data), "below-go-minimum")
    assert "Bo" in p.message


def test_below_go_minimum_accept_unusual():
    data = hand3("1r 2r 3r", go={"Bo": 1}, accept_unusual=True)
    s = settle(data)
    assert "below-go-minimum" in warning_codes(s)
    assert s["net"]["Bo"] == 8  # (3 + 1) from each loser


def test_go_exactly_at_minimum_is_fine():
    # 8 points, 5 go: 3 + 5 = 8.
    s = settle(valid3(go={"Bo": 5}))
    assert s["warnings"] == []


def test_stop_minimum_override():
    # pagat 2p with stop_minimum 5: godori alone (5) may stop.
    s = settle(hand2("2a 4a 8a", rules={"preset": "pagat", "stop_minimum": {"2": 5}}))
    assert s["net"] == {"Ana": -5, "Bo": 5}


def test_every_problem_at_once():
    data = valid3()
    data["captured"]["Ana"] += " 13b"
    data["go"] = {"Chul": 99}
    data["liable"] = {"player": "Bo", "reason": "oe-myeon"}
    data["events"] = [{"event": "sulssa", "player": "Bo"}]
    problems = problems_of(data)
    assert {"unknown-card", "count-out-of-range", "liable-not-loser", "unknown-event"} <= codes(problems)
    find(problems, "unknown-card", "captured.Ana")
    find(problems, "count-out-of-range", "go.Chul")


def test_rules_problems_with_hand_problems_at_once():
    data = valid3(rules={"preset": "pagat", "go_bonnus": "korean", "bomb_multiplier": 9})
    data["captured"]["Ana"] += " 13b"
    problems = problems_of(data)
    find(problems, "unknown-option", "rules.go_bonnus")
    find(problems, "bad-option-value", "rules.bomb_multiplier")
    find(problems, "unknown-card", "captured.Ana")


@pytest.mark.parametrize("rules, code, field", [
    pytest.param("hwatu", "unknown-preset", None, id="unknown-preset"),
    pytest.param({"preset": "hwatu"}, "unknown-preset", None, id="unknown-preset-object"),
    pytest.param({"preset": "pagat", "godori": 3}, "unknown-option", "rules.godori",
                 id="unknown-option"),
    pytest.param({"preset": "pagat", "go_bonus": "double"}, "bad-option-value", "rules.go_bonus",
                 id="bad-option-value-choice"),
    pytest.param({"preset": "pagat", "pi_bak_max": {"4": 3}}, "bad-option-value",
                 "rules.pi_bak_max", id="bad-option-value-count"),
    pytest.param({"preset": "pagat", "meong_bak": "yes"}, "bad-option-value", "rules.meong_bak",
                 id="bad-option-value-bool"),
    pytest.param({"preset": "pagat", "sake_cup": "cup"}, "bad-option-value", "rules.sake_cup",
                 id="bad-option-value-sake-cup"),
    pytest.param({"preset": "pagat", "dropout_paid_by": "dealer"}, "bad-option-value",
                 "rules.dropout_paid_by", id="bad-option-value-dropout"),
    pytest.param(7, "bad-type", None, id="rules-bad-type"),
])
def test_rules_problems(rules, code, field):
    problems = problems_of(valid3(rules=rules))
    p = find(problems, code, field)
    assert p.field.startswith("rules")


def test_error_json_shape():
    data = valid3()
    data["captured"]["Bo"] += " 13b"
    with pytest.raises(InvalidHandError) as info:
        score(data)
    out = info.value.to_json()
    assert list(out) == ["errors"]
    assert {"field": "captured.Bo", "code": "unknown-card"}.items() <= out["errors"][0].items()
    assert isinstance(info.value, CalculatorError)


@pytest.mark.parametrize("data", [
    pytest.param(None, id="none"),
    pytest.param([], id="list"),
    pytest.param("hand", id="string"),
    pytest.param(42, id="number"),
])
def test_not_an_object(data):
    with pytest.raises(InvalidHandError):
        score(data)


def test_input_not_mutated():
    data = valid3(go={"Bo": 1})
    before = copy.deepcopy(data)
    score(data)
    assert data == before


def test_card_codes_case_insensitive_and_lists():
    data = valid3()
    data["captured"]["Bo"] = ["2A", "4a", "8A", "1R", "2r", "3r"]
    data["captured"]["Ana"] = "5J1, 5j2,6j1 6j2 8j1 8j2"
    s = settle(data)
    assert s["net"]["Bo"] == 16


def test_go_counts_for_players_left_out_default_zero():
    data = valid3()
    data["go"] = {}
    data["shakes"] = {}
    data["bombs"] = {}
    s = settle(data)
    assert s["net"]["Bo"] == 16


def test_nagari_hand_skips_stop_checks():
    s = settle(hand3("1r", ana=ANA, chul=CHUL, winner=None))
    assert s["nagari"] is True


def test_chongtong_needs_no_points():
    data = {"rules": "korean", "players": ["Ana", "Bo"], "winner": "Ana", "captured": {},
            "events": [{"event": "chongtong", "player": "Ana"}]}
    s = settle(data)
    assert s["net"] == {"Ana": 7, "Bo": -7}


@pytest.mark.parametrize("preset", [
    pytest.param([], id="list"),
    pytest.param({}, id="object"),
    pytest.param(["pagat"], id="list-of-name"),
])
def test_rules_preset_of_wrong_type(preset):
    # RULES problems are reported like any other: InvalidHandError, never a TypeError.
    p = find(problems_of(valid3(rules={"preset": preset})), "unknown-preset")
    assert p.field == "rules.preset"


@pytest.mark.parametrize("mutate, field", [
    # a typo must not silently change the money: "lastcard" would otherwise drop exception b
    pytest.param(lambda d: d.update(liable={"player": "Ana", "reason": "oe-myeon",
                                            "lastcard": True}),
                 "liable.lastcard", id="unknown-field-liable"),
    # "forcd" would otherwise make Dan a voluntary dropout who gets nothing
    pytest.param(lambda d: d.update(sitting_out=[{"player": "Dan", "cards": "1b",
                                                  "forcd": True}]),
                 "sitting_out.0.forcd", id="unknown-field-sitting-out"),
    pytest.param(lambda d: d.update(events=[{"event": "first-ppuk", "player": "Bo",
                                             "times": 2}]),
                 "events.0.times", id="unknown-field-event"),
])
def test_unknown_nested_field(mutate, field):
    data = valid3()
    mutate(data)
    find(problems_of(data), "unknown-field", field)


def test_every_problem_code_has_a_bilingual_headline():
    """Each code the core can report has an English and a Korean headline (calculator.terms)."""
    import ast
    import pathlib

    from calculator.terms import PROBLEMS

    used = set()
    for name in ("hand.py", "rules.py"):
        tree = ast.parse((pathlib.Path(__file__).parents[2] / "calculator" / name).read_text())
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or len(node.args) < 2:
                continue
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            code = node.args[1]
            if called in ("add", "Problem") and isinstance(code, ast.Constant) and isinstance(code.value, str):
                used.add(code.value)
    assert len(used) > 25, sorted(used)
    assert used <= set(PROBLEMS), sorted(used - set(PROBLEMS))
    assert all(entry["en"] and entry["ko"] for entry in PROBLEMS.values())
