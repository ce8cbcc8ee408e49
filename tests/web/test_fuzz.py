"""No input ever produces a 500: junk forms, junk JSON, junk bytes."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculator.rules import OPTION_SPECS
from .conftest import EXAMPLE, example_form

FIELDS = ["preset", "chip_value", "dealer", "ending", "winner", "first_go", "nagari_before",
          "liable", "liable_reason", "liable_last_card", "accept_unusual", "action"]
for i in range(3):
    FIELDS += [f"players-{i}-{f}" for f in ("name", "cards", "go", "shake", "bomb", "sake", "events")]
for i in range(4):
    FIELDS += [f"sitting-{i}-{f}" for f in ("name", "cards", "forced", "shake")]
for spec in OPTION_SPECS:
    FIELDS += [f"house-{spec.name}", f"house-{spec.name}__2", f"house-{spec.name}__3"]

VALUES = st.one_of(
    st.sampled_from(["", "0", "1", "2", "3", "-1", "99999999999999999999", "1b", "9a", "jk1", "jk6",
                     "11d", "Ana", "stop", "nagari", "chongtong", "three-ppuk", "animal", "junk",
                     "yes", "no", "off", "none", "stop_minimum", "2*stop_minimum", "score", "update",
                     "first-ppuk", "third-ppuk", "oe-myeon", "shodang", "y", "2 3", "1.5", "NaN"]),
    st.text(max_size=30),
)
SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@SETTINGS
@given(st.dictionaries(st.one_of(st.sampled_from(FIELDS), st.text(max_size=10)),
                       st.lists(VALUES, min_size=1, max_size=4), max_size=25))
def test_junk_form_never_500(client, data):
    response = client.post("/", data=data)
    assert response.status_code in (200, 303, 400, 422), response.data[:3000]


@SETTINGS
@given(st.sampled_from(FIELDS), st.lists(VALUES, min_size=1, max_size=3))
def test_example_form_with_one_junk_field_never_500(client, field, values):
    data = example_form()
    data[field] = values
    response = client.post("/", data=data)
    assert response.status_code in (200, 303, 422), response.data[:3000]
    if response.status_code == 303:
        assert client.get(response.headers["Location"]).status_code == 200


@SETTINGS
@given(st.dictionaries(st.sampled_from(FIELDS), st.lists(VALUES, min_size=1, max_size=4), max_size=20))
def test_junk_preview_never_500(client, data):
    response = client.post("/api/preview", data=data)
    assert response.status_code in (200, 422)
    assert response.is_json


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats() | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=20,
)
HAND_KEYS = list(EXAMPLE) + ["first_go", "shakes", "bombs", "nagari_before", "sake_cup", "liable",
                             "events", "sitting_out", "accept_unusual"]


@SETTINGS
@given(JSON)
def test_junk_json_never_500(client, value):
    body = json.dumps(value)
    response = client.post("/api/score", data=body, content_type="application/json")
    assert response.status_code in (200, 400, 422)
    assert response.is_json


@SETTINGS
@given(st.dictionaries(st.sampled_from(HAND_KEYS), JSON, max_size=4))
def test_example_hand_with_junk_fields_never_500(client, changes):
    hand = dict(EXAMPLE, **changes)
    response = client.post("/api/score", data=json.dumps(hand), content_type="application/json")
    assert response.status_code in (200, 422), response.get_json()
    assert response.is_json


@SETTINGS
@given(st.binary(max_size=300))
def test_junk_bytes_never_500(client, body):
    response = client.post("/api/score", data=body, content_type="application/json")
    assert response.status_code in (200, 400, 422)
    assert response.is_json


@SETTINGS
@given(st.dictionaries(st.sampled_from(HAND_KEYS), JSON, max_size=6), JSON)
def test_crafted_result_links_never_500(client, changes, chip):
    from calculator.web.handform import encode

    token = encode(dict(EXAMPLE, **changes), chip if isinstance(chip, int) else None)
    assert client.get(f"/result?h={token}").status_code in (200, 422)
    assert client.get(f"/?h={token}").status_code in (200, 400)
