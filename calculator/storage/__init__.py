"""Games persisted with SQLAlchemy (SQLite file by default, PostgreSQL when
``DATABASE_URL`` is set). See ``Store``."""

from .store import (ConflictError, Created, GameNotFound, StorageError, Store, StoredGame,
                    default_url, make_engine, normalise_url)

__all__ = ["ConflictError", "Created", "GameNotFound", "StorageError", "Store", "StoredGame",
           "default_url", "make_engine", "normalise_url"]
