"""A kit for testing PersonaKit plugins, loaded by pytest as the `personakit` plugin.

Fixtures (available in any pytest run once PersonaKit is installed):

- `personakit_data_dir`: a throwaway data folder.
- `personakit_make_kit(*plugins, folder=None, environ=None)`: open a `PersonaKit` on
  `personakit_data_dir` with the default plugins and `plugins` registered (installed
  third-party plugins are left out unless `environ` says otherwise). Closed afterwards.
- `personakit_kit`: one such kit with the defaults alone.
- `personakit_client`: the official MCP client connected in-process to a server with
  PersonaKit's tools on `personakit_kit` (use in `async` tests with `@pytest.mark.anyio`).

Contract suites, to subclass in a test module (pytest collects the inherited tests):

- `StoreContract`: every storage backend passes it. Provide `open_store(self, where)`, which
  opens a store on the data kept at `where` (a fresh temporary folder per test); it is called
  more than once to get several stores on the same data, as several processes would.
- `RedactionContract`: every redaction hook keeps the invariants. Provide `plugin` and
  `samples`, texts your hook masks something in.
- `RankingContract`: every ranking hook keeps the ranking contract. Provide `plugin`.
- `RefusalContract`: every refusal hook keeps the propose contract's refusals. Provide `plugin`,
  `refused` (proposals it must refuse) and `allowed` (ordinary sentences it must let through),
  each a string or a `(text, quote)` pair.
"""

from personakit_plugin.testing.fixtures import (
    Clock,
    personakit_client,
    personakit_data_dir,
    personakit_kit,
    personakit_make_kit,
)
from personakit_plugin.testing.hook_contracts import RankingContract, RedactionContract, RefusalContract
from personakit_plugin.testing.store_contract import StoreContract

__all__ = [
    "Clock",
    "RankingContract",
    "RedactionContract",
    "RefusalContract",
    "StoreContract",
    "personakit_client",
    "personakit_data_dir",
    "personakit_kit",
    "personakit_make_kit",
]
