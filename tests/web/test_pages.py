"""The hand page and the result page without JavaScript (plain form posts)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from calculator.web import create_app
from calculator.web.handform import decode, encode
from .conftest import EXAMPLE, example_form


def _result(client, data):
    response = client.post("/", data=data)
    assert response.status_code == 303, response.data[:2000]
    location = response.headers["Location"]
    assert urlsplit(location).path == "/result"
    page = client.get(location)
    assert page.status_code == 200
    return page.get_data(as_text=True), location


def test_hand_page_has_three_boards_of_48_cards(client):
    html = client.get("/?lang=en").get_data(as_text=True)
    for slot in range(3):
        codes = re.findall(rf'name="players-{slot}-cards" value="([^"]+)"', html)
        assert len(codes) == 48 + 6
        assert codes[:4] == ["1b", "1r", "1j1", "1j2"]
    # Pagat plays two jokers: jk3..jk6 are hidden until a preset needs them.
    assert len(re.findall(r'<label class="t[^"]*" hidden><input[^>]*name="players-\d-cards" value="jk', html)) == 3 * 4


def test_example_hand_result_page(client):
    html, _ = _result(client, dict(example_form(), chip_value="100"))
    assert "Chul → Bo" in html
    amounts = re.findall(r'data-from="([^"]+)" data-to="([^"]+)" data-chips="(\d+)"', html)
    assert amounts == [("Chul", "Bo", "11"), ("Chul", "Bo", "22")]
    nets = dict(re.findall(r'<tr data-player="([^"]+)"><td>[^<]*</td><td class="n[^"]*" data-net="(-?\d+)"', html))
    assert nets == {"Ana": "0", "Bo": "33", "Chul": "-33"}
    assert 'data-money="3300"' in html and 'data-money="-3300"' in html
    assert "pi-bak" in html and "dok-bak" in html and "godori" in html


def test_result_in_korean_shows_korean_terms(client):
    html, location = _result(client, example_form())
    page = client.get(location + "&lang=ko").get_data(as_text=True)
    assert "피박" in page and "독박" in page and "고도리" in page
    assert "칩 합계" in page


def test_house_rule_override_changes_the_result(client):
    data = dict(example_form(), **{"house-godori_points": "3"})
    html, _ = _result(client, data)
    # godori 3 + cheongdan 3 + junk 2 = 8, +1 go = 9; Ana pi-bak 18, Chul 9.
    amounts = re.findall(r'data-chips="(\d+)"', html)
    assert amounts == ["9", "18"]
    assert "1 house rule" in html


def test_card_taken_by_two_players_is_refused_beside_the_card(client):
    data = example_form()
    data["players-0-cards"] = data["players-0-cards"] + ["11d"]  # Bo has 11d too
    response = client.post("/", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    for slot in (0, 1):  # Ana and Bo both see the message and the marked card
        section = html[html.index(f'id="p{slot}"'):html.index(f'id="p{slot + 1}"')]
        assert "11d" in section and 'class="errs"' in section
        assert re.search(rf'<label class="t bad[^"]*"[^>]*><input type="checkbox" name="players-{slot}-cards" value="11d"', section)


def test_missing_winner_is_shown_in_the_ending_section(client):
    data = example_form()
    del data["winner"]
    response = client.post("/", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    ending = html[html.index('id="ending"'):html.index('id="p0"')]
    assert 'data-field="winner"' in ending


def test_go_that_is_not_a_number_is_shown_with_the_player(client):
    data = dict(example_form(), **{"players-1-go": "lots"})
    response = client.post("/", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    section = html[html.index('id="p1"'):html.index('id="p2"')]
    assert 'class="errs"' in section


def test_update_button_shows_counts_without_javascript(client):
    data = dict(example_form(), action="update")
    html = client.post("/", data=data).get_data(as_text=True)
    section = html[html.index('id="p1"'):html.index('id="p2"')]
    assert '<b data-k="points">10</b>' in section
    assert '<b data-k="junk">11</b>' in section


def test_edit_link_refills_the_form(client):
    _, location = _result(client, example_form())
    token = location.split("h=", 1)[1]
    html = client.get(f"/?h={token}").get_data(as_text=True)
    assert 'name="players-1-name" value="Bo"' in html
    assert len(re.findall(r'name="players-1-cards" value="[^"]+" aria-label="[^"]*" checked', html)) == 16


def test_token_round_trip():
    assert decode(encode(EXAMPLE, 100)) == (EXAMPLE, 100)


@pytest.mark.parametrize("token", ["", "abc", "!!!", "x" * 9000, encode({"a": 1})[:-3]])
def test_damaged_result_link_is_400(client, token):
    assert client.get(f"/result?h={token}").status_code == 400
    assert client.get(f"/?h={token}").status_code in (200, 400)


def test_result_link_with_invalid_hand_is_422(client):
    token = encode(dict(EXAMPLE, winner="Nobody"))
    response = client.get(f"/result?h={token}")
    assert response.status_code == 422
    assert b"Nobody" in response.data


def test_csrf_protects_the_hand_form(csrf_app):
    client = csrf_app.test_client()
    assert client.post("/", data=example_form()).status_code == 400
    html = client.get("/").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)
    assert client.post("/", data=dict(example_form(), csrf_token=token)).status_code == 303


def test_language_switch_sets_cookie_and_stays_local(client):
    response = client.get("/lang/ko?next=/result%3Fh%3Dabc")
    assert response.status_code == 303
    assert response.headers["Location"].endswith("/result?h=abc")
    assert "lang=ko" in response.headers["Set-Cookie"]
    assert "한국어" in client.get("/").get_data(as_text=True)
    assert 'lang="ko"' in client.get("/").get_data(as_text=True)
    response = client.get("/lang/en?next=/result%3Fh%3Dabc%26lang%3Dko")
    assert response.headers["Location"].endswith("/result?h=abc")
    for evil in ("https://evil.example/", "//evil.example/x", "/\\evil.example"):
        response = client.get(f"/lang/en?next={evil}")
        assert "evil" not in response.headers["Location"]


def test_card_sprite_has_every_card(client):
    response = client.get("/cards-ko.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    svg = response.get_data(as_text=True)
    assert len(re.findall(r'<symbol id="c', svg)) == 48 + 6
    assert client.get("/cards-xx.svg").status_code == 404


def test_secret_key_is_generated_once_in_the_instance_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("GOSTOP_INSTANCE_PATH", str(tmp_path / "inst"))
    monkeypatch.delenv("GOSTOP_SECRET_KEY", raising=False)
    first = create_app().config["SECRET_KEY"]
    assert (tmp_path / "inst" / "secret_key").read_text().strip() == first
    assert create_app().config["SECRET_KEY"] == first
    assert len(first) == 64


def test_workers_starting_together_share_one_secret_key(tmp_path):
    import multiprocessing

    from calculator.web import _instance_secret

    with multiprocessing.get_context("fork").Pool(6) as pool:
        keys = pool.map(_instance_secret, [tmp_path / "inst"] * 12)
    assert len(set(keys)) == 1
    assert sorted(p.name for p in (tmp_path / "inst").iterdir()) == ["secret_key"]


def test_config_comes_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("GOSTOP_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv("GOSTOP_SECRET_KEY", "from-env")
    app = create_app()
    assert app.config["SECRET_KEY"] == "from-env"
    assert not (tmp_path / "secret_key").exists()


def test_numeric_secret_key_from_the_environment_works(tmp_path, monkeypatch):
    monkeypatch.setenv("GOSTOP_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv("GOSTOP_SECRET_KEY", "123456")
    app = create_app()
    assert app.config["SECRET_KEY"] == "123456"
    assert app.test_client().get("/").status_code == 200


def test_templates_and_static_are_found(app):
    assert app.jinja_loader.searchpath[0].endswith("templates")
    assert app.test_client().get("/static/style.css").status_code == 200


def _payments(html):
    return re.findall(r'data-from="([^"]+)" data-to="([^"]+)" data-chips="(\d+)"', html)


def test_chongtong_ending_pays_the_fixed_amount(client):
    data = {"preset": "pagat", "ending": "chongtong", "winner": "1", "action": "score",
            "players-0-name": "Ana", "players-1-name": "Bo", "players-2-name": "Chul"}
    html, _ = _result(client, data)
    assert _payments(html) == [("Ana", "Bo", "5"), ("Chul", "Bo", "5")]  # Pagat: 5 chips each


def test_forced_dropout_is_paid_by_the_non_dealers(client):
    data = example_form()
    data["players-2-cards"] = [c for c in data["players-2-cards"] if c != "12b"]
    data.update({"sitting-0-name": "Dan", "sitting-0-cards": ["8b", "12b"], "sitting-0-forced": "y"})
    html, _ = _result(client, data)
    # Bo and Chul (not the dealer Ana) pay Dan 2 chips for each of 2 shown cards.
    assert _payments(html)[2:] == [("Bo", "Dan", "4"), ("Chul", "Dan", "4")]
    nets = dict(re.findall(r'data-player="([^"]+)"><td>[^<]*</td><td[^>]*data-net="(-?\d+)"', html))
    assert nets == {"Ana": "0", "Bo": "29", "Chul": "-37", "Dan": "8"}


def test_sitting_out_problem_is_shown_in_that_seat(client):
    data = example_form()
    data.update({"sitting-1-name": "Dan", "sitting-1-cards": ["1b"], "sitting-1-forced": "y"})
    response = client.post("/", data=data)  # 1b is Ana's capture too
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    seat = html[html.index('id="s1"'):html.index('id="s2"')]
    assert 'class="errs"' in seat and "1b" in seat
    assert re.search(r'<label class="t bad[^"]*"[^>]*><input type="checkbox" name="sitting-1-cards" value="1b"', seat)
    ana = html[html.index('id="p0"'):html.index('id="p1"')]
    assert re.search(r'<label class="t bad[^"]*"[^>]*><input type="checkbox" name="players-0-cards" value="1b"', ana)
    assert " open" in html[html.index('id="sitting"') - 40:html.index('id="sitting"') + 40]


def test_nagari_needs_no_winner(client):
    data = example_form()
    data["ending"] = "nagari"
    del data["winner"]
    html, _ = _result(client, data)
    assert _payments(html) == []
    assert "nagari" in html


@pytest.mark.parametrize("fields, expected", [
    pytest.param({"house-godori_points": "3"}, {"godori_points": 3}, id="int"),
    pytest.param({"house-nagari_cap": "off"}, {"nagari_cap": None}, id="cap-off"),
    pytest.param({"house-jokers": "2, 2 3"}, {"jokers": [2, 2, 3]}, id="joker-list"),
    pytest.param({"house-jokers": "none"}, {"jokers": []}, id="no-jokers"),
    pytest.param({"house-meong_bak": "yes", "house-pi_bak_zero_exempt": "no"},
                 {"meong_bak": True, "pi_bak_zero_exempt": False}, id="bools"),
    pytest.param({"house-stop_minimum__2": "5"}, {"stop_minimum": {"2": 5}}, id="per-count"),
    pytest.param({"house-first_ttadak__3": "off", "house-chongtong__2": "2*stop_minimum"},
                 {"first_ttadak": {"3": None}, "chongtong": {"2": "2*stop_minimum"}}, id="fixed"),
    pytest.param({"house-go_bonus": "linear"}, {"go_bonus": "linear"}, id="choice"),
    pytest.param({"house-godori_points": " "}, {}, id="blank-is-preset"),
])
def test_house_rules_form_to_options(app, fields, expected):
    from calculator.web.forms import HandForm
    from calculator.web.handform import house_rules

    with app.test_request_context("/", method="POST", data=dict(fields, preset="korean")):
        assert house_rules(HandForm()) == expected


def test_unusual_hand_is_refused_then_accepted_with_a_warning(client):
    data = dict(example_form(), **{"players-1-go": "8"})  # 10 points cannot follow 8 goes
    response = client.post("/", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert 'data-field="go.Bo"' in html[html.index('id="p1"'):html.index('id="p2"')]
    html, _ = _result(client, dict(data, accept_unusual="y"))
    assert 'id="warnings"' in html and 'data-code="below-go-minimum"' in html


def test_dropout_steps_read_value_times_count(client):
    data = example_form()
    data["players-2-cards"] = [c for c in data["players-2-cards"] if c != "12b"]
    data.update({"sitting-0-name": "Dan", "sitting-0-cards": ["8b", "12b", "jk1"],
                 "sitting-0-forced": "y", "sitting-0-shake": "y"})
    html, _ = _result(client, data)
    # 3 cards x 2 chips, doubled for the shake: 12 chips from Bo and from Chul
    assert _payments(html)[2:] == [("Bo", "Dan", "12"), ("Chul", "Dan", "12")]
    dropout = html[html.index('data-to="Dan"'):]
    assert '<td class="n eff">2 × 3</td><td class="n">6</td>' in dropout
    assert '<td class="n eff">×2</td><td class="n">12</td>' in dropout
    assert "3 cards shown" in dropout


@pytest.mark.parametrize("lang, headline", [
    pytest.param("ko", "<b>두 번 가져간 패</b>: ", id="korean-headline"),
    pytest.param("en", "", id="english-plain"),
])
def test_problems_carry_a_korean_headline_on_the_korean_page(client, lang, headline):
    form = example_form()
    form["players-0-cards"] = form["players-0-cards"] + [form["players-1-cards"][0]]
    page = client.post(f"/?lang={lang}", data=form)
    assert page.status_code == 422
    html = page.get_data(as_text=True)
    card = form["players-1-cards"][0]
    assert f"{headline}card {card} is claimed by both" in html


def test_result_rows_carry_the_running_total(app):
    # points 7, go +1 -> 8, shake x2 -> 16, pi-bak x2 -> 32: each row's total
    # is the chips after that step
    from calculator.web.resultview import steps_view

    payment = {"from": "Bo", "to": "Ana", "chips": 32, "kind": "hand", "steps": [
        {"rule": "points", "value": 7}, {"rule": "go", "add": 1, "go": 1},
        {"rule": "shake", "times": 2, "count": 1},
        {"rule": "pi-bak", "times": 2, "junk": 4, "max": 5}]}
    settlement = {"players": {"Ana": {"combinations": []}}}
    with app.test_request_context("/"):
        rows = steps_view(payment, settlement)
    assert [(r["rule"], r["effect"], r["total"]) for r in rows] == [
        ("points", "= 7", 7), ("go", "+1", 8), ("shake", "×2", 16), ("pi-bak", "×2", 32)]
