"""Game pages (a ledger of many hands): create, the game page, play-or-drop,
add / edit / delete a hand, end-of-game transfers, PDFs.

Access (issue 4): the game id is an unguessable link that shows the game
read-only (spectators). Editing needs the edit link ``/g/<id>/e/<key>`` or the
game's PIN; either grants this browser edit rights in its signed session.
There is no page that lists games. Every change carries the version the form
was made from; a stale one is refused with 409 and the entry kept.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from flask import (Blueprint, Flask, Response, abort, current_app, flash, redirect,
                   render_template, request, session, url_for)
from flask_wtf import FlaskForm
from wtforms import (IntegerField, PasswordField, SelectField, StringField, TextAreaField)
from wtforms.validators import DataRequired, Length, NumberRange, Optional, Regexp

from ..errors import Problem
from ..game import GameError, play_or_drop, seats_from, waiting_for
from ..rules import PRESETS

bp = Blueprint("games", __name__, url_prefix="/g")
MAX_GRANTS = 40


# -- the store -------------------------------------------------------------------
def init_app(app: Flask) -> None:
    """Pick the database (``DATABASE_URL`` config or env, else the instance
    SQLite file) and add a "Game" link to the navigation."""
    from flask_babel import lazy_gettext as _l

    from . import NAV_LINKS

    if not any(e == "games.new" for e, _ in NAV_LINKS):
        NAV_LINKS.append(("games.new", _l("Game")))
    app.extensions["gostop_store_url"] = (app.config.get("DATABASE_URL")
                                          or os.environ.get("DATABASE_URL")
                                          or f"sqlite:///{Path(app.instance_path) / 'gostop.sqlite3'}")


def store():
    from ..storage import Store

    app = current_app._get_current_object()
    if "gostop_store" not in app.extensions:
        url = app.extensions["gostop_store_url"]
        if url.startswith("sqlite:///"):
            Path(url[len("sqlite:///"):]).parent.mkdir(parents=True, exist_ok=True)
        app.extensions["gostop_store"] = Store(url)
    return app.extensions["gostop_store"]


def load(game_id: str):
    from ..storage import GameNotFound

    try:
        return store().load(game_id)
    except GameNotFound:
        abort(404, "No game at this link. 이 링크에 게임이 없습니다.")
    except GameError as exc:
        # a stored hand that the current rules refuse (e.g. after an upgrade): say which, never a 500
        problems = "; ".join(p.message for p in exc.problems)
        abort(422, "This game can no longer be recomputed. 이 게임을 다시 계산할 수 없습니다. "
                   f"{problems}. Fix the hand with `gostop game edit` or `gostop game delete`.")


def can_edit(game_id: str) -> bool:
    return game_id in session.get("games", [])


def _grant(game_id: str) -> None:
    grants = [g for g in session.get("games", []) if g != game_id]
    session["games"] = (grants + [game_id])[-MAX_GRANTS:]


def require_edit(game_id: str) -> None:
    if not can_edit(game_id):
        abort(403, "Editing this game needs its edit link or PIN. 편집하려면 편집 링크나 PIN이 필요합니다.")


# -- create ----------------------------------------------------------------------
def _choices(*pairs: tuple[str, str]) -> list:
    """(value, label) options, as SelectChoice where WTForms has it (3.3+)."""
    try:
        from wtforms.fields.choices import SelectChoice
    except ImportError:  # older WTForms
        return list(pairs)
    return [SelectChoice(v, label) for v, label in pairs]


class NewGameForm(FlaskForm):
    name = StringField("Name 이름", validators=[Optional(), Length(max=120)], default="Go-Stop")
    players = TextAreaField("Players in seat order, anticlockwise, one a line 자리 순서 (반시계)",
                            validators=[DataRequired()])
    preset = SelectField("Rules 규칙", choices=list(PRESETS), default="pagat")
    house_rules = TextAreaField("House rules (JSON, optional) 집 규칙", validators=[Optional(), Length(max=4000)])
    length = SelectField("Length 길이", default="12", choices=_choices(
        ("12", "12 hands, a year 1년"), ("6", "6 hands 반년"), ("3", "3 hands 한 철"), ("target", "to a target 목표 점수")))
    target = IntegerField("Target chips 목표 칩", validators=[Optional(), NumberRange(1, 100000)])
    chip_value = StringField("Money per chip 칩당 금액", default="100", validators=[DataRequired(), Length(max=12)])
    currency = StringField("Currency 통화", default="KRW", validators=[DataRequired(), Length(max=8)])
    first_dealer = StringField("First dealer 첫 선 (or draw cards below)", validators=[Optional(), Length(max=40)])
    lot_time = SelectField("Lot 패 뽑기", choices=_choices(("night", "night 밤: earliest month"),
                                                        ("day", "day 낮: latest month")))
    lot_cards = StringField("Cards drawn 뽑은 패, e.g. Ana=3b, Bo=1j1", validators=[Optional(), Length(max=400)])
    pin = PasswordField("PIN for editing (optional) 편집 PIN", validators=[Optional(), Regexp(r"^\d{4,12}$", message="4 to 12 digits")])

    def to_json(self) -> tuple[dict, list[Problem]]:
        problems: list[Problem] = []
        rules: Any = self.preset.data
        if (self.house_rules.data or "").strip():
            try:
                extra = json.loads(self.house_rules.data)
                if not isinstance(extra, dict):
                    raise ValueError
                rules = {"preset": self.preset.data, **extra}
            except ValueError:
                problems.append(Problem("house_rules", "bad-json", 'house rules: a JSON object such as {"nagari_cap": 4}'))
        data: dict[str, Any] = {
            "name": self.name.data or "Go-Stop",
            "players": [p.strip() for p in self.players.data.splitlines() if p.strip()],
            "rules": rules, "chip_value": self.chip_value.data, "currency": self.currency.data,
            "length": {"target": self.target.data} if self.length.data == "target" else {"hands": int(self.length.data)},
        }
        if (self.lot_cards.data or "").strip():
            cards = {}
            for item in self.lot_cards.data.split(","):
                name, sep, code = item.partition("=")
                if not sep:
                    problems.append(Problem("lot_cards", "bad-lot", "write the draws as Ana=3b, Bo=1j1"))
                    break
                cards[name.strip()] = code.strip()
            data["lot"] = {"time": self.lot_time.data, "cards": cards}
        if (self.first_dealer.data or "").strip():
            data["first_dealer"] = self.first_dealer.data.strip()
        return data, problems


@bp.route("/new", methods=["GET", "POST"])
def new():
    form = NewGameForm()
    problems: list[Problem] = []
    if form.validate_on_submit():
        data, problems = form.to_json()
        if not problems:
            try:
                created = store().create_game(data, pin=form.pin.data or None)
            except GameError as exc:
                problems = exc.problems
            else:
                _grant(created.id)
                keys = dict(session.get("keys", {}))
                keys[created.id] = created.edit_key  # shown on the game page to share
                session["keys"] = dict(list(keys.items())[-MAX_GRANTS:])
                return redirect(url_for(".show", game_id=created.id), 303)
    status = 422 if problems or form.errors else 200
    return render_template("game/new.html", form=form, problems=problems), status


# -- access ------------------------------------------------------------------------
@bp.get("/<game_id>/e/<key>")
def edit_link(game_id: str, key: str):
    if not store().can_edit(game_id, key):
        abort(403, "This edit link is not valid. 편집 링크가 맞지 않습니다.")
    _grant(game_id)
    response = redirect(url_for(".show", game_id=game_id), 303)
    response.headers["Referrer-Policy"] = "no-referrer"  # the key never leaves in a Referer
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/<game_id>/pin")
def pin(game_id: str):
    load(game_id)
    if not store().can_edit(game_id, request.form.get("pin", "")):
        flash("Wrong PIN. PIN이 틀립니다.")
        return redirect(url_for(".show", game_id=game_id), 303)
    _grant(game_id)
    return redirect(url_for(".show", game_id=game_id), 303)


# -- the game page ---------------------------------------------------------------
@bp.get("/<game_id>")
def show(game_id: str):
    g = load(game_id)
    at = request.args.get("at", type=int)
    if at is not None and at != g.version:  # the game as it was, rebuilt from its history
        if not 1 <= at <= g.version:
            abort(404, f"There is no version {at}.")
        from dataclasses import replace

        from ..game import compute

        config, entries = store().replay(game_id, at)
        g = replace(g, version=at, config=config, entries=entries, ledger=compute(config, entries))
    editable = can_edit(game_id) and at is None
    key = session.get("keys", {}).get(game_id) if editable else None
    return render_template("game/game.html", g=g, led=g.ledger, editable=editable, at=at,
                           edit_key=key, standings=g.ledger.standings(),
                           transfers=g.ledger.transfers())


@bp.get("/<game_id>/tally.pdf")
def tally(game_id: str):
    from ..report import tally_pdf

    g = load(game_id)
    return _pdf(tally_pdf(g.ledger, g.created_at, g.updated_at), f"gostop-{game_id[:8]}.pdf")


@bp.get("/<game_id>/hand/<int:number>.pdf")
def receipt(game_id: str, number: int):
    from ..report import receipt_pdf

    g = load(game_id)
    if not 1 <= number <= len(g.ledger.hands):
        abort(404, f"There is no hand {number}.")
    return _pdf(receipt_pdf(g.ledger, number, g.created_at, g.updated_at), f"gostop-{game_id[:8]}-{number}.pdf")


def _pdf(data: bytes, filename: str) -> Response:
    return Response(data, mimetype="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{filename}"'})


# -- play or drop ------------------------------------------------------------------
def parse_choices(text: str | None) -> dict[str, str]:
    """The round so far as carried in links: ``"1:drop,2:play"`` (seat index, as
    text : choice) -> ``{"1": "drop", "2": "play"}``; anything else is ignored."""
    out: dict[str, str] = {}
    for item in (text or "").split(","):
        seat, _, choice = item.partition(":")
        if seat.isdigit() and choice in ("play", "drop"):
            out[seat] = choice
    return out


def _choices_by_name(g, text: str | None) -> dict[str, str]:
    players = g.config.players
    return {players[int(i)]: c for i, c in parse_choices(text).items() if int(i) < len(players)}


def _choices_text(g, choices: dict[str, str]) -> str:
    return ",".join(f"{g.config.players.index(p)}:{c}" for p, c in choices.items())


@bp.get("/<game_id>/round")
def round_(game_id: str):
    g = load(game_id)
    require_edit(game_id)
    nxt = g.ledger.next
    if nxt is None:
        abort(409, "The game is over. 게임이 끝났습니다.")
    if nxt.active is not None:
        return redirect(url_for(".add", game_id=game_id), 303)
    choices = _choices_by_name(g, request.args.get("c"))
    asking = waiting_for(g.config.players, nxt.dealer, choices)
    rnd = None
    if asking is None:
        try:
            rnd = play_or_drop(g.config.players, nxt.dealer, choices)
        except GameError:
            return redirect(url_for(".round_", game_id=game_id), 303)
    links = {}
    if asking:
        for c in ("play", "drop"):
            links[c] = url_for(".round_", game_id=game_id, c=_choices_text(g, {**choices, asking: c}))
    order = seats_from(g.config.players, nxt.dealer)
    return render_template("game/round.html", g=g, nxt=nxt, order=order, choices=choices,
                           asking=asking, rnd=rnd, links=links,
                           c=_choices_text(g, choices))


# -- add / edit / delete a hand ----------------------------------------------------
def _entry_from_form(g, active: list[str], forced: list[str], choices: dict[str, str]) -> tuple[dict, list[Problem]]:
    """The entry from the hand form, or from its JSON box when that is filled in."""
    raw = (request.form.get("hand_json") or "").strip()
    if raw.startswith(("http://", "https://", "/")):  # a pasted result-page link
        hand = hand_from_link(raw)
        if hand is None:
            return {}, [Problem("hand_json", "bad-link", "that link does not hold a hand (copy the result page's address)")]
        raw = json.dumps(hand)
    if raw:
        try:
            entry = json.loads(raw)
        except json.JSONDecodeError as exc:
            return {}, [Problem("hand_json", "bad-json", f"hand JSON: {exc.msg} (line {exc.lineno})")]
        if not isinstance(entry, dict):
            return {}, [Problem("hand_json", "bad-json", "hand JSON: an object {...}")]
        if choices and "choices" not in entry:
            entry["choices"] = choices
        return entry, []
    winner = request.form.get("winner", "")
    entry: dict[str, Any] = {"winner": None if winner in ("", "nagari") else winner,
                             "captured": {}, "go": {}, "shakes": {}, "bombs": {}}
    problems: list[Problem] = []
    for i, p in enumerate(active):
        entry["captured"][p] = request.form.get(f"cards-{i}", "").strip()
        for key, field in (("go", "go"), ("shakes", "shake"), ("bombs", "bomb")):
            value = request.form.get(f"{field}-{i}", "0").strip() or "0"
            if not value.isdigit() or int(value) > 20:
                problems.append(Problem(f"{field}-{i}", "bad-count", f"{p}: {field} must be a number 0–20"))
            elif int(value):
                entry[key][p] = int(value)
    first_go = request.form.get("first_go")
    if first_go in active:
        entry["first_go"] = first_go
    if choices:
        entry["choices"] = choices
    outs = []
    for j, p in enumerate(forced):
        cards = request.form.get(f"out-cards-{j}", "").strip()
        outs.append({"player": p, "cards": cards, "shake": request.form.get(f"out-shake-{j}") == "on"})
    if outs:
        entry["sitting_out"] = outs
    for key in ("go", "shakes", "bombs"):
        if not entry[key]:
            del entry[key]
    return entry, problems


def hand_from_link(link: str) -> dict | None:
    """The hand inside a hand-page link (``/?h=<token>`` or ``/result?h=<token>``)."""
    from urllib.parse import parse_qs, urlsplit

    from .handform import decode

    token = (parse_qs(urlsplit(link).query).get("h") or [""])[0]
    try:
        return decode(token)[0]
    except ValueError:
        return None


def hand_page_link(g, deal, active: list[str], forced: list[str]) -> str:
    """A link to the hand page, prefilled with this deal's players, dealer,
    rules, carry and dropouts, to tap the cards there."""
    from .handform import encode

    hand: dict[str, Any] = {"rules": g.config.rules, "players": active, "dealer": deal.dealer,
                            "nagari_before": deal.nagari_before, "winner": None,
                            "captured": {p: [] for p in active}}
    if forced:
        hand["sitting_out"] = [{"player": p, "cards": [], "forced": True} for p in forced]
    chip = int(g.config.chip_value) if g.config.chip_value == int(g.config.chip_value) else None
    return url_for("pages.hand", h=encode(hand, chip))


def _hand_context(g, number: int | None, choices: dict[str, str]):
    """Who plays the hand being entered (new: the next deal; edit: hand ``number``)."""
    if number is None:
        deal = g.ledger.next
    else:
        deal = g.ledger.hands[number - 1].deal
    if deal.active is not None:
        return deal, list(deal.active), [], None
    rnd = play_or_drop(g.config.players, deal.dealer, choices)
    return deal, list(rnd.active), list(rnd.forced_out), rnd


@bp.route("/<game_id>/hand", methods=["GET", "POST"])
def add(game_id: str):
    g = load(game_id)
    require_edit(game_id)
    if g.ledger.next is None:
        abort(409, "The game is over. 게임이 끝났습니다.")
    return _hand_page(g, None)


@bp.route("/<game_id>/hand/<int:number>", methods=["GET", "POST"])
def edit(game_id: str, number: int):
    g = load(game_id)
    require_edit(game_id)
    if not 1 <= number <= len(g.entries):
        abort(404, f"There is no hand {number}.")
    return _hand_page(g, number)


def _hand_page(g, number: int | None):
    from ..storage import ConflictError

    entry_before = g.entries[number - 1] if number else None
    if number and request.method == "GET":
        c_text = _choices_text(g, g.ledger.hands[number - 1].round.choices) if g.ledger.hands[number - 1].round else ""
    else:
        c_text = request.values.get("c", "")
    choices = _choices_by_name(g, c_text)
    try:
        deal, active, forced, rnd = _hand_context(g, number, choices)
    except GameError:
        if number is None:
            return redirect(url_for(".round_", game_id=g.id), 303)
        deal, active, forced, rnd = g.ledger.hands[number - 1].deal, [], [], None
    problems: list[Problem] = []
    status = 200
    conflict = None
    if request.method == "POST":
        entry, problems = _entry_from_form(g, active, forced, choices)
        version = request.form.get("version", "")
        if not problems:
            try:
                if not version.isdigit():
                    raise ConflictError(-1, g.version)
                if number is None:
                    store().add_hand(g.id, entry, int(version))
                else:
                    store().edit_hand(g.id, number, entry, int(version))
                return redirect(url_for(".show", game_id=g.id) + "#hands", 303)
            except GameError as exc:
                problems = exc.problems
            except ConflictError as exc:
                conflict = str(exc)
        status = 409 if conflict else 422
        json_text = json.dumps(entry, ensure_ascii=False, indent=1) if entry else request.form.get("hand_json", "")
        values = request.form
    else:
        json_text = json.dumps(entry_before, ensure_ascii=False, indent=1) if entry_before else ""
        values = _form_values(entry_before, active, forced) if entry_before else {}
        linked = hand_from_link("?h=" + request.args["h"]) if request.args.get("h") else None
        if linked is not None:
            json_text = json.dumps(linked, ensure_ascii=False, indent=1)
    return render_template("game/hand.html", g=g, number=number, deal=deal, active=active, forced=forced,
                           rnd=rnd, c=c_text, problems=problems, conflict=conflict, values=values,
                           json_text=json_text, from_link=request.method == "GET" and bool(request.args.get("h")),
                           hand_link=hand_page_link(g, deal, active, forced) if active else None), status


def _form_values(entry: dict, active: list[str], forced: list[str]) -> dict[str, str]:
    values = {"winner": entry.get("winner") or "nagari"}
    captured = entry.get("captured") or {}
    for i, p in enumerate(active):
        cards = captured.get(p, "")
        values[f"cards-{i}"] = " ".join(cards) if isinstance(cards, list) else str(cards)
        values[f"go-{i}"] = str((entry.get("go") or {}).get(p, 0))
        values[f"shake-{i}"] = str((entry.get("shakes") or {}).get(p, 0))
        values[f"bomb-{i}"] = str((entry.get("bombs") or {}).get(p, 0))
    outs = {o.get("player"): o for o in entry.get("sitting_out") or [] if isinstance(o, dict)}
    for j, p in enumerate(forced):
        values[f"out-cards-{j}"] = outs.get(p, {}).get("cards", "")
        if outs.get(p, {}).get("shake"):
            values[f"out-shake-{j}"] = "on"
    return values


@bp.post("/<game_id>/hand/<int:number>/delete")
def delete(game_id: str, number: int):
    from ..storage import ConflictError

    load(game_id)  # 404 for an unknown game
    require_edit(game_id)
    version = request.form.get("version", "")
    try:
        store().delete_hand(game_id, number, int(version) if version.isdigit() else -1)
    except ConflictError as exc:
        abort(409, str(exc))
    except GameError as exc:
        abort(422, "; ".join(p.message for p in exc.problems))
    return redirect(url_for(".show", game_id=game_id) + "#hands", 303)


@bp.get("/<game_id>/history")
def history(game_id: str):
    load(game_id)
    return render_template("game/history.html", game_id=game_id, changes=store().history(game_id))
