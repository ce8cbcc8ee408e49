"""POST /api/score and /api/preview: every status code of the contract."""

from __future__ import annotations

import json

import pytest

from .conftest import EXAMPLE, EXAMPLE_NET


def test_score_example_hand(client):
    response = client.post("/api/score", json=EXAMPLE)
    assert response.status_code == 200
    body = response.get_json()
    assert body["winner"] == "Bo"
    assert body["net"] == EXAMPLE_NET
    assert [(p["from"], p["to"], p["chips"], p["kind"]) for p in body["payments"]] == [
        ("Chul", "Bo", 11, "hand"), ("Chul", "Bo", 22, "dok-bak")]
    assert body["players"]["Bo"]["points"] == 10


def test_score_accepts_body_without_json_content_type(client):
    response = client.post("/api/score", data=json.dumps(EXAMPLE), content_type="text/plain")
    assert response.status_code == 200
    assert response.get_json()["net"] == EXAMPLE_NET


@pytest.mark.parametrize("body", [
    pytest.param(b"{", id="truncated"),
    pytest.param(b"", id="empty"),
    pytest.param(b"{'players': []}", id="single-quotes"),
    pytest.param(b"\xff\xfe\x00", id="not-utf8"),
    pytest.param(b"[" * 100000, id="deeply-nested"),
])
def test_malformed_json_is_400_with_json_body(client, body):
    response = client.post("/api/score", data=body[:60000], content_type="application/json")
    assert response.status_code == 400
    error = response.get_json()["errors"][0]
    assert error["code"] == "malformed-json"
    assert error["message"]


def test_body_over_64_kb_is_413_with_json_body(client):
    hand = dict(EXAMPLE, padding="x" * (64 * 1024))
    response = client.post("/api/score", json=hand)
    assert response.status_code == 413
    assert response.get_json()["errors"][0]["code"] == "request-entity-too-large"


def test_body_just_under_limit_is_read(client):
    hand = dict(EXAMPLE, padding="x" * (60 * 1024))
    response = client.post("/api/score", json=hand)
    assert response.status_code == 422  # read and validated: "padding" is an unknown field
    fields = [e["field"] for e in response.get_json()["errors"]]
    assert "padding" in fields


def test_card_claimed_twice_is_422_naming_card_and_player(client):
    hand = json.loads(json.dumps(EXAMPLE))
    hand["captured"]["Ana"].append("11d")
    response = client.post("/api/score", json=hand)
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    dup = [e for e in errors if e["code"] == "duplicate-card"]
    assert dup and "11d" in dup[0]["message"]
    assert dup[0]["field"].startswith("captured.")


@pytest.mark.parametrize("change, field, code", [
    pytest.param({"winner": "Dan"}, "winner", "winner-not-playing", id="winner-not-playing"),
    pytest.param({"rules": "poker"}, "rules", "unknown-preset", id="unknown-preset"),
    pytest.param({"players": ["Ana"]}, "players", "player-count", id="one-player"),
])
def test_invalid_hand_is_422(client, change, field, code):
    response = client.post("/api/score", json=dict(EXAMPLE, **change))
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert any(e["code"] == code and e["field"].startswith(field) for e in errors), errors


@pytest.mark.parametrize("body", [[], 3, "hand", None, {"players": "Ana"}],
                         ids=["list", "number", "string", "null", "players-string"])
def test_json_that_is_not_a_hand_is_422(client, body):
    response = client.post("/api/score", data=json.dumps(body), content_type="application/json")
    assert response.status_code == 422
    assert response.get_json()["errors"]


def test_wrong_method_is_json_405(client):
    response = client.get("/api/score")
    assert response.status_code == 405
    assert response.get_json()["errors"][0]["code"] == "method-not-allowed"


def test_unknown_api_path_is_json_404(client):
    response = client.get("/api/nothing")
    assert response.status_code == 404
    assert response.is_json


def test_api_is_not_blocked_by_csrf(csrf_app):
    response = csrf_app.test_client().post("/api/score", json=EXAMPLE)
    assert response.status_code == 200


def test_preview_counts_per_slot(client):
    data = {"preset": "pagat", "players-0-cards": ["2a", "4a", "8a", "1b", "3b", "8b", "jk2"],
            "players-1-cards": ["11d", "12d", "1j1"]}
    response = client.post("/api/preview", data=data)
    assert response.status_code == 200
    body = response.get_json()
    assert body["jokers"] == 2
    p0, p1 = body["piles"]["0"], body["piles"]["1"]
    assert (p0["points"], p0["brights"], p0["animals"], p0["junk"]) == (8, 3, 3, 3)
    assert (p1["points"], p1["junk"], p1["cards"]) == (0, 5, 3)


def test_preview_bad_house_rule_is_422(client):
    response = client.post("/api/preview", data={"preset": "pagat", "house-godori_points": "lots"})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["field"] == "rules.godori_points"
