"""The fewest transfers that settle every debt at the end of a game (RULES.md §8).

With at most 7 players an exact answer is cheap: the minimum number of
transfers equals (players with a non-zero balance) − (the largest number of
disjoint groups whose balances each sum to zero). Each such group is settled
with one transfer fewer than its size, by paying the largest debt to the
largest credit. The group search is a dynamic programme over subsets (2^n).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping


@dataclass(frozen=True, slots=True)
class Transfer:
    """``payer`` gives ``payee`` ``chips`` chips (a positive whole number)."""

    payer: str
    payee: str
    chips: int

    def to_json(self) -> dict:
        return {"from": self.payer, "to": self.payee, "chips": self.chips}


MAX_PLAYERS = 16  # the subset search is 2^n; a table has at most 7


def _zero_sum_groups(names: list[str], amounts: list[int]) -> list[list[int]]:
    """Split indices into the largest number of zero-sum groups."""
    n = len(names)
    full = (1 << n) - 1
    total = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        total[mask] = total[mask ^ low] + amounts[low.bit_length() - 1]
    # best[mask]: most zero-sum groups that mask can be split into (mask sums to 0)
    best = [-1] * (1 << n)
    choice = [0] * (1 << n)
    best[0] = 0
    for mask in range(1, full + 1):
        if total[mask] != 0:
            continue
        low = mask & -mask
        rest = mask ^ low
        sub = rest
        while True:  # groups containing the lowest member of mask
            group = sub | low
            if total[group] == 0 and best[mask ^ group] >= 0 and best[mask ^ group] + 1 > best[mask]:
                best[mask] = best[mask ^ group] + 1
                choice[mask] = group
            if sub == 0:
                break
            sub = (sub - 1) & rest
    groups, mask = [], full
    while mask:
        group = choice[mask]
        groups.append([i for i in range(n) if group >> i & 1])
        mask ^= group
    return groups


def settle_debts(balances: Mapping[str, int]) -> list[Transfer]:
    """The fewest transfers that bring every balance to zero.

    ``balances``: chips per player (positive = is owed, negative = owes); must
    sum to zero, else ValueError. Returns transfers in a stable order (largest
    first within each group). Players with a zero balance take no part.
    """
    if sum(balances.values()) != 0:
        raise ValueError(f"balances do not sum to zero: {dict(balances)}")
    names = [p for p, v in balances.items() if v != 0]
    if len(names) > MAX_PLAYERS:
        raise ValueError(f"at most {MAX_PLAYERS} players with a balance")
    amounts = [balances[p] for p in names]
    transfers: list[Transfer] = []
    for group in _zero_sum_groups(names, amounts):
        left = {names[i]: amounts[i] for i in group}
        while any(left.values()):
            payer = min(left, key=lambda p: (left[p], p))
            payee = max(left, key=lambda p: (left[p], p))
            chips = min(-left[payer], left[payee])
            transfers.append(Transfer(payer, payee, chips))
            left[payer] += chips
            left[payee] -= chips
    return transfers
