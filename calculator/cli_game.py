"""``gostop game``: keep a game of many hands from the command line.

Register with ``from calculator.cli_game import game; main.add_command(game)``
(or lazily as ``calculator.cli_game:game``). The database is ``--db URL``, else
``DATABASE_URL``, else a SQLite file in the app's instance folder.

Exit codes: 0 ok; 2 invalid input (every problem listed, ``field: message``);
1 unknown game, conflicting change, or unreadable file.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from .errors import CalculatorError

MAX_INPUT = 1_000_000


def _store(ctx: click.Context):
    from .storage import Store

    obj = ctx.ensure_object(dict)
    if "store" not in obj:
        obj["store"] = Store(obj.get("db"))
    return obj["store"]


def _read_json(source: str) -> Any:
    try:
        text = sys.stdin.read(MAX_INPUT + 1) if source == "-" else Path(source).read_text(encoding="utf-8")
    except OSError as exc:
        raise click.ClickException(f"cannot read {source}: {exc.strerror}") from None
    if len(text) > MAX_INPUT:
        raise click.ClickException(f"{source} is larger than {MAX_INPUT} characters")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        click.echo(f"{source}: not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})", err=True)
        sys.exit(2)


def _problems(exc: CalculatorError) -> None:
    problems = getattr(exc, "problems", [])
    click.echo(f"Refused: {len(problems) or 1} problem(s)", err=True)
    for p in problems:
        click.echo(f"  {p.field}: {p.message} [{p.code}]", err=True)
    if not problems:
        click.echo(f"  {exc}", err=True)
    sys.exit(2)


def _run(fn, *args):
    """Call a store method, turning errors into messages and exit codes."""
    from .storage import StorageError

    try:
        return fn(*args)
    except CalculatorError as exc:
        _problems(exc)
    except StorageError as exc:
        raise click.ClickException(str(exc)) from None


@click.group()
@click.option("--db", metavar="URL", envvar="DATABASE_URL",
              help="SQLAlchemy URL (default: DATABASE_URL, else SQLite in the instance folder)")
@click.pass_context
def game(ctx: click.Context, db: str | None) -> None:
    """Keep the score of a game of many hands (a year of 12 hands, 6, 3, or to a target)."""
    ctx.ensure_object(dict)["db"] = db


@game.command("create")
@click.option("--from", "source", metavar="FILE", help="game JSON (see calculator.game.config); - for stdin")
@click.option("--name", default="Go-Stop", show_default=True)
@click.option("--players", help="names in seat order, anticlockwise, comma-separated")
@click.option("--rules", default="pagat", show_default=True, help="preset name, or a JSON object")
@click.option("--hands", type=click.Choice(["12", "6", "3"]), default="12", show_default=True)
@click.option("--target", type=int, help="play until a running total reaches this many chips")
@click.option("--chip-value", default="100", show_default=True, help="money per chip")
@click.option("--currency", default="KRW", show_default=True)
@click.option("--first-dealer", help="who deals first (or use --lot)")
@click.option("--lot", help="draw-a-card lot, e.g. 'night:Ana=3b,Bo=1j1,Chul=12b' (or day:)")
@click.option("--pin", help="a 4–12 digit PIN that also allows editing")
@click.pass_context
def create(ctx, source, name, players, rules, hands, target, chip_value, currency, first_dealer, lot, pin):
    """Create a game; prints its id (the spectator link) and its edit key."""
    if source:
        data = _read_json(source)
    else:
        if not players:
            raise click.UsageError("give --players (or --from FILE)")
        try:
            rules_value = json.loads(rules) if rules.strip().startswith("{") else rules
        except json.JSONDecodeError as exc:
            raise click.UsageError(f"--rules: not valid JSON: {exc.msg}") from None
        data = {"name": name, "players": [p.strip() for p in players.split(",")], "rules": rules_value,
                "length": {"target": target} if target else {"hands": int(hands)},
                "chip_value": chip_value, "currency": currency}
        if lot:
            time, _, draws = lot.partition(":")
            try:
                cards = dict(item.split("=", 1) for item in draws.split(",") if item)
            except ValueError:
                raise click.UsageError("--lot: write it as night:Ana=3b,Bo=1j1") from None
            data["lot"] = {"time": time, "cards": {k.strip(): v.strip() for k, v in cards.items()}}
        if first_dealer:
            data["first_dealer"] = first_dealer
    created = _run(_store(ctx).create_game, data, pin)
    g = _store(ctx).load(created.id)
    click.echo(f"Game {created.id} created: {g.config.name}")
    click.echo(f"  edit key (keep it; needed to edit on the web): {created.edit_key}")
    click.echo(f"  first dealer: {g.config.first_dealer}")


@game.command("list")
@click.pass_context
def list_games(ctx):
    """The games in the local database (the web app never lists games)."""
    games = _store(ctx).list_games()
    if not games:
        click.echo("No games yet.")
    for g in games:
        click.echo(f"{g['id']}  {g['hands']:>3} hands  v{g['version']:<3} "
                   f"{g['updated_at']:%Y-%m-%d %H:%M}  {g['name']}")


@game.command("show")
@click.argument("game_id")
@click.option("--json", "as_json", is_flag=True, help="print the ledger as JSON")
@click.option("--at", "at_version", type=int, help="replay the game as it was at this version (history)")
@click.pass_context
def show(ctx, game_id, as_json, at_version):
    """The month table, totals, standings, next dealer and transfers."""
    g = _run(_store(ctx).load, game_id)
    if at_version is not None:
        g = _replayed(ctx, g, at_version)
    led = g.ledger
    if as_json:
        click.echo(json.dumps(ledger_json(g), ensure_ascii=False, indent=2))
        return
    players = g.config.players
    click.echo(f"{g.config.name}  (version {g.version}, rules {g.config.ruleset.name})")
    click.echo("  #  month      dealer     result      " + "".join(f"{p[:9]:>10}" for p in players))
    for h in led.hands:
        result = "nagari" if h.nagari else h.winner
        carry = f" x{h.deal.multiplier}" if h.deal.nagari_before else ""
        click.echo(f"{h.number:>3}  {h.deal.month.number:>2} {h.deal.month.flower_en[:7]:<7} "
                   f"{h.deal.dealer[:10]:<10} {(result + carry)[:11]:<11} "
                   + "".join(f"{h.net[p]:>+6d}({h.totals[p]:>+3d})"[-10:].rjust(10) for p in players))
    click.echo("Totals: " + ", ".join(f"{p} {led.totals[p]:+d} ({g.config.money(led.totals[p])} "
                                        f"{g.config.currency})" for p in players))
    if led.over:
        click.echo("The game is over. Standings:")
        for s in led.standings():
            click.echo(f"  {s.rank}. {s.player} {s.chips:+d}")
        for t in led.transfers():
            click.echo(f"  {t.payer} pays {t.payee} {t.chips} chips "
                       f"({g.config.money(t.chips)} {g.config.currency})")
    else:
        nxt = led.next
        carry = f", carry x{nxt.multiplier} ({nxt.nagari_before} nagari)" if nxt.nagari_before else ""
        players_note = f", players {', '.join(nxt.active)}" if nxt.active and g.config.gwangpalli else ""
        click.echo(f"Next: hand {nxt.number} ({nxt.month.number}), dealer {nxt.dealer}{carry}{players_note}")


def _replayed(ctx, g, version: int):
    """The stored game as it was at ``version``, rebuilt from its history alone."""
    from dataclasses import replace

    from .game import compute

    if not 1 <= version <= g.version:
        raise click.ClickException(f"version {version} does not exist; the game is at version {g.version}")
    config, entries = _run(_store(ctx).replay, g.id, version)
    return replace(g, version=version, config=config, entries=entries,
                   ledger=_run(compute, config, entries))


def ledger_json(g) -> dict:
    """A stored game's ledger as JSON (chips; money as decimal strings)."""
    led = g.ledger
    nxt = led.next
    return {
        "id": g.id, "version": g.version, "game": g.config.to_json(), "over": led.over,
        "hands": [{"number": h.number, "month": h.deal.month.number, "dealer": h.deal.dealer,
                   "nagari_before": h.deal.nagari_before, "winner": h.winner, "nagari": h.nagari,
                   "net": h.net, "totals": h.totals,
                   "round": h.round.to_json() if h.round else None} for h in led.hands],
        "totals": led.totals,
        "standings": [{"rank": s.rank, "player": s.player, "chips": s.chips, "money": str(s.money)}
                      for s in led.standings()],
        "transfers": [dict(t.to_json(), money=str(g.config.money(t.chips))) for t in led.transfers()],
        "next": None if nxt is None else {"number": nxt.number, "dealer": nxt.dealer,
                                          "nagari_before": nxt.nagari_before,
                                          "players": list(nxt.active) if nxt.active else None},
    }


def _version(ctx, game_id, version):
    return version if version is not None else _run(_store(ctx).load, game_id).version


@game.command("add")
@click.argument("game_id")
@click.argument("source", metavar="FILE")
@click.option("--version", type=int, help="the version you saw (default: the current one)")
@click.pass_context
def add(ctx, game_id, source, version):
    """Add the next hand from a JSON file (- for stdin). The game derives the
    dealer, the nagari carry and who sits out."""
    entry = _read_json(source)
    g = _run(_store(ctx).add_hand, game_id, entry, _version(ctx, game_id, version))
    h = g.ledger.hands[-1]
    click.echo(f"Hand {h.number} added (version {g.version}): "
               + ", ".join(f"{p} {v:+d}" if v else f"{p} 0" for p, v in h.net.items()))


@game.command("edit")
@click.argument("game_id")
@click.argument("number", type=int)
@click.argument("source", metavar="FILE")
@click.option("--version", type=int)
@click.pass_context
def edit(ctx, game_id, number, source, version):
    """Replace hand NUMBER; every later hand is recomputed."""
    entry = _read_json(source)
    g = _run(_store(ctx).edit_hand, game_id, number, entry, _version(ctx, game_id, version))
    click.echo(f"Hand {number} replaced (version {g.version}).")


@game.command("delete")
@click.argument("game_id")
@click.argument("number", type=int)
@click.option("--version", type=int)
@click.pass_context
def delete(ctx, game_id, number, version):
    """Delete hand NUMBER; every later hand is recomputed."""
    g = _run(_store(ctx).delete_hand, game_id, number, _version(ctx, game_id, version))
    click.echo(f"Hand {number} deleted (version {g.version}).")


@game.command("history")
@click.argument("game_id")
@click.pass_context
def history(ctx, game_id):
    """Every change made to the game, oldest first."""
    for ch in _run(_store(ctx).history, game_id):
        where = f" hand {ch['position']}" if ch["position"] else ""
        click.echo(f"v{ch['version']:<3} {ch['at']:%Y-%m-%d %H:%M:%S}  {ch['action']}{where}")


@game.command("export")
@click.argument("game_id")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="file (default: stdout)")
@click.pass_context
def export(ctx, game_id, output):
    """The game as JSON (config and every hand), for import elsewhere."""
    text = json.dumps(_run(_store(ctx).export_game, game_id), ensure_ascii=False, indent=2)
    if output:
        Path(output).write_text(text + "\n", encoding="utf-8")
        click.echo(f"Wrote {output}")
    else:
        click.echo(text)


@game.command("import")
@click.argument("source", metavar="FILE")
@click.option("--pin", help="a PIN for editing the imported game")
@click.pass_context
def import_(ctx, source, pin):
    """Create a new game from an export (new id and edit key)."""
    created = _run(_store(ctx).import_game, _read_json(source), pin)
    click.echo(f"Game {created.id} imported.")
    click.echo(f"  edit key: {created.edit_key}")


@game.command("pdf")
@click.argument("game_id")
@click.option("-o", "--output", type=click.Path(dir_okay=False), required=True)
@click.option("--hand", "number", type=int, help="a hand's receipt instead of the tally")
@click.pass_context
def pdf(ctx, game_id, output, number):
    """Write the game tally (or one hand's receipt) as an A4 PDF."""
    from .report import receipt_pdf, tally_pdf

    g = _run(_store(ctx).load, game_id)
    if number is not None:
        if not 1 <= number <= len(g.ledger.hands):
            raise click.ClickException(f"there is no hand {number}; the game has {len(g.ledger.hands)}")
        data = receipt_pdf(g.ledger, number, g.created_at, g.updated_at)
    else:
        data = tally_pdf(g.ledger, g.created_at, g.updated_at)
    Path(output).write_bytes(data)
    click.echo(f"Wrote {output} ({len(data)} bytes)")
