"""Korean/English switch (Flask-Babel) and the game's terms in both languages.

The language comes from ``?lang=``, then the ``lang`` cookie (set by
``/lang/<code>``, and by a page opened with ``?lang=``, so the choice carries on
to the next page), then the browser's Accept-Language; English otherwise.
Game terms (rule ids such as ``gwang-bak``) come from ``calculator.terms.TERMS``;
this module only chooses which language to show first.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask, Response, request
from flask_babel import Babel, format_decimal, get_locale
from markupsafe import Markup

from ..cards import BY_CODE, MONTHS
from ..terms import TERMS, problem_headline

LANGS = ("ko", "en")
COOKIE = "lang"
babel = Babel()


def select_locale() -> str:
    lang = request.args.get("lang") or request.cookies.get(COOKIE)
    if lang in LANGS:
        return lang
    return request.accept_languages.best_match(LANGS) or "en"


def remember_lang(response: Response) -> Response:
    """A page opened with ``?lang=ko`` (a shared link, say) keeps that language
    on the pages after it, as the switch does."""
    chosen = request.args.get("lang")
    if chosen in LANGS and request.cookies.get(COOKIE) != chosen and response.status_code < 400:
        set_lang_cookie(response, chosen)
    return response


def set_lang_cookie(response: Response, code: str) -> None:
    response.set_cookie(COOKIE, code, max_age=365 * 24 * 3600, samesite="Lax")


def lang() -> str:
    return str(get_locale() or "en")[:2]


def term_text(rule_id: str, which: str | None = None) -> str:
    """The rule's name in ``which`` language (default: the page's)."""
    entry = TERMS.get(rule_id) or {}
    return entry.get(which or lang()) or entry.get("en") or rule_id


def term(rule_id: str) -> Markup:
    """The rule's name in the page language, with the other language after it."""
    first = lang()
    other = "en" if first == "ko" else "ko"
    a, b = term_text(rule_id, first), term_text(rule_id, other)
    if a == b:
        return Markup('<span class="term">%s</span>') % a
    return Markup('<span class="term">%s <small lang="%s">%s</small></span>') % (a, other, b)


def card_name(code: str) -> str:
    """``3월 벚꽃 광 (벚꽃 광)`` / ``March cherry: curtain``."""
    card = BY_CODE[code]
    if card.month == 0:
        return card.name_ko if lang() == "ko" else card.name_en
    month = MONTHS[card.month - 1]
    if lang() == "ko":
        return f"{card.month}월 {month.flower_ko} {card.name_ko}"
    return f"{month.flower_en} ({card.month}) {card.name_en}"


def month_name(number: int) -> str:
    month = MONTHS[number - 1]
    return month.flower_ko if lang() == "ko" else month.flower_en


def number(value) -> str:
    return format_decimal(value)


def init_app(app: Flask) -> None:
    app.config.setdefault(
        "BABEL_TRANSLATION_DIRECTORIES", str(Path(__file__).with_name("translations"))
    )
    babel.init_app(app, locale_selector=select_locale)
    app.after_request(remember_lang)
    app.jinja_env.globals.update(
        term=term, term_text=term_text, card_name=card_name, month_name=month_name,
        lang=lang, LANGS=LANGS, problem_headline=problem_headline,
    )
    app.jinja_env.filters["number"] = number
