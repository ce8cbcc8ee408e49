"""Games stored with SQLAlchemy: versions, conflicts, history, import/export, access."""

import threading

import pytest

from calculator.game import GameError
from calculator.storage import ConflictError, GameNotFound, Store

from .conftest import GAME


def win(winner, losers):
    junk = ["1j1", "2j1"]
    return {"winner": winner, "captured": {winner: "1r 2r 3r", **{p: junk[i] for i, p in enumerate(losers)}}}


NAGARI = {"winner": None, "captured": {"Ana": "", "Bo": "", "Chul": ""}}


def test_create_and_load(store):
    c = store.create_game(GAME, pin="2468")
    assert len(c.id) >= 20 and len(c.edit_key) >= 30 and c.id != c.edit_key
    g = store.load(c.id)
    assert g.version == 1 and g.entries == [] and g.config.name == "설날 Seollal"
    assert g.ledger.next.dealer == "Ana" and g.has_pin
    assert store.create_game(GAME).id != c.id


def test_add_edit_delete_recompute_and_versions(store):
    c = store.create_game(GAME)
    g = store.add_hand(c.id, win("Bo", ["Ana", "Chul"]), 1)
    g = store.add_hand(c.id, NAGARI, g.version)
    g = store.add_hand(c.id, win("Chul", ["Ana", "Bo"]), g.version)
    assert g.version == 4
    loaded = store.load(c.id)
    assert [h.deal.dealer for h in loaded.ledger.hands] == ["Ana", "Bo", "Bo"]
    assert loaded.ledger.totals == {"Ana": -3 - 6, "Bo": 6 - 6, "Chul": -3 + 12}
    g = store.edit_hand(c.id, 1, win("Chul", ["Ana", "Bo"]), 4)
    assert [h.deal.dealer for h in store.load(c.id).ledger.hands] == ["Ana", "Chul", "Chul"]
    g = store.delete_hand(c.id, 2, g.version)  # the nagari goes: no carry for hand 3 (now 2)
    loaded = store.load(c.id)
    assert loaded.version == 6 and len(loaded.entries) == 2
    assert loaded.ledger.hands[1].net == {"Ana": -3, "Bo": -3, "Chul": 6}
    # stored hand JSON was rewritten from the edited hand on
    with store.sessions() as s:
        from sqlalchemy import select
        from calculator.storage.models import HandRow
        rows = s.scalars(select(HandRow).where(HandRow.game_id == c.id).order_by(HandRow.position)).all()
        assert [(r.position, r.hand["dealer"], r.hand["nagari_before"]) for r in rows] == [
            (1, "Ana", 0), (2, "Chul", 0)]
        assert rows[1].settlement["net"] == {"Ana": -3, "Bo": -3, "Chul": 6}


def test_stale_version_gets_a_clear_conflict(store):
    c = store.create_game(GAME)
    store.add_hand(c.id, win("Bo", ["Ana", "Chul"]), 1)
    with pytest.raises(ConflictError) as err:
        store.add_hand(c.id, win("Ana", ["Bo", "Chul"]), 1)  # the second phone still had version 1
    assert "changed by someone else" in str(err.value) and (err.value.expected, err.value.current) == (1, 2)
    g = store.load(c.id)
    assert g.version == 2 and len(g.entries) == 1


def test_concurrent_edits_one_wins_one_conflicts(store):
    c = store.create_game(GAME)
    barrier = threading.Barrier(2)
    results = []

    def phone(entry):
        other = Store(engine=store.engine)
        barrier.wait()
        try:
            other.add_hand(c.id, entry, 1)
            results.append("ok")
        except ConflictError:
            results.append("conflict")

    threads = [threading.Thread(target=phone, args=(win(w, [p for p in ["Ana", "Bo", "Chul"] if p != w]),))
               for w in ("Bo", "Chul")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["conflict", "ok"]
    g = store.load(c.id)
    assert g.version == 2 and len(g.entries) == 1


def test_invalid_hand_stores_nothing(store):
    c = store.create_game(GAME)
    with pytest.raises(GameError) as err:
        store.add_hand(c.id, {"winner": "Bo", "captured": {"Bo": "1r 1r"}}, 1)
    assert err.value.problems[0].field.startswith("hands[1].")
    g = store.load(c.id)
    assert g.version == 1 and g.entries == [] and len(store.history(c.id)) == 1


def test_no_such_hand_or_game(store):
    c = store.create_game(GAME)
    with pytest.raises(GameError, match="there is no hand 3"):
        store.edit_hand(c.id, 3, NAGARI, 1)
    with pytest.raises(GameNotFound):
        store.load("nope")
    with pytest.raises(GameNotFound):
        store.add_hand("nope", NAGARI, 1)


def test_oversized_hand_is_refused(store):
    c = store.create_game(GAME)
    with pytest.raises(GameError) as err:
        store.add_hand(c.id, {"winner": None, "note": "x" * 70000}, 1)
    assert err.value.problems[0].code == "too-large"


def test_history_replays_every_version(store):
    c = store.create_game(GAME)
    a, b, n = win("Bo", ["Ana", "Chul"]), win("Chul", ["Ana", "Bo"]), NAGARI
    store.add_hand(c.id, a, 1)
    store.add_hand(c.id, n, 2)
    store.edit_hand(c.id, 2, b, 3)
    store.delete_hand(c.id, 1, 4)
    hist = store.history(c.id)
    assert [(h["version"], h["action"], h["position"]) for h in hist] == [
        (1, "create", None), (2, "add", 1), (3, "add", 2), (4, "edit", 2), (5, "delete", 1)]
    assert hist[3]["before"] == n and hist[3]["after"] == b
    assert [store.replay(c.id, v)[1] for v in range(1, 6)] == [[], [a], [a, n], [a, b], [b]]


def test_export_import_round_trip(store):
    c = store.create_game(GAME)
    store.add_hand(c.id, win("Bo", ["Ana", "Chul"]), 1)
    store.add_hand(c.id, NAGARI, 2)
    data = store.export_game(c.id)
    assert data["format"] == "gostop-game" and len(data["hands"]) == 2
    copy = store.import_game(data)
    assert copy.id != c.id
    again = store.export_game(copy.id)
    assert {k: v for k, v in again.items() if k != "created_at"} == {
        k: v for k, v in data.items() if k != "created_at"}
    assert store.load(copy.id).ledger.totals == store.load(c.id).ledger.totals
    assert store.history(copy.id)[0]["action"] == "import"


def test_import_checks_the_hands(store):
    with pytest.raises(GameError) as err:
        store.import_game({"format": "gostop-game", "game": GAME, "hands": [{"winner": "Zed"}]})
    assert err.value.problems[0].field.startswith("hands[1]")
    with pytest.raises(GameError):
        store.import_game({"game": GAME})
    assert store.list_games() == []


def test_edit_access_by_key_or_pin(store):
    c = store.create_game(GAME, pin="2468")
    other = store.create_game(GAME)
    assert store.can_edit(c.id, c.edit_key)
    assert store.can_edit(c.id, "2468")
    assert not store.can_edit(c.id, "1357")
    assert not store.can_edit(c.id, other.edit_key)
    assert not store.can_edit(c.id, None) and not store.can_edit(c.id, "")
    assert not store.can_edit("nope", c.edit_key)
    assert not store.can_edit(other.id, "2468")  # no PIN set there
    with pytest.raises(GameError):
        store.create_game(GAME, pin="12")


def test_list_games_is_for_the_local_cli(store):
    a = store.create_game(GAME)
    store.add_hand(a.id, NAGARI, 1)
    listed = store.list_games()
    assert [(g["id"], g["hands"], g["version"]) for g in listed] == [(a.id, 1, 2)]


def test_tokens_never_look_like_command_line_options(monkeypatch):
    """A game id starting with '-' would read as an option to `gostop game add ID`."""
    import importlib
    import itertools

    store_module = importlib.import_module("calculator.storage.store")

    tokens = itertools.chain(["-abc", "_def", "Ghi"])
    monkeypatch.setattr(store_module.secrets, "token_urlsafe", lambda n: next(tokens))
    assert store_module.new_token(16) == "Ghi"
    monkeypatch.undo()
    assert all(store_module.new_token(16)[0].isalnum() for _ in range(500))
