"""Printable PDFs of a game (A4), made with WeasyPrint and the bundled Korean font.

The only module that imports WeasyPrint. HTML comes from ``templates/report/``
(Jinja2), the font from ``static/fonts/NanumGothic*.ttf`` (SIL OFL), so the
output never depends on the machine's fonts.

- ``tally_pdf(ledger, created_at, updated_at) -> bytes``: the month × players
  table in chips with running totals, standings with money, the fewest
  transfers, a chart of running totals, the rules used.
- ``receipt_pdf(ledger, number, ...) -> bytes``: one hand's settlement with
  every payment's steps (rule ids and Korean terms).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from ..explain import describe_step
from ..game import Ledger
from ..terms import term
from .chart import running_totals_svg

_PACKAGE = Path(__file__).resolve().parents[1]


def resource_dir(name: str) -> Path:
    """``templates`` or ``static``: in the installed package first, else the checkout."""
    for base in (_PACKAGE, _PACKAGE.parent):
        if (base / name).is_dir():
            return base / name
    return _PACKAGE.parent / name


FONT_DIR = resource_dir("static") / "fonts"
FONT_NAME = "NanumGothic"
RULE_SUMMARY = ("stop_minimum", "go_bonus", "bomb_multiplier", "nagari_cap", "pi_bak_max",
                "pi_bak_zero_exempt", "empty_pile_exempt", "jokers", "dropout_chips")


def money(value: Decimal | int, currency: str) -> str:
    """``1,200 KRW`` (whole amounts without decimals)."""
    value = Decimal(value)
    text = f"{value:,.0f}" if value == value.to_integral() else f"{value:,.2f}"
    return f"{text} {currency}"


@lru_cache(maxsize=1)
def _env() -> Environment:
    env = Environment(loader=FileSystemLoader(str(resource_dir("templates"))),
                      autoescape=select_autoescape(["html"]), trim_blocks=True, lstrip_blocks=True)
    env.globals.update(term=term, describe_step=describe_step, money=money,
                       font_dir=FONT_DIR.as_uri(), font_name=FONT_NAME)
    env.filters["signed"] = lambda v: f"{v:+d}" if v else "0"
    return env


def _rules_summary(ledger: Ledger) -> dict[str, Any]:
    rs = ledger.config.ruleset.to_json()
    return {"name": rs["name"], "overrides": ({k: v for k, v in ledger.config.rules.items() if k != "preset"}
                                              if isinstance(ledger.config.rules, dict) else {}),
            "values": {k: rs[k] for k in RULE_SUMMARY}}


def _context(ledger: Ledger, created_at: datetime | None, updated_at: datetime | None) -> dict:
    return {"ledger": ledger, "config": ledger.config, "created_at": created_at,
            "updated_at": updated_at, "rules": _rules_summary(ledger),
            "printed_at": datetime.now().astimezone()}


def tally_html(ledger: Ledger, created_at: datetime | None = None,
               updated_at: datetime | None = None) -> str:
    """The HTML of the game tally (see ``tally_pdf``)."""
    ctx = _context(ledger, created_at, updated_at)
    labels = [f"{h.deal.month.number}월" for h in ledger.hands]
    ctx.update(standings=ledger.standings(), transfers=ledger.transfers(),
               chart=running_totals_svg(ledger.running(), labels))
    return _env().get_template("report/tally.html").render(ctx)


def receipt_html(ledger: Ledger, number: int, created_at: datetime | None = None,
                 updated_at: datetime | None = None) -> str:
    """The HTML of hand ``number``'s receipt (1-based). Raises IndexError."""
    if not 1 <= number <= len(ledger.hands):
        raise IndexError(f"there is no hand {number}")
    ctx = _context(ledger, created_at, updated_at)
    ctx["h"] = ledger.hands[number - 1]
    return _env().get_template("report/receipt.html").render(ctx)


def html_to_pdf(html: str) -> bytes:
    """Render HTML (A4, fonts from static/fonts) to PDF bytes with WeasyPrint."""
    from weasyprint import HTML  # imported here: only the report layer needs it

    return HTML(string=html, base_url=str(FONT_DIR)).write_pdf()


def tally_pdf(ledger: Ledger, created_at: datetime | None = None,
              updated_at: datetime | None = None) -> bytes:
    """The game tally as A4 PDF bytes."""
    return html_to_pdf(tally_html(ledger, created_at, updated_at))


def receipt_pdf(ledger: Ledger, number: int, created_at: datetime | None = None,
                updated_at: datetime | None = None) -> bytes:
    """Hand ``number``'s receipt as A4 PDF bytes."""
    return html_to_pdf(receipt_html(ledger, number, created_at, updated_at))
