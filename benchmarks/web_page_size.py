"""Hand page weight: bytes transferred to load the hand page (HTML + every
stylesheet, script and SVG it references; fonts are not counted), as a phone
would fetch them (gzip accepted). Target: under 100 KB.

    python benchmarks/web_page_size.py
"""

from __future__ import annotations

import gzip
import re
import sys
import threading
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from werkzeug.serving import make_server  # noqa: E402

from calculator.web import create_app  # noqa: E402

LIMIT = 100 * 1024


def fetch(url: str) -> tuple[int, int, bytes]:
    """(bytes on the wire incl. headers, body bytes on the wire, decoded body)."""
    req = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(req) as resp:
        raw = resp.read()
        head = sum(len(k) + len(v) + 4 for k, v in resp.getheaders()) + 17
        body = gzip.decompress(raw) if resp.headers.get("Content-Encoding") == "gzip" else raw
    return head + len(raw), len(raw), body


def main() -> int:
    app = create_app({"SECRET_KEY": "bench"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    worst = 0
    try:
        for lang in ("en", "ko"):
            total, html_wire, html = fetch(f"{base}/?lang={lang}")
            rows = [(f"/?lang={lang}", total, len(html))]
            text = html.decode()
            refs = set(re.findall(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"', text))
            refs |= {m.split("#")[0] for m in re.findall(r'href="(/cards-[a-z]+\.svg)#', text)}
            for ref in sorted(refs):
                if "/fonts/" in ref:
                    continue
                wire, _, body = fetch(base + ref)
                rows.append((ref, wire, len(body)))
                total += wire
            print(f"hand page ({lang}):")
            for name, wire, size in rows:
                print(f"  {name:<22} {wire / 1024:7.1f} KB transferred  ({size / 1024:6.1f} KB uncompressed)")
            print(f"  {'total':<22} {total / 1024:7.1f} KB transferred  (limit {LIMIT // 1024} KB)")
            worst = max(worst, total)
    finally:
        server.shutdown()
    print(f"hand_page_transferred_kb={worst / 1024:.1f} {'OK' if worst < LIMIT else 'OVER'}")
    return 0 if worst < LIMIT else 1


if __name__ == "__main__":
    raise SystemExit(main())
