"""Rulesets: one frozen object per table's rules, plus the named presets.

Source: RULES.md §1–§7. Every option name here is the one RULES.md uses, and the
presets ``pagat``, ``fuda`` and ``korean`` are plain data (``PRESETS``), not code
branches. A ruleset is never mutated while scoring.

Units: ``stop_minimum`` and combination values are *points*; fixed payments and
``dropout_chips`` are *chips* per opponent; multipliers are plain factors.

Options that differ by the number of active players (``stop_minimum``,
``pi_bak_max`` and the fixed payments) hold a mapping ``{2: x, 3: y}``; an
override may give one number for all counts or ``{"2": 7, "3": 5}``. A fixed
payment may also be the text ``"stop_minimum"`` or ``"2*stop_minimum"`` (Fuda:
"usually equal to the stop minimum"), and ``null`` when the ruleset does not
allow that event.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any, Mapping

from .errors import InvalidRulesError, Problem

PLAYER_COUNTS = (2, 3)
GO_SCHEMES = ("pagat", "korean", "linear")
SAKE_CUP_MODES = ("either", "animal", "junk", "both")
DROPOUT_PAYERS = ("non-dealers", "losers")
FIXED_EVENTS = (
    "chongtong",
    "first-ppuk",
    "second-ppuk",
    "third-ppuk",
    "three-ppuk",
    "first-ttadak",
)
ENDING_EVENTS = ("chongtong", "three-ppuk")

_STOP_FACTOR = re.compile(r"^\s*(?:(\d+)\s*[*x×]\s*)?stop_minimum\s*$")


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """Describes one option: its kind, allowed values and a short explanation."""

    name: str
    kind: str  # "int", "bool", "choice", "per-count", "fixed", "int-list", "cap"
    help_en: str
    help_ko: str
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 100


OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("jokers", "int-list", "junk value of each joker in play (jk1, jk2, …)",
               "사용하는 보너스피의 피 값", maximum=5),
    OptionSpec("four_brights_with_rain", "int", "points for four brights that include 12b",
               "비광이 낀 사광의 점수", maximum=15),
    OptionSpec("godori_points", "int", "points for godori (2a 4a 8a)", "고도리 점수", maximum=15),
    OptionSpec("sake_cup", "choice", "how the sake cup 9a counts", "국진(9월 열끗) 사용",
               choices=SAKE_CUP_MODES),
    OptionSpec("vip_points", "int", "bonus for 9a 11d 12d together (0 = off; not stop points)",
               "쌍피 세 장 보너스 (0 = 없음)", maximum=15),
    OptionSpec("palssari_points", "int", "bonus for all of April and July (0 = off; not stop points)",
               "팔싸리 보너스 (0 = 없음)", maximum=15),
    OptionSpec("stop_minimum", "per-count", "points needed to stop", "날 수 있는 최소 점수",
               minimum=1, maximum=50),
    OptionSpec("go_bonus", "choice", "go bonus scheme", "고 점수 방식", choices=GO_SCHEMES),
    OptionSpec("bomb_multiplier", "int", "multiplier for each bomb", "폭탄 한 번의 배수",
               minimum=1, maximum=4),
    OptionSpec("nagari_cap", "cap", "largest nagari multiplier (null = no cap)",
               "나가리 배수 상한 (없음 = 무제한)", minimum=1, maximum=1024),
    OptionSpec("pi_bak_max", "per-count", "a loser with this much junk or less is pi-bak",
               "피박이 되는 피 수 (이하)", maximum=24),
    OptionSpec("pi_bak_zero_exempt", "bool", "a loser with no junk is not pi-bak",
               "피가 하나도 없으면 피박 면제"),
    OptionSpec("meong_bak", "bool", "meong-bak: loser with no animals pays double to 7+ animals",
               "멍박"),
    OptionSpec("go_bak_two_player", "int", "2 players: multiplier for a loser who said go",
               "맞고 고박 배수", minimum=1, maximum=4),
    OptionSpec("empty_pile_exempt", "bool", "a loser who captured nothing pays nothing",
               "딴 패가 없으면 면제"),
    OptionSpec("chongtong", "fixed", "chongtong: chips from each opponent", "총통"),
    OptionSpec("first_ppuk", "fixed", "first-turn ppuk: chips from each opponent", "첫뻑"),
    OptionSpec("second_ppuk", "fixed", "second ppuk in a row", "연뻑"),
    OptionSpec("third_ppuk", "fixed", "third ppuk in a row", "삼연뻑"),
    OptionSpec("three_ppuk", "fixed", "third ppuk of the hand (ends the hand)", "쓰리뻑"),
    OptionSpec("first_ttadak", "fixed", "all four of a month on the first turn", "첫따닥"),
    OptionSpec("dropout_chips", "int", "chips per shown card for a forced dropout",
               "광팔이 한 장당 칩", maximum=20),
    OptionSpec("dropout_paid_by", "choice",
               "who pays forced dropouts: the two non-dealer players, or the losers at the end",
               "광값을 내는 사람", choices=DROPOUT_PAYERS),
)
SPECS: Mapping[str, OptionSpec] = MappingProxyType({s.name: s for s in OPTION_SPECS})


def _pc(two: Any, three: Any) -> Mapping[int, Any]:
    return MappingProxyType({2: two, 3: three})


@dataclass(frozen=True, slots=True)
class RuleSet:
    """All scoring options of one table. Build it with ``from_mapping``.

    See RULES.md for every option; ``SPECS`` describes them for forms and help.
    """

    name: str = "pagat"
    jokers: tuple[int, ...] = (2, 3)
    four_brights_with_rain: int = 4
    godori_points: int = 5
    sake_cup: str = "either"
    vip_points: int = 0
    palssari_points: int = 0
    stop_minimum: Mapping[int, int] = field(default_factory=lambda: _pc(7, 3))
    go_bonus: str = "pagat"
    bomb_multiplier: int = 1
    nagari_cap: int | None = None
    pi_bak_max: Mapping[int, int] = field(default_factory=lambda: _pc(4, 4))
    pi_bak_zero_exempt: bool = False
    meong_bak: bool = False
    go_bak_two_player: int = 1
    empty_pile_exempt: bool = False
    chongtong: Mapping[int, Any] = field(default_factory=lambda: _pc(5, 5))
    first_ppuk: Mapping[int, Any] = field(default_factory=lambda: _pc(3, 3))
    second_ppuk: Mapping[int, Any] = field(default_factory=lambda: _pc(None, None))
    third_ppuk: Mapping[int, Any] = field(default_factory=lambda: _pc(None, None))
    three_ppuk: Mapping[int, Any] = field(default_factory=lambda: _pc(5, 5))
    first_ttadak: Mapping[int, Any] = field(default_factory=lambda: _pc(None, None))
    dropout_chips: int = 2
    dropout_paid_by: str = "non-dealers"

    # -- derived values ---------------------------------------------------
    def stop_min(self, n_players: int) -> int:
        """Points needed to stop with ``n_players`` active players."""
        return self.stop_minimum[n_players]

    def joker_value(self, code: str) -> int | None:
        """Junk value of joker ``jkN``, or None when it is not in play."""
        index = int(code[2:]) - 1
        return self.jokers[index] if 0 <= index < len(self.jokers) else None

    def fixed_payment(self, event: str, n_players: int) -> int | None:
        """Chips each opponent pays for a §6 event, or None when not allowed."""
        value = getattr(self, event.replace("-", "_"))[n_players]
        if isinstance(value, str):
            factor = _STOP_FACTOR.match(value)
            return int(factor.group(1) or 1) * self.stop_min(n_players)
        return value

    def to_json(self) -> dict[str, Any]:
        """Every option with its value; per-count mappings use string keys.

        Returns a fresh dict each call (cached per ruleset, copied on return)."""
        cached = _JSON_CACHE.get(id(self))
        if cached is None or cached[0] is not self:
            if len(_JSON_CACHE) > 256:
                _JSON_CACHE.clear()
            cached = _JSON_CACHE[id(self)] = (self, self._to_json())
        return {k: dict(v) if type(v) is dict else list(v) if type(v) is list else v
                for k, v in cached[1].items()}

    def _to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if type(value) is MappingProxyType:
                value = {str(k): v for k, v in value.items()}
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        return out


_JSON_CACHE: dict[int, tuple[RuleSet, dict[str, Any]]] = {}

PRESETS: Mapping[str, RuleSet] = MappingProxyType(
    {
        # Pagat (John McLeod): the main source.
        "pagat": RuleSet(),
        # Fuda Wiki: bombs double, pi-bak 1–5 (2p 1–7), fixed payments from the stop minimum.
        "fuda": RuleSet(
            name="fuda",
            jokers=(),
            go_bonus="korean",
            bomb_multiplier=2,
            pi_bak_max=_pc(7, 5),
            pi_bak_zero_exempt=True,
            empty_pile_exempt=True,
            chongtong=_pc("stop_minimum", "stop_minimum"),
            first_ppuk=_pc("stop_minimum", "stop_minimum"),
            second_ppuk=_pc("2*stop_minimum", "2*stop_minimum"),
            third_ppuk=_pc("4*stop_minimum", "4*stop_minimum"),
            three_ppuk=_pc("stop_minimum", "stop_minimum"),
            first_ttadak=_pc("stop_minimum", "stop_minimum"),
        ),
        # Korean tables and online rooms (Hangame/Pmang 고스톱, 2-player 맞고).
        "korean": RuleSet(
            name="korean",
            jokers=(2, 2, 3),
            go_bonus="korean",
            bomb_multiplier=2,
            nagari_cap=8,
            pi_bak_max=_pc(7, 5),
            pi_bak_zero_exempt=True,
            go_bak_two_player=2,
            empty_pile_exempt=True,
            chongtong=_pc(7, 5),
            first_ppuk=_pc(7, 3),
            second_ppuk=_pc(14, 6),
            third_ppuk=_pc(21, 9),
            three_ppuk=_pc(7, 3),
            first_ttadak=_pc(7, 3),
        ),
    }
)
DEFAULT_PRESET = "pagat"


def get_preset(name: str) -> RuleSet:
    """Return a preset by name (case-insensitive). Raises InvalidRulesError."""
    key = name.strip().lower() if isinstance(name, str) else None
    if key not in PRESETS:
        raise InvalidRulesError(
            [Problem("rules", "unknown-preset",
                     f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}")]
        )
    return PRESETS[key]


def from_mapping(value: str | Mapping[str, Any] | None, field_name: str = "rules") -> RuleSet:
    """Build a ruleset from a preset name or ``{"preset": name, option: value, ...}``.

    ``None`` means the default preset (pagat). Raises InvalidRulesError listing
    every unknown option and bad value, each with ``field`` ``rules.<option>``.
    """
    if value is None:
        return PRESETS[DEFAULT_PRESET]
    if isinstance(value, str):
        return get_preset(value)
    if not isinstance(value, Mapping):
        raise InvalidRulesError(
            [Problem(field_name, "bad-type", "rules must be a preset name or an object")]
        )
    problems: list[Problem] = []
    preset_name = value.get("preset", DEFAULT_PRESET)
    try:
        base = get_preset(preset_name)
    except InvalidRulesError as exc:
        problems.extend(Problem(f"{field_name}.preset", p.code, p.message) for p in exc.problems)
        base = PRESETS[DEFAULT_PRESET]
    changes: dict[str, Any] = {}
    for key, raw in value.items():
        if key == "preset":
            continue
        spec = SPECS.get(key)
        where = f"{field_name}.{key}"
        if spec is None:
            problems.append(Problem(where, "unknown-option",
                                    f"unknown rule option {key!r}; see `gostop rules`"))
            continue
        try:
            changes[key] = _coerce(spec, raw, getattr(base, key))
        except ValueError as exc:
            problems.append(Problem(where, "bad-option-value", f"{key}: {exc}"))
    if problems:
        raise InvalidRulesError(problems)
    if not changes:
        return base
    return replace(base, **changes)


def _int(raw: Any, spec: OptionSpec) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise ValueError(f"expected a whole number, got {raw!r}")
    if not spec.minimum <= raw <= spec.maximum:
        raise ValueError(f"{raw} is outside {spec.minimum}..{spec.maximum}")
    return raw


def _per_count(raw: Any, spec: OptionSpec, old: Mapping[int, Any], fixed: bool) -> Mapping[int, Any]:
    def one(v: Any) -> Any:
        if fixed:
            if v is None or v is False or v == "off":
                return None
            if isinstance(v, str):
                if not _STOP_FACTOR.match(v):
                    raise ValueError(f"expected chips, null or 'N*stop_minimum', got {v!r}")
                return v
            return _int(v, OptionSpec(spec.name, "int", "", "", maximum=1000))
        return _int(v, spec)

    if isinstance(raw, Mapping):
        merged = dict(old)
        for k, v in raw.items():
            try:
                count = int(k)
            except (TypeError, ValueError):
                raise ValueError(f"player count {k!r} is not 2 or 3") from None
            if count not in PLAYER_COUNTS:
                raise ValueError(f"player count {k!r} is not 2 or 3")
            merged[count] = one(v)
        return MappingProxyType(merged)
    value = one(raw)
    return MappingProxyType({n: value for n in PLAYER_COUNTS})


def _coerce(spec: OptionSpec, raw: Any, old: Any) -> Any:
    if spec.kind == "int":
        return _int(raw, spec)
    if spec.kind == "bool":
        if not isinstance(raw, bool):
            raise ValueError(f"expected true or false, got {raw!r}")
        return raw
    if spec.kind == "choice":
        if raw not in spec.choices:
            raise ValueError(f"{raw!r} is not one of {', '.join(spec.choices)}")
        return raw
    if spec.kind == "cap":
        return None if raw is None else _int(raw, spec)
    if spec.kind == "int-list":
        if not isinstance(raw, (list, tuple)) or len(raw) > 6:
            raise ValueError("expected a list of up to 6 joker values")
        return tuple(_int(v, OptionSpec(spec.name, "int", "", "", minimum=1, maximum=5)) for v in raw)
    if spec.kind in ("per-count", "fixed"):
        return _per_count(raw, spec, old, fixed=spec.kind == "fixed")
    raise AssertionError(spec.kind)  # pragma: no cover
