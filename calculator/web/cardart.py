"""Card art: one SVG sprite with a ``<symbol id="c<code>">`` per card and joker.

Each tile (viewBox 40×60) shows the month number in the top corner, the month's
flower, the kind (a red 光 disc for brights, a coloured ribbon, an animal or bird
mark, ``2`` for double junk), the special cards (sake cup 9a, rain man 12b,
lightning 12d) and a label strip with the kind in the page language. Pages use
``<svg><use href="/cards-ko.svg#c3b"/></svg>``. Drawn here, by hand, as data.
"""

from __future__ import annotations

from functools import lru_cache

from ..cards import DECK, JOKERS, Card, Kind, Ribbon

FLOWERS = {
    1: '<path d="M6 48 20 24 34 48Z" fill="#2b6a2b"/><path d="M10 36 20 16 30 36Z" fill="#3f8f3f"/>'
       '<rect x="18.5" y="47" width="3" height="3" fill="#6b4a2b"/>',
    2: '<path d="M5 48Q16 36 35 26" stroke="#4a2d1a" stroke-width="2.2" fill="none"/>'
       '<g fill="#d7263d"><circle cx="11" cy="42" r="3.6"/><circle cx="21" cy="35" r="3.6"/>'
       '<circle cx="31" cy="28" r="3.6"/><circle cx="16" cy="27" r="3"/></g>'
       '<g fill="#ffd43b"><circle cx="11" cy="42" r="1"/><circle cx="21" cy="35" r="1"/><circle cx="31" cy="28" r="1"/></g>',
    3: '<g fill="#f7a8c4" stroke="#d6336c" stroke-width=".6"><circle cx="12" cy="26" r="5"/>'
       '<circle cx="24" cy="22" r="5"/><circle cx="30" cy="33" r="5"/><circle cx="17" cy="37" r="5"/></g>'
       '<g fill="#fff"><circle cx="12" cy="26" r="1.3"/><circle cx="24" cy="22" r="1.3"/>'
       '<circle cx="30" cy="33" r="1.3"/><circle cx="17" cy="37" r="1.3"/></g>',
    4: '<path d="M9 14v26M17 14v32M25 14v24M33 14v30" stroke="#222" stroke-width="3" stroke-dasharray="3 1.6"/>',
    5: '<path d="M12 49 14 28M20 49V24M28 49l-2-22" stroke="#2f7d32" stroke-width="1.8"/>'
       '<g fill="#6a3fa0"><ellipse cx="14" cy="25" rx="3" ry="5"/><ellipse cx="20" cy="20" rx="3" ry="5"/>'
       '<ellipse cx="26" cy="24" rx="3" ry="5"/></g>',
    6: '<path d="M8 46Q14 38 20 42Q26 38 32 46" fill="#2f7d32"/>'
       '<circle cx="20" cy="31" r="10" fill="#d6336c"/><circle cx="20" cy="31" r="5.5" fill="#f783ac"/>'
       '<circle cx="20" cy="31" r="2" fill="#ffd43b"/>',
    7: '<path d="M6 48Q12 18 34 16M12 48Q22 30 34 32" stroke="#7a3b2e" stroke-width="1.2" fill="none"/>'
       '<g fill="#e03131"><circle cx="10" cy="34" r="2"/><circle cx="15" cy="25" r="2"/><circle cx="23" cy="19" r="2"/>'
       '<circle cx="31" cy="17" r="2"/><circle cx="19" cy="38" r="2"/><circle cx="27" cy="33" r="2"/></g>',
    8: '<path d="M0 50V36Q20 22 40 36V50Z" fill="#222"/>'
       '<path d="M8 44l3-8M16 42l2-9M24 42l-1-9M31 44l-2-8" stroke="#eee" stroke-width=".8"/>',
    9: '<g stroke="#e8a317" stroke-width="2.4" stroke-linecap="round">'
       '<path d="M20 21v20M10 31h20M13 24l14 14M27 24 13 38"/></g>'
       '<circle cx="20" cy="31" r="5" fill="#ffd43b" stroke="#e8a317"/>',
    10: '<g fill="#d9480f"><path d="M12 22l3 5 5-1-3 4 3 4-5-1-3 5-1-6-5-2 5-2z"/>'
        '<path d="M27 30l3 5 5-1-3 4 3 4-5-1-3 5-1-6-5-2 5-2z"/></g>',
    11: '<g fill="#1f1f1f"><ellipse cx="12" cy="38" rx="7" ry="10"/><ellipse cx="28" cy="38" rx="7" ry="10"/>'
        '<ellipse cx="20" cy="34" rx="6" ry="11"/></g>'
        '<g fill="#b197fc"><circle cx="17" cy="20" r="2.5"/><circle cx="22" cy="18" r="2.5"/><circle cx="24" cy="23" r="2.5"/></g>',
    12: '<path d="M8 12Q4 30 10 48M16 12Q12 30 17 48M30 12Q34 30 29 48" stroke="#2f9e44" stroke-width="1.6" fill="none"/>'
        '<path d="M22 16l-2 5M25 28l-2 5M21 38l-2 5" stroke="#748ffc" stroke-width="1"/>',
}

RIBBON_FILL = {
    Ribbon.HONGDAN: "#e03131", Ribbon.CHODAN: "#e03131",
    Ribbon.CHEONGDAN: "#1c7ed6", Ribbon.PLAIN: "#c2255c",
}

LABELS = {
    "ko": {Kind.BRIGHT: "광", Kind.ANIMAL: "열", Kind.RIBBON: "띠", Kind.JUNK: "피",
           Kind.JOKER: "보너스", "double": "쌍피", "cup": "열/쌍피"},
    "en": {Kind.BRIGHT: "bright", Kind.ANIMAL: "animal", Kind.RIBBON: "ribbon", Kind.JUNK: "junk",
           Kind.JOKER: "joker", "double": "2 junk", "cup": "cup"},
}

LABEL_FILL = {Kind.BRIGHT: "#c92a2a", Kind.ANIMAL: "#5f3dc4", Kind.RIBBON: "#1864ab",
              Kind.JUNK: "#495057", Kind.JOKER: "#b08900"}


def _ribbon(card: Card) -> str:
    fill = RIBBON_FILL[card.ribbon]
    out = f'<path d="M23 12h7l-4 30h-7z" fill="{fill}" stroke="#fff" stroke-width=".8"/>'
    if card.ribbon is Ribbon.HONGDAN:  # poem ribbons carry writing
        out += '<path d="M25 17l-.6 5M24.3 25l-.6 6M23.5 34l-.5 4" stroke="#111" stroke-width="1.3"/>'
    elif card.ribbon is Ribbon.PLAIN:  # 12r: striped, in no set
        out += '<path d="M22.6 20h6M21.6 28h6M20.6 36h6" stroke="#fff" stroke-width="1.2"/>'
    return out


def _animal(card: Card) -> str:
    if card.code == "9a":  # sake cup 국진
        return ('<path d="M11 31h18l-3 8h-12z" fill="#c92a2a" stroke="#5c0000"/>'
                '<rect x="17" y="39" width="6" height="4" fill="#c92a2a"/>'
                '<text x="20" y="37.5" font-size="5" fill="#ffd43b" text-anchor="middle">壽</text>')
    if card.bird or card.code == "12a":
        colour = "#111" if card.code == "12a" else "#5c940d" if card.code == "2a" else "#343a40"
        return (f'<path d="M9 18q6-5 11 1q5-6 11-1q-5 0-11 6q-6-6-11-6z" fill="{colour}"/>'
                + ('<circle cx="33" cy="44" r="3" fill="#fab005"/>' if card.bird else ""))
    return '<ellipse cx="29" cy="42" rx="6" ry="4" fill="#8d5524"/><circle cx="34" cy="39" r="2.3" fill="#8d5524"/>'


def _bright(card: Card) -> str:
    out = ('<circle cx="31" cy="10" r="6.5" fill="#c92a2a"/>'
           '<text x="31" y="13" font-size="8" fill="#fff" text-anchor="middle" font-weight="bold">光</text>')
    if card.code == "12b":  # rain man with umbrella
        out += ('<path d="M7 30a10 10 0 0 1 20 0z" fill="#fab005" stroke="#7a5a00" stroke-width=".6"/>'
                '<path d="M17 30v12" stroke="#333" stroke-width="1.2"/>'
                '<circle cx="22" cy="35" r="2.5" fill="#ffe8cc"/><path d="M19 38h6l1 9h-8z" fill="#1c1c7a"/>')
    elif card.code == "8b":
        out += '<circle cx="20" cy="24" r="8" fill="#fff4c2" stroke="#d9a400"/>'
    elif card.code == "1b":
        out += '<path d="M10 26q10-8 20 0l-10 4z" fill="#fff" stroke="#333" stroke-width=".7"/><circle cx="29" cy="25" r="1.4" fill="#e03131"/>'
    elif card.code == "3b":
        out += '<path d="M6 38h28v8H6z" fill="#c92a2a" opacity=".8"/>'
    elif card.code == "11b":
        out += '<path d="M8 22q12-10 24 0q-6 6-12 2q-6 4-12-2z" fill="#e64980"/>'
    return out


def _double(card: Card) -> str:
    out = ""
    if card.code == "12d":  # lightning
        out += '<path d="M5 14h30v24H5z" fill="#c92a2a" opacity=".85"/><path d="M22 16l-7 11h6l-4 10 9-13h-6z" fill="#ffd43b"/>'
    out += ('<circle cx="32" cy="43" r="5" fill="#fff" stroke="#222"/>'
            '<text x="32" y="46" font-size="8" text-anchor="middle" font-weight="bold">2</text>')
    return out


def card_symbol(card: Card, lang: str) -> str:
    labels = LABELS[lang]
    if card.is_joker:
        n = card.code[2:]
        return (f'<symbol id="c{card.code}" viewBox="0 0 40 60">'
                '<rect x=".5" y=".5" width="39" height="59" rx="4" fill="#fff3bf" stroke="#b08900"/>'
                '<path d="M20 12l4 9 10 1-7 7 2 10-9-5-9 5 2-10-7-7 10-1z" fill="#fab005" stroke="#b08900"/>'
                f'<text x="20" y="47" font-size="9" text-anchor="middle" font-weight="bold">JK{n}</text>'
                f'<rect x="0" y="50" width="40" height="10" rx="2" fill="{LABEL_FILL[Kind.JOKER]}"/>'
                f'<text x="20" y="58" font-size="7" fill="#fff" text-anchor="middle">{labels[Kind.JOKER]}</text>'
                '</symbol>')
    parts = [f'<symbol id="c{card.code}" viewBox="0 0 40 60">',
             '<rect x=".5" y=".5" width="39" height="59" rx="4" fill="' +
             ("#fff0d6" if card.code == "11d" else "#fffaf0") + '" stroke="#555"/>',
             f'<use href="#f{card.month}" width="40" height="60"/>']
    label = labels[card.kind]
    if card.kind is Kind.BRIGHT:
        parts.append(_bright(card))
    elif card.kind is Kind.RIBBON:
        parts.append(_ribbon(card))
    elif card.kind is Kind.ANIMAL:
        parts.append(_animal(card))
        if card.code == "9a":
            label = labels["cup"]
    elif card.junk_value == 2:
        parts.append(_double(card))
        label = labels["double"]
    parts.append(f'<text x="3" y="10" font-size="9" font-weight="bold">{card.month}</text>')
    parts.append(f'<rect x="0" y="50" width="40" height="10" rx="2" fill="{LABEL_FILL[card.kind]}"/>'
                 f'<text x="20" y="58" font-size="7" fill="#fff" text-anchor="middle">{label}</text>')
    parts.append("</symbol>")
    return "".join(parts)


@lru_cache(maxsize=4)
def sprite(lang: str = "en") -> str:
    """The whole sprite for ``lang`` ("ko" or "en") as SVG text."""
    lang = lang if lang in LABELS else "en"
    flowers = "".join(
        f'<symbol id="f{m}" viewBox="0 0 40 60">{art}</symbol>' for m, art in FLOWERS.items()
    )
    cards = "".join(card_symbol(c, lang) for c in DECK + JOKERS)
    return ('<svg xmlns="http://www.w3.org/2000/svg" font-family="sans-serif">'
            f'<defs>{flowers}</defs>{cards}</svg>')
