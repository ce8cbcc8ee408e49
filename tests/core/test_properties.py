"""Property tests (hypothesis): random valid hands settle zero-sum with every payment
explained by its steps; random corruptions are rejected with coded problems and never
raise anything else.

The generator uses its own small reference scorer (RULES.md §2, written here, not the
core's) only to pick a winner who has enough stop points for their go count.
"""

from __future__ import annotations

import copy
import json
import os

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from calculator import score
from calculator.cards import DECK
from calculator.errors import InvalidHandError
from calculator.rules import PRESETS

from .conftest import check_invariants, chips_from_steps

# GOSTOP_PROPERTY_EXAMPLES raises the count for a longer local hunt; CI keeps 200.
SETTINGS = settings(max_examples=int(os.environ.get("GOSTOP_PROPERTY_EXAMPLES", "200")),
                    deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])
CODES = [c.code for c in DECK]
NAMES = ["Ana", "Bo", "Chul"]
OUT_NAMES = ["Dan", "Eve", "Fay", "Gil"]
DROPOUT_PAYING = {"1b", "3b", "8b", "11b", "12b", "11d", "12d", "9a"}
KNOWN_STEP_RULES = {"points", "go", "shake", "bomb", "meong-dda", "nagari", "gwang-bak",
                    "pi-bak", "meong-bak", "go-bak", "empty-pile", "dok-bak", "dropout",
                    "chongtong", "first-ppuk", "second-ppuk", "third-ppuk", "three-ppuk",
                    "first-ttadak"}


# ---- reference scorer (RULES.md §2) -----------------------------------------------
def ref_points(cards, opts, placement):
    """(points, stop_points) of a pile; placement of 9a: 'animal', 'junk' or 'both'."""
    cards = set(cards)
    brights = [c for c in cards if c in {"1b", "3b", "8b", "11b", "12b"}]
    rain = "12b" in cards
    p = 0
    if len(brights) == 5:
        p += 15
    elif len(brights) == 4:
        p += opts["four_brights_with_rain"] if rain else 4
    elif len(brights) == 3:
        p += 2 if rain else 3
    animals = {c for c in cards if c.endswith("a")}
    if placement == "junk":
        animals.discard("9a")
    if {"2a", "4a", "8a"} <= animals:
        p += opts["godori_points"]
    if len(animals) >= 5:
        p += len(animals) - 4
    ribbons = {c for c in cards if c.endswith("r")}
    for s in ({"1r", "2r", "3r"}, {"6r", "9r", "10r"}, {"4r", "5r", "7r"}):
        if s <= ribbons:
            p += 3
    if len(ribbons) >= 5:
        p += len(ribbons) - 4
    junk = sum(1 for c in cards if "j" in c and not c.startswith("jk"))
    junk += 2 * len(cards & {"11d", "12d"})
    junk += sum(opts["jokers"][int(c[2:]) - 1] for c in cards if c.startswith("jk"))
    if "9a" in cards and placement in ("junk", "both"):
        junk += 2
    if junk >= 10:
        p += junk - 9
    stop = p
    if opts["vip_points"] and {"9a", "11d", "12d"} <= cards:
        p += opts["vip_points"]
    if opts["palssari_points"] and {"4a", "4r", "4j1", "4j2", "7a", "7r", "7j1", "7j2"} <= cards:
        p += opts["palssari_points"]
    return p, stop


def placements(opts):
    mode = opts["sake_cup"]
    return ["animal", "junk"] if mode == "either" else [mode]


def min_stop(cards, opts):
    return min(ref_points(cards, opts, pl)[1] for pl in placements(opts))


# ---- random valid hands ---------------------------------------------------------------
@st.composite
def valid_hands(draw):
    preset = draw(st.sampled_from(sorted(PRESETS)))
    base = PRESETS[preset]
    overrides = draw(st.fixed_dictionaries({}, optional={
        "go_bonus": st.sampled_from(["pagat", "korean", "linear"]),
        "sake_cup": st.sampled_from(["either", "animal", "junk", "both"]),
        "meong_bak": st.booleans(),
        "vip_points": st.sampled_from([0, 3]),
        "palssari_points": st.sampled_from([0, 8]),
        "four_brights_with_rain": st.sampled_from([3, 4]),
        "godori_points": st.sampled_from([3, 5]),
        "nagari_cap": st.sampled_from([None, 4, 8]),
        "dropout_paid_by": st.sampled_from(["non-dealers", "losers"]),
        "dropout_chips": st.sampled_from([2, 3]),
        "empty_pile_exempt": st.booleans(),
        "pi_bak_zero_exempt": st.booleans(),
    }))
    opts = {k: getattr(base, k) for k in ("four_brights_with_rain", "godori_points", "sake_cup",
                                          "vip_points", "palssari_points", "jokers")}
    opts.update({k: v for k, v in overrides.items() if k in opts})
    rules = {"preset": preset, **overrides} if overrides else preset
    n = draw(st.sampled_from([2, 3]))
    players = NAMES[:n]
    deck = CODES + [f"jk{i + 1}" for i in range(len(base.jokers))]
    owners = draw(st.lists(st.integers(-1, n - 1), min_size=len(deck), max_size=len(deck)))
    piles = {p: [] for p in players}
    free = []
    for code, who in zip(deck, owners):
        (piles[players[who]] if who >= 0 else free).append(code)
    data = {"rules": rules, "players": players, "dealer": players[0],
            "captured": {p: " ".join(c) for p, c in piles.items()}}
    stop_min = base.stop_minimum[n]
    ending = None
    if n == 3 and draw(st.integers(0, 9)) == 0:
        ending = "chongtong"
    qualified = [p for p in players if min_stop(piles[p], opts) >= stop_min]
    if ending:
        winner = draw(st.sampled_from(players))
        data["events"] = [{"event": "chongtong", "player": winner}]
        data["captured"] = {}
    elif qualified and draw(st.integers(0, 7)) > 0:
        winner = draw(st.sampled_from(qualified))
    else:
        winner = None
    data["winner"] = winner
    losers = [p for p in players if p != winner]
    go = {}
    if winner and not ending:
        room = min_stop(piles[winner], opts) - stop_min
        go[winner] = draw(st.integers(0, min(room, 6)))
        for p in losers:
            go[p] = draw(st.integers(0, 2))
        if n == 3 and all(go[p] for p in losers):
            data["first_go"] = draw(st.sampled_from(losers))
        data["shakes"] = {winner: draw(st.integers(0, 3))}
        data["bombs"] = {winner: draw(st.integers(0, 3))}
        if n == 3 and draw(st.booleans()):
            data["liable"] = {"player": draw(st.sampled_from(losers)),
                              "reason": draw(st.sampled_from(["oe-myeon", "shodang"]))}
            if data["liable"]["reason"] == "oe-myeon" and draw(st.booleans()):
                data["liable"]["last_card"] = draw(st.booleans())
        if draw(st.booleans()):
            data["events"] = [{"event": "first-ppuk", "player": draw(st.sampled_from(players))}]
        holder = next((p for p in players if "9a" in piles[p]), None)
        if holder and opts["sake_cup"] == "either" and draw(st.booleans()):
            data["sake_cup"] = {holder: draw(st.sampled_from(["animal", "junk"]))}
    data["go"] = go
    data["nagari_before"] = draw(st.integers(0, 5))
    if n == 3:
        paying = [c for c in free if c in DROPOUT_PAYING or c.startswith("jk")]
        sitting = []
        for name in OUT_NAMES[:draw(st.integers(0, 4))]:
            mine = draw(st.lists(st.sampled_from(paying), unique=True, max_size=4)) if paying else []
            paying = [c for c in paying if c not in mine]
            sitting.append({"player": name, "cards": " ".join(mine),
                            "forced": draw(st.booleans()), "shake": draw(st.booleans())})
        data["sitting_out"] = sitting
    return data


@SETTINGS
@given(valid_hands())
def test_random_valid_hands_settle_zero_sum(data):
    s = score(copy.deepcopy(data))
    check_invariants(data, s)
    assert s["winner"] == data["winner"]
    assert s["nagari"] is (data["winner"] is None)
    for p in s["payments"]:
        assert p["kind"] in ("hand", "dok-bak", "fixed", "dropout"), p
        assert p["steps"], p
        for step in p["steps"]:
            assert step["rule"] in KNOWN_STEP_RULES, step
        assert p["chips"] == chips_from_steps(p), p
        if p["kind"] in ("hand", "dok-bak"):
            assert p["to"] == data["winner"]
            assert p["from"] != data["winner"]


@SETTINGS
@given(valid_hands())
def test_random_winner_points_match_reference(data):
    winner = data["winner"]
    assume(winner and data["captured"])  # not a chongtong
    s = score(copy.deepcopy(data))
    rules = data["rules"]
    base = PRESETS[rules if isinstance(rules, str) else rules["preset"]]
    over = {} if isinstance(rules, str) else rules
    opts = {k: over.get(k, getattr(base, k)) for k in (
        "four_brights_with_rain", "godori_points", "sake_cup", "vip_points", "palssari_points",
        "jokers")}
    cards = data["captured"][winner].split()
    fixed = (data.get("sake_cup") or {}).get(winner)
    options = [fixed] if fixed and opts["sake_cup"] == "either" else placements(opts)
    allowed = {ref_points(cards, opts, pl) for pl in options}
    got = (s["players"][winner]["points"], s["players"][winner]["stop_points"])
    assert got in allowed, (got, allowed)


# ---- corruptions -------------------------------------------------------------------------
def assert_rejected_cleanly(data, must_fail=False, code=None):
    """score() either settles or raises InvalidHandError with coded problems; nothing else."""
    try:
        s = score(data)
    except InvalidHandError as exc:
        assert exc.problems
        for p in exc.problems:
            assert isinstance(p.code, str) and p.code
            assert isinstance(p.field, str)
            assert isinstance(p.message, str) and p.message
        json.dumps(exc.to_json())
        if code:
            assert code in {p.code for p in exc.problems}, [p.code for p in exc.problems]
        return
    assert not must_fail, f"settled a corrupt hand: {data!r}"
    json.dumps(s)


junk_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(10 ** 20, 10 ** 40)
    | st.floats(allow_nan=True) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                               max_size=3),
    max_leaves=8)

FIELDS = ["rules", "players", "dealer", "winner", "captured", "go", "first_go", "shakes",
          "bombs", "nagari_before", "sake_cup", "liable", "events", "sitting_out",
          "accept_unusual"]


@SETTINGS
@given(valid_hands(), st.sampled_from(FIELDS), junk_values)
def test_corrupt_field_never_crashes(data, field, value):
    data[field] = value
    assert_rejected_cleanly(data)


@SETTINGS
@given(valid_hands(), st.data())
def test_corrupt_nested_value_never_crashes(data, d):
    # replace one nested value (a pile, a count, an event field, ...) with junk
    paths = []

    def walk(node, path):
        if isinstance(node, dict):
            for k, v in node.items():
                paths.append(path + [k])
                walk(v, path + [k])
        elif isinstance(node, list):
            for i, v in enumerate(node):
                paths.append(path + [i])
                walk(v, path + [i])

    walk(data, [])
    path = d.draw(st.sampled_from(paths))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = d.draw(junk_values)
    assert_rejected_cleanly(data)


def _name_slots(data):
    """Every place a hand names a player: (container, key) pairs."""
    slots = [(data, key) for key in ("winner", "dealer", "first_go") if key in data]
    if isinstance(data.get("liable"), dict):
        slots.append((data["liable"], "player"))
    for event in data.get("events") or []:
        slots.append((event, "player"))
    for i in range(len(data["players"])):
        slots.append((data["players"], i))
    return slots


@SETTINGS
@given(valid_hands(), st.data())
def test_another_players_name_never_crashes(data, d):
    # well-typed but wrong: a name field set to another player, at the table or not
    # (once this found first_go naming the winner crashing the dok-bak payment)
    target, key = d.draw(st.sampled_from(_name_slots(data)))
    target[key] = d.draw(st.sampled_from(NAMES + OUT_NAMES[:1] + [None]))
    assert_rejected_cleanly(data)


@SETTINGS
@given(valid_hands(), st.data())
def test_unknown_card_rejected(data, d):
    assume(data["captured"])
    who = d.draw(st.sampled_from(sorted(data["captured"])))
    bad = d.draw(st.sampled_from(["13b", "0j1", "1x", "jk7", "1j3", "b1", "??"]))
    data["captured"][who] = (data["captured"][who] + " " + bad).strip()
    assert_rejected_cleanly(data, must_fail=True)


@SETTINGS
@given(valid_hands(), st.data())
def test_duplicated_card_rejected(data, d):
    assume(data["captured"])
    card = d.draw(st.sampled_from(CODES))
    names = sorted(data["captured"])
    for who in names:  # take the card away from everyone, then give it to two piles
        data["captured"][who] = " ".join(c for c in data["captured"][who].split() if c != card)
    for so in data.get("sitting_out", []):
        so["cards"] = " ".join(c for c in so["cards"].split() if c != card)
    first = d.draw(st.sampled_from(names))
    second = d.draw(st.sampled_from(names))
    data["captured"][first] += " " + card
    data["captured"][second] += " " + card
    assert_rejected_cleanly(data, must_fail=True, code="duplicate-card")


@SETTINGS
@given(valid_hands(), st.sampled_from(["captured", "go", "shakes", "bombs", "sake_cup"]))
def test_unknown_player_rejected(data, field):
    data[field] = dict(data.get(field) or {})
    data[field]["Zed"] = "9a" if field == "captured" else ("animal" if field == "sake_cup" else 1)
    assert_rejected_cleanly(data, must_fail=True)


@SETTINGS
@given(valid_hands(), st.sampled_from(["go", "shakes", "bombs"]),
       st.sampled_from([-1, 21, 99, 10 ** 9, 10 ** 30, -(10 ** 30)]))
def test_absurd_counts_rejected(data, field, value):
    data[field] = {data["players"][0]: value}
    assert_rejected_cleanly(data, must_fail=True)


@SETTINGS
@given(junk_values)
def test_any_json_value_never_crashes(value):
    assert_rejected_cleanly(value, must_fail=not isinstance(value, dict) or "players" not in value)


def test_oversized_pile_rejected_quickly():
    data = {"rules": "pagat", "players": ["Ana", "Bo"], "winner": "Bo",
            "captured": {"Ana": "1b " * 20000, "Bo": ["x" * 1000] * 100}}
    assert_rejected_cleanly(data, must_fail=True)
