"""The PostgreSQL store passes the store contract suite every backend must pass, unchanged, and skips none
of it: it has every capability the suite checks."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from personakit_plugin.backend import (
    Describes,
    FindsIdPrefixes,
    Follows,
    IndexesAsShown,
    KeepsDerived,
    KeepsIdSecret,
    KnowsProposers,
    Outlines,
    RanksInStore,
    ReadsMany,
    RemembersShown,
    Retires,
)
from personakit_plugin.testing import StoreContract

from personakit_store_postgres import PostgresStore


def schema_for(where: Path) -> str:
    """One schema per folder the suite names, so each `where` is a store of its own in the test's database."""
    return "pk_" + hashlib.sha256(str(where).encode()).hexdigest()[:16]


class TestPostgresStore(StoreContract):
    @pytest.fixture(autouse=True)
    def database(self, postgres_url: str) -> None:
        self.url = postgres_url

    def open_store(self, where: Path) -> PostgresStore:
        return PostgresStore.open(self.url, schema=schema_for(where))


@pytest.mark.parametrize(
    "capability",
    [
        Describes,
        FindsIdPrefixes,
        Follows,
        IndexesAsShown,
        KeepsDerived,
        KeepsIdSecret,
        KnowsProposers,
        Outlines,
        RanksInStore,
        ReadsMany,
        RemembersShown,
        Retires,
    ],
    ids=lambda capability: capability.__name__,
)
def test_the_store_has_every_capability_the_contract_would_otherwise_skip(capability: type) -> None:
    assert issubclass(PostgresStore, capability)
