"""A game of many hands (RULES.md §7–§8): pure, no I/O.

- ``GameConfig.from_json(data)``: players in seat order, rules, length, chip value, lot.
- ``compute(config, entries) -> Ledger``: dealer, nagari carry, play-or-drop,
  each hand settled with ``calculator.score``, running totals, standings, end.
- ``play_or_drop`` / ``waiting_for``: the gwangpalli round (RULES.md §7).
- ``draw_lot``: the first dealer (RULES.md §8).
- ``settle_debts``: the fewest transfers that settle every debt.
"""

from .config import GameConfig
from .errors import GameError
from .ledger import (ENTRY_KEYS, Deal, HandResult, Ledger, Standing, build_hand, compute,
                     first_deal, month_of)
from .lot import draw_lot
from .rounds import Round, choices_for_active, play_or_drop, seats_from, waiting_for
from .transfers import Transfer, settle_debts

__all__ = ["GameConfig", "GameError", "ENTRY_KEYS", "Deal", "HandResult", "Ledger", "Standing",
           "build_hand", "compute", "first_deal", "month_of", "draw_lot", "Round",
           "choices_for_active", "play_or_drop", "seats_from", "waiting_for", "Transfer",
           "settle_debts"]
