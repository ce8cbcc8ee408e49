"""The `gostop` command: score, rules (DESIGN.md "Command line")."""

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from calculator.cli import main

HAND = {
    "rules": "pagat",
    "players": ["Ana", "Bo", "Chul"],
    "winner": "Bo",
    "captured": {
        "Bo": "2a 4a 5a 6a 7a 10a 12a 1j1 1j2 2j1 2j2 3j1 3j2 4j1 4j2 5j1 5j2 6j1",
        "Ana": "7j1 7j2 8j1 8j2",
        "Chul": "1b 9j1 9j2 10j1 10j2 11j1 11j2 11d",
    },
    "go": {"Bo": 2},
}


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def hand_file(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(HAND), encoding="utf-8")
    return path


def test_score_explains_each_step(runner, hand_file):
    result = runner.invoke(main, ["score", str(hand_file)])
    assert result.exit_code == 0, result.output
    out = result.output
    # German text's 2-go example in a 3-player hand: (5 + 2) x2 meong-dda x2 pi-bak = 28
    assert "Ana → Bo: 28 chips" in out
    assert "Chul → Bo: 14 chips" in out
    assert "pi-bak 피박 ×2: Ana has 4 junk, 4 or fewer" in out
    assert "meong-dda 멍따 ×2: Bo has 7 or more animals" in out
    assert "go 고 +2" in out
    assert "Net: Ana -28, Bo +42, Chul -14" in out


def test_score_json(runner, hand_file):
    result = runner.invoke(main, ["score", "--json", str(hand_file)])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["net"] == {"Ana": -28, "Bo": 42, "Chul": -14}
    assert sum(data["net"].values()) == 0


def test_score_reads_stdin(runner):
    result = runner.invoke(main, ["score", "--json", "-"], input=json.dumps(HAND))
    assert result.exit_code == 0
    assert json.loads(result.output)["winner"] == "Bo"


def test_invalid_hand_exits_2_listing_every_problem(runner):
    bad = dict(HAND, captured={"Bo": "1b zz", "Ana": "1b", "Dan": "2a"})
    result = runner.invoke(main, ["score", "-"], input=json.dumps(bad))
    assert result.exit_code == 2
    assert "unknown card 'zz'" in result.output
    assert "card 1b is claimed by both Bo and Ana" in result.output
    assert "captured names Dan" in result.output


def test_invalid_hand_json_errors(runner):
    bad = dict(HAND, winner="Zed")
    result = runner.invoke(main, ["score", "--json", "-"], input=json.dumps(bad))
    assert result.exit_code == 2
    errors = json.loads(result.output)["errors"]
    assert [(e["field"], e["code"]) for e in errors] == [("winner", "winner-not-playing")]


@pytest.mark.parametrize(
    "text, code",
    [
        pytest.param("{not json", "malformed-json", id="malformed"),
        pytest.param("[1, 2]", "bad-type", id="not-an-object"),
        pytest.param("", "malformed-json", id="empty"),
    ],
)
def test_malformed_input(runner, text, code):
    result = runner.invoke(main, ["score", "--json", "-"], input=text)
    assert result.exit_code == 2
    assert json.loads(result.output)["errors"][0]["code"] == code


def test_rules_lists_presets(runner):
    result = runner.invoke(main, ["rules"])
    assert result.output.split() == ["pagat", "fuda", "korean"]


def test_rules_shows_every_option(runner):
    result = runner.invoke(main, ["rules", "korean"])
    assert result.exit_code == 0
    assert "nagari_cap" in result.output and " 8 " in result.output
    assert "go_bak_two_player" in result.output
    data = json.loads(runner.invoke(main, ["rules", "korean", "--json"]).output)
    assert data["pi_bak_max"] == {"2": 7, "3": 5}


def test_rules_unknown_preset(runner):
    result = runner.invoke(main, ["rules", "house"])
    assert result.exit_code == 2
    assert "unknown preset 'house'" in result.output


def test_score_does_not_import_web_db_or_pdf(hand_file):
    code = (
        "import sys; from calculator.cli import main; "
        f"sys.argv = ['gostop', 'score', {str(hand_file)!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "bad = [m for m in ('flask', 'sqlalchemy', 'weasyprint') if m in sys.modules]\n"
        "print('LOADED', bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "LOADED []" in out


def test_readme_example_output_is_current(runner):
    """The README's hand and its printed explanation stay true."""
    import pathlib
    import re

    readme = (pathlib.Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    hand = re.search(r"### A hand, as JSON\n\n.*?```json\n(.*?)```", readme, re.S).group(1)
    shown = re.search(r"`gostop score` explains it:\n\n```text\n(.*?)```", readme, re.S).group(1)
    result = runner.invoke(main, ["score", "-"], input=hand)
    assert result.exit_code == 0
    assert result.output == shown
