"""The fewest transfers that settle every debt (RULES.md §8)."""

import pytest
from hypothesis import given, settings, strategies as st

from calculator.game import settle_debts


def _partitions(items):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in _partitions(rest):
        for i in range(len(part)):
            yield part[:i] + [[first] + part[i]] + part[i + 1:]
        yield [[first]] + part


def _brute_minimum(balances):
    """n − (most zero-sum blocks of any set partition): the known optimum, by brute force."""
    names = [p for p, v in balances.items() if v]
    best = max(sum(1 for b in part) for part in _partitions(names)
               if all(sum(balances[p] for p in b) == 0 for b in part)) if names else 0
    return len(names) - best


def _apply(balances, transfers):
    left = dict(balances)
    for t in transfers:
        assert t.chips > 0 and t.payer != t.payee
        left[t.payer] += t.chips
        left[t.payee] -= t.chips
    return left


@pytest.mark.parametrize("balances, count", [
    pytest.param({"A": 0, "B": 0}, 0, id="all-square"),
    pytest.param({"A": -10, "B": 10}, 1, id="one-pair"),
    pytest.param({"A": -10, "B": 4, "C": 6}, 2, id="one-pays-two"),
    pytest.param({"A": -5, "B": 5, "C": -3, "D": 3}, 2, id="two-pairs-not-three"),
    pytest.param({"A": -7, "B": -3, "C": 2, "D": 5, "E": 3}, 3, id="pair-inside-five"),
    pytest.param({"A": -4, "B": -4, "C": -4, "D": 6, "E": 6}, 4, id="no-zero-subset"),
])
def test_named_cases(balances, count):
    transfers = settle_debts(balances)
    assert len(transfers) == count
    assert all(v == 0 for v in _apply(balances, transfers).values())


def test_greedy_would_use_more():
    # largest-debtor-to-largest-creditor on the whole table needs 4 here; 3 suffice
    balances = {"A": -6, "B": -5, "C": 5, "D": 4, "E": 2}
    transfers = settle_debts(balances)
    assert len(transfers) == 3
    assert {(t.payer, t.payee, t.chips) for t in transfers} >= {("B", "C", 5)}


def test_unbalanced_is_refused():
    with pytest.raises(ValueError, match="do not sum to zero"):
        settle_debts({"A": -1, "B": 2})


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-30, 30), min_size=1, max_size=6))
def test_minimal_and_balanced(values):
    balances = {f"P{i}": v for i, v in enumerate(values)}
    balances["Last"] = -sum(values)
    transfers = settle_debts(balances)
    assert all(v == 0 for v in _apply(balances, transfers).values())
    assert len(transfers) == _brute_minimum(balances)
