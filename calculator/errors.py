"""Distinct error types of the calculator (in the manner of python-chess).

Every problem with input carries a stable ``code``, the ``field`` it concerns
(a dotted path into the hand JSON, such as ``captured.Bo``) and a ``message``
that names the player and the card.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with an input: ``{"field", "code", "message"}``."""

    field: str
    code: str
    message: str

    def to_json(self) -> dict[str, str]:
        return {"field": self.field, "code": self.code, "message": self.message}


class CalculatorError(Exception):
    """Base class of every error the calculator raises on bad input."""


class UnknownCardError(CalculatorError, ValueError):
    """A card code that is not in the deck (RULES.md §1)."""

    def __init__(self, code: str):
        self.code = code
        super().__init__(f"unknown card {code!r}")


class InvalidRulesError(CalculatorError, ValueError):
    """An unknown preset or option, or a bad option value. Carries problems."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("; ".join(p.message for p in self.problems))


class InvalidHandError(CalculatorError, ValueError):
    """A hand that cannot be settled. ``problems`` lists every problem at once."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("; ".join(p.message for p in self.problems))

    def to_json(self) -> dict:
        """The public error shape: ``{"errors": [{"field", "code", "message"}]}``."""
        return {"errors": [p.to_json() for p in self.problems]}
