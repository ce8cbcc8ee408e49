"""Fixtures in the Flask tutorial style: ``app`` and ``client``; plus the
3-player example hand used by the form, API and browser tests."""

from __future__ import annotations

import pytest

from calculator.web import create_app

#: The 3-player example hand (Pagat rules). Bo stops with godori 5 + cheongdan 3
#: + junk 2 (11 junk) = 10 points after one go (+1) = 11. Chul said go too, so
#: Chul is go-bak and pays dok-bak for Ana, who is pi-bak (4 junk): 11 + 22 = 33.
EXAMPLE = {
    "rules": "pagat",
    "players": ["Ana", "Bo", "Chul"],
    "dealer": "Ana",
    "winner": "Bo",
    "captured": {
        "Ana": ["1b", "1r", "5a", "8j1", "8j2", "9j1", "9j2"],
        "Bo": ["2a", "4a", "8a", "6r", "9r", "10r", "3j1", "3j2", "4j1", "4j2",
               "5j1", "5j2", "6j1", "6j2", "7j1", "11d"],
        "Chul": ["3b", "12b", "7a", "10a", "2r", "3r", "12d", "10j1", "10j2", "11j1"],
    },
    "go": {"Bo": 1, "Chul": 1},
}
EXAMPLE_NET = {"Ana": 0, "Bo": 33, "Chul": -33}


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False})
    yield app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def csrf_app(tmp_path):
    """An app with CSRF protection on, as in production."""
    return create_app({"TESTING": True, "SECRET_KEY": "test"})


def example_form(hand: dict = EXAMPLE) -> dict:
    """The example hand as the hand page would post it (without JavaScript)."""
    data: dict = {"preset": "pagat", "ending": "stop", "dealer": "0", "action": "score"}
    for i, name in enumerate(hand["players"]):
        data[f"players-{i}-name"] = name
        data[f"players-{i}-cards"] = list(hand["captured"][name])
        data[f"players-{i}-go"] = str(hand.get("go", {}).get(name, 0))
    data["winner"] = str(hand["players"].index(hand["winner"]))
    return data
