"""Entry builders shared by the game tests."""

def win(winner, losers, cards="1r 2r 3r"):
    """An entry: ``winner`` stops with hongdan (3 points); each loser has one junk."""
    junk = ["1j1", "2j1", "3j1", "4j1"]
    return {"winner": winner, "captured": {winner: cards, **{p: junk[i] for i, p in enumerate(losers)}}}


def nagari(players):
    return {"winner": None, "captured": {p: "" for p in players}}


