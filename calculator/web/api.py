"""The JSON API (CSRF-exempt; bodies up to 64 KB).

- ``POST /api/score``: hand JSON (DESIGN.md) -> settlement JSON (chips).
  400 malformed JSON, 413 body over 64 KB, 422 ``{"errors": [...]}`` for an
  invalid hand (nothing is computed).
- ``POST /api/preview``: the hand page's form fields (form-encoded) -> each
  player's running counts from ``calculator.scoring.score_pile`` (points,
  brights, animals, ribbons, junk value). Used by the page's script for live
  figures, so JavaScript never scores anything itself.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, jsonify, request

from .. import score
from ..errors import CalculatorError, InvalidHandError, InvalidRulesError
from .csrf import csrf
from .errors import error_json
from .forms import HandForm
from .preview import counts, form_rules

bp = Blueprint("api", __name__, url_prefix="/api")
csrf.exempt(bp)


def _problems_json(exc: CalculatorError) -> dict[str, Any]:
    if isinstance(exc, InvalidHandError):
        return exc.to_json()
    problems = getattr(exc, "problems", None)
    if problems:
        return {"errors": [p.to_json() for p in problems]}
    return {"errors": [{"field": "", "code": "invalid", "message": str(exc)}]}


def read_json() -> Any:
    """The request body as JSON. Raises ValueError with a readable reason."""
    raw = request.get_data(cache=False)
    if not raw.strip():
        raise ValueError("the request body is empty; send the hand as JSON")
    try:
        return json.loads(raw)
    except UnicodeDecodeError:
        raise ValueError("the request body is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise ValueError("malformed JSON: nested too deeply") from None


@bp.post("/score")
def score_hand():
    """Hand JSON in, settlement JSON out."""
    try:
        data = read_json()
    except ValueError as exc:
        return error_json(400, "malformed-json", str(exc))
    try:
        return jsonify(score(data))
    except CalculatorError as exc:
        return jsonify(_problems_json(exc)), 422


@bp.post("/preview")
def preview():
    """Running counts per player slot for the hand page (form-encoded body)."""
    form = HandForm(meta={"csrf": False})
    try:
        rules = form_rules(form)
    except InvalidRulesError as exc:
        return jsonify(_problems_json(exc)), 422
    return jsonify({"jokers": len(rules.jokers), "piles": counts(form, rules)})
