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
