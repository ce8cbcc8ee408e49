"""PDF tally and receipt: text read back with pypdf, Korean font embedded, pages render."""

import io
import shutil
import subprocess

import pytest
from pypdf import PdfReader

from calculator.game import GameConfig, compute
from calculator.report import receipt_pdf, tally_html, tally_pdf
from tests.game.game_entries import nagari, win

P = ["민수", "Bo", "Chul"]


def others(w):
    return [p for p in P if p != w]


@pytest.fixture(scope="module")
def ledger():
    cfg = GameConfig.from_json({"name": "설날 고스톱 2026", "players": P, "first_dealer": "민수",
                                "rules": {"preset": "korean", "nagari_cap": 4},
                                "chip_value": 100, "currency": "KRW"})
    entries = [win("Bo", others("Bo")), nagari(P), win("Chul", others("Chul")),
               win("민수", others("민수"), "1b 3b 8b")]
    return compute(cfg, entries)


def _fonts(reader):
    names = set()
    for page in reader.pages:
        fonts = page["/Resources"].get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            names.add(str(font.get("/BaseFont")))
            for desc in font.get("/DescendantFonts", []):
                fd = desc.get_object().get("/FontDescriptor")
                if fd is not None:
                    fd = fd.get_object()
                    if any(k in fd for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                        names.add("embedded:" + str(fd["/FontName"]))
            fd = font.get("/FontDescriptor")
            if fd is not None and any(k in fd.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                names.add("embedded:" + str(fd.get_object()["/FontName"]))
    return names


def test_tally_text_and_font(ledger):
    pdf = tally_pdf(ledger)
    assert pdf.startswith(b"%PDF")
    reader = PdfReader(io.BytesIO(pdf))
    text = " ".join(p.extract_text() for p in reader.pages)
    for expected in ("설날 고스톱 2026", "민수", "나가리", "순위", "정산", "korean", "KRW"):
        assert expected in text, expected
    # totals: Bo +6 -6 -6 = -6? computed from the ledger, shown signed
    for p in P:
        total = ledger.totals[p]
        assert (f"{total:+d}" if total else "0") in text
    fonts = _fonts(reader)
    assert any(n.startswith("embedded:") and "NanumGothic" in n for n in fonts), fonts
    assert all("NanumGothic" in n for n in fonts), f"a machine font slipped in: {fonts}"
    box = reader.pages[0].mediabox  # A4: 595 x 842 points
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)


def test_tally_lists_the_fewest_transfers(ledger):
    html = tally_html(ledger)
    transfers = ledger.transfers()
    assert f"fewest 최소 {len(transfers)}" in html
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(tally_pdf(ledger))).pages)
    for t in transfers:
        assert f"{t.chips * 100:,} KRW" in text


def test_receipt_has_steps(ledger):
    reader = PdfReader(io.BytesIO(receipt_pdf(ledger, 4)))
    text = " ".join(p.extract_text() for p in reader.pages)
    assert "제4판" in text and "receipt 영수증" in text and "민수 wins" in text
    assert "광박" in text  # three brights against losers without a bright: gwang-bak
    assert "삼광" in text
    assert any("NanumGothic" in n for n in _fonts(reader))


def test_receipt_of_a_missing_hand(ledger):
    with pytest.raises(IndexError):
        receipt_pdf(ledger, 9)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils (pdftoppm) not installed")
def test_pages_render_to_png(ledger, tmp_path):
    (tmp_path / "tally.pdf").write_bytes(tally_pdf(ledger))
    subprocess.run(["pdftoppm", "-png", "-r", "50", str(tmp_path / "tally.pdf"), str(tmp_path / "t")],
                   check=True, timeout=60)
    pngs = sorted(tmp_path.glob("t-*.png"))
    assert pngs and all(p.stat().st_size > 5000 for p in pngs)
