"""The game's terms in English and Korean, keyed by RULES.md rule id.

``TERMS[id]`` is ``{"en": name, "ko": 한국어, "gloss": short English meaning}``.
Used by the command line, the web pages and the PDF reports, so a rule is
called the same everywhere.
"""

from __future__ import annotations

TERMS: dict[str, dict[str, str]] = {
    # combinations (RULES.md §2)
    "five-brights": {"en": "five brights", "ko": "오광", "gloss": "all 5 brights"},
    "four-brights": {"en": "four brights", "ko": "사광", "gloss": "any 4 brights"},
    "three-brights": {"en": "three brights", "ko": "삼광", "gloss": "3 brights without the rain man"},
    "rain-three-brights": {"en": "rain three brights", "ko": "비삼광", "gloss": "3 brights with the rain man"},
    "godori": {"en": "godori", "ko": "고도리", "gloss": "the three birds 2a 4a 8a"},
    "animals": {"en": "animals", "ko": "열끗", "gloss": "5 or more animals"},
    "hongdan": {"en": "hongdan", "ko": "홍단", "gloss": "red poem ribbons 1r 2r 3r"},
    "cheongdan": {"en": "cheongdan", "ko": "청단", "gloss": "blue ribbons 6r 9r 10r"},
    "chodan": {"en": "chodan", "ko": "초단", "gloss": "plain red ribbons 4r 5r 7r"},
    "ribbons": {"en": "ribbons", "ko": "띠", "gloss": "5 or more ribbons"},
    "junk": {"en": "junk", "ko": "피", "gloss": "junk worth 10 or more"},
    "vip": {"en": "VIP", "ko": "쌍피 보너스", "gloss": "9a 11d 12d together (variant)"},
    "palssari": {"en": "palssari", "ko": "팔싸리", "gloss": "all of April and July (variant)"},
    # the winner's score (§3, §4)
    "points": {"en": "points", "ko": "점수", "gloss": "the winner's points"},
    "stop": {"en": "stop", "ko": "스톱", "gloss": "ending the hand to collect"},
    "go": {"en": "go", "ko": "고", "gloss": "playing on for more"},
    "shake": {"en": "shake", "ko": "흔들기", "gloss": "heundeum: showed three of a month"},
    "bomb": {"en": "bomb", "ko": "폭탄", "gloss": "played three of a month at once"},
    "meong-dda": {"en": "meong-dda", "ko": "멍따", "gloss": "winner has 7 or more animals"},
    "nagari": {"en": "nagari", "ko": "나가리", "gloss": "a deal with no winner"},
    # per-loser doubles (§4)
    "gwang-bak": {"en": "gwang-bak", "ko": "광박", "gloss": "loser has no bright"},
    "pi-bak": {"en": "pi-bak", "ko": "피박", "gloss": "loser has too little junk"},
    "meong-bak": {"en": "meong-bak", "ko": "멍박", "gloss": "loser has no animal"},
    "go-bak": {"en": "go-bak", "ko": "고박", "gloss": "loser had said go"},
    "empty-pile": {"en": "empty pile", "ko": "무패 면제", "gloss": "loser captured nothing"},
    # liability (§5)
    "dok-bak": {"en": "dok-bak", "ko": "독박", "gloss": "one loser pays for both"},
    "oe-myeon": {"en": "oe-myeon", "ko": "외면", "gloss": "fed the winning card"},
    "shodang": {"en": "shodang", "ko": "쇼당", "gloss": "refused an offered nagari"},
    # fixed payments (§6)
    "chongtong": {"en": "chongtong", "ko": "총통", "gloss": "four of a month at the deal"},
    "first-ppuk": {"en": "first ppuk", "ko": "첫뻑", "gloss": "a ppuk on the first turn"},
    "second-ppuk": {"en": "second ppuk", "ko": "연뻑", "gloss": "a second ppuk in a row"},
    "third-ppuk": {"en": "third ppuk", "ko": "삼연뻑", "gloss": "a third ppuk in a row"},
    "three-ppuk": {"en": "three ppuk", "ko": "쓰리뻑", "gloss": "the third ppuk of the hand"},
    "first-ttadak": {"en": "first ttadak", "ko": "첫따닥", "gloss": "all four of a month on the first turn"},
    # dropping out (§7)
    "dropout": {"en": "dropout compensation", "ko": "광팔이", "gloss": "gwangpalli: paid for shown cards"},
    "sake-cup": {"en": "sake cup", "ko": "국진", "gloss": "9a: animal or double junk"},
    "chip": {"en": "chip", "ko": "칩", "gloss": "the unit of payment"},
}

KINDS: dict[str, dict[str, str]] = {
    "bright": {"en": "bright", "ko": "광"},
    "animal": {"en": "animal", "ko": "열끗"},
    "ribbon": {"en": "ribbon", "ko": "띠"},
    "junk": {"en": "junk", "ko": "피"},
    "joker": {"en": "joker", "ko": "보너스피"},
}


def term(rule_id: str, lang: str = "en") -> str:
    """The name of a rule id in ``lang`` ("en", "ko" or "both": ``pi-bak 피박``)."""
    entry = TERMS.get(rule_id)
    if entry is None:
        return rule_id
    if lang == "both":
        return f"{entry['en']} {entry['ko']}"
    return entry.get(lang, entry["en"])


# Short headlines of the input problems (calculator.hand), for a Korean page that shows
# the English detail beneath. Keys are the stable problem codes.
PROBLEMS: dict[str, dict[str, str]] = {
    "unknown-field": {"en": "unknown field", "ko": "알 수 없는 항목"},
    "missing-field": {"en": "missing field", "ko": "빠진 항목"},
    "bad-type": {"en": "wrong kind of value", "ko": "잘못된 값의 형식"},
    "bad-value": {"en": "value not allowed", "ko": "허용되지 않는 값"},
    "unknown-card": {"en": "unknown card", "ko": "알 수 없는 패"},
    "joker-not-in-play": {"en": "joker not in play", "ko": "쓰지 않는 보너스피"},
    "duplicate-card": {"en": "card taken twice", "ko": "두 번 가져간 패"},
    "player-count": {"en": "2 or 3 players play", "ko": "2~3명만 칠 수 있음"},
    "duplicate-player": {"en": "player listed twice", "ko": "두 번 적힌 플레이어"},
    "active-and-sitting-out": {"en": "plays and sits out", "ko": "치면서 쉬는 플레이어"},
    "table-size": {"en": "too many at the table", "ko": "인원 초과"},
    "sitting-out-needs-three": {"en": "sitting out needs 3 players", "ko": "광팔이는 3명이 칠 때만"},
    "unknown-player": {"en": "not a player", "ko": "없는 플레이어"},
    "dealer-not-playing": {"en": "dealer not playing", "ko": "선이 치지 않음"},
    "winner-not-playing": {"en": "winner not playing", "ko": "승자가 치지 않음"},
    "nagari-with-ending-event": {"en": "nagari with a winning event", "ko": "나가리와 맞지 않는 사건"},
    "ending-event-winner": {"en": "event names another winner", "ko": "사건과 승자가 다름"},
    "duplicate-event": {"en": "event listed twice", "ko": "두 번 적힌 사건"},
    "event-order": {"en": "ppuk out of order", "ko": "뻑 순서 오류"},
    "below-stop-minimum": {"en": "too few points to stop", "ko": "날 점수 부족"},
    "below-go-minimum": {"en": "too few points for the go count", "ko": "고 횟수에 비해 점수 부족"},
    "count-out-of-range": {"en": "count out of range", "ko": "횟수 범위 초과"},
    "liable-not-loser": {"en": "liable player did not lose", "ko": "독박 대상이 패자가 아님"},
    "liable-needs-three": {"en": "dok-bak needs 3 players", "ko": "독박은 3명일 때만"},
    "liable-without-stop": {"en": "dok-bak needs a stop", "ko": "독박은 스톱으로 끝난 판만"},
    "first-go-missing": {"en": "who said go first?", "ko": "먼저 고한 사람 필요"},
    "first-go-invalid": {"en": "first go: not a go player", "ko": "먼저 고한 사람이 아님"},
    "event-not-allowed": {"en": "event off in these rules", "ko": "이 규칙에 없는 사건"},
    "unknown-event": {"en": "unknown event", "ko": "알 수 없는 사건"},
    "sake-cup-not-held": {"en": "sake cup not captured", "ko": "국진을 먹지 않음"},
    "sake-cup-fixed-by-rules": {"en": "sake cup fixed by the rules", "ko": "국진 사용이 규칙으로 정해짐"},
    "unknown-preset": {"en": "unknown preset", "ko": "알 수 없는 규칙"},
    "unknown-option": {"en": "unknown house rule", "ko": "알 수 없는 집 규칙"},
    "bad-option-value": {"en": "bad house-rule value", "ko": "잘못된 집 규칙 값"},
}


def problem_headline(code: str, lang: str = "en") -> str:
    """The short headline of a problem code in ``lang``; empty when unknown."""
    entry = PROBLEMS.get(code)
    return entry.get(lang, entry["en"]) if entry else ""
