"""The ``gostop`` command (Click).

- ``gostop score FILE`` (``-`` for stdin): explains a hand's settlement;
  ``--json`` prints the settlement JSON. Exit 0, or 2 on invalid input with
  every problem listed (``{"errors": [...]}`` with ``--json``).
- ``gostop rules [NAME]``: the presets, or one preset's options and values.
- ``gostop serve``: the web app on an embedded SQLite database.

Scoring never imports Flask, SQLAlchemy or WeasyPrint: the web app is
imported only by ``serve``.
"""

from __future__ import annotations

import importlib
import json
import sys

import click

from . import score as score_hand
from .errors import InvalidHandError, InvalidRulesError
from .explain import explain
from .rules import PRESETS, SPECS, get_preset

MAX_INPUT = 1_000_000  # characters


class LazyGroup(click.Group):
    """A group whose heavy subcommands (the ledger) are imported only when used,
    so ``gostop score`` starts fast and never loads SQLAlchemy or WeasyPrint."""

    lazy = {"game": "calculator.cli_game:game"}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.lazy])

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy:
            module, attr = self.lazy[name].split(":")
            return getattr(importlib.import_module(module), attr)
        return super().get_command(ctx, name)


@click.group(cls=LazyGroup)
@click.version_option(package_name="gostop-calculator")
def main() -> None:
    """Go-Stop (고스톱) score and payment calculator."""


def _fail(problems: list[dict], as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps({"errors": problems}, ensure_ascii=False, indent=2))
    else:
        click.echo(f"Invalid hand: {len(problems)} problem(s)", err=True)
        for p in problems:
            click.echo(f"  {p['field'] or '(hand)'}: {p['message']} [{p['code']}]", err=True)
    sys.exit(2)


@main.command()
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option("--json", "as_json", is_flag=True, help="Print the settlement JSON.")
def score(file, as_json: bool) -> None:
    """Score one hand from FILE (hand JSON; - reads stdin) and explain who pays whom."""
    text = file.read(MAX_INPUT + 1)
    if len(text) > MAX_INPUT:
        _fail([{"field": "", "code": "too-large", "message": "the hand file is over 1 MB"}], as_json)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        _fail([{"field": "", "code": "malformed-json",
                "message": f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"}], as_json)
    try:
        result = score_hand(data)
    except InvalidHandError as exc:
        _fail(exc.to_json()["errors"], as_json)
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        click.echo("\n".join(explain(result)))


@main.command()
@click.argument("name", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the options as JSON.")
def rules(name: str | None, as_json: bool) -> None:
    """List the presets, or show every option of preset NAME with its value."""
    if name is None:
        for preset in PRESETS:
            click.echo(preset)
        return
    try:
        ruleset = get_preset(name)
    except InvalidRulesError as exc:
        click.echo(str(exc), err=True)
        sys.exit(2)
    values = ruleset.to_json()
    if as_json:
        click.echo(json.dumps(values, ensure_ascii=False, indent=2))
        return
    click.echo(f"preset {values.pop('name')}")
    for option, value in values.items():
        help_text = SPECS[option].help_en if option in SPECS else ""
        click.echo(f"  {option:24} {json.dumps(value):28} {help_text}")


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=5000, show_default=True, type=int)
def serve(host: str, port: int) -> None:
    """Run the web app (embedded SQLite database in the instance folder)."""
    from .web import serve as run_server

    run_server(host=host, port=port)
