"""Games persisted with SQLAlchemy: SQLite by default, PostgreSQL by URL.

Every change is one transaction: the game is left as it was before or as it is
after, never half-written. Every change names the version it was made
against; a change made against an old version raises ConflictError (two phones
editing at once never lose an update). Units: chips, as in calculator.game.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Mapping

from sqlalchemy import create_engine, delete, event, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

from ..errors import Problem
from ..game import GameConfig, GameError, Ledger, compute
from .models import Base, ChangeRow, GameRow, HandRow, utcnow

EXPORT_FORMAT = "gostop-game"
MAX_ENTRY_BYTES = 64 * 1024
PIN_DIGITS = (4, 12)


class StorageError(Exception):
    """Base class of storage errors (all carry a readable message)."""


class GameNotFound(StorageError, LookupError):
    def __init__(self, game_id: str):
        super().__init__(f"no game {game_id!r}")


class ConflictError(StorageError):
    """The game changed since the caller loaded it (``expected`` vs ``current``)."""

    def __init__(self, expected: int, current: int):
        self.expected, self.current = expected, current
        super().__init__(f"the game was changed by someone else (you had version {expected}, "
                         f"it is now {current}); reload it and make your change again")


def new_token(nbytes: int) -> str:
    """An unguessable URL-safe token that never starts with ``-`` or ``_``, so it
    cannot be mistaken for a command-line option (``gostop game add -x…``)."""
    while True:
        token = secrets.token_urlsafe(nbytes)
        if token[0].isalnum():
            return token


@dataclass(frozen=True)
class StoredGame:
    """A game as loaded: its id, version, config, entries, timestamps, and the
    derived ledger (``calculator.game.Ledger``)."""

    id: str
    version: int
    config: GameConfig
    entries: list[dict]
    created_at: datetime
    updated_at: datetime
    ledger: Ledger
    has_pin: bool = False


@dataclass(frozen=True)
class Created:
    """A new game: ``id`` (the spectator link) and ``edit_key`` (shown once)."""

    id: str
    edit_key: str
    version: int


def default_url(instance_path: str | os.PathLike | None = None) -> str:
    """``DATABASE_URL`` (or ``GOSTOP_DATABASE_URL``) if set, else a SQLite file
    ``gostop.sqlite3`` in the web app's instance folder (``GOSTOP_INSTANCE_PATH``
    or Flask's default), created if needed."""
    url = os.environ.get("DATABASE_URL") or os.environ.get("GOSTOP_DATABASE_URL")
    if url:
        return url
    if instance_path is None and os.environ.get("GOSTOP_INSTANCE_PATH"):
        instance_path = os.environ["GOSTOP_INSTANCE_PATH"]
    if instance_path is None:
        from flask import Flask  # the same instance folder the web app uses

        instance_path = Flask("calculator").instance_path
    Path(instance_path).mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{Path(instance_path) / 'gostop.sqlite3'}"


def normalise_url(url: str) -> str:
    """Use psycopg 3 for plain ``postgres://`` / ``postgresql://`` URLs."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def make_engine(url: str) -> Engine:
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30})

        @event.listens_for(engine, "connect")
        def _connect(dbapi_conn, _record):  # pragma: no cover - driver detail
            dbapi_conn.isolation_level = None  # we issue BEGIN ourselves
            dbapi_conn.execute("PRAGMA foreign_keys=ON")

        @event.listens_for(engine, "begin")
        def _begin(conn):  # writers queue up instead of failing half-way
            conn.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    return create_engine(url, pool_pre_ping=True)


def _hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _hash_pin(pin: str, salt: bytes | None = None) -> str:
    salt = salt or secrets.token_bytes(16)
    digest = hashlib.scrypt(pin.encode(), salt=salt, n=2**14, r=8, p=1)
    return f"scrypt${salt.hex()}${digest.hex()}"


def _check_entry_size(entry: Any, field: str) -> None:
    try:
        size = len(json.dumps(entry))
    except (TypeError, ValueError):
        raise GameError([Problem(field, "bad-json", "the hand is not plain JSON")]) from None
    if size > MAX_ENTRY_BYTES:
        raise GameError([Problem(field, "too-large",
                                 f"the hand is {size} bytes; at most {MAX_ENTRY_BYTES} are accepted")])


class Store:
    """The game store. ``Store(url)`` creates the tables if missing."""

    def __init__(self, url: str | None = None, *, engine: Engine | None = None):
        self.engine = engine or make_engine(url or default_url())
        Base.metadata.create_all(self.engine)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()

    # -- reading ------------------------------------------------------------
    def load(self, game_id: str) -> StoredGame:
        """The game with its derived ledger. Raises GameNotFound."""
        with self.sessions() as s:
            row = s.get(GameRow, game_id) if isinstance(game_id, str) else None
            if row is None:
                raise GameNotFound(game_id)
            hands = s.scalars(select(HandRow).where(HandRow.game_id == game_id)
                              .order_by(HandRow.position)).all()
            return self._stored(row, [h.entry for h in hands])

    def _stored(self, row: GameRow, entries: list[dict]) -> StoredGame:
        config = GameConfig.from_json(row.config)
        return StoredGame(row.id, row.version, config, entries, row.created_at, row.updated_at,
                          compute(config, entries), row.pin_hash is not None)

    def list_games(self) -> list[dict]:
        """Every game (id, name, version, hands, updated_at): for the local CLI only."""
        with self.sessions() as s:
            rows = s.execute(select(GameRow.id, GameRow.name, GameRow.version, GameRow.updated_at)
                             .order_by(GameRow.updated_at.desc())).all()
            counts = self._counts(s)
        return [{"id": r.id, "name": r.name, "version": r.version, "hands": counts.get(r.id, 0),
                 "updated_at": r.updated_at} for r in rows]

    @staticmethod
    def _counts(s: Session) -> dict[str, int]:
        from sqlalchemy import func

        return dict(s.execute(select(HandRow.game_id, func.count()).group_by(HandRow.game_id)).all())

    def history(self, game_id: str) -> list[dict]:
        """Every change, oldest first: version, action, position, before, after, at."""
        with self.sessions() as s:
            if s.get(GameRow, game_id) is None:
                raise GameNotFound(game_id)
            rows = s.scalars(select(ChangeRow).where(ChangeRow.game_id == game_id)
                             .order_by(ChangeRow.version)).all()
            return [{"version": r.version, "action": r.action, "position": r.position,
                     "before": r.before, "after": r.after, "at": r.at} for r in rows]

    def replay(self, game_id: str, version: int) -> tuple[GameConfig, list[dict]]:
        """The game's config and entries as they were at ``version``, rebuilt
        from the history alone (to settle a dispute)."""
        config, entries = None, []
        for ch in self.history(game_id):
            if ch["version"] > version:
                break
            if ch["action"] in ("create", "import"):
                config = GameConfig.from_json(ch["after"]["game"])
                entries = list(ch["after"].get("hands", []))
            elif ch["action"] == "add":
                entries.append(ch["after"])
            elif ch["action"] == "edit":
                entries[ch["position"] - 1] = ch["after"]
            elif ch["action"] == "delete":
                del entries[ch["position"] - 1]
        if config is None:
            raise GameNotFound(game_id)
        return config, entries

    # -- access -------------------------------------------------------------
    def can_edit(self, game_id: str, secret: str | None) -> bool:
        """True when ``secret`` is the game's edit key, or its PIN."""
        if not secret or not isinstance(secret, str) or len(secret) > 200:
            return False
        with self.sessions() as s:
            row = s.get(GameRow, game_id)
            if row is None:
                return False
            if hmac.compare_digest(row.edit_key_hash, _hash_key(secret)):
                return True
            if row.pin_hash and secret.isdigit():
                _, salt, _digest = row.pin_hash.split("$")
                return hmac.compare_digest(row.pin_hash, _hash_pin(secret, bytes.fromhex(salt)))
        return False

    # -- changing -----------------------------------------------------------
    def create_game(self, game: Mapping[str, Any], pin: str | None = None,
                    hands: list[dict] | None = None, action: str = "create") -> Created:
        """Store a new game (validated with GameConfig.from_json; ``hands``
        when importing). Returns its id and the edit key. Raises GameError."""
        config = GameConfig.from_json(game)
        entries = [dict(e) for e in hands or []]
        for i, e in enumerate(entries):
            _check_entry_size(e, f"hands[{i + 1}]")
        ledger = compute(config, entries)
        if pin is not None and (not str(pin).isdigit() or not PIN_DIGITS[0] <= len(str(pin)) <= PIN_DIGITS[1]):
            raise GameError([Problem("pin", "bad-pin", "a PIN is 4 to 12 digits")])
        game_id, key = new_token(16), new_token(24)
        with self.sessions.begin() as s:
            s.add(GameRow(id=game_id, name=config.name, config=config.to_json(), version=1,
                          edit_key_hash=_hash_key(key),
                          pin_hash=_hash_pin(str(pin)) if pin is not None else None))
            s.flush()
            self._write_hands(s, game_id, ledger, 0)
            s.add(ChangeRow(game_id=game_id, version=1, action=action,
                            after={"game": config.to_json(), "hands": entries}))
        return Created(game_id, key, 1)

    def add_hand(self, game_id: str, entry: Mapping[str, Any], expected_version: int) -> StoredGame:
        """Append a hand. Raises GameError (nothing stored), ConflictError, GameNotFound."""
        return self._change(game_id, expected_version, "add", None, dict(entry))

    def edit_hand(self, game_id: str, number: int, entry: Mapping[str, Any],
                  expected_version: int) -> StoredGame:
        """Replace hand ``number`` (1-based); every later hand is recomputed."""
        return self._change(game_id, expected_version, "edit", number, dict(entry))

    def delete_hand(self, game_id: str, number: int, expected_version: int) -> StoredGame:
        """Delete hand ``number``; every later hand is recomputed (dealer, carry)."""
        return self._change(game_id, expected_version, "delete", number, None)

    def _change(self, game_id: str, expected: int, action: str, number: int | None,
                entry: dict | None) -> StoredGame:
        if entry is not None:
            _check_entry_size(entry, "hand")
        with self.sessions.begin() as s:
            row = s.get(GameRow, game_id)
            if row is None:
                raise GameNotFound(game_id)
            if row.version != expected:
                raise ConflictError(expected, row.version)
            hands = s.scalars(select(HandRow).where(HandRow.game_id == game_id)
                              .order_by(HandRow.position)).all()
            entries = [h.entry for h in hands]
            before = None
            if number is not None:
                if not 1 <= number <= len(entries):
                    raise GameError([Problem("hand", "no-such-hand",
                                             f"there is no hand {number}; the game has {len(entries)}")])
                before = entries[number - 1]
            if action == "add":
                entries.append(entry)
                start = len(entries) - 1
            elif action == "edit":
                entries[number - 1] = entry
                start = number - 1
            else:
                del entries[number - 1]
                start = number - 1
            config = GameConfig.from_json(row.config)
            ledger = compute(config, entries)  # raises GameError before anything is written
            new_version = expected + 1
            now = utcnow()
            done = s.execute(update(GameRow).where(GameRow.id == game_id, GameRow.version == expected)
                             .values(version=new_version, updated_at=now)
                             .execution_options(synchronize_session=False))
            if done.rowcount != 1:
                raise ConflictError(expected, self._version(game_id))
            s.execute(delete(HandRow).where(HandRow.game_id == game_id, HandRow.position > start))
            self._write_hands(s, game_id, ledger, start)
            s.add(ChangeRow(game_id=game_id, version=new_version, action=action,
                            position=number if number is not None else len(entries),
                            before=before, after=entry, at=now))
        return StoredGame(game_id, new_version, config, entries, row.created_at, now, ledger,
                          row.pin_hash is not None)

    def _version(self, game_id: str) -> int:
        with self.sessions() as s:
            return s.scalar(select(GameRow.version).where(GameRow.id == game_id)) or 0

    def _write_hands(self, s: Session, game_id: str, ledger: Ledger, start: int) -> None:
        """Insert the hand rows from index ``start`` on (a seam for durability tests)."""
        for h in ledger.hands[start:]:
            s.add(HandRow(game_id=game_id, position=h.number, entry=dict(h.entry),
                          hand=h.hand, settlement=h.settlement))
        s.flush()

    # -- export / import ----------------------------------------------------
    def export_game(self, game_id: str) -> dict:
        """The game as JSON: ``{"format", "version", "game", "hands", "created_at"}``."""
        g = self.load(game_id)
        return {"format": EXPORT_FORMAT, "version": 1, "game": g.config.to_json(),
                "hands": g.entries, "created_at": g.created_at.isoformat()}

    def import_game(self, data: Mapping[str, Any], pin: str | None = None) -> Created:
        """A new game (new id and edit key) from ``export_game`` JSON. Raises GameError."""
        if not isinstance(data, Mapping) or data.get("format") != EXPORT_FORMAT:
            raise GameError([Problem("format", "bad-format",
                                     f"not a game export (format must be {EXPORT_FORMAT!r})")])
        hands = data.get("hands", [])
        if not isinstance(hands, list):
            raise GameError([Problem("hands", "bad-type", "hands: a list of hand entries")])
        return self.create_game(data.get("game") or {}, pin=pin, hands=hands, action="import")
