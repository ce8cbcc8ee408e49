"""Errors of the game ledger. Every problem names the field it concerns.

Fields are dotted paths: ``players``, ``lot.cards.Ana``, ``hands[3].choices.Dan``
(hand numbers are 1-based, as shown to people).
"""

from __future__ import annotations

from ..errors import CalculatorError, Problem


class GameError(CalculatorError, ValueError):
    """A game config or a hand of a game that cannot be accepted.

    ``problems`` lists every problem (``Problem(field, code, message)``);
    ``to_json()`` gives ``{"errors": [{"field", "code", "message"}]}``.
    """

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("; ".join(p.message for p in self.problems))

    def to_json(self) -> dict:
        return {"errors": [p.to_json() for p in self.problems]}


def problem(field: str, code: str, message: str) -> GameError:
    """A GameError with a single problem."""
    return GameError([Problem(field, code, message)])
