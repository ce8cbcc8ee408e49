"""A game in a real browser at 390x844 (headless chromium): create, add two hands,
read the table; a second browser without the link sees it read-only.
Skips when /usr/bin/chromium is absent."""

import json
import os
import threading

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="needs /usr/bin/chromium")


@pytest.fixture
def base_url(tmp_path):
    from werkzeug.serving import make_server

    from calculator.web import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "browser",
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'g.sqlite3'}"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def test_game_in_a_phone_browser(base_url, tmp_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(base_url + "/g/new")
        page.fill("textarea[name=players]", "민수\nBo\nChul")
        page.fill("input[name=lot_cards]", "민수=3b, Bo=1j1, Chul=12b")
        page.click("button[type=submit]")
        assert page.inner_text("[data-dealer]") == "Bo"
        page.click("text=Add hand 1")
        page.click("label:has(input[value=Chul]) span")  # Bo deals: Bo, Chul, 민수
        page.fill("input[name=cards-1]", "1r 2r 3r")
        page.fill("input[name=cards-0]", "1j1")
        page.click("button:has-text('Add hand')")
        assert page.inner_text("[data-total=Chul]") == "+6"
        page.click("text=Add hand 2")
        page.click("summary")
        page.fill("textarea[name=hand_json]", json.dumps({"winner": None}))
        page.click("button:has-text('Add hand')")
        assert page.inner_text("[data-carry]") == "×2"
        page.screenshot(path=str(tmp_path / "game.png"), full_page=True)
        spectator = browser.new_page(viewport={"width": 390, "height": 844})
        spectator.goto(page.url)
        assert spectator.inner_text("[data-total=Chul]") == "+6"
        assert spectator.locator("text=Add hand").count() == 0
        browser.close()
