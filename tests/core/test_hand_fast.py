"""The validation fast path (calculator.hand_fast) agrees with the full validation.

``well_formed`` may decline any hand (None), but where it answers, the Hand must
equal what ``calculator.hand.validate`` builds, and it must never answer for a
hand the full validation refuses.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator.errors import InvalidHandError
from calculator.hand import parse_hand, validate
from calculator.hand_fast import well_formed
from calculator.settlement import settle

from .test_properties import SETTINGS, junk_values, valid_hands

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def full(data):
    try:
        return validate(copy.deepcopy(data))
    except InvalidHandError:
        return None


def assert_agree(data):
    """The fast path's answer, checked against the full validation."""
    fast = well_formed(copy.deepcopy(data))
    if fast is None:
        return None
    slow = full(data)
    assert slow is not None, f"the fast path accepted a hand the full validation refuses: {data!r}"
    assert fast == slow
    assert fast.masks == slow.masks
    assert fast.scored == slow.scored == {}
    for name in ("captured", "go", "shakes", "bombs", "sake_cup"):
        assert list(getattr(fast, name).items()) == list(getattr(slow, name).items()), name
    return fast


def everyday(data):
    """The same hand without the parts the fast path leaves to the full validation."""
    data = copy.deepcopy(data)
    for name in ("events", "liable", "sitting_out", "sake_cup", "first_go"):
        data.pop(name, None)
    if isinstance(data["rules"], dict):
        data["rules"] = data["rules"]["preset"]
    if not data["captured"]:  # a chongtong hand: make it a nagari
        data["winner"] = None
    go = data.get("go", {})
    losers = [p for p in data["players"] if p != data["winner"]]
    if data["winner"] and all(go.get(p, 0) > 0 for p in losers) and len(losers) == 2:
        go[losers[1]] = 0
    return data


def simple(players=("Ana", "Bo"), **changes):
    data = {"rules": "pagat", "players": list(players), "winner": None,
            "captured": {"Ana": "1b 3b 8b 11b 12b", "Bo": "2j1 2j2"}, "go": {}, "nagari_before": 0}
    data.update(changes)
    return data


@SETTINGS
@given(valid_hands())
def test_fast_path_agrees_on_random_valid_hands(data):
    assert_agree(data)
    hand = assert_agree(everyday(data))
    assert hand is not None, "the fast path declined an everyday hand"


@SETTINGS
@given(valid_hands(), st.sampled_from(["rules", "players", "dealer", "winner", "captured", "go",
                                       "shakes", "bombs", "nagari_before", "accept_unusual",
                                       "first_go", "liable", "events", "sitting_out",
                                       "sake_cup", "colour"]), junk_values)
def test_fast_path_agrees_on_a_corrupted_field(data, field, value):
    data = everyday(data)
    data[field] = value
    assert_agree(data)


@SETTINGS
@given(valid_hands(), st.data())
def test_fast_path_agrees_on_a_corrupted_nested_value(data, d):
    data = everyday(data)
    paths = [[k] for k in data]
    paths += [[k, sub] for k in ("captured", "go", "shakes", "bombs", "players")
              for sub in (data.get(k) if isinstance(data.get(k), dict) else range(len(data.get(k) or ())))]
    path = d.draw(st.sampled_from(paths))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = d.draw(junk_values | st.sampled_from(
        [True, False, -1, 0, 3, 4, 20, 21, 1.0, "", " ", "1B", "1b,2a", "jk1", "1b 1b", "Zed", None]))
    assert_agree(data)


@pytest.mark.parametrize("changes", [
    pytest.param({"rules": "Pagat"}, id="preset-name-not-exact"),
    pytest.param({"rules": {"preset": "pagat"}}, id="rules-object"),
    pytest.param({"captured": {"Ana": "1B 3b", "Bo": "2j1"}}, id="upper-case-code"),
    pytest.param({"captured": {"Ana": "1b, 3b", "Bo": "2j1"}}, id="comma-separated"),
    pytest.param({"captured": {"Ana": "1b 1b", "Bo": "2j1"}}, id="card-twice-in-a-pile"),
    pytest.param({"captured": {"Ana": "1b", "Bo": "1b"}}, id="card-in-two-piles"),
    pytest.param({"rules": "fuda", "captured": {"Ana": "jk1", "Bo": ""}}, id="joker-not-in-play"),
    pytest.param({"captured": {"Ana": "13b", "Bo": ""}}, id="unknown-card"),
    pytest.param({"captured": {"Zed": "1b"}}, id="pile-of-a-stranger"),
    pytest.param({"go": {"Ana": True}}, id="count-true"),
    pytest.param({"shakes": {"Ana": 4}}, id="shakes-out-of-range"),
    pytest.param({"nagari_before": 21}, id="nagari-out-of-range"),
    pytest.param({"dealer": None}, id="dealer-null"),
    pytest.param({"dealer": ["Ana"]}, id="dealer-unhashable"),
    pytest.param({"winner": ["Ana"]}, id="winner-unhashable"),
    pytest.param({"players": ["Ana", "Ana"]}, id="player-twice"),
    pytest.param({"players": ["Ana", "  "]}, id="blank-name"),
    pytest.param({"players": ["Ana"]}, id="one-player"),
    pytest.param({"events": [{"event": "first-ppuk", "player": "Ana"}]}, id="events"),
    pytest.param({"sitting_out": [{"player": "Dan", "cards": ""}]}, id="sitting-out"),
    pytest.param({"sake_cup": {"Ana": "junk"}}, id="sake-cup-choice"),
    pytest.param({"events": {}}, id="events-not-a-list"),
    pytest.param({"accept_unusual": 1}, id="accept-unusual-not-bool"),
    pytest.param({"colour": "red"}, id="unknown-field"),
])
def test_fast_path_declines_what_it_leaves_to_the_full_validation(changes):
    data = simple(**changes)
    assert well_formed(data) is None
    assert_agree(data)


def test_fast_path_needs_the_winner_key():
    data = simple()
    del data["winner"]
    assert well_formed(data) is None
    with pytest.raises(InvalidHandError) as exc:
        parse_hand(data)
    assert [p.code for p in exc.value.problems] == ["missing-field"]


def test_fast_path_leaves_first_go_to_the_full_validation():
    data = simple(players=("Ana", "Bo", "Chul"), winner="Ana",
                  captured={"Ana": "1b 3b 8b"}, go={"Bo": 1, "Chul": 2})
    assert well_formed(data) is None
    with pytest.raises(InvalidHandError) as exc:
        parse_hand(data)
    assert [p.code for p in exc.value.problems] == ["first-go-missing"]


@pytest.mark.parametrize("changes", [
    pytest.param({}, id="nagari"),
    pytest.param({"winner": "Ana", "go": {"Ana": 0}}, id="winner"),
    pytest.param({"captured": {"Bo": ["2j1", "2j2"]}}, id="pile-as-a-list"),
    pytest.param({"rules": "korean", "captured": {"Ana": "jk1 jk3", "Bo": ""}}, id="jokers-in-play"),
    pytest.param({"captured": {"Ana": "1b"}}, id="pile-left-out"),
    pytest.param({"accept_unusual": True, "nagari_before": 2, "shakes": {"Bo": 1},
                  "bombs": {"Ana": 1}}, id="every-plain-field"),
    pytest.param({"dealer": "Bo", "events": [], "sitting_out": [], "sake_cup": {}}, id="empty-extras"),
])
def test_fast_path_answers_everyday_hands(changes):
    data = simple(**changes)
    hand = assert_agree(data)
    assert hand is not None
    assert parse_hand(data) == hand


def test_fast_path_answers_the_everyday_examples():
    answered = []
    for path in sorted(EXAMPLES.glob("*.json")):
        data = json.loads(path.read_text())
        if assert_agree(data) is not None:
            answered.append(path.stem)
    # chongtong.json has an event and five-players-dropouts.json sitting-out players
    assert answered == ["after-two-nagari", "shakes-and-bombs", "three-player-go-bak",
                        "two-player-go", "two-player-korean-x8"]


def test_everyday_builds_the_constructors_hand():
    from calculator.model import Hand
    from calculator.rules import PRESETS

    args = dict(rules=PRESETS["korean"], players=("Ana", "Bo"), dealer="Bo", winner="Ana",
                captured={"Ana": (), "Bo": ()}, go={"Ana": 1}, shakes={"Ana": 2}, bombs={},
                nagari_before=3, accept_unusual=True, masks={"Ana": 0, "Bo": 0})
    built = Hand.everyday(**args)
    made = Hand(first_go=None, sake_cup={}, liable=None, events=(), sitting_out=(), warnings=(),
                scored={}, **args)
    for field in Hand._fields:
        assert getattr(built, field) == getattr(made, field), field
    # each hand gets its own (mutable) sake-cup and memo dicts
    other = Hand.everyday(**args)
    assert other.scored is not built.scored and other.sake_cup is not built.sake_cup


def test_hands_compare_without_their_masks_and_memo():
    data = {"players": ["Ana", "Bo"], "winner": "Ana",
            "captured": {"Ana": "1b 3b 8b 11b 12b", "Bo": "2j1"}}
    hand, same = parse_hand(data), parse_hand(data)
    settle(hand)
    assert hand.scored and hand == same and not hand != same
    assert hand._replace(dealer="Bo") != same
    assert hand != tuple(same) and hand != "a hand"
    assert "scored" not in repr(hand) and "dealer='Ana'" in repr(hand)
    with pytest.raises(TypeError):
        hash(hand)


def test_piles_read_as_cards_and_equal_the_plain_dict():
    from calculator.cards import parse_cards
    from calculator.model import Piles

    piles = Piles({"Ana": ("1b", "9a"), "Bo": ()})
    assert piles["Ana"] == tuple(parse_cards("1b 9a"))
    assert piles["Ana"] is piles["Ana"]  # looked up once
    assert piles == {"Ana": tuple(parse_cards("1b 9a")), "Bo": ()}
    assert {"Ana": tuple(parse_cards("1b 9a")), "Bo": ()} == piles
    assert piles != {"Ana": tuple(parse_cards("1b")), "Bo": ()}
    assert list(piles) == ["Ana", "Bo"] and len(piles) == 2
    assert repr(piles) == repr(dict(piles.items()))
    with pytest.raises(KeyError):
        piles["Chul"]


def test_hand_does_not_share_the_inputs_card_list():
    ana = ["1b", "3b", "8b", "1j1", "2j1"]
    data = {"players": ["Ana", "Bo"], "winner": None, "captured": {"Ana": ana, "Bo": ["9a"]}}
    hand = well_formed(data)
    ana[0] = "11b"
    assert [c.code for c in hand.captured["Ana"]] == ["1b", "3b", "8b", "1j1", "2j1"]


@pytest.mark.parametrize("pile", ["1B, 3b 8b", ["1b", " 3B", "8b"], "1b 3b 8b"])
def test_both_paths_keep_each_piles_codes_in_order(pile):
    # "1B, 3b" takes the full validation, "1b 3b 8b" the fast path; the
    # settlement JSON lists the codes as read, lower case
    data = {"players": ["Ana", "Bo"], "winner": None, "captured": {"Ana": pile, "Bo": "2j1"}}
    hand = parse_hand(data)
    assert tuple(hand.captured.codes("Ana")) == ("1b", "3b", "8b")
    assert [c.code for c in hand.captured["Ana"]] == ["1b", "3b", "8b"]
    assert settle(hand).to_json()["players"]["Ana"]["cards"] == ["1b", "3b", "8b"]
