"""Browser tests at phone size (390x844) with Debian's Chromium via Playwright.

They enter the 3-player example hand by tapping cards, with and without
JavaScript, check the numbers on the result page, check that a card taken by
one player cannot be taken by another, and count the taps. Skipped when
/usr/bin/chromium is absent.
"""

from __future__ import annotations

import os
import threading

import pytest

from calculator.web import create_app
from .conftest import EXAMPLE

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="needs /usr/bin/chromium")


@pytest.fixture(scope="module")
def base_url():
    from werkzeug.serving import make_server

    app = create_app({"SECRET_KEY": "browser-test"})  # CSRF on, as in production
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture(params=[True, False], ids=["js", "no-js"])
def page(request, browser):
    context = browser.new_context(viewport=PHONE, java_script_enabled=request.param,
                                  locale="en-US", has_touch=False)
    page = context.new_page()
    page.set_default_timeout(10000)
    page.js = request.param
    yield page
    context.close()


class Taps:
    """Clicks a locator and counts it: one tap per card, button or field."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def __call__(self, selector: str, **kw):
        self.count += 1
        self.page.locator(selector).click(**kw)


def card(slot: int, code: str) -> str:
    return f'#p{slot} label.t:has(> input[value="{code}"])'


def enter_example(page, base_url, taps: Taps) -> None:
    page.goto(base_url + "/?lang=en")
    for slot, name in enumerate(EXAMPLE["players"]):
        taps(f"#p{slot} input.name")
        page.keyboard.type(name)
        for code in EXAMPLE["captured"][name]:
            taps(card(slot, code))
        go = EXAMPLE["go"].get(name, 0)
        for _ in range(go):
            if page.js:
                taps(f'#p{slot} .step:has(input[name="players-{slot}-go"]) button[data-step="1"]')
            else:  # without JavaScript the stepper is a plain number field
                taps(f'#p{slot} input[name="players-{slot}-go"]')
                page.keyboard.press("Control+A")
                page.keyboard.type(str(go))
    taps("#p1 label.win")  # Bo won (stopped)


def test_enter_example_hand_by_tapping(page, base_url):
    taps = Taps(page)
    enter_example(page, base_url, taps)
    if page.js:  # live counts come from the server's preview of each pile
        page.locator('#p1 b[data-k="points"]').filter(has_text="10").wait_for()
        assert page.locator('#p1 b[data-k="junk"]').inner_text() == "11"
        assert page.locator('#p0 b[data-k="junk"]').inner_text() == "4"
    taps("button.go")
    page.wait_for_url("**/result?h=*")
    pays = page.locator("details.pay")
    assert pays.count() == 2
    got = [(p.get_attribute("data-from"), p.get_attribute("data-to"), p.get_attribute("data-chips"))
           for p in pays.all()]
    assert got == [("Chul", "Bo", "11"), ("Chul", "Bo", "22")]
    assert "Chul → Bo" in pays.first.locator("summary").inner_text()
    nets = {r.get_attribute("data-player"): r.locator("td[data-net]").inner_text()
            for r in page.locator("tr[data-player]").all()}
    assert nets == {"Ana": "0", "Bo": "+33", "Chul": "-33"}
    # expanding the dok-bak payment shows pi-bak and the transfer
    pays.nth(1).locator("summary").click()
    steps = pays.nth(1).locator("table").inner_text()
    assert "pi-bak" in steps and "dok-bak" in steps and "Chul pays for Ana" in steps
    cards = sum(len(v) for v in EXAMPLE["captured"].values())
    print(f"taps ({'js' if page.js else 'no-js'}): {taps.count} for {cards} cards")
    assert taps.count <= cards + 8


def test_card_taken_twice_is_refused(page, base_url):
    page.goto(base_url + "/?lang=en")
    page.locator(card(0, "11d")).click()
    if page.js:
        page.locator(card(1, "11d")).click(force=True)
        assert page.locator('#p0 input[value="11d"]').is_checked()
        assert not page.locator('#p1 input[value="11d"]').is_checked()
        assert page.locator('#p1 input[value="11d"]').is_disabled()
        assert "x" in page.locator(card(1, "11d")).get_attribute("class").split()
        return
    # without JavaScript both boxes can be ticked; the server refuses the hand
    page.locator(card(1, "11d")).click()
    page.locator("#p1 label.win").click()
    page.locator("button.go").click()
    page.wait_for_load_state()
    assert "/result" not in page.url
    errors = page.locator("#p1 .errs").inner_text()
    assert "11d" in errors
    assert "bad" in page.locator(card(1, "11d")).get_attribute("class").split()


def test_preset_change_shows_the_korean_jokers(page, base_url):
    if not page.js:
        pytest.skip("without JavaScript the page is refreshed with the Update button")
    page.goto(base_url + "/?lang=en")
    assert page.locator(card(0, "jk3")).is_hidden()
    page.select_option('select[name="preset"]', "korean")
    page.locator(card(0, "jk3")).wait_for(state="visible")
    assert page.locator(card(0, "jk4")).is_hidden()


def test_typed_names_label_the_player_menus(page, base_url):
    if not page.js:
        pytest.skip("without JavaScript the menus are labelled when the page is sent")
    page.goto(base_url + "/?lang=en")
    page.locator("#p2 input.name").fill("Chul")
    assert page.locator('select[name="liable"] option[value="2"]').text_content() == "Chul"
    assert page.locator('select[name="first_go"] option[value="0"]').text_content() == "Player 1"
