"""A save interrupted mid-transaction leaves the game as before, never half-written."""

import os
import subprocess
import sys
import textwrap

import pytest

from calculator.storage import Store

from .conftest import GAME

WIN_BO = {"winner": "Bo", "captured": {"Bo": "1r 2r 3r", "Ana": "1j1", "Chul": "2j1"}}
NAGARI = {"winner": None, "captured": {}}


def _snapshot(store, game_id):
    g = store.load(game_id)
    return g.version, g.entries, len(store.history(game_id))


@pytest.mark.parametrize("action", ["add", "edit", "delete"])
def test_exception_mid_save_changes_nothing(store, monkeypatch, action):
    c = store.create_game(GAME)
    store.add_hand(c.id, NAGARI, 1)
    store.add_hand(c.id, WIN_BO, 2)
    before = _snapshot(store, c.id)
    real = Store._write_hands

    def broken(self, s, game_id, ledger, start):
        real(self, s, game_id, ledger, start)  # rows are flushed to the database ...
        raise RuntimeError("power cut")  # ... and then the save dies

    monkeypatch.setattr(Store, "_write_hands", broken)
    with pytest.raises(RuntimeError):
        if action == "add":
            store.add_hand(c.id, NAGARI, 3)
        elif action == "edit":
            store.edit_hand(c.id, 1, WIN_BO, 3)
        else:
            store.delete_hand(c.id, 1, 3)
    monkeypatch.undo()
    assert _snapshot(store, c.id) == before
    assert store.add_hand(c.id, NAGARI, 3).version == 4  # and the game still works


KILLER = textwrap.dedent("""
    import os, signal, sys
    from calculator.storage import Store
    real = Store._write_hands
    def dying(self, s, game_id, ledger, start):
        real(self, s, game_id, ledger, start)
        sys.stdout.write("written\\n"); sys.stdout.flush()
        os.kill(os.getpid(), signal.SIGKILL)   # the process dies inside the transaction
    Store._write_hands = dying
    store = Store(sys.argv[1])
    store.edit_hand(sys.argv[2], 1, {"winner": "Chul", "captured": {"Chul": "1r 2r 3r", "Ana": "1j1", "Bo": "2j1"}}, int(sys.argv[3]))
""")


def test_killed_process_mid_save_leaves_the_game_as_before(store, db_url, tmp_path):
    c = store.create_game(GAME)
    store.add_hand(c.id, WIN_BO, 1)
    store.add_hand(c.id, NAGARI, 2)
    before = _snapshot(store, c.id)
    script = tmp_path / "killer.py"
    script.write_text(KILLER)
    proc = subprocess.run([sys.executable, str(script), db_url, c.id, "3"], capture_output=True,
                          text=True, timeout=120, env=dict(os.environ))
    assert proc.returncode == -9, proc.stderr
    assert proc.stdout == "written\n"
    store.engine.dispose()
    fresh = Store(db_url)
    try:
        assert _snapshot(fresh, c.id) == before
        assert [h.deal.dealer for h in fresh.load(c.id).ledger.hands] == ["Ana", "Bo"]
        assert fresh.edit_hand(c.id, 2, WIN_BO, 3).version == 4  # not locked, still usable
    finally:
        fresh.close()
