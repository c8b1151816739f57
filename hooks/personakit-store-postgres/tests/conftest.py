"""Fixtures giving tests a real PostgreSQL server.

- `postgres_cluster` (session): the server. A throwaway cluster started for the session (see
  `personakit_store_postgres.throwaway`), or, when `PERSONAKIT_TEST_POSTGRES_URL` is set, the
  existing server at that URL (whose user must be allowed to create databases). Tests that need it
  are skipped when PostgreSQL cannot be had here.
- `postgres_url` (function): the URL of a fresh, empty database on that server, dropped afterwards.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from psycopg.conninfo import conninfo_to_dict

from personakit_store_postgres import throwaway

URL_VARIABLE = "PERSONAKIT_TEST_POSTGRES_URL"


class ExternalServer(throwaway.Server):
    """An existing PostgreSQL server named by `PERSONAKIT_TEST_POSTGRES_URL`, which we neither own nor stop.

    It has the `url`, `database_url`, `create_database` and `drop_database` of a throwaway
    `Cluster`, but no `data` folder and no `stop()`.
    """


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[throwaway.Server]:
    url = os.environ.get(URL_VARIABLE)
    if url:
        yield ExternalServer(url)
        return
    try:
        cluster = throwaway.start()
    except throwaway.Unavailable as reason:
        pytest.skip(f"PostgreSQL is not available here: {reason}")
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def postgres_url(postgres_cluster: throwaway.Server) -> Iterator[str]:
    url = postgres_cluster.create_database()
    name = conninfo_to_dict(url)["dbname"]
    assert isinstance(name, str)
    try:
        yield url
    finally:
        # DROP DATABASE ... WITH (FORCE): connections a store's pool left open do not block it.
        postgres_cluster.drop_database(name)
