"""`gostop game`: create, add, show, list, export/import round trip, PDF, errors."""

import json

import pytest
from click.testing import CliRunner

from calculator.cli import main


@pytest.fixture
def run(tmp_path, monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    db = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    runner = CliRunner()

    def invoke(*args, input=None):
        return runner.invoke(main, ["game", "--db", db, *args], input=input, catch_exceptions=False)

    return invoke


def _id(result):
    return result.output.split()[1]


def test_create_add_show_export_import(run, tmp_path):
    made = run("create", "--name", "설날", "--players", "Ana,Bo,Chul", "--lot", "night:Ana=3b,Bo=1j1,Chul=12b",
               "--hands", "3", "--chip-value", "500")
    assert made.exit_code == 0, made.output
    gid = _id(made)
    assert "first dealer: Bo" in made.output and "edit key" in made.output
    hand = {"winner": "Ana", "captured": {"Ana": "1r 2r 3r", "Bo": "1j1", "Chul": "2j1"}}
    added = run("add", gid, "-", input=json.dumps(hand))
    assert added.exit_code == 0 and "Hand 1 added (version 2): Ana +6, Bo -3, Chul -3" in added.output
    assert run("add", gid, "-", input='{"winner": null}').exit_code == 0
    shown = run("show", gid)
    assert "Next: hand 3 (3), dealer Ana, carry x2 (1 nagari)" in shown.output
    data = json.loads(run("show", gid, "--json").output)
    assert data["totals"] == {"Ana": 6, "Bo": -3, "Chul": -3}
    assert data["next"] == {"number": 3, "dealer": "Ana", "nagari_before": 1, "players": ["Ana", "Bo", "Chul"]}
    out = tmp_path / "game.json"
    assert run("export", gid, "-o", str(out)).exit_code == 0
    imported = run("import", str(out))
    assert imported.exit_code == 0
    copy = _id(imported)
    again = json.loads(run("export", copy).output)
    original = json.loads(out.read_text())
    assert {k: v for k, v in again.items() if k != "created_at"} == {
        k: v for k, v in original.items() if k != "created_at"}
    replay = json.loads(run("show", gid, "--json", "--at", "2").output)  # before the nagari
    assert replay["version"] == 2 and len(replay["hands"]) == 1 and replay["next"]["nagari_before"] == 0
    assert run("show", gid, "--at", "99").exit_code == 1
    listed = run("list").output
    assert gid in listed and copy in listed
    final = run("add", gid, "-", input=json.dumps({"winner": "Chul", "captured": {"Chul": "4r 5r 7r"}}))
    assert final.exit_code == 0
    shown = run("show", gid).output
    assert "The game is over" in shown and "pays" in shown
    pdf = tmp_path / "t.pdf"
    assert run("pdf", gid, "-o", str(pdf)).exit_code == 0 and pdf.read_bytes().startswith(b"%PDF")
    assert run("pdf", gid, "--hand", "3", "-o", str(pdf)).exit_code == 0


def test_bad_input_exits_2_with_fields(run):
    bad = run("create", "--players", "Ana", "--first-dealer", "Ana")
    assert bad.exit_code == 2 and "players: a game has 2 to 7 players" in bad.output
    gid = _id(run("create", "--players", "Ana,Bo,Chul", "--first-dealer", "Ana"))
    wrong = run("add", gid, "-", input='{"winner": "Zed", "captured": {}}')
    assert wrong.exit_code == 2 and "hands[1]." in wrong.output
    assert run("add", gid, "-", input="{oops").exit_code == 2
    missing = run("show", "no-such-game")
    assert missing.exit_code == 1 and "no game" in missing.output
    stale = run("add", gid, "--version", "7", "-", input='{"winner": null}')
    assert stale.exit_code == 1 and "changed by someone else" in stale.output
