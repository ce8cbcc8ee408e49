"""Go-Stop (고스톱) score and payment calculator: the pure scoring core.

Public entry point::

    from calculator import score
    settlement = score(hand_json)        # dict, the settlement JSON of DESIGN.md

``score`` raises ``calculator.errors.InvalidHandError`` (with ``.problems`` and
``.to_json()``) when the hand is invalid. Nothing here imports Flask,
SQLAlchemy or WeasyPrint.
"""

from __future__ import annotations

from typing import Any, Mapping

__version__ = "0.1.0"


def score(data: Mapping[str, Any]) -> dict[str, Any]:
    """Validate a hand (DESIGN.md "Hand") and return its settlement JSON (chips).

    Raises InvalidHandError listing every problem at once.
    """
    from .hand import parse_hand
    from .settlement import settle

    return settle(parse_hand(data)).to_json()
