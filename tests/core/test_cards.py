"""Cards and their codes (RULES.md §1)."""

import pytest

from calculator.cards import BY_CODE, DECK, JOKERS, Kind, Ribbon, format_cards, parse_card, parse_cards, sort_cards
from calculator.errors import UnknownCardError


def test_deck_totals():
    kinds = [c.kind for c in DECK]
    assert len(DECK) == 48
    assert kinds.count(Kind.BRIGHT) == 5
    assert kinds.count(Kind.ANIMAL) == 9
    assert kinds.count(Kind.RIBBON) == 10
    assert kinds.count(Kind.JUNK) == 24
    assert sum(c.junk_value for c in DECK) == 22 + 2 * 2  # 22 plain junk, 11d and 12d worth 2 each
    assert len({c.code for c in DECK}) == 48
    assert all(sum(1 for c in DECK if c.month == m) == 4 for m in range(1, 13))
    assert [j.code for j in JOKERS] == ["jk1", "jk2", "jk3", "jk4", "jk5", "jk6"]


@pytest.mark.parametrize(
    "code, kind, month",
    [
        pytest.param("1b", Kind.BRIGHT, 1, id="crane"),
        pytest.param("9a", Kind.ANIMAL, 9, id="sake-cup"),
        pytest.param("11d", Kind.JUNK, 11, id="double-junk-paulownia"),
        pytest.param("12d", Kind.JUNK, 12, id="double-junk-lightning"),
        pytest.param("12b", Kind.BRIGHT, 12, id="rain-man"),
        pytest.param("12r", Kind.RIBBON, 12, id="rain-ribbon"),
        pytest.param("jk3", Kind.JOKER, 0, id="joker"),
    ],
)
def test_card_kinds(code, kind, month):
    card = parse_card(code)
    assert (card.kind, card.month, card.code) == (kind, month, code)


@pytest.mark.parametrize(
    "codes, ribbon",
    [
        pytest.param(("1r", "2r", "3r"), Ribbon.HONGDAN, id="hongdan"),
        pytest.param(("6r", "9r", "10r"), Ribbon.CHEONGDAN, id="cheongdan"),
        pytest.param(("4r", "5r", "7r"), Ribbon.CHODAN, id="chodan"),
        pytest.param(("12r",), Ribbon.PLAIN, id="12r-in-no-set"),
    ],
)
def test_ribbon_colours(codes, ribbon):
    assert {BY_CODE[c].ribbon for c in codes} == {ribbon}


def test_godori_birds_exclude_swallow():
    assert [c.code for c in DECK if c.bird] == ["2a", "4a", "8a"]
    assert not BY_CODE["12a"].bird


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("1b 9a 11d", id="spaces"),
        pytest.param("1B, 9A,11D", id="commas-upper-case"),
        pytest.param(["1b", " 9a", "11D"], id="list"),
        pytest.param("  1b\n9a\t11d ", id="whitespace"),
    ],
)
def test_parse_round_trip(text):
    cards = parse_cards(text)
    assert format_cards(cards) == "1b 9a 11d"
    assert parse_cards(format_cards(cards)) == cards


def test_every_code_round_trips():
    for card in DECK + JOKERS:
        assert parse_card(card.code.upper()) is card
        assert format_cards(parse_cards(card.code)) == card.code


@pytest.mark.parametrize("code", ["13b", "1x", "", "jk7", "9 a", "1j3"])
def test_unknown_card_names_the_code(code):
    with pytest.raises(UnknownCardError) as err:
        parse_cards([code])
    assert err.value.code == code.strip()
    assert repr(code.strip()) in str(err.value)


def test_sort_cards_deck_order():
    assert format_cards(sort_cards(parse_cards("jk1 12d 1j2 1b 1r 1j1 2a"))) == "1b 1r 1j1 1j2 2a 12d jk1"
