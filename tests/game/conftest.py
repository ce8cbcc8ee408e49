import pytest

from calculator.game import GameConfig


@pytest.fixture
def three():
    return GameConfig.from_json({"name": "Seollal", "players": ["Ana", "Bo", "Chul"],
                                 "rules": "pagat", "first_dealer": "Ana",
                                 "length": {"hands": 12}, "chip_value": 100, "currency": "KRW"})


@pytest.fixture
def five():
    return GameConfig.from_json({"name": "Five", "players": list("ABCDE"), "rules": "pagat",
                                 "first_dealer": "A", "length": {"hands": 6}})
