"""Any JSON as a hand entry gives a result or a GameError, never another exception."""

from hypothesis import given, settings, strategies as st

from calculator.game import GameConfig, GameError, compute

NAMES = st.sampled_from(["A", "B", "C", "D", "E", "Zed", ""])
SCALAR = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), NAMES,
                   st.sampled_from(["1b", "1r 2r 3r", "play", "drop", "jk1", "13x"]))
JSON = st.recursive(SCALAR, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                    st.dictionaries(NAMES, inner, max_size=4)), max_leaves=12)
KEYS = st.sampled_from(["winner", "captured", "go", "shakes", "bombs", "first_go", "sake_cup", "liable",
                        "events", "choices", "sitting_out", "players", "dealer", "nagari_before", "rules",
                        "accept_unusual"])
ENTRY = st.one_of(JSON, st.dictionaries(KEYS, JSON, max_size=6))
CONFIGS = [GameConfig.from_json({"players": ["A", "B", "C"], "first_dealer": "A"}),
           GameConfig.from_json({"players": ["A", "B", "C", "D", "E"], "first_dealer": "A"})]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(CONFIGS), st.lists(ENTRY, min_size=1, max_size=3))
def test_entries_never_crash(config, entries):
    try:
        compute(config, entries)
    except GameError as exc:
        assert exc.problems and all(p.field and p.message for p in exc.problems)


@settings(max_examples=200, deadline=None)
@given(JSON)
def test_configs_never_crash(data):
    try:
        GameConfig.from_json(data)
    except GameError as exc:
        assert exc.problems
