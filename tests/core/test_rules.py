"""Rulesets and presets (RULES.md §1–§7 options)."""

import dataclasses

import pytest

from calculator.errors import InvalidRulesError
from calculator.rules import OPTION_SPECS, PRESETS, RuleSet, from_mapping


def test_every_option_has_a_spec_and_a_field():
    names = {f.name for f in dataclasses.fields(RuleSet)} - {"name"}
    assert names == {s.name for s in OPTION_SPECS}


@pytest.mark.parametrize(
    "preset, option, count, value",
    [
        pytest.param("pagat", "stop_minimum", 2, 7, id="pagat-stop-2p"),
        pytest.param("pagat", "stop_minimum", 3, 3, id="pagat-stop-3p"),
        pytest.param("pagat", "pi_bak_max", 2, 4, id="pagat-pi-bak-2p"),
        pytest.param("fuda", "pi_bak_max", 2, 7, id="fuda-pi-bak-2p"),
        pytest.param("fuda", "pi_bak_max", 3, 5, id="fuda-pi-bak-3p"),
        pytest.param("korean", "pi_bak_max", 3, 5, id="korean-pi-bak-3p"),
    ],
)
def test_per_count_values(preset, option, count, value):
    assert getattr(PRESETS[preset], option)[count] == value


@pytest.mark.parametrize(
    "preset, values",
    [
        pytest.param("pagat", dict(jokers=(2, 3), go_bonus="pagat", bomb_multiplier=1, nagari_cap=None,
                                   pi_bak_zero_exempt=False, go_bak_two_player=1, empty_pile_exempt=False,
                                   meong_bak=False, dropout_chips=2), id="pagat"),
        pytest.param("fuda", dict(jokers=(), go_bonus="korean", bomb_multiplier=2, nagari_cap=None,
                                  pi_bak_zero_exempt=True, go_bak_two_player=1, empty_pile_exempt=True,
                                  meong_bak=False, dropout_chips=2), id="fuda"),
        pytest.param("korean", dict(jokers=(2, 2, 3), go_bonus="korean", bomb_multiplier=2, nagari_cap=8,
                                    pi_bak_zero_exempt=True, go_bak_two_player=2, empty_pile_exempt=True,
                                    meong_bak=False, dropout_chips=2), id="korean"),
    ],
)
def test_preset_values(preset, values):
    rules = PRESETS[preset]
    assert {k: getattr(rules, k) for k in values} == values


@pytest.mark.parametrize(
    "preset, event, count, chips",
    [
        pytest.param("pagat", "chongtong", 3, 5, id="pagat-chongtong"),
        pytest.param("pagat", "first-ppuk", 3, 3, id="pagat-first-ppuk"),
        pytest.param("pagat", "second-ppuk", 3, None, id="pagat-second-ppuk-off"),
        pytest.param("pagat", "first-ttadak", 3, None, id="pagat-first-ttadak-off"),
        pytest.param("pagat", "three-ppuk", 2, 5, id="pagat-three-ppuk"),
        pytest.param("fuda", "chongtong", 2, 7, id="fuda-chongtong-stop-minimum-2p"),
        pytest.param("fuda", "second-ppuk", 3, 6, id="fuda-second-ppuk-2x"),
        pytest.param("fuda", "third-ppuk", 2, 28, id="fuda-third-ppuk-4x"),
        pytest.param("korean", "chongtong", 3, 5, id="korean-chongtong-3p"),
        pytest.param("korean", "chongtong", 2, 7, id="korean-chongtong-2p"),
        pytest.param("korean", "third-ppuk", 2, 21, id="korean-third-ppuk-2p"),
        pytest.param("korean", "first-ttadak", 3, 3, id="korean-first-ttadak-3p"),
    ],
)
def test_fixed_payments(preset, event, count, chips):
    assert PRESETS[preset].fixed_payment(event, count) == chips


def test_fuda_fixed_payments_follow_a_changed_stop_minimum():
    rules = from_mapping({"preset": "fuda", "stop_minimum": {"3": 5}})
    assert rules.fixed_payment("chongtong", 3) == 5
    assert rules.fixed_payment("third-ppuk", 3) == 20
    assert rules.fixed_payment("chongtong", 2) == 7


@pytest.mark.parametrize(
    "overrides, attr, expected",
    [
        pytest.param({"stop_minimum": 5}, "stop_minimum", {2: 5, 3: 5}, id="number-for-all-counts"),
        pytest.param({"stop_minimum": {"2": 5}}, "stop_minimum", {2: 5, 3: 3}, id="per-count-merge"),
        pytest.param({"go_bonus": "linear"}, "go_bonus", "linear", id="go-linear"),
        pytest.param({"nagari_cap": 4}, "nagari_cap", 4, id="nagari-cap"),
        pytest.param({"nagari_cap": None}, "nagari_cap", None, id="nagari-no-cap"),
        pytest.param({"first_ttadak": 3}, "first_ttadak", {2: 3, 3: 3}, id="turn-on-event"),
        pytest.param({"chongtong": None}, "chongtong", {2: None, 3: None}, id="turn-off-event"),
        pytest.param({"jokers": [2, 3, 3]}, "jokers", (2, 3, 3), id="jokers"),
        pytest.param({"sake_cup": "both"}, "sake_cup", "both", id="sake-cup-both"),
    ],
)
def test_overrides(overrides, attr, expected):
    rules = from_mapping({"preset": "pagat", **overrides})
    value = getattr(rules, attr)
    assert (dict(value) if hasattr(value, "items") else value) == expected
    assert PRESETS["pagat"].stop_minimum[2] == 7  # presets are never mutated


@pytest.mark.parametrize(
    "value, field, code",
    [
        pytest.param("nope", "rules", "unknown-preset", id="unknown-preset-name"),
        pytest.param({"preset": "nope"}, "rules.preset", "unknown-preset", id="unknown-preset-object"),
        pytest.param({"bogus": 1}, "rules.bogus", "unknown-option", id="unknown-option"),
        pytest.param({"go_bonus": "double"}, "rules.go_bonus", "bad-option-value", id="bad-choice"),
        pytest.param({"stop_minimum": 0}, "rules.stop_minimum", "bad-option-value", id="stop-minimum-zero"),
        pytest.param({"stop_minimum": {"4": 3}}, "rules.stop_minimum", "bad-option-value", id="bad-player-count"),
        pytest.param({"pi_bak_zero_exempt": "yes"}, "rules.pi_bak_zero_exempt", "bad-option-value", id="bad-bool"),
        pytest.param({"bomb_multiplier": True}, "rules.bomb_multiplier", "bad-option-value", id="bool-is-not-int"),
        pytest.param({"jokers": [2, 9]}, "rules.jokers", "bad-option-value", id="joker-value-too-big"),
        pytest.param({"chongtong": "3*stop"}, "rules.chongtong", "bad-option-value", id="bad-fixed-text"),
        pytest.param(42, "rules", "bad-type", id="not-an-object"),
    ],
)
def test_bad_rules(value, field, code):
    with pytest.raises(InvalidRulesError) as err:
        from_mapping(value)
    assert [(p.field, p.code) for p in err.value.problems] == [(field, code)]


def test_all_bad_options_reported_at_once():
    with pytest.raises(InvalidRulesError) as err:
        from_mapping({"a": 1, "b": 2, "go_bonus": 3})
    assert {p.field for p in err.value.problems} == {"rules.a", "rules.b", "rules.go_bonus"}


def test_to_json_round_trips_through_from_mapping():
    for name, rules in PRESETS.items():
        data = rules.to_json()
        data["preset"] = data.pop("name")
        assert from_mapping(data) == rules
        data["jokers"].append(1)  # a copy: the cache is not touched
        assert PRESETS[name].to_json()["jokers"] == list(rules.jokers)
