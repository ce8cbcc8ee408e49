"""Taps needed to enter the 3-player example hand on the hand page (390x844),
with and without JavaScript, driving /usr/bin/chromium. Target: no more than
the cards captured + 8. Uses the same steps as tests/web/test_browser.py.

    python benchmarks/web_taps.py
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from werkzeug.serving import make_server  # noqa: E402

from calculator.web import create_app  # noqa: E402
from tests.web.conftest import EXAMPLE  # noqa: E402
from tests.web.test_browser import ARGS, CHROMIUM, PHONE, Taps, enter_example  # noqa: E402


def main() -> int:
    if not os.path.exists(CHROMIUM):
        print("skipped: /usr/bin/chromium is not installed")
        return 0
    from playwright.sync_api import sync_playwright

    app = create_app({"SECRET_KEY": "bench"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    cards = sum(len(v) for v in EXAMPLE["captured"].values())
    worst = 0
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for js in (True, False):
                context = browser.new_context(viewport=PHONE, java_script_enabled=js)
                page = context.new_page()
                page.js = js
                taps = Taps(page)
                enter_example(page, base, taps)
                taps("button.go")
                page.wait_for_url("**/result?h=*")
                chips = [d.get_attribute("data-chips") for d in page.locator("details.pay").all()]
                print(f"{'with' if js else 'without'} JavaScript: {taps.count} taps for {cards} cards "
                      f"(limit {cards + 8}); payments {chips}")
                worst = max(worst, taps.count)
                context.close()
            browser.close()
    finally:
        server.shutdown()
    print(f"example_hand_taps={worst} cards={cards} {'OK' if worst <= cards + 8 else 'OVER'}")
    return 0 if worst <= cards + 8 else 1


if __name__ == "__main__":
    raise SystemExit(main())
