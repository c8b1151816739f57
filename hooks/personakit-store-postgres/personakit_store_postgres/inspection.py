"""What the PostgreSQL store says of itself for `personakit doctor` and `stats` (`Describes`), read in one
read-only transaction: nothing is written, and the schema may be missing, another program's or newer.

PostgreSQL checks its own pages (with data checksums, when the cluster has them); `integrity` checks
what PersonaKit's rows must hold together: every table the schema version has can be read, and no
quote, alias or replaced text names a memory that is not there.
"""

from __future__ import annotations

from typing import Any

import msgspec
import psycopg
from personakit_plugin.backend import Description
from psycopg import sql

from .schema import SCHEMA_VERSION, own_tables

COUNTED = ("memories", "quotes", "decisions", "aliases", "previous_texts")
"""The tables whose rows `describe` counts, in the order the owner reads them."""
_ORPHANS = {
    "quotes": "quotes belong to no memory",
    "aliases": "aliases name no memory",
    "previous_texts": "replaced texts belong to no memory",
}


def _tables(cur: psycopg.Cursor[Any], schema: str) -> set[str]:
    found = cur.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = %s", (schema,))
    return {name for (name,) in found}


def _version(cur: psycopg.Cursor[Any], schema: str) -> int:
    row = cur.execute(sql.SQL("SELECT version FROM {}.schema_version").format(sql.Identifier(schema))).fetchone()
    return int(row[0]) if row else 0


def describe(cur: psycopg.Cursor[Any], schema: str, location: str) -> Description:
    """The schema `schema` as `Describes.describe` says it, on a cursor inside a read-only transaction."""
    said = Description(
        backend="PostgreSQL", location=location, exists=False, own=False, schema=0, schema_known=SCHEMA_VERSION
    )
    tables = _tables(cur, schema)
    if not tables:
        return said  # created on first use
    if "schema_version" not in tables:
        return msgspec.structs.replace(said, exists=True)  # another program's schema
    version = _version(cur, schema)
    own = version > 0 and tables >= own_tables(min(version, SCHEMA_VERSION))
    name = sql.Identifier(schema)
    counts: dict[str, int] = {}
    if own:
        for table in COUNTED:
            if table in tables:
                query = sql.SQL("SELECT count(*) FROM {}.{}").format(name, sql.Identifier(table))
                counts[table] = int(cur.execute(query).fetchone()[0])  # type: ignore[index]
    sizes = {
        table: int(size)
        for table, size in cur.execute(
            "SELECT c.relname, pg_total_relation_size(c.oid) FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = %s AND c.relkind = 'r' ORDER BY 1",
            (schema,),
        )
    }
    unfinished = False
    if own and "erasures" in tables:
        query = sql.SQL("SELECT EXISTS (SELECT 1 FROM {}.erasures)").format(name)
        unfinished = bool(cur.execute(query).fetchone()[0])  # type: ignore[index]
    return msgspec.structs.replace(
        said, exists=True, own=own, schema=version, sizes=sizes, counts=counts, erasure_unfinished=unfinished
    )


def integrity(cur: psycopg.Cursor[Any], schema: str) -> list[str]:
    """The problems `Describes.integrity` finds in the schema `schema` (none when it is missing or
    not PersonaKit's: `describe` says so), on a cursor inside a read-only transaction."""
    tables = _tables(cur, schema)
    if "schema_version" not in tables:
        return []
    version = min(_version(cur, schema), SCHEMA_VERSION)
    name = sql.Identifier(schema)
    problems = [f"the table {table} is missing" for table in sorted(own_tables(version) - tables)]
    for table in sorted(own_tables(version) & tables):
        try:
            cur.execute(sql.SQL("SELECT 1 FROM {}.{} LIMIT 1").format(name, sql.Identifier(table))).fetchall()
        except psycopg.Error as exc:
            return [*problems, f"the table {table} cannot be read ({type(exc).__name__})"]
    for table, said in _ORPHANS.items():
        if table not in tables or "memories" not in tables:
            continue
        query = sql.SQL(
            "SELECT count(*) FROM {schema}.{table} t WHERE NOT EXISTS "
            "(SELECT 1 FROM {schema}.memories m WHERE m.id = t.memory_id)"
        ).format(schema=name, table=sql.Identifier(table))
        count = int(cur.execute(query).fetchone()[0])  # type: ignore[index]
        if count:
            problems.append(f"{count:,} {said}")
    return problems
