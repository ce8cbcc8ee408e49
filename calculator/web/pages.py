"""HTML pages: the hand page (``/``), the result page (``/result``), the
language switch and the card sprite.

``POST /`` validates with the core; problems are shown beside the player and
card they concern; a valid hand redirects (303) to ``/result?h=<token>``, a
bookmarkable link that carries the hand itself (nothing is stored).
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit

from flask import (Blueprint, Response, abort, make_response, redirect, render_template,
                   request, url_for)
from flask_babel import gettext as _

from .. import score
from ..cards import DECK, JOKERS, MONTHS
from ..errors import InvalidHandError, InvalidRulesError, Problem
from ..rules import OPTION_SPECS, PRESETS, SPECS
from . import cardart, i18n
from .forms import ACTIVE, CHOICE_LABELS, EVENTS, SAKE_LABELS, SHOWN_CODES, HandForm
from .handform import (Placed, rule_text as shown, decode, default_name, encode, form_to_hand,
                       hand_to_formdata, place, sitting_name)
from .preview import counts, form_rules
from .resultview import changed_rules, payment_rule, steps_view

bp = Blueprint("pages", __name__)


def render_hand(form: HandForm, placed: Placed | None = None, status: int = 200):
    placed = placed or Placed()
    try:
        rules = form_rules(form)
    except InvalidRulesError as exc:
        rules = PRESETS["pagat"]
        for p in exc.problems:
            placed.by_section["rules"].append(p)
    piles = counts(form, rules)
    owners: dict[str, tuple[str, str]] = {}  # card -> (section, name) of its first holder
    for prefix, seats, label in (("p", form.players, default_name), ("s", form.sitting, sitting_name)):
        for slot, entry in enumerate(seats):
            name = (entry.form.name.data or "").strip() or label(slot)
            for code in entry.form.cards.data or []:
                owners.setdefault(code, (f"{prefix}{slot}", name))

    def owner_of(code: str, section: str) -> str:
        """The name of another seat holding ``code`` ("" when free or ours)."""
        sec, name = owners.get(code, (section, ""))
        return name if sec != section else ""
    return render_template(
        "hand/form.html", form=form, placed=placed, piles=piles, owner_of=owner_of, shown=shown,
        preset_rules=PRESETS.get(form.preset.data or "pagat", PRESETS["pagat"]),
        deck=DECK, jokers=JOKERS[: len(rules.jokers)], all_jokers=JOKERS, months=MONTHS,
        rules=rules, specs=OPTION_SPECS, presets=PRESETS, events=EVENTS,
        shown_codes=SHOWN_CODES, active=ACTIVE, choice_labels=CHOICE_LABELS, sake_labels=SAKE_LABELS,
        joker_codes={c.code for c in JOKERS[: len(rules.jokers)]},
        sitting_open=any(e.form.name.data or e.form.cards.data for e in form.sitting)
        or any(k.startswith("s") for k, v in placed.by_section.items() if v),
    ), status


@bp.get("/")
def hand():
    form = HandForm(formdata=None)
    token = request.args.get("h")
    if token:
        try:
            data, chip = decode(token)
        except ValueError:
            abort(400, _("This link is damaged: it does not hold a hand."))
        form = HandForm(formdata=hand_to_formdata(data, chip))
    return render_hand(form)


@bp.post("/")
def hand_post():
    form = HandForm()
    if request.form.get("action") == "update" or not form.validate():
        placed = Placed()
        if form.errors and request.form.get("action") != "update":
            _place_form_errors(form, placed)
        return render_hand(form, placed, 422 if placed else 200)
    hand_json, where = form_to_hand(form)
    try:
        score(hand_json)
    except (InvalidHandError, InvalidRulesError) as exc:
        return render_hand(form, place(exc.problems, where), 422)
    token = encode(hand_json, form.chip_value.data)
    return redirect(url_for("pages.result", h=token), 303)


def _place_form_errors(form: HandForm, placed: Placed) -> None:
    """WTForms errors (CSRF, numbers that are not numbers) into page sections."""
    for name, errors in form.errors.items():
        head, _sep, slot = name.partition("_")
        if head in ("players", "sitting") and slot.isdigit():
            section = ("p" if head == "players" else "s") + slot
            for fld, msgs in (errors.items() if isinstance(errors, dict) else [("", errors)]):
                inner = form[name].form
                label = inner[fld].label.text if fld in inner else fld
                for msg in msgs:
                    placed.by_section[section].append(
                        Problem(f"{head}.{slot}.{fld}", "form", f"{label}: {msg}"))
            continue
        if name == "csrf_token":
            msg = _("The form expired or was sent from elsewhere. Send it again.")
            placed.by_section["top"].append(Problem("csrf", "csrf", msg))
            continue
        flat = errors if isinstance(errors, list) else [errors]
        label = form[name].label.text if name in form else name
        for msg in flat:
            section = "rules" if name == "house" else "top" if name == "chip_value" else "ending"
            placed.by_section[section].append(Problem(name, "form", f"{label}: {msg}"))


@bp.get("/result")
def result():
    try:
        hand_json, chip = decode(request.args.get("h", ""))
    except ValueError:
        abort(400, _("This link is damaged: it does not hold a hand."))
    try:
        settlement = score(hand_json)
    except (InvalidHandError, InvalidRulesError) as exc:
        return render_template("hand/bad_link.html", problems=exc.problems), 422
    payments = [dict(p, rows=steps_view(p, settlement), rule=payment_rule(p))
                for p in settlement["payments"]]
    return render_template(
        "hand/result.html", s=settlement, hand=hand_json, payments=payments, chip=chip,
        changed=changed_rules(settlement), token=request.args.get("h"), sake_labels=SAKE_LABELS,
        specs=SPECS,
    )


@bp.get("/lang/<code>")
def set_language(code: str):
    target = request.args.get("next") or url_for("pages.hand")
    parts = urlsplit(target)
    if (parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//")
            or "\\" in target or any(ord(ch) < 32 for ch in target)):
        target = url_for("pages.hand")
    else:  # a ?lang= in the old address would override the new choice
        query = urlencode([(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True)
                           if k != "lang"])
        target = parts.path + (f"?{query}" if query else "")
    response = make_response(redirect(target, 303))
    if code in i18n.LANGS:
        i18n.set_lang_cookie(response, code)
    return response


@bp.get("/cards-<lang>.svg")
def card_sprite(lang: str):
    if lang not in i18n.LANGS:
        abort(404)
    response = Response(cardart.sprite(lang), mimetype="image/svg+xml")
    response.cache_control.public = True
    response.cache_control.max_age = 24 * 3600
    response.add_etag()
    return response.make_conditional(request)
