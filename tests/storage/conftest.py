"""Storage tests run on SQLite always, and on a real PostgreSQL server when
TEST_DATABASE_URL is set (scripts/postgres.sh starts one); otherwise those skip."""

import os

import pytest

from calculator.storage import Store
from calculator.storage.models import Base


def _pg_url():
    return os.environ.get("TEST_DATABASE_URL") or os.environ.get("GOSTOP_TEST_POSTGRES")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'games.sqlite3'}"
        return
    url = _pg_url()
    if not url:
        pytest.skip("no PostgreSQL: set TEST_DATABASE_URL (see scripts/postgres.sh)")
    store = Store(url)
    Base.metadata.drop_all(store.engine)
    store.close()
    yield url
    store = Store(url)
    Base.metadata.drop_all(store.engine)
    store.close()


@pytest.fixture
def store(db_url):
    s = Store(db_url)
    yield s
    s.close()


GAME = {"name": "설날 Seollal", "players": ["Ana", "Bo", "Chul"], "rules": "pagat",
        "first_dealer": "Ana", "length": {"hands": 12}, "chip_value": "100", "currency": "KRW"}
