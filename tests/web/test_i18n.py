"""Korean/English: the committed catalogue is complete and compiled, and the
pages switch language with the game's terms in both."""

from __future__ import annotations

from pathlib import Path

from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

import calculator.web

TRANSLATIONS = Path(calculator.web.__file__).with_name("translations")


def test_korean_catalogue_is_complete_and_compiled():
    with open(TRANSLATIONS / "ko/LC_MESSAGES/messages.po", "rb") as fh:
        po = read_po(fh)
    with open(TRANSLATIONS / "messages.pot", "rb") as fh:
        pot = read_po(fh)
    with open(TRANSLATIONS / "ko/LC_MESSAGES/messages.mo", "rb") as fh:
        mo = read_mo(fh)
    missing = [m.id for m in pot if m.id and (m.id not in po or not po[m.id].string)]
    assert missing == []
    def norm(text):
        return tuple(text) if isinstance(text, (list, tuple)) else (text,)

    stale = [m.id for m in po if m.id and (m.id not in mo or norm(mo[m.id].string) != norm(m.string))]
    assert stale == [], "run: pybabel compile -d calculator/web/translations"


def test_hand_page_in_korean(client):
    html = client.get("/?lang=ko").get_data(as_text=True)
    assert '<html lang="ko"' in html
    for text in ("계산하기", "판이 끝난 방법", "나가리", "총통", "쓰리뻑", "집 규칙", "흔들기", "폭탄"):
        assert text in html


def test_hand_page_in_english_by_accept_language(client):
    html = client.get("/", headers={"Accept-Language": "en-GB,en;q=0.8"}).get_data(as_text=True)
    assert '<html lang="en"' in html and "Score this hand" in html


def test_korean_browser_gets_korean(client):
    html = client.get("/", headers={"Accept-Language": "ko-KR,ko;q=0.9"}).get_data(as_text=True)
    assert '<html lang="ko"' in html


def test_terms_show_both_languages(client):
    html = client.get("/?lang=en").get_data(as_text=True)
    assert 'dok-bak <small lang="ko">독박</small>' in html
    html = client.get("/?lang=ko").get_data(as_text=True)
    assert '독박 <small lang="en">dok-bak</small>' in html


def test_a_page_opened_with_lang_keeps_that_language_on_the_next_page(client):
    response = client.get("/?lang=ko")
    assert "lang=ko" in response.headers["Set-Cookie"]
    html = client.get("/", headers={"Accept-Language": "en-US"}).get_data(as_text=True)
    assert '<html lang="ko"' in html
    again = client.get("/?lang=ko")  # already remembered: no new cookie
    assert "Set-Cookie" not in again.headers
    html = client.get("/?lang=en").get_data(as_text=True)
    assert '<html lang="en"' in html
    assert '<html lang="en"' in client.get("/").get_data(as_text=True)


def test_an_unknown_lang_is_not_remembered(client):
    response = client.get("/?lang=xx", headers={"Accept-Language": "en-US"})
    assert "Set-Cookie" not in response.headers
