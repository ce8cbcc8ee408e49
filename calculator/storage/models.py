"""Tables of the game ledger (SQLAlchemy 2.0 declarative).

``games``: one row per game, with its config JSON and a ``version`` that every
change increments (optimistic concurrency). ``hands``: the entry people made and,
as recorded at the time, the hand JSON and settlement JSON. ``changes``: every
change ever made (create, add, edit, delete, import) with the entry before and
after, so a dispute can be replayed.
"""

from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "gostop_games"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    config: Mapped[dict] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=1)
    edit_key_hash: Mapped[str] = mapped_column(String(64))
    pin_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class HandRow(Base):
    __tablename__ = "gostop_hands"
    __table_args__ = (UniqueConstraint("game_id", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("gostop_games.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)  # 1-based hand number
    entry: Mapped[dict] = mapped_column(JSON)
    hand: Mapped[dict] = mapped_column(JSON)
    settlement: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChangeRow(Base):
    __tablename__ = "gostop_changes"
    __table_args__ = (UniqueConstraint("game_id", "version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("gostop_games.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)  # the game's version after this change
    action: Mapped[str] = mapped_column(String(16))  # create add edit delete import
    position: Mapped[int | None] = mapped_column(Integer, nullable=True)
    before: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    after: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
