"""Game pages: create, spectator vs edit access, play-or-drop, add/edit/delete,
conflicts, PDFs. Storage is a real SQLite file per test."""

import json
import re

import pytest

from calculator.web import create_app


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                       "DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}"})


@pytest.fixture
def client(app):
    return app.test_client()


NEW3 = {"name": "설날", "players": "Ana\nBo\nChul", "preset": "pagat", "length": "3",
        "chip_value": "100", "currency": "KRW", "lot_time": "night", "lot_cards": "Ana=3b, Bo=1j1, Chul=12b",
        "pin": "2468"}


def create(client, **changes):
    r = client.post("/g/new", data={**NEW3, **changes})
    assert r.status_code == 303, r.get_data(as_text=True)
    return r.headers["Location"].rsplit("/", 1)[1]


def edit_key(client, gid):
    html = client.get(f"/g/{gid}").get_data(as_text=True)
    return re.search(rf"/g/{gid}/e/([\w-]+)", html).group(1)


def test_create_and_game_page(client):
    gid = create(client)
    html = client.get(f"/g/{gid}").get_data(as_text=True)
    assert "설날" in html and "data-dealer>Bo<" in html  # 1j1 at night: January deals first
    assert f"/g/{gid}/hand" in html  # the creator may edit


def test_create_problems_are_shown(client):
    r = client.post("/g/new", data={**NEW3, "players": "Ana", "lot_cards": ""})
    assert r.status_code == 422
    assert "a game has 2 to 7 players" in r.get_data(as_text=True)


def test_spectator_reads_but_cannot_edit(app, client):
    gid = create(client)
    other = app.test_client()
    page = other.get(f"/g/{gid}")
    assert page.status_code == 200 and f"/g/{gid}/hand\"" not in page.get_data(as_text=True)
    assert other.post(f"/g/{gid}/hand", data={"version": "1", "winner": "nagari"}).status_code == 403
    assert other.get(f"/g/{gid}/hand").status_code == 403
    assert other.get(f"/g/{gid}/tally.pdf").status_code == 200
    assert other.get("/g/").status_code == 404 and other.get("/g").status_code == 404  # no listing
    assert other.get("/g/not-a-game").status_code == 404
    assert other.get(f"/g/{gid}/e/wrong-key").status_code == 403
    assert other.post(f"/g/{gid}/pin", data={"pin": "1111"}).status_code == 303
    assert other.get(f"/g/{gid}/hand").status_code == 403  # wrong PIN grants nothing


@pytest.mark.parametrize("how", ["edit-link", "pin"])
def test_edit_link_or_pin_grants_editing(app, client, how):
    gid = create(client)
    other = app.test_client()
    if how == "edit-link":
        r = other.get(f"/g/{gid}/e/{edit_key(client, gid)}")
        assert r.status_code == 303 and r.headers["Location"].endswith(f"/g/{gid}")
        assert r.headers["Referrer-Policy"] == "no-referrer"
    else:
        assert other.post(f"/g/{gid}/pin", data={"pin": "2468"}).status_code == 303
    assert other.get(f"/g/{gid}/hand").status_code == 200


def test_add_edit_delete_and_recompute(client):
    gid = create(client)
    # Bo deals: turn order Bo, Chul, Ana
    r = client.post(f"/g/{gid}/hand", data={"version": "1", "winner": "Chul",
                                             "cards-0": "1j1", "cards-1": "1r 2r 3r", "cards-2": "2j1"})
    assert r.status_code == 303
    r = client.post(f"/g/{gid}/hand", data={"version": "2", "winner": "nagari"})
    assert r.status_code == 303
    html = client.get(f"/g/{gid}").get_data(as_text=True)
    assert "data-dealer>Chul<" in html and "data-carry>×2<" in html
    # edit hand 1 with the JSON box: Ana won it instead; hand 2's dealer becomes Ana
    entry = {"winner": "Ana", "captured": {"Ana": "4r 5r 7r"}}
    r = client.post(f"/g/{gid}/hand/1", data={"version": "3", "hand_json": json.dumps(entry)})
    assert r.status_code == 303
    html = client.get(f"/g/{gid}").get_data(as_text=True)
    assert "data-dealer>Ana<" in html
    assert re.search(r'data-total="Ana">\+6<', html)
    r = client.post(f"/g/{gid}/hand/2/delete", data={"version": "4"})
    assert r.status_code == 303
    html = client.get(f"/g/{gid}").get_data(as_text=True)
    assert 'data-hand="2"' not in html and "data-carry" not in html
    hist = client.get(f"/g/{gid}/history").get_data(as_text=True)
    assert hist.count("<tr><td") == 5  # create, add, add, edit, delete


def test_invalid_hand_is_refused_with_the_field(client):
    gid = create(client)
    r = client.post(f"/g/{gid}/hand", data={"version": "1", "winner": "Chul", "cards-1": "1r 1r"})
    assert r.status_code == 422
    assert 'data-field="hands[1].captured.Chul"' in r.get_data(as_text=True)
    r = client.post(f"/g/{gid}/hand", data={"version": "1", "hand_json": "{nope"})
    assert r.status_code == 422 and "hand JSON" in r.get_data(as_text=True)


def test_second_phone_gets_a_conflict(app, client):
    gid = create(client)
    other = app.test_client()
    other.post(f"/g/{gid}/pin", data={"pin": "2468"})
    assert client.post(f"/g/{gid}/hand", data={"version": "1", "winner": "nagari"}).status_code == 303
    r = other.post(f"/g/{gid}/hand", data={"version": "1", "winner": "Chul", "cards-1": "1r 2r 3r"})
    text = r.get_data(as_text=True)
    assert r.status_code == 409 and "changed by someone else" in text
    assert "1r 2r 3r" in text  # the second phone's hand is kept, not lost


def test_play_or_drop_round_and_forced_dropout(client):
    gid = create(client, players="A\nB\nC\nD\nE", lot_cards="", first_dealer="A", length="12")
    assert client.get(f"/g/{gid}/hand").status_code == 303  # a round comes first
    r = client.get(f"/g/{gid}/round")
    assert "<b>B</b>: play or drop" in r.get_data(as_text=True)
    r = client.get(f"/g/{gid}/round?c=1:drop,2:play,3:drop")  # Pagat: E must play
    assert "Playing 참가: <b>A, C, E</b>" in r.get_data(as_text=True)
    r = client.get(f"/g/{gid}/round?c=1:drop,2:play,3:play")  # E forced out
    text = r.get_data(as_text=True)
    assert "Playing 참가: <b>A, C, D</b>" in text and "forced out" in text
    r = client.post(f"/g/{gid}/hand", data={"version": "1", "c": "1:drop,2:play,3:play", "winner": "C",
                                             "cards-0": "1j1", "cards-1": "1r 2r 3r", "cards-2": "2j1",
                                             "out-cards-0": "1b 11d"})
    assert r.status_code == 303
    html = client.get(f"/g/{gid}").get_data(as_text=True)
    assert 'data-total="E">+8<' in html  # 2 cards x 2 chips x 2 non-dealer players


def test_pdfs(client):
    gid = create(client)
    client.post(f"/g/{gid}/hand", data={"version": "1", "winner": "nagari"})
    r = client.get(f"/g/{gid}/tally.pdf")
    assert r.status_code == 200 and r.mimetype == "application/pdf" and r.data.startswith(b"%PDF")
    assert client.get(f"/g/{gid}/hand/1.pdf").status_code == 200
    assert client.get(f"/g/{gid}/hand/2.pdf").status_code == 404


def test_csrf_is_required(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": f"sqlite:///{tmp_path / 'g.db'}"})
    assert app.test_client().post("/g/new", data=NEW3).status_code == 400


def test_hand_page_link_round_trip(client):
    """The hand page is prefilled for the deal; its result link pasted back adds the hand."""
    from calculator.web.handform import decode, encode

    gid = create(client)
    html = client.get(f"/g/{gid}/hand").get_data(as_text=True)
    link = re.search(r'href="(/\?h=[^"]+)" id="hand-page-link"', html).group(1)
    prefill = decode(link.split("h=", 1)[1])[0]
    assert prefill["dealer"] == "Bo" and prefill["players"] == ["Bo", "Chul", "Ana"]
    assert prefill["nagari_before"] == 0 and prefill["rules"] == "pagat"
    assert client.get(link).status_code == 200  # the hand page accepts it
    scored = dict(prefill, winner="Chul", captured={"Chul": ["1r", "2r", "3r"], "Bo": ["1j1"], "Ana": []})
    result_url = "http://localhost/result?h=" + encode(scored, 100)
    r = client.post(f"/g/{gid}/hand", data={"version": "1", "hand_json": result_url})
    assert r.status_code == 303
    html = client.get(f"/g/{gid}").get_data(as_text=True)
    assert re.search(r'data-total="Chul">\+6<', html)
    r = client.post(f"/g/{gid}/hand", data={"version": "2", "hand_json": "http://localhost/result?h=garbage"})
    assert r.status_code == 422 and "does not hold a hand" in r.get_data(as_text=True)
    # a link with the other dealer is refused by the game's flow
    wrong = dict(scored, dealer="Ana")
    r = client.post(f"/g/{gid}/hand", data={"version": "2", "hand_json": "/result?h=" + encode(wrong)})
    assert r.status_code == 422 and 'data-field="hands[2].dealer"' in r.get_data(as_text=True)


def test_finished_game_shows_transfers_and_refuses_more(client):
    gid = create(client)
    for v in (1, 2):
        assert client.post(f"/g/{gid}/hand", data={"version": str(v), "winner": "nagari"}).status_code == 303
    r = client.post(f"/g/{gid}/hand", data={"version": "3", "winner": "Bo", "cards-0": "1r 2r 3r"})
    assert r.status_code == 303
    html = client.get(f"/g/{gid}").get_data(as_text=True)
    assert 'id="over"' in html and "Add hand" not in html
    assert "Ana → Bo: 12 chips 칩 = 1,200 KRW" in html and "Chul → Bo: 12 chips" in html
    assert client.get(f"/g/{gid}/hand").status_code == 409


def test_history_replays_an_old_version(client):
    gid = create(client)
    client.post(f"/g/{gid}/hand", data={"version": "1", "winner": "Chul", "cards-1": "1r 2r 3r"})
    client.post(f"/g/{gid}/hand/1", data={"version": "2", "hand_json": json.dumps(
        {"winner": "Ana", "captured": {"Ana": "4r 5r 7r"}})})
    hist = client.get(f"/g/{gid}/history").get_data(as_text=True)
    assert f"/g/{gid}?at=2" in hist
    then = client.get(f"/g/{gid}?at=2").get_data(as_text=True)
    assert 'id="replay"' in then and re.search(r'data-total="Chul">\+6<', then)
    assert f"/g/{gid}/hand/1" not in then  # a replay is read-only
    now = client.get(f"/g/{gid}").get_data(as_text=True)
    assert re.search(r'data-total="Ana">\+6<', now)
    assert client.get(f"/g/{gid}?at=9").status_code == 404


def test_a_stored_hand_the_rules_now_refuse_gives_422_not_500(app, client):
    """A hand stored under older rules that the current core refuses (say, after an
    upgrade) must give a clear page naming the hand, never a 500."""
    from sqlalchemy import update

    from calculator.storage.models import HandRow
    from calculator.web.games import store

    gid = create(client)
    with app.app_context():
        store().add_hand(gid, {"winner": "Bo", "captured": {"Bo": "1r 2r 3r", "Ana": "1j1", "Chul": "2j1"}}, 1)
        with store().sessions() as s, s.begin():  # as if an older version had stored it
            s.execute(update(HandRow).where(HandRow.game_id == gid)
                      .values(entry={"winner": "Bo", "captured": {"Bo": "1r 2r 3r zz"}}))
    page = client.get(f"/g/{gid}")
    assert page.status_code == 422
    text = page.get_data(as_text=True)
    assert "hand 1" in text and "zz" in text
