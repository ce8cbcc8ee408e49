"""WTForms forms of the hand page (Flask-WTF, CSRF-protected).

Field names are short and stable because the page works without JavaScript
(plain checkboxes and a submit button): ``p-0-name``, ``p-0-cards`` (one
checkbox per card code), ``p-0-go``…, ``s-0-…`` for players sitting out,
``r-<option>`` for house rules. The form only collects input;
``calculator.web.handform`` turns it into the hand JSON and the core validates it.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (BooleanField, Field, Form, FormField, IntegerField,
                     RadioField, SelectField, SelectMultipleField, StringField)
from wtforms.validators import NumberRange, Optional

from ..cards import DECK, JOKERS, Kind
from ..rules import OPTION_SPECS, PRESETS

ACTIVE = 3          # active player slots (2 or 3 are filled in)
SITTING = 4         # sitting-out slots (4 to 7 at the table)
CARD_CODES = [c.code for c in DECK + JOKERS]
#: cards a forced dropout shows (RULES.md §7): brights, 9a, 11d, 12d, jokers
SHOWN_CODES = [c.code for c in DECK if c.kind is Kind.BRIGHT or c.code in ("9a", "11d", "12d")] \
    + [c.code for c in JOKERS]
EVENTS = ("first-ppuk", "second-ppuk", "third-ppuk", "first-ttadak")
ENDINGS = ("stop", "nagari", "chongtong", "three-ppuk")


class CardsField(SelectMultipleField):
    """Card checkboxes; unknown codes are kept for the core to name in its error."""

    def pre_validate(self, form) -> None:  # the core reports unknown cards
        pass


def _count(label, maximum: int) -> IntegerField:
    return IntegerField(label, default=0, validators=[Optional(), NumberRange(0, maximum)])


class PlayerForm(Form):
    name = StringField(_l("Name"), render_kw={"maxlength": 40, "autocomplete": "off"})
    cards = CardsField(_l("Captured cards"), choices=CARD_CODES)
    go = _count(_l("Go"), 20)
    shake = _count(_l("Shake"), 3)
    bomb = _count(_l("Bomb"), 3)
    sake = SelectField(_l("Sake cup 9a"), default="", choices=["", "animal", "junk"])
    events = SelectMultipleField(_l("First-turn events"), choices=list(EVENTS))


class SitOutForm(Form):
    name = StringField(_l("Name"), render_kw={"maxlength": 40, "autocomplete": "off"})
    cards = CardsField(_l("Cards shown"), choices=SHOWN_CODES)
    forced = BooleanField(_l("Forced out"))
    shake = BooleanField(_l("Shake (three of a month)"))


def _rule_fields() -> dict[str, Field]:
    """One optional text/select field per option (two for per-count options);
    blank means "as the preset"."""
    out: dict[str, Field] = {}
    for spec in OPTION_SPECS:
        if spec.kind in ("per-count", "fixed"):
            for n in (2, 3):
                out[f"{spec.name}__{n}"] = StringField(f"{spec.name} ({n})",
                                                       render_kw={"size": 6})
        elif spec.kind == "choice":
            out[spec.name] = SelectField(spec.name, default="", choices=["", *spec.choices])
        elif spec.kind == "bool":
            out[spec.name] = SelectField(spec.name, default="", choices=["", "yes", "no"])
        else:
            out[spec.name] = StringField(spec.name, render_kw={"size": 8})
    return out


#: Display labels of select values (the fields' choices are the bare values).
CHOICE_LABELS = {"": _l("—"), "yes": _l("yes"), "no": _l("no"), "animal": _l("animal"),
                 "junk": _l("double junk")}
SAKE_LABELS = {"": _l("best"), "animal": _l("animal"), "junk": _l("double junk")}

HouseRulesForm = type("HouseRulesForm", (Form,), _rule_fields())


class HandForm(FlaskForm):
    preset = SelectField(_l("Rules"), default="pagat", choices=list(PRESETS))
    house = FormField(HouseRulesForm, separator="-")
    dealer = RadioField(_l("Dealer"), default="0", choices=[str(i) for i in range(ACTIVE)],
                        validate_choice=False)
    ending = RadioField(_l("How the hand ended"), default="stop",
                        choices=list(ENDINGS), validate_choice=False)
    winner = RadioField(_l("Winner"), choices=[str(i) for i in range(ACTIVE)],
                        validate_choice=False)
    first_go = SelectField(_l("Said go first"), default="",
                           choices=["", *(str(i) for i in range(ACTIVE))],
                           validate_choice=False)
    nagari_before = _count(_l("Nagari deals just before"), 20)
    liable = SelectField(_l("Pays for both (dok-bak claim)"), default="",
                         choices=["", *(str(i) for i in range(ACTIVE))],
                         validate_choice=False)
    liable_reason = SelectField(_l("Reason"), default="oe-myeon",
                                choices=["oe-myeon", "shodang"],
                                validate_choice=False)
    liable_last_card = BooleanField(_l("It was their last card"))
    accept_unusual = BooleanField(_l("Accept an unusual hand"))
    chip_value = IntegerField(_l("Chip value"), validators=[Optional(), NumberRange(0, 10**9)])

    @property
    def players(self) -> list[FormField]:
        """The active-player slots ``players-0`` … (fixed, not a FieldList, so a
        slot keeps its number whatever is filled in)."""
        return [self[f"players_{i}"] for i in range(ACTIVE)]

    @property
    def sitting(self) -> list[FormField]:
        return [self[f"sitting_{i}"] for i in range(SITTING)]


for _i in range(ACTIVE):
    setattr(HandForm, f"players_{_i}", FormField(PlayerForm, name=f"players-{_i}", separator="-"))
for _i in range(SITTING):
    setattr(HandForm, f"sitting_{_i}", FormField(SitOutForm, name=f"sitting-{_i}", separator="-"))
