"""The app finds its templates, static files and translations from an installed
wheel, not only from a checkout (DESIGN.md: top-level templates/ and static/)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

CHECK = textwrap.dedent("""
    import sys, calculator
    from calculator.web import create_app
    assert "site-packages" in calculator.__file__, calculator.__file__
    app = create_app({"TESTING": True, "SECRET_KEY": "x"})
    client = app.test_client()
    for url, text in [("/?lang=ko", "계산하기"), ("/?lang=en", "Score this hand"),
                      ("/static/style.css", ""), ("/cards-en.svg", "<svg")]:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        assert text in response.get_data(as_text=True), url
    print("WHEEL-OK", app.template_folder)
""")


@pytest.fixture(scope="module")
def wheel_python(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)],
                           capture_output=True, text=True)
    if built.returncode != 0:
        pytest.skip(f"cannot build the wheel here: {built.stderr[-300:]}")
    venv = out / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    python = venv / "bin" / "python"
    wheel = next(out.glob("gostop_calculator-*.whl"))
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)], check=True)
    return python


def test_app_runs_from_an_installed_wheel(wheel_python, tmp_path):
    result = subprocess.run([str(wheel_python), "-c", CHECK], cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "WHEEL-OK" in result.stdout
    assert "site-packages/calculator/templates" in result.stdout
